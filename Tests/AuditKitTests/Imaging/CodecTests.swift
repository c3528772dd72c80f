import AuditKitTestSupport
import CAuditImaging
import Foundation
import Testing

@testable import AuditKit

@Suite struct CodecTests {
    @Test func jpegRoundTripKeepsSizeAndPixels() throws {
        let original = ImagingFixture.uiRaster(width: 120, height: 80, seed: 3)
        let data = try JPEGCodec.encode(original, quality: 95)
        let decoded = try JPEGCodec.decode(data)
        #expect(decoded.width == 120 && decoded.height == 80)
        #expect(meanDifference(decoded, decoded.bounds, original) < 6)
    }

    @Test func jpegDecodeUsesDCTScalingButNeverGoesBelowTheRequestedSize() throws {
        let data = try JPEGCodec.encode(ImagingFixture.uiRaster(width: 800, height: 600, seed: 4))
        let eighth = try JPEGCodec.decode(data, minimumWidth: 100, minimumHeight: 75)
        #expect(eighth.width == 100 && eighth.height == 75)
        let quarter = try JPEGCodec.decode(data, minimumWidth: 101, minimumHeight: 20)
        #expect(quarter.width == 200 && quarter.height == 150)
        let sevenEighths = try JPEGCodec.decode(data, minimumWidth: 700, minimumHeight: 10)
        #expect(sevenEighths.width == 700 && sevenEighths.height == 525)
        let full = try JPEGCodec.decode(data, minimumWidth: 750, minimumHeight: 10)
        #expect(full.width == 800 && full.height == 600)
    }

    @Test func pngRoundTripIsExactForRGBAndRGBA() throws {
        var original = ImagingFixture.uiRaster(width: 33, height: 17, seed: 5)
        let rgb = try PNGCodec.decode(PNGCodec.encode(original))
        #expect(rgb.width == 33 && rgb.height == 17)
        #expect(rgb.pixels == original.pixels)
        original.fill(
            PixelRect(x: 0, y: 0, width: 10, height: 10), with: RGBAColor(red: 10, green: 20, blue: 30, alpha: 255))
        original.pixels[3] = 128
        for settings in [
            PNGSettings(compressionLevel: 9, filters: .all), PNGSettings(compressionLevel: 0, filters: .none),
        ] {
            let rgba = try PNGCodec.decode(PNGCodec.encode(original, settings: settings, keepAlpha: true))
            #expect(rgba.pixels == original.pixels)
        }
    }

