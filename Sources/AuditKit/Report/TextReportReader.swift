import Foundation

/// Reads the Inspector's plain-text export: `Time Stamp:`, `Device:` and `Number of Issues Found:`
/// header lines, then per issue `Issue N: <short title>`, `Error Code: <n>` and a long description.
/// The export has no screens, images or rects, so its issues all go on one screen named "0".
enum TextReportReader {
    /// What the text export holds.
    struct Content {
        var screens: [Screen]
        var device: String?
        var timestamp: String?
        var warnings: [ReportWarning]
    }

    /// Whether the bytes from `start` look like a text export (checked on the first 4 KB).
    static func looksLikeText(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Bool {
        let head = String(
            decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<min(bytes.count, start + 4096)]),
            as: UTF8.self)
        return head.hasPrefix("Accessibility Audit Report") || head.contains("Number of Issues Found:")
            || head.hasPrefix("Issue 1:") || head.contains("\nIssue 1:") || head.hasPrefix("Time Stamp:")
    }

    /// Parses the export.
    /// - Throws: `AuditError` when the file has no issue lines and no issue count.
    static func read(_ bytes: UnsafeRawBufferPointer, from start: Int, path: String) throws -> Content {
        var warnings: [ReportWarning] = []
        var device: String?
        var timestamp: String?
        var declaredCount: Int?
        var issues: [Issue] = []
        var current: (number: Int, title: String, code: Int?, description: [String], line: Int)?
        var lineNumber = 0
        var offset = start

        func finish() {
            guard let item = current else { return }
            let description = item.description.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            issues.append(
                Issue(
                    number: issues.count + 1, screenIndex: 0, screenName: "0", screenGroupName: "",
                    errorCode: item.code, shortTitle: item.title,
                    longDescription: description.isEmpty ? nil : description,
                    testType: TestType.derive(testTypeName: nil, errorCode: item.code, shortTitle: item.title)))
            if item.number != issues.count {
                warnings.append(
                    ReportWarning(
                        path: "line \(item.line)",
                        message: "issue numbered \(item.number) is issue \(issues.count) in the file"))
            }
            current = nil
        }

        while offset < bytes.count {
            var lineEnd = offset
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var contentEnd = lineEnd
            if contentEnd > offset, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            let line = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<contentEnd]), as: UTF8.self)
            let lineStart = offset
            offset = lineEnd + 1
            lineNumber += 1

            if let rest = line.dropPrefix("Issue "), let colon = rest.firstIndex(of: ":"),
                let number = Int(rest[..<colon])
            {
                finish()
                let title = rest[rest.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                current = (number, title, nil, [], lineNumber)
                continue
            }
            if current != nil {
                if let value = line.dropPrefix("Error Code:"), current!.code == nil, current!.description.isEmpty {
                    let text = value.trimmingCharacters(in: .whitespaces)
                    if let code = Int(text) {
                        current!.code = code
                    } else {
                        warnings.append(
                            ReportWarning(
                                path: "line \(lineNumber)",
                                message: "Error Code is not a whole number: '\(text)'",
                                byteOffset: lineStart))
                    }
                    continue
                }
                current!.description.append(line)
                continue
            }
            if let value = line.dropPrefix("Time Stamp:") {
                timestamp = value.trimmingCharacters(in: .whitespaces)
            } else if let value = line.dropPrefix("Device:") {
                device = value.trimmingCharacters(in: .whitespaces)
            } else if let value = line.dropPrefix("Number of Issues Found:") {
                let text = value.trimmingCharacters(in: .whitespaces)
                declaredCount = Int(text)
                if declaredCount == nil {
                    warnings.append(
                        ReportWarning(
                            path: "line \(lineNumber)",
                            message: "Number of Issues Found is not a whole number: '\(text)'",
                            byteOffset: lineStart))
                }
            }
        }
        finish()
        if issues.isEmpty && declaredCount == nil {
            throw AuditError(
                .badInput, "not a text report (no 'Issue N:' lines and no 'Number of Issues Found:')",
                path: path, byteOffset: start)
        }
        if let declaredCount, declaredCount != issues.count {
            warnings.append(
                ReportWarning(
                    path: "Number of Issues Found",
                    message: "the header says \(declaredCount) issues, the file lists \(issues.count)"))
        }
        let screen = Screen(index: 0, name: "0", groupName: "", issues: issues)
        return Content(screens: [screen], device: device, timestamp: timestamp, warnings: warnings)
    }
}

extension String {
    /// The rest of the string after `prefix`, or nil when it does not start with it.
    fileprivate func dropPrefix(_ prefix: String) -> Substring? {
        hasPrefix(prefix) ? self[index(startIndex, offsetBy: prefix.count)...] : nil
    }
}
