import AuditKit
import Foundation
import Testing

/// Names followed across files (issue 61): a size from a design-system token declared in another file or in a
/// package under the scanned paths (a `static let` of nested enums, of an extension, a global) is followed to
/// its number by `scan`, `scan --fix` and the source index's scan alike; the use site is rewritten (a text's
/// style, a symbol's `@ScaledMetric` starting from the token) and the token's declaration is left as it is.
@Suite struct FontFixAcrossFilesTests {
    /// A small app: tokens in `Tokens/`, a package under `Packages/`, and the views that use them.
    static let files: [(name: String, text: String)] = [
        (
            "Tokens/DSSpacing.swift",
            """
            import SwiftUI

            enum DS {
                enum Spacing {
                    static let bottomToolbarIconSize: CGFloat = 18
                    static let noteSize: CGFloat = 13
                }
            }

            extension DS.Spacing {
                static let heroIcon: CGFloat = 64
            }

            let kCaptionSize: CGFloat = 12

            """
        ),
        (
            "Packages/DesignKit/Sources/DesignKit/Metrics.swift",
            """
            import SwiftUI

            public enum Metrics {
                public static let chipIcon: CGFloat = 12
            }

            """
        ),
        (
            "Views/Toolbar.swift",
            """
            import SwiftUI
            import DesignKit

            struct Toolbar: View {
                var body: some View {
                    VStack {
                        Image(systemName: "sparkles").font(.system(size: DS.Spacing.heroIcon, weight: .light))
                        Text("Notes").font(.system(size: DS.Spacing.noteSize))
                        Text("Caption").font(.system(size: kCaptionSize))
                        HStack {
                            Image(systemName: "flag").font(.system(size: Metrics.chipIcon))
                            Text("Stage").font(.caption)
                        }
                    }
                    .toolbar {
                        ToolbarItem {
                            Image(systemName: "plus.circle")
                                .font(.system(size: DS.Spacing.bottomToolbarIconSize, weight: .medium))
                        }
                    }
                }
            }

            """
        ),
    ]

    static func writeApp() throws -> String {
        let root = NSTemporaryDirectory() + "auditkit-across-\(UUID().uuidString)"
        for file in files {
            let path = root + "/" + file.name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: URL(fileURLWithPath: path))
        }
        return root
    }

    @Test func aTokenDeclaredInAnotherFileIsFollowedToItsNumberByScanFixAndTheIndex() throws {
        let root = try Self.writeApp()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let scan = try FontScanner.scan(paths: [root], workingDirectory: root)
        let found = scan.findings.filter { $0.rule == .fixedSize }
        #expect(found.count == 5)
        #expect(found.allSatisfy { $0.unknownSource == nil }, "\(found.map(\.message))")
        #expect(
            found.first { $0.excerpt.contains("bottomToolbarIconSize") }?.sizeOrigin
                == "`DS.Spacing.bottomToolbarIconSize` (Tokens/DSSpacing.swift, line 5)")
        #expect(
            found.map { $0.suggestion ?? "" } == [
                "`@ScaledMetric(relativeTo: .largeTitle) private var sparklesIconSize: CGFloat = DS.Spacing.heroIcon`, the size replaced by `sparklesIconSize`",
                "`.footnote`", "`.caption`",
                "`@ScaledMetric(relativeTo: .caption) private var flagIconSize: CGFloat = Metrics.chipIcon`, the size replaced by `flagIconSize`",
                "`@ScaledMetric(relativeTo: .headline) private var plusIconSize: CGFloat = DS.Spacing.bottomToolbarIconSize`, the size replaced by `plusIconSize`",
            ])
        // The source index's scan (map, audit, ingest with --source) follows them the same way.
        let index = try SourceIndex.build(roots: [root], workingDirectory: root, fontScan: .init())
        #expect(index.fontScan?.findings.map(\.suggestion) == scan.findings.map(\.suggestion))

        let fix = try FontFixer.fix(paths: [root], workingDirectory: root)
        #expect(fix.changedCount == 5)
        #expect(fix.skippedCount == 0)
        let files = try Self.files.map { file in
            (file.name, try Array(Data(contentsOf: URL(fileURLWithPath: root + "/" + file.name))))
        }
        // The tokens' declarations are left as they are; the views type-check with them.
        for (name, bytes) in files where !name.hasPrefix("Views/") {
            #expect(bytes == Array((Self.files.first { $0.name == name }?.text ?? "").utf8), "\(name)")
        }
        try FixTypeCheck.typeChecks(files)
        let again = try FontFixer.fix(paths: [root], dryRun: true, workingDirectory: root)
        #expect(again.changedCount == 0)
    }

    @Test func aNameDeclaredTwiceWithDifferentValuesOrNowhereStaysUnknown() throws {
        let root = NSTemporaryDirectory() + "auditkit-across-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let files = [
            ("A.swift", "extension Theme { static let size: CGFloat = 12 }\nenum Theme {}\n"),
            ("B.swift", "enum Other { enum Theme { static let size: CGFloat = 14 } }\n"),
            (
                "View.swift",
                "struct V: View { var body: some View { VStack { Text(\"a\").font(.system(size: Theme.size))\n"
                    + "Text(\"b\").font(.system(size: Missing.size)) } } }\n"
            ),
        ]
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + name)) }
        let found = try FontScanner.scan(paths: [root], workingDirectory: root).findings
        #expect(
            found.map { $0.unknownSource ?? "" } == [
                "`Theme.size` is not declared in this file", "`Missing.size` is not declared in this file",
            ])
    }

    @Test func theLexerRecordsConstantsHoldingOneNumber() {
        let scan = SwiftLexer.scan(
            Array(
                """
                let kGap: CGFloat = 8
                let kRatio = -0.5
                var kMutable: CGFloat = 3
                let kSum: CGFloat = 1 + 2
                enum DS {
                    static let a: CGFloat = 1_000, b = 2.5
                    let instance: CGFloat = 4
                    static let text = "12"
                    static let call = max(1, 2)
                    enum Inner { public static let c: Double = 7 }
                }
                extension DS.Inner { static let d = 9 }
                """.utf8), recordingTokens: true)
        #expect(
            scan.numericConstants.map {
                "\($0.enclosingTypes.joined(separator: ".")).\($0.name)=\($0.value)@\($0.line)"
            }
                == [
                    ".kGap=8.0@1", ".kRatio=-0.5@2", "DS.a=1000.0@6", "DS.b=2.5@6", "DS.Inner.c=7.0@10",
                    "DS.Inner.d=9.0@12",
                ])
        // Without tokens recorded (the mapping's plain pass) nothing is added.
        #expect(SwiftLexer.scan("let kGap: CGFloat = 8").numericConstants.isEmpty)
    }
}
