// The scanner and the parts of Support it shares (AuditError, the JSON reader and writer, atomic writes,
// paths, the Swift lexer) are the AuditKitScan module: every caller of AuditKit sees them as its own.
@_exported import AuditKitScan

/// AuditKit turns Xcode Accessibility Inspector audit reports into work an iOS team can act on:
/// a typed report model, pictures, source mapping, an audit log and a history of warnings.
public enum AuditKit {
    /// The version of the library and of the `auditkit` tool.
    public static let version = "0.1.0"
}
