import AuditKit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One finished process: wall seconds, user and system CPU seconds, peak resident set in bytes.
struct ProcessFigures {
    var wall: Double
    var user: Double
    var system: Double
    var peak: Double
    var status: Int32
}

/// Runs `argv` in `directory` with stdout and stderr to /dev/null and returns its figures (`wait4`).
func measureProcess(_ argv: [String], in directory: String) throws -> ProcessFigures {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let previous = FileManager.default.currentDirectoryPath
    guard FileManager.default.changeCurrentDirectoryPath(directory) else {
        throw AuditError(.internalError, "cannot enter \(directory)")
    }
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    let cArguments = argv.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    let spawned = posix_spawnp(&pid, argv[0], &actions, nil, cArguments, environ)
    guard spawned == 0 else {
        throw AuditError(.internalError, "cannot start \(argv[0])", cause: String(cString: strerror(spawned)))
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
    let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    #if os(Linux)
        let peak = Double(usage.ru_maxrss) * 1024
    #else
        let peak = Double(usage.ru_maxrss)
    #endif
    return ProcessFigures(
        wall: wall, user: seconds(usage.ru_utime), system: seconds(usage.ru_stime), peak: peak,
        status: (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
}

/// This executable, as an absolute path.
func benchPath() -> String {
    CommandLine.arguments[0].hasPrefix("/")
        ? CommandLine.arguments[0] : FileManager.default.currentDirectoryPath + "/" + CommandLine.arguments[0]
}

/// `measureProcess` run from a small process (`auditkit-bench measure-child`) rather than from the
/// benchmark: Linux counts the memory of the process that spawns a child into the child's peak
/// (`exec` keeps the high-water mark of the memory the child starts with, and `posix_spawn` starts it
/// in its parent's), so a child spawned straight from a benchmark that has just built or drawn a
/// report itself showed the benchmark's peak (the 2,000-issue `ingest`: 136-139 MiB, against
/// 106-108 MiB for `ingest` alone under `/usr/bin/time`).
func measureInSmallProcess(_ argv: [String], in directory: String) throws -> ProcessFigures {
    let result = NSTemporaryDirectory() + "/auditkit-bench-\(getpid())-child.txt"
    defer { try? FileManager.default.removeItem(atPath: result) }
    let runner = try measureProcess([benchPath(), "measure-child", result] + argv, in: directory)
    let figures = try String(contentsOfFile: result, encoding: .utf8).split(separator: " ").compactMap {
        Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    guard runner.status == 0, figures.count == 5 else {
        throw AuditError(.internalError, "no figures from measure-child for \(argv.joined(separator: " "))")
    }
    return ProcessFigures(
        wall: figures[0], user: figures[2], system: figures[3], peak: figures[1], status: Int32(figures[4]))
}

/// `auditkit-bench measure-child RESULT TOOL ARG...`: runs TOOL with ARGs in the working folder (output
/// discarded) and writes its wall seconds, peak resident bytes, user and system seconds and exit
/// status to RESULT (see `measureInSmallProcess`).
func measureChild(_ arguments: [String]) throws {
    guard arguments.count >= 2 else {
        throw AuditError(.usage, "usage: auditkit-bench measure-child RESULT TOOL [ARG...]")
    }
    let figures = try measureProcess(Array(arguments.dropFirst()), in: FileManager.default.currentDirectoryPath)
    try Data(
        "\(figures.wall) \(figures.peak) \(figures.user) \(figures.system) \(figures.status)\n".utf8
    ).write(to: URL(fileURLWithPath: arguments[0]))
}
