import Foundation

extension JudgementRecord {
    /// The record's first line (its index) as this code writes it, read with the history's fast
    /// reader: nil when it is not such a line, and `JSONDecoder` then reads it or finds it is no record.
    /// Every command that reads the record reads the whole index: the decoder spent half of `history
    /// list`'s time on it at 2,000 reports.
    static func fastRead(_ line: Data) -> JudgementRecord? {
        HistoryLineParser.whole(line) { try $0.recordIndex() }
    }
}

extension HistoryLineParser {
    /// A judgement record's index (`JudgementRecord`), every member required but those added later.
    fileprivate mutating func recordIndex() throws -> JudgementRecord {
        var version: Int?, inputs: String?, content: HistoryContent?, warnings: [String]?
        var entries: [JudgementRecord.Entry]?
        var places: [String: [Int]] = [:]
        try object { parser, key in
            switch key {
            case "judgementVersion": version = try parser.integer()
            case "inputs": inputs = try parser.string()
            case "history": content = try parser.historyContent()
            case "warnings": warnings = try parser.array { try $0.string() }
            case "entries": entries = try parser.array { try $0.recordEntry() }
            case "issues", "latest", "trend", "keys": places[key.text] = try parser.array { try $0.integer() }
            default: try parser.skipValue()
            }
        }
        guard let version, let inputs, let content, let warnings, let entries else { throw Failure() }
        return JudgementRecord(
            judgementVersion: version, inputs: inputs, history: content, warnings: warnings, entries: entries,
            issues: places["issues"] ?? [], latest: places["latest"] ?? [], trend: places["trend"] ?? [],
            keys: places["keys"] ?? [])
    }

    /// A `HistoryContent`.
    private mutating func historyContent() throws -> HistoryContent {
        var bytes: UInt64?, sha256: String?, entries: UInt64?
        try object { parser, key in
            switch key {
            case "bytes": bytes = try parser.wholeNumber()
            case "sha256": sha256 = try parser.string()
            case "entries": entries = try parser.wholeNumber()
            default: try parser.skipValue()
            }
        }
        guard let bytes, let sha256, let entries, bytes <= Int.max, entries <= Int.max else { throw Failure() }
        return HistoryContent(bytes: Int(bytes), sha256: sha256, entries: Int(entries))
    }

    /// One entry of the index.
    private mutating func recordEntry() throws -> JudgementRecord.Entry {
        var sha256: String?, fileName: String?, auditDate: Date?, counts: HistoryCounts?, line: [Int]?
        var recorded: [Int]?, run: Int?
        try object { parser, key in
            switch key {
            case "sha256": sha256 = try parser.string()
            case "run": run = try parser.integer()
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
            sha256: sha256, fileName: fileName, auditDate: auditDate, counts: counts, run: run, line: line,
            recorded: recorded)
    }
}

extension RecordedLatest {
    /// The line as this code writes it, read with the history's fast reader (`JudgementRecord.fastRead`):
    /// nil when it is not such a line, and `JSONDecoder` then reads it or finds it damaged.
    /// Unless `listingNotReaudited`, the line's `notReaudited` is skipped (left empty).
    static func fastRead(_ line: Data, listingNotReaudited: Bool = true) -> RecordedLatest? {
        HistoryLineParser.whole(line) { try $0.recordedLatest(listingNotReaudited: listingNotReaudited) }
    }
}

extension RecordedTrend {
    /// The line as this code writes it, read with the history's fast reader (`JudgementRecord.fastRead`):
    /// nil when it is not such a line, and `JSONDecoder` then reads it or finds it damaged.
    static func fastRead(_ line: Data) -> RecordedTrend? {
        HistoryLineParser.whole(line) { try $0.recordedTrend() }
    }
}

extension HistoryLineParser {
    /// A `RecordedLatest` line.
    fileprivate mutating func recordedLatest(listingNotReaudited: Bool) throws -> RecordedLatest {
        var names: [String]?, resolved: [RecordedLatest.Earlier]?, notReaudited: [RecordedLatest.Earlier]?
        var places: [RecordedLatest.Place]?, standing: [Int]?
        try object { parser, key in
            switch key {
            case "names": names = try parser.array { try $0.string() }
            case "resolved": resolved = try parser.array { try $0.earlier() }
            case "notReauditedByPlace": places = try parser.array { try $0.place() }
            case "notReaudited" where !listingNotReaudited:
                try parser.skipContainer()
                notReaudited = []
            case "notReaudited": notReaudited = try parser.array { try $0.earlier() }
            case "standing": standing = try parser.array { try $0.integer() }
            default: try parser.skipValue()
            }
        }
        guard let names, let resolved, let places, let notReaudited, let standing else { throw Failure() }
        return RecordedLatest(
            names: names, resolved: resolved, notReauditedByPlace: places, notReaudited: notReaudited,
            standing: standing)
    }

