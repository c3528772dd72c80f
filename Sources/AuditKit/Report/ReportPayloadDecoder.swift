import Foundation

/// Builds the model from a parsed payload, leniently: unknown keys are ignored, a missing optional key
/// is fine, and a field of the wrong type is dropped with a warning naming its path. Images are
/// collected as jobs and decoded afterwards (in parallel) straight from the file's bytes.
struct ReportPayloadDecoder {
    let document: JSONDocument
    let limits: EmbeddedImageDecoder.Limits
    /// What the decoder noticed, bounded per message (`ReportWarningTally`).
    var tally = ReportWarningTally()
    /// The warnings, as the tally says them.
    var warnings: [ReportWarning] { tally.warnings }

    /// The largest magnitude a number field may have; beyond it the field is dropped with a warning.
    static let numberLimit = 10_000_000.0

    /// The most JSON values a report's payload may hold: a 2,000-issue report has about 100,000, so the
    /// most issues and screens take about 5,500,000; past it parsing stops where the value starts (a file
    /// of millions of tiny values would otherwise cost 32 bytes of tape each).
    static let valueLimit = 6_000_000

    /// An image still to decode: where its string is and where the result goes.
    struct ImageJob {
        var stringNode: Int?
        var declaredWidth: Double?
        var declaredHeight: Double?
        var screen: Int
        var issue: Int?
    }

    var jobs: [ImageJob] = []

    /// The clues that decide an issue's test type; reports repeat a handful of them many times.
    struct TypeClue: Hashable {
        var name: String?
        var code: Int?
        var title: String?
    }

    /// Test types already derived in this report (deriving folds strings, which is slow).
    var typeCache: [TypeClue: TestType] = [:]

    mutating func testType(name: String?, code: Int?, title: String?) -> TestType {
        let clue = TypeClue(name: name, code: code, title: title)
        if let known = typeCache[clue] { return known }
        let type = TestType.derive(testTypeName: name, errorCode: code, shortTitle: title)
        typeCache[clue] = type
        return type
    }

    init(document: JSONDocument, limits: EmbeddedImageDecoder.Limits) {
        self.document = document
        self.limits = limits
    }

    /// Decodes the screens of the root object at node 0.
    /// - Throws: `AuditError` when `_axKeyAllScreens` is missing or not an array; `.limitExceeded` past
    ///   `ReportReader.screenLimit` screens or `ReportReader.issueLimit` issues.
    mutating func decodeScreens(path: String) throws -> [Screen] {
        let rootKey = ReportPayloadLocator.rootKey
        guard document.nodes[0].kind == .object, let all = document.value(of: rootKey, in: 0) else {
            throw AuditError(
                .notAReport,
                "not a report: the JSON has no \(rootKey) (an Inspector report's payload) and is no array of "
                    + "audit issues (an automated audit's result)", path: path, byteOffset: document.nodes[0].start)
        }
        guard document.nodes[all].kind == .array else {
            throw AuditError(
                .badInput, "\(rootKey) is \(document.nodes[all].kind.phrase), not an array", path: path,
                byteOffset: document.nodes[all].start)
        }
        var screens: [Screen] = []
        var number = 0
        for (position, node) in document.elements(of: all).enumerated() {
            let screenPath = PayloadPath(screen: position)
            guard position < ReportReader.screenLimit else {
                throw AuditError(
                    .limitExceeded,
                    "the report holds more than \(ReportReader.screenLimit) screens, the most a report may hold",
                    path: path, byteOffset: document.nodes[node].start)
            }
            guard document.nodes[node].kind == .object else {
                warn(
                    screenPath.text, "expected an object, found \(document.nodes[node].kind.phrase); screen skipped",
                    node)
                continue
            }
            var fields = Fields(document: document, object: node, path: screenPath)
            let index = screens.count
            let name = fields.string(.screenName) ?? String(position)
            let group = fields.string(.screenGroupName) ?? ""
            var screen = Screen(index: index, name: name, groupName: group)
            screen.displayBounds = fields.rect(
                .displayBoundsX, .displayBoundsY,
                .displayBoundsWidth, .displayBoundsHeight)
            screen.screenshotScale = fields.number(.screenshotScale)
            screen.screenshotRotation = fields.number(.screenshotRotation)
            let fullJob = fields.image(.imageFull)
            var issueNodes: [Int] = []
            if let list = fields.node(.allIssues, kind: .array) { issueNodes = document.elements(of: list) }
            tally.add(contentsOf: fields.warnings)
            if var job = fullJob {
                job.screen = index
                jobs.append(job)
            }
            for (issuePosition, issueNode) in issueNodes.enumerated() {
                let issuePath = PayloadPath(screen: position, issue: issuePosition)
                guard document.nodes[issueNode].kind == .object else {
                    warn(
                        issuePath.text,
                        "expected an object, found \(document.nodes[issueNode].kind.phrase); issue skipped", issueNode)
                    continue
                }
                guard number < ReportReader.issueLimit else {
                    throw AuditError(
                        .limitExceeded,
                        "the report holds more than \(ReportReader.issueLimit) issues, the most a report may hold",
                        path: path, byteOffset: document.nodes[issueNode].start)
                }
                number += 1
                var issueFields = Fields(document: document, object: issueNode, path: issuePath)
                let errorCode = issueFields.integer(.errorCode)
                let title = issueFields.string(.shortDesc)
                let typeName = issueFields.string(.issueTestType)
                var issue = Issue(
                    number: number, screenIndex: index,
                    screenName: issueFields.string(.screenName) ?? name,
                    screenGroupName: issueFields.string(.screenGroupName) ?? group,
                    errorCode: errorCode, shortTitle: title ?? "",
                    longDescription: issueFields.string(.longDesc),
                    extraInfo: issueFields.string(.longDescExtraInfo),
                    elementText: issueFields.string(.elementText),
                    testType: testType(name: typeName, code: errorCode, title: title),
                    testTypeName: typeName,
                    suggestion: issueFields.string(.issueSuggestion),
                    isDuplicate: issueFields.bool(.issueIsDuplicate) ?? false)
                issue.elementRect = issueFields.rect(
                    .rectX, .rectY,
                    .rectWidth,
                    .rectHeight)
                let thumbJob = issueFields.image(.imageThumbnail)
                tally.add(contentsOf: issueFields.warnings)
                if var job = thumbJob {
                    job.screen = index
                    job.issue = screen.issues.count
                    jobs.append(job)
                }
                screen.issues.append(issue)
            }
            screens.append(screen)
        }
        return screens
    }

