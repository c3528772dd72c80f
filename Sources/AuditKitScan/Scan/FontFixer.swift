import Foundation

/// `scan --fix`: rewrites fixed font sizes so they scale with Dynamic Type, as a team migrating by hand
/// does.
///
/// A text's `.system(size: N, weight: W)` whose size and weight are a text style's defaults becomes that
/// style (the team's token when the configuration has one of that size and weight); on a text, a number N
/// within 3 pt of a style becomes the style nearest at W (the team's nearest token with a token table);
/// any other SwiftUI size (a symbol's at any size) becomes a `@ScaledMetric(relativeTo:)` property of the
/// enclosing `struct` or `class` view holding N, or where no property can live (an enum, a protocol's
/// extension, a `static` builder, an initialiser) `UIFontMetrics(forTextStyle:).scaledValue(for:)` in place
/// in a file that imports UIKit, else it is left with that advice; `.custom(_:fixedSize:)`
/// becomes `.custom(_:size:relativeTo:)`; `UIFont.systemFont(ofSize:)` at a style's size and weight becomes
/// `UIFont.preferredFont(forTextStyle:)`, any other UIKit font is wrapped in
/// `UIFontMetrics(forTextStyle:).scaledFont(for:)`. What it does at each finding is decided once
/// (`FontFixDecision`), and `scan` shows the same decision as its suggestion. A size that comes through a
/// name holding a number, in the file or another file of the paths, is followed to it: a text sized by a
/// `static`, global or local `let` is decided from that number as if written in place (its style);
/// otherwise a stored property of the view used only as `.system(size:)` sizes becomes the `@ScaledMetric`
/// itself, a `static` or global `let` gets a new `@ScaledMetric` starting from it, a local `let` gets one
/// holding its number. A size computed from a few numbers gets a `@ScaledMetric` per number (or, for
/// another type's computation, one factor). Only the edited byte ranges change.
public enum FontFixer {
    /// The rules whose findings can be rewritten.
    public static let fixableRules: Set<FontScanRule> = [.fixedSize, .customWithoutRelativeTo, .textStyleNotAdjusting]

    /// Plans the rewrites of one file's bytes: Swift, or a storyboard or xib when `path` names one
    /// (`InterfaceFontScanner`; its buttons are then taken as not scaled in code).
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - path: the path to show.
    ///   - configuration: the scan configuration (its tokens and optional rules).
    ///   - rules: the rules to fix (the fixable ones by default).
    ///   - notes: write each change's risks (`FontFixChange.note`) on the line above its site.
    ///   - usedElsewhere: whether the other files of the project name an identifier; a `static` or global
    ///     `let` every use of which in this file became a text style is deleted when this says no (a
    ///     `private` one whatever it says); nil keeps every constant that is not `private`.
    public static func plan(
        source bytes: [UInt8], path: String, configuration: FontScanConfiguration = FontScanConfiguration(),
        rules: Set<FontScanRule> = fixableRules, notes: Bool = false, usedElsewhere: ((String) -> Bool)? = nil
    ) -> FontFileFix {
        // A storyboard or xib that cannot be read, or whose rewrite would not parse, is left unchanged.
        if InterfaceDocument.isInterfaceFile(path) {
            return
                (try? InterfaceFontScanner.plan(
                    source: bytes, path: path, rules: rules, scaledInCode: ScaledTitleLabels(files: [])))
                ?? FontFileFix(path: path, fixed: bytes)
        }
        return plan(
            source: bytes, path: path, configuration: configuration, rules: rules, notes: notes,
            usedElsewhere: usedElsewhere, constants: nil
        ).fix
    }

