import AuditKit
import Foundation
import Testing

/// libcrypto's SHA-256 behind `SHA256`, against more FIPS 180-4 vectors, at every block boundary.
@Suite struct SHA256VectorTests {
    @Test func matchesTheMultiBlockVectors() {
        #expect(
            SHA256.hexDigest(of: Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        let long =
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        #expect(
            SHA256.hexDigest(of: Data(long.utf8))
                == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    @Test func givesTheSameDigestWhateverThePieces() {
        let data = Data((0..<300).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        for length in [55, 56, 63, 64, 65, 127, 128, 129, 300] {
            let whole = SHA256.hexDigest(of: data.prefix(length))
            var hasher = SHA256()
            var offset = 0
            var step = 1
            while offset < length {
                let end = min(length, offset + step)
                hasher.update(data[offset..<end])
                offset = end
                step = step * 3 % 70 + 1
            }
            #expect(hasher.finalizeHex() == whole, "length \(length)")
        }
    }

    @Test func copiesAreIndependentHashes() {
        var first = SHA256()
        first.update(Data("abc".utf8))
        var second = first
        second.update(Data("def".utf8))
        #expect(first.finalizeHex() == SHA256.hexDigest(of: Data("abc".utf8)))
        #expect(second.finalizeHex() == SHA256.hexDigest(of: Data("abcdef".utf8)))
        // After finishing, a hash starts again from empty.
        #expect(first.finalizeHex() == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
