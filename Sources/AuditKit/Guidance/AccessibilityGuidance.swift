import Foundation

/// A WCAG 2.2 success criterion: its number, name, level and W3C "Understanding" page.
public struct WCAGCriterion: Sendable, Hashable, Codable {
    /// The number, e.g. `1.4.3`.
    public var number: String
    /// The name, e.g. `Contrast (Minimum)`.
    public var name: String
    /// The conformance level: `A`, `AA` or `AAA`.
    public var level: String
    /// The W3C "Understanding" page, e.g. `https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html`.
    public var understandingURL: String

    /// Creates a criterion.
    public init(number: String, name: String, level: String, understandingURL: String) {
        self.number = number
        self.name = name
        self.level = level
        self.understandingURL = understandingURL
    }

    /// `WCAG2.2-1.4.3`, the tag SARIF rules carry.
    public var tag: String { "WCAG2.2-" + number }

    /// `1.4.3 Contrast (Minimum) (AA)`.
    public var title: String { "\(number) \(name) (\(level))" }
}

/// What a warning means against WCAG and Apple's guidance, and how to fix it: one row of the
/// versioned table `AccessibilityGuidance.table`, per test type and, where the title tells one, per
/// sub-kind ("Contrast failed" vs "Contrast nearly passed").
///
/// WCAG is written for the web; W3C's WCAG2ICT note explains how its success criteria apply to
/// native apps, which is the reading this table follows. A criterion is the one a warning most
/// closely corresponds to, not a conformance verdict.
public struct AccessibilityGuidance: Sendable, Hashable, Codable {
    /// The row's id: the test type's key, then `/` and the sub-kind when there is one
    /// (`contrast/nearly-passed`).
    public var id: String
    /// The test type the row is for.
    public var testType: TestType
    /// The sub-kind, when the row is for one (`nearly-passed`, `image`).
    public var subKind: String?
    /// The WCAG 2.2 success criterion the warning most closely corresponds to.
    public var criterion: WCAGCriterion
    /// Further criteria that bear on it (Apple's 44 × 44 pt matches 2.5.5 Target Size (Enhanced), AAA).
    public var relatedCriteria: [WCAGCriterion]
    /// What Apple's Human Interface Guidelines ask, in a sentence.
    public var appleGuidance: String
    /// The Human Interface Guidelines page to cite.
    public var appleGuidanceURL: String
    /// The App Store Accessibility Nutrition Label features the warning bears on (`Sufficient Contrast`).
    public var nutritionLabelFeatures: [String]
    /// How to fix it in SwiftUI.
    public var fixSwiftUI: String
    /// How to fix it in UIKit.
    public var fixUIKit: String

    /// Creates a row.
    public init(
        id: String, testType: TestType, subKind: String? = nil, criterion: WCAGCriterion,
        relatedCriteria: [WCAGCriterion] = [], appleGuidance: String, appleGuidanceURL: String,
        nutritionLabelFeatures: [String], fixSwiftUI: String, fixUIKit: String
    ) {
        self.id = id
        self.testType = testType
        self.subKind = subKind
        self.criterion = criterion
        self.relatedCriteria = relatedCriteria
        self.appleGuidance = appleGuidance
        self.appleGuidanceURL = appleGuidanceURL
        self.nutritionLabelFeatures = nutritionLabelFeatures
        self.fixSwiftUI = fixSwiftUI
        self.fixUIKit = fixUIKit
    }

    /// The SARIF rule (and the session's and summary's line) a warning of this row is stated under: its
    /// test type's key, or the row's id when the row's criterion differs from its test type's main row
    /// (an image's missing description, WCAG 1.1.1, is `element-description/image` beside
    /// `element-description`, 4.1.2), so every warning of one rule has one criterion.
    public var ruleID: String {
        subKind == nil || Self.guidance(for: testType)?.criterion == criterion ? testType.key : id
    }

    /// Every criterion the row names: its own, then the related ones.
    public var criteria: [WCAGCriterion] { [criterion] + relatedCriteria }

    /// The tags a SARIF rule carries: `accessibility`, each criterion's `WCAG2.2-N.N.N`, each
    /// distinct `level-A`/`level-AA`/`level-AAA`, in order.
    public var tags: [String] {
        var tags = ["accessibility"]
        for found in criteria {
            for tag in [found.tag, "level-" + found.level] where !tags.contains(tag) { tags.append(tag) }
        }
        return tags
    }