    /// `plan(source:…)` of a Swift file with the numeric constants of every file of the run (`SizeConstants`),
    /// when known; with the constants the file declares, and whether a size names one it does not
    /// (`FontFileScanner.namesOtherFiles`), for the run to plan it again once every file's are known.
    static func plan(
        source bytes: [UInt8], path: String, configuration: FontScanConfiguration, rules: Set<FontScanRule>,
        notes: Bool, usedElsewhere: ((String) -> Bool)?, constants: SizeConstants?
    ) -> (fix: FontFileFix, constants: [SwiftNumericConstant], namesOtherFiles: Bool) {
        let lexed = SwiftLexer.scan(bytes, recordingTokens: true, keepingLiterals: false)
        var planner = Self.planner(
            lexed: lexed, source: bytes, path: path, configuration: configuration, rules: rules, notes: notes,
            constants: constants)
        planner.plan()
        var (fixed, edits) = planner.settled()
        if planner.removeDeadConstants(kept: edits, usedElsewhere: usedElsewhere) {
            (fixed, edits) = planner.settled()
        }
        let diff = edits.isEmpty ? "" : unifiedDiff(original: bytes, edits: edits, path: path)
        let fix = FontFileFix(
            path: path, changes: planner.changes, skipped: planner.skipped, fixed: fixed, diff: diff,
            status: edits.isEmpty ? .unchanged : .planned)
        return (fix, lexed.numericConstants, planner.scanner.namesOtherFiles)
    }

    /// The planner of one file's rewrites, its findings scanned, nothing decided yet.
    static func planner(
        source bytes: [UInt8], path: String, configuration: FontScanConfiguration, rules: Set<FontScanRule>,
        notes: Bool
    ) -> FontFixPlanner {
        let lexed = SwiftLexer.scan(bytes, recordingTokens: true, keepingLiterals: false)
        return planner(
            lexed: lexed, source: bytes, path: path, configuration: configuration, rules: rules, notes: notes,
            constants: nil)
    }

    /// The planner of a lexed file's rewrites, its findings scanned, nothing decided yet.
    static func planner(
        lexed: SwiftFileScan, source bytes: [UInt8], path: String, configuration: FontScanConfiguration,
        rules: Set<FontScanRule>, notes: Bool, constants: SizeConstants?
    ) -> FontFixPlanner {
        var scanner = FontFileScanner(
            bytes: bytes, scan: lexed, path: path, configuration: configuration, constants: constants)
        scanner.run()
        var planner = FontFixPlanner(scanner: scanner, rules: rules)
        planner.notes = notes
        return planner
    }

    /// Rewrites the files under `paths` in place (or, with `dryRun`, only plans), each atomically; a file
    /// that changed between reading and writing is left alone.
    /// - Parameters:
    ///   - paths: folders to walk and files to fix, as `FontScanner.scan(paths:)` takes them.
    ///   - configuration: excluded paths, optional rules and tokens.
    ///   - rules: the rules to fix.
    ///   - dryRun: plan and diff without writing.
    ///   - notes: write each change's risks (`FontFixChange.note`) on the line above its site.
    ///   - workingDirectory: paths under it are shown relative to it.
    /// - Throws: `AuditError` `.missingInput` when a path does not exist.
    public static func fix(
        paths: [String], configuration: FontScanConfiguration = FontScanConfiguration(),
        rules: Set<FontScanRule> = fixableRules, dryRun: Bool = false, notes: Bool = false,
        workingDirectory: String = FileManager.default.currentDirectoryPath
    ) throws(AuditError) -> FontFixResult {
        try fix(
            paths: paths, configuration: configuration, rules: rules, dryRun: dryRun, notes: notes,
            workingDirectory: workingDirectory, beforeWrite: nil)
    }

