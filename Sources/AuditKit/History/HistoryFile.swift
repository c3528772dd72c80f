import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What reading a history file gave: its entries ordered by audit date, and what was skipped.
public struct History: Sendable {
    /// The entries, ordered by audit date (then file name, then SHA-256), not by the order they were added.
    public var entries: [HistoryEntry]
    /// What the reader tolerated, e.g. a torn last line (`path:line: ...`), for the caller to print.
    public var warnings: [String]
    /// The file as it was when read (`HistoryFile.load()`); nil for a history made in memory or from a
    /// missing file.
    public var stamp: HistoryStamp?
    /// Where each entry's line is in the file read (by SHA-256; the first line of a report added twice).
    var lines: [String: Range<Int>] = [:]

    /// Creates a history from entries in any order; they are sorted by audit date.
    public init(entries: [HistoryEntry], warnings: [String] = []) {
        self.entries = entries.sorted(by: History.precedes)
        self.warnings = warnings
    }

    /// The order of entries: audit date, then file name, then SHA-256.
    public static func precedes(_ a: HistoryEntry, _ b: HistoryEntry) -> Bool {
        if a.auditDate != b.auditDate { return a.auditDate < b.auditDate }
        if a.fileName != b.fileName { return a.fileName < b.fileName }
        return a.sha256 < b.sha256
    }

    /// The latest entry, if any: the last in audit-date order (`entry(reference: "latest")` leaves out
    /// those dated in the future).
    public var latest: HistoryEntry? { entries.last }

    /// How far after the clock of the run that reads it an audit may be dated and still be "the latest":
    /// 26 hours, the widest gap between two time zones, since a file name's date and time are read in the
    /// machine's zone and may have been written in another. A report dated later (a file named
    /// `AXAudit_2099-01-01_00-00-00.json`) is never `latest`: it cannot stand for the audit a run just made
    /// (and a report file dated so is refused: `AuditTimestamp.refusal`).
    public static let futureTolerance: TimeInterval = AuditTimestamp.futureTolerance

    /// The reports the latest run added (`HistoryEntry.run`: every report of the `ingest`, `audit` or
    /// `history add` with the highest number), in audit-date order; in a history whose lines record no
    /// run, the latest audit alone (`entry(reference: "latest", now:)`).
    public func latestRun(now: Date = Date()) -> [HistoryEntry] {
        History.latestRun(
            count: entries.count, run: { entries[$0].run }, auditDate: { entries[$0].auditDate }, now: now
        ).map { entries[$0] }
    }

    /// The positions (0-based, audit-date order) of the reports the latest run added among `count`
    /// entries, each known by its run and audit date (`latestRun(now:)`).
    static func latestRun(count: Int, run: (Int) -> Int?, auditDate: (Int) -> Date, now: Date) -> [Int] {
        let runs = (0..<count).compactMap(run)
        guard let last = runs.max() else {
            return latestPosition(count: count, auditDate: auditDate, now: now).map { [$0] } ?? []
        }
        return (0..<count).filter { run($0) == last }
    }

    /// The position of the latest audit not dated after `now` by more than `futureTolerance`.
    static func latestPosition(count: Int, auditDate: (Int) -> Date, now: Date) -> Int? {
        let limit = now.addingTimeInterval(futureTolerance)
        return (0..<count).last { auditDate($0) <= limit }
    }

    /// The audits that hold their files' bytes (`AuditIdentities`): each entry's identity, with its audit
    /// time, the oldest first; read a report with them (`ReportReader.Options.identities`) and it is the
    /// audit of the history it is, or another one.
    public var auditIdentities: AuditIdentities {
        AuditIdentities(claiming: entries.lazy.map { ($0.sha256, $0.auditDate) })
    }

    /// The next run's number: one more than the highest this history records (1 for a history without).
    public var nextRun: Int { (entries.compactMap(\.run).max() ?? 0) + 1 }

    /// The entry with this SHA-256, if the history has it.
    public func entry(sha256: String) -> HistoryEntry? { entries.first { $0.sha256 == sha256 } }

    /// The latest entry audited before `entry` (a different report), or nil when `entry` is the first.
    /// `entry` need not be in the history.
    public func entry(before entry: HistoryEntry) -> HistoryEntry? {
        entries.last { $0.sha256 != entry.sha256 && History.precedes($0, entry) }
    }

