import AuditKit
import Testing

@Suite struct RasterTests {
    @Test func fillAndStrokeClipToTheRaster() {
        var raster = Raster(width: 10, height: 10)
        raster.fill(PixelRect(x: -5, y: -5, width: 8, height: 8), with: .black)
        #expect(raster.pixel(x: 2, y: 2) == .black)
        #expect(raster.pixel(x: 3, y: 3) == .white)
        raster.strokeRect(PixelRect(x: 5, y: 5, width: 20, height: 20), with: RGBAColor(rgb: 0xFF0000), lineWidth: 2)
        #expect(raster.pixel(x: 9, y: 5) == RGBAColor(rgb: 0xFF0000))
        #expect(raster.pixel(x: 5, y: 9) == RGBAColor(rgb: 0xFF0000))
        #expect(raster.pixel(x: 8, y: 8) == .white)
    }

    @Test func translucentFillBlends() {
        var raster = Raster(width: 2, height: 2, fill: .white)
        raster.fill(raster.bounds, with: RGBAColor.black.withAlpha(128))
        let p = raster.pixel(x: 0, y: 0)
        #expect((120...135).contains(Int(p.red)))
    }

    @Test func downscaleAveragesAreasInsteadOfPickingPixels() {
        // A one-pixel checkerboard halved: nearest neighbour would give pure black or white.
        var checker = Raster(width: 8, height: 8, fill: .white)
        for y in 0..<8 {
            for x in 0..<8 where (x + y) % 2 == 0 {
                checker.fill(PixelRect(x: x, y: y, width: 1, height: 1), with: .black)
            }
        }
        let half = checker.resampled(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { #expect((126...129).contains(Int(half.pixel(x: x, y: y).red))) } }
        // A non-integer factor keeps the average too.
        let odd = checker.resampled(width: 3, height: 3)
        #expect((110...145).contains(Int(odd.pixel(x: 1, y: 1).green)))
    }

    @Test func drawScalesIntoTheTargetRect() {
        let source = Raster(width: 40, height: 20, fill: RGBAColor(rgb: 0x336699))
        var canvas = Raster(width: 30, height: 30)
        canvas.draw(source, in: PixelRect(x: 5, y: 5, width: 20, height: 10))
        #expect(canvas.pixel(x: 5, y: 5) == RGBAColor(rgb: 0x336699))
        #expect(canvas.pixel(x: 24, y: 14) == RGBAColor(rgb: 0x336699))
        #expect(canvas.pixel(x: 25, y: 15) == .white)
    }
}
