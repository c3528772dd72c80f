/// The exit statuses of the `auditkit` tool (the sysexits convention swift-argument-parser uses).
public enum ExitStatus: Int32, Sendable {
    /// Success.
    case success = 0
    /// Findings, when the user asked to fail on them (`auditkit check`).
    case findings = 1
    /// Bad usage: unknown flag, missing argument, bad value.
    case usage = 64
    /// Bad input data: a malformed report, rule file or template.
    case dataError = 65
    /// Missing input: a file that does not exist or cannot be read.
    case noInput = 66
    /// Internal error.
    case software = 70
    /// An output file could not be created.
    case cannotCreate = 73
}

extension AuditError {
    /// The exit status the tool ends with for this error.
    public var exitStatus: ExitStatus {
        switch code {
        case .usage: return .usage
        case .badInput, .notAReport, .limitExceeded: return .dataError
        case .missingInput: return .noInput
        case .cannotWrite: return .cannotCreate
        case .internalError: return .software
        }
    }
}