    /// Finds an entry by a reference a user types: a 1-based position (`3`, 1 is the oldest), `latest`
    /// (the latest audit not dated after `now` beyond `futureTolerance`), `latest~N` (N reports before
    /// it), a negative position counting back from it (`-1` is the latest), a SHA-256 prefix of at least
    /// 6 digits, or a file name.
    public func entry(reference: String, now: Date = Date()) -> HistoryEntry? {
        History.position(
            of: reference, count: entries.count, sha256: { entries[$0].sha256 }, fileName: { entries[$0].fileName },
            auditDate: { entries[$0].auditDate }, now: now
        )
        .map { entries[$0] }
    }

    /// The position (0-based) a reference a user types names among `count` entries in audit-date order,
    /// each known by its SHA-256, file name and audit date (`entry(reference:now:)` says which references
    /// there are).
    static func position(
        of reference: String, count: Int, sha256: (Int) -> String, fileName: (Int) -> String,
        auditDate: (Int) -> Date, now: Date
    ) -> Int? {
        if let position = Int(reference), reference.count < 6 {
            if position > 0, position <= count { return position - 1 }
            guard position < 0, let latest = latestPosition(count: count, auditDate: auditDate, now: now) else {
                return nil
            }
            return latest + 1 + position >= 0 ? latest + 1 + position : nil
        }
        if reference == "latest" || reference.hasPrefix("latest~") {
            let back = reference == "latest" ? 0 : Int(reference.dropFirst(7)) ?? -1
            guard back >= 0, let latest = latestPosition(count: count, auditDate: auditDate, now: now) else {
                return nil
            }
            return back <= latest ? latest - back : nil
        }
        if let byName = (0..<count).last(where: { fileName($0) == reference }) { return byName }
        let lowered = reference.lowercased()
        if lowered.count >= 6, lowered.allSatisfy(\.isHexDigit) {
            let matches = (0..<count).filter { sha256($0).hasPrefix(lowered) }
            if matches.count == 1 { return matches[0] }
        }
        return nil
    }
}

/// Which bytes a history file held when it was read or written: its size, modification time and file
/// identity (device, inode), and how many distinct entries it held: the file a run read is the one it
/// writes the record of its judgement for (`JudgementRecordFile.store`), which names the history by
/// content (`HistoryContent`).
public struct HistoryStamp: Sendable, Hashable, Codable {
    /// The file's size in bytes.
    public var bytes: Int
    /// Its modification time, nanoseconds since 1970.
    public var modified: Int64
    /// Its device and inode: a file rewritten in place of another (a back-fill) is another file.
    public var device: UInt64
    /// Its inode.
    public var inode: UInt64
    /// How many distinct entries (reports) it held.
    public var entries: Int

    /// Whether `other` stamps the same bytes of the same file (the entry counts aside).
    public func isSameFile(as other: HistoryStamp) -> Bool {
        bytes == other.bytes && modified == other.modified && device == other.device && inode == other.inode
    }

    /// The stamp of no file (a history never read from one).
    public static let none = HistoryStamp(bytes: 0, modified: 0, device: 0, inode: 0, entries: 0)

    /// A stamp with every field given.
    public init(bytes: Int, modified: Int64, device: UInt64, inode: UInt64, entries: Int) {
        self.bytes = bytes
        self.modified = modified
        self.device = device
        self.inode = inode
        self.entries = entries
    }

    /// The stamp of the file at `path` now, with `entries` 0; nil when it cannot be read.
    public init?(path: String) {
        guard let file = FileIdentity(path: path) else { return nil }
        self.init(bytes: file.bytes, modified: file.modified, device: file.device, inode: file.inode, entries: 0)
    }
}

/// The append-only history file, `Reports/history.jsonl` by default: one JSON object per line, one
/// line per ingested report, keys sorted.
///
/// Appends take the file's lock (`path.lock`), write one complete line with a single `write` and
/// `fsync` it. A crash can at worst leave a torn last line: readers skip it with a warning and keep
/// every line before it, and the next append cuts it off before writing.
public struct HistoryFile: Sendable {
    /// The file's path.
    public var path: String

    /// The default path, relative to the working directory.
    public static let defaultPath = Project.OwnFile.history

    /// What the warning of a torn last line says after its place.
    static let tornLine = "torn last line skipped"

