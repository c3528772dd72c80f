import Foundation

/// The shape of a history line since version 4, which holds what a report's warnings share once: the
/// line lists each test type, error code and title once (`kinds`) and each issue names its own by
/// index (`kind`); an issue leaves out its `number` when it follows the number before it, its `group`
/// when it is its screen's (by the screens' issue counts), and its `status` when `open`; a rect is
/// `[x, y, width, height]`; the line leaves out `counts` when they are its issues' counts. Fingerprints
/// are written: computing 200 SHA-256 digests per report again costs more than reading them (a history
/// of 2,000 reports read in 1.04 s of CPU instead of 0.66 s, 2026-12-07).
///
/// The writer leaves a field out only when restoring it gives the very value written, so a line reads
/// back as the entry it was written from; both readers (`HistoryLineParser`, `HistoryLineReader`) read
/// what the line writes (`ReadIssues`) and restore the rest here. Lines of earlier versions are never
/// rewritten and write every field; a line that leaves a field out is read as version 4 or later only.
enum CompactHistoryLine {
    /// The first version whose lines may leave fields out.
    static let firstVersion = 4

    /// What many warnings of a report share: the test type, the error code and the title.
    struct Kind: Hashable {
        /// The test type, as its key reads back.
        var type: TestType
        /// The Inspector's error code.
        var errorCode: Int?
        /// The short title.
        var title: String
    }

    /// What an issue's object holds of the fields a compact line may leave out or write otherwise:
    /// each member says it is left out, `rectArray` that the rect is written as an array.
    struct Shape: OptionSet {
        let rawValue: UInt8
        static let number = Shape(rawValue: 1 << 0)
        static let group = Shape(rawValue: 1 << 1)
        static let status = Shape(rawValue: 1 << 2)
        static let type = Shape(rawValue: 1 << 3)
        static let title = Shape(rawValue: 1 << 4)
        /// No `errorCode`: nil, or its kind's in a compact line.
        static let errorCode = Shape(rawValue: 1 << 5)
        static let rectArray = Shape(rawValue: 1 << 6)
        /// What only a compact line may do.
        static let compact: Shape = [.number, .group, .status, .type, .title, .rectArray]

        /// Whether the object writes every field as lines before version 4 do.
        var isWhole: Bool { isDisjoint(with: .compact) }
    }

    /// The issues of a line as a reader read them, what the line leaves out not yet restored (those
    /// fields hold placeholders), restored in place by `restore`.
    struct ReadIssues {
        /// The issues, with placeholders for what their shapes say is left out.
        var issues: [HistoryIssue] = []
        /// What each object leaves out or writes in the compact shape.
        var shapes: [Shape] = []
        /// The index in the line's `kinds` of each one's kind, when it names one.
        var kinds: [Int?] = []

        /// Adds an issue as read.
        mutating func append(_ issue: HistoryIssue, shape: Shape, kind: Int?) {
            issues.append(issue)
            shapes.append(shape)
            kinds.append(kind)
        }

        /// Whether every object writes every field as lines before version 4 do.
        var areWhole: Bool { shapes.allSatisfy(\.isWhole) }
    }

    /// Why an issue of a compact line cannot be restored: its index, the member and what is wrong.
    struct Problem: Error {
        var index: Int
        var member: String
        var message: String
    }

    // MARK: Reading

    /// Restores in place what the issues of a compact line leave out, from `kinds` and `screens`.
    /// - Throws: `Problem` for an issue that names no kind of `kinds`, lacks a type or title without a
    ///   kind, or lacks its group where the screens' issue counts do not tell it.
    static func restore(_ read: inout ReadIssues, kinds: [Kind], screens: [HistoryScreen]) throws(Problem) {
        var groups: [String]??
        var previous = 0
        for index in read.issues.indices {
            let shape = read.shapes[index]
            if let number = read.kinds[index] {
                guard kinds.indices.contains(number) else {
                    let range = kinds.isEmpty ? "the line lists none" : "0 to \(kinds.count - 1)"
                    throw Problem(
                        index: index, member: "kind", message: "expected an index of kinds (\(range)), found \(number)")
                }
                let kind = kinds[number]
                if shape.contains(.type) { read.issues[index].testType = kind.type }
                if shape.contains(.title) { read.issues[index].title = kind.title }
                if shape.contains(.errorCode) { read.issues[index].errorCode = kind.errorCode }
            } else if shape.contains(.type) || shape.contains(.title) {
                throw Problem(index: index, member: shape.contains(.type) ? "type" : "title", message: "missing")
            }
            if shape.contains(.number) { read.issues[index].number = previous &+ 1 }
            previous = read.issues[index].number
            if shape.contains(.group) {
                if groups == nil { groups = screenGroups(screens, count: read.issues.count) }
                guard let known = groups ?? nil else {
                    throw Problem(
                        index: index, member: "group",
                        message: "missing (the screens' issue counts do not add up to the issues)")
                }
                read.issues[index].screenGroup = known[index]
            }
            if shape.contains(.status) { read.issues[index].status = .open }
        }
    }

    /// The screen group of each of `count` issues in order, by the screens' issue counts; nil when the
    /// counts do not add up to `count` (as `HistoryEntry.screenOfIssues` tells them).
    static func screenGroups(_ screens: [HistoryScreen], count: Int) -> [String]? {
        var groups: [String] = []
        groups.reserveCapacity(count)
        for screen in screens {
            guard screen.issueCount >= 0, screen.issueCount <= count - groups.count else { return nil }
            groups += repeatElement(screen.group, count: screen.issueCount)
        }
        return groups.count == count ? groups : nil
    }

