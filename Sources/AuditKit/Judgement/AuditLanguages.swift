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
/// **Languages** are named only by what knows them: the string catalogs and the system's own titles
/// (`StringTranslations.languagesShowing`). An audit's language is the one most of its known texts are
/// given in; an audit with no known text keeps the language of the audit before it. A new wording alone
/// (another month's rows) is not another language, so a clip fixed that month is seen.
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
            for code in translations.languagesShowing(text) { votes[code, default: 0] += 1 }
        }
        let made = self.wording(of: texts, previous: previous.map { wording[$0] })
        wording.append(made)
        learn(texts, in: made)
        let most = votes.values.max() ?? 0
        let named = votes.filter { $0.value == most }.keys
        language.append(most > 0 && named.count == 1 ? named.first! : previous.flatMap { language[$0] })
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
        wording[a] != wording[b] || (language[a] != nil && language[b] != nil && language[a] != language[b])
    }

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
        case wording, language, known, vocabulary, recent, words
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
    }
}
