import AuditKitScan
import Foundation

// `auditkit-scan`: `auditkit scan`'s findings (text, json, xcode) from a tool that links no C library
// beyond the platform's, so the build-tool plugin builds with the Swift toolchain alone. `--fix` and
// SARIF stay with `auditkit scan`.

/// `--help`.
let help = """
    OVERVIEW: Find fixed font sizes in Swift sources, storyboards and xibs that cannot scale with Dynamic Type.

    USAGE: auditkit-scan [PATH...] [--format text|json|xcode] [--config FILE]

    OPTIONS:
      --format text|json|xcode  text (default), json, or xcode ('path:line:column: warning: ...' lines).
      --config FILE             Scan configuration (default: the project file's, else \
    \(FontScanConfiguration.defaultFileName) when present).
      -h, --help                Show this help.

    Reports what 'auditkit scan' reports, with the same configuration, suppressions and outputs: the \
    build-tool plugin runs it at every build. Without PATH, the project file's sources are scanned. \
    'auditkit scan' also rewrites the findings (--fix) and writes SARIF.

    Exit status: 0 whether or not there are findings, 64 usage, 65 bad input, 66 missing input, \
    70 internal error, 73 cannot write an output.

    """

/// What the command line asks for.
struct Request {
    enum Format: String { case text, json, xcode }
    var format = Format.text
    var config: String?
    var paths: [String] = []
    var wantsHelp = false
}

/// Parses `arguments` (without the program name).
/// - Throws: `.usage` for an unknown option, a missing or bad value.
func parse(_ arguments: [String]) throws(AuditError) -> Request {
    var request = Request()
    var rest = arguments[...]
    while let argument = rest.popFirst() {
        if argument == "--" {
            request.paths += rest
            break
        }
        guard argument.hasPrefix("-"), argument != "-" else {
            request.paths.append(argument)
            continue
        }
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        func value() throws(AuditError) -> String {
            if parts.count == 2 { return parts[1] }
            guard let next = rest.popFirst() else { throw AuditError(.usage, "\(parts[0]) needs a value") }
            return next
        }
        switch parts[0] {
        case "-h", "--help": request.wantsHelp = true
        case "--config": request.config = try value()
        case "--format":
            let name = try value()
            guard let format = Request.Format(rawValue: name) else {
                throw AuditError(.usage, "--format must be one of text, json, xcode, got '\(name)'")
            }
            request.format = format
        default: throw AuditError(.usage, "unknown option '\(parts[0])'")
        }
    }
    return request
}

/// Scans as `request` says and prints; returns the exit status.
/// - Throws: `AuditError` from the project file, the configuration or the scan.
func run(_ request: Request) throws -> ExitStatus {
    let project = try Project.locate()
    let configuration = try project.scanConfiguration(named: request.config)
    let paths =
        request.paths.isEmpty ? project.sourcePaths(environment: ProcessInfo.processInfo.environment) : request.paths
    guard !paths.isEmpty else {
        throw AuditError(
            .usage,
            "missing PATH: name the Swift sources, or give the project file's \"sources\" (auditkit init writes one)")
    }
    let result = try FontScanner.scan(paths: paths, configuration: configuration)
    for problem in result.problems { message(problem.line(severity: "warning")) }
    switch request.format {
    case .text: FileHandle.standardOutput.write(Data(result.textOutput.utf8))
    case .json: FileHandle.standardOutput.write(result.jsonOutput)
    case .xcode:
        FileHandle.standardOutput.write(Data(result.xcodeDiagnostics.map { $0.description + "\n" }.joined().utf8))
        message(result.summaryLine)
    }
    return .success
}

/// Writes `text` and a newline to stderr.
func message(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}

// A write past `ulimit -f` fails with EFBIG and a message, not SIGXFSZ.
signal(SIGXFSZ, SIG_IGN)
do {
    let request = try parse(Array(CommandLine.arguments.dropFirst()))
    if request.wantsHelp {
        FileHandle.standardOutput.write(Data(help.utf8))
        exit(ExitStatus.success.rawValue)
    }
    exit(try run(request).rawValue)
} catch let error as AuditError {
    if error.code == .usage {
        message("auditkit-scan: \(error.description)")
        message(
            "usage: auditkit-scan [PATH...] [--format text|json|xcode] [--config FILE]  (see 'auditkit-scan --help')")
    } else {
        message(error.description)
    }
    exit(error.exitStatus.rawValue)
} catch {
    message("auditkit-scan: error: \(SystemErrorText.reason(error))")
    exit(ExitStatus.software.rawValue)
}
