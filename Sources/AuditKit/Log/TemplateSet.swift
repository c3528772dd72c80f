import Foundation

/// The templates one run uses, each found in `--templates DIR`, then `./Templates`, then the
/// built-in copy, and parsed and checked up front so a bad template fails before anything is written.
public struct TemplateSet: Sendable {
    /// The parsed templates by kind.
    public var templates: [TemplateKind: Template]

    /// Loads every kind.
    /// - Parameters:
    ///   - directory: the user's `--templates DIR`, looked in first; it must exist when given.
    ///   - workingDirectory: the folder whose `Templates/` is looked in next (default: the current one).
    /// - Throws: `AuditError` `.missingInput` when `directory` is not a folder, `.badInput` at
    ///   `file:line` for a template with an error, `.missingInput` for an unreadable file.
    public init(directory: String? = nil, workingDirectory: String = FileManager.default.currentDirectoryPath) throws {
        var isFolder: ObjCBool = false
        if let directory,
            !(FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder) && isFolder.boolValue)
        {
            throw AuditError(.missingInput, "no such templates folder", path: directory)
        }
        var loaded: [TemplateKind: Template] = [:]
        for kind in TemplateKind.allCases {
            let candidates = [directory, workingDirectory + "/Templates"].compactMap { $0 }.map {
                $0 + "/" + kind.fileName
            }
            if let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) {
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw AuditError(.missingInput, "cannot read the template", path: path)
                }
                guard let text = String(data: data, encoding: .utf8) else {
                    throw AuditError(.badInput, "the template is not UTF-8 text", path: path)
                }
                loaded[kind] = try Template(text: text, path: path, fields: kind.fields)
            } else {
                loaded[kind] = try Template(
                    text: kind.builtinText, path: "builtin:" + kind.fileName, fields: kind.fields)
            }
        }
        templates = loaded
    }

    /// Only the built-in templates (never looks at the disk).
    public static func builtin() -> TemplateSet {
        var loaded: [TemplateKind: Template] = [:]
        for kind in TemplateKind.allCases {
            // The built-in texts are checked by tests; a failure here is a bug in the library.
            loaded[kind] = try? Template(text: kind.builtinText, path: "builtin:" + kind.fileName, fields: kind.fields)
        }
        return TemplateSet(templates: loaded)
    }

    /// A set from already parsed templates (kinds left out fall back to the built-in copies).
    public init(templates: [TemplateKind: Template]) {
        var all = templates
        for kind in TemplateKind.allCases where all[kind] == nil {
            all[kind] = try? Template(text: kind.builtinText, path: "builtin:" + kind.fileName, fields: kind.fields)
        }
        self.templates = all
    }

    /// Renders the template of `kind` with `context`.
    public func render(_ kind: TemplateKind, _ context: [String: TemplateValue]) -> String {
        templates[kind]?.render(context) ?? ""
    }

    /// Where the template of `kind` came from (a path or `builtin:NAME`).
    public func source(of kind: TemplateKind) -> String { templates[kind]?.path ?? "builtin:" + kind.fileName }
}
