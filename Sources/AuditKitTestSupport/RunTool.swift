import Foundation

/// What one run of the built `auditkit` executable printed and returned.
public struct ToolResult: Sendable {
    /// Exit status.
    public var status: Int32
    /// Everything written to stdout.
    public var stdout: String
    /// Everything written to stderr.
    public var stderr: String
}

/// The path of the built `auditkit` executable, found beside the test bundle in the build folder;
/// `AUDITKIT_TEST_EXECUTABLE` names another build to run the end-to-end tests against (an earlier
/// commit's, to show that a new test fails there).
public func auditkitExecutablePath() -> String {
    if let other = ProcessInfo.processInfo.environment["AUDITKIT_TEST_EXECUTABLE"], !other.isEmpty { return other }
    var url = Bundle.main.bundleURL
    for _ in 0..<4 {
        let candidate = url.appendingPathComponent("auditkit").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        url = url.deletingLastPathComponent()
    }
    // `swift test` runs the test binary from the build products folder.
    let argv0 = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return argv0.appendingPathComponent("auditkit").path
}

/// Runs the built `auditkit` with `arguments` in `directory` (without one, in a fresh empty folder removed
/// afterwards), with `environment` added to (and `NO_COLOR` set in) the current one, and returns what it
/// printed. The system's temporary folder is a ceiling (`GIT_CEILING_DIRECTORIES`): a run in a test's
/// temporary folder finds no project, history or configuration above it, whatever the machine holds.
public func runTool(
    _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
    stdin: Data? = nil
) throws -> ToolResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: auditkitExecutablePath())
    process.arguments = arguments
    let empty = directory == nil ? try TemporaryDirectory(prefix: "auditkit-run") : nil
    defer { empty?.remove() }
    process.currentDirectoryURL = URL(fileURLWithPath: directory ?? empty?.path ?? ".")
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    env["GIT_CEILING_DIRECTORIES"] = TemporaryDirectory.ceiling
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let outPipe = Pipe()
    let errPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    let inPipe = Pipe()
    process.standardInput = inPipe
    try process.run()
    if let stdin { inPipe.fileHandleForWriting.write(stdin) }
    try? inPipe.fileHandleForWriting.close()
    // Read both pipes concurrently so a large output cannot block the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var errData = Data()
    group.enter()
    DispatchQueue.global().async {
        errData = errPipe.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let outData = outPipe.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return ToolResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}
