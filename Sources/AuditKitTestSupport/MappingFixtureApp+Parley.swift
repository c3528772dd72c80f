import AuditKit

extension MappingFixtureApp {
    /// Parley (`Fixtures/Parley`), a chat app in the style of a large open-source client: every text behind
    /// SwiftGen's generated `L10n` accessors (`Parley/Generated/Strings.swift`) and `.strings` tables in
    /// English and German, a design system (`Compound`) whose `ListRow(label: .default(title: …), details:
    /// .title(…), kind: …)` combines a row into one element, screens pushed by coordinators (no view creates
    /// another screen), list screens whose rows show the titles of the screens they open, texts returned by
    /// enums, view state and string builders, and a typing indicator whose format (`%1$@ und %2$@`) fits any
    /// long text with "und" in it. Audited on a German device: eleven screens.
    public static var parley: MappingFixtureApp {
        var warnings: [Warning] = []
        var screen = -1
        var y = 0.0
        /// Starts the next screen with the status bar's clock.
        func next() {
            screen += 1
            y = 150
            warnings.append(
                Warning(screen: screen, text: "9:41", rect: Rect(x: 38, y: 16, width: 44, height: 20), truth: nil))
        }
        /// The screen's navigation title, inline in the navigation bar or large below it.
        func title(_ text: String, _ truth: String?, large: Bool = false) {
            let rect =
                large
                ? Rect(x: 16, y: 100, width: 200, height: 41) : Rect(x: 130, y: 64, width: 142, height: 22)
            warnings.append(Warning(screen: screen, text: text, rect: rect, truth: truth))
        }
        /// A toolbar button at the leading or trailing end of the navigation bar.
        func toolbar(_ text: String, _ truth: String, trailing: Bool = true) {
            let rect = Rect(x: trailing ? 322 : 16, y: 62, width: 64, height: 26)
            warnings.append(Warning(screen: screen, text: text, rect: rect, truth: truth))
        }
        /// A row of the screen's content, one below the other.
        func row(_ text: String, _ truth: String?, height: Double = 44) {
            warnings.append(
                Warning(screen: screen, text: text, rect: Rect(x: 16, y: y, width: 370, height: height), truth: truth))
            y += height + 8
        }
        /// Elements side by side on one line of the content.
        func line(_ items: [(String, String?)]) {
            for (n, item) in items.enumerated() {
                let rect = Rect(x: 16 + Double(n) * 96, y: y, width: 88, height: 32)
                warnings.append(Warning(screen: screen, text: item.0, rect: rect, truth: item.1))
            }
            y += 40
        }

        next()  // 0 Settings
        title("Einstellungen", "settings-title")
        toolbar("Fertig", "settings-done")
        row("Anna Schmidt", nil, height: 60)
        row("Konto", "settings-account")
        row("Geräte", "settings-devices")
        row("Benachrichtigungen", "settings-notif")
        row("Analysedaten", "settings-analytics")
        row("Problem melden", "settings-report")
        row("Über", "settings-about")
        row("Erweiterte Einstellungen", "settings-advanced")
        row("Blockierte Benutzer, 2", "settings-blocked")
        row("Version 1.4.2", "settings-version", height: 18)
        row("Abmelden", "settings-sign-out")

        next()  // 1 Advanced settings
        title("Erweiterte Einstellungen", "advanced-title")
        row("Erscheinungsbild, System", "adv-theme")
        row("Quelltext anzeigen, Zeigt die Rohdaten der Ereignisse im Verlauf.", "advanced-view-source", height: 60)
        row("Rich-Text-Editor", "advanced-rich-text")
        row("Medienqualität optimieren", "advanced-media")

        next()  // 2 Analytics
        title("Analysedaten", "analytics-title")
        row("Teile anonyme Nutzungsdaten, damit wir Probleme finden.", "analytics-help", height: 36)
        row("Analysedaten teilen", "analytics-share")
        row("Hier kannst du alle unsere Bedingungen lesen.", "analytics-terms", height: 18)

        next()  // 3 Room details
        title("Rauminfo", "details-title")
        row("Team Nordlicht", nil, height: 30)
        line([
            ("Einladen", "details-invite-button"), ("Anrufen", "details-call-button"),
            ("Teilen", "details-share-button"),
        ])
        row("Thema hinzufügen", "details-add-topic")
        row("Favorit", "details-favourite")
        row("Angeheftete Nachrichten, 3", "pinned")
        row("Personen, 12", "details-people")
        row("Personen einladen", "details-invite-people")
        row("Benachrichtigungen, Standard", "details-notif")
        row("Umfragen", "details-polls")
        row("Sicherheit", "details-security", height: 18)
        row(
            "Nachrichtenverschlüsselung aktiviert, Nachrichten sind mit Schlössern gesichert. Nur du und die Empfänger "
                + "haben die eindeutigen Schlüssel, um sie zu entsperren.", "details-encryption", height: 80)
        row("Raum verlassen", "details-leave")

        next()  // 4 Start chat
        title("Chat starten", "start-title")
        toolbar("Abbrechen", "start-cancel", trailing: false)
        row("Nach jemandem suchen", "start-search", height: 36)
        row("Raum erstellen", "start-create-room")
        row("Freunde zu Parley einladen", "start-invite")
        row("Raum über Adresse beitreten", "start-join")
        row("Vorschläge", "start-suggestions", height: 18)
        row("Lena Vogt", nil)

        next()  // 5 Home
        title("Chats", "home-title", large: true)
        toolbar("Neue Unterhaltung oder neuen Raum erstellen", "home-compose")
        line([
            ("Ungelesen", "home-filter"), ("Personen", "home-filter"), ("Räume", "home-filter"),
            ("Favoriten", "home-filter"),
        ])
        row("Noch keine Chats.", "home-empty", height: 28)
        row("Chat starten", "home-start-chat")

        next()  // 6 Room
        title("Team Nordlicht", nil)
        toolbar("Anrufen", "room-call")
        row("Nachrichten vor deinem Beitritt werden nicht angezeigt.", "room-history-banner", height: 36)
        row("Hallo zusammen!", nil)
        row("Anna und Ben", "room-typing", height: 18)
        row("Nach unten springen", "room-jump")
        row("Nachricht …", "room-composer")

        next()  // 7 Notification settings
        title("Benachrichtigungen", "notifications-title")
        row("Benachrichtigungen auf diesem Gerät aktivieren", "notif-enable", height: 52)
        row("Gruppenchats, Alle Nachrichten", "notifications-group")
        row("Direktchats, Nur Erwähnungen und Schlüsselwörter", "notifications-direct", height: 52)
        row("Weitere Einstellungen", "notifications-additional", height: 18)
        row("Anrufe", "notifications-calls")
        row("Einladungen", "notifications-invitations")

        next()  // 8 About
        title("Über Parley", "about-title")
        row("Urheberrecht", "about-item")
        row("Nutzungsbedingungen", "about-item")
        row("Datenschutzerklärung", "about-item")

        next()  // 9 Polls
        title("Umfragen", "polls-title", large: true)
        line([("Laufend", "polls-filter"), ("Vergangen", "polls-filter")])

        next()  // 10 Create a room
        title("Raum erstellen", "create-title")
        toolbar("Erstellen", "create-create")
        row("Raumname", "create-name")
        row("Thema (optional)", "create-topic")
        row("Privater Raum, Nur eingeladene Personen können diesen Raum betreten.", "create-private", height: 60)
        row("Öffentlicher Raum", "create-public")

        return MappingFixtureApp(
            folder: "Parley",
            summary: "SwiftUI, SwiftGen accessors, a design system, coordinators, German",
            screenNames: [
                "Einstellungen", "Erweiterte Einstellungen", "Analysedaten", "Rauminfo", "Chat starten", "Chats",
                "Team Nordlicht", "Benachrichtigungen", "Über Parley", "Umfragen", "Raum erstellen",
            ], warnings: warnings)
    }
}
