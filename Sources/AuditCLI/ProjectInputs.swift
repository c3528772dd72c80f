import AuditKit
import Foundation

/// The options that name a project setting, declared once: a command that takes one lists its `spec`
/// (with help of its own through `withHelp` where it says more), and `CommandContext` reads it here.
enum ProjectOptions {
    /// `--log PATH`.
    static let log: Option<String?> = .text("--log", value: "PATH", help: "The audit log (default: audit.md).")
    /// `--out DIR`.
    static let out: Option<String?> = .text(
        "--out", value: "DIR", help: "Evidence folders, summary.md, trend.svg and the pages go here (default: Reports)."
    )
    /// `--history PATH`.
    static let history: Option<String?> = .text(
        "--history", value: "PATH", help: "The history file (default \(HistoryFile.defaultPath)).")
    /// `--baseline PATH`.
    static let baseline: Option<String?> = .text(
        "--baseline", value: "PATH", help: "The baseline file (default \(Baseline.defaultPath)).")
    /// `--rules RULES`.
    static let rules: Option<String?> = .text(
        "--rules", value: "RULES",
        help: "Rule file (default: the project file's, else ./\(RuleFile.defaultFileName) when present).")
    /// `--source DIR`, repeatable.
    static let source: Option<[String]> = .repeated(
        "--source", value: "DIR",
        help: "Folder of Swift sources, storyboards, xibs and string tables (repeatable; default: the project file's).")
    /// `--target NAME`.
    static let target: Option<String?> = .text(
        "--target", value: "NAME",
        help:
            "Target to map into, from the sources' Xcode projects or Package.swift (default: the project file's, else the app target whose files explain most warnings)."
    )
    /// `--config FILE`.
    static let config: Option<String?> = .text("--config", value: "FILE", help: "The scan configuration.")
    /// `--templates DIR`.
    static let templates: Option<String?> = .text(
        "--templates", value: "DIR", help: "Look for the log templates here first.")
}

/// What every command takes from the project (`Project`): each setting from its flag when given, else
/// from `auditkit.json`, else the tool's default at the project's root, as a path from the working
/// folder. Commands ask here and only here, so a flag, the file and the default can never disagree.
extension CommandContext {
    /// Where a setting in force came from.
    enum Origin: String {
        /// A command-line flag.
        case flag
        /// The project file.
        case projectFile = "auditkit.json"
        /// The tool's default at the project's root.
        case `default`
        /// What the history recorded its reports were mapped with (`HistoryEntry.mappedWith`).
        case history
        /// The package's source targets, as the command plugins name them (`packageSourcesVariable`).
        case package = "the package's targets"
    }

    /// The environment variable the SwiftPM command plugins set to the package's source target folders
    /// (colon-separated): the sources when neither `--source` nor the project file names any.
    static let packageSourcesVariable = "AUDITKIT_PACKAGE_SOURCES"

    /// `value` from `option`, else from the project file (resolved against the root), else `fallback`
    /// at the root.
    private func setting(_ option: Option<String?>, _ fromFile: String?, default fallback: String) -> (String, Origin) {
        if let value = arguments[option] { return (value, .flag) }
        if let fromFile { return (project.resolve(fromFile), .projectFile) }
        return (project.resolve(fallback), .default)
    }

    /// The audit log and where it came from.
    var log: (path: String, origin: Origin) { setting(ProjectOptions.log, project.file?.log, default: "audit.md") }

    /// The audit log.
    var logPath: String { log.path }

    /// Whether the person running the command named the log (`--log`): only then is a link there
    /// followed. The project file is the repository's, which a pull request can change.
    var logNamedByUser: Bool { log.origin == .flag }

    /// The reports folder (`--out`, the project file's `reports`, else `Reports`) and where it came from.
    var reports: (path: String, origin: Origin) {
        setting(ProjectOptions.out, project.file?.reports, default: "Reports")
    }

    /// The reports folder: the evidence folders, the site, the summary and the trend chart. Named with
    /// `--out` through a link, where the link leads (`Symlinks.namedFolder(_:)`): the person's choice,
    /// and every file below it is written refusing links on its whole path.
    var reportsFolder: String {
        let reports = self.reports
        return reports.origin == .flag ? Symlinks.namedFolder(reports.path) : reports.path
    }

    /// The project's reports folder (the file's, else `Reports`), ignoring `--out`: the history and the
    /// baseline live there.
    private var projectReports: String { project.file?.reports ?? "Reports" }

    /// The history file and where it came from.
    var history: (path: String, origin: Origin) {
        setting(
            ProjectOptions.history, project.file?.reports.map { $0 + "/history.jsonl" },
            default: projectReports + "/history.jsonl"
        )
    }

    /// The baseline file and where it came from.
    var baseline: (path: String, origin: Origin) {
        setting(
            ProjectOptions.baseline, project.file?.reports.map { $0 + "/baseline.json" },
            default: projectReports + "/baseline.json")
    }

    /// The rule file: `--rules`, the project file's, else `auditkit.rules.json` at the root when present.
    var rules: (path: String, origin: Origin)? {
        let found = setting(ProjectOptions.rules, project.file?.rules, default: RuleFile.defaultFileName)
        if found.1 == .default, !FileManager.default.fileExists(atPath: found.0) { return nil }
        return found
    }

    /// The source folders: every `--source`, else the project file's, else the package's targets the
    /// command plugin names (`packageSourcesVariable`).
    var sources: (paths: [String], origin: Origin) {
        let flags = arguments[ProjectOptions.source]
        if !flags.isEmpty { return (flags, .flag) }
        if let file = project.file { return (file.sources.map(project.resolve), .projectFile) }
        let package = (environment[Self.packageSourcesVariable] ?? "").split(separator: ":").map(String.init)
        return package.isEmpty ? ([], .default) : (package, .package)
    }

    /// The audited target named by `--target`, else by the project file's `target`; nil: none named.
    var auditTarget: (name: String, origin: Origin)? {
        if let name = arguments[ProjectOptions.target] { return (name, .flag) }
        return project.file?.target.map { ($0, .projectFile) }
    }

    /// The rule file, source folders and target in force, as a history entry records them (paths from the
    /// history file's folder).
    var recordedMappingInputs: RecordedMappingInputs {
        RecordedMappingInputs(
            rules: rules?.path, sources: sources.paths, target: auditTarget?.name, historyPath: history.path)
    }

    /// Whether mapping inputs were given on the command line (not from the project file).
    var mappingFlagsGiven: Bool { arguments[ProjectOptions.rules] != nil || !arguments[ProjectOptions.source].isEmpty }

    /// The scan configuration: `--config`, the project file's, else `auditkit.scan.json` at the root when
    /// present; nil: the built-in one.
    var scanConfiguration: (path: String, origin: Origin)? {
        let found = setting(ProjectOptions.config, project.file?.scan, default: FontScanConfiguration.defaultFileName)
        if found.1 == .default, !FileManager.default.fileExists(atPath: found.0) { return nil }
        return found
    }

    /// The templates folder named by `--templates` or the project file; nil: `Templates/` at the root
    /// when present, else the built-in templates.
    var templatesFolder: (path: String, origin: Origin)? {
        let found = setting(ProjectOptions.templates, project.file?.templates, default: "Templates")
        return found.1 == .default ? nil : found
    }

    /// The log's templates as the settings say.
    /// - Throws: `.missingInput` for a named templates folder that does not exist, or a template's error.
    func templates() throws -> TemplateSet {
        try TemplateSet(directory: templatesFolder?.path, workingDirectory: project.absoluteRoot)
    }
}
