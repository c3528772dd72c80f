import AuditKit
import Foundation

extension ReportFixture {
    /// One kind of finding the Inspector reports: code, category, English and localized names and titles.
    public struct Finding: Sendable {
        /// `_axKeyErrorCode`.
        public var code: Int
        /// The category.
        public var type: TestType
        /// `_axKeyIssueTestType` in English, German, Japanese and French.
        public var typeNames: [String]
        /// `_axKeyShortDesc` in English, German, Japanese and French.
        public var titles: [String]
        /// A long description with `%@` for the element text.
        public var description: String
        /// A suggestion.
        public var suggestion: String
    }

    /// The findings real reports contain (codes and names as seen in Inspector reports).
    public static let findings: [Finding] = [
        Finding(
            code: 30, type: .dynamicType,
            typeNames: ["Dynamic Type", "Dynamische Schrift", "ダイナミックタイプ", "Police dynamique"],
            titles: [
                "Dynamic Type font sizes are unsupported", "Dynamische Schriftgrößen werden nicht unterstützt",
                "Dynamic Typeのフォントサイズがサポートされていません",
                "Les tailles de police Dynamic Type ne sont pas prises en charge",
            ],
            description: "“%@” uses a font size that doesn't scale with Dynamic Type.",
            suggestion: "Use a text style such as .body or scale custom fonts with UIFontMetrics."),
        Finding(
            code: 31, type: .dynamicType,
            typeNames: ["Dynamic Type", "Dynamische Schrift", "ダイナミックタイプ", "Police dynamique"],
            titles: [
                "Dynamic Type font sizes are partially unsupported",
                "Dynamische Schriftgrößen werden teilweise nicht unterstützt",
                "Dynamic Typeのフォントサイズが一部サポートされていません",
                "Les tailles de police Dynamic Type sont partiellement prises en charge",
            ],
            description: "“%@” scales with some Dynamic Type sizes but stops growing at the largest ones.",
            suggestion: "Remove the maximum size so the text keeps growing."),
        Finding(
            code: 12, type: .contrast, typeNames: ["Contrast", "Kontrast", "コントラスト", "Contraste"],
            titles: [
                "Contrast nearly passed", "Kontrast knapp nicht ausreichend", "コントラストがわずかに不足しています",
                "Contraste presque suffisant",
            ],
            description: "“%@” has a contrast ratio of 4.37:1, close to the required 4.5:1.",
            suggestion: "Darken the text color slightly."),
        Finding(
            code: 13, type: .contrast, typeNames: ["Contrast", "Kontrast", "コントラスト", "Contraste"],
            titles: ["Contrast failed", "Kontrast nicht ausreichend", "コントラストが不十分です", "Contraste insuffisant"],
            description: "“%@” has a contrast ratio of 3.27:1. Text of this size needs at least 4.5:1.",
            suggestion: "Increase the contrast between the text color and its background."),
        Finding(
            code: 32, type: .clippedText,
            typeNames: ["Clipped Text", "Abgeschnittener Text", "切り取られたテキスト", "Texte tronqué"],
            titles: ["Text clipped", "Text abgeschnitten", "テキストが切り取られています", "Texte tronqué"],
            description: "The text of “%@” is clipped and can't be read in full.",
            suggestion: "Let the text wrap or grow: remove fixed frames and line limits."),
        Finding(
            code: 17, type: .hitRegion, typeNames: ["Hit Region", "Trefferbereich", "ヒット領域", "Zone de toucher"],
            titles: [
                "Hit area is too small", "Trefferbereich ist zu klein", "ヒット領域が小さすぎます",
                "La zone de toucher est trop petite",
            ],
            description: "“%@” is smaller than 44×44 points.",
            suggestion: "Make the tappable area at least 44×44 points."),
        Finding(
            code: 19, type: .elementDescription,
            typeNames: ["Element Description", "Elementbeschreibung", "要素の説明", "Description de l'élément"],
            titles: [
                "Element has no description", "Element hat keine Beschreibung", "要素に説明がありません",
                "L'élément n'a pas de description",
            ],
            description: "Button has no accessibility label or value, so VoiceOver can't describe it.",
            suggestion: "Add an accessibilityLabel."),
        Finding(
            code: 26, type: .elementDetection,
            typeNames: ["Element Detection", "Elementerkennung", "要素の検出", "Détection d'élément"],
            titles: [
                "Potentially inaccessible text", "Möglicherweise nicht zugänglicher Text",
                "アクセスできない可能性のあるテキスト",
                "Texte potentiellement inaccessible",
            ],
            description: "“%@” is drawn as an image and VoiceOver can't reach it.", suggestion: "Use a real text view."),
        Finding(
            code: 22, type: .trait, typeNames: ["Trait", "Merkmal", "特性", "Caractéristique"],
            titles: [
                "Element is missing a trait", "Dem Element fehlt ein Merkmal", "要素に特性がありません",
                "Il manque une caractéristique à l'élément",
            ],
            description: "“%@” behaves like a button but has no button trait.", suggestion: "Add the .isButton trait."),
        Finding(
            code: 36, type: .parentChild, typeNames: ["Parent/Child", "Über-/Unterordnung", "親/子", "Parent/Enfant"],
            titles: [
                "Element has no parent", "Element hat kein übergeordnetes Element", "要素に親がありません",
                "L'élément n'a pas de parent",
            ],
            description: "“%@” is not reachable from its container.", suggestion: "Fix the accessibility hierarchy."),
        Finding(
            code: 44, type: .action, typeNames: ["Action", "Aktion", "アクション", "Action"],
            titles: [
                "Element has no action", "Element hat keine Aktion", "要素にアクションがありません", "L'élément n'a pas d'action",
            ],
            description: "“%@” looks tappable but has no action.", suggestion: "Add an accessibility action."),
    ]

