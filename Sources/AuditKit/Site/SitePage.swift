/// What every page of the site shares: the head with its Content Security Policy, the foot, and the
/// way a test type and an element text are shown.
enum SitePage {
    /// The tag the site writer looks for before replacing a page, so it never overwrites an
    /// `index.html` it did not write.
    static let generatorTag = "<meta name=\"generator\" content=\"AuditKit\">"

    /// The document's start up to the opening of `<div class="page">`; `up` is how many folders
    /// below the site's root the page is (its links to the stylesheet and script go up as many).
    static func head(into out: inout String, title: String, up: Int, counts: HistoryCounts? = nil) {
        let root = String(repeating: "../", count: up)
        out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\(generatorTag)\n"
        if let counts { out += countsTag(counts) + "\n" }
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(SiteAssets.contentSecurityPolicy)\">\n"
        out += "<meta name=\"referrer\" content=\"no-referrer\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<title>\(HTML.plain(title)) · AuditKit</title>\n"
        out += "<link rel=\"stylesheet\" href=\"\(root.isEmpty ? "./" : root)\(SiteAssets.stylesheetName)\">\n"
        out += "<script src=\"\(root.isEmpty ? "./" : root)\(SiteAssets.scriptName)\" defer></script>\n"
        out += "</head>\n<body>\n<a class=\"skip\" href=\"#main\">Skip to the content</a>\n<div class=\"page\">\n"
    }

    /// The tag in a report page's head that says the counts it states (`HistoryCounts`), so a later run
    /// finds the pages a changed judgement (a warning accepted since) left stating other counts by
    /// reading their first lines.
    static func countsTag(_ counts: HistoryCounts) -> String {
        countsTagStart + " content=\"total \(counts.total), open \(counts.open), accepted "
            + "\(counts.accepted), system \(counts.system)\">"
    }

    /// How `countsTag(_:)` begins: a page without it states no counts to compare.
    static let countsTagStart = "<meta name=\"auditkit-counts\""

    /// The foot and the document's end.
    static func foot(into out: inout String, links: String = "") {
        out += "<footer class=\"site\"><p>Written by AuditKit from Accessibility Inspector reports.\(links)</p>"
        out += "</footer>\n</div>\n</body>\n</html>\n"
    }

    /// A test type in its colour and by name: a swatch (hidden from screen readers) and the name.
    static func typeLabel(_ type: TestType) -> String {
        "<span class=\"type \(SiteAssets.typeClass(type))\"><span class=\"swatch\" aria-hidden=\"true\"></span>"
            + HTML.isolated(type.displayName) + "</span>"
    }

    /// The value of a card's `data-type` and the id of its type's section: `type-contrast`; a type this
    /// version does not know gets an id made from its name.
    static func typeID(_ type: TestType) -> String {
        if case .other(let name) = type { return HTML.id("type-other", name) }
        return "type-" + type.key
    }

    /// An element text in quotes, isolated; `no text` when it has none.
    static func elementText(_ text: String?) -> String {
        guard let text else { return "<span class=\"note\">no text</span>" }
        if text.isEmpty { return "<span class=\"note\">empty text</span>" }
        return "“" + HTML.isolated(text) + "”"
    }
}
