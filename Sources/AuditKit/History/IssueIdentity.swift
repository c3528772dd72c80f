import Foundation

/// The string catalogs read as a table from an element's text to the localization keys that show it,
/// in any language: what lets `WarningMatcher` see that `Aktive Budgets` and `Active Budgets` are one
/// label even when neither report was mapped.
///
/// Texts are compared in the fingerprint's normal form (`IssueFingerprint.normalizedText`), with a
/// catalog value's format specifiers (`%lld`, `%@`, `%1$@`) standing for a number, so `3 Budgets`
/// shows the key `%lld Budgets`.
public struct StringTranslations: Sendable {
    private var keysByText: [String: [String]] = [:]
    private var languagesByText: [String: Set<String>] = [:]

    /// No catalogs: every lookup finds nothing.
    public static let none = StringTranslations([])

    /// The table of `strings` (from `SourceIndex.localizedStrings`).
    public init(_ strings: [LocalizedString]) {
        var keys: [String: Set<String>] = [:]
        for entry in strings {
            let text = StringTranslations.catalogForm(entry.value)
            guard !text.isEmpty else { continue }
            keys[text, default: []].insert(entry.key)
            if let language = entry.language { languagesByText[text, default: []].insert(language) }
        }
        keysByText = keys.mapValues { $0.sorted() }
    }

    /// Whether the table is empty.
    public var isEmpty: Bool { keysByText.isEmpty }

    /// The SHA-256 of the whole table (each text with its keys and languages, in text order): equal
    /// digests, equal tables. Empty tables digest alike.
    public var digest: String {
        var hash = SHA256()
        for text in keysByText.keys.sorted() {
            let languages = (languagesByText[text] ?? []).sorted().joined(separator: ",")
            hash.update(Data("\(text)\t\(keysByText[text]!.joined(separator: ","))\t\(languages)\n".utf8))
        }
        return hash.finalizeHex()
    }

    /// The keys whose value in some language is `text`, sorted.
    public func keys(showing text: String) -> [String] {
        guard !keysByText.isEmpty else { return [] }
        return keysByText[IssueFingerprint.normalizedText(text)] ?? []
    }

    /// The languages in which some key's value is `text`.
    public func languages(of text: String) -> Set<String> {
        guard !languagesByText.isEmpty else { return [] }
        return languagesByText[IssueFingerprint.normalizedText(text)] ?? []
    }

    /// Whether `x` and `y` are given only in different languages: two translations, not two texts. The
    /// languages of a text are those the catalogs give it and those in which the system titles its own
    /// items so (`SystemItemTitles`: "Edit" in English, "Modifier" in French), which no catalog holds.
    func translatedApart(_ x: String, _ y: String) -> Bool {
        let a = languagesShowing(x)
        let b = languagesShowing(y)
        return !a.isEmpty && !b.isEmpty && a.isDisjoint(with: b)
    }

    /// The languages in which the catalogs give `text` or the system titles one of its items so.
    func languagesShowing(_ text: String) -> Set<String> {
        languages(of: text).union(Self.systemLanguages[IssueFingerprint.normalizedText(text)] ?? [])
    }

    /// The languages in which the system titles one of its items with each text (normalised).
    private static let systemLanguages: [String: Set<String>] = {
        var languages: [String: Set<String>] = [:]
        for forms in SystemItemTitles.titles.values {
            for (language, title) in forms {
                languages[IssueFingerprint.normalizedText(title), default: []].insert(language)
            }
        }
        return languages
    }()

