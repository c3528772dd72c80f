import Foundation

/// A target of the indexed tree, read from an Xcode project (`project.pbxproj`) or a SwiftPM manifest
/// (`Package.swift`), with the Swift files it compiles.
public struct BuildTarget: Sendable, Hashable {
    /// The target's name.
    public var name: String
    /// Xcode's product type (`com.apple.product-type.application`, `…bundle.unit-test`, `…app-extension`)
    /// or, from a manifest, `swiftpm.target`, `swiftpm.executable`, `swiftpm.test`.
    public var productType: String
    /// `SUPPORTED_PLATFORMS`, else `SDKROOT` of its build configurations (`iphoneos`, `macosx`, ...), when set.
    public var platform: String?
    /// The project file or manifest it was read from.
    public var definedIn: String
    /// Files it compiles or copies as resources (storyboards, xibs), by path as the index shows them.
    public var files: Set<String> = []
    /// Folders it compiles whole (Xcode 16 synchronized groups, manifest target folders), without the final
    /// slash.
    public var folders: [String] = []
    /// Files under `folders` it does not compile (a synchronized group's membership exceptions).
    public var excluded: Set<String> = []

    /// Creates a target.
    public init(name: String, productType: String, platform: String? = nil, definedIn: String) {
        self.name = name
        self.productType = productType
        self.platform = platform
        self.definedIn = definedIn
    }

    /// Whether it compiles `file`.
    public func compiles(_ file: String) -> Bool {
        if files.contains(file) { return true }
        if excluded.contains(file) { return false }
        return folders.contains { file.hasPrefix($0 + "/") || $0.isEmpty }
    }

    /// Whether it is a test target (unit or UI tests): never the audited target, never a candidate.
    public var isTest: Bool {
        productType.hasSuffix("unit-test") || productType.hasSuffix("ui-testing") || productType == "swiftpm.test"
    }

    /// Whether it is an app (an Xcode application, watch app or a SwiftPM executable).
    public var isApp: Bool {
        productType.hasPrefix("com.apple.product-type.application") || productType == "swiftpm.executable"
    }

    /// The folder that holds `path` (empty for a path without one).
    static func folder(of path: String) -> String { (path as NSString).deletingLastPathComponent }

    /// `path` with `.` and `..` components resolved (`PathName.normalized(_:)`).
    static func normalized(_ path: String) -> String { PathName.normalized(path) }

    /// `child` under `folder`.
    static func join(_ folder: String, _ child: String) -> String {
        if child.hasPrefix("/") { return normalized(child) }
        return normalized(folder.isEmpty ? child : folder + "/" + child)
    }
}

/// Reads the native targets of an Xcode project: their product type, platform, the files of their
/// sources and resources build phases and their file-system-synchronized folders.
public enum XcodeProjectReader {
    /// The targets of the project file at `path` (as the index shows it, e.g. `App/App.xcodeproj/project.pbxproj`),
    /// with file paths resolved through groups against the folder holding the `.xcodeproj`.
    /// - Throws: `AuditError` `.badInput` naming the file and where, for text that is no property list or
    ///   has no `objects`.
    public static func targets(_ bytes: [UInt8], path: String) throws(AuditError) -> [BuildTarget] {
        let root = try ASCIIPropertyList.parse(bytes, path: path)
        guard let objects = root["objects"]?.dictionary else {
            throw AuditError(.badInput, "no \"objects\" dictionary: not an Xcode project file", path: path)
        }
        let projectFolder = BuildTarget.folder(of: BuildTarget.folder(of: path))
        func object(_ id: ASCIIPropertyList?) -> [String: ASCIIPropertyList]? {
            id?.string.flatMap { objects[$0]?.dictionary }
        }
        func ids(_ value: ASCIIPropertyList?) -> [String] { value?.array?.compactMap(\.string) ?? [] }
        var parent: [String: String] = [:]
        for (id, value) in objects {
            for child in ids(value["children"]) { parent[child] = id }
        }
        let project = object(root["rootObject"])
        let mainGroup = project?["mainGroup"]?.string
        let projectDir = BuildTarget.join(projectFolder, project?["projectDirPath"]?.string ?? "")
        // Paths of files and groups, memoised; a cycle of parents (malformed) ends at the project folder.
        var paths: [String: String?] = [:]
        func resolve(_ id: String, depth: Int = 0) -> String? {
            if let known = paths[id] { return known }
            guard depth < 64, let entry = objects[id]?.dictionary else { return nil }
            let own = entry["path"]?.string ?? ""
            let result: String?
            switch entry["sourceTree"]?.string ?? "<group>" {
            case "<group>":
                if id == mainGroup {
                    result = BuildTarget.join(projectDir, own)
                } else if let up = parent[id] {
                    result = resolve(up, depth: depth + 1).map { BuildTarget.join($0, own) }
                } else {
                    result = BuildTarget.join(projectDir, own)
                }
            case "SOURCE_ROOT": result = BuildTarget.join(projectDir, own)
            case "<absolute>": result = BuildTarget.normalized(own)
            default: result = nil
            }
            paths[id] = result
            return result
        }
        func platform(_ list: ASCIIPropertyList?) -> String? {
            for configuration in ids(object(list)?["buildConfigurations"]) {
                let settings = objects[configuration]?["buildSettings"]
                if let value = settings?["SUPPORTED_PLATFORMS"]?.string ?? settings?["SDKROOT"]?.string {
                    return value
                }
            }
            return nil
        }
        let projectPlatform = platform(project?["buildConfigurationList"])
        var targets: [BuildTarget] = []
        var targetIDs: [String: Int] = [:]
        for id in ids(project?["targets"]) {
            guard let entry = objects[id]?.dictionary, entry["isa"]?.string == "PBXNativeTarget",
                let name = entry["name"]?.string
            else { continue }
            var target = BuildTarget(
                name: name, productType: entry["productType"]?.string ?? "",
                platform: platform(entry["buildConfigurationList"]) ?? projectPlatform, definedIn: path)
            // Its sources, and its resources (storyboards, xibs and their localisations: a variant group's
            // files, `Base.lproj/Main.storyboard` and `de.lproj/Main.strings`).
            let phases: Set<String> = ["PBXSourcesBuildPhase", "PBXResourcesBuildPhase"]
            for phase in ids(entry["buildPhases"]) where phases.contains(objects[phase]?["isa"]?.string ?? "") {
                for buildFile in ids(objects[phase]?["files"]) {
                    guard let reference = objects[buildFile]?["fileRef"]?.string else { continue }
                    let variants = objects[reference]?["isa"]?.string == "PBXVariantGroup"
                    for id in variants ? ids(objects[reference]?["children"]) : [reference] {
                        if let file = resolve(id) { target.files.insert(file) }
                    }
                }
            }
            for group in ids(entry["fileSystemSynchronizedGroups"]) {
                if let folder = resolve(group) { target.folders.append(folder) }
            }
            targetIDs[id] = targets.count
            targets.append(target)
        }
        // A synchronized group's exception set lists, for one target, files that are not its members when
        // the target compiles the group, and that are when it does not (shared into it).
        for (id, value) in objects where value["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
            guard let folder = resolve(id) else { continue }
            for exception in ids(value["exceptions"]) {
                guard let set = objects[exception]?.dictionary,
                    set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                    let n = set["target"]?.string.flatMap({ targetIDs[$0] })
                else { continue }
                let files = ids(set["membershipExceptions"]).map { BuildTarget.join(folder, $0) }
                if targets[n].folders.contains(folder) {
                    targets[n].excluded.formUnion(files)
                } else {
                    targets[n].files.formUnion(files)
                }
            }
        }
        return targets.sorted { $0.name < $1.name }
    }

