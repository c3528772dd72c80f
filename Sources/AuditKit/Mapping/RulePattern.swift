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

    /// How long one match may take: ICU reports its progress while it backtracks, and a match still
    /// running after this many seconds is abandoned. `"^(\\w+\\s?)+$"` takes about a second on a
    /// sentence-like element text; a rule file must not make a 2,000-issue report take half an hour.
    public static let timeLimit: TimeInterval = 0.05

    /// What one match found.
    public enum Outcome: Sendable, Hashable {
        /// The expression matches.
        case matched
        /// The expression does not match.
        case notMatched
        /// The match ran past `timeLimit` and was abandoned.
        case timedOut
    }

    /// Whether the expression matches anywhere in `text` (anchor with `^` and `$` for a whole match);
    /// a match that runs past `timeLimit` counts as no match (`match(_:)` tells it apart).
    public func matches(_ text: String) -> Bool { match(text) == .matched }

    /// Whether the expression matches anywhere in `text`, within `timeLimit` seconds.
    public func match(_ text: String) -> Outcome {
        var outcome = Outcome.notMatched
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(Self.timeLimit * 1e9)
        expression.enumerateMatches(
            in: text, options: [.reportProgress], range: NSRange(text.startIndex..., in: text)
        ) { result, _, stop in
            if result != nil {
                outcome = .matched
                stop.pointee = true
            } else if DispatchTime.now().uptimeNanoseconds > deadline {
                outcome = .timedOut
                stop.pointee = true
            }
        }
        return outcome
    }

    /// The expression as written.
    public var description: String { source }
}

/// Why a regular expression did not compile.
public struct RulePatternError: Error, Sendable {
    /// What is wrong, e.g. `expected ')'`.
    public var message: String
}
