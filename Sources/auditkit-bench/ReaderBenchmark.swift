import AuditKit
import AuditKitTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The report reader's benchmark: `auditkit-bench reader`.
///
/// For synthetic reports of 12, 150, 2000 (about 9 MB) and 6000 (about 27 MB) issues it measures, each
/// in a fresh child process so peak memory is per case (the child resets its peak resident set with
/// `/proc/self/clear_refs` before each run and reads VmHWM after it, minus its resident set at the reset;
/// getrusage's ru_maxrss cannot be reset and stays 0 in some sandboxes):
/// - floor: reading the file and base64-decoding every image's bytes in place (the ranges were found
///   beforehand by the parent), single-threaded;
/// - read: locating, parsing, decoding every image and reading every JPEG header, as `sheet`, `overlay`
///   and `extract` read (`computeDigest: false`), with the default parallelism and on one core
///   (`parallel: false`); this is the reading the target is about;
/// - +digest: the same plus the file's SHA-256 on a second thread, as `log`, `history` and `check` read
///   (the report's identity; hashing 9 MB costs about twice the floor on its own).
/// Times are the best of several runs, as wall time and as the process's CPU time (which other programs
/// /// on a busy machine disturb less; for parallel runs it adds up both threads). Target: read ≤ 2× floor on
/// the 2000-issue report, peak memory under 3× the file size.
///
/// Then an automated audit of one issue followed by 2,000,000 zeros (4 MB), items the reader skips: read
/// against the floor of reading the file's bytes, so its time and memory show that skipped items cost
/// nothing per item (issue 62; before, the tape of every item cost about 30 times the file).
func runReaderBenchmark(arguments: [String]) throws {
    if arguments.first == "child" {
        try readerBenchmarkChild(Array(arguments.dropFirst()))
        return
    }
    let directory = NSTemporaryDirectory() + "/auditkit-bench-reader-\(getpid())"
    try AtomicFile.makeDirectory(directory)
    defer {
        if ProcessInfo.processInfo.environment["KEEP"] == nil { try? FileManager.default.removeItem(atPath: directory) }
    }
    print("Report reader: reading + decoding every image vs the floor (read file + base64-decode the same bytes)")
    print("date \(ISO8601DateFormatter().string(from: Date())), \(ProcessInfo.processInfo.activeProcessorCount) cores")
    let header = [
        "issues", "file MB", "images", "floor ms", "+digest ms", "+digest/floor", "read ms", "read/floor",
        "1-core read ms", "1-core/floor", "floor peak MB", "+digest peak MB", "peak/file",
    ]
    print(header.joined(separator: " | "))
    for count in [12, 150, 2000, 6000] {
        let path = directory + "/AuditReport_2026-01-02_11-02-25-\(count).html"
        let ranges = try writeSyntheticReport(issues: count, to: path)
        let rangesPath = path + ".ranges"
        try ranges.map { "\($0.0) \($0.1)" }.joined(separator: "\n").write(
            toFile: rangesPath, atomically: true,
            encoding: .utf8)
        let size = Double(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0)
        let runs = count >= 2000 ? 7 : 15
        let floor = try runChild(["floor", path, rangesPath, String(runs)])
        let withDigest = try runChild(["read", path, "parallel", String(runs)])
        let read = try runChild(["read", path, "parallel-nodigest", String(runs)])
        let serial = try runChild(["read", path, "serial-nodigest", String(runs)])
        let mb = 1024.0 * 1024.0
        func time(_ m: Measurement) -> String { f(m.ms, 1) + " (" + f(m.cpu, 1) + ")" }
        func ratio(_ m: Measurement) -> String { f(m.ms / floor.ms, 2) + "x (" + f(m.cpu / floor.cpu, 2) + "x)" }
        let row = [
            String(count), f(size / mb, 2), String(ranges.count), time(floor), time(withDigest), ratio(withDigest),
            time(read), ratio(read), time(serial), ratio(serial), f(floor.peak / mb, 1), f(withDigest.peak / mb, 1),
            f(withDigest.peak / size, 2) + "x",
        ]
        print(row.joined(separator: " | "))
    }
    print("times: wall ms (process CPU ms), best run; ratios: wall (CPU) against the floor")
    print("peak = child's VmHWM after the work minus its VmRSS at the reset just before (runtime baseline excluded)")
    try runSkippedItemsCase(directory: directory)
}

