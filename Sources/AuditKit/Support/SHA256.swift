import Foundation

/// SHA-256 (FIPS 180-4), used to identify reports in the log and the history. Foundation on Linux
/// has no CryptoKit and the project takes no packages, so it lives here.
public struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    private var buffer = [UInt8]()
    private var length: UInt64 = 0

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// A new, empty hash.
    public init() {}

    /// The hex digest of `data`.
    public static func hexDigest<D: DataProtocol>(of data: D) -> String {
        var hasher = SHA256()
        hasher.update(data)
        return hasher.finalizeHex()
    }

    /// Adds bytes to the hash.
    public mutating func update<D: DataProtocol>(_ data: D) {
        for region in data.regions {
            region.withUnsafeBytes { raw in update(raw) }
        }
    }

    private mutating func update(_ raw: UnsafeRawBufferPointer) {
        guard let base = raw.baseAddress, raw.count > 0 else { return }
        length &+= UInt64(raw.count)
        var offset = 0
        if !buffer.isEmpty {
            let take = min(64 - buffer.count, raw.count)
            buffer.append(contentsOf: UnsafeRawBufferPointer(start: base, count: take))
            offset = take
            if buffer.count == 64 {
                let block = buffer
                block.withUnsafeBytes { compress($0.baseAddress!, blocks: 1) }
                buffer.removeAll(keepingCapacity: true)
            }
        }
        let blocks = (raw.count - offset) / 64
        if blocks > 0 {
            compress(base + offset, blocks: blocks)
            offset += blocks * 64
        }
        if offset < raw.count {
            buffer.append(contentsOf: UnsafeRawBufferPointer(start: base + offset, count: raw.count - offset))
        }
    }

    /// Finishes the hash and returns the 64-character lowercase hex digest.
    public mutating func finalizeHex() -> String {
        let bitLength = length &* 8
        var tail = [UInt8](buffer)
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        tail.withUnsafeBytes { raw in compress(raw.baseAddress!, blocks: raw.count / 64) }
        buffer.removeAll()
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        let hex: [Character] = Array("0123456789abcdef")
        var out = ""
        out.reserveCapacity(64)
        for word in words {
            for shift in stride(from: 28, through: 0, by: -4) { out.append(hex[Int((word >> UInt32(shift)) & 0xF)]) }
        }
        return out
    }

    /// Runs the compression function over `blocks` consecutive 64-byte blocks at `data`.
    private mutating func compress(_ data: UnsafeRawPointer, blocks: Int) {
        var (h0, h1, h2, h3, h4, h5, h6, h7) = state
        SHA256.k.withUnsafeBufferPointer { kBuffer in
            let k = kBuffer.baseAddress!
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { wBuffer in
                let w = wBuffer.baseAddress!
                for block in 0..<blocks {
                    let bytes = data + block * 64
                    for i in 0..<16 {
                        w[i] = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
                    }
                    for i in 16..<64 {
                        let x = w[i - 15], y = w[i - 2]
                        let s0 = ((x >> 7) | (x << 25)) ^ ((x >> 18) | (x << 14)) ^ (x >> 3)
                        let s1 = ((y >> 17) | (y << 15)) ^ ((y >> 19) | (y << 13)) ^ (y >> 10)
                        w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                    }
                    var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
                    for i in 0..<64 {
                        let s1 = ((e >> 6) | (e << 26)) ^ ((e >> 11) | (e << 21)) ^ ((e >> 25) | (e << 7))
                        let ch = (e & f) ^ (~e & g)
                        let t1 = h &+ s1 &+ ch &+ k[i] &+ w[i]
                        let s0 = ((a >> 2) | (a << 30)) ^ ((a >> 13) | (a << 19)) ^ ((a >> 22) | (a << 10))
                        let maj = (a & b) ^ (a & c) ^ (b & c)
                        h = g
                        g = f
                        f = e
                        e = d &+ t1
                        d = c
                        c = b
                        b = a
                        a = t1 &+ s0 &+ maj
                    }
                    h0 &+= a
                    h1 &+= b
                    h2 &+= c
                    h3 &+= d
                    h4 &+= e
                    h5 &+= f
                    h6 &+= g
                    h7 &+= h
                }
            }
        }
        state = (h0, h1, h2, h3, h4, h5, h6, h7)
    }
}
