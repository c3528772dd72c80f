import Foundation

/// What `auditkit scan` found in a set of Swift files, storyboards and xibs.
public struct FontScanResult: Sendable {
    /// The Swift files, storyboards and xibs scanned, as shown (relative to the working directory when under
    /// it), sorted.
    public var files: [String]
    /// Swift files left out by the configuration's `exclude` patterns.
    public var excludedFiles: [String]
    /// Every finding in file and line order, suppressed ones included (their `suppression` says why).
    public var findings: [FontFinding]
    /// Files that could not be read, lexer limits hit, `auditkit:ignore` without a reason.
    public var problems: [AuditError]

    /// Creates a result.
    public init(
        files: [String] = [], excludedFiles: [String] = [], findings: [FontFinding] = [], problems: [AuditError] = []
    ) {
        self.files = files
        self.excludedFiles = excludedFiles
        self.findings = findings
        self.problems = problems
    }

    /// The findings no `// auditkit:ignore` comment suppresses.
    public var activeFindings: [FontFinding] { findings.filter { $0.suppression == nil } }

    /// The suppressed findings.
    public var suppressedFindings: [FontFinding] { findings.filter { $0.suppression != nil } }

    package static func normalized(_ path: String) -> Substring {
        var text = Substring(path)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        return text
    }
}

/// Finds fixed font sizes that cannot scale with Dynamic Type (and, when configured, the checkable
/// rules of a typography standard) in Swift sources, on the mapping's `SwiftLexer` tokens, and in
/// storyboards and xibs (`InterfaceFontScanner`); text styles that do not follow the text size as it
/// changes (`ContentSizeFlagScanner`, `InterfaceFontScanner`).
///
/// Reported: `.system(size:)` in any font position, `.custom(_:fixedSize:)`, `UIFont`/`NSFont`
/// `systemFont(ofSize:)` and its bold, italic, monospaced and monospaced-digit relatives, and
/// `UIFont(name:size:)`/`NSFont(name:size:)` unless the font flows into `scaledFont(for:)`. Not
/// reported: sizes in comments and string literals, code in `#Preview { }` and `PreviewProvider` types,
/// sizes naming a `@ScaledMetric` property, `.custom(_:size:)` (it scales with Body), excluded paths;
/// findings on a line with `// auditkit:ignore <reason>` (or under such a comment line) are kept but
/// marked suppressed.
public enum FontScanner {
    /// Scans the Swift files under `paths` (folders are walked as `SourceIndex` walks them; files are
    /// taken as given), in parallel; the result does not depend on timing.
    /// - Parameters:
    ///   - paths: folders to walk and files to scan.
    ///   - configuration: the optional rules, the excluded paths and the tokens.
    ///   - workingDirectory: paths under it are shown relative to it.
    ///   - parallel: false scans on the calling thread only (for measurements).
    /// - Throws: `AuditError` `.missingInput` when a path does not exist.
    public static func scan(
        paths: [String], configuration: FontScanConfiguration = FontScanConfiguration(),
        workingDirectory: String = FileManager.default.currentDirectoryPath, parallel: Bool = true
    ) throws(AuditError) -> FontScanResult {
        let (included, excluded) = try files(
            paths: paths, configuration: configuration, workingDirectory: workingDirectory)
        var result = FontScanResult()
        result.excludedFiles = excluded
        let chosen = included.filter { !InterfaceDocument.isInterfaceFile($0.path) }
        let count = chosen.count
        let buffer = UnsafeMutableBufferPointer<(findings: [FontFinding], problems: [AuditError])>.allocate(
            capacity: count)
        buffer.initialize(repeating: ([], []))
        defer { buffer.deallocate() }
        nonisolated(unsafe) let shared = buffer
        // Each file's constants, and whether its sizes name one it does not declare (`FileScan`).
        let constants = UnsafeMutableBufferPointer<(constants: [SwiftNumericConstant], namesOthers: Bool)>.allocate(
            capacity: count)
        constants.initialize(repeating: ([], false))
        defer {
            _ = constants.deinitialize()
            constants.deallocate()
        }
        nonisolated(unsafe) let declared = constants
        let work: @Sendable (Int) -> Void = { i in
            let file = chosen[i]
            guard let data = FileManager.default.contents(atPath: file.path) else {
                shared[i] = ([], [AuditError(.missingInput, "cannot read the file", path: file.display)])
                return
            }
            let scanned = scanFile(Array(data), path: file.display, configuration: configuration, constants: nil)
            shared[i] = (scanned.findings, scanned.problems)
            declared[i] = (scanned.constants, scanned.namesOtherFiles)
        }
        if parallel {
            DispatchQueue.concurrentPerform(iterations: count, execute: work)
        } else {
            for i in 0..<count { work(i) }
        }
        // A size named in one file and declared in another: the files that name one are read again with every
        // file's constants (most projects have none, and most files name none).
        let again = (0..<count).filter { declared[$0].namesOthers }
        if !again.isEmpty {
            let table = SizeConstants(files: (0..<count).map { (chosen[$0].display, declared[$0].constants) })
            let rescan: @Sendable (Int) -> Void = { n in
                let file = chosen[again[n]]
                guard let data = FileManager.default.contents(atPath: file.path) else { return }
                let scanned = scanFile(Array(data), path: file.display, configuration: configuration, constants: table)
                shared[again[n]] = (scanned.findings, scanned.problems)
            }
            if parallel {
                DispatchQueue.concurrentPerform(iterations: again.count, execute: rescan)
            } else {
                for n in again.indices { rescan(n) }
            }
        }
        result.files = chosen.map(\.display)
        for outcome in buffer {
            result.findings.append(contentsOf: outcome.findings)
            result.problems.append(contentsOf: outcome.problems)
        }
        InterfaceFontScanner.scan(
            included.filter { InterfaceDocument.isInterfaceFile($0.path) }, swiftFiles: chosen, into: &result)
        return result
    }

