/// AuditKit turns Xcode Accessibility Inspector audit reports into work an iOS team can act on:
/// a typed report model, pictures, source mapping, an audit log and a history of warnings.
public enum AuditKit {
    /// The version of the library and of the `auditkit` tool.
    public static let version = "0.1.0"
}
