/// The titles (or, for icons, the VoiceOver labels) UIKit gives its system bar and tab bar items in the
/// device's language: `UIBarButtonItem(barButtonSystemItem: .cancel)` shows "Cancel" on an English device,
/// "Abbrechen" on a German one. The app's code and tables never hold these texts, so the mapping finds the
/// line that creates the item through this table. Items and languages not listed give the mapping nothing to find (only
/// titles known for certain are listed).
public enum SystemItemTitles {
    /// What names a system item in a literal's `resolvedFrom`: `UIBarButtonItem.SystemItem.cancel`.
    public static func symbol(_ item: String, tabBar: Bool = false) -> String {
        (tabBar ? "UITabBarItem.SystemItem." : "UIBarButtonItem.SystemItem.") + item
    }

    /// The item a `resolvedFrom` names (`cancel`), when it names one.
    public static func item(ofSymbol symbol: String) -> String? {
        for prefix in ["UIBarButtonItem.SystemItem.", "UITabBarItem.SystemItem."] where symbol.hasPrefix(prefix) {
            return String(symbol.dropFirst(prefix.count))
        }
        return nil
    }

    /// The English title of `item`, when it has one (`flexibleSpace` has none).
    public static func english(_ item: String) -> String? { titles[item]?["en"] }

    /// The title of `item` on a device in `language` (`de`, `pt-BR` read as `pt`); nil when the table lacks it.
    public static func title(_ item: String, language: String) -> String? {
        guard let forms = titles[item] else { return nil }
        if let title = forms[language] { return title }
        let base = language.split(separator: "-").first.map(String.init) ?? language
        return forms[base]
    }

    /// The items whose title is `text` in `language` (in every listed language when it is nil), other than
    /// English titles (the index holds those as the items' texts).
    public static func items(showing text: String, language: String?) -> [String] {
        var found: [String] = []
        for (item, forms) in titles.sorted(by: { $0.key < $1.key }) {
            if let language {
                if language != "en", title(item, language: language) == text, forms["en"] != text { found.append(item) }
            } else if forms.contains(where: { $0.key != "en" && $0.value == text }), forms["en"] != text {
                found.append(item)
            }
        }
        return found
    }

    /// Per item, its title per language. Bar button items and tab bar items share the names they have in
    /// common (`search`, `bookmarks`), with the same titles.
    static let titles: [String: [String: String]] = [
        "done": [
            "en": "Done", "de": "Fertig", "fr": "OK", "es": "OK", "it": "Fine", "nl": "Gereed", "sv": "Klar",
            "da": "OK", "nb": "Ferdig", "pt": "OK", "ja": "完了", "zh-Hans": "完成",
        ],
        "cancel": [
            "en": "Cancel", "de": "Abbrechen", "fr": "Annuler", "es": "Cancelar", "it": "Annulla", "nl": "Annuleer",
            "sv": "Avbryt", "da": "Annuller", "nb": "Avbryt", "pt": "Cancelar", "ja": "キャンセル", "zh-Hans": "取消",
        ],
        "edit": [
            "en": "Edit", "de": "Bearbeiten", "fr": "Modifier", "es": "Editar", "it": "Modifica", "nl": "Wijzig",
            "sv": "Redigera", "da": "Rediger", "nb": "Rediger", "pt": "Editar", "ja": "編集", "zh-Hans": "编辑",
        ],
        "save": [
            "en": "Save", "de": "Sichern", "fr": "Enregistrer", "es": "Guardar", "it": "Salva", "nl": "Bewaar",
            "sv": "Spara", "da": "Gem", "nb": "Lagre", "pt": "Salvar", "ja": "保存", "zh-Hans": "存储",
        ],
        "undo": ["en": "Undo", "de": "Widerrufen", "fr": "Annuler", "es": "Deshacer", "it": "Annulla", "sv": "Ångra"],
        "redo": ["en": "Redo", "de": "Wiederholen", "fr": "Rétablir", "es": "Rehacer", "it": "Ripeti", "sv": "Gör om"],
        "close": ["en": "Close", "de": "Schließen", "fr": "Fermer", "es": "Cerrar", "it": "Chiudi", "sv": "Stäng"],
        "add": ["en": "Add", "de": "Hinzufügen", "fr": "Ajouter", "es": "Añadir", "it": "Aggiungi", "sv": "Lägg till"],
        "search": ["en": "Search", "de": "Suchen", "fr": "Rechercher", "es": "Buscar", "it": "Cerca", "sv": "Sök"],
        "action": [
            "en": "Share", "de": "Teilen", "fr": "Partager", "es": "Compartir", "it": "Condividi", "sv": "Dela",
        ],
        "trash": [
            "en": "Delete", "de": "Löschen", "fr": "Supprimer", "es": "Eliminar", "it": "Elimina", "sv": "Radera",
        ],
        "compose": ["en": "Compose"], "reply": ["en": "Reply"], "bookmarks": ["en": "Bookmarks"],
        "refresh": ["en": "Refresh"], "camera": ["en": "Camera"], "stop": ["en": "Stop"], "play": ["en": "Play"],
        "pause": ["en": "Pause"],
        "favorites": ["en": "Favorites", "de": "Favoriten", "fr": "Favoris", "es": "Favoritos", "sv": "Favoriter"],
        "more": ["en": "More", "de": "Mehr", "fr": "Plus", "es": "Más", "it": "Altro", "sv": "Mer"],
        "contacts": ["en": "Contacts", "de": "Kontakte", "fr": "Contacts", "es": "Contactos", "sv": "Kontakter"],
        "history": ["en": "History", "de": "Verlauf", "fr": "Historique", "es": "Historial", "sv": "Historik"],
        "recents": ["en": "Recents"], "downloads": ["en": "Downloads"], "featured": ["en": "Featured"],
        "topRated": ["en": "Top Rated"], "mostRecent": ["en": "Most Recent"], "mostViewed": ["en": "Most Viewed"],
    ]
}

extension SystemItemTitles {
    /// What a reference to a system item (`UIBarButtonItem.SystemItem.cancel`, as the lexer names
    /// `barButtonSystemItem: .cancel` and `editButtonItem`) resolves to: its English title at that place.
    static func resolution(of path: String) -> SourceIndex.Resolution? {
        guard let item = item(ofSymbol: path), let title = english(item) else { return nil }
        return SourceIndex.Resolution(qualifiedName: path, texts: [[.text(title)]], origins: [])
    }
}
