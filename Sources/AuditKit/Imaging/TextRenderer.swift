import CFreeType
import Foundation

/// Draws and measures single lines of UTF-8 text with FreeType: anti-aliased glyphs, the font's
/// kerning, and, for a character the main font lacks, a fallback face fontconfig finds (so CJK
/// element text renders when any CJK font is installed; otherwise the main font's missing-glyph box).
///
/// Safe to share between threads: FreeType is used behind a lock, and rendered glyphs are cached.
public final class TextRenderer: @unchecked Sendable {
    /// The main font file.
    public let fontPath: String
    private let lock = NSLock()
    private var library: FT_Library?
    private var faces: [FT_Face] = []
    private var facePaths: [String] = []
    private var faceForScalar: [UInt32: (face: Int, glyph: UInt32)] = [:]
    private var glyphs: [GlyphKey: Glyph] = [:]
    private var metrics: [Int: LineMetrics] = [:]

    private struct GlyphKey: Hashable {
        var face: Int
        var glyph: UInt32
        var size: Int
    }

    private struct Glyph {
        var bitmap: [UInt8]
        var width: Int
        var rows: Int
        var left: Int
        var top: Int
        var advance: Int  // 26.6 fixed point
    }

    /// Vertical metrics of a line at one pixel size.
    public struct LineMetrics: Sendable, Hashable {
        /// Pixels from the top of the line to the baseline.
        public var ascent: Int
        /// Pixels from the baseline to the bottom of the line.
        public var descent: Int
        /// `ascent + descent`: the height a line of text takes.
        public var height: Int { ascent + descent }
    }

