import Foundation

/// Which audits read alike and which language each was audited in, told from the words of their
/// flagged texts: what lets texts pair by place although they read otherwise (`WarningMatcher`'s
/// geometry stage, a standing warning continued in its translation, `continueStanding`), and what a
/// clipped text's re-audit depends on (`ScreenConfiguration.language`).
///
/// **Wordings** are numbers, 0 the first audit's. The history knows, per screen, the words its audits
/// showed in each wording. A new audit reads as the wording whose words explain at least half of its
/// texts on screens the history knows (a text is explained when most of its words are known; texts
/// that read alike, "45 min" and "60 min", count once); when none does and at least
/// `JudgementTolerance.languageTexts` texts were asked, it reads in a new wording (another language, or
/// another month's rows); when no text is asked (a screen never audited, texts without words) it reads
/// as the audit before it. Words are runs of two letters or more (`IssueFingerprint.normalizedText`),
/// month and weekday names left out.
///
/// **Languages** are named by what knows them: the string catalogs and the system's own titles
/// (`StringTranslations.languagesShowing`), then the Inspector's own titles. An audit's language is the
/// one most of its known texts are given in. With no known text, the Inspector's titles tell: the
/// Inspector writes each error code's title in the device's language, so an audit whose titles for error
/// codes seen before are all other titles is in another language (named by the catalogs' name for those
/// titles once an audit named both, else `inspector N`); titles as before keep the language of the audit
/// before it. A new wording alone (another month's rows) is not another language, so a clip fixed that
/// month is seen.
struct AuditLanguages: Sendable {
    /// Per audit, in the order they were added: its wording. The walk's judging thread appends what the
    /// matching thread's copy decided (`HistoryJudgement.walk`), as it does `language`.
    var wording: [Int] = []
    /// Per audit: its language as the catalogs or the system's titles name it; nil when none did yet.
    var language: [String?] = []
    /// How many wordings are known.
    private var known = 0
    /// Per normalised screen group, per wording: the numbers of the words its audits showed; at most
    /// `JudgementTolerance.wordingsKept` wordings per screen, the ones its audits read in last.
    private var vocabulary: [String: [Int: Set<Int>]] = [:]
    /// Per normalised screen group: its wordings in `vocabulary`, the one read in last at the end.
    private var recent: [String: [Int]] = [:]
    /// Each word's number, and each text's words, worked out once (texts recur from audit to audit).
    private var numberOfWord: [Substring: Int] = [:]
    private var wordsOfText: [String: [Int]] = [:]
    /// The languages the catalogs and the system's titles give each text in, worked out once.
    private var languagesOfText: [String: Set<String>] = [:]
    /// The Inspector's languages, as its reports showed them: per language, each error code's title.
    private var inspectorTitles: [[Int: String]] = []
    /// Per audit: its Inspector language (an index into `inspectorTitles`), nil when no title told one.
    private var inspector: [Int?] = []
    /// Per Inspector language: the name the catalogs gave an audit whose titles were in it.
    private var inspectorNamed: [Int: String] = [:]

    /// A text as wordings are told: its screen and its words (their numbers, sorted).
    private struct Text: Hashable {
        var group: String
        var words: [Int]
    }

    /// Adds the audit `side` shows (its screens as the judgement identified them), after the audit at
    /// position `previous` (nil for the first), with the languages `translations` know.
    mutating func add(_ side: WarningMatcher.Prepared, previous: Int?, translations: StringTranslations) {
        // Texts that read alike ("45 min", "60 min": one word, `min`) count once.
        var texts: [Text] = []
        var seen = Set<Text>()
        var votes: [String: Int] = [:]
        for index in side.issues.indices where side.hasWords[index] && !side.isRepeat[index] {
            guard let text = side.issues[index].elementText else { continue }
            let made = Text(group: side.group[index], words: words(of: text))
            if !made.words.isEmpty, seen.insert(made).inserted { texts.append(made) }
            if languagesOfText[text] == nil { languagesOfText[text] = translations.languagesShowing(text) }
            for code in languagesOfText[text]! { votes[code, default: 0] += 1 }
        }
        let made = self.wording(of: texts, previous: previous.map { wording[$0] })
        wording.append(made)
        learn(texts, in: made)
        let most = votes.values.max() ?? 0
        let named = votes.filter { $0.value == most }.keys
        let spoken = inspectorLanguage(of: side)
        inspector.append(spoken ?? previous.flatMap { inspector[$0] })
        if most > 0, named.count == 1 {
            if let spoken { inspectorNamed[spoken] = named.first! }
            language.append(named.first!)
        } else if let spoken, previous.map({ inspector[$0] != spoken || language[$0] == nil }) ?? true {
            language.append(inspectorNamed[spoken] ?? Self.inspectorPrefix + String(spoken))
        } else {
            language.append(previous.flatMap { language[$0] })
        }
    }

    /// The Inspector language `side`'s titles are in: the known one whose titles most of its error codes
    /// share, a new one when error codes seen before all have other titles; nil when no error code was
    /// seen before (or none has a title), and for the first audit with titles, the first language.
    private mutating func inspectorLanguage(of side: WarningMatcher.Prepared) -> Int? {
        var titles: [Int: String] = [:]
        for issue in side.issues where !issue.title.isEmpty {
            if let code = issue.errorCode { titles[code] = issue.title }
        }
        guard !titles.isEmpty else { return nil }
        var best: (language: Int, same: Int)?
        var seenBefore = inspectorTitles.isEmpty
        for (language, known) in inspectorTitles.enumerated() {
            let shared = titles.filter { known[$0.key] != nil }
            seenBefore = seenBefore || !shared.isEmpty
            let same = shared.filter { known[$0.key] == $0.value }.count
            if same > (best?.same ?? 0) { best = (language, same) }
        }
        if let best {
            inspectorTitles[best.language].merge(titles) { known, _ in known }
            return best.language
        }
        guard seenBefore else { return nil }
        inspectorTitles.append(titles)
        return inspectorTitles.count - 1
    }

