import Foundation

/// What a scan takes from the project when the command line does not say: the scan configuration and
/// the sources, as `auditkit scan` and `auditkit-scan` both read them.
extension Project {
    /// The environment variable the SwiftPM command plugins set to the package's source target folders
    /// (colon-separated): the sources when neither the command line nor the project file names any.
    public static let packageSourcesVariable = "AUDITKIT_PACKAGE_SOURCES"

    /// The scan configuration in force when none is named: the project file's `scan`, else
    /// `auditkit.scan.json` at the root when present, as a path from the working folder; nil: the built-in one.
    public var scanConfigurationPath: String? {
        if let scan = file?.scan { return resolve(scan) }
        let fallback = resolve(FontScanConfiguration.defaultFileName)
        return FileManager.default.fileExists(atPath: fallback) ? fallback : nil
    }

    /// The source folders when none is named: the project file's (from the working folder), else the
    /// package's targets the command plugins name in `environment` (`packageSourcesVariable`); empty when
    /// neither names any.
    public func sourcePaths(environment: [String: String]) -> [String] {
        if let file { return file.sources.map(resolve) }
        return (environment[Self.packageSourcesVariable] ?? "").split(separator: ":").map(String.init)
    }

    /// The configuration at `path` (a `--config`), else the one in force (`scanConfigurationPath`), else
    /// the built-in one.
    /// - Throws: the configuration's `AuditError` when it cannot be read or parsed.
    public func scanConfiguration(named path: String?) throws(AuditError) -> FontScanConfiguration {
        guard let path = path ?? scanConfigurationPath else { return FontScanConfiguration() }
        return try FontScanConfiguration.load(path: path)
    }
}