    /// `fix(paths:…)` with `beforeWrite` called with each file's path between planning and writing (tests
    /// change the file there).
    static func fix(
        paths: [String], configuration: FontScanConfiguration, rules: Set<FontScanRule>, dryRun: Bool,
        notes: Bool = false, workingDirectory: String, beforeWrite: (@Sendable (String) -> Void)?
    ) throws(AuditError) -> FontFixResult {
        let found = try FontScanner.files(
            paths: paths, configuration: configuration, workingDirectory: workingDirectory
        )
        let files = found.included
        let count = files.count
        // Every file is read first, so a constant the fix leaves unused in one is deleted only when no other
        // file names it (an excluded one included, read when asked).
        let contents = UnsafeMutableBufferPointer<[UInt8]?>.allocate(capacity: count)
        contents.initialize(repeating: nil)
        defer {
            _ = contents.deinitialize()
            contents.deallocate()
        }
        nonisolated(unsafe) let read = contents
        DispatchQueue.concurrentPerform(iterations: count) { i in
            read[i] = FileManager.default.contents(atPath: files[i].path).map(Array.init)
        }
        let excludedPaths = found.excluded.map { $0.hasPrefix("/") ? $0 : PathName.join(workingDirectory, $0) }
        // The excluded files are read once, by the first file that asks (most runs never do); nil for one
        // that cannot be read, which may name anything.
        let excludedContents = MadeOnceSlot<[[UInt8]?]>()
        let excluded: @Sendable () -> [[UInt8]?] = {
            excludedContents.value { excludedPaths.map { FileManager.default.contents(atPath: $0).map(Array.init) } }
        }
        let usedElsewhere: @Sendable (Int) -> (String) -> Bool = { i in
            { (name: String) -> Bool in
                let word = Array(name.utf8)
                for other in 0..<count where other != i {
                    if let text = read[other], !FontFixPlanner.occurrences(of: word, in: text).isEmpty { return true }
                }
                for text in excluded() {
                    guard let text else { return true }
                    if !FontFixPlanner.occurrences(of: word, in: text).isEmpty { return true }
                }
                return false
            }
        }
        let planned = planEvery(
            files, contents: UnsafeBufferPointer(contents), configuration: configuration, rules: rules, notes: notes,
            usedElsewhere: usedElsewhere)
        let buffer = UnsafeMutableBufferPointer<(FontFileFix?, AuditError?)>.allocate(capacity: count)
        buffer.initialize(repeating: (nil, nil))
        defer {
            _ = buffer.deinitialize()
            buffer.deallocate()
        }
        nonisolated(unsafe) let shared = buffer
        // The buttons Swift code scales, which a storyboard's button with a text style needs.
        let scaled = ScaledTitleLabels(
            files: (0..<count).compactMap { files[$0].path.hasSuffix(".swift") ? read[$0] : nil })
        DispatchQueue.concurrentPerform(iterations: count) { i in
            guard let bytes = read[i] else {
                shared[i] = (nil, AuditError(.missingInput, "cannot read the file", path: files[i].display))
                return
            }
            var fix = planned[i]
            if InterfaceDocument.isInterfaceFile(files[i].path) {
                do {
                    fix = try InterfaceFontScanner.plan(
                        source: bytes, path: files[i].display, rules: rules, scaledInCode: scaled)
                } catch {
                    shared[i] = (
                        nil, error as? AuditError ?? AuditError(.internalError, "\(error)", path: files[i].display)
                    )
                    return
                }
            }
            guard let fix, fix.status == .planned || !fix.changes.isEmpty || !fix.skipped.isEmpty else { return }
            shared[i] = write(
                fix, original: bytes, file: files[i], roots: paths, dryRun: dryRun, beforeWrite: beforeWrite)
        }
        var result = FontFixResult()
        for (file, problem) in buffer {
            if let file { result.files.append(file) }
            if let problem { result.problems.append(problem) }
        }
        return result
    }

    /// The plan of each Swift file of `contents` (nil for one that could not be read, and for a storyboard or
    /// xib): every file planned, then
    /// those whose sizes name a constant another file declares planned again with every file's constants
    /// (`SizeConstants`; most projects have none).
    static func planEvery(
        _ files: [(path: String, display: String)], contents: UnsafeBufferPointer<[UInt8]?>,
        configuration: FontScanConfiguration, rules: Set<FontScanRule>, notes: Bool,
        usedElsewhere: @escaping @Sendable (Int) -> (String) -> Bool
    ) -> [FontFileFix?] {
        let count = files.count
        let buffer = UnsafeMutableBufferPointer<(FontFileFix?, [SwiftNumericConstant], Bool)>.allocate(capacity: count)
        buffer.initialize(repeating: (nil, [], false))
        defer {
            _ = buffer.deinitialize()
            buffer.deallocate()
        }
        nonisolated(unsafe) let shared = buffer
        nonisolated(unsafe) let read = contents
        let work: @Sendable (Int, SizeConstants?) -> Void = { i, constants in
            // A storyboard or xib is planned with the buttons Swift code scales (`fix(paths:…)`).
            guard let bytes = read[i], !InterfaceDocument.isInterfaceFile(files[i].path) else { return }
            let planned = plan(
                source: bytes, path: files[i].display, configuration: configuration, rules: rules, notes: notes,
                usedElsewhere: usedElsewhere(i), constants: constants)
            shared[i] = (planned.fix, planned.constants, planned.namesOtherFiles)
        }
        DispatchQueue.concurrentPerform(iterations: count) { work($0, nil) }
        let again = (0..<count).filter { shared[$0].2 }
        if !again.isEmpty {
            let table = SizeConstants(files: (0..<count).map { (files[$0].display, shared[$0].1) })
            DispatchQueue.concurrentPerform(iterations: again.count) { work(again[$0], table) }
        }
        return buffer.map(\.0)
    }

