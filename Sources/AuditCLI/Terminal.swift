import AuditKit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command writes: results to stdout, messages to stderr, colour only when allowed.
public final class Terminal: @unchecked Sendable {
    /// Whether stderr is a terminal (progress lines are drawn only then).
    public let stderrIsTerminal: Bool
    /// Whether stdout is a terminal.
    public let stdoutIsTerminal: Bool
    /// Whether messages are coloured: `--color always`, or `auto` (the default) on a terminal with
    /// `NO_COLOR` unset or empty and `TERM` not `dumb`; never with `--color never`.
    public let useColor: Bool
    private var progressShown = false
    private let lock = NSLock()

    /// A terminal over the process's stdout and stderr, reading `NO_COLOR` and `TERM` from `environment`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, color: ColorChoice = .auto) {
        stderrIsTerminal = isatty(2) == 1
        stdoutIsTerminal = isatty(1) == 1
        switch color {
        case .always: useColor = true
        case .never: useColor = false
        case .auto:
            let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            useColor = !noColor && stderrIsTerminal && environment["TERM"] != "dumb"
        }
    }

    /// Writes `text` to stdout as is.
    public func out(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        clearProgressLocked()
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes `text` and a newline to stdout.
    public func line(_ text: String = "") { out(text + "\n") }

    /// Names on stderr the issues an index sheet drew as placeholders, and the screens that got no overlay.
    public func warnings(sheet: IndexSheetOutput? = nil, overlays: OverlayOutput? = nil, of reportPath: String) {
        for problem in sheet?.imageProblems ?? [] {
            warning("issue \(problem.issueNumber): thumbnail: \(problem.message)", in: reportPath)
        }
        for skipped in overlays?.skipped ?? [] {
            warning(
                "screen \(skipped.screenIndex + 1) (\(skipped.screenName)): no overlay: \(skipped.reason)",
                in: reportPath)
        }
    }

    /// Prints up to `limit` of a pass's problems as `path: warning: …` lines, then how many more.
    public func problems(_ problems: [AuditProblem], limit: Int = 5) {
        for problem in problems.prefix(limit) { warning(problem.message, in: problem.path) }
        if problems.count > limit, let path = problems.first?.path {
            warning("\(problems.count - limit) more warnings (see 'auditkit extract')", in: path)
        }
    }

    /// Shows the pass's stage for `reportPath` as the progress line.
    public func progress(stage: AuditPass.Stage, of reportPath: String) {
        let what: String
        switch stage {
        case .reading: what = "reading"
        case .evidence: what = "writing evidence for"
        case .mapping: what = "mapping"
        case .history: what = "updating the history with"
        case .log: what = "logging"
        }
        progress("\(what) \(PathName.last(reportPath))")
    }

    /// Writes a message line to stderr; control characters in it other than line breaks and tabs (a
    /// report's ESC or BEL quoted in a warning) are shown as escapes.
    public func message(_ text: String) {
        writeMessage(PrintableText.keepingLines(text))
    }

    /// Writes `text` and a newline to stderr as is (`text` is already safe, maybe painted).
    private func writeMessage(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        clearProgressLocked()
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Writes `file: warning: text` (or `warning: text` without a file) to stderr, the shape of
    /// `file: error: ...` lines; `warning:` is yellow on a colour terminal.
    public func warning(_ text: String, in file: String? = nil) {
        let file = file.map { PrintableText.keepingLines($0) + ": " } ?? ""
        writeMessage(file + paint("warning:", code: "33") + " " + PrintableText.keepingLines(text))
    }

    /// Prints up to `limit` of a report's reading warnings, with their byte offsets, then how many more.
    public func warnings(of report: InspectorReport, limit: Int = .max) {
        for warning in report.warnings.prefix(limit) {
            self.warning(
                warning.description + (warning.byteOffset.map { " at byte \($0)" } ?? ""), in: report.sourcePath)
        }
        if report.warnings.count > limit {
            self.warning(
                "\(report.warnings.count - limit) more warnings (see 'auditkit extract')", in: report.sourcePath)
        }
    }

    /// Writes an error line to stderr (red `error:` on a colour terminal).
    public func error(_ text: String) {
        writeMessage(
            PrintableText.keepingLines(text).replacingOccurrences(of: "error:", with: paint("error:", code: "31")))
    }

    /// Shows `text` as a progress line on stderr, replacing the previous one; only on a terminal.
    public func progress(_ text: String) {
        guard stderrIsTerminal else { return }
        lock.lock()
        defer { lock.unlock() }
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
        progressShown = true
    }

    /// Removes the progress line, if one is shown.
    public func endProgress() {
        lock.lock()
        defer { lock.unlock() }
        clearProgressLocked()
    }

    private func clearProgressLocked() {
        if progressShown {
            FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
            progressShown = false
        }
    }

    /// `text` in the ANSI colour `code` when colour is allowed, else `text`.
    public func paint(_ text: String, code: String) -> String {
        useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

/// `--color auto|always|never`, accepted by every command.
public enum ColorChoice: String, CaseIterable, Sendable {
    /// Colour on a terminal unless `NO_COLOR` is set (the default).
    case auto
    /// Colour even when stderr is not a terminal.
    case always
    /// No colour.
    case never
}