    /// Adds the words of `texts` to their screens' vocabulary in `wording`, the screen's latest; a screen's
    /// wording not read in for longest is forgotten past `JudgementTolerance.wordingsKept` (a feed whose rows
    /// are new every day reads in a new wording each audit: the history does not weigh all of them).
    private mutating func learn(_ texts: [Text], in wording: Int) {
        for group in Set(texts.map(\.group)) {
            var order = recent[group, default: []]
            order.removeAll { $0 == wording }
            order.append(wording)
            if order.count > JudgementTolerance.wordingsKept { vocabulary[group]?[order.removeFirst()] = nil }
            recent[group] = order
        }
        for text in texts { vocabulary[text.group, default: [:]][wording, default: []].formUnion(text.words) }
    }

    /// The wording of an audit showing `texts`, after one in `previous`.
    private mutating func wording(of texts: [Text], previous: Int?) -> Int {
        var asked = 0
        var explained: [Int: Int] = [:]
        for text in texts {
            guard let wordings = vocabulary[text.group], !wordings.isEmpty else { continue }
            asked += 1
            for (wording, known) in wordings where text.words.filter(known.contains).count * 2 > text.words.count {
                explained[wording, default: 0] += 1
            }
        }
        let kept = previous ?? 0
        if known == 0 { known = 1 }
        guard asked > 0 else { return kept }
        let most = explained.values.max() ?? 0
        if most > 0, most * 2 >= asked {
            return explained[kept] == most ? kept : explained.filter { $0.value == most }.keys.min()!
        }
        guard asked >= JudgementTolerance.languageTexts else { return kept }
        known += 1
        return known - 1
    }

    /// The numbers of the words of `text`, sorted.
    private mutating func words(of text: String) -> [Int] {
        if let made = wordsOfText[text] { return made }
        var made: [Int] = []
        for word in IssueFingerprint.normalizedText(text).split(separator: " ")
        where word.count >= 2 && word.contains(where: \.isLetter) && !WarningMatcher.dateWords.contains(String(word)) {
            let number = numberOfWord[word] ?? numberOfWord.count
            numberOfWord[word] = number
            if !made.contains(number) { made.append(number) }
        }
        made.sort()
        wordsOfText[text] = made
        return made
    }

    /// Whether the audits at positions `a` and `b` read otherwise: another wording, or another language.
    func differ(_ a: Int, _ b: Int) -> Bool {
        guard wording[a] == wording[b] else { return true }
        guard let first = named(language[a]), let second = named(language[b]) else { return false }
        return first != second
    }

    /// The name the history gives `language` now: an Inspector language (`inspector N`) that the catalogs
    /// named since (an audit in it showed texts they give in one language) goes by the catalogs' name, so
    /// a clip flagged before the name was known is re-audited in that language.
    func named(_ language: String?) -> String? {
        guard let language, language.hasPrefix(Self.inspectorPrefix),
            let number = Int(language.dropFirst(Self.inspectorPrefix.count)), let name = inspectorNamed[number]
        else { return language }
        return name
    }

    /// How a language only the Inspector's titles tell is named, before its number.
    private static let inspectorPrefix = "inspector "

    /// Whether `new` reads otherwise than `old`, as a history of these two audits alone tells.
    static func differ(
        _ old: WarningMatcher.Prepared, _ new: WarningMatcher.Prepared, translations: StringTranslations
    ) -> Bool {
        var languages = AuditLanguages()
        languages.add(old, previous: nil, translations: translations)
        languages.add(new, previous: 0, translations: translations)
        return languages.differ(0, 1)
    }
}

/// The wordings and languages read so far, as the judgement's stored state keeps them
/// (`JudgementState`): each text's words are worked out again when asked (their numbers are kept).
extension AuditLanguages: Codable {
    private enum CodingKeys: String, CodingKey {
        case wording, language, known, vocabulary, recent, words, inspectorTitles, inspector, inspectorNamed
    }

    init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        wording = try values.decode([Int].self, forKey: .wording)
        language = try values.decode([String?].self, forKey: .language)
        known = try values.decode(Int.self, forKey: .known)
        vocabulary = try values.decode([String: [Int: Set<Int>]].self, forKey: .vocabulary)
        recent = try values.decode([String: [Int]].self, forKey: .recent)
        let words = try values.decode([String: Int].self, forKey: .words)
        numberOfWord = Dictionary(uniqueKeysWithValues: words.map { (Substring($0.key), $0.value) })
        inspectorTitles = try values.decode([[Int: String]].self, forKey: .inspectorTitles)
        inspector = try values.decode([Int?].self, forKey: .inspector)
        inspectorNamed = try values.decode([Int: String].self, forKey: .inspectorNamed)
    }

    func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(wording, forKey: .wording)
        try values.encode(language, forKey: .language)
        try values.encode(known, forKey: .known)
        // Sets and keys in one order: the same history stores the same bytes.
        try values.encode(vocabulary.mapValues { $0.mapValues { $0.sorted() } }, forKey: .vocabulary)
        try values.encode(recent, forKey: .recent)
        try values.encode(
            Dictionary(uniqueKeysWithValues: numberOfWord.map { (String($0.key), $0.value) }), forKey: .words)
        try values.encode(inspectorTitles, forKey: .inspectorTitles)
        try values.encode(inspector, forKey: .inspector)
        try values.encode(inspectorNamed, forKey: .inspectorNamed)
    }
}
