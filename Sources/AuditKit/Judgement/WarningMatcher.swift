import Foundation

/// Which stage of `WarningMatcher` decided that two warnings are the same.
public enum MatchStage: String, Sendable, Hashable, Codable, CaseIterable {
    /// Same fingerprint: same test type, normalised text and screen group.
    case fingerprint
    /// Same localization key or source literal (the history's `key` / `literal`), or texts the
    /// string catalogs give as translations of one key.
    case key
    /// Same test type at the same place on the same screen, after allowing for the screen's overall
    /// shift.
    case geometry
    /// Text-less elements whose thumbnails look alike (perceptual hash).
    case image

    /// How a pair made by this stage is described to people: `same element by key`.
    public var phrase: String {
        switch self {
        case .fingerprint: return "same warning"
        case .key: return "same element by its localization key or source literal"
        case .geometry: return "same element by its place on the screen"
        case .image: return "same element by its thumbnail"
        }
    }

    /// What recognised the element, in a count: `localization key` (`3 recognised by localization key`).
    public var clue: String {
        switch self {
        case .fingerprint: return "fingerprint"
        case .key: return "localization key"
        case .geometry: return "place on the screen"
        case .image: return "thumbnail"
        }
    }
}

/// The result of matching the issues of an older report against a newer one.
public struct IssueMatching: Sendable, Hashable {
    /// Index pairs `(old, new)` of issues that are the same warning, ordered by the new index.
    public var pairs: [MatchedPair]
    /// Indexes into the old issues that have no partner: resolved warnings, in old order.
    public var unmatchedOld: [Int]
    /// Indexes into the new issues that have no partner: new warnings, in new order.
    public var unmatchedNew: [Int]
    /// Old issues that repeat an earlier issue of their own report (same type, text, screen and rect):
    /// the Inspector's repeats, which neither match nor resolve.
    public var repeatsOld: [Int]
    /// New issues that repeat an earlier issue of their own report; they are never new.
    public var repeatsNew: [Int]
    /// The screen groups (normalised, `WarningMatcher.groupKey`) of the newer report that changed
    /// language since the older one, as the geometry stage decided: the one test of a language change.
    public var changedLanguage: Set<String> = []

    /// Creates a matching.
    public init(
        pairs: [MatchedPair], unmatchedOld: [Int], unmatchedNew: [Int], repeatsOld: [Int] = [],
        repeatsNew: [Int] = [], changedLanguage: Set<String> = []
    ) {
        self.pairs = pairs
        self.unmatchedOld = unmatchedOld
        self.unmatchedNew = unmatchedNew
        self.repeatsOld = repeatsOld
        self.repeatsNew = repeatsNew
        self.changedLanguage = changedLanguage
    }
}

/// Two indexes, one into each report's issues, that are the same warning, and the stage that said so.
public struct MatchedPair: Sendable, Hashable {
    /// Index into the old issues.
    public var old: Int
    /// Index into the new issues.
    public var new: Int
    /// The stage that made the pair.
    public var stage: MatchStage

    /// Creates a pair.
    public init(old: Int, new: Int, stage: MatchStage = .fingerprint) {
        self.old = old
        self.new = new
        self.stage = stage
    }
}

/// Decides which issues of two reports are the same warning, in stages; each stage only sees what the
/// stages before it left unmatched, and every pair remembers its stage (`MatchStage`):
///
/// 1. **fingerprint**: equal fingerprints, as multisets (three identical warnings that become two
///    count two residual and one resolved). A fingerprint that occurs once on each side with the same
///    exact text pairs at once (with another value, such as "1 kg" and "2 kg", only where the screen's
///    layout leaves the older element on the screen); those pairs give each screen's **shift** (the median movement of their rects, after
///    scaling to the newer screen's size), and fingerprints that occur several times (three
///    text-less chevrons) are then paired by one optimal assignment of their shifted rects; of what
///    that leaves, text-less look-alikes whose thumbnails match pair by **image**, and the rest by
///    count in order of position.
/// 2. **key**: the same test type and screen group, and a shared localization key or source literal
///    (kept in the history when sources were given), or texts the string catalogs give as values of
///    one key in any two languages.
/// 3. **geometry**: on the same screen (screen group and its occurrence in the report), the same
///    test type at the same place after the shift; one optimal assignment per screen. Text-less
///    elements always qualify; elements with text only when the audit changed language (its words
///    are not the screen's earlier ones, `AuditLanguages`; or the key stage paired texts the catalogs
///    translate) or most of its texts were rewritten (another month's rows: at least three texts with
///    letters on each side, most of them unmatched so far), when the catalogs put the two
///    texts in different languages, or when the texts differ only in numbers and month or weekday
///    names. So a label whose text really changed stays new + resolved.
/// 4. **image**: text-less elements of the same test type and screen group whose thumbnails' dHashes
///    differ in at most `imageTolerance` bits.
///
/// Before matching, an issue that repeats an earlier one of its own report (same test type, element
/// text, screen and rect: the Inspector's repeats) is set aside: it neither matches nor resolves.
public enum WarningMatcher {
    /// How far (points, per coordinate) a rect may be from where the screen's layout puts it and still be
    /// the same place (`JudgementTolerance.place`).
    public static let rectTolerance = JudgementTolerance.place

    /// The most bits two thumbnails' hashes may differ in and still be the same element
    /// (`JudgementTolerance.image`).
    public static let imageTolerance = JudgementTolerance.image

    /// Matches `old` against `new`, issues without screens: every issue's screen is its screen group.
    public static func match(old: [HistoryIssue], new: [HistoryIssue], translations: StringTranslations = .none)
        -> IssueMatching
    {
        let oldSide = Prepared(issues: old, screens: [])
        let newSide = Prepared(issues: new, screens: [])
        return match(
            old: oldSide, new: newSide, groups: nil, translations: translations,
            changedLanguage: AuditLanguages.differ(oldSide, newSide, translations: translations))
    }

    /// Matches the issues of `old` against those of `new` on the screen groups in `groups` (normalised
    /// names, `Prepared.groupKey`; nil for all).
    public static func match(
        old: HistoryEntry, new: HistoryEntry, groups: Set<String>? = nil, translations: StringTranslations = .none
    ) -> IssueMatching {
        let oldSide = Prepared(old)
        let newSide = Prepared(new)
        return match(
            old: oldSide, new: newSide, groups: groups, translations: translations,
            changedLanguage: AuditLanguages.differ(oldSide, newSide, translations: translations))
    }

    /// How far apart two rects are: the largest difference of x, y, width and height; infinite
    /// when either is missing.
    public static func rectDistance(_ a: Rect?, _ b: Rect?) -> Double {
        guard let a, let b else { return .infinity }
        let distance = max(abs(a.x - b.x), abs(a.y - b.y), abs(a.width - b.width), abs(a.height - b.height))
        return distance.isNaN ? .infinity : distance
    }

    // MARK: Prepared entries

    /// A screen of a report as matching sees it: its group and which occurrence of that group it is.
    struct SlotKey: Hashable {
        var group: String
        var occurrence: Int
    }

