/// A place in a source file.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Path of the file, relative to the working directory when it was found under it.
    public var file: String
    /// One-based line, when known.
    public var line: Int?
    /// One-based column, when known.
    public var column: Int?

    /// Creates a location.
    public init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, leaving out what is unknown.
    public var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text
    }
}
