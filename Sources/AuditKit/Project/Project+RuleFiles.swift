import Foundation

extension Project {
    /// Throws when a rule of `rules` names a `file` outside the project's root (after links): a rule
    /// file is the repository's too, and the file a rule names is read for its likely causes.
    /// - Throws: `AuditError` `.badInput` at the rule's place in the rule file.
    public func refuseRuleFilesOutside(_ rules: RuleFile, path: String) throws {
        for rule in rules.rules {
            guard let file = rule.conclusion.file, let real = outside(file) else { continue }
            throw AuditError(
                .badInput,
                "rule \"\(rule.id)\": \"file\" leads outside the project (\(file) is \(real)); a rule names a file "
                    + "inside \(Symlinks.realPath(absoluteRoot))",
                location: rule.definedAt.map {
                    InputLocation(path: $0.file, line: $0.line, column: $0.column)
                } ?? InputLocation(path: path))
        }
    }
}
