import CFreeType
import CHarfBuzz
import Foundation

/// Draws and measures single lines of UTF-8 text: shaped by HarfBuzz (joined Arabic, Indic
/// conjuncts and vowel signs, Thai marks, emoji sequences, the font's kerning), put in reading
/// order by `Bidi` (right-to-left runs drawn right to left), rasterised anti-aliased by FreeType,
/// with colour emoji drawn from their bitmap strikes scaled to the line.
///
/// Each grapheme cluster is drawn with the main font when it has every character of the cluster,
/// else with a fallback font already in use that has it, else with a font fontconfig finds for it
/// (an emoji cluster asks for a colour emoji font first), else with the main font's missing-glyph
/// box. Measuring (`measure`, `truncated`, `wrapped`) lays text out exactly as `draw` does.
///
/// Safe to share between threads: FreeType and HarfBuzz are used behind a lock, and rendered
/// glyphs and laid-out lines are cached.
public final class TextRenderer: @unchecked Sendable {
    /// The main font file.
    public let fontPath: String
    private let lock = NSLock()
    private var library: FT_Library?
    /// The main font (`faces[0]`), then the fallbacks in the order they were needed.
    private var faces: [LoadedFace] = []
    private var faceForScalar: [UInt32: (face: Int, glyph: UInt32)] = [:]
    private var emojiFaceForScalar: [UInt32: Int?] = [:]
    private var singleScalarCluster: [UInt32: Int] = [:]
    private var glyphs: [GlyphKey: Glyph] = [:]
    private var metrics: [Int: LineMetrics] = [:]
    private var shapingFonts: [SizedFace: OpaquePointer] = [:]
    private var lines: [LineKey: Line] = [:]
    private let buffer: OpaquePointer

    /// A FreeType face with the HarfBuzz face over the same file.
    private struct LoadedFace {
        var path: String
        var face: FT_Face
        var shaping: OpaquePointer
        /// The file's bytes, mapped once and read by both `face` and `shaping`.
        var bytes: OpaquePointer
        /// Bitmap strikes only (a colour emoji font): sized by picking a strike, not by scaling.
        var bitmapOnly: Bool
    }

    private struct SizedFace: Hashable {
        var face: Int
        var size: Int
    }

    private struct GlyphKey: Hashable {
        var face: Int
        var glyph: UInt32
        var size: Int
    }

    private struct Glyph {
        /// Coverage (one byte a pixel), or premultiplied RGBA when `color`.
        var bitmap: [UInt8]
        var width: Int
        var rows: Int
        var left: Int
        var top: Int
        var color: Bool
    }

    private struct LineKey: Hashable {
        var text: String
        var size: Int
    }

    /// Glyphs in visual order, left to right, with their pen positions.
    private struct Line {
        var glyphs: [PlacedGlyph]
        var advance: Int  // 26.6
    }

    private struct PlacedGlyph {
        var glyph: Glyph
        var x: Int  // 26.6, from the start of the line
        var y: Int  // 26.6, up from the baseline
    }