    @Test func rowsFilteredInTheShimRoundTripInChunksOfLibpngsSize() throws {
        // More than 16 KiB of rows with the up filter alone: the shim filters and deflates them, libpng
        // writes the chunks. Widths that are not a multiple of the packing step; with and without alpha.
        for (width, height) in [(301, 97), (1547, 40)] {
            var original = ImagingFixture.uiRaster(width: width, height: height, seed: width)
            // Noise in the lower half, so the compressed rows fill several chunks.
            for k in (original.pixels.count / 2)..<original.pixels.count where k % 4 != 3 {
                var x = UInt64(k) &* 0x9E37_79B9_7F4A_7C15
                x ^= x >> 31
                original.pixels[k] = UInt8(truncatingIfNeeded: (x &* 0xBF58_476D_1CE4_E5B9) >> 56)
            }
            let encoded = try PNGCodec.encode(original, settings: .standard)
            #expect(try PNGCodec.decode(encoded).pixels == original.pixels)
            var chunks: [(type: String, length: Int)] = []
            var offset = 8
            while offset + 8 <= encoded.count {
                let length = encoded[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
                chunks.append((String(decoding: encoded[offset + 4..<offset + 8], as: UTF8.self), length))
                offset += 12 + length
            }
            #expect(offset == encoded.count)
            #expect(chunks.map(\.type).first == "IHDR" && chunks.map(\.type).last == "IEND")
            let data = chunks.filter { $0.type == "IDAT" }
            #expect(data.count >= 2 && data.dropLast().allSatisfy { $0.length == 8192 })
            for k in stride(from: 3, to: original.pixels.count, by: 40) { original.pixels[k] = UInt8(k % 251) }
            let rgba = try PNGCodec.decode(PNGCodec.encode(original, settings: .standard, keepAlpha: true))
            #expect(rgba.pixels == original.pixels)
        }
    }

    @Test func shimRowsCarryZlibsHeaderAndTheAdler32OfTheFilteredRows() throws {
        // 2003 x 9 RGB rows: each row (filter byte and 6009 bytes) is longer than the 5552 bytes after
        // which the sums are reduced, and not a multiple of 16.
        var original = ImagingFixture.uiRaster(width: 2003, height: 9, seed: 11)
        for k in stride(from: 0, to: original.pixels.count, by: 7) { original.pixels[k] = 255 }
        let encoded = [UInt8](try PNGCodec.encode(original, settings: .standard))
        var stream: [UInt8] = []
        var offset = 8
        while offset + 8 <= encoded.count {
            let length = encoded[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if encoded[offset + 4..<offset + 8].elementsEqual("IDAT".utf8) {
                stream += encoded[offset + 8..<offset + 8 + length]
            }
            offset += 12 + length
        }
        // RFC 1950's header for a 2^15 window at level 1 ...
        #expect(stream.prefix(2) == [0x78, 0x01])
        // ... and its trailer, the checksum of the rows as filtered (type 2, up), big-endian.
        var filtered: [UInt8] = []
        var above = [UInt8](repeating: 0, count: original.width * 3)
        for y in 0..<original.height {
            filtered.append(2)
            for x in 0..<original.width {
                for channel in 0..<3 {
                    let value = original.pixels[(y * original.width + x) * 4 + channel]
                    filtered.append(value &- above[x * 3 + channel])
                    above[x * 3 + channel] = value
                }
            }
        }
        let checksum = Self.adler32(filtered)
        #expect(Array(stream.suffix(4)) == [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: checksum >> $0) })
    }

    @Test func adler32MatchesTheDefinitionAtEveryLengthAndAlignment() {
        var bytes = [UInt8](repeating: 255, count: 12_000)
        var generator = SplitMix64(seed: 24)
        for k in bytes.indices where k % 3 != 0 { bytes[k] = UInt8.random(in: 0...255, using: &generator) }
        for (start, length) in [(0, 0), (1, 15), (3, 16), (5, 33), (0, 5552), (7, 5553), (0, 11_111), (9, 11_991)] {
            let slice = Array(bytes[start..<start + length])
            let computed = slice.withUnsafeBufferPointer { CAuditImaging_adler32(1, $0.baseAddress, $0.count) }
            #expect(computed == Self.adler32(slice), "\(length) bytes from \(start)")
            // Continued from the checksum of a first part.
            let half = length / 2
            let first = Array(slice[..<half]).withUnsafeBufferPointer { CAuditImaging_adler32(1, $0.baseAddress, half) }
            let whole = Array(slice[half...]).withUnsafeBufferPointer {
                CAuditImaging_adler32(first, $0.baseAddress, $0.count)
            }
            #expect(whole == computed)
        }
    }

    /// Adler-32 by its definition (RFC 1950), a byte at a time.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    @Test func brokenImagesGiveErrorsWithMessagesNotCrashes() {
        #expect(throws: ImageCodecError.self) { try JPEGCodec.decode(Data()) }
        #expect(throws: ImageCodecError.self) { try JPEGCodec.decode(corruptJPEG) }
        #expect(throws: ImageCodecError.self) { try JPEGCodec.decode(Data("GIF89a".utf8)) }
        do {
            _ = try JPEGCodec.decode(jpegClaimingSize(width: 60000, height: 60000))
            Issue.record("a 60000x60000 JPEG was decoded")
        } catch {
            #expect(error.kind == .tooLarge)
            #expect(error.description.contains("60000x60000"))
        }
        do {
            _ = try JPEGCodec.decode(corruptJPEG)
        } catch {
            #expect(!error.description.isEmpty)
        }
        let valid = ImagingFixture.image(ImagingFixture.uiRaster(width: 64, height: 64, seed: 2)).data
        #expect(throws: ImageCodecError.self) { try JPEGCodec.decode(valid.prefix(valid.count / 2)) }
        #expect(throws: ImageCodecError.self) { try PNGCodec.decode(Data()) }
        #expect(throws: ImageCodecError.self) { try PNGCodec.decode(valid) }
    }
}

@Suite struct CodecRobustnessTests {
    @Test func mutatedAndCutJPEGAndPNGBytesNeverCrash() throws {
        let jpeg = [UInt8](ImagingFixture.image(ImagingFixture.uiRaster(width: 48, height: 32, seed: 9)).data)
        let png = [UInt8](try PNGCodec.encode(ImagingFixture.uiRaster(width: 48, height: 32, seed: 9)))
        var generator = SplitMix64(seed: 2026)
        var failures = 0
        for round in 0..<300 {
            for original in [jpeg, png] {
                var bytes = original
                if round % 3 == 0 {
                    bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator)))
                } else {
                    for _ in 0..<Int.random(in: 1...8, using: &generator) {
                        bytes[Int.random(in: 2..<bytes.count, using: &generator)] = UInt8.random(
                            in: 0...255, using: &generator)
                    }
                }
                do {
                    let raster = original == jpeg ? try JPEGCodec.decode(Data(bytes)) : try PNGCodec.decode(Data(bytes))
                    #expect(raster.pixels.count == raster.width * raster.height * 4)
                } catch {
                    failures += 1
                    #expect(!error.description.isEmpty)
                }
            }
        }
        #expect(failures > 100)
    }
}