    /// Writes a planned file atomically (unless `dryRun`, or the file changed since it was read): the plan
    /// with its status, or the error that stopped the write.
    static func write(
        _ planned: FontFileFix, original: [UInt8], file: (path: String, display: String), roots: [String],
        dryRun: Bool, beforeWrite: (@Sendable (String) -> Void)?
    ) -> (FontFileFix?, AuditError?) {
        var planned = planned
        guard planned.status == .planned, !dryRun else { return (planned, nil) }
        beforeWrite?(file.path)
        guard FileManager.default.contents(atPath: file.path).map(Array.init) == original else {
            planned.status = .changedSinceRead
            return (planned, nil)
        }
        do {
            // A file found in a folder may not be a link, nor lie beyond one inside the tree (a committed one
            // can name any file of the machine); one named on the command line may, and so may a folder named
            // there.
            let target = Self.writePath(file.path, roots: roots)
            try AtomicFile.write(Data(planned.fixed), to: target.path, durability: .durable, namedByUser: target.named)
            planned.status = .written
            return (planned, nil)
        } catch {
            return (nil, error as? AuditError ?? AuditError(.cannotWrite, "\(error)", path: file.display))
        }
    }

    /// Where to write `path`, a file found under `roots` (the paths given): a root itself is named, so
    /// a link there is followed; a file walked under a root folder is written in the folder the root's
    /// links lead to (`Symlinks.namedFolder(_:)`), refusing any link inside the tree.
    static func writePath(_ path: String, roots: [String]) -> (path: String, named: Bool) {
        if roots.contains(path) { return (path, true) }
        for root in roots {
            let folder = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
            if path.hasPrefix(folder + "/") {
                return (Symlinks.namedFolder(folder) + path.dropFirst(folder.count), false)
            }
        }
        return (path, false)
    }

    // MARK: Diff

