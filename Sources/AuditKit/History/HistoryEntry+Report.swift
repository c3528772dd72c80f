extension InspectorReport {
    /// The report of an audit as its history entry recorded it, for a command that works from the history
    /// alone (its file is not here): each recorded issue with its title, text, rect and element type, on
    /// its recorded screen, at `path` (where its file would be). What the history does not keep is
    /// absent: pictures, long descriptions, the file's size (0); its format is told by `path`'s
    /// extension and its date is the recorded one (`.caller`).
    public init(recorded entry: HistoryEntry, path: String) {
        let screenOfIssue = entry.screenOfIssues
        var screens = entry.screens.enumerated().map { index, screen in
            Screen(index: index, name: screen.name, groupName: screen.group)
        }
        if screens.isEmpty { screens = [Screen(index: 0, name: "", groupName: "")] }
        for (position, recorded) in entry.issues.enumerated() {
            let screen = screenOfIssue.indices.contains(position) ? min(screenOfIssue[position], screens.count - 1) : 0
            screens[screen].issues.append(
                Issue(
                    number: recorded.number, screenIndex: screen, screenName: screens[screen].name,
                    screenGroupName: recorded.screenGroup, errorCode: recorded.errorCode, shortTitle: recorded.title,
                    elementText: recorded.elementText, testType: recorded.testType, elementRect: recorded.rect,
                    elementType: recorded.elementType))
        }
        self.init(
            sourcePath: path, format: PathName.fileExtension(path) == "html" ? .html : .json,
            auditDate: entry.auditDate, auditDateSource: .caller, sha256: entry.sha256, fileSize: 0, screens: screens)
    }
}

extension HistoryEntry {
    /// The mapping each issue was recorded with (its view, code place, role and symbol), for the issues
    /// that have one.
    public var recordedMappings: [IssueMapping] {
        issues.compactMap { recorded in
            guard recorded.view != nil || recorded.location != nil || recorded.role != nil || recorded.symbol != nil
            else { return nil }
            return IssueMapping(
                issueNumber: recorded.number, origin: .sourceText, view: recorded.view, location: recorded.location,
                symbol: recorded.symbol, role: recorded.role)
        }
    }
}
