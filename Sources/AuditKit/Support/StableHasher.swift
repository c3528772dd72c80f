import Foundation

/// A hash that is the same in every process (FNV-1a over the bytes combined, then mixed): where the
/// judgement keeps hashes of texts, keys and views in what it stores between runs (the screens it knows,
/// `JudgementState`), Swift's `Hasher`, seeded anew in each process, cannot be used.
struct StableHasher {
    private var state: UInt64 = 0xCBF2_9CE4_8422_2325

    /// Adds `bytes`.
    mutating func combine(bytes: UnsafeRawBufferPointer) {
        for byte in bytes { add(byte) }
    }

    /// Adds the UTF-8 bytes of `text`, then a byte no UTF-8 text has (so "ab" then "c" is not "a" then "bc").
    mutating func combine(_ text: String) {
        for byte in text.utf8 { add(byte) }
        add(0xFF)
    }

    /// Adds the eight bytes of `value`.
    mutating func combine(_ value: Int) {
        var bits = UInt64(bitPattern: Int64(value))
        for _ in 0..<8 {
            add(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    /// Adds one byte.
    mutating func combine(_ byte: UInt8) { add(byte) }

    /// The hash of what was added, its bits mixed (SplitMix64's finaliser) so every bit depends on every byte.
    func finalize() -> Int {
        var bits = state
        bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
        bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(bitPattern: UInt(bits ^ (bits >> 31)))
    }

    /// The hash of `text` alone.
    static func hash(_ text: String) -> Int {
        var hasher = StableHasher()
        hasher.combine(text)
        return hasher.finalize()
    }

    private mutating func add(_ byte: UInt8) {
        state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
}