    /// One place of warnings not re-audited.
    private mutating func place() throws -> RecordedLatest.Place {
        var place: Int?, count: Int?, first: Int?, last: Int?
        try object { parser, key in
            switch key {
            case "p": place = try parser.integer()
            case "n": count = try parser.integer()
            case "f": first = try parser.integer()
            case "l": last = try parser.integer()
            default: try parser.skipValue()
            }
        }
        guard let place, let count, let first, let last else { throw Failure() }
        return RecordedLatest.Place(place: place, count: count, first: first, last: last)
    }

    /// One verdict of an earlier audit.
    private mutating func earlier() throws -> RecordedLatest.Earlier {
        var issue: Int?, audit: Int?, verdict: RecordedReport.Verdict?, continued: Int?
        try object { parser, key in
            switch key {
            case "x": issue = try parser.integer()
            case "a": audit = try parser.integer()
            case "v": verdict = try parser.verdict()
            case "c": continued = try parser.integer()
            default: try parser.skipValue()
            }
        }
        guard let issue, let audit, let verdict else { throw Failure() }
        return RecordedLatest.Earlier(issue: issue, audit: audit, verdict: verdict, continued: continued)
    }

    /// A `RecordedReport.Verdict`, its short keys.
    private mutating func verdict() throws -> RecordedReport.Verdict {
        var warning: String?, identity: Int?, screen: Int?, place: Int?, status: String?, reason: String?
        var repeatOf: Int?, change: WarningChange?, continues: RecordedReport.Continued?, since: Int?
        var firstSeen: Int?
        try object { parser, key in
            switch key {
            case "w": warning = try parser.string()
            case "i": identity = try parser.integer()
            case "s": screen = try parser.integer()
            case "p": place = try parser.integer()
            case "k": status = try parser.string()
            case "r": reason = try parser.string()
            case "n": repeatOf = try parser.integer()
            case "c":
                guard let made = WarningChange(rawValue: try parser.string()) else { throw Failure() }
                change = made
            case "o": continues = try parser.continued()
            case "t": since = try parser.integer()
            case "f": firstSeen = try parser.integer()
            default: try parser.skipValue()
            }
        }
        guard let identity, let screen, let place, let since, let firstSeen else { throw Failure() }
        return RecordedReport.Verdict(
            warning: warning, identity: identity, screen: screen, place: place, status: status, reason: reason,
            repeatOf: repeatOf, change: change, continues: continues, since: since, firstSeen: firstSeen)
    }

    /// The issue a verdict continues.
    private mutating func continued() throws -> RecordedReport.Continued {
        var audit: Int?, index: Int?, stage: MatchStage?
        try object { parser, key in
            switch key {
            case "a": audit = try parser.integer()
            case "i": index = try parser.integer()
            case "s":
                guard let made = MatchStage(rawValue: try parser.string()) else { throw Failure() }
                stage = made
            default: try parser.skipValue()
            }
        }
        guard let audit, let index, let stage else { throw Failure() }
        return RecordedReport.Continued(audit: audit, index: index, stage: stage)
    }

    /// A `RecordedTrend` line.
    fileprivate mutating func recordedTrend() throws -> RecordedTrend {
        var open: [Int]?, partial: [Int]?, byView: [Trend.Row]?, byType: [Trend.Row]?, names: [String]?
        var residual: [RecordedTrend.Warning]?, notReaudited: [RecordedTrend.Warning]?
        try object { parser, key in
            switch key {
            case "open": open = try parser.array { try $0.integer() }
            case "partial": partial = try parser.array { try $0.integer() }
            case "byView": byView = try parser.array { try $0.trendRow() }
            case "byType": byType = try parser.array { try $0.trendRow() }
            case "names": names = try parser.array { try $0.string() }
            case "residual": residual = try parser.array { try $0.trendWarning() }
            case "notReaudited": notReaudited = try parser.array { try $0.trendWarning() }
            default: try parser.skipValue()
            }
        }
        guard let open, let partial, let byView, let byType, let names, let residual, let notReaudited else {
            throw Failure()
        }
        return RecordedTrend(
            open: open, partial: partial, byView: byView, byType: byType, names: names, residual: residual,
            notReaudited: notReaudited)
    }

