import Foundation

/// The history a judgement was recorded from, by its content: its size, the SHA-256 of its bytes (what
/// `sha256sum` prints) and how many reports it held. A record names no file (no inode, no time), so
/// the same history gives the same record on every machine, and a record committed beside the history
/// holds in every clone whose history has those bytes.
public struct HistoryContent: Sendable, Hashable, Codable {
    /// The file's size in bytes.
    public var bytes: Int
    /// The SHA-256 of its bytes, 64 lowercase hex digits.
    public var sha256: String
    /// How many distinct entries (reports) it held.
    public var entries: Int

    /// The content given.
    public init(bytes: Int, sha256: String, entries: Int) {
        self.bytes = bytes
        self.sha256 = sha256
        self.entries = entries
    }

    /// The content of the history file at `path` as `stamp` found it (its `entries` counted): nil when
    /// it cannot be read, or it is no longer the file `stamp` names once read (another run wrote it).
    init?(path: String, stamp: HistoryStamp) {
        guard let digest = Self.digest(ofFileAt: path, bytes: stamp.bytes),
            HistoryStamp(path: path)?.isSameFile(as: stamp) == true
        else { return nil }
        self.init(bytes: stamp.bytes, sha256: digest, entries: stamp.entries)
    }

    /// Whether the history file at `path` holds these bytes: its size, then the SHA-256 of all of them.
    func isContent(of path: String) -> Bool {
        Self.digest(ofFileAt: path, bytes: bytes) == sha256
    }

    /// The SHA-256 of the regular file at `path` when it is `bytes` long; nil otherwise or unreadable.
    private static func digest(ofFileAt path: String, bytes: Int) -> String? {
        guard let opened = try? ByteBuffer.openRegularFile(path), opened.size == bytes else { return nil }
        defer { close(opened.fd) }
        return SHA256.hexDigest(ofFile: opened.fd, count: bytes)
    }
}

/// The seal on a record's last line: the SHA-256 of every byte before it, so a line of the record edited
/// by hand (or damaged) is seen, and the history judged again. It is no signature: whoever edits the record
/// can seal it again (what a committed record can make the gate believe: <doc:Configuration>).
enum RecordSeal {
    /// The seal's line: `{"seal":"` and 64 hex digits, then `"}` and a line feed.
    static let length = 76

    /// The last line of a record whose other lines are `data`.
    static func line(sealing data: Data) -> Data {
        Data("{\"seal\":\"\(SHA256.hexDigest(of: data))\"}\n".utf8)
    }

    /// Whether the file `record` (opened) ends with the seal of the bytes before it.
    static func holds(in record: OpenRecord) -> Bool {
        guard record.size > length, let last = record.bytes(at: record.size - length, count: length) else {
            return false
        }
        let text = String(decoding: last, as: UTF8.self)
        guard text.hasPrefix("{\"seal\":\""), text.hasSuffix("\"}\n") else { return false }
        let sealed = text.dropFirst(9).prefix(64)
        return SHA256.hexDigest(ofFile: record.fd, count: record.size - length) == String(sealed)
    }
}

/// What this machine notes when it writes a record (`history.judgement.local` beside it, git-ignored):
/// the history file it was judged from and the record file written, each by size, modification and
/// change times, device and inode (`FileIdentity`). While both files are those, the record is this
/// machine's own judgement of that history: read without hashing either file, and believed by `check`
/// for a report whose file is kept. A file edited in place changes its change time, whatever its
/// modification time is set back to; a note copied from elsewhere names other files and never matches.
struct LocalRecordStamp: Codable, Sendable {
    /// The history file the record was made of.
    var history: FileIdentity
    /// The record file as written.
    var record: FileIdentity

    /// The longest note read: a few hundred bytes are written.
    static let longest = 4_096

    /// The note at `path`; nil when there is none, or it is not a regular file of its own, or not a note.
    static func read(_ path: String) -> LocalRecordStamp? {
        guard let opened = try? ByteBuffer.openRegularFile(path, followingLinks: false) else { return nil }
        let handle = FileHandle(fileDescriptor: opened.fd, closeOnDealloc: true)
        guard opened.size <= longest, let data = try? handle.read(upToCount: longest) else { return nil }
        return try? JSONDecoder().decode(LocalRecordStamp.self, from: data)
    }

    /// Whether the note names the files at `history` and `record` as they are now.
    func names(history historyPath: String, record recordPath: String) -> Bool {
        FileIdentity(path: historyPath) == history && FileIdentity(path: recordPath) == record
    }
}

extension JudgementRecordFile {
    /// Where this machine notes the records it wrote (`LocalRecordStamp`): the record's name with `.local`
    /// for `.json` (`history.judgement.local`).
    public var localStampPath: String { PathName.deletingExtension(path) + ".local" }

    /// Whether the record at `path` holds for the history file stamped `stamp` now: this machine wrote it
    /// of that file (`writtenHere`, its note matches, nothing hashed), or the history's bytes are those it
    /// was made of and its seal holds, both hashed at once. `refused` is told when the seal does not hold
    /// (a line edited by hand) though the history's bytes are the record's: nil then, and the history is
    /// judged again.
    func holds(_ recorded: RecordedJudgement, stamp: HistoryStamp, refused: (String) -> Void) -> (
        holds: Bool, writtenHere: Bool
    ) {
        if let note = LocalRecordStamp.read(localStampPath), note.names(history: history.path, record: path) {
            return (true, true)
        }
        let content = recorded.record.history
        guard content.bytes == stamp.bytes else { return (false, false) }
        let historyPath = history.path
        let checks = ParallelWork.map([0, 1], parallel: true) { _, which in
            which == 0 ? content.isContent(of: historyPath) : recorded.sealHolds
        }
        guard checks[0] else { return (false, false) }
        guard checks[1] else {
            refused(
                "the recorded judgement \(path) is not as it was written (its seal does not hold): not used, judged again"
            )
            return (false, false)
        }
        return (true, false)
    }

    /// Notes that this machine wrote the record file (of `bytes` bytes) of the history file `stamp` names:
    /// best effort, as the record is.
    func noteWritten(history stamp: HistoryStamp, bytes: Int) {
        guard let judged = FileIdentity(path: history.path), judged.isFile(stamp),
            let written = FileIdentity(path: path), written.bytes == bytes,
            let data = try? JSONEncoder().encode(LocalRecordStamp(history: judged, record: written))
        else { return }
        _ = try? AtomicFile.write(data, to: localStampPath, durability: .regenerable, namedByUser: false)
    }
}
