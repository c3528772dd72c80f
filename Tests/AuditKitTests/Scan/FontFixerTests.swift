import AuditKit
import Foundation
import Testing

/// `scan --fix` on before/after pairs in Fixtures/Fix (`<name>.swift` and the expected `<name>.fixed`;
/// `AUDITKIT_RECORD_FIX=1` rewrites the expected files, review their diff) and on sources written here.
/// Every rewritten file is parsed with `swiftc -parse`, and a fixture that type-checks against the stand-ins
/// of SwiftUI and UIKit (`FixTypeCheck`) still does once fixed.
@Suite struct FontFixerTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Fix").path

    static func fixed(_ source: String, _ configuration: FontScanConfiguration = .init()) -> FontFileFix {
        FontFixer.plan(source: Array(source.utf8), path: "View.swift", configuration: configuration)
    }

    /// Whether `swiftc -parse` accepts the bytes (`FixTypeCheck.parses`).
    static func parses(_ bytes: [UInt8], name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    {
        try FixTypeCheck.parses(bytes, name: name, sourceLocation: sourceLocation)
    }

    @Test func everyFixtureIsRewrittenAsExpectedParsesAndASecondFixChangesNothing() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures).filter { $0.hasSuffix(".swift") }
            .sorted()
        #expect(names.count >= 3)
        let record = ProcessInfo.processInfo.environment["AUDITKIT_RECORD_FIX"] == "1"
        for name in names {
            let original = try Array(Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/" + name)))
            let fix = FontFixer.plan(source: original, path: name)
            let expectedPath = Self.fixtures + "/" + (name as NSString).deletingPathExtension + ".fixed"
            if record {
                try Data(fix.fixed).write(to: URL(fileURLWithPath: expectedPath))
                continue
            }
            let expected = try Array(Data(contentsOf: URL(fileURLWithPath: expectedPath)))
            #expect(fix.fixed == expected, "\(name)")
            try Self.parses(fix.fixed, name: name)
            // A fixture that type-checks against the stand-ins of SwiftUI and UIKit still does once fixed (one
            // that does not before, with a `#Preview` or a type from elsewhere, is only parsed).
            if try FixTypeCheck.run([
                "-typecheck", "-I", FixTypeCheck.standInModules.folder ?? "", Self.fixtures + "/" + name,
            ]).status == 0 {
                try FixTypeCheck.typeChecks([(name, fix.fixed)])
            }
            let again = FontFixer.plan(source: fix.fixed, path: name)
            #expect(again.changes.isEmpty, "\(name): \(again.changes)")
            #expect(again.fixed == fix.fixed, "\(name)")
            // A re-scan reports a fixed size only where the fix left one, with its reason.
            let rescan = FontScanner.scan(source: fix.fixed, path: name, configuration: .init()).findings
            #expect(
                rescan.filter { $0.rule == .fixedSize }.map(\.excerpt).sorted() == fix.skipped.map(\.excerpt).sorted(),
                "\(name)")
        }
    }

    @Test func aTextsSizeBecomesTheNearestStyleAtItsWeightAndAnIconsAScaledMetric() throws {
        // As teams migrate by hand: a text's literal size becomes the Apple text style whose default size
        // is nearest at its weight (the weight kept when the style's differs); an icon's size, which can
        // also drive layout, a @ScaledMetric relative to the text beside it.
        let fix = Self.fixed(
            """
            struct Title: View {
                var body: some View {
                    VStack {
                        Text("a").font(.system(size: 17, weight: .semibold))
                        Text("b").font(.system(size: 17))
                        Text("c").font(Font.system(size: 34))
                        Text("d").font(.system(size: 17, weight: .bold))
                        Text("e").font(.system(size: 15, weight: .semibold))
                        Text("f").font(.system(size: 27))
                        HStack {
                            Image(systemName: "star").font(.system(size: 24))
                            Text("g").font(.subheadline)
                        }
                    }
                }
            }
            """)
        #expect(
            fix.changes.map(\.kind) == [
                .textStyle, .textStyle, .textStyle, .textStyle, .textStyle, .textStyle, .scaledMetric,
            ])
        #expect(
            fix.changes.map(\.after).prefix(6) == [
                "`.headline`", "`.body`", "`Font.largeTitle`", "`.headline.weight(.bold)`",
                "`.subheadline.weight(.semibold)`", "`.title`",
            ])
        let text = String(decoding: fix.fixed, as: UTF8.self)
        #expect(text.contains("Text(\"d\").font(.headline.weight(.bold))"), "\(text)")
        #expect(text.contains("@ScaledMetric(relativeTo: .subheadline) private var"), "\(text)")
        try Self.parses(fix.fixed, name: "Title.swift")
    }

    @Test func aTokenOfTheSameSizeAndWeightWinsOverTheBuiltInStyle() throws {
        let configuration = FontScanConfiguration(tokens: [
            .init(name: "AppTypography.body", size: 17), .init(name: "AppTypography.heading", size: 20, weight: .bold),
        ])
        let fix = Self.fixed(
            """
            struct A: View {
                var body: some View {
                    Text("a").font(.system(size: 17))
                    Text("b").font(.system(size: 20, weight: .bold))
                    Text("c").font(.system(size: 20))
                }
            }
            """, configuration)
        #expect(fix.changes.map(\.after) == ["`AppTypography.body`", "`AppTypography.heading`", "`.title3`"])
        #expect(String(decoding: fix.fixed, as: UTF8.self).contains(".font(AppTypography.body)"))
    }

    @Test func aSymbolFollowsTheTextBesideItElseItsRoleAndIsNamedAfterItsSymbol() {
        let fix = Self.fixed(
            """
            struct Row: View {
                var body: some View {
                    HStack {
                        Image(systemName: "star.fill").font(.system(size: 19))
                        Text("Caption").font(.caption)
                    }
                    HStack {
                        Image(systemName: "info.circle").font(.system(size: 23))
                        Text("Plain")
                    }
                    VStack { Image(systemName: "person.crop.circle").font(.system(size: 48)) }
                    .toolbar { Image(systemName: symbol).font(.system(size: 21)) }
                    VStack { Image(systemName: "tray").font(.system(size: 24)) }
                    VStack { Image(systemName: "bell").font(.system(size: 32)) }
                    VStack { Image(systemName: "checkmark").font(.system(size: 14)) }
                }
            }
            """)
        // Issue 43: each property is named after the symbol it sizes; a symbol the code names through a
        // variable is named after its role (`toolbar`).
        #expect(
            fix.changes.map(\.after) == [
                "`@ScaledMetric(relativeTo: .caption) private var starIconSize: CGFloat = 19`, the size replaced by `starIconSize`",
                "`@ScaledMetric(relativeTo: .body) private var infoIconSize: CGFloat = 23`, the size replaced by `infoIconSize`",
                "`@ScaledMetric(relativeTo: .largeTitle) private var personIconSize: CGFloat = 48`, the size replaced by `personIconSize`",
                "`@ScaledMetric(relativeTo: .headline) private var toolbarIconSize: CGFloat = 21`, the size replaced by `toolbarIconSize`",
                "`@ScaledMetric(relativeTo: .title2) private var trayIconSize: CGFloat = 24`, the size replaced by `trayIconSize`",
                "`@ScaledMetric(relativeTo: .title) private var bellIconSize: CGFloat = 32`, the size replaced by `bellIconSize`",
                "`@ScaledMetric(relativeTo: .footnote) private var checkmarkIconSize: CGFloat = 14`, the size replaced by `checkmarkIconSize`",
            ])
    }

    @Test func twoElementsSharingOneSizeGetOnePropertyNamedAfterTheirStyle() throws {
        // Issue 43: a property named after one element must not size another (`searchIconSize` on a chevron).
        let fix = Self.fixed(
            """
            struct Row: View {
                var body: some View {
                    HStack {
                        Image(systemName: "magnifyingglass").font(.system(size: 19))
                        Image(systemName: "chevron.right").font(.system(size: 19))
                    }
                    Text(title).font(.system(size: 28, design: .serif))
                }
            }
            """)
        let text = String(decoding: fix.fixed, as: UTF8.self)
        #expect(text.components(separatedBy: "@ScaledMetric").count == 3, "\(text)")
        #expect(text.contains("private var iconSize: CGFloat = 19\n"), "\(text)")
        #expect(text.contains("private var titleSize: CGFloat = 28\n"), "\(text)")
        #expect(!text.contains("magnifyingglassIconSize") && !text.contains("chevronIconSize"), "\(text)")
        try Self.parses(fix.fixed, name: "Row.swift")
    }

    @Test func aNameTakenInTheFileIsAvoidedAndOneSizeUsedTwiceGetsOneProperty() throws {
        let fix = Self.fixed(
            """
            struct Badge: View {
                let iconSize: CGFloat = 12
                var body: some View {
                    Image(systemName: "a").font(.system(size: 24))
                    Image(systemName: "b").font(.system(size: 24))
                    Image(systemName: "c").font(.system(size: iconSize))
                }
            }
            """)
        let text = String(decoding: fix.fixed, as: UTF8.self)
        #expect(text.contains("@ScaledMetric(relativeTo: .title2) private var title2IconSize: CGFloat = 24\n"))
        #expect(text.contains("@ScaledMetric(relativeTo: .caption) private var iconSize: CGFloat = 12\n"))
        #expect(text.components(separatedBy: "size: title2IconSize").count == 3)
        #expect(text.contains("Image(systemName: \"c\").font(.system(size: iconSize))"))
        #expect(fix.skipped.isEmpty)
        try Self.parses(fix.fixed, name: "Badge.swift")
    }

    @Test func aViewSpreadOverExtensionsGetsItsPropertyInTheDeclaration() throws {
        let fix = Self.fixed(
            """
            struct Card {
                let title: String
            }

            extension Card: View {
                var body: some View { header }
            }

            extension Card {
                var header: some View {
                    Image(systemName: title).font(.system(size: 26))
                }
            }
            """)
        let text = String(decoding: fix.fixed, as: UTF8.self)
        #expect(
            text.hasPrefix("struct Card {\n    @ScaledMetric(relativeTo: .title2) private var iconSize: CGFloat = 26\n")
        )
        #expect(text.contains("Image(systemName: title).font(.system(size: iconSize))"))
        try Self.parses(fix.fixed, name: "Card.swift")
    }

    @Test func crlfByteOrderMarkAndTabsAreKeptAndFollowed() throws {
        let source =
            "\u{FEFF}struct A: View {\r\n\tvar body: some View {\r\n\t\tImage(systemName: name).font(.system(size: 26))\r\n\t}\r\n}\r\n"
        let fix = Self.fixed(source)
        let expected =
            "\u{FEFF}struct A: View {\r\n\t@ScaledMetric(relativeTo: .title2) private var iconSize: CGFloat = 26\r\n"
            + "\tvar body: some View {\r\n\t\tImage(systemName: name).font(.system(size: iconSize))\r\n\t}\r\n}\r\n"
        #expect(String(decoding: fix.fixed, as: UTF8.self) == expected)
        #expect(Array(fix.fixed.prefix(3)) == [0xEF, 0xBB, 0xBF])
        try Self.parses(fix.fixed, name: "CRLF.swift")
        #expect(FontFixer.plan(source: fix.fixed, path: "A.swift").changes.isEmpty)
    }

    @Test func aNamedSizeInACRLFFileWithAByteOrderMarkIsRewrittenInPlace() throws {
        let source =
            "\u{FEFF}enum Metrics {\r\n\tstatic let icon: CGFloat = 24\r\n}\r\n"
            + "struct A: View {\r\n\tlet titleSize: CGFloat = 26\r\n\tvar body: some View {\r\n"
            + "\t\tlet gap: CGFloat = 13\r\n\t\tText(\"a\").font(.system(size: titleSize))\r\n"
            + "\t\tImage(systemName: \"b\").font(.system(size: Metrics.icon))\r\n"
            + "\t\tText(\"c\").font(.system(size: gap))\r\n\t}\r\n}\r\n"
        let fix = Self.fixed(source)
        let expected =
            "\u{FEFF}enum Metrics {\r\n\tstatic let icon: CGFloat = 24\r\n}\r\n"
            + "struct A: View {\r\n\t@ScaledMetric(relativeTo: .title2) private var bIconSize: CGFloat = Metrics.icon\r\n"
            + "\t@ScaledMetric(relativeTo: .title) private var titleSize: CGFloat = 26\r\n\tvar body: some View {\r\n"
            + "\t\tText(\"a\").font(.system(size: titleSize))\r\n"
            + "\t\tImage(systemName: \"b\").font(.system(size: bIconSize))\r\n"
            + "\t\tText(\"c\").font(.footnote)\r\n\t}\r\n}\r\n"
        #expect(String(decoding: fix.fixed, as: UTF8.self) == expected)
        #expect(Array(fix.fixed.prefix(3)) == [0xEF, 0xBB, 0xBF])
        try Self.parses(fix.fixed, name: "NamedCRLF.swift")
        let again = FontFixer.plan(source: fix.fixed, path: "A.swift")
        #expect(again.changes.isEmpty && again.skipped.isEmpty && again.fixed == fix.fixed)
        #expect(FontScanner.scan(source: fix.fixed, path: "A.swift", configuration: .init()).findings.isEmpty)
    }

    @Test func namedSizesTheFixCannotScaleAreLeftWithTheReason() {
        let fix = Self.fixed(
            """
            enum Metrics { static var live: CGFloat = 20 }
            struct A: View {
                let side: CGFloat = 32
                let base: CGFloat = 10
                lazy var lazySize: CGFloat = 15
                private(set) var setSize: CGFloat = 16
                let double: CGFloat = base * 2
                var body: some View {
                    let computed = CGFloat(side / 2)
                    Image(systemName: "a").font(.system(size: side)).frame(width: side)
                    Text("b").font(.system(size: base + 2))
                    Text("c").font(.system(size: computed))
                    Text("d").font(.system(size: Metrics.live))
                    Text("e").font(.system(size: double))
                    Text("f").font(.system(size: lazySize))
                    Text("g").font(.system(size: setSize))
                }
            }
            """)
        #expect(fix.changes.isEmpty)
        #expect(
            fix.skipped.map(\.reason.detail) == [
                "the size comes through `side` (line 3), also used outside a `.system(size:)` the fix rewrites"
                    + " (line 9), and a @ScaledMetric cannot start from an instance property; make it a `static let`",
                "the size comes through `base` (line 4), in an expression the fix cannot scale in place",
                "the size comes through `computed` (line 9), whose value is not a number written in place",
                "the size comes through `live` (line 1), a `var` that may change after the view is made",
                "the size comes through `double` (line 7), whose value is not a number written in place",
                "the size comes through `lazySize` (line 5), declared `lazy`, which a @ScaledMetric cannot be",
                "the size comes through `setSize` (line 6), declared `private(set)`, which a @ScaledMetric cannot be",
            ])
        #expect(fix.diff.isEmpty)
    }

    @Test func aStoredPropertyAlsoSizingACustomFontOrReadFromOutsideStaysAndItsFontsStillScale() throws {
        let fix = Self.fixed(
            """
            struct A: View {
                let iconSize: CGFloat = 17
                let rowSize: CGFloat = 15
                var body: some View {
                    Text("a").font(.custom("Inter", fixedSize: iconSize))
                    Text("b").font(.system(size: iconSize))
                    Text("c").font(.system(size: rowSize))
                }
            }
            struct B {
                func read(_ a: A) -> CGFloat { a.rowSize }
                func font() -> UIFont { UIFont.systemFont(ofSize: Metrics.body) }
            }
            enum Metrics { static let body: CGFloat = 17 }
            """)
        let text = String(decoding: fix.fixed, as: UTF8.self)
        #expect(text.contains("let iconSize: CGFloat = 17\n    let rowSize: CGFloat = 15\n"))
        #expect(text.contains(".font(.custom(\"Inter\", size: iconSize, relativeTo: .body))"))
        // Metrics.body is 17, Body's own size: the style's font.
        #expect(text.contains("func font() -> UIFont { UIFont.preferredFont(forTextStyle: .body) }"))
        #expect(fix.changes.map(\.kind) == [.customRelativeTo, .textStyle])
        #expect(fix.skipped.map(\.reason.label) == ["size not written in place", "size not written in place"])
        #expect(fix.skipped.map(\.line) == [6, 7])
        try Self.parses(fix.fixed, name: "Mixed.swift")
        let again = FontFixer.plan(source: fix.fixed, path: "A.swift")
        #expect(again.changes.isEmpty && again.fixed == fix.fixed)
        #expect(again.skipped.map(\.excerpt) == fix.skipped.map(\.excerpt))
    }

    @Test func previewsCommentsStringsAndSuppressedLinesStayByteForByte() {
        let source = """
            struct A: View {
                // .font(.system(size: 12))
                let note = ".font(.system(size: 13))"
                var body: some View {
                    Text("a").font(.system(size: 9)) // auditkit:ignore receipt printer size
                }
            }
            #Preview { Text("p").font(.system(size: 30)) }
            struct A_Previews: PreviewProvider {
                static var previews: some View { Text("q").font(.system(size: 31)) }
            }
            """
        let fix = Self.fixed(source)
        #expect(fix.fixed == Array(source.utf8))
        #expect(fix.changes.isEmpty)
        #expect(fix.skipped.map(\.reason) == [.suppressed("receipt printer size")])
        #expect(fix.diff.isEmpty)
    }

    @Test func sitesOutsideAViewOrWithUnknownSourcesAreLeftWithTheirReason() {
        // A font token outside a view becomes the text style (every use then scales); an icon's size
        // outside a view instance has nowhere to keep a @ScaledMetric.
        let fix = Self.fixed(
            """
            enum Fonts { static let odd = Font.system(size: 11.5) }
            struct A: View {
                let style: Style
                var body: some View { Text("a").font(.system(size: style.size)) }
                static func footer() -> some View { Image(systemName: "b").font(.system(size: 10)) }
            }
            """)
        #expect(fix.changes.map(\.after) == ["`Font.caption2`"])
        #expect(fix.skipped.map(\.reason.label) == ["unknown data flow", "outside a View"])
        #expect(fix.summaryLine == "View.swift: 1 changed, 2 left (1 unknown data flow, 1 outside a View)")
    }

    @Test func uiKitFontsAreWrappedAndTheLabelAdjusts() throws {
        let fix = Self.fixed(
            """
            final class Cell {
                func setUp() {
                    label.font = UIFont.systemFont(ofSize: 15)
                    other.font = UIFont.boldSystemFont(ofSize: 13)
                    other.adjustsFontForContentSizeCategory = true
                }
            }
            """)
        let text = String(decoding: fix.fixed, as: UTF8.self)
        #expect(
            text.contains(
                "label.font = UIFont.preferredFont(forTextStyle: .subheadline)\n"
                    + "        label.adjustsFontForContentSizeCategory = true\n"))
        #expect(text.components(separatedBy: "other.adjustsFontForContentSizeCategory").count == 2)
        try Self.parses(fix.fixed, name: "Cell.swift")
    }

    @Test func theDiffShowsOnlyTheChangedLinesWithContext() {
        let fix = Self.fixed(
            """
            struct A: View {
                var body: some View {
                    Text("a").font(.system(size: 17))
                }
            }
            """)
        #expect(
            fix.diff == """
                --- a/View.swift
                +++ b/View.swift
                @@ -1,5 +1,5 @@
                 struct A: View {
                     var body: some View {
                -        Text("a").font(.system(size: 17))
                +        Text("a").font(.body)
                     }
                 }

                """)
    }

    @Test func fixWritesTheFilesAndASecondRunChangesNothing() throws {
        let folder = NSTemporaryDirectory() + "auditkit-fix-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/Debug", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = "struct A: View {\n    var body: some View { Text(\"a\").font(.system(size: 15)) }\n}\n"
        try source.write(toFile: folder + "/A.swift", atomically: true, encoding: .utf8)
        try source.write(toFile: folder + "/Debug/B.swift", atomically: true, encoding: .utf8)
        let configuration = FontScanConfiguration(exclude: ["Debug"])
        let dry = try FontFixer.fix(
            paths: [folder], configuration: configuration, dryRun: true, workingDirectory: folder)
        #expect(dry.files.map(\.status) == [.planned])
        #expect(try String(contentsOfFile: folder + "/A.swift", encoding: .utf8) == source)
        let first = try FontFixer.fix(paths: [folder], configuration: configuration, workingDirectory: folder)
        #expect(first.files.map(\.status) == [.written])
        #expect(try String(contentsOfFile: folder + "/A.swift", encoding: .utf8).contains(".font(.subheadline)"))
        #expect(try String(contentsOfFile: folder + "/Debug/B.swift", encoding: .utf8) == source)
        let second = try FontFixer.fix(paths: [folder], configuration: configuration, workingDirectory: folder)
        #expect(second.changedCount == 0)
        let limited = try FontFixer.fix(
            paths: [folder + "/Debug"], rules: [.customWithoutRelativeTo], workingDirectory: folder)
        #expect(limited.changedCount == 0)
        #expect(try String(contentsOfFile: folder + "/Debug/B.swift", encoding: .utf8) == source)
    }

    @Test func aFindingOrLikelyCauseIsDescribedAsWhatFixWouldWrite() {
        let source = """
            struct Row: View {
                let style: Style
                var body: some View {
                    HStack {
                        Image(systemName: "a").font(.system(size: 17))
                        Image(systemName: "b").font(.system(size: 18))
                        Text("c").font(.system(size: style.size))
                    }
                }
            }
            """
        let bytes = Array(source.utf8)
        let findings = FontScanner.scan(source: bytes, path: "Row.swift", configuration: .init()).findings
        #expect(findings.count == 3)
        let described = findings.map { FontFixer.fixDescription(for: $0, source: bytes) }
        #expect(
            described == [
                "`@ScaledMetric(relativeTo: .body) private var aIconSize: CGFloat = 17`, the size replaced by `aIconSize`",
                "`@ScaledMetric(relativeTo: .body) private var bIconSize: CGFloat = 18`, the size replaced by `bIconSize`",
                "left: unknown data flow (`style.size` is not declared in this file); by hand: a text style"
                    + " (`.body`, `.headline`, …) or a `@ScaledMetric` size",
            ])
        let cause = LikelyCause(finding: findings[1], line: 7)
        #expect(FontFixer.fixDescription(for: cause, source: bytes) == described[1])
        #expect(FontFixer.fixDescription(at: SourceLocation(file: "Row.swift", line: 2), source: bytes) == nil)
    }

    @Test func everyPrefixOfTheFixturesAndTheCorpusIsPlannedWithoutACrash() throws {
        var planned = 0
        let corpus = Self.fixtures + "/../Corpus"
        let files =
            try FileManager.default.contentsOfDirectory(atPath: Self.fixtures).map { Self.fixtures + "/" + $0 }
            + FileManager.default.contentsOfDirectory(atPath: corpus).map { corpus + "/" + $0 }
        for name in files where name.hasSuffix(".swift") {
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: name)))
            for length in stride(from: 0, through: bytes.count, by: 7) {
                let fix = FontFixer.plan(source: Array(bytes.prefix(length)), path: name)
                planned += fix.changes.count
                #expect(fix.changes.isEmpty || fix.fixed != Array(bytes.prefix(length)))
            }
        }
        #expect(planned > 0)
    }
}