    /// Whether the user named `path` on the command line: only then is a symbolic link there
    /// followed; otherwise appending refuses it.
    public var namedByUser: Bool

    /// A history file at `path`; `namedByUser` when the user gave that very path (see `namedByUser`).
    public init(path: String = HistoryFile.defaultPath, namedByUser: Bool = false) {
        self.path = path
        self.namedByUser = namedByUser
    }

    /// The encoder every history line is written with: sorted keys, ISO 8601 dates, no escaped slashes.
    /// It writes every field of an entry (the shape of lines before version 4); `line(of:)` is the line
    /// the history writes.
    public static func makeEncoder() -> JSONEncoder {
        JSONWriter.encoder(pretty: false)
    }

    /// The line the history writes for `entry`, without its newline: for version 4 and later a compact
    /// line, which lists each test type, error code and title once and leaves out of each issue what the
    /// rest of the line gives back exactly (its number when it follows the one before, its screen's
    /// group, the `open` status, a fingerprint its fields give), with each rect as `[x, y, width,
    /// height]`; for an entry of an earlier version, every field, as that version wrote it.
    /// - Throws: `EncodingError` for a value JSON cannot hold (a non-finite number).
    public static func line(of entry: HistoryEntry) throws -> Data {
        try CompactHistoryLine.encode(entry, with: makeEncoder())
    }

    /// Reads the history; a missing file is an empty history.
    /// - Throws: `AuditError` `.badInput` for a bad line that is not the torn last line, naming
    ///   `path:line:column`, the field and what is wrong, or for a version this code cannot read;
    ///   `.missingInput` when the file exists but cannot be read, `.badInput` when it is not a regular file.
    public func load() throws -> History {
        guard FileManager.default.fileExists(atPath: path) else { return History(entries: []) }
        // Stamped before reading: a line appended meanwhile makes the stamp older than the file, never newer.
        let stamp = HistoryStamp(path: path)
        let data = try Self.contents(of: path)
        var history = try HistoryFile.parse(data, path: path)
        if var stamp, stamp.bytes == data.count {
            stamp.entries = history.entries.count
            history.stamp = stamp
        }
        return history
    }

    /// The bytes of the history file at `path`, read only from a regular file (through a link, as a
    /// person may name a history): one linked to `/dev/zero`, a FIFO or `/dev/stdin` is refused in one
    /// line, never read without end or waited on.
    /// - Throws: `AuditError` `.badInput` when it is not a regular file, `.missingInput` when it cannot be read.
    static func contents(of path: String) throws -> Data {
        let fd: Int32
        do {
            fd = try ByteBuffer.openRegularFile(path).fd
        } catch let error as AuditError where error.code == .badInput {
            throw AuditError(.badInput, "the history file is not a regular file (a pipe, socket or device)", path: path)
        } catch {
            throw AuditError(.missingInput, "cannot read the history file", path: path, cause: "\(error)")
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw AuditError(.missingInput, "cannot read the history file", path: path, cause: "\(error)")
        }
    }

    /// Parses the bytes of a history file (see `load()`); `path` only names the file in messages. Each
    /// line is read by the fast `HistoryLineParser`, and a line it gives up on by `HistoryLineReader`,
    /// which reads it the same way or says where and what is wrong.
    public static func parse(_ data: Data, path: String) throws -> History {
        let bytes = [UInt8](data)
        var lines: [(number: Int, range: Range<Int>)] = []
        var start = 0
        var lineNumber = 1
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            while start < buffer.count, let found = memchr(base + start, 0x0A, buffer.count - start) {
                let offset = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                lines.append((lineNumber, start..<offset))
                start = offset + 1
                lineNumber += 1
            }
        }
        let endsWithNewline = start == bytes.count
        if !endsWithNewline { lines.append((lineNumber, start..<bytes.count)) }
        lines.removeAll { line in bytes[line.range].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }
        let ranges = lines.map(\.range)

