import Foundation

extension TestType {
    /// The category of an issue, from the steadiest clue the report gives: the (possibly localized)
    /// `_axKeyIssueTestType` name, else the error code when its category is known, else the short title,
    /// else `other` (carrying the test type name or the title, whichever there is).
    public static func derive(testTypeName: String?, errorCode: Int?, shortTitle: String?) -> TestType {
        if let name = testTypeName, let type = TestType(localizedName: name) { return type }
        if let code = errorCode, let type = TestType(errorCode: code) { return type }
        if let title = shortTitle, let type = TestType(shortTitle: title) { return type }
        let name = testTypeName?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return .other(name)
    }

    /// The category an Inspector error code belongs to, for the codes seen in real reports
    /// (12/13 contrast, 17 hit region, 19 element description, 22 trait, 26 element detection,
    /// 30/31 Dynamic Type, 32 clipped text, 36 parent/child, 44 action); nil for other codes.
    public init?(errorCode: Int) {
        guard let type = TestType.errorCodes[errorCode] else { return nil }
        self = type
    }

    /// The category for a test type name as the Inspector shows it in English, German, French, Spanish,
    /// Japanese or Simplified Chinese (case, accents, spaces and punctuation ignored); nil when unknown.
    public init?(localizedName: String) {
        let folded = TestType.fold(localizedName)
        guard !folded.isEmpty, let type = TestType.localizedNames[folded] else { return nil }
        self = type
    }

    /// The category suggested by a short title ("Contrast failed", "Text abgeschnitten",
    /// "テキストが切り取られています", ...) through keywords in the same six languages; nil when none matches.
    public init?(shortTitle: String) {
        let folded = TestType.fold(shortTitle)
        guard !folded.isEmpty else { return nil }
        for (keyword, type) in TestType.titleKeywords where folded.contains(keyword) {
            self = type
            return
        }
        return nil
    }

    /// Error codes seen in real reports and their categories.
    static let errorCodes: [Int: TestType] = [
        12: .contrast, 13: .contrast, 17: .hitRegion, 19: .elementDescription, 22: .trait,
        26: .elementDetection, 30: .dynamicType, 31: .dynamicType, 32: .clippedText, 36: .parentChild,
        44: .action,
    ]

    /// Lowercased, without diacritics, keeping only letters and digits (so "Über-/Unterordnung" and
    /// "uber unterordnung" agree).
    static func fold(_ text: String) -> String {
        let lowered = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        return String(
            String.UnicodeScalarView(
                lowered.unicodeScalars.filter {
                    CharacterSet.alphanumerics.contains($0)
                }))
    }

    private static let namesByType: [(TestType, [String])] = [
        (.contrast, ["Contrast", "Kontrast", "Contraste", "コントラスト", "对比度", "对比"]),
        (
            .hitRegion,
            [
                "Hit Region", "Hit Area", "Trefferbereich", "Zone de toucher", "Zone d'interaction",
                "Région de toucher", "Región de toque", "Área de toque", "Zona táctil", "ヒット領域",
                "タップ領域", "点击区域", "命中区域",
            ]
        ),
        (
            .elementDescription,
            [
                "Element Description", "Elementbeschreibung", "Description de l'élément",
                "Description d'élément", "Descripción del elemento", "要素の説明", "元素描述",
            ]
        ),
        (
            .dynamicType,
            [
                "Dynamic Type", "Dynamische Schrift", "Dynamischer Text", "Police dynamique",
                "Texte dynamique", "Type dynamique", "Tipo dinámico", "Texto dinámico",
                "ダイナミックタイプ", "動的タイプ", "动态字体", "动态类型",
            ]
        ),
        (
            .clippedText,
            [
                "Clipped Text", "Abgeschnittener Text", "Texte tronqué", "Texte coupé", "Texto recortado",
                "Texto cortado", "切り取られたテキスト", "切れたテキスト", "截断的文本", "被截断的文本",
                "裁剪的文本", "文本被截断",
            ]
        ),
        (
            .elementDetection,
            [
                "Element Detection", "Elementerkennung", "Détection d'élément",
                "Détection des éléments", "Detección de elementos", "Detección del elemento",
                "要素の検出", "要素検出", "元素检测",
            ]
        ),
        (
            .trait,
            [
                "Trait", "Traits", "Merkmal", "Merkmale", "Caractéristique", "Caractéristiques", "Rasgo",
                "Rasgos", "Atributo", "特性", "特征",
            ]
        ),
        (
            .parentChild,
            [
                "Parent/Child", "Über-/Unterordnung", "Übergeordnet/Untergeordnet", "Eltern/Kind",
                "Parent/Enfant", "Parent-enfant", "Padre/Hijo", "Principal/Secundario", "親/子", "親子",
                "父/子", "父子", "父级/子级",
            ]
        ),
        (.action, ["Action", "Actions", "Aktion", "Aktionen", "Acción", "Acciones", "アクション", "操作", "动作"]),
        (
            .swipeOrder,
            [
                "Swipe Order", "Wischreihenfolge", "Streichreihenfolge", "Ordre de balayage",
                "Orden de deslizamiento", "Orden de barrido", "スワイプの順序", "スワイプ順序", "轻扫顺序",
                "滑动顺序",
            ]
        ),
    ]

