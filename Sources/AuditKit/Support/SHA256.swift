import Foundation

/// SHA-256 (FIPS 180-4), used to identify reports in the log and the history. Foundation on Linux
/// has no CryptoKit and the project takes no packages, so it lives here.
public struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    private var buffer = [UInt8]()
    private var length: UInt64 = 0

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
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
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

    /// Runs the compression function over `blocks` consecutive 64-byte blocks at `data`: 64 unrolled
    /// rounds over a rolling 16-word message schedule, all in local variables.
    private mutating func compress(_ data: UnsafeRawPointer, blocks: Int) {
        var (h0, h1, h2, h3, h4, h5, h6, h7) = state
        @inline(__always) func sigma0(_ x: UInt32) -> UInt32 {
            ((x >> 7) | (x << 25)) ^ ((x >> 18) | (x << 14)) ^ (x >> 3)
        }
        @inline(__always) func sigma1(_ x: UInt32) -> UInt32 {
            ((x >> 17) | (x << 15)) ^ ((x >> 19) | (x << 13)) ^ (x >> 10)
        }
        @inline(__always) func round(
            _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32,
            _ g: UInt32, _ h: inout UInt32, _ kw: UInt32
        ) {
            let s1 = ((e >> 6) | (e << 26)) ^ ((e >> 11) | (e << 21)) ^ ((e >> 25) | (e << 7))
            let t1 = h &+ s1 &+ ((e & f) ^ (~e & g)) &+ kw
            let s0 = ((a >> 2) | (a << 30)) ^ ((a >> 13) | (a << 19)) ^ ((a >> 22) | (a << 10))
            d = d &+ t1
            h = t1 &+ s0 &+ ((a & b) ^ (a & c) ^ (b & c))
        }
        for block in 0..<blocks {
            let p = data + block * 64
            @inline(__always) func load(_ i: Int) -> UInt32 {
                UInt32(bigEndian: p.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
            }
            var w0 = load(0), w1 = load(1), w2 = load(2), w3 = load(3), w4 = load(4), w5 = load(5), w6 = load(6),
                w7 = load(7), w8 = load(8), w9 = load(9), w10 = load(10), w11 = load(11), w12 = load(12),
                w13 = load(13), w14 = load(14), w15 = load(15)
            var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
            round(a, b, c, &d, e, f, g, &h, 0x428a2f98 &+ w0)
            round(h, a, b, &c, d, e, f, &g, 0x71374491 &+ w1)
            round(g, h, a, &b, c, d, e, &f, 0xb5c0fbcf &+ w2)
            round(f, g, h, &a, b, c, d, &e, 0xe9b5dba5 &+ w3)
            round(e, f, g, &h, a, b, c, &d, 0x3956c25b &+ w4)
            round(d, e, f, &g, h, a, b, &c, 0x59f111f1 &+ w5)
            round(c, d, e, &f, g, h, a, &b, 0x923f82a4 &+ w6)
            round(b, c, d, &e, f, g, h, &a, 0xab1c5ed5 &+ w7)
            round(a, b, c, &d, e, f, g, &h, 0xd807aa98 &+ w8)
            round(h, a, b, &c, d, e, f, &g, 0x12835b01 &+ w9)
            round(g, h, a, &b, c, d, e, &f, 0x243185be &+ w10)
            round(f, g, h, &a, b, c, d, &e, 0x550c7dc3 &+ w11)
            round(e, f, g, &h, a, b, c, &d, 0x72be5d74 &+ w12)
            round(d, e, f, &g, h, a, b, &c, 0x80deb1fe &+ w13)
            round(c, d, e, &f, g, h, a, &b, 0x9bdc06a7 &+ w14)
            round(b, c, d, &e, f, g, h, &a, 0xc19bf174 &+ w15)
            w0 = w0 &+ sigma0(w1) &+ w9 &+ sigma1(w14)
            round(a, b, c, &d, e, f, g, &h, 0xe49b69c1 &+ w0)
            w1 = w1 &+ sigma0(w2) &+ w10 &+ sigma1(w15)
            round(h, a, b, &c, d, e, f, &g, 0xefbe4786 &+ w1)
            w2 = w2 &+ sigma0(w3) &+ w11 &+ sigma1(w0)
            round(g, h, a, &b, c, d, e, &f, 0x0fc19dc6 &+ w2)
            w3 = w3 &+ sigma0(w4) &+ w12 &+ sigma1(w1)
            round(f, g, h, &a, b, c, d, &e, 0x240ca1cc &+ w3)
            w4 = w4 &+ sigma0(w5) &+ w13 &+ sigma1(w2)
            round(e, f, g, &h, a, b, c, &d, 0x2de92c6f &+ w4)
            w5 = w5 &+ sigma0(w6) &+ w14 &+ sigma1(w3)
            round(d, e, f, &g, h, a, b, &c, 0x4a7484aa &+ w5)
            w6 = w6 &+ sigma0(w7) &+ w15 &+ sigma1(w4)
            round(c, d, e, &f, g, h, a, &b, 0x5cb0a9dc &+ w6)
            w7 = w7 &+ sigma0(w8) &+ w0 &+ sigma1(w5)
            round(b, c, d, &e, f, g, h, &a, 0x76f988da &+ w7)
            w8 = w8 &+ sigma0(w9) &+ w1 &+ sigma1(w6)
            round(a, b, c, &d, e, f, g, &h, 0x983e5152 &+ w8)
            w9 = w9 &+ sigma0(w10) &+ w2 &+ sigma1(w7)
            round(h, a, b, &c, d, e, f, &g, 0xa831c66d &+ w9)
            w10 = w10 &+ sigma0(w11) &+ w3 &+ sigma1(w8)
            round(g, h, a, &b, c, d, e, &f, 0xb00327c8 &+ w10)
            w11 = w11 &+ sigma0(w12) &+ w4 &+ sigma1(w9)
            round(f, g, h, &a, b, c, d, &e, 0xbf597fc7 &+ w11)
            w12 = w12 &+ sigma0(w13) &+ w5 &+ sigma1(w10)
            round(e, f, g, &h, a, b, c, &d, 0xc6e00bf3 &+ w12)
            w13 = w13 &+ sigma0(w14) &+ w6 &+ sigma1(w11)
            round(d, e, f, &g, h, a, b, &c, 0xd5a79147 &+ w13)
            w14 = w14 &+ sigma0(w15) &+ w7 &+ sigma1(w12)
            round(c, d, e, &f, g, h, a, &b, 0x06ca6351 &+ w14)
            w15 = w15 &+ sigma0(w0) &+ w8 &+ sigma1(w13)
            round(b, c, d, &e, f, g, h, &a, 0x14292967 &+ w15)
            w0 = w0 &+ sigma0(w1) &+ w9 &+ sigma1(w14)
            round(a, b, c, &d, e, f, g, &h, 0x27b70a85 &+ w0)
            w1 = w1 &+ sigma0(w2) &+ w10 &+ sigma1(w15)
            round(h, a, b, &c, d, e, f, &g, 0x2e1b2138 &+ w1)
            w2 = w2 &+ sigma0(w3) &+ w11 &+ sigma1(w0)
            round(g, h, a, &b, c, d, e, &f, 0x4d2c6dfc &+ w2)
            w3 = w3 &+ sigma0(w4) &+ w12 &+ sigma1(w1)
            round(f, g, h, &a, b, c, d, &e, 0x53380d13 &+ w3)
            w4 = w4 &+ sigma0(w5) &+ w13 &+ sigma1(w2)
            round(e, f, g, &h, a, b, c, &d, 0x650a7354 &+ w4)
            w5 = w5 &+ sigma0(w6) &+ w14 &+ sigma1(w3)
            round(d, e, f, &g, h, a, b, &c, 0x766a0abb &+ w5)
            w6 = w6 &+ sigma0(w7) &+ w15 &+ sigma1(w4)
            round(c, d, e, &f, g, h, a, &b, 0x81c2c92e &+ w6)
            w7 = w7 &+ sigma0(w8) &+ w0 &+ sigma1(w5)
            round(b, c, d, &e, f, g, h, &a, 0x92722c85 &+ w7)
            w8 = w8 &+ sigma0(w9) &+ w1 &+ sigma1(w6)
            round(a, b, c, &d, e, f, g, &h, 0xa2bfe8a1 &+ w8)
            w9 = w9 &+ sigma0(w10) &+ w2 &+ sigma1(w7)
            round(h, a, b, &c, d, e, f, &g, 0xa81a664b &+ w9)
            w10 = w10 &+ sigma0(w11) &+ w3 &+ sigma1(w8)
            round(g, h, a, &b, c, d, e, &f, 0xc24b8b70 &+ w10)
            w11 = w11 &+ sigma0(w12) &+ w4 &+ sigma1(w9)
            round(f, g, h, &a, b, c, d, &e, 0xc76c51a3 &+ w11)
            w12 = w12 &+ sigma0(w13) &+ w5 &+ sigma1(w10)
            round(e, f, g, &h, a, b, c, &d, 0xd192e819 &+ w12)
            w13 = w13 &+ sigma0(w14) &+ w6 &+ sigma1(w11)
            round(d, e, f, &g, h, a, b, &c, 0xd6990624 &+ w13)
            w14 = w14 &+ sigma0(w15) &+ w7 &+ sigma1(w12)
            round(c, d, e, &f, g, h, a, &b, 0xf40e3585 &+ w14)
            w15 = w15 &+ sigma0(w0) &+ w8 &+ sigma1(w13)
            round(b, c, d, &e, f, g, h, &a, 0x106aa070 &+ w15)
            w0 = w0 &+ sigma0(w1) &+ w9 &+ sigma1(w14)
            round(a, b, c, &d, e, f, g, &h, 0x19a4c116 &+ w0)
            w1 = w1 &+ sigma0(w2) &+ w10 &+ sigma1(w15)
            round(h, a, b, &c, d, e, f, &g, 0x1e376c08 &+ w1)
            w2 = w2 &+ sigma0(w3) &+ w11 &+ sigma1(w0)
            round(g, h, a, &b, c, d, e, &f, 0x2748774c &+ w2)
            w3 = w3 &+ sigma0(w4) &+ w12 &+ sigma1(w1)
            round(f, g, h, &a, b, c, d, &e, 0x34b0bcb5 &+ w3)
            w4 = w4 &+ sigma0(w5) &+ w13 &+ sigma1(w2)
            round(e, f, g, &h, a, b, c, &d, 0x391c0cb3 &+ w4)
            w5 = w5 &+ sigma0(w6) &+ w14 &+ sigma1(w3)
            round(d, e, f, &g, h, a, b, &c, 0x4ed8aa4a &+ w5)
            w6 = w6 &+ sigma0(w7) &+ w15 &+ sigma1(w4)
            round(c, d, e, &f, g, h, a, &b, 0x5b9cca4f &+ w6)
            w7 = w7 &+ sigma0(w8) &+ w0 &+ sigma1(w5)
            round(b, c, d, &e, f, g, h, &a, 0x682e6ff3 &+ w7)
            w8 = w8 &+ sigma0(w9) &+ w1 &+ sigma1(w6)
            round(a, b, c, &d, e, f, g, &h, 0x748f82ee &+ w8)
            w9 = w9 &+ sigma0(w10) &+ w2 &+ sigma1(w7)
            round(h, a, b, &c, d, e, f, &g, 0x78a5636f &+ w9)
            w10 = w10 &+ sigma0(w11) &+ w3 &+ sigma1(w8)
            round(g, h, a, &b, c, d, e, &f, 0x84c87814 &+ w10)
            w11 = w11 &+ sigma0(w12) &+ w4 &+ sigma1(w9)
            round(f, g, h, &a, b, c, d, &e, 0x8cc70208 &+ w11)
            w12 = w12 &+ sigma0(w13) &+ w5 &+ sigma1(w10)
            round(e, f, g, &h, a, b, c, &d, 0x90befffa &+ w12)
            w13 = w13 &+ sigma0(w14) &+ w6 &+ sigma1(w11)
            round(d, e, f, &g, h, a, b, &c, 0xa4506ceb &+ w13)
            w14 = w14 &+ sigma0(w15) &+ w7 &+ sigma1(w12)
            round(c, d, e, &f, g, h, a, &b, 0xbef9a3f7 &+ w14)
            w15 = w15 &+ sigma0(w0) &+ w8 &+ sigma1(w13)
            round(b, c, d, &e, f, g, h, &a, 0xc67178f2 &+ w15)
            h0 &+= a
            h1 &+= b
            h2 &+= c
            h3 &+= d
            h4 &+= e
            h5 &+= f
            h6 &+= g
            h7 &+= h
        }
        state = (h0, h1, h2, h3, h4, h5, h6, h7)
    }
}