    /// `text` with each printf-style format specifier replaced by `1`, then normalised as fingerprints
    /// normalise element text (so the specifier becomes the `#` a number in a label becomes).
    static func catalogForm(_ text: String) -> String {
        guard text.contains("%") else { return IssueFingerprint.normalizedText(text) }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        let flags: Set<Unicode.Scalar> = ["-", "+", " ", "0", "#", "'"]
        let lengths: Set<Unicode.Scalar> = ["h", "l", "q", "L", "z", "t", "j"]
        let conversions = Set("@dDiuUxXoOfFeEgGcCsSpaA".unicodeScalars)
        while index < scalars.count {
            guard scalars[index] == "%", index + 1 < scalars.count else {
                out.append(scalars[index])
                index += 1
                continue
            }
            var cursor = index + 1
            if scalars[cursor] == "%" {
                out.append("%")
                index = cursor + 1
                continue
            }
            // Positional `1$`, flags, width, precision, length, conversion.
            var digits = cursor
            while digits < scalars.count, ("0"..."9").contains(scalars[digits]) { digits += 1 }
            if digits > cursor, digits < scalars.count, scalars[digits] == "$" { cursor = digits + 1 }
            while cursor < scalars.count, flags.contains(scalars[cursor]) { cursor += 1 }
            while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) || scalars[cursor] == "." {
                cursor += 1
            }
            while cursor < scalars.count, lengths.contains(scalars[cursor]) { cursor += 1 }
            if cursor < scalars.count, conversions.contains(scalars[cursor]) {
                out.append("1")
                index = cursor + 1
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        return IssueFingerprint.normalizedText(String(out))
    }
}

/// What identifies an issue's text independently of the device language, found when a history
/// entry is made: the localization key its text shows (from the string catalogs) and the source
/// literal its mapping points at (file and the literal as written in code).
struct IssueIdentity {
    private let translations: StringTranslations
    private let literals: [SourceLocation: IndexedLiteral]

    /// The identity finder over `sources`' catalogs and literals; finds nothing without sources.
    init(sources: SourceIndex?) {
        translations = StringTranslations(sources?.localizedStrings ?? [])
        var literals: [SourceLocation: IndexedLiteral] = [:]
        for literal in sources?.literals ?? [] where literals[literal.location] == nil {
            literals[literal.location] = literal
        }
        self.literals = literals
    }

    /// The catalog key `issue`'s text shows: the mapped literal when it is one of the keys, else the
    /// first key in sorted order; nil when no catalog shows the text.
    func key(of issue: Issue, mapping: IssueMapping?) -> String? {
        guard let text = issue.elementText, !text.isEmpty else { return nil }
        let keys = translations.keys(showing: text)
        guard let first = keys.first else { return nil }
        if let code = mapping?.location.flatMap({ literals[$0] })?.literal.displayText, keys.contains(code) {
            return HistoryIssue.capped(code)
        }
        return HistoryIssue.capped(first)
    }

    /// `file<TAB>literal` for the source literal `mapping` points at, when the index has one there.
    func literal(of mapping: IssueMapping?) -> String? {
        guard let location = mapping?.location, let found = literals[location] else { return nil }
        return HistoryIssue.capped(found.file + "\t" + found.literal.displayText)
    }
}

/// A 64-bit difference hash (dHash) of a thumbnail's decoded pixels: the image shrunk to 9 × 8 grey
/// values, one bit per horizontal neighbour pair (left brighter than right). Two crops of the same
/// element give hashes a few bits apart whatever the JPEG quality; different elements differ in
/// many bits.
public enum ImageHash {
    /// The hash of `image`, or nil when it is not a usable JPEG.
    public static func dHash(_ image: ReportImage) -> UInt64? {
        guard image.isUsable, let raster = try? JPEGCodec.decode(image.data, minimumWidth: 9, minimumHeight: 8)
        else { return nil }
        return dHash(raster)
    }

    /// The hash of `raster`.
    public static func dHash(_ raster: Raster) -> UInt64? {
        guard raster.width > 0, raster.height > 0 else { return nil }
        let small = raster.resampled(width: 9, height: 8)
        var bits: UInt64 = 0
        for y in 0..<8 {
            for x in 0..<8 {
                func grey(_ x: Int) -> Int {
                    let offset = (y * 9 + x) * 4
                    return Int(small.pixels[offset]) * 299 + Int(small.pixels[offset + 1]) * 587
                        + Int(small.pixels[offset + 2]) * 114
                }
                bits = bits << 1 | (grey(x) > grey(x + 1) ? 1 : 0)
            }
        }
        return bits
    }

    /// The hash as 16 lowercase hex digits, as the history keeps it.
    public static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash of 16 hex digits, or nil when `text` is not that.
    public static func parse(_ text: String) -> UInt64? {
        guard text.utf8.count == 16 else { return nil }
        return UInt64(text, radix: 16)
    }

    /// How many bits two hashes differ in.
    public static func distance(_ a: UInt64, _ b: UInt64) -> Int { (a ^ b).nonzeroBitCount }
}