    /// What matching needs of one report, computed once (trend matches each report twice).
    struct Prepared {
        let issues: [HistoryIssue]
        /// Per issue: its normalised screen group.
        var group: [String]
        /// Per issue: its screen.
        var slot: [SlotKey]
        /// The screens, each once; `slotID` indexes them.
        var slotKeys: [SlotKey] = []
        /// Per issue: the index of its screen in `slotKeys`.
        var slotID: [Int] = []
        /// Per screen of `slotKeys`: its size in points, when known.
        var slotSizes: [(width: Double, height: Double)?] = []
        /// Per screen of `slotKeys`: its normalised screen group.
        var slotGroups: [String] = []
        /// Per issue: whether it repeats an earlier issue of the report.
        var isRepeat: [Bool]
        /// Per issue that repeats an earlier issue of the report: that issue's index.
        var repeatOf: [Int?]
        /// Per issue: whether it has element text (not only white space).
        var hasText: [Bool]
        /// Per issue: whether its text has letters, so that it could read differently in another
        /// language (`9:41` and `$4,310.00` read the same in every language).
        var hasWords: [Bool]
        /// Per issue: the catalog keys its text shows, once `withCatalogKeys` computed them.
        var catalogKeys: [[String]]?
        /// Issue indexes sorted by fingerprint.
        var byFingerprint: [Int]
        /// The normalised screen groups the report covered.
        var covered: Set<String>

        init(_ entry: HistoryEntry) {
            self.init(issues: entry.issues, screens: entry.screens)
        }

        /// `issueGroups` and `screenGroups`, when given, stand for the issues' and screens' group names
        /// (the screen identities a judgement decided, without copying the entry to rename them).
        init(
            issues: [HistoryIssue], screens: [HistoryScreen], issueGroups: [String]? = nil,
            screenGroups: [String]? = nil
        ) {
            self.issues = issues
            var names: [String: String] = [:]
            // Neighbouring issues are mostly on one screen: the last name looked up is asked first.
            var last: (group: String, key: String)?
            func key(_ group: String) -> String {
                if let last, last.group == group { return last.key }
                let made: String
                if let known = names[group] {
                    made = known
                } else {
                    made = groupKey(group)
                    names[group] = made
                }
                last = (group, made)
                return made
            }
            group = issueGroups.map { $0.map(key) } ?? issues.map { key($0.screenGroup) }
            let screenGroups = screenGroups ?? screens.map(\.group)
            // Each issue read in place (`issues[index]`), not copied.
            var hasText = [Bool](repeating: false, count: issues.count)
            var hasWords = [Bool](repeating: false, count: issues.count)
            for index in issues.indices {
                guard let text = issues[index].elementText else { continue }
                hasText[index] = WarningMatcher.hasText(text)
                hasWords[index] = WarningMatcher.hasWords(text)
            }
            self.hasText = hasText
            self.hasWords = hasWords
            let screenKeys = screenGroups.map(key)
            var covered = Set(screenKeys)
            for (index, name) in group.enumerated() where index == 0 || name != group[index - 1] {
                covered.insert(name)
            }
            self.covered = covered
            let (slot, sizes) = Self.slots(group: group, screens: screens, screenGroups: screenKeys)
            self.slot = slot
            byFingerprint = WarningMatcher.fingerprintOrder(issues)
            isRepeat = [Bool](repeating: false, count: issues.count)
            repeatOf = [Int?](repeating: nil, count: issues.count)
            numberSlots(sizes: sizes)
            markRepeats()
        }

        /// Each issue's screen (`group` per issue, in report order; each screen says how many issues it
        /// has) and each screen's size when known. Without counts that add up, every issue of a group is
        /// on its first screen of that group.
        static func slots(group: [String], screens: [HistoryScreen], screenGroups: [String])
            -> (slot: [SlotKey], sizes: [SlotKey: (width: Double, height: Double)])
        {
            var slot = group.map { SlotKey(group: $0, occurrence: 0) }
            var sizes: [SlotKey: (width: Double, height: Double)] = [:]
            guard screens.reduce(0, { $0 + $1.issueCount }) == group.count else { return (slot, sizes) }
            var occurrences: [String: Int] = [:]
            var start = 0
            for (screen, name) in zip(screens, screenGroups) {
                let occurrence = occurrences[name, default: 0]
                occurrences[name] = occurrence + 1
                for index in start..<(start + screen.issueCount) {
                    slot[index] = SlotKey(group: group[index], occurrence: occurrence)
                }
                if let width = screen.width, let height = screen.height {
                    sizes[SlotKey(group: name, occurrence: occurrence)] = (width, height)
                }
                start += screen.issueCount
            }
            return (slot, sizes)
        }

        /// Numbers the screens (`slotKeys`, `slotID`) and keeps each one's size and group.
        mutating func numberSlots(sizes: [SlotKey: (width: Double, height: Double)]) {
            var ids: [SlotKey: Int] = [:]
            var keys: [SlotKey] = []
            var slotIDs: [Int] = []
            slotIDs.reserveCapacity(issues.count)
            // Neighbouring issues are mostly on one screen: the last key is compared before hashing.
            var previous: (key: SlotKey, id: Int)?
            for key in slot {
                if let previous, previous.key == key {
                    slotIDs.append(previous.id)
                    continue
                }
                if let known = ids[key] {
                    slotIDs.append(known)
                    previous = (key, known)
                } else {
                    previous = (key, keys.count)
                    ids[key] = keys.count
                    slotIDs.append(keys.count)
                    keys.append(key)
                }
            }
            slotID = slotIDs
            slotKeys = keys
            slotSizes = keys.map { sizes[$0] }
            slotGroups = keys.map(\.group)
        }

        /// Marks each issue that repeats an earlier one of the report (same screen, type, text and rect):
        /// runs of one fingerprint in `byFingerprint` are compared within themselves only.
        mutating func markRepeats() {
            var runStart = 0
            while runStart < byFingerprint.count {
                var runEnd = runStart + 1
                while runEnd < byFingerprint.count,
                    issues[byFingerprint[runEnd]].fingerprint == issues[byFingerprint[runStart]].fingerprint
                {
                    runEnd += 1
                }
                if runEnd - runStart > 1 {
                    // Ties in `byFingerprint` are in report order, so the first index seen is the original.
                    var seen: [RepeatKey: Int] = [:]
                    for index in byFingerprint[runStart..<runEnd] {
                        guard let rect = issues[index].rect else { continue }
                        let repeatKey = RepeatKey(
                            slot: slot[index], type: issues[index].testType.key, text: issues[index].elementText ?? "",
                            rect: rect)
                        if let first = seen[repeatKey] {
                            isRepeat[index] = true
                            repeatOf[index] = first
                        } else {
                            seen[repeatKey] = index
                        }
                    }
                }
                runStart = runEnd
            }
        }

        /// This report with the catalog keys of each issue's text looked up once (reused by every
        /// matching of the report, as in a trend).
        func withCatalogKeys(_ translations: StringTranslations) -> Prepared {
            var cache: [String: [String]] = [:]
            return withCatalogKeys(translations, cache: &cache)
        }

