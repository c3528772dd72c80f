import Foundation

/// Where in an input a problem was found: a file, and optionally a byte offset or a line and column.
public struct InputLocation: Sendable, Hashable, Codable {
    /// The path of the file, as the user gave it.
    public var path: String
    /// Zero-based byte offset into the file, when the problem has one.
    public var byteOffset: Int?
    /// One-based line number, when known.
    public var line: Int?
    /// One-based column number (in bytes), when known.
    public var column: Int?

    /// Creates a location in `path`.
    public init(path: String, byteOffset: Int? = nil, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.byteOffset = byteOffset
        self.line = line
        self.column = column
    }
}

/// The one error type of AuditKit: a code a program can switch on, a message a person can act on,
/// where it happened and what caused it.
///
/// `description` is the one-line form the CLI prints:
/// `path:line:col: error: message` or `path: error: message at byte N`.
public struct AuditError: Error, Sendable, CustomStringConvertible, Equatable {
    /// What kind of failure this is; decides the CLI's exit status.
    public enum Code: String, Sendable, Codable {
        /// The user asked for something that cannot be done as asked (bad flag, bad value).
        case usage
        /// An input file exists but its content is wrong (malformed report, bad rule file, ...).
        case badInput
        /// An input file is well-formed but no report at all (a JSON file of something else): named, it
        /// fails as `badInput` does; found by listing a folder, it is skipped with a note.
        case notAReport
        /// An input file or folder does not exist or cannot be opened.
        case missingInput
        /// A file could not be written.
        case cannotWrite
        /// A resource limit that protects the machine was hit.
        case limitExceeded
        /// A bug or an environment problem that is nobody's input's fault.
        case internalError
    }

    /// What kind of failure this is.
    public var code: Code
    /// What is wrong, in words a user can act on; no trailing period, no path (the location has it).
    public var message: String
    /// Where the problem is, when it is in a file.
    public var location: InputLocation?
    /// A lower-level description of the cause (an OS error, a library message), when it helps.
    public var cause: String?

    /// Creates an error.
    public init(_ code: Code, _ message: String, location: InputLocation? = nil, cause: String? = nil) {
        self.code = code
        self.message = message
        self.location = location
        self.cause = cause
    }

    /// Creates an error located in `path`, optionally at a byte offset.
    public init(_ code: Code, _ message: String, path: String, byteOffset: Int? = nil, cause: String? = nil) {
        self.init(code, message, location: InputLocation(path: path, byteOffset: byteOffset), cause: cause)
    }

    /// The single line the CLI prints for this error.
    public var description: String { line(severity: "error") }

    /// The same line with another severity word, e.g. `warning` for a problem the run went past.
    public func line(severity: String) -> String {
        var text = ""
        if let location {
            // An empty path is the working folder (the folder of a bare file name): never `: error:`.
            text = location.path.isEmpty ? "." : location.path
            if let line = location.line {
                text += ":\(line)"
                if let column = location.column { text += ":\(column)" }
            }
            text += ": "
        }
        text += severity + ": " + message
        if let offset = location?.byteOffset, location?.line == nil {
            text += " at byte \(offset)"
        }
        if let cause, !cause.isEmpty { text += " (\(cause))" }
        return text.replacingOccurrences(of: "\n", with: " ")
    }
}
