import Foundation

/// The language a report's texts are in, so that only that language's catalog values are matched (on an
/// English device, a German value that happens to equal the text is not a candidate).
public enum ReportLanguage {
    /// The language of `report`'s element texts among the catalogs' languages, or nil when the catalogs have
    /// at most one language (nothing to choose). Decided by the texts that only some languages show for a key
    /// that other languages show differently (the language showing most of them wins; a language without a
    /// value for a key shows the development language's; a storyboard's own text, or `NSLocalizedString`'s
    /// `value:`, of a key other languages translate is the development language's, English unless a catalog
    /// says), else by the language
    /// of the Inspector's test-type names when the catalogs have it, else the catalogs' development language.
    public static func detect(report: InspectorReport, index: SourceIndex) -> String? {
        var languages = Set(index.localizedStrings.compactMap(\.language)).subtracting(["Base"])
        // Storyboards' own texts are the development language's, whether a table holds it or not.
        let interfaceBase = index.interfaceDevelopmentLanguage
        if let interfaceBase { languages.insert(interfaceBase) }
        guard languages.count > 1 else { return nil }
        var texts = Set<String>()
        for issue in report.issues {
            guard let text = issue.elementText?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty
            else { continue }
            texts.insert(text)
            if text.contains(", ") { for part in text.components(separatedBy: ", ") { texts.insert(part) } }
        }
        // A text is evidence for a language when that language shows it for a key that another language
        // shows differently (an untranslated key looks the same on every device and tells nothing).
        var valuesByKey: [String: [(language: String, value: String)]] = [:]
        for entry in index.localizedStrings {
            if let language = entry.language, language != "Base" {
                valuesByKey[entry.key, default: []].append((language, entry.value))
            }
        }
        var scores: [String: Int] = [:]
        let codeLanguage = index.developmentLanguage ?? interfaceBase ?? "en"
        for text in texts {
            var showing = Set<String>()
            if let interfaceBase, index.interfaceBaseShows(text) { showing.insert(interfaceBase) }
            for entry in index.localizedStrings(showing: text) {
                guard let language = entry.language, language != "Base" else { continue }
                let others = valuesByKey[entry.key] ?? []
                if others.contains(where: { $0.language != language && $0.value != entry.value }) {
                    showing.insert(language)
                    // Languages without a value for the key show the development language's at run time.
                    if language == index.developmentLanguage {
                        let translated = Set(others.map(\.language))
                        showing.formUnion(languages.subtracting(translated))
                    }
                }
            }
            guard showing.count < languages.count else { continue }
            for language in showing { scores[language, default: 0] += 1 }
            // `NSLocalizedString(key, value: text)` of a key other languages translate: the development language's.
            if showing.isEmpty,
                index.keysWithFallback(text).contains(where: { key in
                    (valuesByKey[key] ?? []).contains { $0.value != text }
                })
            {
                scores[codeLanguage, default: 0] += 1
            }
        }
        let best = scores.values.max() ?? 0
        let leaders = scores.filter { $0.value == best }.map(\.key)
        if best > 0, leaders.count == 1 { return leaders[0] }
        var named: [String: Int] = [:]
        for issue in report.issues {
            if let name = issue.testTypeName, let language = testTypeLanguages[TestType.fold(name)] {
                named[language, default: 0] += 1
            }
        }
        if let language = named.mostCommon()?.name, languages.contains(language),
            best == 0 || leaders.contains(language)
        {
            return language
        }
        if let development = index.developmentLanguage, languages.contains(development) { return development }
        return languages.contains("en") ? "en" : languages.min()
    }

    /// Folded test-type names as the Inspector writes them, by the language they are in.
    static let testTypeLanguages: [String: String] = {
        let names: [String: [String]] = [
            "en": [
                "Contrast", "Hit Region", "Hit Area", "Element Description", "Dynamic Type", "Clipped Text",
                "Element Detection", "Trait", "Traits", "Parent/Child", "Action", "Actions", "Swipe Order",
            ],
            "de": [
                "Kontrast", "Trefferbereich", "Elementbeschreibung", "Dynamische Schrift", "Dynamischer Text",
                "Abgeschnittener Text", "Elementerkennung", "Merkmal", "Merkmale", "Über-/Unterordnung",
                "Übergeordnet/Untergeordnet", "Eltern/Kind", "Aktion", "Aktionen", "Wischreihenfolge",
                "Streichreihenfolge",
            ],
            "fr": [
                "Contraste", "Zone de toucher", "Description de l'élément", "Police dynamique", "Texte dynamique",
                "Texte tronqué", "Détection d'élément", "Caractéristique", "Caractéristiques", "Parent/Enfant",
                "Ordre de balayage",
            ],
            "es": [
                "Región de toque", "Área de toque", "Descripción del elemento", "Tipo dinámico", "Texto dinámico",
                "Texto recortado", "Detección de elementos", "Rasgo", "Rasgos", "Padre/Hijo", "Acción", "Acciones",
                "Orden de deslizamiento",
            ],
            "ja": ["コントラスト", "ヒット領域", "要素の説明", "ダイナミックタイプ", "切り取られたテキスト", "要素の検出", "特性", "親/子", "アクション"],
            "zh-Hans": ["对比度", "点击区域", "元素描述", "动态字体", "截断的文本", "元素检测", "特征", "父/子", "动作"],
        ]
        var table: [String: String] = [:]
        for (language, list) in names.sorted(by: { $0.key < $1.key }) {
            for name in list where table[TestType.fold(name)] == nil { table[TestType.fold(name)] = language }
        }
        return table
    }()
}
