import CFontconfig
import CFreeType
import Foundation

/// Finds the font file the pictures are drawn with, in a fixed order: an explicit path (`--font`),
/// then the `AUDITKIT_FONT` environment variable, then known paths (DejaVu Sans on Linux, the system
/// fonts on macOS), then fontconfig's best sans-serif match.
public enum FontLocator {
    /// The environment variable naming a font file.
    public static let environmentVariable = "AUDITKIT_FONT"

    /// Font files tried, in order, before fontconfig is asked.
    public static let knownPaths: [String] = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
        "/usr/local/share/fonts/DejaVuSans.ttf",
        "/System/Library/Fonts/Helvetica.ttc",
        "/System/Library/Fonts/SFNS.ttf",
        "/Library/Fonts/Arial Unicode.ttf",
        "/System/Library/Fonts/Supplemental/Arial.ttf",
    ]

    /// The font file to use.
    ///
    /// An explicit path or `AUDITKIT_FONT` that cannot be loaded is an error (the user asked for
    /// it); otherwise the first loadable candidate wins. The known files come before fontconfig's
    /// choice: the pictures then look the same on every machine that has DejaVu Sans, and the labels
    /// need not wait for fontconfig to read its configuration (about 4 ms of every `audit`, measured
    /// 2026-11-25), which only the fallback fonts need.
    /// - Throws: `AuditError` (`.missingInput` or `.badInput`) naming the font the user gave, or
    ///   saying that no usable font was found and how to give one.
    public static func locate(
        explicitPath: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(AuditError) -> String {
        if let explicitPath, !explicitPath.isEmpty {
            try check(explicitPath, origin: nil)
            return explicitPath
        }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty {
            try check(fromEnvironment, origin: environmentVariable)
            return fromEnvironment
        }
        if let known = knownPaths.first(where: canLoad) {
            return known
        }
        if let matched = FontConfig.match(family: "sans-serif"), canLoad(matched) {
            return matched
        }
        throw AuditError(
            .missingInput,
            "no usable font found (none of the usual font files exists and fontconfig found no "
                + "sans-serif face); name a font file or set \(environmentVariable), or install "
                + "fonts-dejavu-core")
    }

    private static func check(_ path: String, origin: String?) throws(AuditError) {
        guard FileManager.default.fileExists(atPath: path) else {
            throw AuditError(
                .missingInput, "font file\(origin.map { " named by \($0)" } ?? "") does not exist", path: path)
        }
        guard canLoad(path) else {
            throw AuditError(
                .badInput, "font file\(origin.map { " named by \($0)" } ?? "") cannot be loaded by FreeType", path: path
            )
        }
    }

    /// The font file fontconfig offers for `scalar` (nil when no installed font covers it).
    public static func fontconfigFile(covering scalar: Unicode.Scalar) -> String? {
        FontConfig.fallback(for: scalar)?.path
    }

    /// Whether FreeType can open `path` as a scalable font face.
    public static func canLoad(_ path: String) -> Bool {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return false }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        guard FT_New_Face(library, path, 0, &face) == 0, let face else { return false }
        defer { FT_Done_Face(face) }
        return face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 && face.pointee.num_glyphs > 1
    }
}

/// The few fontconfig queries AuditKit makes, serialised behind one lock.
enum FontConfig {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var initialised = false
    nonisolated(unsafe) private static var config: OpaquePointer?

    /// Starts fontconfig (reading its configuration and its font caches, about 4 ms) on a thread of
    /// its own, once per process, so the first fallback font asked for need not wait for it all.
    static func prepare() {
        lock.lock()
        defer { lock.unlock() }
        guard !preparing else { return }
        preparing = true
        Thread { _ = withConfig { _ in () } }.start()
    }
    nonisolated(unsafe) private static var preparing = false

    private static func withConfig<T>(_ body: (OpaquePointer?) -> T?) -> T? {
        lock.lock()
        defer { lock.unlock() }
        if !initialised {
            initialised = true
            config = FcInitLoadConfigAndFonts()
        }
        guard config != nil else { return nil }
        return body(config)
    }

    /// The file of fontconfig's best match for a family name such as `sans-serif`.
    static func match(family: String) -> String? {
        withConfig { config in
            guard let pattern = FcNameParse(family) else { return nil }
            defer { FcPatternDestroy(pattern) }
            return bestFile(config: config, pattern: pattern, mustHave: nil)?.path
        }
    }

    /// A font file (and face index) that has a glyph for `scalar`, preferring sans-serif faces, or
    /// with `emoji`, colour emoji faces.
    static func fallback(for scalar: Unicode.Scalar, emoji: Bool = false) -> (path: String, index: Int)? {
        withConfig { config in
            guard let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            guard let charset = FcCharSetCreate() else { return nil }
            defer { FcCharSetDestroy(charset) }
            FcCharSetAddChar(charset, scalar.value)
            FcPatternAddCharSet(pattern, FC_CHARSET, charset)
            FcPatternAddString(pattern, FC_FAMILY, emoji ? "emoji" : "sans-serif")
            if emoji { FcPatternAddBool(pattern, FC_COLOR, 1) }
            FcPatternAddBool(pattern, FC_SCALABLE, 1)
            return bestFile(config: config, pattern: pattern, mustHave: scalar.value)
        }
    }

    private static func bestFile(
        config: OpaquePointer?, pattern: OpaquePointer,
        mustHave character: UInt32?
    ) -> (path: String, index: Int)? {
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result), result == FcResultMatch else { return nil }
        defer { FcPatternDestroy(match) }
        if let character {
            // FcFontMatch always answers; make sure the answer really covers the character.
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(match, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
                FcCharSetHasChar(charset, character) != 0
            else { return nil }
        }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(match, FC_INDEX, 0, &index)
        return (String(cString: file), Int(index))
    }
}
