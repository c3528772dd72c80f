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
        let phrase = candidate.how.phrase(in: index)
        var how = phrase.how
        let key = phrase.key
        if text == nil, case .exact = candidate.how { how = "system item title in" }
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

extension RankedCandidate.How {
    /// How a mapping's note says the text was found (`exact text in`, `localized key "room.title" (de) in`),
    /// with the localisation key when it was found through one.
    func phrase(in index: SourceIndex) -> (how: String, key: String?) {
        switch self {
        case .exact: return ("exact text in", nil)
        case .folded: return ("text (ignoring case) in", nil)
        case .pattern: return ("pattern in", nil)
        case .identifier: return ("accessibility identifier in", nil)
        case .localized(let number):
            let localized = index.localizedStrings[number]
            let language = localized.language.map { " (\($0))" } ?? ""
            return ("localized key \"\(localized.key)\"\(language) in", localized.key)
        }
    }
}