    /// Loads the font at `fontPath`.
    /// - Throws: `AuditError` when FreeType cannot start or cannot load the font.
    public init(fontPath: String) throws(AuditError) {
        self.fontPath = fontPath
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw AuditError(.internalError, "FreeType could not be initialised")
        }
        self.library = library
        var face: FT_Face?
        let error = FT_New_Face(library, fontPath, 0, &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            self.library = nil
            throw AuditError(.badInput, "FreeType cannot load the font (error \(error))", path: fontPath)
        }
        faces = [face]
        facePaths = [fontPath]
    }

    /// Finds a font with `FontLocator` (explicit path, `AUDITKIT_FONT`, fontconfig, known paths)
    /// and loads it.
    /// - Throws: `AuditError` when no usable font is found.
    public convenience init(
        explicitFontPath: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(AuditError) {
        try self.init(fontPath: FontLocator.locate(explicitPath: explicitFontPath, environment: environment))
    }

    deinit {
        for face in faces { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// Ascent and descent at `size` pixels, from the main font.
    public func lineMetrics(size: Int) -> LineMetrics {
        lock.lock()
        defer { lock.unlock() }
        if let known = metrics[size] { return known }
        let face = faces[0]
        FT_Set_Pixel_Sizes(face, 0, FT_UInt(size))
        let sizeMetrics = face.pointee.size.pointee.metrics
        let result = LineMetrics(
            ascent: Int((sizeMetrics.ascender + 63) >> 6),
            descent: Int((-sizeMetrics.descender + 63) >> 6))
        metrics[size] = result
        return result
    }

    /// Whether the main font has a glyph for `scalar`.
    public func mainFontHasGlyph(for scalar: Unicode.Scalar) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return FT_Get_Char_Index(faces[0], FT_ULong(scalar.value)) != 0
    }

    /// The font file that draws `scalar`: the main font when it has the glyph, else the fallback
    /// fontconfig found, else nil (the main font's missing-glyph box is drawn).
    public func fontPath(for scalar: Unicode.Scalar) -> String? {
        lock.lock()
        defer { lock.unlock() }
        let (face, glyph) = resolveLocked(scalar.value)
        return glyph == 0 ? nil : facePaths[face]
    }

    /// The width in pixels `text` takes at `size` (bold adds the 1-pixel thickening).
    public func measure(_ text: String, size: Int, bold: Bool = false) -> Int {
        let placed = layout(text, size: size)
        guard let last = placed.last else { return 0 }
        return (last.penX + last.glyph.advance + 32) >> 6 + (bold ? 1 : 0)
    }

    /// `text` if it fits in `width` pixels, else its longest prefix that fits followed by `…`
    /// (empty when not even the ellipsis fits).
    public func truncated(_ text: String, toWidth width: Int, size: Int, bold: Bool = false) -> String {
        var clean = TextRenderer.singleLine(text)
        // Every drawn character is at least a pixel wide, so no more than `width` of them can fit: cut
        // megabytes of element text down before laying anything out.
        let limit = max(1, width) + 1
        if clean.count > limit { clean = String(clean.prefix(limit)) }
        if measure(clean, size: size, bold: bold) <= width { return clean }
        let ellipsis = "…"
        guard measure(ellipsis, size: size, bold: bold) <= width else { return "" }
        // Binary search over characters (grapheme clusters stay whole).
        let characters = Array(clean)
        var low = 0, high = characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            let candidate = String(characters[0..<middle]).trimmingCharacters(in: .whitespaces) + ellipsis
            if measure(candidate, size: size, bold: bold) <= width { low = middle } else { high = middle - 1 }
        }
        return String(characters[0..<low]).trimmingCharacters(in: .whitespaces) + ellipsis
    }

    /// `text` broken at spaces into at most `maxLines` lines of `width` pixels; a word longer than a
    /// line is cut, and the last line ends with `…` when text is left over.
    public func wrapped(_ text: String, toWidth width: Int, size: Int, maxLines: Int, bold: Bool = false) -> [String] {
        var lines: [String] = []
        var remaining = Substring(TextRenderer.singleLine(text).trimmingCharacters(in: .whitespaces))
        while !remaining.isEmpty, lines.count < maxLines {
            if lines.count == maxLines - 1 || measure(String(remaining), size: size, bold: bold) <= width {
                lines.append(truncated(String(remaining), toWidth: width, size: size, bold: bold))
                break
            }
            // The longest prefix ending before a space that fits; else as many characters as fit.
            var cut = remaining.startIndex
            var index = remaining.startIndex
            while index < remaining.endIndex {
                let next = remaining.index(after: index)
                if remaining[index] == " " {
                    if measure(String(remaining[..<index]), size: size, bold: bold) <= width {
                        cut = index
                    } else {
                        break
                    }
                }
                index = next
            }
            if cut == remaining.startIndex {
                var count = 0
                for character in remaining {
                    if measure(String(remaining.prefix(count)) + String(character), size: size, bold: bold) > width {
                        break
                    }
                    count += 1
                }
                cut = remaining.index(remaining.startIndex, offsetBy: max(1, count))
            }
            lines.append(String(remaining[..<cut]))
            remaining = remaining[cut...].drop(while: { $0 == " " })
        }
        return lines
    }

    /// Draws `text` on one line with its top-left corner at (`x`, `y`), truncated with an ellipsis
    /// to `maxWidth` when given.
    /// - Returns: the width drawn, in pixels.
    @discardableResult
    public func draw(
        _ text: String, in raster: inout Raster, x: Int, y: Int, size: Int, color: RGBAColor,
        bold: Bool = false, maxWidth: Int? = nil
    ) -> Int {
        let line =
            maxWidth.map { truncated(text, toWidth: $0, size: size, bold: bold) } ?? TextRenderer.singleLine(text)
        let baseline = y + lineMetrics(size: size).ascent
        let placed = layout(line, size: size)
        for item in placed where item.glyph.width > 0 && item.glyph.rows > 0 {
            let left = x + (item.penX + 32) >> 6 + item.glyph.left
            let top = baseline - item.glyph.top
            item.glyph.bitmap.withUnsafeBufferPointer { mask in
                raster.blend(
                    mask: mask, maskWidth: item.glyph.width, maskHeight: item.glyph.rows,
                    pitch: item.glyph.width, atX: left, y: top, color: color)
                if bold {
                    raster.blend(
                        mask: mask, maskWidth: item.glyph.width, maskHeight: item.glyph.rows,
                        pitch: item.glyph.width, atX: left + 1, y: top, color: color)
                }
            }
        }
        guard let last = placed.last else { return 0 }
        return (last.penX + last.glyph.advance + 32) >> 6 + (bold ? 1 : 0)
    }

    /// Replaces line breaks, tabs and other control characters with spaces.
    static func singleLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        return String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }

    private struct PlacedGlyph {
        var glyph: Glyph
        var penX: Int  // 26.6
    }

    /// Glyphs with their pen positions, kerning applied between glyphs of the same face.
    private func layout(_ text: String, size: Int) -> [PlacedGlyph] {
        lock.lock()
        defer { lock.unlock() }
        var placed: [PlacedGlyph] = []
        var pen = 0
        var previous: (face: Int, glyph: UInt32)?
        for scalar in text.unicodeScalars {
            // Combining marks and variation selectors with no glyph of their own are skipped.
            let value = scalar.value < 0x20 ? 0x20 : scalar.value
            let (faceIndex, glyphIndex) = resolveLocked(value)
            // Marks, format characters (ZWJ) and emoji skin-tone modifiers that no font here can
            // draw are left out rather than shown as missing-glyph boxes.
            if glyphIndex == 0,
                scalar.properties.generalCategory == .nonspacingMark
                    || scalar.properties.generalCategory == .format || (0x1F3FB...0x1F3FF).contains(value)
            {
                continue
            }
            let face = faces[faceIndex]
            if let previous, previous.face == faceIndex,
                face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
            {
                FT_Set_Pixel_Sizes(face, 0, FT_UInt(size))
                var delta = FT_Vector()
                if FT_Get_Kerning(face, previous.glyph, glyphIndex, FT_UInt(FT_KERNING_DEFAULT.rawValue), &delta) == 0 {
                    pen += Int(delta.x)
                }
            }
            let glyph = glyphLocked(face: faceIndex, index: glyphIndex, size: size)
            placed.append(PlacedGlyph(glyph: glyph, penX: pen))
            pen += glyph.advance
            previous = (faceIndex, glyphIndex)
        }
        return placed
    }

    /// The face and glyph index for a character; fallback faces are loaded once and kept.
    private func resolveLocked(_ value: UInt32) -> (face: Int, glyph: UInt32) {
        if let known = faceForScalar[value] { return known }
        var answer: (face: Int, glyph: UInt32) = (0, 0)
        let primary = UInt32(FT_Get_Char_Index(faces[0], FT_ULong(value)))
        if primary != 0 {
            answer = (0, primary)
        } else if let scalar = Unicode.Scalar(value), let found = FontConfig.fallback(for: scalar) {
            // Reuse an already loaded face for the same file.
            var faceIndex = facePaths.firstIndex(of: found.path)
            if faceIndex == nil, let library {
                var face: FT_Face?
                if FT_New_Face(library, found.path, FT_Long(found.index), &face) == 0, let face {
                    faces.append(face)
                    facePaths.append(found.path)
                    faceIndex = faces.count - 1
                }
            }
            if let faceIndex {
                let glyph = UInt32(FT_Get_Char_Index(faces[faceIndex], FT_ULong(value)))
                if glyph != 0 { answer = (faceIndex, glyph) }
            }
        }
        faceForScalar[value] = answer
        return answer
    }

    private func glyphLocked(face faceIndex: Int, index: UInt32, size: Int) -> Glyph {
        let key = GlyphKey(face: faceIndex, glyph: index, size: size)
        if let cached = glyphs[key] { return cached }
        let face = faces[faceIndex]
        FT_Set_Pixel_Sizes(face, 0, FT_UInt(size))
        // Light hinting (vertical only) keeps shapes true and text crisp; FT_LOAD_TARGET_LIGHT is a
        // function-like macro, so its value is spelt out.
        let loadTargetLight: Int32 = Int32(FT_RENDER_MODE_LIGHT.rawValue & 15) << 16
        var glyph = Glyph(bitmap: [], width: 0, rows: 0, left: 0, top: 0, advance: 0)
        if FT_Load_Glyph(face, index, Int32(FT_LOAD_RENDER) | loadTargetLight) == 0, let slot = face.pointee.glyph {
            let bitmap = slot.pointee.bitmap
            let width = Int(bitmap.width), rows = Int(bitmap.rows)
            glyph.advance = Int(slot.pointee.advance.x)
            glyph.left = Int(slot.pointee.bitmap_left)
            glyph.top = Int(slot.pointee.bitmap_top)
            if width > 0, rows > 0, let buffer = bitmap.buffer,
                bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue)
            {
                var copy = [UInt8](repeating: 0, count: width * rows)
                let pitch = Int(bitmap.pitch)
                for row in 0..<rows {
                    let sourceRow = pitch >= 0 ? row * pitch : (rows - 1 - row) * -pitch
                    for column in 0..<width { copy[row * width + column] = buffer[sourceRow + column] }
                }
                glyph.bitmap = copy
                glyph.width = width
                glyph.rows = rows
            }
        }
        glyphs[key] = glyph
        return glyph
    }
}