/// Reads an automated audit of one issue and 2,000,000 zeros against reading its bytes, and prints both.
private func runSkippedItemsCase(directory: String) throws {
    let path = directory + "/AXAudit_2026-01-02_11-02-25-zeros.json"
    let issue =
        #"{"auditType": "XCUIAccessibilityAuditTypeContrast", "compactDescription": "c", "element": "Button"}"#
    try Data(("[" + issue + String(repeating: ",0", count: 2_000_000) + "]").utf8).write(
        to: URL(fileURLWithPath: path))
    let noImages = path + ".ranges"
    try Data().write(to: URL(fileURLWithPath: noImages))
    let size = Double(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0)
    let floor = try runChild(["floor", path, noImages, "7"])
    let read = try runChild(["read", path, "serial-nodigest", "7"])
    let mb = 1024.0 * 1024.0
    print("")
    print("Automated audit, 1 issue + 2,000,000 skipped items (\(f(size / mb, 2)) MB) vs the floor (reading its bytes)")
    print(
        ["floor ms", "read ms", "read/floor", "floor peak MB", "read peak MB", "read peak/file"].joined(
            separator: " | "))
    print(
        [
            f(floor.ms, 1) + " (" + f(floor.cpu, 1) + ")", f(read.ms, 1) + " (" + f(read.cpu, 1) + ")",
            f(read.ms / floor.ms, 1) + "x", f(floor.peak / mb, 1), f(read.peak / mb, 1), f(read.peak / size, 2) + "x",
        ].joined(separator: " | "))
}

private func f(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

/// Builds a report of `issues` issues (40 per screen, thumbnails cropped from painted screens) and
/// returns the byte ranges of every image's base64 text in the file.
func writeSyntheticReport(issues: Int, to path: String) throws -> [(Int, Int)] {
    var rng = SplitMix64(seed: UInt64(issues))
    let perScreen = 40
    var screens: [ReportFixture.Screen] = []
    var left = issues
    var index = 0
    while left > 0 || screens.isEmpty {
        let n = min(left, perScreen)
        let painted = FixtureScreenPainter.listScreen(width: 402, height: 874, seed: rng.next(), title: "S\(index)")
        var screen = ReportFixture.Screen(
            name: String(index), groupName: "Screen\(index)View",
            screenshot: ReportFixture.Image(canvas: painted.canvas))
        for k in 0..<n {
            let finding = ReportFixture.findings[k % ReportFixture.findings.count]
            let element = painted.elements[(k * 7 + index) % painted.elements.count]
            let crop = painted.canvas.cropped(
                x: Int(element.x) - 12, y: Int(element.y) - 12, width: Int(element.width) + 24,
                height: Int(element.height) + 24)
            let text = ReportFixture.trickyTexts[k % ReportFixture.trickyTexts.count]
            screen.issues.append(
                ReportFixture.Issue(
                    errorCode: finding.code, shortTitle: finding.titles[0],
                    longDescription: finding.description.replacingOccurrences(of: "%@", with: text), elementText: text,
                    testTypeName: finding.typeNames[k % 3], suggestion: finding.suggestion, isDuplicate: k % 17 == 0,
                    thumbnail: ReportFixture.Image(canvas: crop, quality: 95),
                    rect: Rect(
                        x: element.x + 1.0 / 3, y: element.y, width: element.width, height: element.height + 2.0 / 3),
                    expectedTestType: finding.type))
        }
        screens.append(screen)
        left -= n
        index += 1
    }
    let data = ReportFixture(screens: screens).data(.html(.varAssignment), seed: UInt64(issues))
    try data.write(to: URL(fileURLWithPath: path))
    // The base64 text of every image: after `base64,` up to the closing quote.
    var ranges: [(Int, Int)] = []
    let marker = Array("base64,".utf8)
    data.withUnsafeBytes { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        var p = 0
        while p + marker.count < bytes.count {
            if bytes[p] == marker[0], Array(bytes[p..<(p + marker.count)]) == marker {
                let start = p + marker.count
                var end = start
                while bytes[end] != UInt8(ascii: "\"") { end += 1 }
                ranges.append((start, end - start))
                p = end
            }
            p += 1
        }
    }
    return ranges
}

/// One child's answer: best wall time, best process CPU time (both threads), peak memory.
private struct Measurement {
    var ms: Double
    var cpu: Double
    var peak: Double
}

/// Runs this executable as `reader child ...` and parses its `wall-ms cpu-ms peak-bytes` answer.
private func runChild(_ arguments: [String]) throws -> Measurement {
    let process = Process()
    process.executableURL = URL(
        fileURLWithPath: CommandLine.arguments[0].hasPrefix("/")
            ? CommandLine.arguments[0]
            : FileManager.default.currentDirectoryPath + "/" + CommandLine.arguments[0])
    process.arguments = ["reader", "child"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let parts = output.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    guard process.terminationStatus == 0, parts.count == 3 else {
        throw AuditError(.internalError, "benchmark child failed: \(arguments) -> \(output)")
    }
    return Measurement(ms: parts[0], cpu: parts[1], peak: parts[2])
}

/// CPU time used by the whole process so far, in milliseconds.
private func processCPUms() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) * 1e3 + Double(spec.tv_nsec) / 1e6
}

