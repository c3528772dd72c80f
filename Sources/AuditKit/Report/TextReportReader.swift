import Foundation

/// Reads the Inspector's plain-text export: `Time Stamp:`, `Device:` and `Number of Issues Found:`
/// header lines, then per issue `Issue N: <short title>`, `Error Code: <n>` and a long description.
/// The export has no screens, images or rects, so its issues all go on one screen named "0"; it has no
/// element text field either, so an issue's element text is the one its description quotes first
/// (`elementText(quotedIn:)`), as the Inspector writes it into every description that names the element.
enum TextReportReader {
    /// What the text export holds.
    struct Content {
        var screens: [Screen]
        var device: String?
        var timestamp: String?
        var warnings: [ReportWarning]
    }

    /// How many bytes `looksLikeText` looks at.
    static let sniffLength = 4096

    /// Whether the bytes from `start` look like a text export (checked on the first `sniffLength` bytes).
    static func looksLikeText(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Bool {
        let head = String(
            decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<min(bytes.count, start + sniffLength)]),
            as: UTF8.self)
        return head.hasPrefix("Accessibility Audit Report") || head.contains("Number of Issues Found:")
            || head.hasPrefix("Issue 1:") || head.contains("\nIssue 1:") || head.hasPrefix("Time Stamp:")
    }

    /// The header: the lines before the first `Issue N:` line.
    struct Header {
        var device: String?
        var timestamp: String?
        var declaredCount: Int?
        var warnings: [ReportWarning] = []
        /// The offset of the first `Issue N:` line (the end of the bytes when there is none).
        var end: Int
        /// How many lines come before `end`.
        var lineCount = 0
    }

    /// Reads the header lines from `start`: `Time Stamp:`, `Device:` and `Number of Issues Found:`
    /// (the last of each counts), up to the first `Issue N:` line; other lines are skipped.
    static func header(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Header {
        var header = Header(end: start)
        while header.end < bytes.count {
            let (line, next) = textLine(in: bytes, at: header.end)
            if issueLine(line) != nil { break }
            header.lineCount += 1
            if let value = line.dropPrefix("Time Stamp:") {
                header.timestamp = value.trimmingCharacters(in: .whitespaces)
            } else if let value = line.dropPrefix("Device:") {
                header.device = value.trimmingCharacters(in: .whitespaces)
            } else if let value = line.dropPrefix("Number of Issues Found:") {
                let text = value.trimmingCharacters(in: .whitespaces)
                header.declaredCount = Int(text)
                if header.declaredCount == nil {
                    header.warnings.append(
                        ReportWarning(
                            path: "line \(header.lineCount)",
                            message: "Number of Issues Found is not a whole number: '\(text)'",
                            byteOffset: header.end))
                }
            }
            header.end = next
        }
        return header
    }

    /// Parses the export: its header, then each issue from its `Issue N:` line to the next.
    /// - Throws: `AuditError` when the file has no issue lines and no issue count; `.limitExceeded` past
    ///   `ReportReader.issueLimit` issues.
    static func read(_ bytes: UnsafeRawBufferPointer, from start: Int, path: String) throws -> Content {
        let header = TextReportReader.header(bytes, from: start)
        var tally = ReportWarningTally()
        tally.add(contentsOf: header.warnings)
        var issues: [Issue] = []
        var current: (number: Int, title: String, code: Int?, description: [String], line: Int)?
        var lineNumber = header.lineCount
        var offset = header.end

        func finish() {
            guard let item = current else { return }
            let description = item.description.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            issues.append(
                Issue(
                    number: issues.count + 1, screenIndex: 0, screenName: "0", screenGroupName: "",
                    errorCode: item.code, shortTitle: item.title,
                    longDescription: description.isEmpty ? nil : description,
                    elementText: elementText(quotedIn: description),
                    testType: TestType.derive(testTypeName: nil, errorCode: item.code, shortTitle: item.title)))
            if item.number != issues.count {
                tally.add(
                    ReportWarning(
                        path: "line \(item.line)",
                        message: "issue numbered \(item.number) is issue \(issues.count) in the file"),
                    kind: "numbering")
            }
            current = nil
        }

        // The header ends at the first issue line, so from here every line belongs to an issue.
        while offset < bytes.count {
            let (line, next) = textLine(in: bytes, at: offset)
            let lineStart = offset
            offset = next
            lineNumber += 1

            if let issue = issueLine(line) {
                finish()
                guard issues.count < ReportReader.issueLimit else {
                    throw AuditError(
                        .limitExceeded,
                        "the report holds more than \(ReportReader.issueLimit) issues, the most a report may hold",
                        path: path, byteOffset: lineStart)
                }
                current = (issue.number, issue.title, nil, [], lineNumber)
                continue
            }
            guard current != nil else { continue }
            if let value = line.dropPrefix("Error Code:"), current!.code == nil, current!.description.isEmpty {
                let text = value.trimmingCharacters(in: .whitespaces)
                if let code = Int(text) {
                    current!.code = code
                } else {
                    tally.add(
                        ReportWarning(
                            path: "line \(lineNumber)",
                            message: "Error Code is not a whole number: '\(text)'",
                            byteOffset: lineStart),
                        kind: "error code")
                }
                continue
            }
            current!.description.append(line)
        }
        finish()
        if issues.isEmpty && header.declaredCount == nil {
            throw AuditError(
                .badInput, "not a text report (no 'Issue N:' lines and no 'Number of Issues Found:')",
                path: path, byteOffset: start)
        }
        if let declaredCount = header.declaredCount, declaredCount != issues.count {
            tally.add(
                ReportWarning(
                    path: "Number of Issues Found",
                    message: "the header says \(declaredCount) issues, the file lists \(issues.count)"))
        }
        let screen = Screen(index: 0, name: "0", groupName: "", issues: issues)
        return Content(
            screens: [screen], device: header.device, timestamp: header.timestamp, warnings: tally.warnings)
    }

    /// The line at `offset` without its line break (`\n` or `\r\n`), and the offset of the next line.
    private static func textLine(in bytes: UnsafeRawBufferPointer, at offset: Int) -> (String, next: Int) {
        var lineEnd = offset
        while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
        var contentEnd = lineEnd
        if contentEnd > offset, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        return (
            String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<contentEnd]), as: UTF8.self), lineEnd + 1
        )
    }

    /// The quotation marks that open an element's text in a description, with the marks that close
    /// it: English “…”, German „…“, French «…», Japanese 「…」, and the single and straight forms.
    private static let quotePairs: [Character: Set<Character>] = [
        "“": ["”"], "„": ["“", "”"], "«": ["»"], "»": ["«"], "‹": ["›"], "「": ["」"], "『": ["』"],
        "\"": ["\""], "‘": ["’"], "‚": ["‘", "’"],
    ]

    /// How far into a description the element's quoted text may open: the Inspector names the
    /// element first (“Income” uses a font size …) or after a few words (The text of “Budget” is
    /// clipped; Der Text von „Suchen“ …); a quote further on names something else (a trait, the
    /// Dynamic Type setting).
    static let elementQuoteReach = 16

    /// The element's text as `description` quotes it: the first quoted span that opens within
    /// `elementQuoteReach` characters and closes on the same line; nil when there is none (an element
    /// without text is named by its kind: “Button has no accessibility label …”).
    static func elementText(quotedIn description: String) -> String? {
        var position = 0
        var index = description.startIndex
        while index < description.endIndex, position <= elementQuoteReach {
            let character = description[index]
            if character.isNewline { return nil }
            if let closers = quotePairs[character] {
                let start = description.index(after: index)
                guard let end = description[start...].firstIndex(where: { closers.contains($0) || $0.isNewline }),
                    closers.contains(description[end])
                else { return nil }
                let text = description[start..<end].trimmingCharacters(in: .whitespaces)
                return text.isEmpty ? nil : text
            }
            position += 1
            index = description.index(after: index)
        }
        return nil
    }

    /// The number and title of an `Issue N: <title>` line; nil for any other line.
    private static func issueLine(_ line: String) -> (number: Int, title: String)? {
        guard let rest = line.dropPrefix("Issue "), let colon = rest.firstIndex(of: ":"),
            let number = Int(rest[..<colon])
        else { return nil }
        return (number, rest[rest.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
}

extension String {
    /// The rest of the string after `prefix`, or nil when it does not start with it.
    fileprivate func dropPrefix(_ prefix: String) -> Substring? {
        hasPrefix(prefix) ? self[index(startIndex, offsetBy: prefix.count)...] : nil
    }
}