    /// Folded localized names → category.
    static let localizedNames: [String: TestType] = {
        var names: [String: TestType] = [:]
        for (type, list) in namesByType {
            for name in list { names[fold(name)] = type }
            names[fold(type.key)] = type
        }
        return names
    }()

    /// Folded keywords found in short titles, checked in order (more specific first).
    static let titleKeywords: [(String, TestType)] = {
        let pairs: [(String, TestType)] = [
            ("dynamic type", .dynamicType), ("dynamische schrift", .dynamicType), ("police dynamique", .dynamicType),
            ("type dynamique", .dynamicType), ("texte dynamique", .dynamicType), ("tipo dinámico", .dynamicType),
            ("texto dinámico", .dynamicType), ("ダイナミックタイプ", .dynamicType), ("动态字体", .dynamicType),
            ("contrast", .contrast), ("kontrast", .contrast), ("コントラスト", .contrast), ("对比", .contrast),
            ("clipped", .clippedText), ("truncated", .clippedText), ("abgeschnitten", .clippedText),
            ("tronqué", .clippedText), ("coupé", .clippedText), ("recortado", .clippedText), ("cortado", .clippedText),
            ("切り取", .clippedText), ("切れて", .clippedText), ("截断", .clippedText), ("裁剪", .clippedText),
            ("hit area", .hitRegion), ("hit region", .hitRegion), ("trefferbereich", .hitRegion),
            ("zone de toucher", .hitRegion), ("área de toque", .hitRegion), ("región de toque", .hitRegion),
            ("ヒット領域", .hitRegion), ("タップ領域", .hitRegion), ("点击区域", .hitRegion),
            ("no description", .elementDescription), ("keine beschreibung", .elementDescription),
            ("aucune description", .elementDescription), ("sin descripción", .elementDescription),
            ("no tiene descripción", .elementDescription), ("説明がありません", .elementDescription),
            ("没有描述", .elementDescription), ("缺少描述", .elementDescription),
            ("inaccessible", .elementDetection), ("nicht zugänglich", .elementDetection),
            ("no accesible", .elementDetection), ("アクセスできない", .elementDetection), ("无法访问", .elementDetection),
            ("parent", .parentChild), ("übergeordnet", .parentChild), ("padre", .parentChild),
            ("親要素", .parentChild), ("父元素", .parentChild),
            ("swipe", .swipeOrder), ("wisch", .swipeOrder), ("balayage", .swipeOrder), ("deslizamiento", .swipeOrder),
            ("スワイプ", .swipeOrder), ("轻扫", .swipeOrder),
            ("trait", .trait), ("merkmal", .trait), ("caractéristique", .trait), ("rasgo", .trait),
            ("特性", .trait), ("特征", .trait),
            ("no action", .action), ("keine aktion", .action), ("aucune action", .action), ("sin acción", .action),
            ("アクションがありません", .action), ("没有操作", .action),
        ]
        return pairs.map { (fold($0.0), $0.1) }
    }()
}
