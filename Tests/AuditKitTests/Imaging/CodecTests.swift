import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

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