    /// A unified diff (`--- a/path`, `+++ b/path`, hunks with three lines of context) of the edits.
    static func unifiedDiff(original: [UInt8], edits: [ByteEdit], path: String) -> String {
        var lineStarts = [0]
        for (k, b) in original.enumerated() where b == 10 { lineStarts.append(k + 1) }
        if lineStarts.last == original.count, original.count > 0 { lineStarts.removeLast() }
        func line(of offset: Int) -> Int {
            var low = 0
            var high = lineStarts.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
            }
            return low
        }
        func lineEnd(_ index: Int) -> Int { index + 1 < lineStarts.count ? lineStarts[index + 1] : original.count }
        func lines(_ slice: ArraySlice<UInt8>) -> [String] {
            var result: [String] = []
            var start = slice.startIndex
            var k = slice.startIndex
            while k < slice.endIndex {
                if slice[k] == 10 {
                    let end = k > start && slice[k - 1] == 13 ? k - 1 : k
                    result.append(String(decoding: slice[start..<end], as: UTF8.self))
                    start = k + 1
                }
                k += 1
            }
            if start < slice.endIndex { result.append(String(decoding: slice[start..<slice.endIndex], as: UTF8.self)) }
            return result
        }
        // Groups of edits whose changed lines are within six lines of each other.
        var groups: [(first: Int, last: Int, edits: [ByteEdit])] = []
        for edit in edits {
            let first = line(of: edit.range.lowerBound)
            let last = max(first, line(of: max(edit.range.lowerBound, edit.range.upperBound - 1)))
            if let previous = groups.last, first - previous.last <= 6 {
                groups[groups.count - 1].last = max(previous.last, last)
                groups[groups.count - 1].edits.append(edit)
            } else {
                groups.append((first, last, [edit]))
            }
        }
        let shown = path.hasPrefix("/") ? path : "a/" + path
        var out = "--- \(shown)\n+++ \(path.hasPrefix("/") ? path : "b/" + path)\n"
        var delta = 0
        for group in groups {
            let from = lineStarts[group.first]
            let to = lineEnd(group.last)
            var changed: [UInt8] = []
            var position = from
            for edit in group.edits {
                changed += original[position..<edit.range.lowerBound]
                changed += edit.replacement
                position = edit.range.upperBound
            }
            changed += original[position..<to]
            let oldLines = lines(original[from..<to])
            let newLines = lines(changed[...])
            let before = max(0, group.first - 3)
            let after = min(lineStarts.count - 1, group.last + 3)
            let contextBefore = before < group.first ? lines(original[lineStarts[before]..<from]) : []
            let contextAfter = group.last < after ? lines(original[to..<lineEnd(after)]) : []
            let oldCount = contextBefore.count + oldLines.count + contextAfter.count
            let newCount = contextBefore.count + newLines.count + contextAfter.count
            out += "@@ -\(before + 1),\(oldCount) +\(before + 1 + delta),\(newCount) @@\n"
            for text in contextBefore { out += " \(text)\n" }
            for (mark, text) in lineDiff(oldLines, newLines) { out += "\(mark)\(text)\n" }
            for text in contextAfter { out += " \(text)\n" }
            delta += newLines.count - oldLines.count
        }
        return out
    }

    /// The lines of `old` and `new` marked ` `, `-` or `+`: the lines they start and end with in common, and
    /// between them a longest common subsequence (hunks are a few lines, so the quadratic table is small);
    /// past `maxDiffTable` cells (a generated chain of thousands of changed lines is one hunk) the old lines
    /// between are removed and the new ones added, still a correct diff.
    static func lineDiff(_ old: [String], _ new: [String]) -> [(Character, String)] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        let oldMiddle = Array(old[prefix..<(old.count - suffix)])
        let newMiddle = Array(new[prefix..<(new.count - suffix)])
        var result = old[..<prefix].map { (Character(" "), $0) }
        if (oldMiddle.count + 1) * (newMiddle.count + 1) > maxDiffTable {
            result += oldMiddle.map { (Character("-"), $0) } + newMiddle.map { (Character("+"), $0) }
        } else {
            result += subsequenceDiff(oldMiddle, newMiddle)
        }
        return result + old[(old.count - suffix)...].map { (Character(" "), $0) }
    }

    /// The most cells `lineDiff` gives its table (a hunk of 1,000 by 1,000 lines).
    static let maxDiffTable = 1_000_000

    /// `lineDiff` along a longest common subsequence.
    private static func subsequenceDiff(_ old: [String], _ new: [String]) -> [(Character, String)] {
        // Lines as numbers, so the table compares integers.
        var ids: [String: Int] = [:]
        let a = old.map { line in
            ids[line]
                ?? {
                    ids[line] = ids.count; return ids.count - 1
                }()
        }
        let b = new.map { line in
            ids[line]
                ?? {
                    ids[line] = ids.count; return ids.count - 1
                }()
        }
        let n = a.count
        let m = b.count
        let width = m + 1
        var table = [Int](repeating: 0, count: (n + 1) * width)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i * width + j] =
                    a[i] == b[j]
                    ? table[(i + 1) * width + j + 1] + 1 : max(table[(i + 1) * width + j], table[i * width + j + 1])
            }
        }
        var result: [(Character, String)] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, a[i] == b[j] {
                result.append((" ", old[i]))
                i += 1
                j += 1
            } else if i < n, j == m || table[(i + 1) * width + j] >= table[i * width + j + 1] {
                result.append(("-", old[i]))
                i += 1
            } else {
                result.append(("+", new[j]))
                j += 1
            }
        }
        return result
    }
}
