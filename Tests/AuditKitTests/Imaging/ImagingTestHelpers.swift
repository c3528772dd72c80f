import AuditKit
import AuditKitTestSupport
import Foundation

/// Mean absolute difference per channel (RGB) between `raster`'s pixels inside `rect` and `expected`
/// (same size as `rect`).
func meanDifference(_ raster: Raster, _ rect: PixelRect, _ expected: Raster) -> Double {
    var total = 0
    for y in 0..<rect.height {
        for x in 0..<rect.width {
            let a = raster.pixel(x: rect.x + x, y: rect.y + y), b = expected.pixel(x: x, y: y)
            total += abs(Int(a.red) - Int(b.red)) + abs(Int(a.green) - Int(b.green)) + abs(Int(a.blue) - Int(b.blue))
        }
    }
    return Double(total) / Double(max(1, rect.width * rect.height * 3))
}

/// How many pixels inside `rect` are within `tolerance` (per channel) of `color`.
func countPixels(_ raster: Raster, in rect: PixelRect, near color: RGBAColor, tolerance: Int = 40) -> Int {
    let area = rect.intersection(raster.bounds)
    var count = 0
    for y in area.y..<area.maxY {
        for x in area.x..<area.maxX {
            let p = raster.pixel(x: x, y: y)
            if abs(Int(p.red) - Int(color.red)) <= tolerance, abs(Int(p.green) - Int(color.green)) <= tolerance,
                abs(Int(p.blue) - Int(color.blue)) <= tolerance
            {
                count += 1
            }
        }
    }
    return count
}

/// How many pixels inside `rect` differ from white (drawn ink).
func countInk(_ raster: Raster, in rect: PixelRect) -> Int {
    let area = rect.intersection(raster.bounds)
    var count = 0
    for y in area.y..<area.maxY {
        for x in area.x..<area.maxX {
            let p = raster.pixel(x: x, y: y)
            if Int(p.red) + Int(p.green) + Int(p.blue) < 3 * 200 { count += 1 }
        }
    }
    return count
}

/// The renderer every imaging test uses (the machine's default font).
let sharedTextRenderer: TextRenderer? = try? TextRenderer(explicitFontPath: nil, environment: [:])

/// A JPEG whose SOF header claims `width` x `height` (the scan data stays that of a small image).
func jpegClaimingSize(width: Int, height: Int) -> Data {
    var bytes = [UInt8](ImagingFixture.image(ImagingFixture.uiRaster(width: 16, height: 16, seed: 1)).data)
    for index in 0..<(bytes.count - 9)
    where bytes[index] == 0xFF && (bytes[index + 1] == 0xC0 || bytes[index + 1] == 0xC2) {
        bytes[index + 5] = UInt8(height >> 8)
        bytes[index + 6] = UInt8(height & 0xFF)
        bytes[index + 7] = UInt8(width >> 8)
        bytes[index + 8] = UInt8(width & 0xFF)
        break
    }
    return Data(bytes)
}

/// Bytes that start like a JPEG and then are garbage.
let corruptJPEG = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x02, 0x13, 0x37] + [UInt8](repeating: 0x5A, count: 200))
