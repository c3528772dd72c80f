import Foundation
import Testing

@testable import AuditKit

@Suite struct IssueFingerprintTests {
    typealias D = HistoryTestData

    @Test func normalisedTextFoldsCaseSpacingPunctuationAndNumbers() {
        #expect(IssueFingerprint.normalizedText("  Jan 1 – 31, 2026 ") == "jan # # #")
        #expect(IssueFingerprint.normalizedText("JAN 2 — 28,   2027") == "jan # # #")
        #expect(IssueFingerprint.normalizedText("Total: $1,234.56") == "total #")
        #expect(IssueFingerprint.normalizedText("Total $987") == "total #")
        #expect(IssueFingerprint.normalizedText("Café\nDéjà-vu!") == "cafe deja vu")
        #expect(IssueFingerprint.normalizedText("") == "")
        #expect(IssueFingerprint.normalizedText("Over") != IssueFingerprint.normalizedText("Near"))
    }

    @Test func asciiTextsNormaliseByteByByteAsFoundationFoldsThem() {
        // Every ASCII character, in random texts that mix numbers, separators and controls: the byte path
        // gives what the folding path gives, and declines text with any other character.
        var generator = SystemRandomNumberGenerator()
        let alphabet = (0..<128).map { Character(UnicodeScalar(UInt8($0))) } + Array("0123456789 .,'aZ")
        for _ in 0..<2_000 {
            let text = String(
                (0..<Int.random(in: 0..<24, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)!
                })
            #expect(
                IssueFingerprint.asciiNormalizedText(text) == IssueFingerprint.foldedNormalizedText(text),
                "\(text.debugDescription)")
        }
        #expect(IssueFingerprint.asciiNormalizedText("Café") == nil)
        #expect(IssueFingerprint.asciiNormalizedText("1 000 Kč") == nil)
    }

    @Test func fingerprintIsSixteenHexDigitsAndStable() {
        let a = IssueFingerprint(
            testType: .dynamicType, errorCode: 14, elementText: "Widgets", screenGroup: "Home")
        #expect(a.hex.count == 16)
        #expect(a.hex.allSatisfy { $0.isHexDigit })
        // Stable across versions of this code: changing it breaks every team's baseline. The value is
        // sha256("auditkit-fingerprint-1<US>dynamic-type<US>group:home<US>widgets"), prefix 16.
        #expect(a.hex == "74eaf15932a2e640")
        #expect(
            a.hex
                == IssueFingerprint(
                    testType: .dynamicType, errorCode: 99, elementText: " widgets ",
                    screenGroup: "home"
                ).hex)
    }

    @Test func sameWarningAcrossLocalizedTitlesAndRenamedScreens() {
        let english = D.report([
            D.spec(
                .dynamicType, "Widgets", screen: "0", title: "Dynamic Type font sizes are unsupported",
                typeName: "Dynamic Type")
        ])
        let french = D.report([
            D.spec(
                .dynamicType, "Widgets", screen: "Screen7",
                title: "Les tailles de police Dynamic Type ne sont pas prises en charge",
                typeName: "Taille dynamique")
        ])
        #expect(IssueFingerprint(issue: english.issues[0]) == IssueFingerprint(issue: french.issues[0]))
    }

    @Test func differentKindTextOrPlaceGiveDifferentFingerprints() {
        let base = IssueFingerprint(
            testType: .dynamicType, errorCode: nil, elementText: "Widgets", screenGroup: "Home")
        #expect(
            base
                != IssueFingerprint(
                    testType: .contrast, errorCode: nil, elementText: "Widgets", screenGroup: "Home"))
        #expect(
            base
                != IssueFingerprint(
                    testType: .dynamicType, errorCode: nil, elementText: "Edit", screenGroup: "Home"))
        #expect(
            base
                != IssueFingerprint(
                    testType: .dynamicType, errorCode: nil, elementText: "Widgets", screenGroup: "Budgets"))
    }

    @Test func unknownTestTypesUseTheErrorCodeNotTheLocalizedName() {
        let english = IssueFingerprint(
            testType: .other("Sound"), errorCode: 42, elementText: "Play", screenGroup: "Home")
        let german = IssueFingerprint(
            testType: .other("Klang"), errorCode: 42, elementText: "Play", screenGroup: "Home")
        let otherCode = IssueFingerprint(
            testType: .other("Sound"), errorCode: 43, elementText: "Play", screenGroup: "Home")
        #expect(english == german)
        #expect(english != otherCode)
    }

    @Test func theMappedViewNeverChangesTheFingerprint() {
        let report = D.report([D.spec(.contrast, "Edit", group: "Home")])
        let mapping = IssueMapping(
            issueNumber: 1, origin: .rule, view: "HomeView",
            location: SourceLocation(file: "HomeView.swift", line: 120))
        let moved = IssueMapping(
            issueNumber: 1, origin: .rule, view: "HomeHeaderView",
            location: SourceLocation(file: "HomeHeaderView.swift", line: 8))
        let unmapped = HistoryEntry(report: report).issues[0].fingerprint
        // A literal moved into a new subview (another view, file and line) keeps its fingerprint, and so
        // does an issue mapped for the first time.
        #expect(HistoryEntry(report: report, mappings: [mapping]).issues[0].fingerprint == unmapped)
        #expect(HistoryEntry(report: report, mappings: [moved]).issues[0].fingerprint == unmapped)
        // History version 1 scoped mapped issues by view: that form is still known, for old baselines.
        let version1 = IssueFingerprint.version1(
            testType: .contrast, errorCode: 14, elementText: "Edit", view: "HomeView")
        #expect(version1 != unmapped)
    }
}

