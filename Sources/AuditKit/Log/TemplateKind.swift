/// The templates AuditKit renders, each with its file name and the names its context provides.
public enum TemplateKind: String, Sendable, CaseIterable {
    /// `audit.md`: the skeleton of a new log.
    case auditLog = "audit.md"
    /// `session.md`: one `### Session N` entry of the log.
    case session = "session.md"
    /// `view.md`: one view's (or type's, or screen's) entry of a summary.
    case view = "view.md"

    /// The file name looked for in template folders.
    public var fileName: String { rawValue }

    /// The built-in copy, identical to the file in the repository's `Templates/`.
    public var builtinText: String {
        switch self {
        case .auditLog: return BuiltinTemplates.audit
        case .session: return BuiltinTemplates.session
        case .view: return BuiltinTemplates.view
        }
    }

    /// The names a template of this kind may use (an unknown one is an error).
    public var fields: [String: TemplateField] {
        switch self {
        case .auditLog:
            return ["title": .value, "date": .value, "sources": .scope(["path": .value])]
        case .session:
            let item: [String: TemplateField] = ["first": .value, "last": .value]
            func with(_ names: [String: TemplateField]) -> TemplateField {
                .scope(item.merging(names) { a, _ in a })
            }
            let texts = with([
                "role": .value, "text": .value, "count": .value, "repeated": .value, "location": .value,
            ])
            let warnings = TemplateField.scope([
                "items": with(["type": .value, "text": .value, "place": .value, "since": .value, "matchedBy": .value]),
                "more": .value,
            ])
            return [
                "number": .value, "marker": .value, "date": .value, "scope": .value, "report": .value,
                "reportName": .value, "sha256": .value, "issueCount": .value, "screenCount": .value,
                "issueText": .value, "screenText": .value, "mapped": .value,
                "screens": with(["name": .value]),
                "counts": with(["type": .value, "key": .value, "count": .value]),
                "types": with([
                    "type": .value, "key": .value, "count": .value, "wcag": .value, "wcagURL": .value,
                    "appleURL": .value,
                    "views": with(["view": .value, "count": .value, "texts": texts, "more": .value]),
                    "unmapped": .scope(["texts": texts, "more": .value, "afterViews": .value]),
                ]),
                "systemUI": .scope(["kinds": with(["kind": .value, "count": .value, "texts": texts])]),
                "accepted": with([
                    "reason": .value, "type": .value, "count": .value, "views": with(["view": .value]),
                    "texts": texts,
                ]),
                "likelyCauses": with([
                    "code": .value, "location": .value, "text": .value, "distance": .value, "fix": .value,
                ]),
                "comparison": .scope([
                    "previousReport": .value, "newCount": .value, "resolvedCount": .value, "residualCount": .value,
                    "changes": .value, "screens": with(["line": .value]),
                    "new": warnings, "resolved": warnings, "residual": warnings,
                ]),
                "evidence": with(["label": .value, "path": .value, "detail": .value]),
            ]
        case .view:
            let item: [String: TemplateField] = ["first": .value, "last": .value]
            return [
                "name": .value, "grouping": .value, "issueCount": .value, "issueText": .value, "warningCount": .value,
                "persistentCount": .value, "reportCount": .value, "multipleReports": .value,
                "warnings": .scope(
                    item.merging([
                        "number": .value, "numbers": .scope(item.merging(["number": .value]) { a, _ in a }),
                        "type": .value, "title": .value, "element": .value, "role": .value, "location": .value,
                        "likelyCauses": .scope(
                            item.merging(["code": .value, "location": .value, "distance": .value, "fix": .value]) {
                                a, _ in a
                            }),
                        "symbol": .value, "view": .value, "screen": .value, "status": .value, "seenIn": .value,
                        "seenCount": .value, "persists": .value,
                    ]) { a, _ in a }),
                "counts": .scope(item.merging(["type": .value, "key": .value, "count": .value]) { a, _ in a }),
                "evidence": .scope(item.merging(["path": .value]) { a, _ in a }),
            ]
        }
    }
}