    /// Element texts that are hard on readers: CJK, emoji, surrogate pairs, `</script>`, braces, quotes,
    /// backslashes, slashes, control characters.
    public static let trickyTexts: [String] = [
        "Budget Progress", "$4,422.12", "次の予定支出", "预算进度", "Übersicht €", "😀 Smile 👍🏽", "𝄞 clef",
        "</script><script>alert(1)</script>", "{\"a\": [1, 2]}", "}{ ][", "back\\slash \"quoted\"", "a/b \\/ c",
        "tab\there", "line\nbreak", "ctrl\u{01}char", "rootObject = {", "\"_axKeyAllScreens\" : [", "Ça coûte 5 €",
        "Presupuesto mensual", "", "\\u0041 not an escape",
    ]

    /// A random report: `screenCount` screens with `issueRange` issues each, every issue with a
    /// plausible code, title, names (sometimes localized, sometimes missing), a rect and a thumbnail
    /// cropped from the screen's painted screenshot. Same seed, same report.
    /// - Parameter screenWidth: the screenshot's width in pixels (its height keeps the iPhone's ratio).
    public static func random(
        seed: UInt64, screenCount: ClosedRange<Int> = 1...3, issueRange: ClosedRange<Int> = 0...6,
        screenWidth: Int = 96, images: Bool = true
    ) -> ReportFixture {
        var rng = SplitMix64(seed: seed)
        let screens = (0..<Int.random(in: screenCount, using: &rng)).map { index -> Screen in
            let height = screenWidth * 874 / 402
            let painted = FixtureScreenPainter.listScreen(
                width: screenWidth, height: height, seed: rng.next(),
                title: "Screen \(index)")
            var screen = Screen(
                name: String(index), groupName: ["HomeView", "BudgetsView", "設定", "0"][index % 4],
                displayBounds: Rect(x: 0, y: 0, width: Double(screenWidth * 3), height: Double(height * 3)),
                screenshot: images ? Image(canvas: painted.canvas) : nil)
            if Int.random(in: 0..<8, using: &rng) == 0 { screen.scale = nil }
            for _ in 0..<Int.random(in: issueRange, using: &rng) {
                screen.issues.append(randomIssue(&rng, painted: painted, images: images))
            }
            return screen
        }
        return ReportFixture(screens: screens)
    }

    private static func randomIssue(
        _ rng: inout SplitMix64, painted: FixtureScreenPainter.Painted,
        images: Bool
    ) -> Issue {
        let finding = findings[Int.random(in: 0..<findings.count, using: &rng)]
        let language = Int.random(in: 0..<3, using: &rng)
        let text = trickyTexts[Int.random(in: 0..<trickyTexts.count, using: &rng)]
        func maybe<T>(_ value: T, _ oneIn: Int = 6) -> T? {
            Int.random(in: 0..<oneIn, using: &rng) == 0 ? nil : value
        }
        let element = painted.elements[Int.random(in: 0..<painted.elements.count, using: &rng)]
        // Rects in points with thirds, as the Inspector writes them.
        let rect = Rect(
            x: element.x + Double(Int.random(in: 0...2, using: &rng)) / 3, y: element.y + 1.0 / 3,
            width: element.width, height: element.height + 2.0 / 3)
        var issue = Issue(
            errorCode: maybe(finding.code, 10), shortTitle: maybe(finding.titles[language]),
            longDescription: maybe(finding.description.replacingOccurrences(of: "%@", with: text), 4),
            extraInfo: finding.type == .contrast ? maybe("Colors: #8A8A8E, #F9F9F9", 2) : nil,
            elementText: maybe(text, 4), testTypeName: maybe(finding.typeNames[language], 4),
            suggestion: maybe(finding.suggestion, 3), isDuplicate: maybe(Int.random(in: 0..<5, using: &rng) == 0, 10),
            thumbnail: nil, rect: maybe(rect, 8), expectedTestType: finding.type)
        if issue.testTypeName == nil && issue.errorCode == nil && issue.shortTitle == nil {
            issue.expectedTestType = .other("")
        }
        if images, Int.random(in: 0..<8, using: &rng) != 0 {
            let pad = 4
            let crop = painted.canvas.cropped(
                x: Int(element.x) - pad, y: Int(element.y) - pad,
                width: Int(element.width) + 2 * pad, height: Int(element.height) + 2 * pad)
            issue.thumbnail = Image(canvas: crop)
        }
        return issue
    }
}