        /// The same, remembering each text's keys in `cache` for the next report (most texts recur).
        func withCatalogKeys(_ translations: StringTranslations, cache: inout [String: [String]]) -> Prepared {
            guard !translations.isEmpty, catalogKeys == nil else { return self }
            var copy = self
            copy.catalogKeys = issues.indices.map { index in
                guard hasText[index], let text = issues[index].elementText else { return [] }
                if let known = cache[text] { return known }
                let found = translations.keys(showing: text)
                cache[text] = found
                return found
            }
            return copy
        }

        /// The rect of issue `index` in the coordinates of a screen of size `target` (scaled when
        /// both sizes are known).
        func rect(_ index: Int, scaledTo target: (width: Double, height: Double)?) -> Rect? {
            guard let rect = issues[index].rect else { return nil }
            guard let target, let own = slotSizes[slotID[index]],
                own.width != target.width || own.height != target.height
            else { return rect }
            let sx = target.width / own.width
            let sy = target.height / own.height
            return Rect(x: rect.x * sx, y: rect.y * sy, width: rect.width * sx, height: rect.height * sy)
        }
    }

    /// Whether `text` has letters, so that it could read differently in another language (`9:41` and
    /// `$4,310.00` read the same in every language).
    static func hasWords(_ text: String) -> Bool {
        var ascii = true
        for byte in text.utf8 {
            if (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A { return true }
            if byte >= 0x80 { ascii = false }
        }
        return !ascii && text.unicodeScalars.contains { $0.properties.isAlphabetic }
    }

    /// Whether `text` shows anything: a character besides white space and controls. A printable ASCII
    /// character settles it at once (no white space begins with one, and none hides one in its
    /// grapheme cluster); only other texts are read character by character.
    static func hasText(_ text: String) -> Bool {
        var printableASCII = false
        var anyAbove = false
        for byte in text.utf8 where byte > 0x20 {
            anyAbove = true
            if byte < 0x7F {
                printableASCII = true
                break
            }
        }
        return printableASCII || (anyAbove && !text.allSatisfy(\.isWhitespace))
    }

    /// Whether every character of `text` is white space (`Character.isWhitespace`); a printable ASCII
    /// character settles it at once (see `hasText(_:)`).
    static func isBlank(_ text: String) -> Bool {
        !text.utf8.contains { $0 > 0x20 && $0 < 0x7F } && text.allSatisfy(\.isWhitespace)
    }

    /// The indexes of `issues` ordered by fingerprint (`IssueFingerprint.precedes(_:)`), ties in
    /// index order: sorted by the fingerprints' numbers, and only a run of equal numbers by their texts.
    static func fingerprintOrder(_ issues: [HistoryIssue]) -> [Int] {
        var keyed = issues.indices.map { (number: issues[$0].fingerprint.number, index: $0) }
        keyed.sort { ($0.number, $0.index) < ($1.number, $1.index) }
        var order = keyed.map(\.index)
        var start = 0
        while start < keyed.count {
            var end = start + 1
            while end < keyed.count, keyed[end].number == keyed[start].number { end += 1 }
            if end - start > 1 {
                order[start..<end].sort {
                    let a = issues[$0].fingerprint
                    let b = issues[$1].fingerprint
                    return a == b ? $0 < $1 : a.precedes(b)
                }
            }
            start = end
        }
        return order
    }

    private struct RepeatKey: Hashable {
        var slot: SlotKey
        var type: String
        var text: String
        var rect: Rect
    }

    /// The name coverage and screens use for a screen group: the fingerprint's normal form.
    public static func groupKey(_ group: String) -> String {
        IssueFingerprint.normalizedText(group)
    }

    /// Indexes of the issues of `entry` that repeat an earlier issue of it (see the type's documentation).
    public static func repeats(in entry: HistoryEntry) -> [Int] {
        let prepared = Prepared(entry)
        return prepared.issues.indices.filter { prepared.isRepeat[$0] }
    }

    // MARK: Matching

    /// Matches `old` against `new` on `groups` (nil for all); `changedLanguage` is whether the newer
    /// audit speaks another language (`AuditLanguages`).
    static func match(
        old: Prepared, new: Prepared, groups: Set<String>?, translations: StringTranslations, changedLanguage: Bool
    ) -> IssueMatching {
        var state = State(old: old, new: new, groups: groups, translations: translations)
        state.languageChanged = changedLanguage
        state.matchFingerprints()
        state.matchKeys()
        state.estimateScrolls()
        state.matchDeferredDuplicates()
        state.matchGeometry()
        state.matchImages()
        return state.result()
    }

    /// Matching in progress.
    private struct State {
        let old: Prepared
        let new: Prepared
        let translations: StringTranslations
        var oldPartner: [Int]
        var newPartner: [Int]
        var stage: [MatchStage?]
        var oldIncluded: [Bool]
        var newIncluded: [Bool]
        let groups: Set<String>?
        /// Per screen of the newer report (`slotID`): where its layout puts the older one's places
        /// (`LayoutTransform`), fitted from the pairs made so far.
        var transform: [LayoutTransform?]
        /// Per screen of the older report: the same screen of the newer one, or -1.
        let oldToNewSlot: [Int]
        /// Per old issue: its rect scaled to the size of the same screen in the newer report, where it is
        /// before a layout is known (a share of each axis).
        let oldRect: [Rect?]
        /// Per screen of the newer report: the size of the same screen in the older one and its own, when
        /// both are known: the layout (`LayoutTransform.fitted`) is fitted and predicts in the older
        /// screen's own coordinates, as the judgement's layouts (`ScreenLayouts`) do.
        let sizes: [(was: (width: Double, height: Double), now: (width: Double, height: Double))?]
        /// Screens of the newer report where the key stage paired two different texts: the catalogs
        /// translated them.
        var translated = Set<Int>()
        /// Whether the newer audit speaks another language than the older one (`AuditLanguages`).
        var languageChanged = false

        init(old: Prepared, new: Prepared, groups: Set<String>?, translations: StringTranslations) {
            self.old = old
            self.new = new
            self.translations = translations
            self.groups = groups
            oldPartner = [Int](repeating: -1, count: old.issues.count)
            newPartner = [Int](repeating: -1, count: new.issues.count)
            stage = [MatchStage?](repeating: nil, count: new.issues.count)
            let oldSlotIn = old.slotGroups.map { groups?.contains($0) ?? true }
            let newSlotIn = new.slotGroups.map { groups?.contains($0) ?? true }
            oldIncluded = old.issues.indices.map { !old.isRepeat[$0] && oldSlotIn[old.slotID[$0]] }
            newIncluded = new.issues.indices.map { !new.isRepeat[$0] && newSlotIn[new.slotID[$0]] }
            var newIDs: [SlotKey: Int] = [:]
            for (id, key) in new.slotKeys.enumerated() { newIDs[key] = id }
            let toNew = old.slotKeys.map { newIDs[$0] ?? -1 }
            oldToNewSlot = toNew
            oldRect = old.issues.indices.map { index in
                let target = toNew[old.slotID[index]]
                return old.rect(index, scaledTo: target >= 0 ? new.slotSizes[target] : nil)
            }
            transform = [LayoutTransform?](repeating: nil, count: new.slotKeys.count)
            var sizes = [(was: (width: Double, height: Double), now: (width: Double, height: Double))?](
                repeating: nil, count: new.slotKeys.count)
            for (slot, target) in toNew.enumerated() where target >= 0 {
                if let was = old.slotSizes[slot], let now = new.slotSizes[target] { sizes[target] = (was, now) }
            }
            self.sizes = sizes
        }

        /// Where the screen's layout puts old `o`'s element in new `n`'s screen (`LayoutTransform.predicted`):
        /// as content, or as a bar's element (`content` false: it keeps its distance from its bar's edge); nil
        /// without a layout of that screen.
        func placed(_ o: Int, toward n: Int, content: Bool = true) -> Rect? {
            let slot = new.slotID[n]
            guard sameScreen(o, n), let layout = transform[slot], let rect = old.issues[o].rect else { return nil }
            guard let size = sizes[slot] else { return layout.apply(rect) }
            return layout.predicted(rect, was: size.was, now: size.now, content: content)
        }

        mutating func pair(_ o: Int, _ n: Int, _ by: MatchStage) {
            oldPartner[o] = n
            newPartner[n] = o
            stage[n] = by
        }

        func oldFree(_ o: Int) -> Bool { oldIncluded[o] && oldPartner[o] < 0 }
        func newFree(_ n: Int) -> Bool { newIncluded[n] && newPartner[n] < 0 }

        /// Whether old issue `o` and new issue `n` are on the same screen.
        func sameScreen(_ o: Int, _ n: Int) -> Bool { oldToNewSlot[old.slotID[o]] == new.slotID[n] }

        /// The old rect of `o`, in the new screen's coordinates and placed by that screen's layout.
        func shiftedOldRect(_ o: Int, toward n: Int) -> Rect? {
            placed(o, toward: n) ?? oldRect[o]
        }

        // Stage 1.
        mutating func matchFingerprints() {
            var duplicates: [(old: [Int], new: [Int])] = []
            var i = 0
            var j = 0
            let oldOrder = old.byFingerprint.filter { oldIncluded[$0] }
            let newOrder = new.byFingerprint.filter { newIncluded[$0] }
            while i < oldOrder.count, j < newOrder.count {
                let a = old.issues[oldOrder[i]].fingerprint
                let b = new.issues[newOrder[j]].fingerprint
                if a.precedes(b) {
                    i += 1
                } else if b.precedes(a) {
                    j += 1
                } else {
                    var iEnd = i + 1
                    while iEnd < oldOrder.count, old.issues[oldOrder[iEnd]].fingerprint == a { iEnd += 1 }
                    var jEnd = j + 1
                    while jEnd < newOrder.count, new.issues[newOrder[jEnd]].fingerprint == a { jEnd += 1 }
                    if iEnd - i == 1, jEnd - j == 1 {
                        // Texts of numbers that fold to one fingerprint must show the same symbols:
                        // "34 %" and "12" are two widgets, not one value that changed.
                        let (was, now) = (old.issues[oldOrder[i]].elementText, new.issues[newOrder[j]].elementText)
                        if was == now {
                            pair(oldOrder[i], newOrder[j], .fingerprint)
                        } else if WarningMatcher.sameSymbols(was, now) {
                            valueChanged.append((oldOrder[i], newOrder[j]))
                        }
                    } else {
                        duplicates.append((Array(oldOrder[i..<iEnd]), Array(newOrder[j..<jEnd])))
                    }
                    i = iEnd
                    j = jEnd
                }
            }
            estimateShifts()
            // A value that changed (one fingerprint, another exact text) is its element only if the screen's
            // layout leaves that element on the screen: "2 kg" scrolled into view is not the "1 kg" row
            // scrolled away under the navigation bar.
            for (o, n) in valueChanged where couldBeShown(o, n) { pair(o, n, .fingerprint) }
            // Text-less look-alikes (chevrons) wait for the key stage: its pairs tell the screen's shift when
            // no text kept its fingerprint (another language), and the look-alikes move with the screen.
            for group in duplicates {
                if group.old.allSatisfy({ !old.hasText[$0] }), group.new.allSatisfy({ !new.hasText[$0] }) {
                    deferred.append(group)
                } else {
                    pairDuplicates(group)
                }
            }
            // A screen whose layout one element told (a shift, no scale) is fitted again from every pair made
            // so far: the look-alikes' rows tell how far they spread (another text size).
            if !duplicates.isEmpty { fitWhereUntold() }
        }

        /// Fits again, from every pair made so far, each screen whose layout fewer than two places told (none
        /// yet, or a shift from one element); keeps the others.
        mutating func fitWhereUntold() {
            guard transform.contains(where: { ($0?.anchors.y.count ?? 0) < 2 }) else { return }
            let told = transform
            estimateShifts()
            for slot in told.indices where told[slot]?.anchors.y.count ?? 0 >= 2 { transform[slot] = told[slot] }
        }

        /// Whether old `o`'s element could be on new `n`'s screen: its place moved by that screen's layout
        /// lies on it (`ScreenLayouts.Prediction.liesOnScreen`); true when no layout or size tells.
        func couldBeShown(_ o: Int, _ n: Int) -> Bool {
            let slot = new.slotID[n]
            guard let layout = transform[slot], let was = old.issues[o].rect, let place = placed(o, toward: n),
                let size = new.slotSizes[slot]
            else { return true }
            let then = sizes[slot].map { ScreenConfiguration(width: $0.was.width, height: $0.was.height) }
            let screen = ScreenConfiguration(width: size.width, height: size.height)
            let prediction = ScreenLayouts.Prediction(
                place: place, margin: layout.uncertainty(of: was),
                underBar: ScreenLayouts.movedUnderABar(was, to: place, then: then ?? screen, now: screen))
            return prediction.liesOnScreen(width: size.width, height: size.height)
        }

        /// Fingerprints found once on each side whose exact values differ, paired by stage 1 only when
        /// the screen's layout leaves the older one on the screen (`couldBeShown`).
        var valueChanged: [(old: Int, new: Int)] = []

        /// Text-less look-alikes of one fingerprint set aside by stage 1 until the key stage's pairs.
        var deferred: [(old: [Int], new: [Int])] = []

        /// Stage 1 for the deferred look-alikes, after the key stage, with the shifts its pairs tell.
        mutating func matchDeferredDuplicates() {
            guard !deferred.isEmpty else { return }
            if stage.contains(.key) { estimateShifts() }
            for group in deferred { pairDuplicates(group) }
            deferred = []
        }

        /// Look-alikes (one fingerprint) in one column whose exact value (a price, a date folded for the
        /// fingerprint) each side shows once: that row, wherever the layout put it, when the layout leaves it
        /// on the screen (`couldBeShown`). A text folded for the fingerprint keeps its value as evidence, so
        /// each row keeps its own price when no price changed, however far the rows spread. Returns each
        /// pair's vertical offset from where the screen's layout put the older one.
        mutating func pairUniqueValues(_ group: (old: [Int], new: [Int])) -> [Double] {
            var offsets: [Double] = []
            for (o, n) in uniqueValues(group) where old.issues[o].elementText != nil {
                guard sameScreen(o, n), let before = shiftedOldRect(o, toward: n), let after = new.issues[n].rect,
                    abs(before.x - after.x) <= rectTolerance, couldBeShown(o, n)
                else { continue }
                pair(o, n, .fingerprint)
                offsets.append(after.y - before.y)
            }
            return offsets
        }

        /// The look-alikes of `group` whose exact value (text, empty for none) each side shows once, as
        /// (old, new) pairs in the order of their values.
        func uniqueValues(_ group: (old: [Int], new: [Int])) -> [(Int, Int)] {
            var olds: [String: [Int]] = [:]
            var news: [String: [Int]] = [:]
            for o in group.old { olds[old.issues[o].elementText ?? "", default: []].append(o) }
            for n in group.new { news[new.issues[n].elementText ?? "", default: []].append(n) }
            return olds.sorted(by: { $0.key < $1.key }).compactMap { text, found in
                guard found.count == 1, let shown = news[text], shown.count == 1 else { return nil }
                return (found[0], shown[0])
            }
        }

        /// The vertical offset (after the screen's layout) that lines up most of a column's look-alikes, the
        /// smallest such one on a tie (the upward one of two as small).
        func columnVote(_ group: (old: [Int], new: [Int])) -> Double {
            var votes: [Double: Int] = [:]
            for o in group.old {
                for n in group.new where sameScreen(o, n) {
                    guard let before = shiftedOldRect(o, toward: n), let after = new.issues[n].rect,
                        abs(before.x - after.x) <= rectTolerance
                    else { continue }
                    votes[((after.y - before.y) / 2).rounded() * 2, default: 0] += 1
                }
            }
            return votes.max { ($0.value, -abs($0.key), -$0.key) < ($1.value, -abs($1.key), -$1.key) }?.key ?? 0
        }

        /// Pairs the issues of one fingerprint that occurs several times on a side.
        mutating func pairDuplicates(_ group: (old: [Int], new: [Int])) {
            let byValue = pairUniqueValues(group)
            let group = (old: group.old.filter { oldPartner[$0] < 0 }, new: group.new.filter { newPartner[$0] < 0 })
            do {
                // Look-alikes in a column move together: an element inserted above them moves the ones
                // below it. The rows that kept their own value tell how far (the median of their offsets);
                // else the vertical offset that lines up most of them (after the screen's shift), the
                // smallest such one on a tie (the upward one of two as small), is theirs; so the inserted
                // one is the new one.
                let column = median(byValue) ?? columnVote(group)
                // A text folded for the fingerprint (an amount, a date) keeps its exact value as evidence: of
                // two rows as near, the one showing the same value is the same row.
                let costs = group.old.map { o in
                    group.new.map { n -> Double? in
                        var before = shiftedOldRect(o, toward: n)
                        before?.y += column
                        let distance = rectDistance(before, new.issues[n].rect)
                        guard distance <= rectTolerance else { return nil }
                        let sameValue = old.issues[o].elementText == new.issues[n].elementText
                        return distance + (sameScreen(o, n) ? 0 : rectTolerance) + (sameValue ? 0 : rectTolerance / 2)
                    }
                }
                let found = WarningMatcher.assign(rows: group.old, columns: group.new, costs: costs)
                for (o, n) in found { pair(o, n, .fingerprint) }
                // Look-alikes that moved: text-less ones whose thumbnails match pair by image.
                pairByImage(group.old.filter { oldPartner[$0] < 0 }, group.new.filter { newPartner[$0] < 0 })
                // What is left pairs by count, in order of position on the screen.
                func order(_ side: Prepared, _ index: Int) -> (Int, Double, Double, Int) {
                    let rect = side.issues[index].rect
                    return (side.slot[index].occurrence, rect?.y ?? .infinity, rect?.x ?? .infinity, index)
                }
                // the same exact value first (a row whose price did not change is that row).
                var oldLeft = group.old.filter { oldPartner[$0] < 0 }.sorted { order(old, $0) < order(old, $1) }
                var newLeft = group.new.filter { newPartner[$0] < 0 }.sorted { order(new, $0) < order(new, $1) }
                let keptValue = uniqueValues((oldLeft, newLeft))
                for (o, n) in keptValue { pair(o, n, .fingerprint) }
                oldLeft.removeAll { oldPartner[$0] >= 0 }
                newLeft.removeAll { newPartner[$0] >= 0 }
                // The rows that kept their value tell the layout where nothing else did yet.
                if !byValue.isEmpty || !keptValue.isEmpty { fitWhereUntold() }
                // By count only where the screen's layout does not say where the older ones are now: where it
                // does, one far from its place is another element (a row scrolled away, or fixed).
                for (o, n) in zip(oldLeft, newLeft) where !sameScreen(o, n) || transform[new.slotID[n]] == nil {
                    pair(o, n, .fingerprint)
                }
            }
        }

        /// Each screen's layout (`LayoutTransform`), fitted from the rects of the warnings paired so far on it.
        mutating func estimateShifts() {
            var moves = [[(was: Rect, now: Rect)]](repeating: [], count: new.slotKeys.count)
            for n in new.issues.indices where newPartner[n] >= 0 {
                let o = newPartner[n]
                guard sameScreen(o, n), let before = old.issues[o].rect, let after = new.issues[n].rect else {
                    continue
                }
                moves[new.slotID[n]].append((before, after))
            }
            for (slot, pairs) in moves.enumerated() where !pairs.isEmpty {
                guard let size = sizes[slot] else {
                    transform[slot] = LayoutTransform.fitted(pairs)
                    continue
                }
                transform[slot] = LayoutTransform.fitted(
                    pairs, widthScale: size.now.width / size.was.width, height: size.was.height,
                    widths: (size.was.width, size.now.width))
            }
        }

        // Stage 2.
        mutating func matchKeys() {
            func tokens(_ side: Prepared, _ index: Int) -> [KeyToken] {
                guard side.hasText[index] else { return [] }
                var found: [KeyToken] = []
                let ownKey = side.issues[index].key
                if let key = ownKey { found.append(KeyToken(isLiteral: false, text: key)) }
                if let literal = side.issues[index].literal { found.append(KeyToken(isLiteral: true, text: literal)) }
                let keys = side.catalogKeys?[index] ?? translations.keys(showing: side.issues[index].elementText!)
                for key in keys where key != ownKey { found.append(KeyToken(isLiteral: false, text: key)) }
                // The element's own text: a screen known under another group name (a text export has none)
                // keeps its texts, but not its fingerprints, which name the group.
                found.append(KeyToken(isText: true, text: side.issues[index].elementText!))
                return found
            }
            var byToken: [KeyToken: [Int]] = [:]
            for o in old.issues.indices where oldFree(o) {
                for token in tokens(old, o) { byToken[token, default: []].append(o) }
            }
            guard !byToken.isEmpty else { return }
            var candidates: [(cost: Double, old: Int, new: Int)] = []
            for n in new.issues.indices where newFree(n) {
                var seen = Set<Int>()
                for token in tokens(new, n) {
                    for o in byToken[token] ?? [] where seen.insert(o).inserted {
                        guard old.issues[o].testType == new.issues[n].testType, old.group[o] == new.group[n] else {
                            continue
                        }
                        // The same text pairs here only across group names: under one, its fingerprint decided.
                        if token.isText,
                            groupKey(old.issues[o].screenGroup) == groupKey(new.issues[n].screenGroup)
                        {
                            continue
                        }
                        // One key shown with several numbers ("Platform 2", "Platform 5"): the numbers are the
                        // value, in any language ("2番線"), so the row showing the same one is the same row.
                        let distance = min(1e6, rectDistance(shiftedOldRect(o, toward: n), new.issues[n].rect))
                        let value =
                            WarningMatcher.digits(old.issues[o].elementText)
                                == WarningMatcher.digits(new.issues[n].elementText) ? 0 : JudgementTolerance.otherValue
                        candidates.append((distance + value + (sameScreen(o, n) ? 0 : 1e6), o, n))
                    }
                }
            }
            candidates.sort { ($0.cost, $0.new, $0.old) < ($1.cost, $1.new, $1.old) }
            for candidate in candidates where oldPartner[candidate.old] < 0 && newPartner[candidate.new] < 0 {
                pair(candidate.old, candidate.new, .key)
                // Same test type and group: another fingerprint means another text (or another group name).
                if old.issues[candidate.old].fingerprint != new.issues[candidate.new].fingerprint,
                    old.issues[candidate.old].elementText != new.issues[candidate.new].elementText
                {
                    translated.insert(new.slotID[candidate.new])
                }
            }
        }

        /// The free issues with rects of each screen of the newer report, old and new; nil when no old one
        /// is on a screen of the newer report.
        func freeBySlot() -> (old: [[Int]], new: [[Int]])? {
            var oldBySlot = [[Int]](repeating: [], count: new.slotKeys.count)
            var any = false
            for o in old.issues.indices where oldFree(o) && old.issues[o].rect != nil {
                let slot = oldToNewSlot[old.slotID[o]]
                if slot >= 0 {
                    oldBySlot[slot].append(o)
                    any = true
                }
            }
            guard any else { return nil }
            var newBySlot = [[Int]](repeating: [], count: new.slotKeys.count)
            for n in new.issues.indices where newFree(n) && new.issues[n].rect != nil {
                newBySlot[new.slotID[n]].append(n)
            }
            return (oldBySlot, newBySlot)
        }

        /// Per screen of the newer report: whether its texts may pair by place although they read
        /// otherwise: the audit speaks another language (`AuditLanguages`; the device's language is the
        /// whole audit's), the key stage paired texts the catalogs translate, or most of the texts were
        /// rewritten (on the screen or in the whole report, at least `JudgementTolerance.rewrittenTexts`
        /// texts with letters on each side and most of them unmatched so far: another month's rows).
        func changedLanguage() -> [Bool] {
            let before = textCounts(old, oldIncluded, oldPartner, slotOf: { oldToNewSlot[old.slotID[$0]] })
            let after = textCounts(new, newIncluded, newPartner, slotOf: { new.slotID[$0] })
            func rewritten(_ a: TextCount, _ b: TextCount) -> Bool {
                a.texts >= JudgementTolerance.rewrittenTexts && b.texts >= JudgementTolerance.rewrittenTexts
                    && a.unmatched * 2 > a.texts && b.unmatched * 2 > b.texts
            }
            let reportChanged = languageChanged || !translated.isEmpty || rewritten(before.all, after.all)
            return new.slotKeys.indices.map { reportChanged || rewritten(before.bySlot[$0], after.bySlot[$0]) }
        }

        /// How many texts a side has, and how many of them are still unmatched.
        typealias TextCount = (texts: Int, unmatched: Int)

        /// The texts with letters of a side still in play, per screen of the newer report and in all.
        /// Texts without letters (times, amounts) read the same in every language, so they do not count.
        func textCounts(_ side: Prepared, _ included: [Bool], _ partner: [Int], slotOf: (Int) -> Int)
            -> (all: TextCount, bySlot: [TextCount])
        {
            var all: TextCount = (0, 0)
            var bySlot = [TextCount](repeating: (0, 0), count: new.slotKeys.count)
            for index in side.issues.indices where included[index] && side.hasWords[index] {
                let open = partner[index] < 0 ? 1 : 0
                all.texts += 1
                all.unmatched += open
                let slot = slotOf(index)
                if slot >= 0 {
                    bySlot[slot].texts += 1
                    bySlot[slot].unmatched += open
                }
            }
            return (all, bySlot)
        }

        /// After the key stage: a screen in another language with nothing paired yet has nothing that tells
        /// how far it scrolled, so the vertical shift that lines up more of its elements by place than none
        /// does is taken as its shift (scrolled by a row's pitch, the rows below stand where the rows above
        /// stood, and would pair with them).
        mutating func estimateScrolls() {
            guard let (oldBySlot, newBySlot) = freeBySlot() else { return }
            var paired = [Bool](repeating: false, count: new.slotKeys.count)
            for n in new.issues.indices where newPartner[n] >= 0 { paired[new.slotID[n]] = true }
            let changed = changedLanguage()
            for slot in new.slotKeys.indices
            where changed[slot] && !paired[slot] && transform[slot] == nil && oldBySlot[slot].count >= 2
                && newBySlot[slot].count >= 2
            {
                guard let scroll = likelyScroll(oldBySlot[slot], newBySlot[slot]) else { continue }
                let still = placedByGeometry(oldBySlot[slot], newBySlot[slot], changedLanguage: true).count
                transform[slot] = .scroll(by: scroll, sizes: sizes[slot])
                if placedByGeometry(oldBySlot[slot], newBySlot[slot], changedLanguage: true).count <= still {
                    transform[slot] = nil
                }
            }
        }

        /// The pairs by place of `olds` and `news` (one screen), cheapest first.
        func placedByGeometry(_ olds: [Int], _ news: [Int], changedLanguage: Bool) -> [(Int, Int)] {
            var costs: [[Double?]] = []
            costs.reserveCapacity(olds.count)
            for o in olds {
                costs.append(news.map { geometryCost(o, $0, changedLanguage: changedLanguage) })
            }
            return WarningMatcher.assign(rows: olds, columns: news, costs: costs)
        }

        /// The screens (`slotID`) of the newer report the geometry stage took to have changed language.
        var changedSlots: [Bool] = []

        // Stage 3.
        mutating func matchGeometry() {
            changedSlots = changedLanguage()
            guard let (oldBySlot, newBySlot) = freeBySlot() else { return }
            let changed = changedSlots
            for slot in new.slotKeys.indices where !oldBySlot[slot].isEmpty && !newBySlot[slot].isEmpty {
                let changedLanguage = changed[slot]
                let found = placedByGeometry(oldBySlot[slot], newBySlot[slot], changedLanguage: changedLanguage)
                for (o, n) in found { pair(o, n, .geometry) }
            }
        }

        /// The vertical shift most pairs of `olds` and `news` of one test type (text-less with text-less,
        /// texts with texts) agree on within `rectTolerance` (the smallest of equals), when at least two
        /// agree and it is more than `rectTolerance`; nil otherwise, or when the screen holds too many
        /// warnings to weigh every pair.
        func likelyScroll(_ olds: [Int], _ news: [Int]) -> Double? {
            guard olds.count * news.count <= 40_000 else { return nil }
            var moves: [Double] = []
            for o in olds {
                guard let before = oldRect[o] else { continue }
                for n in news where old.issues[o].testType == new.issues[n].testType && old.hasText[o] == new.hasText[n]
                {
                    guard let after = new.issues[n].rect else { continue }
                    moves.append((after.y + after.height / 2) - (before.y + before.height / 2))
                }
            }
            moves.sort()
            var best: (count: Int, move: Double)?
            var low = 0
            for high in moves.indices {
                while moves[high] - moves[low] > rectTolerance { low += 1 }
                let count = high - low + 1
                let move = moves[(low + high) / 2]
                if count > best?.count ?? 1 || (count == best?.count && abs(move) < abs(best!.move)) {
                    best = (count, move)
                }
            }
            guard let best, abs(best.move) > rectTolerance else { return nil }
            return best.move
        }

        /// A localization key or a source literal, as the key stage pairs them.
        struct KeyToken: Hashable {
            var isLiteral = false
            /// The element's own text (`matchKeys`), not a key or a literal.
            var isText = false
            var text: String
        }

        /// The cost of pairing `o` with `n` by place (`WarningMatcher.placeCost`), or nil when they may not pair.
        /// An element in a bar's band that the screen's layout moves with the content may be the bar's, which
        /// keeps its distance from the bar's edge of the safe area (`LayoutTransform.predicted`): the cheaper
        /// of the two places.
        func geometryCost(_ o: Int, _ n: Int, changedLanguage: Bool) -> Double? {
            guard old.issues[o].testType == new.issues[n].testType, let before = shiftedOldRect(o, toward: n),
                let after = new.issues[n].rect
            else {
                return nil
            }
            let layout = sameScreen(o, n) ? transform[new.slotID[n]] : nil
            func cost(_ place: Rect, stretch: Double) -> Double? {
                WarningMatcher.placeCost(
                    place, old.hasText[o] ? old.issues[o].elementText : nil, after,
                    new.hasText[n] ? new.issues[n].elementText : nil, within: rectTolerance, stretch: stretch,
                    changedLanguage: changedLanguage, translatedApart: translations.translatedApart)
            }
            let moved = cost(before, stretch: layout?.y.scale ?? 1)
            guard layout != nil, let bar = placed(o, toward: n, content: false), bar != before else { return moved }
            guard let kept = cost(bar, stretch: 1) else { return moved }
            return min(moved ?? kept, kept)
        }

        // Stage 4.
        mutating func matchImages() {
            pairByImage(
                old.issues.indices.filter { oldFree($0) }, new.issues.indices.filter { newFree($0) })
        }

        /// Pairs text-less issues of `olds` and `news` of the same test type and screen group whose
        /// thumbnails' hashes are at most `imageTolerance` bits apart, closest hashes first.
        mutating func pairByImage(_ olds: [Int], _ news: [Int]) {
            func hash(_ issue: HistoryIssue) -> UInt64? {
                guard (issue.elementText ?? "").allSatisfy(\.isWhitespace), let text = issue.imageHash else {
                    return nil
                }
                return ImageHash.parse(text)
            }
            var oldHashes: [(index: Int, hash: UInt64)] = []
            for o in olds {
                if let value = hash(old.issues[o]) { oldHashes.append((o, value)) }
            }
            guard !oldHashes.isEmpty else { return }
            var candidates: [(distance: Int, cost: Double, old: Int, new: Int)] = []
            for n in news {
                guard let value = hash(new.issues[n]) else { continue }
                for (o, oldHash) in oldHashes
                where old.issues[o].testType == new.issues[n].testType && old.group[o] == new.group[n] {
                    let distance = ImageHash.distance(oldHash, value)
                    guard distance <= imageTolerance else { continue }
                    let cost = min(1e6, rectDistance(shiftedOldRect(o, toward: n), new.issues[n].rect))
                    candidates.append((distance, cost, o, n))
                }
            }
            candidates.sort { ($0.distance, $0.cost, $0.new, $0.old) < ($1.distance, $1.cost, $1.new, $1.old) }
            for candidate in candidates where oldPartner[candidate.old] < 0 && newPartner[candidate.new] < 0 {
                pair(candidate.old, candidate.new, .image)
            }
        }

        func result() -> IssueMatching {
            var pairs: [MatchedPair] = []
            pairs.reserveCapacity(min(old.issues.count, new.issues.count))
            for n in new.issues.indices where newPartner[n] >= 0 {
                pairs.append(MatchedPair(old: newPartner[n], new: n, stage: stage[n] ?? .fingerprint))
            }
            return IssueMatching(
                pairs: pairs,
                unmatchedOld: old.issues.indices.filter { oldIncluded[$0] && oldPartner[$0] < 0 },
                unmatchedNew: new.issues.indices.filter { newIncluded[$0] && newPartner[$0] < 0 },
                repeatsOld: old.issues.indices.filter { old.isRepeat[$0] && (groups?.contains(old.group[$0]) ?? true) },
                repeatsNew: new.issues.indices.filter { new.isRepeat[$0] && (groups?.contains(new.group[$0]) ?? true) },
                changedLanguage: Set(
                    new.slotKeys.indices.filter { changedSlots.indices.contains($0) && changedSlots[$0] }
                        .map { new.slotGroups[$0] }))
        }
    }

    /// The pairs of one optimal assignment of `rows` to `columns` (least total cost; `matrix[r][c]` is
    /// the cost of pairing `rows[r]` with `columns[c]`, nil when the two may not pair), or a greedy one
    /// (cheapest first) when the problem is large.
    static func assign(rows: [Int], columns: [Int], costs matrix: [[Double?]]) -> [(Int, Int)] {
        guard !rows.isEmpty, !columns.isEmpty, matrix.contains(where: { $0.contains { $0 != nil } }) else { return [] }
        if rows.count > JudgementTolerance.optimalAssignmentLimit
            || columns.count > JudgementTolerance.optimalAssignmentLimit
        {
            var candidates: [(Double, Int, Int)] = []
            for r in rows.indices {
                for c in columns.indices { if let value = matrix[r][c] { candidates.append((value, c, r)) } }
            }
            candidates.sort { $0 < $1 }
            var usedRows = Set<Int>()
            var usedColumns = Set<Int>()
            var result: [(Int, Int)] = []
            for (_, c, r) in candidates where !usedRows.contains(r) && !usedColumns.contains(c) {
                usedRows.insert(r)
                usedColumns.insert(c)
                result.append((rows[r], columns[c]))
            }
            return result
        }
        // Hungarian algorithm on a square matrix; forbidden pairs cost more than any allowed set.
        let size = max(rows.count, columns.count)
        var largest = 0.0
        for row in matrix { for value in row { if let value { largest = max(largest, value) } } }
        let forbidden = (largest + 1) * Double(size + 1)
        func at(_ r: Int, _ c: Int) -> Double {
            guard r < rows.count, c < columns.count, let value = matrix[r][c] else { return forbidden }
            return value
        }
        var u = [Double](repeating: 0, count: size + 1)
        var v = [Double](repeating: 0, count: size + 1)
        var owner = [Int](repeating: 0, count: size + 1)  // column -> row (1-based), 0 none
        var way = [Int](repeating: 0, count: size + 1)
        for r in 1...size {
            owner[0] = r
            var column = 0
            var minimum = [Double](repeating: .infinity, count: size + 1)
            var used = [Bool](repeating: false, count: size + 1)
            repeat {
                used[column] = true
                let row = owner[column]
                var delta = Double.infinity
                var next = 0
                for c in 1...size where !used[c] {
                    let current = at(row - 1, c - 1) - u[row] - v[c]
                    if current < minimum[c] {
                        minimum[c] = current
                        way[c] = column
                    }
                    if minimum[c] < delta {
                        delta = minimum[c]
                        next = c
                    }
                }
                for c in 0...size {
                    if used[c] {
                        u[owner[c]] += delta
                        v[c] -= delta
                    } else {
                        minimum[c] -= delta
                    }
                }
                column = next
            } while owner[column] != 0
            repeat {
                let previous = way[column]
                owner[column] = owner[previous]
                column = previous
            } while column != 0
        }
        var result: [(Int, Int)] = []
        for c in 1...size {
            let r = owner[c] - 1
            if r >= 0, r < rows.count, c - 1 < columns.count, matrix[r][c - 1] != nil {
                result.append((rows[r], columns[c - 1]))
            }
        }
        return result.sorted { $0.1 < $1.1 }
    }

    /// The cost of taking the element at `after` (showing `textAfter`, nil for none) for the one the screen's
    /// layout puts at `before` (showing `textBefore`), or nil when it cannot be that element: the one geometry
    /// rule, for the matcher's places and the judgement's standing warnings. Text-less elements: every
    /// coordinate within `within` points. Texts: the same line (centres within `within`), a height alike once
    /// the layout's vertical `stretch` applied to it (a text grows with the text size as the rows do), the
    /// same leading or trailing edge or centre, or most of the narrower one's width (translations change a
    /// label's width), and texts that are translations (`changedLanguage`, or the catalogs put them in
    /// different languages, `translatedApart`) or differ only in values (`sameTemplate`). A text and a
    /// text-less element never pair.
    static func placeCost(
        _ before: Rect, _ textBefore: String?, _ after: Rect, _ textAfter: String?, within: Double,
        stretch: Double = 1, changedLanguage: Bool, translatedApart: (String, String) -> Bool
    ) -> Double? {
        switch (textBefore, textAfter) {
        case (nil, nil):
            let distance = rectDistance(before, after)
            return distance <= within ? distance : nil
        case (let x?, let y?):
            let centreY = abs((before.y + before.height / 2) - (after.y + after.height / 2))
            let height = before.height * stretch
            guard centreY <= within, abs(height - after.height) <= max(within, height / 2) else {
                return nil
            }
            let leading = abs(before.x - after.x)
            let trailing = abs((before.x + before.width) - (after.x + after.width))
            let centreX = abs((before.x + before.width / 2) - (after.x + after.width / 2))
            let overlap = min(before.x + before.width, after.x + after.width) - max(before.x, after.x)
            let narrower = min(before.width, after.width)
            let edge = min(leading, trailing, centreX)
            guard edge <= within || (narrower > 0 && overlap >= narrower / 2) else { return nil }
            guard changedLanguage || sameTemplate(x, y) || translatedApart(x, y) else { return nil }
            return centreY + min(edge, within)
        default:
            return nil
        }
    }

    /// Whether two texts show the same symbols besides digits, letters, white space and number
    /// separators (`$4,250.00` and `$4,310.00` do; `34 %` and `12` do not).
    /// The decimal digits of `text` in order, as ASCII ("8:05" → "805", "2番線" → "2"); empty for none.
    static func digits(_ text: String?) -> String {
        guard let text else { return "" }
        return String(
            text.unicodeScalars.compactMap { scalar in
                scalar.properties.numericType == .decimal
                    ? scalar.properties.numericValue.map { Character(String(Int($0))) } : nil
            })
    }

    static func sameSymbols(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b, a != b else { return true }
        func symbols(_ text: String) -> [Unicode.Scalar] {
            text.unicodeScalars.filter {
                !$0.properties.isAlphabetic && $0.properties.numericType == nil && !$0.properties.isWhitespace
                    && !".,'\u{2019}\u{00A0}\u{202F}".unicodeScalars.contains($0)
            }
        }
        return symbols(a) == symbols(b)
    }

    /// Whether two texts differ only in numbers and month or weekday names (`Updated 3 Jan` and
    /// `Updated 5 Feb`): a label whose values changed, not a new label.
    public static func sameTemplate(_ a: String, _ b: String) -> Bool {
        let x = template(a)
        return !x.isEmpty && x == template(b) && x.contains(where: { $0 != "#" && $0 != " " })
    }

    /// `text` normalised, with each month or weekday name counted as a number and runs of numbers
    /// joined into one `#`.
    static func template(_ text: String) -> String {
        var words: [Substring] = []
        for word in IssueFingerprint.normalizedText(text).split(separator: " ") {
            let folded: Substring = dateWords.contains(String(word)) ? "#" : word
            if folded == "#", words.last == "#" { continue }
            words.append(folded)
        }
        return words.joined(separator: " ")
    }

    /// Month and weekday names and their abbreviations in the languages apps are most often audited in.
    static let dateWords: Set<String> = {
        var words = Set<String>()
        for identifier in ["en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "nb", "fi", "pl"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: identifier)
            let lists: [[String]?] = [
                formatter.monthSymbols, formatter.shortMonthSymbols, formatter.standaloneMonthSymbols,
                formatter.shortStandaloneMonthSymbols, formatter.weekdaySymbols, formatter.shortWeekdaySymbols,
                formatter.standaloneWeekdaySymbols, formatter.shortStandaloneWeekdaySymbols,
            ]
            for list in lists {
                for symbol in list ?? [] {
                    let normal = IssueFingerprint.normalizedText(symbol)
                    if !normal.isEmpty, !normal.contains(" ") { words.insert(normal) }
                }
            }
        }
        return words
    }()
}
