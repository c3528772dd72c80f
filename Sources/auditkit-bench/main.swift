print("auditkit-bench: no benchmarks yet")
if CommandLine.arguments.count < 2 || CommandLine.arguments.dropFirst().contains("imaging") { runImagingBenchmark() }
