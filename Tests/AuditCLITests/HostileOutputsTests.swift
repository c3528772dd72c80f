import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// Runs `script` with `/bin/sh -c`, the built tool as `$AUDITKIT`, in `folder`; returns its status
/// and what it printed.
func runShell(_ script: String, in folder: String) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    var environment = ProcessInfo.processInfo.environment
    environment["AUDITKIT"] = auditkitExecutablePath()
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return (
        process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self)
    )
}

/// Outputs that are not regular files and outputs past the system's limits (issue 29, items 3 and 9).
@Suite struct HostileOutputsTests {
    @Test func summaryToDevStdoutReachesAPipe() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let report = try writeSampleReport(in: folder, seed: 23, name: "AuditReport_2026-02-01_10-00-00.html")
        let result = try runTool(["summary", report, "-o", "/dev/stdout"], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("# Accessibility Summary\n"))
    }

    @Test func summaryToDevNullLeavesTheDeviceInPlace() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let report = try writeSampleReport(in: folder, seed: 23, name: "AuditReport_2026-02-01_10-00-00.html")
        let result = try runTool(["summary", report, "-o", "/dev/null"], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
    }

    @Test func aWritePastTheFileSizeLimitFailsWithAMessageAndStatus73() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let report = try writeSampleReport(in: folder, seed: 23, name: "AuditReport_2026-02-01_10-00-00.html")
        // One 512-byte block (dash) or 1 KiB (bash): less than the summary.
        let result = try runShell(#"ulimit -f 1; exec "$AUDITKIT" summary "\#(report)" -o big.md"#, in: folder.path)
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("big.md: error: cannot write the file"))
        #expect(result.stderr.contains("too large"))
    }

    @Test func anOutputNameOf250BytesIsWritten() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let report = try writeSampleReport(in: folder, seed: 23, name: "AuditReport_2026-02-01_10-00-00.html")
        let name = String(repeating: "s", count: 247) + ".md"
        let result = try runTool(["summary", report, "-o", name], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.file(name)))
    }
}
