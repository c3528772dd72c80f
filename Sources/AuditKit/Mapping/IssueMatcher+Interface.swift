extension IssueMatcher {
    /// The mapping of a candidate that is a storyboard's or xib's element: its start tag's line, its scene's
    /// view, the element's role, and a note naming the element, its object ID and its scene.
    func interfaceMapping(
        _ candidate: RankedCandidate,
        element found: (
            document: InterfaceDocument, element: InterfaceElement, text: InterfaceText?
        ), entry: IndexedLiteral, issueNumber: Int, confidence: Double, in index: SourceIndex
    ) -> IssueMapping {
        let (document, element, text) = found
        let scene = document.scenes[element.scene]
        let shown = entry.literal.displayText
        var place: String
        if let text {
            let property = text.property + (element.objectID.map { " of object \($0)" } ?? "")
            place = "\(element.className) \"\(shown)\" (\(property))"
        } else {
            place =
                "\(element.className) systemItem \(element.systemItem ?? "") (the system's title in the device's language, "
                + "\"\(shown)\" in English)"
        }
        place += " in " + (document.isStoryboard ? "scene \"\(scene.title)\" of " : "") + document.fileName
        var how: String
        var key: String?
        switch candidate.how {
        case .exact where text == nil:
            how = "system item title in"
        case .exact: how = "exact text in"
        case .folded: how = "text (ignoring case) in"
        case .pattern: how = "pattern in"
        case .identifier: how = "accessibility identifier in"
        case .localized(let number):
            let localized = index.localizedStrings[number]
            key = localized.key
            how = "localized key \"\(localized.key)\"" + (localized.language.map { " (\($0))" } ?? "") + " of"
        }
        let note = (candidate.joinedNote?.phrase(in: index) ?? "") + "\(how) \(place)"
        return IssueMapping(
            issueNumber: issueNumber, origin: .sourceText, view: entry.view, location: entry.location,
            symbol: entry.literal.resolvedFrom, note: note, status: .open, confidence: confidence, role: element.role,
            sourceLiteral: shown, localizationKey: key)
    }
}

extension IssueMatcher {
    /// How a system item created in code is described: `UIBarButtonItem(barButtonSystemItem: .cancel) (the
    /// system's title in the device's language, "Cancel" in English)`; nil for any other literal.
    static func systemItemPlace(_ literal: SwiftStringLiteral) -> String? {
        guard let symbol = literal.resolvedFrom, let item = SystemItemTitles.item(ofSymbol: symbol) else { return nil }
        let created =
            literal.call.map { "\($0)(\(literal.argumentLabel ?? "barButtonSystemItem"): .\(item))" }
            ?? "editButtonItem"
        return created + " (the system's title in the device's language, \"\(literal.displayText)\" in English)"
    }
}
