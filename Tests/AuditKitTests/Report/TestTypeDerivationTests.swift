import AuditKit
import Testing

/// Test types come from the localized name, else the error code, else the title, else `other`.
@Suite struct TestTypeDerivationTests {
    @Test(arguments: [
        ("Dynamic Type", TestType.dynamicType), ("Dynamische Schrift", .dynamicType),
        ("Police dynamique", .dynamicType),
        ("Tipo dinámico", .dynamicType), ("ダイナミックタイプ", .dynamicType), ("动态字体", .dynamicType),
        ("Contrast", .contrast), ("Kontrast", .contrast), ("Contraste", .contrast), ("コントラスト", .contrast),
        ("对比度", .contrast),
        ("Hit Region", .hitRegion), ("Trefferbereich", .hitRegion), ("Zone de toucher", .hitRegion),
        ("Región de toque", .hitRegion),
        ("ヒット領域", .hitRegion), ("点击区域", .hitRegion),
        ("Element Description", .elementDescription), ("Elementbeschreibung", .elementDescription),
        ("Description de l’élément", .elementDescription), ("Descripción del elemento", .elementDescription),
        ("要素の説明", .elementDescription), ("元素描述", .elementDescription),
        ("Clipped Text", .clippedText), ("Abgeschnittener Text", .clippedText), ("Texte tronqué", .clippedText),
        ("Texto recortado", .clippedText), ("切り取られたテキスト", .clippedText), ("截断的文本", .clippedText),
        ("Element Detection", .elementDetection), ("Elementerkennung", .elementDetection),
        ("Détection d’élément", .elementDetection), ("Detección de elementos", .elementDetection),
        ("要素の検出", .elementDetection), ("元素检测", .elementDetection),
        ("Trait", .trait), ("Merkmal", .trait), ("Caractéristique", .trait), ("Rasgo", .trait), ("特性", .trait),
        ("特征", .trait),
        ("Parent/Child", .parentChild), ("Über-/Unterordnung", .parentChild), ("Parent/Enfant", .parentChild),
        ("Padre/Hijo", .parentChild), ("親/子", .parentChild), ("父/子", .parentChild),
        ("Action", .action), ("Aktion", .action), ("Acción", .action), ("アクション", .action), ("操作", .action),
        ("Swipe Order", .swipeOrder), ("Wischreihenfolge", .swipeOrder), ("Ordre de balayage", .swipeOrder),
        ("Orden de deslizamiento", .swipeOrder), ("スワイプの順序", .swipeOrder), ("轻扫顺序", .swipeOrder),
        ("  dynamic   TYPE ", .dynamicType),
    ])
    func mapsLocalizedTestTypeNames(name: String, type: TestType) {
        #expect(TestType(localizedName: name) == type)
        #expect(TestType.derive(testTypeName: name, errorCode: 13, shortTitle: "Text clipped") == type)
    }

    @Test func fallsBackToTheErrorCodeThenTheTitleThenOther() {
        #expect(TestType.derive(testTypeName: "접근성", errorCode: 32, shortTitle: nil) == .clippedText)
        #expect(TestType.derive(testTypeName: nil, errorCode: 36, shortTitle: nil) == .parentChild)
        #expect(
            TestType.derive(testTypeName: nil, errorCode: 999, shortTitle: "Kontrast nicht ausreichend") == .contrast)
        #expect(TestType.derive(testTypeName: nil, errorCode: nil, shortTitle: "テキストが切り取られています") == .clippedText)
        #expect(TestType.derive(testTypeName: nil, errorCode: nil, shortTitle: "Hit area is too small") == .hitRegion)
        #expect(
            TestType.derive(
                testTypeName: nil, errorCode: nil,
                shortTitle: "Dynamic Type font sizes are partially unsupported") == .dynamicType)
        #expect(
            TestType.derive(testTypeName: "Nouveau test", errorCode: 999, shortTitle: "Quelque chose")
                == .other("Nouveau test"))
        #expect(TestType.derive(testTypeName: nil, errorCode: nil, shortTitle: nil) == .other(""))
    }

    @Test func mapsEveryKnownErrorCode() {
        let expected: [Int: TestType] = [
            12: .contrast, 13: .contrast, 17: .hitRegion, 19: .elementDescription, 22: .trait,
            26: .elementDetection, 30: .dynamicType, 31: .dynamicType, 32: .clippedText,
            36: .parentChild, 44: .action,
        ]
        for (code, type) in expected { #expect(TestType(errorCode: code) == type) }
        #expect(TestType(errorCode: 1) == nil)
    }
}
