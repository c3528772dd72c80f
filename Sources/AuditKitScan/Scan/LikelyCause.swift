import Foundation

/// A fixed font size near a line a Dynamic Type warning maps to.
public struct LikelyCause: Sendable, Hashable {
    /// The code, e.g. `.font(.system(size: 15))`.
    public var code: String
    /// Where it is.
    public var location: SourceLocation
    /// The warning's text.
    public var text: String?
    /// Lines between the cause and the mapped line: negative above it.
    public var lineDistance: Int
    /// The code `scan --fix` would write in its place (`.body`, or the `@ScaledMetric` property whose
    /// name replaces the size), when it would fix it.
    public var fix: String?

    /// Creates a likely cause.
    public init(code: String, location: SourceLocation, text: String?, lineDistance: Int) {
        self.code = code
        self.location = location
        self.text = text
        self.lineDistance = lineDistance
    }
}