    /// A row of the trend.
    private mutating func trendRow() throws -> Trend.Row {
        var name: String?, counts: [Int]?
        try object { parser, key in
            switch key {
            case "name": name = try parser.string()
            case "counts": counts = try parser.array { try $0.integer() }
            default: try parser.skipValue()
            }
        }
        guard let name, let counts else { throw Failure() }
        return Trend.Row(name: name, counts: counts)
    }

    /// A residual or not re-audited warning of the trend.
    private mutating func trendWarning() throws -> RecordedTrend.Warning {
        var issue: Int?, place: Int?, firstSeen: Int?, reportCount: Int?, baselined: Bool?, lastAudited: Int?
        var warning: Int?, judgedIn: Int?
        try object { parser, key in
            switch key {
            case "x": issue = try parser.integer()
            case "p": place = try parser.integer()
            case "f": firstSeen = try parser.integer()
            case "n": reportCount = try parser.integer()
            case "b": baselined = try parser.boolean()
            case "l": lastAudited = try parser.integer()
            case "w": warning = try parser.integer()
            case "j": judgedIn = try parser.integer()
            default: try parser.skipValue()
            }
        }
        guard let issue, let place, let firstSeen, let reportCount, let baselined, let warning, let judgedIn else {
            throw Failure()
        }
        return RecordedTrend.Warning(
            issue: issue, place: place, firstSeen: firstSeen, reportCount: reportCount, baselined: baselined,
            lastAudited: lastAudited, warning: warning, judgedIn: judgedIn)
    }
}

extension RecordedReport {
    /// The record's line as the package's encoder writes it (sorted keys, one line), its verdicts written
    /// by hand: a history's record holds one per issue of every audit, and the encoder spent a third of
    /// a long history's first use on them. The rest is the encoder's; a line whose last member is not the
    /// verdicts (a change of the type) is the encoder's whole.
    /// - Throws: the encoder's `EncodingError`.
    func line(encoder: JSONEncoder) throws -> Data {
        var rest = self
        rest.verdicts = []
        var data = try encoder.encode(rest)
        let empty = Data("\"verdicts\":[]}".utf8)
        guard data.count >= empty.count, data.suffix(empty.count) == empty else { return try encoder.encode(self) }
        data.removeLast(2)
        var out: [UInt8] = []
        out.reserveCapacity(verdicts.count * 48)
        for (index, verdict) in verdicts.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            verdict.write(to: &out)
        }
        data.append(contentsOf: out)
        data.append(contentsOf: Array("]}".utf8))
        return data
    }
}

extension RecordedReport.Verdict {
    /// Writes the verdict as the encoder would: its members in key order, nil ones left out, strings
    /// quoted as every JSON AuditKit writes (`JSONWriter.quoted`). The raw values of `WarningChange` and
    /// `MatchStage` are plain words, written as they are.
    fileprivate func write(to out: inout [UInt8]) {
        var first = true
        func key(_ name: String) {
            out.append(contentsOf: Array((first ? "{\"" : ",\"").utf8))
            first = false
            out.append(contentsOf: Array(name.utf8))
            out.append(contentsOf: Array("\":".utf8))
        }
        func number(_ value: Int) { out.append(contentsOf: Array(String(value).utf8)) }
        func text(_ value: String) { out.append(contentsOf: Array(JSONWriter.quoted(value).utf8)) }
        func word(_ value: String) { out.append(contentsOf: Array("\"\(value)\"".utf8)) }
        if let change {
            key("c")
            word(change.rawValue)
        }
        key("f")
        number(firstSeen)
        key("i")
        number(identity)
        if let status {
            key("k")
            text(status)
        }
        if let repeatOf {
            key("n")
            number(repeatOf)
        }
        if let continues {
            key("o")
            out.append(contentsOf: Array("{\"a\":\(continues.audit),\"i\":\(continues.index),\"s\":".utf8))
            word(continues.stage.rawValue)
            out.append(UInt8(ascii: "}"))
        }
        key("p")
        number(place)
        if let reason {
            key("r")
            text(reason)
        }
        key("s")
        number(screen)
        key("t")
        number(since)
        if let warning {
            key("w")
            text(warning)
        }
        out.append(UInt8(ascii: "}"))
    }
}
