import AuditKit
import Foundation

/// A hand-kept audit log in the style teams keep them: sessions with empty dates, two sessions both
/// numbered 3, a fenced snippet holding a fake heading, trailing spaces, and sections after the log.
enum HandKeptLog {
    static let prefixBeforeInsertion = """
        # Accessibility Audit

        Findings and fixes for the TrailMix app, screen by screen. Every entry should point at the
        report or screenshot it came from.

        ## Sources
        - Docs/HIG-notes.md
        - Reports/AuditReport_2026-02-01_09-15-42.html
        - Reports/AuditReport_2026-02-03_14-05-10.html

        ## Audit Log

        ### Session 1
        - Date:
        - Scope: First pass over the recipe list
        - Notes:
          - Saved the Inspector report by hand and skimmed the thumbnails.\u{20}\u{20}
          - Most warnings are Dynamic Type on the ingredient rows.

        ### Session 2
        - Date: 2026-02-02
        - Scope: RecipeListView contrast
        - Notes:
          - Secondary labels on the tinted cards fail contrast in dark mode.
          - Terminal output pasted while checking the report:

        ```text
        ## Not a heading: a line pasted inside a fence
        $ open Reports/AuditReport_2026-02-02_08-30-00.html
        ```

        ### Session 3
        - Date: 2026-02-03
        - Scope: Timer sheet hit targets
        - Notes:
          - Stop and pause buttons are 30x30; raised to 44x44.

        ### Session 3
        - Date: 2026-02-03
        - Scope: Timer sheet, second look (numbered 3 twice by mistake)
        - Notes:
          - VoiceOver reads "button" for the pause icon; added a label.
        \t

        """

    static let suffixAfterInsertion = """
        ## Extraction Notes
        1) Open the HTML report and find the JSON payload.
        2) Save thumbnails as issue_NN.jpg and build an index sheet.

        ## Views

        ### Template
        - View:
        - Issue:
        - Evidence:
        - Fix:
        - Verification:
        - Status:

        ### RecipeListView
        - Issue: Ingredient rows flagged for Dynamic Type although they use `.body`.
        - Evidence: Reports/AuditReport_2026-02-03_14-05-10.html
        - Fix: Nothing yet.
        - Verification:
        - Status: residual warnings judged false positives.\u{20}
        """

    /// The log with LF line ends and a final newline.
    static var text: String { prefixBeforeInsertion + suffixAfterInsertion + "\n" }

    /// The LF log as bytes, with a Latin-1 `é` (0xE9, invalid UTF-8) in the Views section.
    static var bytes: [UInt8] { withLatin1Byte(Array(text.utf8)) }

    /// Prefix and suffix as bytes, the suffix with the Latin-1 byte.
    static var prefixBytes: [UInt8] { Array(prefixBeforeInsertion.utf8) }

    /// The suffix bytes (with the Latin-1 byte and final newline).
    static var suffixBytes: [UInt8] { withLatin1Byte(Array((suffixAfterInsertion + "\n").utf8)) }

    /// `bytes` with every `\n` turned into `\r\n`.
    static func crlf(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for byte in bytes {
            if byte == 0x0A { out.append(0x0D) }
            out.append(byte)
        }
        return out
    }

    private static func withLatin1Byte(_ bytes: [UInt8]) -> [UInt8] {
        // "Nothing yet." -> "Nothing yet (caf\xE9 review)."
        let needle = Array("Nothing yet.".utf8)
        guard
            let start = (0...(bytes.count - needle.count)).first(where: {
                Array(bytes[$0..<($0 + needle.count)]) == needle
            })
        else { return bytes }
        var out = bytes
        out.replaceSubrange(
            start..<(start + needle.count), with: Array("Nothing yet (caf".utf8) + [0xE9] + Array(" review).".utf8))
        return out
    }
}