    mutating func warn(_ path: String, _ message: String, _ node: Int?) {
        tally.add(ReportWarning(path: path, message: message, byteOffset: node.map { document.nodes[$0].start }))
    }

    /// Base64 text below which images are decoded on one thread: starting the other cores' threads
    /// costs more than decoding a small report's images (measured 2026-11-25 on a 12-issue report:
    /// 0.4 ms on one thread, 1-4 ms handed to the shared pool while other threads start).
    static let parallelDecodingThreshold = 1 << 20

    /// Base64 text from which a report's images are decoded into one `ImageArena`.
    static let arenaThreshold = 1 << 20

    /// Decodes every collected image (in parallel when there is much to decode) and puts each in place,
    /// handing each to `sink` as soon as it is decoded.
    func decodeImages(into screens: inout [Screen], parallel: Bool, sink: (any DecodedImageSink)? = nil) {
        let document = self.document
        let jobs = self.jobs
        let limits = self.limits
        var results = [ReportImage?](repeating: nil, count: jobs.count)
        // Each image's place in one arena for all of them (the string's length bounds its decoded size).
        var offsets: [Int] = []
        offsets.reserveCapacity(jobs.count + 1)
        var base64Bytes = 0
        var arenaBytes = 0
        for job in jobs {
            offsets.append(arenaBytes)
            let length = job.stringNode.map { document.nodes[$0].end - document.nodes[$0].start } ?? 0
            base64Bytes += length
            arenaBytes += EmbeddedImageDecoder.decodedCapacity(base64Length: length)
        }
        offsets.append(arenaBytes)
        let arena = base64Bytes >= ReportPayloadDecoder.arenaThreshold ? ImageArena(length: arenaBytes) : nil
        let slots = arena.map { arena in
            jobs.indices.map { arena.slot(at: offsets[$0], capacity: offsets[$0 + 1] - offsets[$0]) }
        }
        if parallel && jobs.count > 8 && base64Bytes >= ReportPayloadDecoder.parallelDecodingThreshold {
            results.withUnsafeMutableBufferPointer { out in
                nonisolated(unsafe) let out = out
                let chunks = min(jobs.count, ProcessInfo.processInfo.activeProcessorCount * 4)
                // Contiguous runs of jobs per chunk: neighbouring results are written by one thread
                // (no false sharing) and each thread reads the file's bytes in order.
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    let range = (chunk * jobs.count / chunks)..<((chunk + 1) * jobs.count / chunks)
                    for k in range {
                        let image = ReportPayloadDecoder.decode(
                            jobs[k], document: document, limits: limits, into: slots?[k])
                        sink?.take(image, screen: jobs[k].screen, issue: jobs[k].issue)
                        out[k] = image
                    }
                }
            }
        } else {
            for (k, job) in jobs.enumerated() {
                let image = ReportPayloadDecoder.decode(job, document: document, limits: limits, into: slots?[k])
                sink?.take(image, screen: job.screen, issue: job.issue)
                results[k] = image
            }
        }
        for (k, job) in jobs.enumerated() {
            if let issue = job.issue {
                screens[job.screen].issues[issue].thumbnail = results[k]
            } else {
                screens[job.screen].screenshot = results[k]
            }
        }
    }

    private static func decode(
        _ job: ImageJob, document: JSONDocument,
        limits: EmbeddedImageDecoder.Limits, into slot: ImageArena.Slot?
    ) -> ReportImage {
        guard let node = job.stringNode else {
            return ReportImage(
                data: Data(), declaredWidth: job.declaredWidth, declaredHeight: job.declaredHeight,
                problem: .missingData)
        }
        let string = document.nodes[node]
        let content = UnsafeRawBufferPointer(rebasing: document.buffer.bytes[(string.start + 1)..<(string.end - 1)])
        return EmbeddedImageDecoder.decode(
            content: content, escaped: string.escaped, declaredWidth: job.declaredWidth,
            declaredHeight: job.declaredHeight, limits: limits, into: slot)
    }

    /// Where an object sits in the payload, spelt out only when a warning names it (building the
    /// text for every issue cost more than reading its fields).
    struct PayloadPath {
        /// The screen's position in `_axKeyAllScreens`.
        var screen: Int
        /// The issue's position in the screen's `_axKeyAllIssues`.
        var issue: Int?
        /// The image object's key in the screen or issue.
        var image: PayloadKey?

        /// The path as warnings show it: `_axKeyAllScreens[0]._axKeyAllIssues[2]._axKeyImageThumbnail`.
        var text: String {
            var text = "\(ReportPayloadLocator.rootKey)[\(screen)]"
            if let issue { text += "._axKeyAllIssues[\(issue)]" }
            if let image { text += "." + image.text }
            return text
        }
    }

    /// Typed access to one object's fields, warning on wrong types.
    struct Fields {
        let document: JSONDocument
        let object: Int
        let location: PayloadPath
        /// The object's path as warnings show it.
        var path: String { location.text }
        /// Value node per known key (the last one when a key repeats).
        var slots: [Int?]
        var warnings: [ReportWarning] = []

        init(document: JSONDocument, object: Int, path: PayloadPath) {
            self.document = document
            self.object = object
            self.location = path
            slots = [Int?](repeating: nil, count: PayloadKey.allCases.count)
            var cursor = object + 1
            for _ in 0..<document.nodes[object].count {
                let value = cursor + 1
                if let key = PayloadKey(node: cursor, in: document) { slots[key.rawValue] = value }
                cursor = document.nodes[value].next
            }
        }

        mutating func warn(_ path: String, _ message: String, _ node: Int?) {
            warnings.append(
                ReportWarning(path: path, message: message, byteOffset: node.map { document.nodes[$0].start }))
        }

        /// The value node for `key` (the last one when repeated), without type checks.
        func raw(_ key: PayloadKey) -> Int? { slots[key.rawValue] }

        mutating func node(_ key: PayloadKey, kind: JSONDocument.Kind) -> Int? {
            guard let value = raw(key) else { return nil }
            let found = document.nodes[value].kind
            if found == kind { return value }
            warn(path + "." + key.text, "expected \(kind.phrase), found \(found.phrase)", value)
            return nil
        }

        mutating func string(_ key: PayloadKey) -> String? {
            node(key, kind: .string).map { document.string($0) }
        }

        mutating func number(_ key: PayloadKey) -> Double? {
            guard let value = node(key, kind: .number) else { return nil }
            let number = document.nodes[value].number
            // No coordinate, size, scale or angle in a report comes near 10 million; larger values are
            // hostile or corrupt and would overflow the pixel arithmetic downstream.
            guard number.isFinite, abs(number) <= ReportPayloadDecoder.numberLimit else {
                warn(path + "." + key.text, "number out of range (\(number))", value)
                return nil
            }
            return number
        }

        mutating func integer(_ key: PayloadKey) -> Int? {
            guard let value = node(key, kind: .number) else { return nil }
            let number = document.nodes[value].number
            guard number.isFinite, number.rounded() == number, abs(number) < 1e15 else {
                warn(path + "." + key.text, "expected an integer, found \(number)", value)
                return nil
            }
            return Int(number)
        }

        mutating func bool(_ key: PayloadKey) -> Bool? {
            guard let value = raw(key) else { return nil }
            let node = document.nodes[value]
            switch node.kind {
            case .bool: return node.flag
            case .number where node.number == 0 || node.number == 1: return node.number == 1
            default:
                warn(path + "." + key.text, "expected a boolean, found \(node.kind.phrase)", value)
                return nil
            }
        }

        /// A rect from four number fields; nil (with a warning) when only some of them are usable.
        mutating func rect(_ x: PayloadKey, _ y: PayloadKey, _ width: PayloadKey, _ height: PayloadKey) -> Rect? {
            let present = [x, y, width, height].filter { raw($0) != nil }
            let values = [number(x), number(y), number(width), number(height)]
            guard !present.isEmpty else { return nil }
            let usable = values.compactMap { $0 }
            guard usable.count == 4 else {
                if present.count < 4 {
                    let missing = [x, y, width, height].filter { raw($0) == nil }
                    warn(
                        path, "rect incomplete (missing \(missing.map(\.text).joined(separator: ", "))); rect dropped",
                        object)
                }
                return nil
            }
            return Rect(x: usable[0], y: usable[1], width: usable[2], height: usable[3])
        }

        /// An image object: where its data string is and its declared size.
        mutating func image(_ key: PayloadKey) -> ImageJob? {
            guard let value = node(key, kind: .object) else { return nil }
            var inner = Fields(
                document: document, object: value,
                path: PayloadPath(
                    screen: location.screen, issue: location.issue, image: key))
            let data = inner.node(.imageData, kind: .string)
            let width = inner.number(.imageWidth)
            let height = inner.number(.imageHeight)
            warnings.append(contentsOf: inner.warnings)
            return ImageJob(stringNode: data, declaredWidth: width, declaredHeight: height, screen: 0, issue: nil)
        }
    }
}

