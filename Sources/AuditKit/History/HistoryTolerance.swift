/// What both readers of a history line (`HistoryLineParser`, `HistoryLineReader`) tolerate: an
/// optional field a later version added is read when its value is usable and otherwise dropped with
/// one note, worded the same whichever reader read the line.
enum HistoryTolerance {
    /// The note for the field at `path` dropped for not being `expected`:
    /// `issues[0].key: expected a string; ignored`.
    static func note(_ path: String, expected: String) -> String { "\(path): expected \(expected); ignored" }

    /// What a field that is no number was expected to be.
    static let number = "a number"
    /// What a field that is no string was expected to be.
    static let string = "a string"
    /// What a screen's `appearance` must be.
    static let appearance = "\"light\" or \"dark\""
    /// What a screen's `namedBy` must be.
    static let namedBy = ScreenNameSource.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    /// What an entry's `format` must be.
    static let format = ReportFormat.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")

    /// What an entry's `mappedWith` must be.
    static let mappedWith = "an object of a \"rules\" string, a \"sources\" array of strings and a \"target\" string"

    /// What a screen's `width` or `height` must be and `size` is not, or nil when it is usable.
    static func problem(size: Double) -> String? { size > 0 && size.isFinite ? nil : "a positive number" }

    /// What a screen's `imageHash` must be and `text` is not, or nil when it is a screenshot signature.
    static func problem(screenHash text: String) -> String? {
        ScreenSignature(hex: text) == nil ? "128 hex digits" : nil
    }

    /// What an issue's `imageHash` must be and `text` is not, or nil when it is a perceptual hash.
    static func problem(issueHash text: String) -> String? { ImageHash.parse(text) == nil ? "16 hex digits" : nil }
}
