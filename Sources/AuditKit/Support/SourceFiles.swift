import Foundation

/// The source files a project's folders hold, as the source index and the font scanner walk them, and
/// the paths they show.
enum SourceFiles {
    /// Folders never walked: build products and dependencies.
    static let skippedFolders: Set<String> = [".build", "DerivedData", "Pods", "Carthage", "node_modules"]

    /// Whether a file of this name holds code or strings the index reads (`.swift`, `.strings`,
    /// `.stringsdict`, `.xcstrings`, `.storyboard`, `.xib`).
    static func holdsSourceText(_ name: String) -> Bool {
        name.hasSuffix(".swift") || name.hasSuffix(".strings") || name.hasSuffix(".xcstrings")
            || name.hasSuffix(".stringsdict") || name.hasSuffix(".storyboard") || name.hasSuffix(".xib")
    }

    /// The `.swift`, `.strings`, `.stringsdict`, `.xcstrings`, `.storyboard`, `.xib` and
    /// `*.xcodeproj/project.pbxproj` files under
    /// `root` (walked with `readdir`, which is much faster than URL-based enumeration on Linux); symbolic
    /// links to folders are not followed.
    static func collectFiles(under root: String) -> [String] {
        let skipped = skippedFolders
        var result: [String] = []
        var pending = [root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root]
        while let folder = pending.popLast() {
            guard let directory = opendir(folder) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name.hasPrefix(".") || skipped.contains(name) { continue }
                let path = folder == "." ? name : folder + "/" + name
                var type = Int32(entry.pointee.d_type)
                if type == Int32(DT_UNKNOWN) || type == Int32(DT_LNK) {
                    var info = stat()
                    guard stat(path, &info) == 0 else { continue }
                    let isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
                    if isDirectory && type == Int32(DT_LNK) { continue }
                    type = isDirectory ? Int32(DT_DIR) : Int32(DT_REG)
                }
                if type == Int32(DT_DIR) {
                    pending.append(path)
                } else if type == Int32(DT_REG),
                    holdsSourceText(name) || (name == "project.pbxproj" && folder.hasSuffix(".xcodeproj"))
                {
                    result.append(path)
                }
            }
        }
        return result
    }

    /// `path` as shown: without leading `./` and relative to `workingDirectory` when under it.
    static func displayPath(_ path: String, workingDirectory: String) -> String {
        var shown = path
        while shown.hasPrefix("./") { shown.removeFirst(2) }
        let cwd = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        if shown.hasPrefix(cwd) { shown.removeFirst(cwd.count) }
        return shown
    }
}
