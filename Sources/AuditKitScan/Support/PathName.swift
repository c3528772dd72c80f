/// The one path splitter: the folder, the last component and the extension of a path, computed on
/// its UTF-8 bytes for every name, one character long or not.
///
/// Foundation's `NSString.deletingLastPathComponent` traps on some relative names (`h`, `h/`, `.`,
/// `a//`), which is how `--history h` once crashed the tool; every command splits paths here.
/// The results follow `NSString`'s where it does not trap: trailing slashes are ignored, the
/// folder of a bare name is empty, the folder of `/x` is `/`.
public enum PathName {
    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")

    /// `path` without trailing slashes (`/` stays `/`).
    private static func trimmed(_ path: String) -> Substring.UTF8View {
        var bytes = Substring(path).utf8
        while bytes.count > 1, bytes.last == slash { bytes = bytes.dropLast() }
        return bytes
    }

    /// The folder holding `path`: `a/b` → `a`, `b` → empty, `/b` → `/`, `a//b/` → `a`, `/` → `/`.
    /// - Parameter path: any path, relative or absolute.
    /// - Returns: the folder, empty for a bare name.
    public static func parent(_ path: String) -> String {
        let bytes = trimmed(path)
        if bytes.elementsEqual([slash]) { return "/" }
        guard var end = bytes.lastIndex(of: slash) else { return "" }
        // `a//b`: the slashes before the name all go.
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == slash { end = bytes.index(before: end) }
        if end == bytes.startIndex { return "/" }
        return String(Substring(bytes[..<end]))
    }

    /// `path` with `.` and `..` components resolved and no double or final slashes (`Reports/../Sources`
    /// → `Sources`); a leading `..` of a relative path stays.
    public static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        let absolute = path.hasPrefix("/")
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return (absolute ? "/" : "") + parts.joined(separator: "/")
    }

    /// The last component of `path`: `a/b.html` → `b.html`, `a/b/` → `b`, `/` → `/`, empty → empty.
    /// - Parameter path: any path.
    /// - Returns: the name after the last slash, trailing slashes ignored.
    public static func last(_ path: String) -> String {
        let bytes = trimmed(path)
        if bytes.elementsEqual([slash]) { return "/" }
        guard let slashIndex = bytes.lastIndex(of: slash) else { return String(Substring(bytes)) }
        return String(Substring(bytes[bytes.index(after: slashIndex)...]))
    }

    /// Where the extension's dot is in the last component of `bytes`, if it has one (a leading dot
    /// starts a hidden name, not an extension).
    private static func extensionDot(_ bytes: Substring.UTF8View) -> Substring.UTF8View.Index? {
        let nameStart = bytes.lastIndex(of: slash).map { bytes.index(after: $0) } ?? bytes.startIndex
        guard let dotIndex = bytes[nameStart...].lastIndex(of: dot), dotIndex > nameStart,
            bytes.index(after: dotIndex) < bytes.endIndex
        else { return nil }
        return dotIndex
    }

    /// The extension of the last component, without its dot: `a/b.html` → `html`, `.h` and `a.` → empty.
    /// - Parameter path: any path.
    /// - Returns: the extension, empty when there is none.
    public static func fileExtension(_ path: String) -> String {
        let bytes = trimmed(path)
        guard let dotIndex = extensionDot(bytes) else { return "" }
        return String(Substring(bytes[bytes.index(after: dotIndex)...]))
    }

    /// `path` without the extension of its last component: `a/b.html` → `a/b`, `a/.h` → `a/.h`,
    /// `b.json.html` → `b.json`, `a/b/` → `a/b`.
    /// - Parameter path: any path.
    /// - Returns: the path with its trailing slashes and its last extension removed.
    public static func deletingExtension(_ path: String) -> String {
        let bytes = trimmed(path)
        guard let dotIndex = extensionDot(bytes) else { return String(Substring(bytes)) }
        return String(Substring(bytes[..<dotIndex]))
    }

    /// `name` inside `folder`: `folder/name`, or `name` alone when `folder` is empty.
    /// - Parameters:
    ///   - folder: a folder, possibly empty (the working folder) or ending with a slash.
    ///   - name: a relative name.
    /// - Returns: the joined path.
    public static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