/// Reports built from the public model, as the Inspector would describe two HomeView audits.
enum SampleReports {
    static func issue(
        _ number: Int, _ type: TestType, _ title: String, _ text: String?, screen: Int = 0,
        group: String = "TrailMix"
    ) -> Issue {
        Issue(
            number: number, screenIndex: screen, screenName: "\(screen)", screenGroupName: group,
            errorCode: 100 + number,
            shortTitle: title, elementText: text, testType: type,
            elementRect: Rect(x: 20, y: Double(60 * number), width: 200, height: 22))
    }

    /// Six issues on two screens, one with hostile element text.
    static func first(path: String = "Reports/AuditReport_2026-02-03_14-05-10.html") -> InspectorReport {
        let screen0 = [
            issue(1, .dynamicType, "Dynamic Type font sizes are unsupported", "Ingredients"),
            issue(2, .dynamicType, "Dynamic Type font sizes are unsupported", "2 cups flour"),
            issue(3, .contrast, "Contrast failed", "Prep time"),
            issue(4, .hitRegion, "Hit area is too small", nil),
        ]
        let screen1 = [
            issue(
                5, .dynamicType, "Dynamic Type font sizes are unsupported",
                "<script>alert(1)</script> | *bold* _x_ `code` [link](http://x)\n# Heading", screen: 1),
            issue(6, .clippedText, "Text clipped", "Pause", screen: 1),
        ]
        return InspectorReport(
            sourcePath: path, format: .html, auditDate: Date(timeIntervalSince1970: 1_770_127_510),
            auditDateSource: .fileName, sha256: String(repeating: "ab", count: 32), fileSize: 4096,
            screens: [
                Screen(index: 0, name: "0", groupName: "TrailMix", issues: screen0),
                Screen(index: 1, name: "1", groupName: "TrailMix", issues: screen1),
            ])
    }

    /// A later audit: issues 1 and 3 remain, the clipped text is gone, one new warning.
    static func second(path: String = "Reports/AuditReport_2026-02-05_10-00-00.html") -> InspectorReport {
        let screen0 = [
            issue(1, .dynamicType, "Dynamic Type font sizes are unsupported", "Ingredients"),
            issue(2, .contrast, "Contrast failed", "Prep time"),
            issue(3, .elementDescription, "Element has no description", "Share"),
        ]
        return InspectorReport(
            sourcePath: path, format: .html, auditDate: Date(timeIntervalSince1970: 1_770_285_600),
            auditDateSource: .fileName, sha256: String(repeating: "cd", count: 32), fileSize: 2048,
            screens: [Screen(index: 0, name: "0", groupName: "TrailMix", issues: screen0)])
    }

    /// A mapping for `first()`: issues 1-3 in RecipeDetailView, 6 in TimerSheet, 4 and 5 unmapped.
    /// `firstMapping` with its source files under `folder`, as the mapping finds them when the
    /// sources sit beside the log.
    static func firstMapping(under folder: String) -> [IssueMapping] {
        firstMapping.map { entry in
            var entry = entry
            let file = entry.location?.file ?? ""
            entry.location?.file = folder + "/" + file
            return entry
        }
    }

    static var firstMapping: [IssueMapping] {
        [
            IssueMapping(
                issueNumber: 1, origin: .rule, ruleID: "ingredients-header", view: "RecipeDetailView",
                location: SourceLocation(file: "TrailMix/Views/RecipeDetailView.swift", line: 42, column: 13),
                status: .accepted(reason: "scales in the simulator")),
            IssueMapping(
                issueNumber: 2, origin: .sourceText, view: "RecipeDetailView",
                location: SourceLocation(file: "TrailMix/Views/IngredientRow.swift", line: 18), confidence: 0.6),
            IssueMapping(
                issueNumber: 3, origin: .rule, view: "RecipeDetailView",
                location: SourceLocation(file: "TrailMix/Views/RecipeDetailView.swift", line: 57)),
            IssueMapping(
                issueNumber: 6, origin: .rule, view: "TimerSheet",
                location: SourceLocation(file: "TrailMix/Views/TimerSheet.swift", line: 90), status: .system),
        ]
    }
}