/// The keys the decoder reads; a member's key is matched once, from its bytes, when its object is visited.
enum PayloadKey: Int, CaseIterable, Sendable {
    case allScreens, screenName, screenGroupName, allIssues, imageFull, displayBoundsX, displayBoundsY
    case displayBoundsWidth, displayBoundsHeight, screenshotScale, screenshotRotation, errorCode, shortDesc
    case longDesc, longDescExtraInfo, elementText, issueTestType, issueSuggestion, issueIsDuplicate
    case imageThumbnail, rectX, rectY, rectWidth, rectHeight, imageData, imageWidth, imageHeight

    /// The key as written in reports.
    var text: String { PayloadKey.texts[rawValue] }

    static let texts: [String] = [
        "_axKeyAllScreens", "_axKeyScreenName", "_axKeyScreenGroupName", "_axKeyAllIssues", "_axKeyImageFull",
        "_axKeyDisplayBoundsXPx", "_axKeyDisplayBoundsYPx", "_axKeyDisplayBoundsWidthPx", "_axKeyDisplayBoundsHeightPx",
        "_axKeyScreenshotScale", "_axKeyScreenshotRotation", "_axKeyErrorCode", "_axKeyShortDesc", "_axKeyLongDesc",
        "_axKeyLongDescExtraInfo", "_axKeyElementText", "_axKeyIssueTestType", "_axKeyIssueSuggestion",
        "_axKeyIssueIsDuplicate", "_axKeyImageThumbnail", "_axKeyElementRectInScreenshotX",
        "_axKeyElementRectInScreenshotY", "_axKeyElementRectInScreenshotWidth", "_axKeyElementRectInScreenshotHeight",
        "_axKeyImageData", "_axKeyImageWidth", "_axKeyImageHeight",
    ]

