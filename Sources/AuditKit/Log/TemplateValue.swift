/// A value a template renders: the context the log writer and the summary build for `session.md`,
/// `view.md` and `audit.md`.
public indirect enum TemplateValue: Sendable, Hashable {
    /// Untrusted text: `{{name}}` Markdown-escapes it (`MarkdownEscaping.inline`), `{{{name}}}` writes it as is.
    case text(String)
    /// A path, location or other literal: `{{name}}` writes it as a code span, `{{{name}}}` as is.
    case code(String)
    /// A link to a file of the project (`App/HomeView.swift:24` to `App/HomeView.swift#L24`):
    /// `{{name}}` writes a Markdown link whose text is a code span and whose target is percent-encoded
    /// (it cannot close the link or become a URL scheme); `{{{name}}}` writes the text as is.
    case link(text: String, target: String)
    /// A flag for sections: `{{#name}}` renders when true, `{{^name}}` when false.
    case bool(Bool)
    /// Items a section renders once each; an empty list counts as false.
    case list([TemplateValue])
    /// Named values; a section over an object renders once with its names in scope.
    case object([String: TemplateValue])

    /// A whole number as text.
    public static func number(_ value: Int) -> TemplateValue { .text(String(value)) }

    /// Whether a section over this value renders (and an inverted one does not).
    public var isTruthy: Bool {
        switch self {
        case .text(let text), .code(let text), .link(let text, _): return !text.isEmpty
        case .bool(let flag): return flag
        case .list(let items): return !items.isEmpty
        case .object: return true
        }
    }
}

/// What a template may name: the names a context provides and, for sections, the names inside.
public indirect enum TemplateField: Sendable, Hashable {
    /// A single value (text, code, flag).
    case value
    /// A list or object whose items provide these names inside its section.
    case scope([String: TemplateField])
}
