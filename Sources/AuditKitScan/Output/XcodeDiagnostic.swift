/// One line in the format Xcode, compilers and most editors turn into an inline warning:
/// `path:line:column: warning: message`, or `warning: message` when there is no location.
public struct XcodeDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// Severity words Xcode understands.
    public enum Severity: String, Sendable {
        case warning, error, note
    }

    /// Where it points, when known.
    public var location: SourceLocation?
    /// How serious.
    public var severity: Severity
    /// The message: a single line (line breaks and other control characters are shown as escapes
    /// when printed, `PrintableText.escaped(_:)`).
    public var message: String

    /// Creates a diagnostic.
    public init(location: SourceLocation?, severity: Severity = .warning, message: String) {
        self.location = location
        self.severity = severity
        self.message = message
    }

    /// The line to print.
    public var description: String {
        // A report's text must not start a line of its own (`::error` in a CI log) or reach the
        // terminal as a command.
        let text = PrintableText.escaped(message)
        guard let location else { return "\(severity.rawValue): \(text)" }
        let file = PrintableText.escaped(location.file)
        return "\(file):\(location.line ?? 1):\(location.column ?? 1): \(severity.rawValue): \(text)"
    }
}
