// AuditKit's XCTest recorder, part 2 of 2: the XCTest side. Add it with AuditKitRecorderJSON.swift
// to your UI test target (iOS 17+, Xcode 15+). It cannot be compiled on Linux, so AuditKit's own
// package does not build it; the JSON it writes comes from AuditKitRecorderJSON.swift, which
// AuditKit's tests run.
//
//     func testBudgetsScreenIsAccessible() throws {
//         let app = XCUIApplication()
//         app.launch()
//         try app.performAccessibilityAuditForAuditKit(screenName: "Budgets", in: self)
//     }
//
// Each call writes `AXAudit_<date>.json` to $AUDITKIT_RESULTS (or the temporary folder) and attaches
// it to the test; put the files in your reports folder and run `auditkit ingest`.

#if canImport(XCTest) && canImport(UIKit)
    import UIKit
    import XCTest

    extension XCUIApplication {
        /// Runs `performAccessibilityAudit(for:_:)`, recording every issue it reports (type, both
        /// descriptions, the element's identifier, label, value, frame and type) and a screenshot of the
        /// screen into JSON that AuditKit reads, written to a file and attached to `testCase`.
        /// - Parameters:
        ///   - auditTypes: the audit types to run (default all).
        ///   - screenName: the screen's name in AuditKit's outputs.
        ///   - testCase: the test to attach the JSON to.
        ///   - issueHandler: your handler; return true to ignore an issue in the test's result (it is
        ///     recorded either way).
        @available(iOS 17.0, *)
        @MainActor
        public func performAccessibilityAuditForAuditKit(
            for auditTypes: XCUIAccessibilityAuditType = .all, screenName: String? = nil, in testCase: XCTestCase,
            _ issueHandler: ((XCUIAccessibilityAuditIssue) throws -> Bool)? = nil
        ) throws {
            var recorded: [AuditKitRecorderJSON.Issue] = []
            var failure: (any Error)?
            do {
                try performAccessibilityAudit(for: auditTypes) { issue in
                    recorded.append(Self.auditKitIssue(issue))
                    return try issueHandler?(issue) ?? false
                }
            } catch {
                failure = error
            }
            let data = AuditKitRecorderJSON.json(
                issues: recorded, screenName: screenName, screenshotJPEG: Self.auditKitScreenshot(), screenshotScale: 1)
            let folder =
                ProcessInfo.processInfo.environment["AUDITKIT_RESULTS"].map { URL(fileURLWithPath: $0) }
                ?? FileManager.default.temporaryDirectory
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // To the millisecond, and never over another recording (two screens audited in one test).
            let now = Date()
            var name = AuditKitRecorderJSON.fileName(for: now)
            var taken: Set<String> = []
            while true {
                let url = folder.appendingPathComponent(name)
                do {
                    try data.write(to: url, options: .withoutOverwriting)
                    break
                } catch where FileManager.default.fileExists(atPath: url.path) {
                    taken.insert(name)
                    name = AuditKitRecorderJSON.fileName(for: now) { taken.contains($0) }
                } catch {
                    break
                }
            }
            let attachment = XCTAttachment(data: data, uniformTypeIdentifier: "public.json")
            attachment.name = name
            attachment.lifetime = .keepAlways
            testCase.add(attachment)
            if let failure { throw failure }
        }

        /// The plain values of `issue`.
        @MainActor
        static func auditKitIssue(_ issue: XCUIAccessibilityAuditIssue) -> AuditKitRecorderJSON.Issue {
            var element: AuditKitRecorderJSON.Element?
            if let found = issue.element, found.exists {
                let frame = found.frame
                element = AuditKitRecorderJSON.Element(
                    identifier: found.identifier, label: found.label, value: (found.value as? CustomStringConvertible)?.description,
                    placeholderValue: found.placeholderValue,
                    type: AuditKitRecorderJSON.elementTypeName(rawValue: found.elementType.rawValue),
                    x: Double(frame.minX), y: Double(frame.minY), width: Double(frame.width),
                    height: Double(frame.height))
            }
            return AuditKitRecorderJSON.Issue(
                auditType: UInt64(issue.auditType.rawValue), compactDescription: issue.compactDescription,
                detailedDescription: issue.detailedDescription, element: element)
        }

        /// The screen as a JPEG drawn at one pixel per point, so element frames fall on its pixels.
        @MainActor
        static func auditKitScreenshot() -> Data? {
            let image = XCUIScreen.main.screenshot().image
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            let renderer = UIGraphicsImageRenderer(size: image.size, format: format)
            return renderer.image { _ in image.draw(in: CGRect(origin: .zero, size: image.size)) }
                .jpegData(compressionQuality: 0.75)
        }
    }
#endif