/// Paints plausible iOS screens (status bar, large title, grouped list rows with coloured icons,
/// tab bar) and says where their elements are, so issues can point at real things.
public enum FixtureScreenPainter {
    /// A painted screen and its elements' rects in pixels.
    public struct Painted: Sendable {
        /// The picture.
        public var canvas: FixtureCanvas
        /// Rects of row titles, values, icons and tab items.
        public var elements: [Rect]
    }

    /// A settings-style list screen `width`×`height` pixels (layout scaled from a 402-point-wide phone).
    public static func listScreen(
        width: Int, height: Int, seed: UInt64, title: String,
        rows: Int = 9, tint: FixtureCanvas.Color = .blue
    ) -> Painted {
        var rng = SplitMix64(seed: seed)
        var canvas = FixtureCanvas(width: width, height: height, color: .background)
        var elements: [Rect] = []
        let s = Double(width) / 402
        func v(_ points: Double) -> Int { Int((points * s).rounded()) }
        func record(_ x: Int, _ y: Int, _ w: Int, _ h: Int) {
            elements.append(Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h)))
        }
        // Status bar: time and battery.
        canvas.text(x: v(34), y: v(20), width: v(40), height: max(2, v(12)), color: .label, seed: rng.next())
        canvas.fillRounded(x: width - v(52), y: v(21), width: v(26), height: max(2, v(12)), radius: v(3), color: .label)
        record(0, 0, width, v(54))
        // Large title and a search field.
        canvas.text(x: v(20), y: v(96), width: v(190), height: max(3, v(26)), color: .label, seed: rng.next())
        record(v(20), v(96), v(190), v(26))
        canvas.fillRounded(
            x: v(16), y: v(136), width: width - v(32), height: v(36), radius: v(10),
            color: FixtureCanvas.Color(227, 227, 232))
        canvas.text(x: v(44), y: v(148), width: v(70), height: max(2, v(11)), color: .secondary, seed: rng.next())
        // A grouped list.
        let colors: [FixtureCanvas.Color] = [.blue, .green, .orange, .red, .purple, .teal, .indigo, .pink, .yellow]
        let rowHeight = v(52)
        var y = v(190)
        canvas.fillRounded(x: v(16), y: y, width: width - v(32), height: rowHeight * rows, radius: v(12), color: .white)
        for row in 0..<rows where y + rowHeight < height - v(90) {
            let icon = v(30)
            canvas.fillRounded(
                x: v(30), y: y + (rowHeight - icon) / 2, width: icon, height: icon, radius: v(7),
                color: colors[(row + Int(seed % 5)) % colors.count])
            record(v(30), y + (rowHeight - icon) / 2, icon, icon)
            let titleWidth = v(Double(Int.random(in: 90...170, using: &rng)))
            canvas.text(
                x: v(74), y: y + rowHeight / 2 - v(7), width: titleWidth, height: max(2, v(13)), color: .label,
                seed: rng.next())
            record(v(74), y + rowHeight / 2 - v(9), titleWidth, v(18))
            let valueWidth = v(Double(Int.random(in: 30...70, using: &rng)))
            canvas.text(
                x: width - v(48) - valueWidth, y: y + rowHeight / 2 - v(6), width: valueWidth,
                height: max(2, v(12)), color: row % 3 == 0 ? tint : .secondary, seed: rng.next())
            record(width - v(48) - valueWidth, y + rowHeight / 2 - v(8), valueWidth, v(16))
            // Chevron and separator.
            canvas.fill(
                x: width - v(36), y: y + rowHeight / 2 - v(5), width: max(1, v(3)), height: v(10), color: .separator)
            if row < rows - 1 {
                canvas.fill(x: v(74), y: y + rowHeight - 1, width: width - v(90), height: 1, color: .separator)
            }
            y += rowHeight
        }
        // Tab bar.
        let barTop = height - v(83)
        canvas.fill(x: 0, y: barTop, width: width, height: height - barTop, color: FixtureCanvas.Color(249, 249, 249))
        canvas.fill(x: 0, y: barTop, width: width, height: 1, color: .separator)
        for item in 0..<4 {
            let center = width * (2 * item + 1) / 8
            let color: FixtureCanvas.Color = item == 0 ? tint : .secondary
            canvas.fillRounded(
                x: center - v(12), y: barTop + v(8), width: v(24), height: v(22), radius: v(5), color: color)
            canvas.text(
                x: center - v(18), y: barTop + v(34), width: v(36), height: max(2, v(8)), color: color,
                seed: rng.next())
            record(center - v(24), barTop + v(4), v(48), v(44))
        }
        return Painted(canvas: canvas, elements: elements)
    }
}