@Suite struct WarningMatcherTests {
    typealias D = HistoryTestData

    @Test func reorderedIssuesAreAllResidual() {
        let specs = [D.spec(.dynamicType, "Widgets"), D.spec(.contrast, "Edit"), D.spec(.hitRegion, nil)]
        let old = D.entry(specs, day: 0)
        let new = D.entry(specs.reversed(), day: 1)
        let matching = WarningMatcher.match(old: old.issues, new: new.issues)
        #expect(matching.pairs.count == 3)
        #expect(matching.unmatchedOld.isEmpty && matching.unmatchedNew.isEmpty)
        for pair in matching.pairs { #expect(old.issues[pair.old].fingerprint == new.issues[pair.new].fingerprint) }
    }

    @Test func threeIdenticalWarningsBecomingTwoCountOneResolved() {
        let rects = [
            Rect(x: 10, y: 100, width: 40, height: 40), Rect(x: 10, y: 200, width: 40, height: 40),
            Rect(x: 10, y: 300, width: 40, height: 40),
        ]
        let old = D.entry(rects.map { D.spec(.elementDescription, nil, rect: $0) }, day: 0)
        // The middle one is fixed; the others move a few points.
        let newRects = [Rect(x: 12, y: 303, width: 40, height: 40), Rect(x: 11, y: 98, width: 41, height: 40)]
        let new = D.entry(newRects.map { D.spec(.elementDescription, nil, rect: $0) }, day: 1)
        let matching = WarningMatcher.match(old: old.issues, new: new.issues)
        #expect(matching.pairs.count == 2)
        #expect(matching.unmatchedOld == [1])
        #expect(matching.unmatchedNew.isEmpty)
        #expect(Set(matching.pairs) == [MatchedPair(old: 2, new: 0), MatchedPair(old: 0, new: 1)])
    }

    @Test func duplicatedTextsArePairedByNearestRect() {
        let old = D.entry(
            [
                D.spec(.dynamicType, "$10", rect: Rect(x: 0, y: 50, width: 60, height: 20)),
                D.spec(.dynamicType, "$20", rect: Rect(x: 0, y: 90, width: 60, height: 20)),
            ], day: 0)
        let new = D.entry(
            [
                D.spec(.dynamicType, "$30", rect: Rect(x: 2, y: 93, width: 60, height: 20)),
                D.spec(.dynamicType, "$40", rect: Rect(x: 1, y: 48, width: 60, height: 20)),
                D.spec(.dynamicType, "$50", rect: Rect(x: 0, y: 400, width: 60, height: 20)),
            ], day: 1)
        let matching = WarningMatcher.match(old: old.issues, new: new.issues)
        #expect(Set(matching.pairs) == [MatchedPair(old: 1, new: 0), MatchedPair(old: 0, new: 1)])
        #expect(matching.unmatchedNew == [2])
    }

    @Test func rectsBeyondToleranceStillMatchByCount() {
        let old = D.entry([D.spec(.contrast, "Edit", rect: Rect(x: 0, y: 0, width: 40, height: 20))], day: 0)
        let new = D.entry([D.spec(.contrast, "Edit", rect: Rect(x: 300, y: 500, width: 40, height: 20))], day: 1)
        #expect(WarningMatcher.match(old: old.issues, new: new.issues).pairs == [MatchedPair(old: 0, new: 0)])
        #expect(WarningMatcher.rectDistance(Rect(x: 0, y: 0, width: 1, height: 1), nil) == .infinity)
    }
}
