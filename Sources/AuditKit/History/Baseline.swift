import Foundation

/// Warnings the team has judged and accepted, by fingerprint: `Reports/baseline.json`.
///
/// The file is `{"entries": [...], "version": 1}` with entries sorted by fingerprint and keys sorted,
/// so its diffs stay small. It is replaced atomically under its lock.
public struct Baseline: Sendable, Hashable, Codable {
    /// One accepted warning.
    public struct Entry: Sendable, Hashable, Codable {
        /// The accepted fingerprint.
        public var fingerprint: IssueFingerprint
        /// Why it was accepted (required, non-empty).
        public var reason: String
        /// The day it was accepted, `yyyy-MM-dd` (UTC).
        public var acceptedOn: String
        /// The test type key of the warning, when it was known at acceptance (for people).
        public var testType: String?
        /// The element text, when known (for people).
        public var elementText: String?
        /// The view or screen group, when known (for people).
        public var place: String?

        /// Creates an entry.
        public init(
            fingerprint: IssueFingerprint, reason: String, acceptedOn: String, testType: String? = nil,
            elementText: String? = nil, place: String? = nil
        ) {
            self.fingerprint = fingerprint
            self.reason = reason
            self.acceptedOn = acceptedOn
            self.testType = testType
            self.elementText = elementText
            self.place = place
        }
    }

    /// The file format version: 1.
    public var version: Int
    /// The accepted warnings, sorted by fingerprint, one per fingerprint.
    public var entries: [Entry]

    /// The default path, relative to the working directory.
    public static let defaultPath = Project.OwnFile.baseline

    /// A baseline holding `entries` (sorted here; the last entry wins for a repeated fingerprint).
    public init(entries: [Entry] = []) {
        version = 1
        var byFingerprint: [IssueFingerprint: Entry] = [:]
        for entry in entries { byFingerprint[entry.fingerprint] = entry }
        self.entries = byFingerprint.values.sorted { $0.fingerprint < $1.fingerprint }
    }

    /// The entry accepting `fingerprint`, if any.
    public func entry(for fingerprint: IssueFingerprint) -> Entry? {
        entries.first { $0.fingerprint == fingerprint }
    }

    /// Whether `fingerprint` is accepted.
    public func accepts(_ fingerprint: IssueFingerprint) -> Bool { entry(for: fingerprint) != nil }

    /// This baseline with `fingerprints` accepted for `reason` on `date`; an entry that exists is
    /// replaced (new reason and date). `describe` gives the human fields of a fingerprint when known:
    /// its issue and where people find it (`WarningVerdict.place`).
    /// - Throws: a usage error when `reason` is empty or a fingerprint is not hex.
    public func accepting(
        _ fingerprints: [IssueFingerprint], reason: String, on date: Date,
        describe: (IssueFingerprint) -> (issue: HistoryIssue, place: String)? = { _ in nil }
    ) throws -> Baseline {
        let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty else { throw AuditError(.usage, "accepting a warning needs a reason") }
        for fingerprint in fingerprints where !IssueFingerprint.isWellFormed(fingerprint.hex) {
            throw AuditError(.usage, "'\(fingerprint.hex)' is not a fingerprint (expected hex digits)")
        }
        let day = Baseline.day(date)
        let added = fingerprints.map { fingerprint -> Entry in
            let described = describe(fingerprint)
            return Entry(
                fingerprint: fingerprint, reason: reason, acceptedOn: day, testType: described?.issue.testType.key,
                elementText: described?.issue.elementText, place: described?.place)
        }
        return Baseline(entries: entries + added)
    }

    /// The entries whose fingerprint is not among `present`: accepted warnings that no longer appear.
    public func stale(present: Set<IssueFingerprint>) -> [Entry] {
        entries.filter { !present.contains($0.fingerprint) }
    }

    /// This baseline without the entries whose fingerprint is not among `present`.
    public func pruned(present: Set<IssueFingerprint>) -> Baseline {
        Baseline(entries: entries.filter { present.contains($0.fingerprint) })
    }

    /// `yyyy-MM-dd` of `date` in UTC.
    public static func day(_ date: Date) -> String {
        DateFields.utc(date).dateText
    }

    /// Reads the baseline at `path`; a missing file is an empty baseline.
    /// - Throws: `AuditError` `.badInput` for a file that is not a version 1 baseline.
    public static func load(path: String) throws -> Baseline {
        guard FileManager.default.fileExists(atPath: path) else { return Baseline() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AuditError(.missingInput, "cannot read the baseline file", path: path)
        }
        return try parse(data, path: path)
    }

    /// Parses the bytes of a baseline file (see `load(path:)`); `path` only names the file in messages.
    /// Members this version does not know are ignored (a later version may add some).
    /// - Throws: `AuditError` `.badInput` for bytes that are not a version 1 baseline, located at the
    ///   line and column of the problem: `path:3:16: error: not a valid baseline file (what is wrong)`.
    public static func parse(_ data: Data, path: String) throws -> Baseline {
        func refusal(_ error: JSONReadError) -> AuditError {
            AuditError(
                .badInput, "not a valid baseline file", location: error.location(path: path), cause: error.message)
        }
        let root: JSONReader.Value
        let version: Int
        do {
            root = try JSONReader([UInt8](data), comments: false).root
            version = try root.int("version")
        } catch {
            throw refusal(error)
        }
        guard version == 1 else {
            throw AuditError(.badInput, "baseline has version \(version); this auditkit reads version 1", path: path)
        }
        do {
            var entries: [Entry] = []
            for item in try root.array("entries") {
                entries.append(
                    Entry(
                        fingerprint: IssueFingerprint(hex: try item.string("fingerprint")),
                        reason: try item.string("reason"), acceptedOn: try item.string("acceptedOn"),
                        testType: try item.optionalString("testType"),
                        elementText: try item.optionalString("elementText"), place: try item.optionalString("place")))
            }
            return Baseline(entries: entries)
        } catch {
            throw refusal(error)
        }
    }

    /// The file's bytes: pretty-printed, sorted keys, final newline.
    public func encoded() throws -> Data {
        try JSONWriter.data(self)
    }

    /// Reads the baseline at `path`, applies `change` and writes the result atomically, all under the
    /// file's lock, so two runs never lose each other's acceptances.
    /// - Parameters:
    ///   - path: the baseline file.
    ///   - namedByUser: the user gave this very path, so a symbolic link there is followed (otherwise
    ///     it is refused).
    ///   - change: makes the new baseline from the one on disk (empty when there is none).
    /// - Returns: the baseline as written.
    @discardableResult
    public static func update(
        path: String, namedByUser: Bool = false, _ change: (Baseline) throws -> Baseline
    ) throws -> Baseline {
        if !namedByUser { try Symlinks.refuseLinks(along: path) }
        let directory = PathName.parent(path)
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            try AtomicFile.makeDirectory(directory, namedByUser: namedByUser)
        }
        return try FileLock.withExclusiveLock(at: FileLock.lockPath(for: path)) {
            let changed = try change(try load(path: path))
            try AtomicFile.write(try changed.encoded(), to: path, onlyIfChanged: true, namedByUser: namedByUser)
            return changed
        }
    }
}