    /// Key bytes indexed by length, with each key's last eight bytes for a quick first comparison.
    private static let byLength: [[(key: PayloadKey, bytes: [UInt8], tail: UInt64)]] = {
        var table = [[(key: PayloadKey, bytes: [UInt8], tail: UInt64)]](repeating: [], count: 64)
        for key in PayloadKey.allCases {
            let bytes = Array(key.text.utf8)
            let tail = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self) }
            table[bytes.count].append((key, bytes, tail))
        }
        return table
    }()

    private static let byText: [String: PayloadKey] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.text, $0) })

    /// The known key a string node spells, or nil for keys the decoder ignores.
    init?(node: Int, in document: JSONDocument) {
        let key = document.nodes[node]
        if key.escaped {
            guard let found = PayloadKey.byText[document.string(node)] else { return nil }
            self = found
            return
        }
        let length = key.end - key.start - 2
        guard length >= 8, length < 64 else { return nil }
        let start = document.buffer.bytes.baseAddress! + key.start + 1
        let tail = start.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
        for candidate in PayloadKey.byLength[length] where candidate.tail == tail {
            if candidate.bytes.withUnsafeBytes({ memcmp($0.baseAddress!, start, length) == 0 }) {
                self = candidate.key
                return
            }
        }
        return nil
    }
}