    /// One paragraph of plain text: the criterion, Apple's guidance and the fixes.
    public var helpText: String {
        var text = "WCAG 2.2 \(criterion.title) (\(criterion.understandingURL))"
        for related in relatedCriteria { text += "; also \(related.title) (\(related.understandingURL))" }
        text += ". Apple: \(appleGuidance) (\(appleGuidanceURL))."
        if !nutritionLabelFeatures.isEmpty {
            text += " Accessibility Nutrition Label: \(nutritionLabelFeatures.joined(separator: ", "))."
        }
        text += " SwiftUI: \(fixSwiftUI) UIKit: \(fixUIKit)"
        return text
    }

    /// The same as Markdown, for SARIF's `help.markdown` and the log.
    public var helpMarkdown: String {
        var lines = ["**WCAG 2.2 [\(criterion.title)](\(criterion.understandingURL))**"]
        for related in relatedCriteria { lines.append("Also [\(related.title)](\(related.understandingURL)).") }
        lines.append("")
        lines.append("Apple: \(appleGuidance) ([Human Interface Guidelines](\(appleGuidanceURL)))")
        if !nutritionLabelFeatures.isEmpty {
            lines.append("")
            lines.append("Accessibility Nutrition Label: \(nutritionLabelFeatures.joined(separator: ", ")).")
        }
        lines += ["", "- SwiftUI: \(fixSwiftUI)", "- UIKit: \(fixUIKit)"]
        return lines.joined(separator: "\n")
    }
}

extension AccessibilityGuidance {
    /// The table's version: raised whenever a row changes, so outputs can say which table they used.
    public static let tableVersion = 1

    /// W3C's note on applying WCAG to non-web information and communications technologies (apps).
    public static let wcag2ictURL = "https://www.w3.org/TR/wcag2ict-22/"

    /// The App Store Connect help page on Accessibility Nutrition Labels.
    public static let nutritionLabelsURL =
        "https://developer.apple.com/help/app-store-connect/manage-app-accessibility/overview-of-accessibility-nutrition-labels"

    static let understanding = "https://www.w3.org/WAI/WCAG22/Understanding/"
    static let hig = "https://developer.apple.com/design/human-interface-guidelines/"

    static func wcag(_ number: String, _ name: String, _ level: String, _ page: String) -> WCAGCriterion {
        WCAGCriterion(number: number, name: name, level: level, understandingURL: understanding + page + ".html")
    }

    static let contrastMinimum = wcag("1.4.3", "Contrast (Minimum)", "AA", "contrast-minimum")
    static let targetSizeMinimum = wcag("2.5.8", "Target Size (Minimum)", "AA", "target-size-minimum")
    static let targetSizeEnhanced = wcag("2.5.5", "Target Size (Enhanced)", "AAA", "target-size-enhanced")
    static let nameRoleValue = wcag("4.1.2", "Name, Role, Value", "A", "name-role-value")
    static let nonTextContent = wcag("1.1.1", "Non-text Content", "A", "non-text-content")
    static let resizeText = wcag("1.4.4", "Resize Text", "AA", "resize-text")
    static let infoAndRelationships = wcag("1.3.1", "Info and Relationships", "A", "info-and-relationships")
    static let keyboard = wcag("2.1.1", "Keyboard", "A", "keyboard")
    static let focusOrder = wcag("2.4.3", "Focus Order", "A", "focus-order")

    static let contrastAdvice =
        "text needs a contrast ratio of at least 4.5:1 up to 17 pt, and 3:1 from 18 pt or in bold"
    static let contrastSwiftUI =
        "keep the system's semantic colours (`.primary`, `.secondary`) and adjust custom colours only where needed, "
        + "e.g. under `@Environment(\\.colorSchemeContrast)` `.increased`."
    static let contrastUIKit =
        "use semantic colours (`.label`, `.secondaryLabel`) or asset colours with a High Contrast variant; "
        + "check `UIAccessibility.isDarkerSystemColorsEnabled`."
    static let dynamicTypeSwiftUI =
        "replace `.font(.system(size:))` with a text style (`.font(.body)`) or `Font.custom(_:size:relativeTo:)`; "
        + "size icons and spacing with `@ScaledMetric`; drop fixed `.frame(height:)` and `.lineLimit(1)` on text."
    static let dynamicTypeUIKit =
        "use `UIFont.preferredFont(forTextStyle:)` or `UIFontMetrics.scaledFont(for:)` with "
        + "`adjustsFontForContentSizeCategory = true`, `numberOfLines = 0`, and no fixed row heights."