    /// The Swift files, storyboards and xibs under `paths` in display order, split into those to scan and
    /// those the configuration excludes.
    /// - Throws: `AuditError` `.missingInput` when a path does not exist.
    static func files(
        paths: [String], configuration: FontScanConfiguration, workingDirectory: String
    ) throws(AuditError) -> (included: [(path: String, display: String)], excluded: [String]) {
        var files: [(path: String, display: String)] = []
        var seen = Set<String>()
        for root in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
                throw AuditError(.missingInput, "no such file or folder", path: root)
            }
            let found = isDirectory.boolValue ? SourceFiles.collectFiles(under: root) : [root]
            for path in found
            where path.hasSuffix(".swift") || InterfaceDocument.isInterfaceFile(path) || !isDirectory.boolValue {
                let shown = SourceFiles.displayPath(path, workingDirectory: workingDirectory)
                if seen.insert(shown).inserted { files.append((path, shown)) }
            }
        }
        files.sort { $0.display < $1.display }
        var included: [(path: String, display: String)] = []
        var excluded: [String] = []
        for file in files {
            if configuration.isExcluded(file.display) {
                excluded.append(file.display)
            } else {
                included.append(file)
            }
        }
        return (included, excluded)
    }

    /// Scans one file's bytes: Swift, or a storyboard or xib when `path` names one (whose buttons with a text
    /// style are then not reported: whether code scales them is in other files).
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - path: the path to show in findings.
    ///   - configuration: the optional rules, the excluded paths and the tokens.
    public static func scan(source bytes: [UInt8], path: String, configuration: FontScanConfiguration)
        -> (findings: [FontFinding], problems: [AuditError])
    {
        if InterfaceDocument.isInterfaceFile(path) {
            do {
                let document = try InterfaceDocumentReader.read(bytes, path: path)
                return (InterfaceFontScanner.sites(in: document, bytes: bytes, scaledInCode: nil).map(\.finding), [])
            } catch {
                return ([], [error])
            }
        }
        let scanned = scanFile(bytes, path: path, configuration: configuration, constants: nil)
        return (scanned.findings, scanned.problems)
    }

    /// What scanning one Swift file gives: its findings and problems, the numeric constants it declares, and
    /// whether a size names a constant it does not declare (`FontFileScanner.namesOtherFiles`).
    package struct FileScan: Sendable {
        package var findings: [FontFinding]
        package var problems: [AuditError]
        package var constants: [SwiftNumericConstant]
        package var namesOtherFiles: Bool
    }

    /// Scans one Swift file's bytes with the scan's constants (`SizeConstants`), when known.
    package static func scanFile(
        _ bytes: [UInt8], path: String, configuration: FontScanConfiguration, constants: SizeConstants?
    ) -> FileScan {
        // Literals are not needed here: skipping their decoding saves most of the lexer's work.
        let lexed = SwiftLexer.scan(bytes, recordingTokens: true, keepingLiterals: false)
        return scanLexed(lexed, bytes: bytes, path: path, configuration: configuration, constants: constants)
    }

    /// Scans a file the lexer has already read with `recordingTokens` (one lexer pass shared with the
    /// source index). Each finding `scan --fix` would rewrite carries the fix's decision (`FontFinding.fix`).
    public static func findings(
        in lexed: SwiftFileScan, bytes: [UInt8], path: String, configuration: FontScanConfiguration
    ) -> (findings: [FontFinding], problems: [AuditError]) {
        let scanned = scanLexed(lexed, bytes: bytes, path: path, configuration: configuration, constants: nil)
        return (scanned.findings, scanned.problems)
    }

    /// `findings(in:bytes:path:configuration:)` with the scan's constants, when known, and what it learnt.
    package static func scanLexed(
        _ lexed: SwiftFileScan, bytes: [UInt8], path: String, configuration: FontScanConfiguration,
        constants: SizeConstants?
    ) -> FileScan {
        var scanner = FontFileScanner(
            bytes: bytes, scan: lexed, path: path, configuration: configuration, constants: constants)
        scanner.run()
        // The fix's own decision per site, so what `scan` suggests is what `scan --fix` writes.
        var planner = FontFixPlanner(scanner: scanner, rules: FontFixer.fixableRules)
        planner.decide()
        var problems = scanner.problems
        if let limit = lexed.nestingLimit {
            problems.append(
                AuditError(
                    .limitExceeded,
                    "string interpolations nest more than \(SwiftLexer.maxInterpolationDepth) deep; the rest of the file is not scanned",
                    location: InputLocation(
                        path: path, byteOffset: limit.offset, line: limit.line, column: limit.column)))
        }
        // `preferredFont(forTextStyle:)` without the flag, in line order among the others.
        var found = planner.decidedFindings
        let unadjusted = ContentSizeFlagScanner.findings(in: lexed, bytes: bytes, path: path)
        if !unadjusted.isEmpty {
            found = (found + unadjusted).enumerated().sorted {
                ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
            }.map(\.element)
        }
        return FileScan(
            findings: found, problems: problems, constants: lexed.numericConstants,
            namesOtherFiles: planner.scanner.namesOtherFiles)
    }
}
