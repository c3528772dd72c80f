import Foundation

#if canImport(CommonCrypto)
    import CommonCrypto
#else
    import CLibCrypto
#endif

/// SHA-256 (FIPS 180-4), used to identify reports in the log and the history and to fingerprint
/// warnings. The hashing is the system's: OpenSSL's libcrypto (which uses the CPU's SHA instructions
/// where it has them), CommonCrypto on Apple platforms.
public struct SHA256: Sendable {
    private var context: Context

    /// A new, empty hash.
    public init() { context = Context() }

    /// The 64-character lowercase hex digest of `data`.
    public static func hexDigest<D: DataProtocol>(of data: D) -> String {
        var hasher = SHA256()
        hasher.update(data)
        return hasher.finalizeHex()
    }

    /// The hex digest of the first `count` bytes of the open file `fd`, read a MiB at a time at their
    /// offsets (`pread`, which moves no shared position), so a file of any size costs a MiB of memory;
    /// nil when the file holds fewer bytes or cannot be read.
    static func hexDigest(ofFile fd: Int32, count: Int) -> String? {
        guard var hasher = hashing(file: fd, count: count) else { return nil }
        return hasher.finalizeHex()
    }

    /// The hash of the first `count` bytes of the open file `fd`, not finished (more can be added), read as
    /// `hexDigest(ofFile:count:)` reads them; nil when the file holds fewer bytes or cannot be read.
    static func hashing(file fd: Int32, count: Int) -> SHA256? {
        var hasher = SHA256()
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var done = 0
        while done < count {
            let got = pread(fd, buffer.baseAddress!, min(chunk, count - done), off_t(done))
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return nil }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[..<got]))
            done += got
        }
        return hasher
    }

    /// Adds bytes to the hash.
    public mutating func update<D: DataProtocol>(_ data: D) {
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
        for region in data.regions {
            region.withUnsafeBytes { raw in context.update(raw) }
        }
    }

    /// Finishes the hash and returns the 64-character lowercase hex digest. The hash is empty again
    /// afterwards.
    public mutating func finalizeHex() -> String {
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
        let digest = context.finish()
        context = Context()
        let hex = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: 64) { out in
            for (index, byte) in digest.enumerated() {
                out[2 * index] = hex[Int(byte >> 4)]
                out[2 * index + 1] = hex[Int(byte & 0xF)]
            }
            return 64
        }
    }
}

#if canImport(CommonCrypto)
    extension SHA256 {
        /// The running CommonCrypto state; copied before a shared one is changed.
        private final class Context: @unchecked Sendable {
            var state = CC_SHA256_CTX()
            init() { CC_SHA256_Init(&state) }
            func copy() -> Context {
                let other = Context()
                other.state = state
                return other
            }
            func update(_ raw: UnsafeRawBufferPointer) {
                guard let base = raw.baseAddress else { return }
                var offset = 0
                while offset < raw.count {
                    let count = min(raw.count - offset, Int(UInt32.max))
                    CC_SHA256_Update(&state, base + offset, CC_LONG(count))
                    offset += count
                }
            }
            func finish() -> [UInt8] {
                var digest = [UInt8](repeating: 0, count: 32)
                CC_SHA256_Final(&digest, &state)
                return digest
            }
        }
    }
#else
    /// libcrypto's SHA-256 implementation, fetched once for the whole process. libcrypto starts
    /// without reading the system's OpenSSL configuration (its providers and policies are for
    /// security uses; a report's identity is not one): that reading cost 1 ms of the first hash, on
    /// the path of every command (measured 2026-11-25, 1.4 ms with it, 0.45 ms without).
    nonisolated(unsafe) private let sha256Method: OpaquePointer? = {
        _ = OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_LOAD_CONFIG), nil)
        return EVP_MD_fetch(nil, "SHA256", nil)
    }()

    extension SHA256 {
        /// The running `EVP_MD_CTX`; copied before a shared one is changed.
        private final class Context: @unchecked Sendable {
            let state: OpaquePointer
            init() {
                // Only allocation failure makes these fail; there is no way on without a digest.
                guard let state = EVP_MD_CTX_new(), let method = sha256Method,
                    EVP_DigestInit_ex(state, method, nil) == 1
                else { fatalError("libcrypto cannot start a SHA-256 digest") }
                self.state = state
            }
            private init(copying other: OpaquePointer) {
                guard let state = EVP_MD_CTX_new(), EVP_MD_CTX_copy_ex(state, other) == 1 else {
                    fatalError("libcrypto cannot copy a SHA-256 digest")
                }
                self.state = state
            }
            deinit { EVP_MD_CTX_free(state) }
            func copy() -> Context { Context(copying: state) }
            func update(_ raw: UnsafeRawBufferPointer) {
                guard let base = raw.baseAddress, raw.count > 0 else { return }
                EVP_DigestUpdate(state, base, raw.count)
            }
            func finish() -> [UInt8] {
                var digest = [UInt8](repeating: 0, count: 32)
                var length: UInt32 = 0
                EVP_DigestFinal_ex(state, &digest, &length)
                return digest
            }
        }
    }
#endif