    /// The table: one row per test type, and per sub-kind where the title tells one.
    public static let table: [AccessibilityGuidance] = [
        AccessibilityGuidance(
            id: "contrast", testType: .contrast, criterion: contrastMinimum,
            appleGuidance: "Ensure sufficient contrast: " + contrastAdvice + ".",
            appleGuidanceURL: hig + "accessibility#Color-and-effects", nutritionLabelFeatures: ["Sufficient Contrast"],
            fixSwiftUI: contrastSwiftUI, fixUIKit: contrastUIKit),
        AccessibilityGuidance(
            id: "contrast/nearly-passed", testType: .contrast, subKind: "nearly-passed", criterion: contrastMinimum,
            appleGuidance: "The ratio is just under the threshold: " + contrastAdvice + ".",
            appleGuidanceURL: hig + "accessibility#Color-and-effects", nutritionLabelFeatures: ["Sufficient Contrast"],
            fixSwiftUI: "a small step darker (or lighter in Dark Mode) is usually enough; " + contrastSwiftUI,
            fixUIKit: "a small step darker (or lighter in Dark Mode) is usually enough; " + contrastUIKit),
        AccessibilityGuidance(
            id: "hit-region", testType: .hitRegion, criterion: targetSizeMinimum, relatedCriteria: [targetSizeEnhanced],
            appleGuidance: "Give controls a hit target of at least 44 × 44 pt (28 × 28 pt at the very least).",
            appleGuidanceURL: hig + "accessibility#Buttons-and-controls", nutritionLabelFeatures: ["Voice Control"],
            fixSwiftUI:
                "put icon-only actions in a 44 × 44 pt `.frame(minWidth: 44, minHeight: 44)` with "
                + "`.contentShape(Rectangle())`; keep the symbol's size tied to a text style (`.title3`).",
            fixUIKit:
                "make the button's bounds at least 44 × 44 pt (content insets or a larger frame), or widen "
                + "`point(inside:with:)` for a small visual."),
        AccessibilityGuidance(
            id: "element-description", testType: .elementDescription, criterion: nameRoleValue,
            appleGuidance: "Give every element a succinct label that VoiceOver can speak, and a hint where it helps.",
            appleGuidanceURL: hig + "accessibility#VoiceOver", nutritionLabelFeatures: ["VoiceOver", "Voice Control"],
            fixSwiftUI:
                "add `.accessibilityLabel(\"…\")` (and `.accessibilityHint` where the result is not obvious) to "
                + "icon-only controls.",
            fixUIKit: "set `accessibilityLabel` (and `accessibilityHint`) on the control or its image."),
        AccessibilityGuidance(
            id: "element-description/image", testType: .elementDescription, subKind: "image", criterion: nonTextContent,
            relatedCriteria: [nameRoleValue],
            appleGuidance: "Describe meaningful images; hide decorative ones from VoiceOver.",
            appleGuidanceURL: hig + "accessibility#VoiceOver", nutritionLabelFeatures: ["VoiceOver"],
            fixSwiftUI:
                "`Image(\"…\").accessibilityLabel(\"…\")` for meaningful images, `Image(decorative:)` or "
                + "`.accessibilityHidden(true)` for decoration.",
            fixUIKit:
                "set `isAccessibilityElement = true` and `accessibilityLabel` on meaningful image views; leave "
                + "decorative ones out of the accessibility tree."),
        AccessibilityGuidance(
            id: "dynamic-type", testType: .dynamicType, criterion: resizeText,
            appleGuidance: "Support Dynamic Type: text should grow to at least 200 % without losing content.",
            appleGuidanceURL: hig + "typography#Supporting-Dynamic-Type", nutritionLabelFeatures: ["Larger Text"],
            fixSwiftUI: dynamicTypeSwiftUI, fixUIKit: dynamicTypeUIKit),
        AccessibilityGuidance(
            id: "clipped-text", testType: .clippedText, criterion: resizeText,
            appleGuidance: "Text that grows must stay readable: let it wrap and containers grow instead of truncating.",
            appleGuidanceURL: hig + "typography#Supporting-Dynamic-Type", nutritionLabelFeatures: ["Larger Text"],
            fixSwiftUI:
                "remove `.lineLimit(1)` and fixed heights; at accessibility sizes switch to a stacked layout "
                + "(`ViewThatFits` or `dynamicTypeSize.isAccessibilitySize`).",
            fixUIKit:
                "set `numberOfLines = 0`, use self-sizing cells, and stack horizontally laid out content at "
                + "accessibility sizes."),
        AccessibilityGuidance(
            id: "element-detection", testType: .elementDetection, criterion: infoAndRelationships,
            appleGuidance: "Everything a person can see and use must be reachable by assistive technologies.",
            appleGuidanceURL: hig + "accessibility#VoiceOver", nutritionLabelFeatures: ["VoiceOver", "Voice Control"],
            fixSwiftUI:
                "use standard controls; for custom drawing, `.accessibilityElement(children: .ignore)` with a "
                + "label, or `.accessibilityRepresentation`.",
            fixUIKit:
                "set `isAccessibilityElement = true` on custom views (or provide `accessibilityElements`), with "
                + "a label and traits."),
        AccessibilityGuidance(
            id: "trait", testType: .trait, criterion: nameRoleValue,
            appleGuidance: "Elements must say what they are: buttons as buttons, headers as headers.",
            appleGuidanceURL: hig + "accessibility#VoiceOver", nutritionLabelFeatures: ["VoiceOver"],
            fixSwiftUI:
                "prefer `Button` to `onTapGesture`; otherwise `.accessibilityAddTraits(.isButton)` (or `.isHeader`).",
            fixUIKit: "set `accessibilityTraits` (`.button`, `.header`, `.selected`) to match what the element does."),
        AccessibilityGuidance(
            id: "parent-child", testType: .parentChild, criterion: infoAndRelationships,
            appleGuidance: "Group related content so assistive technologies present it as one meaningful element.",
            appleGuidanceURL: hig + "accessibility#VoiceOver", nutritionLabelFeatures: ["VoiceOver"],
            fixSwiftUI: "combine a row's parts with `.accessibilityElement(children: .combine)` on the container.",
            fixUIKit:
                "make the container the accessibility element (with a combined label), or set "
                + "`accessibilityElements` in order."),
        AccessibilityGuidance(
            id: "action", testType: .action, criterion: keyboard,
            appleGuidance:
                "Every action must be available without precise gestures, through VoiceOver and Voice Control.",
            appleGuidanceURL: hig + "accessibility#Gestures", nutritionLabelFeatures: ["VoiceOver", "Voice Control"],
            fixSwiftUI:
                "use `Button`, or add `.accessibilityAction(named:)` for swipe and long-press actions.",
            fixUIKit: "provide `accessibilityCustomActions` for gestures, and `accessibilityActivate()` where needed."),
        AccessibilityGuidance(
            id: "swipe-order", testType: .swipeOrder, criterion: focusOrder,
            appleGuidance: "VoiceOver should move through elements in the order people read them.",
            appleGuidanceURL: hig + "accessibility#VoiceOver", nutritionLabelFeatures: ["VoiceOver"],
            fixSwiftUI:
                "order with `.accessibilitySortPriority(_:)` or group with `.accessibilityElement(children: .contain)`.",
            fixUIKit: "set `accessibilityElements` on the container in reading order."),
    ]

