import Foundation

/// The judgement of a history as it was made, recorded beside the history so the commands that only
/// state it (`history list`, `history add` of a report already there) read it instead of judging the
/// whole history again: for each entry, in audit-date order, its report and the counts the judgement
/// stated for it.
///
/// A record holds while three things are as they were when it was written: the history file (its
/// `HistoryStamp`), the judgement's code (`judgementVersion`), and what else decides the judgement
/// (`inputs`: the baseline and the string catalogs' translations). Otherwise it is judged again and
/// written anew.
public struct JudgementRecord: Sendable, Hashable, Codable {
    /// The version of the judgement this code makes: raised whenever a change of the judgement's code
    /// changes what it states, so a record written by an earlier release is judged again.
    public static let currentJudgementVersion = 1

    /// The version of the judgement recorded.
    public var judgementVersion: Int
    /// The digest of the inputs the judgement was made with besides the history (`inputsDigest`).
    public var inputs: String
    /// The history file the judgement was made of.
    public var history: HistoryStamp
    /// What reading that file tolerated (`History.warnings`), for readers of the record to print too.
    public var warnings: [String]
    /// One record per entry, in audit-date order.
    public var entries: [Entry]

    /// What the judgement stated of one entry.
    public struct Entry: Sendable, Hashable, Codable {
        /// The report's SHA-256.
        public var sha256: String
        /// The report's file name.
        public var fileName: String
        /// When the audit ran.
        public var auditDate: Date
        /// Its issues counted as the judgement states them (`HistoryCounts(_:)` of its judgement).
        public var counts: HistoryCounts
    }

    /// The record of `judgement`, made of the history file stamped `history` with `inputs`;
    /// `warnings` are what reading it tolerated.
    public init(_ judgement: HistoryJudgement, history: HistoryStamp, inputs: String, warnings: [String] = []) {
        judgementVersion = Self.currentJudgementVersion
        self.inputs = inputs
        self.history = history
        self.warnings = warnings
        entries = judgement.reports.map { judged in
            Entry(
                sha256: judged.entry.sha256, fileName: judged.entry.fileName, auditDate: judged.entry.auditDate,
                counts: HistoryCounts(judged))
        }
    }

    /// The digest of what decides a judgement besides the history: the baseline's acceptances (each
    /// fingerprint and reason) and the translations the string catalogs give.
    public static func inputsDigest(baseline: Baseline, translations: StringTranslations) -> String {
        var hash = SHA256()
        for accepted in baseline.entries.sorted(by: { $0.fingerprint.hex < $1.fingerprint.hex }) {
            hash.update(Data("accepted\t\(accepted.fingerprint.hex)\t\(accepted.reason)\n".utf8))
        }
        hash.update(Data("translations\t\(translations.digest)\n".utf8))
        return hash.finalizeHex()
    }

    /// The entry record of the report with this SHA-256.
    public func entry(sha256: String) -> Entry? { entries.first { $0.sha256 == sha256 } }
}

/// Where a history's judgement is recorded: `history.judgement.json` beside `history.jsonl` (the
/// history's name with `.judgement.json` for its extension). The file is replaced whole (atomically,
/// never through a symbolic link) and is only ever a copy of what judging the history again gives:
/// a missing, damaged or outdated record is judged again, never an error.
public struct JudgementRecordFile: Sendable {
    /// The record's path.
    public var path: String
    /// The history file's path.
    public var historyPath: String

    /// The record of the history file `history`.
    public init(history: HistoryFile) {
        historyPath = history.path
        let stem =
            PathName.fileExtension(history.path) == "jsonl" ? PathName.deletingExtension(history.path) : history.path
        path = stem + ".judgement.json"
    }

    /// The record, when there is one that holds for the history file as it is now (`stamp`: the file
    /// now) and for `inputs`; nil otherwise.
    public func load(inputs: String, stamp: HistoryStamp?) -> JudgementRecord? {
        guard let stamp, let data = FileManager.default.contents(atPath: path),
            let record = try? JSONDecoder.forRecords.decode(JudgementRecord.self, from: data),
            record.judgementVersion == JudgementRecord.currentJudgementVersion, record.inputs == inputs,
            record.history.isSameFile(as: stamp), record.entries.count == record.history.entries
        else { return nil }
        return record
    }

    /// The record for the history file as it is now, when one holds (`load(inputs:stamp:)`).
    public func load(inputs: String, history: HistoryFile) -> JudgementRecord? {
        load(inputs: inputs, stamp: HistoryStamp(path: history.path))
    }

    /// Records `judgement`, made of the history file stamped `history` (`warnings`: what reading it
    /// tolerated) with its baseline and translations, and returns the record. The file is written unless the history file has
    /// changed since (another run appended: its judgement is recorded by that run or the next reader).
    /// Best effort: a record that cannot be written (a read-only folder) is left, and the history judged
    /// again next time.
    @discardableResult
    public func store(_ judgement: HistoryJudgement, history: HistoryStamp?, warnings: [String] = [])
        -> JudgementRecord?
    {
        guard let history, history.entries == judgement.reports.count else { return nil }
        let inputs = JudgementRecord.inputsDigest(baseline: judgement.baseline, translations: judgement.translations)
        let record = JudgementRecord(judgement, history: history, inputs: inputs, warnings: warnings)
        guard HistoryStamp(path: historyPath)?.isSameFile(as: history) == true,
            let data = try? JSONWriter.encoder(pretty: false).encode(record)
        else { return record }
        _ = try? AtomicFile.write(data, to: path, onlyIfChanged: true, durability: .regenerable, namedByUser: false)
        return record
    }

    /// The record that holds for `history` as it is now with `baseline` and `translations`; when there
    /// is none, the history read, judged, recorded (`store`), and that record.
    /// - Throws: the history's `AuditError` when it has to be read and cannot be.
    public func record(
        of history: HistoryFile, baseline: Baseline, translations: StringTranslations
    ) throws -> JudgementRecord {
        let inputs = JudgementRecord.inputsDigest(baseline: baseline, translations: translations)
        if let record = load(inputs: inputs, history: history) { return record }
        let read = try history.load()
        let judgement = HistoryJudgement(history: read, baseline: baseline, translations: translations)
        return store(judgement, history: read.stamp, warnings: read.warnings)
            ?? JudgementRecord(
                judgement, history: read.stamp ?? HistoryStamp.none, inputs: inputs, warnings: read.warnings)
    }
}

extension JSONDecoder {
    /// The decoder of what `JSONWriter` encodes (ISO 8601 dates).
    static var forRecords: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