/// The process's peak resident set (VmHWM) in bytes, from /proc/self/status.
private func peakRSSBytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let digits = line.filter(\.isNumber)
        return (Double(String(digits)) ?? 0) * 1024
    }
    return 0
}

/// Resets the peak resident set to the current one (Linux: `echo 5 > /proc/self/clear_refs`) and
/// returns the current resident set in bytes.
private func resetPeakRSS() -> Double {
    if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
        handle.write(Data("5".utf8))
        try? handle.close()
    }
    return peakRSSBytes()
}

/// The child: `floor PATH RANGES RUNS` or `read PATH parallel|parallel-nodigest|serial-nodigest RUNS`;
/// prints `best-wall-ms best-cpu-ms peak-bytes`.
private func readerBenchmarkChild(_ arguments: [String]) throws {
    let mode = arguments[0]
    let path = arguments[1]
    let runs = Int(arguments[3]) ?? 5
    var ranges: [(Int, Int)] = []
    if mode == "floor" {
        let text = try String(contentsOfFile: arguments[2], encoding: .utf8)
        ranges = text.split(separator: "\n").map { line in
            let parts = line.split(separator: " ")
            return (Int(parts[0])!, Int(parts[1])!)
        }
    }
    let parallel = arguments[2].hasPrefix("parallel")
    let digest = !arguments[2].hasSuffix("nodigest")
    var best = Double.infinity
    var bestCPU = Double.infinity
    var checksum = 0
    var peak = 0.0
    // Run 0 warms up (loads libraries, starts worker threads) and is neither timed nor measured.
    for run in 0...runs {
        let baseline = resetPeakRSS()
        let start = DispatchTime.now().uptimeNanoseconds
        let startCPU = processCPUms()
        if mode == "floor" {
            let buffer = try ByteBuffer.read(path: path, maxSize: 1 << 30)
            var images: [Data] = []
            images.reserveCapacity(ranges.count)
            for (offset, length) in ranges {
                let text = UnsafeRawBufferPointer(rebasing: buffer.bytes[offset..<(offset + length)])
                images.append(EmbeddedImageDecoder.decodeBase64(text) ?? Data())
            }
            checksum &+= buffer.count + images.reduce(0) { $0 + $1.count }
        } else {
            let report = try ReportReader.read(path: path, options: .init(parallel: parallel, computeDigest: digest))
            checksum &+= report.issues.reduce(1) { $0 + ($1.thumbnail?.data.count ?? 0) }
            checksum &+= report.screens.reduce(0) { $0 + ($1.screenshot?.data.count ?? 0) }
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let cpu = processCPUms() - startCPU
        if run > 0 {
            best = min(best, elapsed)
            bestCPU = min(bestCPU, cpu)
            peak = max(peak, peakRSSBytes() - baseline)
        }
    }
    precondition(checksum > 0)
    print("\(best) \(bestCPU) \(peak)")
}
