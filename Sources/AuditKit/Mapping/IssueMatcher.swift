import Foundation

/// Maps a report's issues to source locations: rules first (their conclusions always win), then
/// automatic candidates found by the element's text in the source index.
///
/// Automatic candidates are ranked by how the text was found (confidence in parentheses):
/// exact literal in a text-bearing call such as `Text("…")` (0.9), via a localized string's key used in
/// such a call (0.85), case/whitespace-insensitive literal (0.75), interpolated or format-string pattern
/// (0.7); the same without a text-bearing call 0.3 lower; a string-catalog entry whose key no code uses
/// (0.4); literals in previews lose 0.3. When several candidates share the best rank, the one whose
/// view other issues of the same screen map to unambiguously is preferred; otherwise the issue is
/// ambiguous and its confidence is divided by the number of tied candidates.
///
/// A rule's mapping has confidence 1 when the rule names a file. When it does not (and its status is not
/// `system`), the location comes from the best candidate in the rule's view (any view when the rule names
/// none) with that candidate's confidence, else from the declaration of the rule's symbol or view.
public struct IssueMatcher: Sendable {
    /// The rules, if a rule file was given.
    public var rules: RuleFile?
    /// The source index, if `--source` folders were given.
    public var index: SourceIndex?
    /// The most candidates kept per issue.
    public var maximumCandidates: Int

    /// Creates a matcher.
    public init(rules: RuleFile? = nil, index: SourceIndex? = nil, maximumCandidates: Int = 5) {
        self.rules = rules
        self.index = index
        self.maximumCandidates = maximumCandidates
    }

    /// Maps every issue of `report`.
    public func map(_ report: InspectorReport) -> MappingResult {
        struct Draft {
            var issue: Issue
            var rule: MappingRule?
            var candidates: [IssueMapping]
            var explanation: String
        }
        var drafts: [Draft] = []
        for issue in report.issues {
            let screen = report.screens.first { $0.index == issue.screenIndex }
            let rule = rules?.firstMatch(for: issue, screen: screen)
            let (candidates, explanation) = automaticCandidates(for: issue)
            drafts.append(Draft(issue: issue, rule: rule, candidates: candidates, explanation: explanation))
        }
        // Views that issues of each screen map to without doubt: used to break ties.
        var screenViews: [Int: Set<String>] = [:]
        for draft in drafts {
            if let view = draft.rule?.conclusion.view {
                screenViews[draft.issue.screenIndex, default: []].insert(view)
            } else if draft.rule == nil, let first = draft.candidates.first, let view = first.view,
                tiedCount(draft.candidates) == 1
            {
                screenViews[draft.issue.screenIndex, default: []].insert(view)
            }
        }
        var entries: [MappedIssue] = []
        for draft in drafts {
            var candidates = draft.candidates
            var ambiguous = false
            var explanation = draft.explanation
            let tied = tiedCount(candidates)
            if tied > 1 {
                let known = screenViews[draft.issue.screenIndex] ?? []
                let preferred = candidates[0..<tied].filter { $0.view.map(known.contains) ?? false }
                if preferred.count == 1 {
                    let chosen = preferred[0]
                    candidates.removeAll { $0 == chosen }
                    var adjusted = chosen
                    adjusted.confidence = (chosen.confidence * 0.9 * 100).rounded() / 100
                    candidates.insert(adjusted, at: 0)
                    explanation +=
                        "; \(tied) places show this text, chose \(chosen.view ?? "") because other issues "
                        + "of screen \(draft.issue.screenName) map there"
                } else {
                    ambiguous = true
                    for i in 0..<tied {
                        candidates[i].confidence = (candidates[i].confidence / Double(tied) * 100).rounded() / 100
                    }
                    explanation += "; ambiguous: \(tied) places show this text"
                }
            }
            if let rule = draft.rule {
                let primary = merge(rule: rule, issue: draft.issue, candidates: draft.candidates)
                entries.append(
                    MappedIssue(
                        issueNumber: draft.issue.number, primary: primary, candidates: candidates,
                        isAmbiguous: false,
                        explanation: "rule \"\(rule.id)\""
                            + (primary.origin == .rule && rule.conclusion.file == nil
                                && primary.location != nil ? "; location from the sources" : "")))
            } else {
                entries.append(
                    MappedIssue(
                        issueNumber: draft.issue.number, primary: candidates.first,
                        candidates: candidates, isAmbiguous: ambiguous, explanation: explanation))
            }
        }
        return MappingResult(reportPath: report.sourcePath, issues: entries)
    }

    private func tiedCount(_ candidates: [IssueMapping]) -> Int {
        guard let best = candidates.first?.confidence else { return 0 }
        return candidates.prefix { $0.confidence == best }.count
    }

