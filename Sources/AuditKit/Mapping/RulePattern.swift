import Foundation

/// A regular expression from a rule file, compiled once when the file is read.
///
/// Uses `NSRegularExpression` (ICU syntax): unlike `Regex<AnyRegexOutput>` it is `Sendable`, so a
/// compiled rule file can be shared across threads, and it is fast on Linux. Syntax errors are
/// described with the message of Swift's regex parser, which says what is wrong.
public struct RulePattern: Sendable, CustomStringConvertible {
    /// The expression as written in the rule file.
    public let source: String
    /// Whether the match ignores case.
    public let ignoresCase: Bool
    private let expression: NSRegularExpression

    /// Compiles `source`.
    /// - Throws: a message saying what is wrong with the expression.
    public init(_ source: String, ignoresCase: Bool = false) throws(RulePatternError) {
        self.source = source
        self.ignoresCase = ignoresCase
        do {
            expression = try NSRegularExpression(pattern: source, options: ignoresCase ? [.caseInsensitive] : [])
        } catch {
            var detail = "not a valid regular expression"
            do {
                _ = try Regex(source)
            } catch let swiftError {
                detail = "\(swiftError)"
            }
            throw RulePatternError(message: detail)
        }
    }

    /// Whether the expression matches anywhere in `text` (anchor with `^` and `$` for a whole match).
    public func matches(_ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// The expression as written.
    public var description: String { source }
}

/// Why a regular expression did not compile.
public struct RulePatternError: Error, Sendable {
    /// What is wrong, e.g. `expected ')'`.
    public var message: String
}