@Suite struct CodecMemoryTests {
    @Test(arguments: 1...9)
    func rgbaRowsPackedToRGBKeepEveryPixelWhateverTheWidth(width: Int) throws {
        // Four pixels a step, then the rest one by one.
        let original = ImagingFixture.uiRaster(width: width, height: 5, seed: width)
        let decoded = try PNGCodec.decode(PNGCodec.encode(original))
        #expect(decoded.width == width && decoded.height == 5)
        #expect(decoded.pixels == original.pixels)
        // The banded writer packs its rows the same way.
        let encoder = try PNGRowEncoder(width: width, height: 5, settings: .standard)
        try encoder.append(original)
        #expect(try encoder.finish() == (try PNGCodec.encode(original)))
    }

    @Test func aJPEGDecodedWithWhiteRowsBelowIsTheSamePictureOverThem() throws {
        let data = try JPEGCodec.encode(ImagingFixture.uiRaster(width: 64, height: 40, seed: 8), quality: 90)
        let plain = try JPEGCodec.decode(data)
        var askedWidth = 0
        let taller = try JPEGCodec.decode(data) { width in
            askedWidth = width
            return 7
        }
        #expect(askedWidth == 64)
        #expect(taller.width == 64 && taller.height == 47)
        #expect(Array(taller.pixels[0..<plain.pixels.count]) == plain.pixels)
        #expect(taller.pixels[plain.pixels.count...].allSatisfy { $0 == 255 })
        // A truncated JPEG is still an error, not a picture with white rows.
        #expect(throws: ImageCodecError.self) { try JPEGCodec.decode(data.prefix(data.count / 2)) { _ in 7 } }
    }

    @Test func aRasterReusingABufferIsFilledAndKeepsTheMemory() {
        var buffer = [UInt8](repeating: 7, count: 40 * 10 * 4)
        buffer.reserveCapacity(40 * 20 * 4)
        let address = buffer.withUnsafeBufferPointer { $0.baseAddress }
        var raster = Raster(width: 40, height: 6, fill: .white, reusing: consume buffer)
        #expect(raster.pixels.count == 40 * 6 * 4 && raster.pixels.allSatisfy { $0 == 255 })
        #expect(raster.pixels.withUnsafeBufferPointer { $0.baseAddress } == address)
        let taken = raster.pixels
        raster = Raster(width: 0, height: 0)
        let grown = Raster(width: 40, height: 20, fill: RGBAColor(rgb: 0x102030), reusing: consume taken)
        #expect(grown.pixels.count == 40 * 20 * 4)
        #expect(grown.pixels.withUnsafeBufferPointer { $0.baseAddress } == address)
        #expect(grown.pixels == Raster(width: 40, height: 20, fill: RGBAColor(rgb: 0x102030)).pixels)
        // Too small a buffer, or a translucent fill, gets new memory and the same result.
        #expect(
            Raster(width: 50, height: 50, fill: .white, reusing: [0, 1, 2]).pixels
                == Raster(width: 50, height: 50, fill: .white).pixels)
        let translucent = RGBAColor.white.withAlpha(9)
        #expect(
            Raster(width: 4, height: 4, fill: translucent, reusing: grown.pixels).pixels
                == Raster(width: 4, height: 4, fill: translucent).pixels)
    }
}