    /// A rule's conclusions, with the location (and view) filled from the sources when the rule names none.
    private func merge(rule: MappingRule, issue: Issue, candidates: [IssueMapping]) -> IssueMapping {
        let conclusion = rule.conclusion
        var mapping = IssueMapping(
            issueNumber: issue.number, origin: .rule, ruleID: rule.id, view: conclusion.view,
            location: conclusion.location, symbol: conclusion.symbol, note: conclusion.note,
            status: conclusion.status, confidence: 1)
        guard mapping.location == nil, conclusion.status != .system else { return mapping }
        // Candidates as ranked before tie-breaking: the rule's view (if any) is what tells them apart.
        let usable = candidates.filter { candidate in conclusion.view.map { candidate.view == $0 } ?? true }
        if let best = usable.first {
            mapping.location = best.location
            mapping.view = mapping.view ?? best.view
            mapping.symbol = mapping.symbol ?? best.symbol
            mapping.role = best.role
            mapping.confidence = (best.confidence / Double(max(1, tiedCount(usable))) * 100).rounded() / 100
        } else if let symbol = conclusion.symbol, let location = index?.declaration(ofSymbol: symbol) {
            mapping.location = location
        } else if let view = conclusion.view, let location = index?.declaration(ofType: view) {
            mapping.location = location
        }
        return mapping
    }

    /// Ranked automatic candidates for an issue's element text, and a line saying what was found.
    public func automaticCandidates(for issue: Issue) -> ([IssueMapping], String) {
        guard let index else { return ([], "no source folders were indexed") }
        guard let rawText = issue.elementText?.trimmingCharacters(in: .whitespacesAndNewlines), !rawText.isEmpty else {
            return ([], "the issue has no element text to look for")
        }
        var found = candidates(forText: rawText, issueNumber: issue.number, in: index)
        if found.isEmpty, rawText.contains(", ") {
            // The Inspector joins a container's texts with ", ": try each part.
            for part in rawText.components(separatedBy: ", ") where part.count >= 2 {
                for var candidate in candidates(forText: part, issueNumber: issue.number, in: index) {
                    candidate.confidence = (candidate.confidence * 0.8 * 100).rounded() / 100
                    if !found.contains(where: { $0.location == candidate.location }) { found.append(candidate) }
                }
            }
            sortCandidates(&found)
        }
        if found.isEmpty {
            return ([], "no string literal or localized string shows \"\(rawText)\"")
        }
        let kept = Array(found.prefix(maximumCandidates))
        return (kept, "found \"\(rawText)\" in \(found.count) place\(found.count == 1 ? "" : "s")")
    }

    private func sortCandidates(_ list: inout [IssueMapping]) {
        list.sort { a, b in
            if a.confidence != b.confidence { return a.confidence > b.confidence }
            let fa = a.location?.file ?? ""
            let fb = b.location?.file ?? ""
            if fa != fb { return fa < fb }
            return (a.location?.line ?? 0, a.location?.column ?? 0) < (b.location?.line ?? 0, b.location?.column ?? 0)
        }
    }

    private func candidates(forText text: String, issueNumber: Int, in index: SourceIndex) -> [IssueMapping] {
        var best: [SourceLocation: IssueMapping] = [:]
        func add(_ entry: IndexedLiteral, base: Double, how: String) {
            var score = entry.isTextBearing ? base : base - 0.3
            if entry.literal.inPreview { score -= 0.3 }
            score = max(0.05, (score * 100).rounded() / 100)
            let place =
                entry.literal.callDescription.map { "\($0)(\"\(entry.literal.displayText)\")" }
                ?? "\"\(entry.literal.displayText)\""
            var symbol: String?
            if let name = entry.literal.assignedTo, !SourceIndex.textBearingProperties.contains(name),
                !entry.literal.enclosingTypes.isEmpty
            {
                symbol = (entry.literal.enclosingTypes + [name]).joined(separator: ".")
            }
            let mapping = IssueMapping(
                issueNumber: issueNumber, origin: .sourceText, view: entry.view,
                location: entry.location, symbol: symbol, note: "\(how) \(place)",
                status: .open, confidence: score, role: SourceIndex.role(of: entry.literal))
            if let existing = best[entry.location], existing.confidence >= score { return }
            best[entry.location] = mapping
        }
        for entry in index.literals(exactly: text) { add(entry, base: 0.9, how: "exact text in") }
        for localized in index.localizedStrings(showing: text) where localized.key != text {
            let users = index.literals(usingKey: localized.key)
            let language = localized.language.map { " (\($0))" } ?? ""
            for entry in users {
                add(entry, base: 0.85, how: "localized key \"\(localized.key)\"\(language) in")
            }
            if users.isEmpty, best[localized.location] == nil {
                best[localized.location] = IssueMapping(
                    issueNumber: issueNumber, origin: .sourceText, location: localized.location,
                    note: "localized string \"\(localized.key)\"\(language); no code uses this key literally",
                    confidence: 0.4)
            }
        }
        for entry in index.literals(folded: text) { add(entry, base: 0.75, how: "text (ignoring case) in") }
        for entry in index.literals(matchingPattern: text) { add(entry, base: 0.7, how: "pattern in") }
        var list = Array(best.values)
        sortCandidates(&list)
        return list
    }
}