    /// The targets of a SwiftPM manifest, from its literals: `.target`, `.executableTarget` and `.testTarget`
    /// with `name:` and, when given, `path:` (else `Sources/<name>`, `Tests/<name>` for tests), relative to the
    /// manifest's folder. Only the calls nested least deep count: a dependency written `.target(name: "Core")`
    /// inside another target's `dependencies:` is not a target. The manifest is not evaluated.
    static func manifestTargets(_ scan: SwiftFileScan, path: String) -> [BuildTarget] {
        let package = BuildTarget.folder(of: path)
        let kinds = [
            "target": "swiftpm.target", "executableTarget": "swiftpm.executable", "testTarget": "swiftpm.test",
        ]
        var targets: [BuildTarget] = []
        var pending: (BuildTarget, hasPath: Bool)?
        func finish() {
            guard let (found, hasPath) = pending else { return }
            var target = found
            if !hasPath {
                let base = target.productType == "swiftpm.test" ? "Tests/" : "Sources/"
                target.folders = [BuildTarget.join(package, base + target.name)]
            }
            targets.append(target)
            pending = nil
        }
        let declaring = scan.literals.filter { literal in
            literal.call.map { kinds[$0] != nil } ?? false
                && (literal.argumentLabel == "name" || literal.argumentLabel == "path")
        }
        let outermost = declaring.map(\.nesting).min() ?? 0
        for literal in declaring where literal.nesting == outermost {
            guard let call = literal.call, let kind = kinds[call], let text = literal.plainText else { continue }
            if literal.argumentLabel == "name" {
                finish()
                pending = (BuildTarget(name: text, productType: kind, definedIn: path), false)
            } else if literal.argumentLabel == "path", pending != nil {
                pending!.0.folders = [BuildTarget.join(package, text)]
                pending!.hasPath = true
            }
        }
        finish()
        return targets
    }
}

/// The target whose code a report is mapped into, and how it was chosen.
public struct AuditedTarget: Sendable, Hashable, Codable {
    /// How the audited target was chosen.
    public enum Choice: String, Sendable, Hashable, Codable {
        /// The `--target` option named it.
        case option
        /// The project file's `target` setting named it.
        case projectFile
        /// The history recorded it for its latest mapped audit (`RecordedMappingInputs`).
        case history
        /// Its files explain the most warnings of the report.
        case automatic
    }

    /// The target's name.
    public var name: String
    /// How it was chosen.
    public var choice: Choice
    /// One phrase saying how, e.g. `named by --target` or `its files explain 3 of 4 warnings`.
    public var reason: String

    /// Creates an audited target.
    public init(name: String, choice: Choice, reason: String) {
        self.name = name
        self.choice = choice
        self.reason = reason
    }
}
