import Foundation

/// `auditkit.json`: what a project always passes, so no command needs `--source`, `--rules` or `--log`
/// again. Every path in it is relative to the folder that holds it (the project's root).
///
/// ```json
/// {
///   "version": 1,
///   "sources": ["App", "Widgets"],
///   "target": "Pocketbook",
///   "rules": "auditkit.rules.json",
///   "log": "audit.md",
///   "reports": "Reports",
///   "scan": "auditkit.scan.json",
///   "templates": "Templates"
/// }
/// ```
public struct ProjectFile: Sendable, Hashable {
    /// `auditkit.json`.
    public static let defaultFileName = "auditkit.json"
    /// The keys the file may hold, in the order it is written.
    public static let keys = ["version", "sources", "target", "rules", "log", "reports", "scan", "templates"]

    /// The folders (or files) of Swift sources and string catalogs (`--source`).
    public var sources: [String]
    /// The audited target (`--target`): the Xcode or SwiftPM target whose code a report is mapped into.
    public var target: String?
    /// The rule file (`--rules`).
    public var rules: String?
    /// The audit log (`--log`).
    public var log: String?
    /// The reports folder: evidence, site, summary, trend, history and baseline (`--out`).
    public var reports: String?
    /// The scan configuration (`--config` of `scan`).
    public var scan: String?
    /// The log's templates folder (`--templates`).
    public var templates: String?

    /// A project file with the given settings; nil leaves a setting to the tool's default.
    public init(
        sources: [String] = [], target: String? = nil, rules: String? = nil, log: String? = nil,
        reports: String? = nil, scan: String? = nil, templates: String? = nil
    ) {
        self.sources = sources
        self.target = target
        self.rules = rules
        self.log = log
        self.reports = reports
        self.scan = scan
        self.templates = templates
    }

    /// Reads the project file at `path`.
    /// - Throws: `AuditError` `.missingInput` when it cannot be read, `.badInput` with line and column
    ///   when it is not a version-1 project file.
    public static func load(path: String) throws(AuditError) -> ProjectFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AuditError(.missingInput, "cannot read the project file", path: path)
        }
        return try ProjectFile(parsing: Array(data), path: path)
    }

    /// Parses a project file's bytes (JSON with `//` comments, as the rule file).
    /// - Throws: `AuditError` `.badInput` with line and column.
    public init(parsing bytes: [UInt8], path: String) throws(AuditError) {
        func fail(_ message: String, _ position: JSONPosition) -> AuditError {
            JSONReadError(message: message, position: position).auditError(path: path)
        }
        let root: JSONReader.Value
        do { root = try JSONReader(bytes).root } catch { throw error.auditError(path: path) }
        guard root.kind == .object else {
            throw fail("the project file must be an object, found \(root.typeDescription)", root.position)
        }
        let members: [JSONReader.Member]
        do { members = try root.asObject(allowed: Self.keys) } catch { throw error.auditError(path: path) }
        self.init()
        func text(_ value: JSONReader.Value, _ key: String) throws(AuditError) -> String {
            guard let text = value.string, !text.isEmpty else {
                throw fail("\"\(key)\" must be a non-empty path", value.position)
            }
            return text
        }
        for member in members {
            let value = member.value
            switch member.key {
            case "version":
                guard value.number == 1 else { throw fail("\"version\" must be 1", value.position) }
            case "sources":
                guard let items = value.elements else {
                    throw fail("\"sources\" must be an array of folders", value.position)
                }
                for item in items { sources.append(try text(item, "sources")) }
            case "target":
                guard let name = value.string, !name.isEmpty else {
                    throw fail("\"target\" must be a non-empty target name", value.position)
                }
                target = name
            case "rules": rules = try text(value, member.key)
            case "log": log = try text(value, member.key)
            case "reports": reports = try text(value, member.key)
            case "scan": scan = try text(value, member.key)
            default: templates = try text(value, member.key)
            }
        }
        guard root["version"] != nil else { throw fail("missing \"version\": 1", root.position) }
    }

    /// The file's text: every setting given, in `keys` order, with a final newline.
    public var text: String {
        let quoted = JSONWriter.quoted
        var lines = ["  \"version\": 1"]
        lines.append("  \"sources\": [" + sources.map(quoted).joined(separator: ", ") + "]")
        for (key, value) in [
            ("target", target), ("rules", rules), ("log", log), ("reports", reports), ("scan", scan),
            ("templates", templates),
        ] {
            if let value { lines.append("  \"\(key)\": " + quoted(value)) }
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }
}
