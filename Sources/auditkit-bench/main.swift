// Runs the benchmarks named on the command line (all when none is named): `auditkit-bench history`.
let areas = Set(CommandLine.arguments.dropFirst())
func wants(_ area: String) -> Bool { areas.isEmpty || areas.contains(area) }

do {
    if wants("history") { try runHistoryBenchmark() }
} catch {
    print("auditkit-bench: error: \(error)")
}