    // MARK: Writing

    /// The line of `entry` without its newline: compact for version 4 and later, every field for an
    /// entry of an earlier version (as that version wrote it). `encoder` is `HistoryFile.makeEncoder()`.
    /// - Throws: `EncodingError` for a value JSON cannot hold (a non-finite number).
    static func encode(_ entry: HistoryEntry, with encoder: JSONEncoder) throws -> Data {
        guard entry.version >= firstVersion else { return try encoder.encode(entry) }
        return try encoder.encode(Line(entry: entry))
    }

    /// The members of a compact line, of its kinds and of its issues.
    private enum Key: String, CodingKey {
        case version, sha256, fileName, auditDate, screens, counts, issues, covers, format, mappedWith, run, kinds
        case kind, fingerprint, number, type, errorCode, title, text, group, view, location, rect, status, reason
        case key, literal, imageHash, elementType, role, symbol
    }

    /// An entry written compact.
    private struct Line: Encodable {
        var entry: HistoryEntry

        func encode(to encoder: any Encoder) throws {
            var line = encoder.container(keyedBy: Key.self)
            try line.encode(entry.version, forKey: .version)
            try line.encode(entry.sha256, forKey: .sha256)
            try line.encode(entry.fileName, forKey: .fileName)
            try line.encode(entry.auditDate, forKey: .auditDate)
            try line.encode(entry.screens, forKey: .screens)
            if entry.counts != HistoryCounts(issues: entry.issues) { try line.encode(entry.counts, forKey: .counts) }
            try line.encodeIfPresent(entry.covers, forKey: .covers)
            try line.encodeIfPresent(entry.format, forKey: .format)
            try line.encodeIfPresent(entry.mappedWith, forKey: .mappedWith)
            try line.encodeIfPresent(entry.run, forKey: .run)
            let (kinds, issues) = Line.written(entry)
            if !kinds.isEmpty { try line.encode(kinds.map(WrittenKind.init), forKey: .kinds) }
            try line.encode(issues, forKey: .issues)
        }

        /// The kinds of `entry`'s issues in order of first use, and each issue as it is written: a
        /// field is left out only where `restore` gives it back.
        static func written(_ entry: HistoryEntry) -> ([Kind], [WrittenIssue]) {
            let groups = screenGroups(entry.screens, count: entry.issues.count)
            var kinds: [Kind] = []
            var kindIndex: [Kind: Int] = [:]
            var written: [WrittenIssue] = []
            written.reserveCapacity(entry.issues.count)
            var previous = 0
            for (index, issue) in entry.issues.enumerated() {
                // As the readers read the kind back: the test type from its key.
                let kind = Kind(
                    type: HistoryLineParser.testType(issue.testType.key), errorCode: issue.errorCode, title: issue.title
                )
                let number = kindIndex[kind] ?? kinds.count
                if number == kinds.count {
                    kinds.append(kind)
                    kindIndex[kind] = number
                }
                var leaves: Shape = [.type, .title, .errorCode]
                if issue.number == previous &+ 1 { leaves.insert(.number) }
                previous = issue.number
                if let groups, groups[index] == issue.screenGroup { leaves.insert(.group) }
                if issue.status == .open { leaves.insert(.status) }
                written.append(WrittenIssue(issue: issue, kind: number, leaves: leaves))
            }
            return (kinds, written)
        }
    }

    /// A kind as the line lists it.
    private struct WrittenKind: Encodable {
        var kind: Kind

        func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: Key.self)
            try object.encode(kind.type, forKey: .type)
            try object.encodeIfPresent(kind.errorCode, forKey: .errorCode)
            try object.encode(kind.title, forKey: .title)
        }
    }

    /// An issue as a compact line writes it: its kind, and none of what `leaves` says is left out.
    private struct WrittenIssue: Encodable {
        var issue: HistoryIssue
        var kind: Int
        var leaves: Shape

        func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: Key.self)
            try object.encode(kind, forKey: .kind)
            try object.encode(issue.fingerprint, forKey: .fingerprint)
            if !leaves.contains(.number) { try object.encode(issue.number, forKey: .number) }
            if !leaves.contains(.group) { try object.encode(issue.screenGroup, forKey: .group) }
            if !leaves.contains(.status) { try object.encode(issue.status, forKey: .status) }
            if let rect = issue.rect { try object.encode([rect.x, rect.y, rect.width, rect.height], forKey: .rect) }
            try object.encodeIfPresent(issue.elementText, forKey: .text)
            try object.encodeIfPresent(issue.view, forKey: .view)
            try object.encodeIfPresent(issue.location, forKey: .location)
            try object.encodeIfPresent(issue.reason, forKey: .reason)
            try object.encodeIfPresent(issue.key, forKey: .key)
            try object.encodeIfPresent(issue.literal, forKey: .literal)
            try object.encodeIfPresent(issue.imageHash, forKey: .imageHash)
            try object.encodeIfPresent(issue.elementType, forKey: .elementType)
            try object.encodeIfPresent(issue.role, forKey: .role)
            try object.encodeIfPresent(issue.symbol, forKey: .symbol)
        }
    }
}
