import Foundation

extension JudgementRecord {
    /// The record's first line (its index) as this code writes it, read with the history's fast
    /// reader: nil when it is not such a line, and `JSONDecoder` then reads it or finds it is no record.
    /// Every command that reads the record reads the whole index: the decoder spent half of `history
    /// list`'s time on it at 2,000 reports.
    static func fastRead(_ line: Data) -> JudgementRecord? {
        line.withUnsafeBytes { raw -> JudgementRecord? in
            var parser = HistoryLineParser(bytes: raw.bindMemory(to: UInt8.self))
            guard let record = try? parser.recordIndex(), parser.isAtEnd() else { return nil }
            return record
        }
    }
}

extension HistoryLineParser {
    /// A judgement record's index (`JudgementRecord`), every member required but those added later.
    fileprivate mutating func recordIndex() throws -> JudgementRecord {
        var version: Int?, inputs: String?, stamp: HistoryStamp?, warnings: [String]?
        var entries: [JudgementRecord.Entry]?
        var places: [String: [Int]] = [:]
        try object { parser, key in
            switch key {
            case "judgementVersion": version = try parser.integer()
            case "inputs": inputs = try parser.string()
            case "history": stamp = try parser.historyStamp()
            case "warnings": warnings = try parser.array { try $0.string() }
            case "entries": entries = try parser.array { try $0.recordEntry() }
            case "issues", "latest", "trend": places[key.text] = try parser.array { try $0.integer() }
            default: try parser.skipValue()
            }
        }
        guard let version, let inputs, let stamp, let warnings, let entries else { throw Failure() }
        return JudgementRecord(
            judgementVersion: version, inputs: inputs, history: stamp, warnings: warnings, entries: entries,
            issues: places["issues"] ?? [], latest: places["latest"] ?? [], trend: places["trend"] ?? [])
    }

    /// A `HistoryStamp`.
    private mutating func historyStamp() throws -> HistoryStamp {
        var bytes: UInt64?, modified: UInt64?, device: UInt64?, inode: UInt64?, entries: UInt64?
        try object { parser, key in
            switch key {
            case "bytes": bytes = try parser.wholeNumber()
            case "modified": modified = try parser.wholeNumber()
            case "device": device = try parser.wholeNumber()
            case "inode": inode = try parser.wholeNumber()
            case "entries": entries = try parser.wholeNumber()
            default: try parser.skipValue()
            }
        }
        guard let bytes, let modified, let device, let inode, let entries, bytes <= Int.max, modified <= Int64.max,
            entries <= Int.max
        else { throw Failure() }
        return HistoryStamp(
            bytes: Int(bytes), modified: Int64(modified), device: device, inode: inode, entries: Int(entries))
    }

    /// One entry of the index.
    private mutating func recordEntry() throws -> JudgementRecord.Entry {
        var sha256: String?, fileName: String?, auditDate: Date?, counts: HistoryCounts?, line: [Int]?
        var recorded: [Int]?
        try object { parser, key in
            switch key {
            case "sha256": sha256 = try parser.string()
            case "fileName": fileName = try parser.string()
            case "auditDate": auditDate = try parser.date()
            case "counts": counts = try parser.counts()
            case "line": line = try parser.array { try $0.integer() }
            case "recorded": recorded = try parser.array { try $0.integer() }
            default: try parser.skipValue()
            }
        }
        guard let sha256, let fileName, let auditDate, let counts, let line, let recorded else { throw Failure() }
        return JudgementRecord.Entry(
            sha256: sha256, fileName: fileName, auditDate: auditDate, counts: counts, line: line, recorded: recorded)
    }
}
