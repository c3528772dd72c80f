import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's bytes, read once into one allocation that lives as long as this object. The reader scans,
/// hashes and base64-decodes straight from it, so a report is never copied or turned into a string.
public final class ByteBuffer: @unchecked Sendable {
    /// The bytes; valid while the buffer lives. Never written after `init`.
    public let bytes: UnsafeRawBufferPointer
    private let base: UnsafeMutableRawPointer?
    /// The length of `base`'s mapping when it was mapped (`populatedMemory`) rather than allocated.
    private let mappedLength: Int?

    /// Copies `data` into a new buffer.
    public init<D: DataProtocol>(copying data: D) {
        let count = data.count
        let pointer = malloc(max(count, 1))!
        var offset = 0
        for region in data.regions {
            region.withUnsafeBytes { raw in
                if let source = raw.baseAddress, raw.count > 0 {
                    memcpy(pointer + offset, source, raw.count)
                }
                offset += raw.count
            }
        }
        base = pointer
        mappedLength = nil
        bytes = UnsafeRawBufferPointer(start: pointer, count: count)
    }

    private init(pointer: UnsafeMutableRawPointer, count: Int, mappedLength: Int? = nil) {
        base = pointer
        self.mappedLength = mappedLength
        bytes = UnsafeRawBufferPointer(start: pointer, count: count)
    }

    deinit {
        if let mappedLength {
            munmap(base, mappedLength)
        } else {
            free(base)
        }
    }

    /// Files at least this large are read into memory mapped with every page in place
    /// (`MAP_POPULATE`): one call instead of a page fault per 4 KiB as the read fills it, which for
    /// a 9 MB report took 5-10 ms against 3.7 ms (measured 2026-11-25).
    package static let populatedReadThreshold = 1 << 20

    /// `count` bytes of zeroed memory with every page in place (released with `munmap`), or nil where
    /// that is not offered (or fails): the caller then allocates as usual.
    package static func populatedMemory(_ count: Int) -> UnsafeMutableRawPointer? {
        #if os(Linux)
            let pointer = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0)
            guard let pointer, pointer != MAP_FAILED else { return nil }
            return pointer
        #else
            return nil
        #endif
    }

    /// The number of bytes.
    public var count: Int { bytes.count }

    /// Reads the whole file at `path` with one allocation.
    /// - Parameters:
    ///   - path: the file.
    ///   - maxSize: files larger than this are refused before anything is read.
    /// - Throws: `AuditError` `.missingInput` when the file cannot be opened (or is a folder), `.badInput`
    ///   when it is not a regular file,
    ///   `.limitExceeded` when it is larger than `maxSize`, `.badInput` on a read error.
    public static func read(path: String, maxSize: Int) throws -> ByteBuffer {
        let (fd, size) = try openRegularFile(path)
        defer { close(fd) }
        if size > maxSize {
            throw AuditError(
                .limitExceeded, "the file is \(size) bytes, more than the limit of \(maxSize) bytes", path: path)
        }
        // One byte more than the size, so the read that finds the end needs no larger buffer.
        var capacity = min(size, maxSize) + 1
        // A large file goes into pre-faulted memory; should it grow while it is read, its bytes move to
        // memory that can grow.
        var mapped = capacity >= populatedReadThreshold ? populatedMemory(capacity) : nil
        var pointer = mapped ?? malloc(capacity)!
        func release() {
            if mapped != nil { munmap(pointer, capacity) } else { free(pointer) }
        }
        var count = 0
        while true {
            if count == capacity {
                if count >= maxSize {
                    release()
                    throw AuditError(
                        .limitExceeded, "the file is larger than the limit of \(maxSize) bytes", path: path)
                }
                let grown = min(max(capacity * 2, 4096), maxSize + 1)
                if mapped != nil {
                    let copy = malloc(grown)!
                    memcpy(copy, pointer, count)
                    release()
                    mapped = nil
                    pointer = copy
                } else {
                    pointer = realloc(pointer, grown)!
                }
                capacity = grown
            }
            let got = Foundation.read(fd, pointer + count, capacity - count)
            if got < 0 {
                if errno == EINTR { continue }
                let cause = String(cString: strerror(errno))
                release()
                throw AuditError(.badInput, "cannot read the file", path: path, cause: cause)
            }
            if got == 0 { break }
            count += got
        }
        if count > maxSize {
            release()
            throw AuditError(.limitExceeded, "the file is larger than the limit of \(maxSize) bytes", path: path)
        }
        return ByteBuffer(pointer: pointer, count: count, mappedLength: mapped != nil ? capacity : nil)
    }

    /// Reads the file at `path` once, `pieceSize` bytes at a time, and hands each piece to `body` in
    /// order, holding no more than one piece: for work that looks at every byte once, such as a hash,
    /// without the memory of the whole file. The file is checked as `read` checks it.
    /// - Returns: how many bytes the file had.
    /// - Throws: `AuditError` as `read` does, or what `body` throws.
    public static func forEachPiece(
        ofFileAt path: String, maxSize: Int, pieceSize: Int = 64 * 1024,
        _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int {
        let (fd, size) = try openRegularFile(path)
        defer { close(fd) }
        if size > maxSize {
            throw AuditError(
                .limitExceeded, "the file is \(size) bytes, more than the limit of \(maxSize) bytes", path: path)
        }
        let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: max(pieceSize, 1), alignment: 1)
        defer { piece.deallocate() }
        var total = 0
        var filled = 0
        while true {
            let got = Foundation.read(fd, piece.baseAddress! + filled, piece.count - filled)
            if got < 0 {
                if errno == EINTR { continue }
                throw AuditError(.badInput, "cannot read the file", path: path, cause: String(cString: strerror(errno)))
            }
            filled += got
            guard got == 0 || filled == piece.count else { continue }
            total += filled
            if total > maxSize {
                throw AuditError(.limitExceeded, "the file is larger than the limit of \(maxSize) bytes", path: path)
            }
            if filled > 0 { try body(UnsafeRawBufferPointer(rebasing: piece[0..<filled])) }
            if got == 0 { return total }
            filled = 0
        }
    }

    /// Opens the regular file at `path` for reading and gives its descriptor (the caller closes it)
    /// and its size; with `followingLinks` false, never through a symbolic link.
    /// - Throws: `AuditError` `.missingInput` when the file cannot be opened (or is a folder, or a link
    ///   not followed), `.badInput` when it is not a regular file.
    package static func openRegularFile(_ path: String, followingLinks: Bool = true) throws -> (fd: Int32, size: Int) {
        // O_NONBLOCK so opening a FIFO with no writer cannot hang; only regular files are read.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT, path.unicodeScalars.contains("\u{FFFD}") { throw FolderListing.notUTF8(path) }
            let what = code == ENOENT ? "no such file" : "cannot open the file"
            throw AuditError(
                .missingInput, what, path: path, cause: code == ENOENT ? nil : String(cString: strerror(code)))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let cause = String(cString: strerror(errno))
            close(fd)
            throw AuditError(.missingInput, "cannot read the file's size", path: path, cause: cause)
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw AuditError(.missingInput, "is a folder, not a report file", path: path)
        }
        if (info.st_mode & S_IFMT) != S_IFREG {
            close(fd)
            throw AuditError(.badInput, "is not a regular file (a pipe, socket or device)", path: path)
        }
        return (fd, Int(info.st_size))
    }
}
