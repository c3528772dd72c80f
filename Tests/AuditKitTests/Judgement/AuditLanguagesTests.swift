import Foundation
import Testing

@testable import AuditKit

/// `AuditLanguages`: which audits read alike (wordings) and which language the catalogs or the system's
/// titles name for each; and what a clip's re-audit makes of the language (`ScreenConfiguration`).
@Suite struct AuditLanguagesTests {
    /// One audit of the screen "List" showing `texts`, each flagged once.
    static func side(_ texts: [String], group: String = "List") -> WarningMatcher.Prepared {
        let issues = texts.enumerated().map { number, text in
            HistoryIssue(
                fingerprint: IssueFingerprint(
                    testType: .contrast, errorCode: 12, elementText: text, screenGroup: group),
                number: number + 1, testType: .contrast, errorCode: 12, title: "Contrast", elementText: text,
                screenGroup: group, rect: Rect(x: 16, y: 100 + 44 * Double(number), width: 200, height: 22))
        }
        return WarningMatcher.Prepared(issues: issues, screens: [])
    }

    static let english = ["Swipe a workout to log it again", "Swim", "Total: 7 h 45 min", "45 min", "60 min"]

    @Test func anAuditWhoseLabelsNoKnownWordExplainsReadsInANewWording() {
        var languages = AuditLanguages()
        languages.add(Self.side(Self.english), previous: nil, translations: .none)
        // The same screen in German: "45 min" and "60 min" read alike (one word, `min`) and count once.
        languages.add(
            Self.side([
                "Wische über ein Training, um es erneut zu erfassen", "Schwimmen", "Gesamt: 7 Std. 45 Min.", "45 min",
                "60 min",
            ]), previous: 0, translations: .none)
        // English again: its words are the first wording's.
        languages.add(Self.side(["Swim", "Total: 7 h 45 min", "Yoga"]), previous: 1, translations: .none)
        #expect(languages.wording == [0, 1, 0])
        #expect(languages.differ(0, 1))
        #expect(!languages.differ(0, 2))
    }

    @Test func twoRenamedLabelsOrANewScreenKeepTheWording() {
        var languages = AuditLanguages()
        languages.add(Self.side(Self.english), previous: nil, translations: .none)
        // Two labels rewritten: fewer than `JudgementTolerance.languageTexts` asked, the wording is kept.
        languages.add(Self.side(["Swipe to repeat", "Swimming"]), previous: 0, translations: .none)
        // A screen never audited asks nothing: the audit reads as the one before it.
        languages.add(
            Self.side(["Réglages", "Compte", "Déconnexion"], group: "Settings"), previous: 1, translations: .none)
        #expect(languages.wording == [0, 0, 0])
    }

    @Test func aScreenKeepsTheWordingsItWasReadInLast() {
        // A feed whose rows are new every audit: a new wording each time, and the oldest forgotten.
        var languages = AuditLanguages()
        let days = (0...JudgementTolerance.wordingsKept).map { day in
            ["alpha", "bravo", "charlie", "delta"].map { "\($0)\(String(repeating: "x", count: day)) story" }
        }
        for (day, texts) in days.enumerated() {
            languages.add(Self.side(texts), previous: day > 0 ? day - 1 : nil, translations: .none)
        }
        #expect(languages.wording == Array(0...JudgementTolerance.wordingsKept))
        // The latest day's rows read as its wording; the first day's, forgotten, as a new one.
        languages.add(Self.side(days.last!), previous: days.count - 1, translations: .none)
        languages.add(Self.side(days[0]), previous: days.count, translations: .none)
        #expect(languages.wording.suffix(2) == [JudgementTolerance.wordingsKept, JudgementTolerance.wordingsKept + 1])
    }

    @Test func theCatalogsAndTheSystemTitlesNameTheLanguage() {
        let translations = StringTranslations(
            [("workouts.swim", "Swim", "en"), ("workouts.swim", "Schwimmen", "de")].map {
                LocalizedString(key: $0.0, value: $0.1, language: $0.2, location: SourceLocation(file: "L.xcstrings"))
            })
        var languages = AuditLanguages()
        languages.add(Self.side(["Swim", "45 min"]), previous: nil, translations: translations)
        languages.add(Self.side(["Schwimmen", "45 min"]), previous: 0, translations: translations)
        // Nothing known in it: the language of the audit before it.
        languages.add(Self.side(["45 min"]), previous: 1, translations: translations)
        // A system title: "Modifier" is UIKit's Edit in French.
        languages.add(Self.side(["Modifier"]), previous: 2, translations: .none)
        #expect(languages.language == ["en", "de", "de", "fr"])
    }

    @Test func anInspectorLanguageGoesByTheNameTheCatalogsGiveItLater() {
        let translations = StringTranslations(
            [("workouts.swim", "Swim", "en"), ("workouts.swim", "Schwimmen", "de")].map {
                LocalizedString(key: $0.0, value: $0.1, language: $0.2, location: SourceLocation(file: "L.xcstrings"))
            })
        var languages = AuditLanguages()
        // No text the catalogs know: only the Inspector's titles tell a language.
        languages.add(Self.side(["45 min", "Total: 7 h 45 min"]), previous: nil, translations: translations)
        // The same titles, and a text the catalogs give in English: that language has a name now.
        languages.add(Self.side(["Swim", "45 min"]), previous: 0, translations: translations)
        #expect(languages.language == ["inspector 0", "en"])
        #expect(languages.named("inspector 0") == "en")
        #expect(languages.named("inspector 1") == "inspector 1")
        // One language: a clip flagged in the first is re-audited in the second.
        #expect(!languages.differ(0, 1))
    }

    @Test func aClipFlaggedInOneLanguageIsReauditedOnlyInThatLanguage() {
        let german = ScreenConfiguration(language: "de")
        #expect(!ScreenConfiguration(language: "en").canReaudit(.clippedText, flaggedIn: german))
        #expect(ScreenConfiguration(language: "de").canReaudit(.clippedText, flaggedIn: german))
        // Unnamed: taken for the same, as an unknown appearance is.
        #expect(ScreenConfiguration().canReaudit(.clippedText, flaggedIn: german))
        // What does not depend on the language is re-audited in any.
        #expect(ScreenConfiguration(language: "en").canReaudit(.dynamicType, flaggedIn: german))
        // A sighting per language: a clip flagged in English, then in German, keeps both.
        #expect(!ScreenConfiguration(language: "en").flagsAlike(german))
    }
}