    /// Lines longer than this many UTF-8 bytes are laid out afresh on each call rather than cached.
    private static let cachedLineLimit = 512
    /// Cached lines kept at most (the cache is emptied when it fills).
    private static let lineCacheCapacity = 4096

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
        guard let buffer = hb_buffer_create(), hb_buffer_allocation_successful(buffer) != 0 else {
            FT_Done_FreeType(library)
            throw AuditError(.internalError, "HarfBuzz could not allocate a buffer")
        }
        let (face, error) = TextRenderer.openFace(library: library, path: fontPath, index: 0)
        guard let face else {
            hb_buffer_destroy(buffer)
            FT_Done_FreeType(library)
            throw AuditError(.badInput, "FreeType cannot load the font (error \(error))", path: fontPath)
        }
        self.library = library
        self.buffer = buffer
        faces = [face]
        // fontconfig, which the fallback fonts come from, reads its whole configuration before its
        // first answer (about 4 ms): it starts now, on a thread of its own, while the caller reads
        // its report on another core, so a label in another script need not wait for it.
        FontConfig.prepare()
    }

    /// Finds a font with `FontLocator` (explicit path, `AUDITKIT_FONT`, known paths, fontconfig)
    /// and loads it.
    /// - Throws: `AuditError` when no usable font is found.
    public convenience init(
        explicitFontPath: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(AuditError) {
        try self.init(fontPath: FontLocator.locate(explicitPath: explicitFontPath, environment: environment))
    }

    deinit {
        for font in shapingFonts.values { hb_font_destroy(font) }
        for face in faces {
            hb_face_destroy(face.shaping)
            FT_Done_Face(face.face)
            hb_blob_destroy(face.bytes)
        }
        hb_buffer_destroy(buffer)
        if let library { FT_Done_FreeType(library) }
    }

    /// Face `index` of the font file at `path`, for FreeType and HarfBuzz over one mapping of the
    /// file (two mappings made each page of the tables both read a page fault twice, and cost an
    /// unmapping each at the end); nil and FreeType's error code when it cannot be loaded.
    private static func openFace(library: FT_Library, path: String, index: Int) -> (face: LoadedFace?, error: Int32) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            return (nil, Int32(FT_Err_Cannot_Open_Resource))
        }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else {
            hb_blob_destroy(blob)
            return (nil, Int32(FT_Err_Cannot_Open_Resource))
        }
        var face: FT_Face?
        let error = data.withMemoryRebound(to: FT_Byte.self, capacity: Int(length)) { bytes in
            FT_New_Memory_Face(library, bytes, FT_Long(length), FT_Long(index), &face)
        }
        guard error == 0, let face else {
            hb_blob_destroy(blob)
            return (nil, error)
        }
        let flags = face.pointee.face_flags
        let loaded = LoadedFace(
            path: path, face: face, shaping: hb_face_create(blob, UInt32(index)), bytes: blob,
            bitmapOnly: flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0 && face.pointee.num_fixed_sizes > 0)
        return (loaded, 0)
    }

    /// Ascent and descent at `size` pixels, from the main font.
    public func lineMetrics(size: Int) -> LineMetrics {
        lock.lock()
        defer { lock.unlock() }
        return metricsLocked(size: size)
    }

    private func metricsLocked(size: Int) -> LineMetrics {
        if let known = metrics[size] { return known }
        let face = faces[0].face
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
        return FT_Get_Char_Index(faces[0].face, FT_ULong(scalar.value)) != 0
    }

    /// The font file that draws `scalar`: the main font when it has the glyph, else the fallback
    /// fontconfig found, else nil (the main font's missing-glyph box is drawn).
    public func fontPath(for scalar: Unicode.Scalar) -> String? {
        lock.lock()
        defer { lock.unlock() }
        let (face, glyph) = resolveLocked(scalar.value)
        return glyph == 0 ? nil : faces[face].path
    }

    /// The width in pixels `text` takes at `size` (bold adds the 1-pixel thickening).
    public func measure(_ text: String, size: Int, bold: Bool = false) -> Int {
        let line = layout(text, size: size)
        return line.glyphs.isEmpty ? 0 : (line.advance + 32) >> 6 + (bold ? 1 : 0)
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
            // As in `truncated`, no more than `width` characters fit, so megabytes of element text
            // are never laid out whole to find that out.
            let mightFit = remaining.prefix(max(1, width) + 1).count <= max(1, width)
            if lines.count == maxLines - 1 || (mightFit && measure(String(remaining), size: size, bold: bold) <= width)
            {
                lines.append(
                    truncated(String(remaining.prefix(max(1, width) + 2)), toWidth: width, size: size, bold: bold))
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
        let laidOut = layout(line, size: size)
        for item in laidOut.glyphs where item.glyph.width > 0 && item.glyph.rows > 0 {
            let left = x + (item.x + 32) >> 6 + item.glyph.left
            let top = baseline - (item.y + 32) >> 6 - item.glyph.top
            if item.glyph.color {
                // Colour glyphs keep their own colours; bold does not thicken them.
                raster.composite(
                    premultiplied: item.glyph.bitmap, width: item.glyph.width, height: item.glyph.rows,
                    atX: left, y: top)
                continue
            }
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
        return laidOut.glyphs.isEmpty ? 0 : (laidOut.advance + 32) >> 6 + (bold ? 1 : 0)
    }

    /// Replaces line breaks, tabs and other control characters with spaces.
    static func singleLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        return String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }

    // MARK: - Layout

    /// `text` laid out on one line: cut into grapheme clusters, each given a face; cut into runs of
    /// one face, one script and one bidi level; the runs put in visual order (`Bidi`) and each
    /// shaped by HarfBuzz in its direction, with the whole line as context (so Arabic joins across
    /// a change of face).
    private func layout(_ text: String, size: Int) -> Line {
        let cacheable = text.utf8.count <= TextRenderer.cachedLineLimit
        let key = LineKey(text: text, size: size)
        lock.lock()
        defer { lock.unlock() }
        if cacheable, let known = lines[key] { return known }
        let line = layoutLocked(text, size: size)
        if cacheable {
            if lines.count >= TextRenderer.lineCacheCapacity { lines.removeAll(keepingCapacity: true) }
            lines[key] = line
        }
        return line
    }

    /// A run of clusters drawn with one face, in one script, at one bidi level.
    private struct Run {
        var start: Int  // index of the first scalar
        var end: Int
        var face: Int
        var script: hb_script_t
        var level: UInt8
    }

    private func layoutLocked(_ text: String, size: Int) -> Line {
        // Control characters become spaces (`singleLine`), as `draw` shows them.
        let values = text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? 0x20 : $0.value }
        guard !values.isEmpty else { return Line(glyphs: [], advance: 0) }
        return values.withUnsafeBufferPointer { values in
            let runs = itemize(text, values)
            var glyphs: [PlacedGlyph] = []
            glyphs.reserveCapacity(values.count)
            var pen = 0
            for index in Bidi.visualOrder(runLevels: runs.map(\.level)) {
                shape(runs[index], values, size: size, pen: &pen, into: &glyphs)
            }
            return Line(glyphs: glyphs, advance: pen)
        }
    }

    /// The runs of `values` (the scalars of `text`) in logical order.
    private func itemize(_ text: String, _ values: UnsafeBufferPointer<UInt32>) -> [Run] {
        let levels: [UInt8]? = Bidi.needsBidi(values) ? Bidi.levels(of: values).levels : nil
        let unicode = hb_unicode_funcs_get_default()
        var runs: [Run] = []
        var start = 0
        // The script of the last cluster that had one: Common and Inherited characters (spaces,
        // punctuation, digits, emoji, marks) join the run they are in.
        var script = HB_SCRIPT_COMMON
        func add(_ count: Int) {
            let end = start + count
            let face = faceForCluster(values, start..<end)
            var clusterScript = hb_unicode_script(unicode, values[start])
            if clusterScript == HB_SCRIPT_COMMON || clusterScript == HB_SCRIPT_INHERITED
                || clusterScript == HB_SCRIPT_UNKNOWN
            {
                clusterScript = script
            } else {
                script = clusterScript
            }
            // A cluster keeps its first character's level, so it is never split between runs.
            let level = levels?[start] ?? 0
            if var last = runs.last, last.face == face, last.level == level,
                last.script == clusterScript || clusterScript == HB_SCRIPT_COMMON || last.script == HB_SCRIPT_COMMON
            {
                if last.script == HB_SCRIPT_COMMON { last.script = clusterScript }
                last.end = end
                runs[runs.count - 1] = last
            } else {
                runs.append(Run(start: start, end: end, face: face, script: clusterScript, level: level))
            }
            start = end
        }
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: every character is one scalar (a CR LF pair became two spaces).
            for _ in 0..<values.count { add(1) }
        } else {
            for character in text { add(character.unicodeScalars.count) }
        }
        return runs
    }

    /// Shapes one run and appends its glyphs, left to right, advancing `pen` (26.6).
    private func shape(
        _ run: Run, _ values: UnsafeBufferPointer<UInt32>, size: Int, pen: inout Int,
        into glyphs: inout [PlacedGlyph]
    ) {
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf32(
            buffer, values.baseAddress, Int32(values.count), UInt32(run.start), Int32(run.end - run.start))
        hb_buffer_set_direction(buffer, run.level % 2 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, run.script == HB_SCRIPT_COMMON ? HB_SCRIPT_LATIN : run.script)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(shapingFont(face: run.face, size: size), buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), count > 0,
            let positions = hb_buffer_get_glyph_positions(buffer, nil)
        else { return }
        let total = Int(count)
        // A cluster that got a real glyph drops its missing-glyph boxes (a mark no font here has);
        // a cluster with nothing but boxes shows one.
        var drawn = Set<UInt32>()
        if (0..<total).contains(where: { infos[$0].codepoint == 0 }) {
            for index in 0..<total where infos[index].codepoint != 0 { drawn.insert(infos[index].cluster) }
        }
        var boxed = Set<UInt32>()
        for index in 0..<total {
            let info = infos[index], position = positions[index]
            if info.codepoint == 0 {
                guard !drawn.contains(info.cluster), boxed.insert(info.cluster).inserted else { continue }
            }
            let glyph = glyphLocked(face: run.face, index: info.codepoint, size: size)
            glyphs.append(
                PlacedGlyph(glyph: glyph, x: pen + Int(position.x_offset), y: Int(position.y_offset)))
            pen += Int(position.x_advance)
        }
    }

    /// The HarfBuzz font for a face at a pixel size, scaled so positions come out in 26.6 pixels.
    private func shapingFont(face: Int, size: Int) -> OpaquePointer? {
        let key = SizedFace(face: face, size: size)
        if let known = shapingFonts[key] { return known }
        guard let font = hb_font_create(faces[face].shaping) else { return nil }
        hb_font_set_scale(font, Int32(size * 64), Int32(size * 64))
        hb_font_set_ppem(font, UInt32(size), UInt32(size))
        shapingFonts[key] = font
        return font
    }

    // MARK: - Fonts per cluster

    /// The face that draws the cluster `values[range]`: for an emoji cluster a colour emoji font
    /// when one has its first character; else the main font when it has every character; else the
    /// fallback fontconfig finds for the first character the main font lacks, when that face has
    /// the cluster's first character too; else the main font (its missing-glyph box).
    private func faceForCluster(_ values: UnsafeBufferPointer<UInt32>, _ range: Range<Int>) -> Int {
        let first = values[range.lowerBound]
        if range.count == 1, let known = singleScalarCluster[first] { return known }
        let face = resolveCluster(values, range)
        if range.count == 1 { singleScalarCluster[first] = face }
        return face
    }

    private func resolveCluster(_ values: UnsafeBufferPointer<UInt32>, _ range: Range<Int>) -> Int {
        let first = values[range.lowerBound]
        if TextRenderer.isEmojiCluster(values, range), let emoji = emojiFace(for: first) { return emoji }
        let significant = range.map { values[$0] }.filter { value in
            !(Unicode.Scalar(value)?.properties.isDefaultIgnorableCodePoint ?? true)
        }
        func covers(_ face: Int) -> Bool {
            significant.allSatisfy { FT_Get_Char_Index(faces[face].face, FT_ULong($0)) != 0 }
        }
        guard let missing = significant.first(where: { FT_Get_Char_Index(faces[0].face, FT_ULong($0)) == 0 }) else {
            return 0
        }
        let fallback = resolveLocked(missing)
        guard fallback.glyph != 0 else { return 0 }
        if covers(fallback.face) { return fallback.face }
        let base = significant.first ?? first
        return FT_Get_Char_Index(faces[fallback.face].face, FT_ULong(base)) != 0 ? fallback.face : 0
    }

    /// Whether a cluster asks for emoji presentation: its first character is an emoji by default,
    /// or it carries a variation selector 16, a keycap, a skin tone or a zero-width joiner after an
    /// emoji.
    private static func isEmojiCluster(_ values: UnsafeBufferPointer<UInt32>, _ range: Range<Int>) -> Bool {
        guard let first = Unicode.Scalar(values[range.lowerBound]) else { return false }
        if first.properties.isEmojiPresentation { return true }
        guard range.count > 1, first.properties.isEmoji else { return false }
        return range.dropFirst().contains { index in
            let value = values[index]
            return value == 0xFE0F || value == 0x20E3 || value == 0x200D || (0x1F3FB...0x1F3FF).contains(value)
        }
    }

    /// A colour emoji face (loaded once) that has `value`, or nil.
    private func emojiFace(for value: UInt32) -> Int? {
        if let known = emojiFaceForScalar[value] { return known }
        var answer: Int?
        fontconfigQuestions += 1
        if let scalar = Unicode.Scalar(value), let found = FontConfig.fallback(for: scalar, emoji: true),
            let face = loadFace(path: found.path, index: found.index),
            FT_Get_Char_Index(faces[face].face, FT_ULong(value)) != 0
        {
            answer = face
        }
        emojiFaceForScalar[value] = answer
        return answer
    }

    /// The index of the face for a font file, loading it the first time.
    private func loadFace(path: String, index: Int) -> Int? {
        if let known = faces.firstIndex(where: { $0.path == path }) { return known }
        guard let library else { return nil }
        guard let face = TextRenderer.openFace(library: library, path: path, index: index).face else { return nil }
        faces.append(face)
        return faces.count - 1
    }

    /// How many times this renderer asked fontconfig for a fallback font (tests count them).
    var fontconfigQuestionCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return fontconfigQuestions
    }
    private var fontconfigQuestions = 0

    /// A fallback face already loaded (not a colour emoji one) that has `value`: the characters of
    /// one label in one script then come from one font, and fontconfig, which weighs every installed
    /// font on each question (0.1-0.3 ms), is asked once per script rather than once per character.
    private func fallbackInUse(for value: UInt32) -> (face: Int, glyph: UInt32)? {
        for index in faces.indices.dropFirst() where !faces[index].bitmapOnly {
            let glyph = UInt32(FT_Get_Char_Index(faces[index].face, FT_ULong(value)))
            if glyph != 0 { return (index, glyph) }
        }
        return nil
    }

    /// The face and glyph index for a character: the main font's, else a fallback's already in use,
    /// else the one fontconfig finds (loaded once and kept).
    private func resolveLocked(_ value: UInt32) -> (face: Int, glyph: UInt32) {
        if let known = faceForScalar[value] { return known }
        var answer: (face: Int, glyph: UInt32) = (0, 0)
        let primary = UInt32(FT_Get_Char_Index(faces[0].face, FT_ULong(value)))
        if primary != 0 {
            answer = (0, primary)
        } else if let loaded = fallbackInUse(for: value) {
            answer = loaded
        } else if let scalar = Unicode.Scalar(value) {
            fontconfigQuestions += 1
            if let found = FontConfig.fallback(for: scalar),
                let faceIndex = loadFace(path: found.path, index: found.index)
            {
                let glyph = UInt32(FT_Get_Char_Index(faces[faceIndex].face, FT_ULong(value)))
                if glyph != 0 { answer = (faceIndex, glyph) }
            }
        }
        faceForScalar[value] = answer
        return answer
    }

    // MARK: - Glyphs

    private func glyphLocked(face faceIndex: Int, index: UInt32, size: Int) -> Glyph {
        let key = GlyphKey(face: faceIndex, glyph: index, size: size)
        if let cached = glyphs[key] { return cached }
        let loaded = faces[faceIndex]
        let face = loaded.face
        var flags = Int32(FT_LOAD_RENDER) | Int32(FT_LOAD_COLOR)
        // A colour bitmap font is drawn from the strike nearest above the size and scaled down.
        var scale = 1.0
        if loaded.bitmapOnly {
            FT_Select_Size(face, TextRenderer.strike(of: face, for: size))
            let ppem = Int(face.pointee.size.pointee.metrics.y_ppem)
            if ppem > 0 { scale = Double(size) / Double(ppem) }
        } else {
            FT_Set_Pixel_Sizes(face, 0, FT_UInt(size))
            // Light hinting (vertical only) keeps shapes true and text crisp; FT_LOAD_TARGET_LIGHT
            // is a function-like macro, so its value is spelt out.
            flags |= Int32(FT_RENDER_MODE_LIGHT.rawValue & 15) << 16
        }
        var glyph = Glyph(bitmap: [], width: 0, rows: 0, left: 0, top: 0, color: false)
        if FT_Load_Glyph(face, index, flags) == 0, let slot = face.pointee.glyph {
            let bitmap = slot.pointee.bitmap
            let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
            glyph.left = Int(slot.pointee.bitmap_left)
            glyph.top = Int(slot.pointee.bitmap_top)
            if width > 0, rows > 0, let buffer = bitmap.buffer {
                // Rows top to bottom whatever the sign of the pitch.
                func rowStart(_ row: Int) -> Int { pitch >= 0 ? row * pitch : (rows - 1 - row) * -pitch }
                switch bitmap.pixel_mode {
                case UInt8(FT_PIXEL_MODE_GRAY.rawValue):
                    var copy = [UInt8](repeating: 0, count: width * rows)
                    for row in 0..<rows {
                        let source = rowStart(row)
                        for column in 0..<width { copy[row * width + column] = buffer[source + column] }
                    }
                    (glyph.bitmap, glyph.width, glyph.rows) = (copy, width, rows)
                case UInt8(FT_PIXEL_MODE_MONO.rawValue):
                    // An embedded one-bit bitmap: bits to full coverage.
                    var copy = [UInt8](repeating: 0, count: width * rows)
                    for row in 0..<rows {
                        let source = rowStart(row)
                        for column in 0..<width where buffer[source + column >> 3] & (0x80 >> UInt8(column & 7)) != 0 {
                            copy[row * width + column] = 255
                        }
                    }
                    (glyph.bitmap, glyph.width, glyph.rows) = (copy, width, rows)
                case UInt8(FT_PIXEL_MODE_BGRA.rawValue):
                    var rgba = [UInt8](repeating: 0, count: width * rows * 4)
                    for row in 0..<rows {
                        let source = rowStart(row)
                        for column in 0..<width {
                            let from = source + column * 4, to = (row * width + column) * 4
                            rgba[to] = buffer[from + 2]
                            rgba[to + 1] = buffer[from + 1]
                            rgba[to + 2] = buffer[from]
                            rgba[to + 3] = buffer[from + 3]
                        }
                    }
                    glyph = colorGlyph(
                        Raster(width: width, height: rows, pixels: rgba), left: glyph.left, top: glyph.top,
                        scale: scale, size: size)
                default:
                    break
                }
            }
        }
        glyphs[key] = glyph
        return glyph
    }

    /// A colour glyph scaled by `scale` (strike to pixel size), and further down when it would be
    /// taller than the line, then kept inside the line's ascent and descent.
    private func colorGlyph(_ image: Raster, left: Int, top: Int, scale: Double, size: Int) -> Glyph {
        let line = metricsLocked(size: size)
        let factor = min(scale, Double(line.height) / Double(image.height))
        let width = max(1, Int((Double(image.width) * factor).rounded()))
        let rows = max(1, Int((Double(image.height) * factor).rounded()))
        let scaled = width == image.width && rows == image.height ? image : image.resampled(width: width, height: rows)
        var top = Int((Double(top) * factor).rounded())
        top = min(top, line.ascent)
        if rows - top > line.descent { top = min(line.ascent, rows - line.descent) }
        return Glyph(
            bitmap: scaled.pixels, width: width, rows: rows, left: Int((Double(left) * factor).rounded()), top: top,
            color: true)
    }

    /// The bitmap strike to draw `size` pixels from: the smallest at least that tall, else the
    /// largest.
    private static func strike(of face: FT_Face, for size: Int) -> Int32 {
        let count = Int(face.pointee.num_fixed_sizes)
        guard count > 0, let sizes = face.pointee.available_sizes else { return 0 }
        var best = 0
        for index in 0..<count {
            let height = Int(sizes[index].y_ppem >> 6)
            let bestHeight = Int(sizes[best].y_ppem >> 6)
            if (height >= size && (bestHeight < size || height < bestHeight))
                || (bestHeight < size && height > bestHeight)
            {
                best = index
            }
        }
        return Int32(best)
    }
}