    static let byID: [String: AccessibilityGuidance] = Dictionary(uniqueKeysWithValues: table.map { ($0.id, $0) })

    /// The row for a test type (its main row), or nil for a test type AuditKit does not know.
    public static func guidance(for testType: TestType) -> AccessibilityGuidance? { byID[testType.key] }

    /// The row for `issue`: its test type's sub-kind row when the title or element tells one
    /// (a contrast that nearly passed; an element description on an image), else the main row;
    /// nil for a test type AuditKit does not know.
    public static func guidance(for issue: Issue) -> AccessibilityGuidance? {
        guidance(testType: issue.testType, title: issue.shortTitle, elementType: issue.elementType)
    }

    /// The row for a warning known by its test type, title and (automated audits) element type.
    public static func guidance(testType: TestType, title: String, elementType: String? = nil)
        -> AccessibilityGuidance?
    {
        // The title is searched only for the two types whose rows it chooses between, without folding a copy
        // of it (every line of a long listing looks its warning's row up).
        switch testType {
        case .contrast where containsFolded(title, "nearly") || containsFolded(title, "almost"):
            return byID["contrast/nearly-passed"]
        case .elementDescription
        where elementType?.lowercased() == "image" || containsFolded(title, "image"):
            return byID["element-description/image"]
        default:
            return guidance(for: testType)
        }
    }

    /// Whether `text` contains `word` (lowercase ASCII letters) in any letter case.
    static func containsFolded(_ text: String, _ word: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        func search(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard bytes.count >= needle.count else { return needle.isEmpty }
            func folded(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
            for start in 0...(bytes.count - needle.count) {
                var offset = 0
                while offset < needle.count, folded(bytes[start + offset]) == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            return false
        }
        var text = text
        return text.withUTF8(search)
    }
}