        // Lines are independent: read them on all cores, keep file order.
        typealias Read = (entry: HistoryEntry, notes: [String])
        let read = UnsafeMutableBufferPointer<Result<Read, JSONReadError>?>.allocate(capacity: lines.count)
        read.initialize(repeating: nil)
        defer { read.deinitialize(); read.deallocate() }
        let chunk = max(1, lines.count / (ProcessInfo.processInfo.activeProcessorCount * 4))
        let chunks = (lines.count + chunk - 1) / chunk
        nonisolated(unsafe) let output = read
        DispatchQueue.concurrentPerform(iterations: chunks) { part in
            bytes.withUnsafeBufferPointer { all in
                for index in (part * chunk)..<min(ranges.count, (part + 1) * chunk) {
                    let line = UnsafeBufferPointer(rebasing: all[ranges[index]])
                    if let parsed = HistoryLineParser.parse(line) {
                        output[index] = .success(parsed)
                    } else {
                        // The complete reader reads what the fast parser gave up on, or says where it is bad.
                        output[index] = Result { () throws(JSONReadError) in try HistoryLineReader.read(Array(line)) }
                    }
                }
            }
        }

        var entries: [HistoryEntry] = []
        entries.reserveCapacity(lines.count)
        var lineRanges: [String: Range<Int>] = [:]
        var warnings: [String] = []
        var seen = Set<String>()
        var version1Lines: [Int] = []
        for (index, line) in lines.enumerated() {
            switch read[index]! {
            case .success(let read):
                var entry = read.entry
                guard HistoryEntry.readableVersions.contains(entry.version) else {
                    throw AuditError(
                        .badInput,
                        "history line has version \(entry.version); this auditkit reads versions "
                            + "\(HistoryEntry.readableVersions.lowerBound) to \(HistoryEntry.readableVersions.upperBound)",
                        location: InputLocation(path: path, line: line.number, column: 1))
                }
                for note in read.notes { warnings.append("\(path):\(line.number): \(note)") }
                if entry.version == 1 {
                    version1Lines.append(line.number)
                    HistoryFile.refingerprintVersion1(&entry)
                }
                if seen.insert(entry.sha256).inserted {
                    entries.append(entry)
                    lineRanges[entry.sha256] = line.range
                }
            case .failure(let error):
                if index == lines.count - 1, !endsWithNewline {
                    warnings.append(
                        "\(path):\(line.number): \(Self.tornLine) (\(line.range.count) bytes, no newline)")
                    continue
                }
                throw AuditError(
                    .badInput, "history line is not a valid entry",
                    location: InputLocation(
                        path: path, byteOffset: line.range.lowerBound + error.position.offset, line: line.number,
                        column: error.position.column),
                    cause: error.message)
            }
        }
        if let first = version1Lines.first {
            let lines = version1Lines.count == 1 ? "line \(first)" : "\(version1Lines.count) lines from line \(first)"
            warnings.insert(
                "\(path):\(first): \(lines) written by an earlier auditkit (history version 1) lack screen sizes, "
                    + "localization keys, source literals and image hashes; those reports are matched by fingerprint "
                    + "and rect only (nothing is rewritten)", at: 0)
        }
        var history = History(entries: entries, warnings: warnings)
        history.lines = lineRanges
        return history
    }

    /// The entry on the line at `range` of the file (as `History.lines` found it when the file was read
    /// with the same bytes); nil when the file cannot be read there or the line is not an entry.
    func entry(at range: Range<Int>) -> HistoryEntry? {
        guard let opened = try? ByteBuffer.openRegularFile(path) else { return nil }
        let handle = FileHandle(fileDescriptor: opened.fd, closeOnDealloc: true)
        guard (try? handle.seek(toOffset: UInt64(range.lowerBound))) != nil,
            let data = try? handle.read(upToCount: range.count), data.count == range.count
        else { return nil }
        return (try? HistoryFile.parse(data, path: path))?.entries.first
    }

    /// Gives the issues of a version 1 entry that were mapped to a view the fingerprint version 2 gives
    /// them (scoped by screen group), in memory: the file is not rewritten. The history keeps at most
    /// `HistoryIssue.maxTextLength` characters of a text, so a longer text cannot be re-fingerprinted
    /// and keeps its version 1 fingerprint.
    static func refingerprintVersion1(_ entry: inout HistoryEntry) {
        for index in entry.issues.indices where entry.issues[index].view != nil {
            let issue = entry.issues[index]
            guard (issue.elementText?.count ?? 0) < HistoryIssue.maxTextLength else { continue }
            entry.issues[index].fingerprint = IssueFingerprint(
                testType: issue.testType, errorCode: issue.errorCode, elementText: issue.elementText,
                screenGroup: issue.screenGroup)
        }
    }

    /// Appends `entry` as one line unless an entry with the same SHA-256 is already there.
    /// - Returns: true when the line was written, false when the report was already in the history.
    /// - Throws: `AuditError` `.cannotWrite` when the file cannot be written, `.badInput` when the
    ///   existing file is damaged before its last line.
    @discardableResult
    public func append(_ entry: HistoryEntry) throws -> Bool {
        try append([entry]).first ?? false
    }

    /// Appends each of `entries` not yet in the history (by SHA-256), one line each, under one lock.
    /// - Returns: for each entry, whether it was written.
    @discardableResult
    public func append(_ entries: [HistoryEntry]) throws -> [Bool] {
        try append(entries, seeing: { _ in })
    }

    /// Adds each of `entries` not yet in the history (by SHA-256) under one lock, those without a `run`
    /// numbered as the next run (`History.nextRun` of the file as it is under the lock), keeping the file in
    /// audit-date order (`History.precedes`): entries later than every line are appended, one line each;
    /// an entry audited before the file's latest (a back-filled report) has the file rewritten in order,
    /// every existing line kept byte for byte.
    /// - Parameters:
    ///   - entries: the entries to add, in the order to add them.
    ///   - seeing: called under the lock, before anything is written, with the history as it is on disk
    ///     then: what other runs added since this one loaded it, to compare against.
    ///   - written: called under the lock after the write (or when nothing was written) with the history
    ///     the file holds then (the entries `seeing` saw and the ones written, their lines, its stamp),
    ///     for a record of its judgement (`JudgementRecordFile.store`).
    /// - Returns: for each entry, whether it was written.
    /// - Throws: `AuditError` `.cannotWrite` when the file cannot be written, `.badInput` when the
    ///   existing file is damaged before its last line.
    @discardableResult
    public func append(
        _ entries: [HistoryEntry], seeing: (History) throws -> Void, written: (History) -> Void = { _ in }
    ) throws -> [Bool] {
        try withLockedFile { fd in
            let existing = try Self.contents(of: path)
            let current = try HistoryFile.parse(existing, path: path)
            try seeing(current)
            var known = Set(current.entries.map(\.sha256))
            let wrote = entries.map { known.insert($0.sha256).inserted }
            // Entries that name no run are this call's run, numbered under the lock.
            let run = current.nextRun
            let added = zip(entries, wrote).filter(\.1).map { entry, _ in
                var numbered = entry
                numbered.run = entry.run ?? run
                return numbered
            }
            /// The history the file holds after the write, with where each line is; a torn last line the
            /// write cut or dropped is no longer warned of.
            func tell(_ lines: [String: Range<Int>], repaired: Bool = true) {
                let warnings = repaired ? current.warnings.filter { !$0.contains(Self.tornLine) } : current.warnings
                var after = History(entries: current.entries + added, warnings: warnings)
                after.lines = lines
                after.stamp = HistoryStamp(path: path)
                after.stamp?.entries = after.entries.count
                written(after)
            }
            guard !added.isEmpty else {
                tell(current.lines, repaired: false)
                return wrote
            }
            let encoder = HistoryFile.makeEncoder()
            let lines = try added.map { entry -> (HistoryEntry, Data) in
                var line = try CompactHistoryLine.encode(entry, with: encoder)
                line.append(UInt8(ascii: "\n"))
                return (entry, line)
            }
            var inOrder = true
            var previous = current.entries.last
            for (entry, _) in lines {
                if let previous, History.precedes(entry, previous) { inOrder = false }
                previous = entry
            }
            guard inOrder else {
                tell(try rewriteInOrder(existing, adding: lines))
                return wrote
            }
            // Cut a torn last line (a crashed append) so the new line starts on a line of its own.
            var end = existing.count
            if let last = existing.last, last != UInt8(ascii: "\n") {
                end = (existing.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
                guard ftruncate(fd, off_t(end)) == 0 else {
                    throw AuditError(
                        .cannotWrite, "cannot cut the torn last line", path: path,
                        cause: String(cString: strerror(errno)))
                }
            }
            var lineRanges = current.lines
            for (entry, line) in lines {
                try HistoryFile.writeAll(line, to: fd, at: off_t(end), path: path)
                lineRanges[entry.sha256] = end..<(end + line.count - 1)
                end += line.count
            }
            tell(lineRanges)
            return wrote
        }
    }

    /// Runs `body` with the file opened for writing (made, with its folder, when missing; never through
    /// a link the user did not name) under its lock.
    private func withLockedFile<Result>(_ body: (Int32) throws -> Result) throws -> Result {
        if !namedByUser { try Symlinks.refuseLinks(along: path) }
        let directory = PathName.parent(path)
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            try AtomicFile.makeDirectory(directory, namedByUser: namedByUser)
        }
        return try FileLock.withExclusiveLock(at: FileLock.lockPath(for: path)) {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | (namedByUser ? 0 : O_NOFOLLOW), 0o644)
            guard fd >= 0 else {
                if Symlinks.openRefusedLink(errno) { try Symlinks.refuseLink(at: path) }
                throw AuditError(
                    .cannotWrite, "cannot open the history file", path: path,
                    cause: String(cString: strerror(errno)))
            }
            defer { close(fd) }
            return try body(fd)
        }
    }

    /// Appends entries after the file's lines without reading them, under its lock, when the file is one
    /// the caller knows: `knowing` is given the file (opened, and its size, which ends with a line feed)
    /// and returns what it knows of it and the entries to append (their runs numbered), or nil when it
    /// does not know the file (then nothing is written). Each entry is written as `append` writes it, one
    /// line each; `written` is then told, still under the lock, where each line is and the bytes appended.
    /// - Returns: what `knowing` returned; nil when it returned nil or the file ends with a torn line.
    /// - Throws: `AuditError` `.cannotWrite` when the file cannot be written (no half line is left).
    func append<Known>(
        knowing: (_ fd: Int32, _ size: Int) throws -> (Known, [HistoryEntry])?,
        written: (Known, [Range<Int>], Data) -> Void
    ) throws -> Known? {
        try withLockedFile { fd in
            var status = stat()
            guard fstat(fd, &status) == 0, status.st_size > 0 else { return nil }
            let size = Int(status.st_size)
            var last: UInt8 = 0
            guard pread(fd, &last, 1, off_t(size - 1)) == 1, last == UInt8(ascii: "\n"),
                let (known, entries) = try knowing(fd, size)
            else { return nil }
            let encoder = HistoryFile.makeEncoder()
            var appended = Data()
            var lines: [Range<Int>] = []
            for entry in entries {
                let start = size + appended.count
                appended.append(try CompactHistoryLine.encode(entry, with: encoder))
                lines.append(start..<(size + appended.count))
                appended.append(UInt8(ascii: "\n"))
            }
            try HistoryFile.writeAll(appended, to: fd, at: off_t(size), path: path)
            written(known, lines, appended)
            return known
        }
    }

    /// Replaces the file (under its lock, held by the caller) with its lines and `adding` sorted by
    /// audit date; each existing line keeps its bytes, a torn last line is dropped. Returns where each
    /// entry's line now is (the first line of a report written twice).
    private func rewriteInOrder(_ existing: Data, adding: [(HistoryEntry, Data)]) throws -> [String: Range<Int>] {
        var lines: [(HistoryEntry, Data)] = []
        for raw in existing.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            var line = Data(raw)
            line.append(UInt8(ascii: "\n"))
            // Each line alone: a line the whole-file read accepted reads alone too; others are torn.
            guard let entry = try? HistoryFile.parse(line, path: path).entries.first else { continue }
            lines.append((entry, line))
        }
        lines += adding
        // A stable sort: lines of the same report keep their order.
        let sorted = lines.enumerated().sorted { a, b in
            if History.precedes(a.element.0, b.element.0) { return true }
            if History.precedes(b.element.0, a.element.0) { return false }
            return a.offset < b.offset
        }
        var data = Data()
        var ranges: [String: Range<Int>] = [:]
        for (entry, line) in sorted.map(\.element) {
            if ranges[entry.sha256] == nil { ranges[entry.sha256] = data.count..<(data.count + line.count - 1) }
            data.append(line)
        }
        try AtomicFile.write(data, to: path, namedByUser: namedByUser)
        return ranges
    }

    private static func writeAll(_ data: Data, to fd: Int32, at offset: off_t, path: String) throws {
        var failure: String?
        data.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let count = pwrite(fd, raw.baseAddress! + done, raw.count - done, offset + off_t(done))
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                done += count
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            // Leave no half line behind.
            _ = ftruncate(fd, offset)
            throw AuditError(.cannotWrite, "cannot append to the history file", path: path, cause: failure)
        }
    }
}
