import Foundation

/// What makes two issues in two reports "the same warning": a short, stable hex string computed from
/// the warning's kind, its normalised element text and where in the app it is.
///
/// The fingerprint is the first 16 hex digits of the SHA-256 of three parts:
/// - **kind**: the test type's key (`dynamic-type`), or for a test type AuditKit does not know the
///   Inspector's error code (`code:12`, falling back to the normalised type name). The short title
///   and the localized test type name are never used, so the same report audited on a French and an
///   English Mac gives the same fingerprints.
/// - **text**: the element text, normalised by `normalizedText(_:)`: case, width and diacritics
///   folded, every run of digits (with the separators inside it, `1,234.56`) folded to `#`,
///   punctuation and symbols dropped, whitespace collapsed. Digits are folded because the values in a
///   label (amounts, dates, counts) change between audits while the element stays the same.
/// - **scope**: the normalised screen group (`group:home`), which the Inspector reports and which no
///   refactor of the code changes. The mapped view is never part of it (history version 1 used it
///   when there was one), so moving a `Text` into a new subview, or giving `--source` for the first
///   time, keeps every fingerprint. Screen names and screen indexes are never used either, so
///   renumbered screens keep their fingerprints.
///
/// An issue with an accessibility identifier (`Issue.identifier`) uses `id:` and the identifier in
/// place of its text, so its identity no longer depends on the text's language.
///
/// Never part of it: issue numbers, line numbers, the mapped view and file, the screen's index or
/// name, the rect, titles and descriptions. Several issues of one report can share a fingerprint
/// (three unlabelled buttons on one screen); `WarningMatcher` pairs such duplicates by rect after
/// estimating how far the screen's content moved.
public struct IssueFingerprint: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The 16 lowercase hex digits (the text as read, when it was not that).
    public var hex: String { otherText ?? ImageHash.hex(bits) }

    /// The text read, when it is not exactly 16 lowercase hex digits as this code writes fingerprints;
    /// nil when it is: then `bits` alone tells it. A history holds a fingerprint per issue of every
    /// audit, and 16 digits take a heap string each, touched whenever a fingerprint is copied.
    private var otherText: String?
    /// The first 16 hex digits as a number: what hashing and most comparisons use, so matching
    /// thousands of warnings does not hash strings.
    private var bits: UInt64
    /// Whether the text was exactly 16 lowercase hex digits (`otherText` is nil): two such fingerprints
    /// with equal bits are equal, and comparing needs no string.
    private var isCanonical: Bool { otherText == nil }

    /// Wraps a fingerprint already computed (read from a history or baseline file).
    public init(hex: String) {
        var bits: UInt64 = 0
        var count = 0
        var lowercaseDigits = true
        for byte in hex.utf8 {
            count += 1
            guard count <= 16 else { continue }
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x61...0x66: digit = byte - 0x61 + 10
            case 0x41...0x46:
                digit = byte - 0x41 + 10
                lowercaseDigits = false
            default:
                digit = byte & 0x0F
                lowercaseDigits = false
            }
            bits = bits << 4 | UInt64(digit)
        }
        self.bits = bits
        otherText = lowercaseDigits && count == 16 ? nil : hex
    }

    /// Equal when the hex strings are equal.
    public static func == (lhs: IssueFingerprint, rhs: IssueFingerprint) -> Bool {
        lhs.bits == rhs.bits && (lhs.isCanonical && rhs.isCanonical || lhs.hex == rhs.hex)
    }

    /// The first 16 hex digits as a number: equal fingerprints have equal numbers, and ordering by it
    /// first orders as `precedes(_:)` does (see there).
    var number: UInt64 { bits }

    /// Hashes the numeric form (equal fingerprints have equal numbers).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(bits)
    }

    /// Computes the fingerprint of a warning from its parts (see the type's documentation).
    /// - Parameters:
    ///   - testType: the issue's test category.
    ///   - errorCode: the Inspector's error code; used only when `testType` is `.other`.
    ///   - elementText: the element's text as reported (normalised here).
    ///   - screenGroup: the issue's screen group name.
    public init(testType: TestType, errorCode: Int?, elementText: String?, screenGroup: String) {
        self.init(
            testType: testType, errorCode: errorCode, elementText: elementText,
            scope: IssueFingerprint.scopeKey(screenGroup))
    }

    /// The fingerprint history version 1 gave an issue mapped to `view` (scope `view:Name`), so that
    /// baselines written then can still be recognised.
    public static func version1(testType: TestType, errorCode: Int?, elementText: String?, view: String)
        -> IssueFingerprint
    {
        IssueFingerprint(
            testType: testType, errorCode: errorCode, elementText: elementText,
            scope: "view:" + view.trimmingCharacters(in: .whitespaces))
    }

    private init(testType: TestType, errorCode: Int?, elementText: String?, scope: String) {
        let kind = IssueFingerprint.kindKey(testType: testType, errorCode: errorCode)
        let text = IssueFingerprint.normalizedText(elementText ?? "")
        let digest = SHA256.hexDigest(of: Array("auditkit-fingerprint-1\u{1F}\(kind)\u{1F}\(scope)\u{1F}\(text)".utf8))
        self.init(hex: String(digest.prefix(16)))
    }

    /// The fingerprint of `issue`. An issue with an accessibility identifier (automated audits'
    /// `rawIdentifier`) is known by it instead of its text: the identifier survives a language switch,
    /// a move and a redesign, so it alone (with the kind and scope) decides the warning's identity.
    public init(issue: Issue) {
        if let identifier = issue.identifier, !identifier.isEmpty {
            self.init(
                testType: issue.testType, errorCode: issue.errorCode, elementText: nil,
                scope: IssueFingerprint.scopeKey(issue.screenGroupName) + "\u{1F}id:" + identifier)
            return
        }
        self.init(
            testType: issue.testType, errorCode: issue.errorCode, elementText: issue.elementText,
            screenGroup: issue.screenGroupName)
    }

    /// The hex string.
    public var description: String { hex }

    /// Orders by hex string.
    public static func < (lhs: IssueFingerprint, rhs: IssueFingerprint) -> Bool { lhs.hex < rhs.hex }

    /// A total order that compares the numeric form first: cheaper than `<` when sorting thousands.
    func precedes(_ other: IssueFingerprint) -> Bool {
        bits != other.bits ? bits < other.bits : !(isCanonical && other.isCanonical) && hex < other.hex
    }

    /// Encodes as the bare hex string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }

    /// Decodes from the bare hex string.
    public init(from decoder: any Decoder) throws {
        self.init(hex: try decoder.singleValueContainer().decode(String.self))
    }

    /// Whether `text` looks like a fingerprint (1 to 64 lowercase or uppercase hex digits).
    public static func isWellFormed(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 64 && text.allSatisfy(\.isHexDigit)
    }

    /// The kind part: the test type's key, or `code:N` / `other:name` for an unknown test type.
    public static func kindKey(testType: TestType, errorCode: Int?) -> String {
        if case .other(let name) = testType {
            if let errorCode { return "code:\(errorCode)" }
            return "other:" + normalizedText(name)
        }
        return testType.key
    }

    /// The scope part: `group:` and the normalised screen group name.
    public static func scopeKey(_ screenGroup: String) -> String {
        "group:" + normalizedText(screenGroup)
    }

    /// Folds `text` so that cosmetic differences between audits do not matter: lowercased, width and
    /// diacritics folded, each number (a run of digits and the `.`, `,`, `'`, and spaces between its
    /// digits) replaced by `#`, punctuation and symbols removed, whitespace collapsed to one space.
    ///
    /// `"  Jan 1 – 31, 2026 "` and `"jan 2 – 28, 2027"` both give `"jan # # #"`; `"Total: $1,234.56"`
    /// gives `"total #"`.
    public static func normalizedText(_ text: String) -> String {
        asciiNormalizedText(text) ?? foldedNormalizedText(text)
    }

    /// `normalizedText(_:)` of a text of ASCII characters only, byte by byte (ASCII has nothing to
    /// fold but case; its digits are 0–9, its letters A–Z and a–z); nil when `text` has any other
    /// character. Texts, screen names and fingerprints are normalised for every issue of every audit
    /// of a history, and most are ASCII.
    static func asciiNormalizedText(_ text: String) -> String? {
        withASCIINormalizedText(text) { String(decoding: $0, as: UTF8.self) }
    }

    /// `body` given the UTF-8 of `asciiNormalizedText(_:)` without making a string of it; nil (and
    /// `body` not called) when `text` has a character that is not ASCII.
    static func withASCIINormalizedText<Result>(
        _ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result? {
        var text = text
        return text.withUTF8 { bytes -> Result? in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(bytes.count, 1)) { out -> Result? in
                var count = 0
                guard asciiNormalize(bytes, into: out, count: &count) else { return nil }
                return body(UnsafeBufferPointer(rebasing: out[0..<count]))
            }
        }
    }

    /// Writes the normal form of the ASCII `bytes` to `out` (at most as long), its length in `count`;
    /// false when a byte is not ASCII.
    private static func asciiNormalize(
        _ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>, count: inout Int
    ) -> Bool {
        var pendingSpace = false
        func emit(_ byte: UInt8) {
            if pendingSpace, count > 0 {
                out[count] = 32
                count += 1
            }
            pendingSpace = false
            out[count] = byte
            count += 1
        }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 0x80 else { return false }
            if isDigit(byte) {
                // The whole number, with the separators (. , ' and space) that a digit follows.
                index += 1
                while index < bytes.count {
                    let next = bytes[index]
                    if isDigit(next) {
                        index += 1
                    } else if next == 46 || next == 44 || next == 39 || next == 32, index + 1 < bytes.count,
                        isDigit(bytes[index + 1])
                    {
                        index += 2
                    } else {
                        break
                    }
                }
                emit(35)
                continue
            }
            index += 1
            if byte >= 65, byte <= 90 {
                emit(byte + 32)
            } else if byte >= 97, byte <= 122 {
                emit(byte)
            } else {
                // Whitespace, controls, punctuation and symbols: separators, not content.
                pendingSpace = true
            }
        }
        return true
    }

    /// `normalizedText(_:)` of any text: folded by Foundation, then scalar by scalar.
    static func foldedNormalizedText(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
        let scalars = Array(folded.unicodeScalars)
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        var index = 0
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.numericType != nil }
        func isNumberSeparator(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case ".", ",", "'", "\u{2019}", " ", "\u{00A0}", "\u{202F}", "\u{066B}", "\u{066C}": return true
            default: return false
            }
        }
        func emit(_ scalar: Unicode.Scalar) {
            if pendingSpace, !out.isEmpty { out.append(" ") }
            pendingSpace = false
            out.append(scalar)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if isDigit(scalar) {
                // Swallow the whole number, including separators followed by another digit.
                index += 1
                while index < scalars.count {
                    if isDigit(scalars[index]) {
                        index += 1
                    } else if isNumberSeparator(scalars[index]), index + 1 < scalars.count, isDigit(scalars[index + 1])
                    {
                        index += 2
                    } else {
                        break
                    }
                }
                emit("#")
                continue
            }
            index += 1
            let properties = scalar.properties
            if properties.isWhitespace || properties.generalCategory == .control {
                pendingSpace = true
            } else if properties.isAlphabetic || properties.generalCategory == .nonspacingMark {
                emit(scalar)
            } else {
                // Punctuation, symbols, emoji: separators, not content.
                pendingSpace = true
            }
        }
        return String(out)
    }
}
