import Foundation

/// Builds the model from a parsed payload, leniently: unknown keys are ignored, a missing optional key
/// is fine, and a field of the wrong type is dropped with a warning naming its path. Images are
/// collected as jobs and decoded afterwards (in parallel) straight from the file's bytes.
struct ReportPayloadDecoder {
    let document: JSONDocument
    let limits: EmbeddedImageDecoder.Limits
    var warnings: [ReportWarning] = []

    /// An image still to decode: where its string is and where the result goes.
    struct ImageJob {
        var stringNode: Int?
        var declaredWidth: Double?
        var declaredHeight: Double?
        var screen: Int
        var issue: Int?
    }

    var jobs: [ImageJob] = []

    init(document: JSONDocument, limits: EmbeddedImageDecoder.Limits) {
        self.document = document
        self.limits = limits
    }

    /// Decodes the screens of the root object at node 0.
    /// - Throws: `AuditError` when `_axKeyAllScreens` is missing or not an array.
    mutating func decodeScreens(path: String) throws -> [Screen] {
        let rootKey = ReportPayloadLocator.rootKey
        guard document.nodes[0].kind == .object, let all = document.value(of: rootKey, in: 0) else {
            throw AuditError(.badInput, "the JSON payload has no \(rootKey)", path: path,
                             byteOffset: document.nodes[0].start)
        }
        guard document.nodes[all].kind == .array else {
            throw AuditError(.badInput, "\(rootKey) is \(document.nodes[all].kind.phrase), not an array", path: path,
                             byteOffset: document.nodes[all].start)
        }
        var screens: [Screen] = []
        var number = 0
        for (position, node) in document.elements(of: all).enumerated() {
            let screenPath = "\(rootKey)[\(position)]"
            guard document.nodes[node].kind == .object else {
                warn(screenPath, "expected an object, found \(document.nodes[node].kind.phrase); screen skipped", node)
                continue
            }
            var fields = Fields(document: document, object: node, path: screenPath)
            let index = screens.count
            let name = fields.string("_axKeyScreenName") ?? String(position)
            let group = fields.string("_axKeyScreenGroupName") ?? ""
            var screen = Screen(index: index, name: name, groupName: group)
            screen.displayBounds = fields.rect("_axKeyDisplayBoundsXPx", "_axKeyDisplayBoundsYPx",
                                               "_axKeyDisplayBoundsWidthPx", "_axKeyDisplayBoundsHeightPx")
            screen.screenshotScale = fields.number("_axKeyScreenshotScale")
            screen.screenshotRotation = fields.number("_axKeyScreenshotRotation")
            let fullJob = fields.image("_axKeyImageFull")
            var issueNodes: [Int] = []
            if let list = fields.node("_axKeyAllIssues", kind: .array) { issueNodes = document.elements(of: list) }
            warnings.append(contentsOf: fields.warnings)
            if var job = fullJob {
                job.screen = index
                jobs.append(job)
            }
            for (issuePosition, issueNode) in issueNodes.enumerated() {
                let issuePath = "\(screenPath)._axKeyAllIssues[\(issuePosition)]"
                guard document.nodes[issueNode].kind == .object else {
                    warn(issuePath, "expected an object, found \(document.nodes[issueNode].kind.phrase); issue skipped",
                         issueNode)
                    continue
                }
                number += 1
                var issueFields = Fields(document: document, object: issueNode, path: issuePath)
                let errorCode = issueFields.integer("_axKeyErrorCode")
                let title = issueFields.string("_axKeyShortDesc")
                let typeName = issueFields.string("_axKeyIssueTestType")
                var issue = Issue(
                    number: number, screenIndex: index,
                    screenName: issueFields.string("_axKeyScreenName") ?? name,
                    screenGroupName: issueFields.string("_axKeyScreenGroupName") ?? group,
                    errorCode: errorCode, shortTitle: title ?? "",
                    longDescription: issueFields.string("_axKeyLongDesc"),
                    extraInfo: issueFields.string("_axKeyLongDescExtraInfo"),
                    elementText: issueFields.string("_axKeyElementText"),
                    testType: TestType.derive(testTypeName: typeName, errorCode: errorCode, shortTitle: title),
                    testTypeName: typeName,
                    suggestion: issueFields.string("_axKeyIssueSuggestion"),
                    isDuplicate: issueFields.bool("_axKeyIssueIsDuplicate") ?? false)
                issue.elementRect = issueFields.rect("_axKeyElementRectInScreenshotX", "_axKeyElementRectInScreenshotY",
                                                     "_axKeyElementRectInScreenshotWidth",
                                                     "_axKeyElementRectInScreenshotHeight")
                let thumbJob = issueFields.image("_axKeyImageThumbnail")
                warnings.append(contentsOf: issueFields.warnings)
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
        warnings.append(ReportWarning(path: path, message: message, byteOffset: node.map { document.nodes[$0].start }))
    }

    /// Decodes every collected image (in parallel when there are many) and puts each in place.
    func decodeImages(into screens: inout [Screen], parallel: Bool) {
        let document = self.document
        let jobs = self.jobs
        let limits = self.limits
        var results = [ReportImage?](repeating: nil, count: jobs.count)
        if parallel && jobs.count > 8 {
            results.withUnsafeMutableBufferPointer { out in
                nonisolated(unsafe) let out = out
                let chunks = min(jobs.count, ProcessInfo.processInfo.activeProcessorCount * 4)
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    var k = chunk
                    while k < jobs.count {
                        out[k] = ReportPayloadDecoder.decode(jobs[k], document: document, limits: limits)
                        k += chunks
                    }
                }
            }
        } else {
            for (k, job) in jobs.enumerated() { results[k] = ReportPayloadDecoder.decode(job, document: document, limits: limits) }
        }
        for (k, job) in jobs.enumerated() {
            if let issue = job.issue {
                screens[job.screen].issues[issue].thumbnail = results[k]
            } else {
                screens[job.screen].screenshot = results[k]
            }
        }
    }

    private static func decode(_ job: ImageJob, document: JSONDocument,
                               limits: EmbeddedImageDecoder.Limits) -> ReportImage {
        guard let node = job.stringNode else {
            return ReportImage(data: Data(), declaredWidth: job.declaredWidth, declaredHeight: job.declaredHeight,
                               problem: .missingData)
        }
        let string = document.nodes[node]
        let content = UnsafeRawBufferPointer(rebasing: document.buffer.bytes[(string.start + 1)..<(string.end - 1)])
        return EmbeddedImageDecoder.decode(content: content, escaped: string.escaped, declaredWidth: job.declaredWidth,
                                           declaredHeight: job.declaredHeight, limits: limits)
    }

    /// Typed access to one object's fields, warning on wrong types.
    struct Fields {
        let document: JSONDocument
        let object: Int
        let path: String
        let members: [(key: Int, value: Int)]
        var warnings: [ReportWarning] = []

        init(document: JSONDocument, object: Int, path: String) {
            self.document = document
            self.object = object
            self.path = path
            self.members = document.members(of: object)
        }

        mutating func warn(_ path: String, _ message: String, _ node: Int?) {
            warnings.append(ReportWarning(path: path, message: message, byteOffset: node.map { document.nodes[$0].start }))
        }

        /// The value node for `key` (the last one when repeated), without type checks.
        func raw(_ key: String) -> Int? {
            var found: Int?
            for member in members where document.keyEquals(member.key, key) { found = member.value }
            return found
        }

        mutating func node(_ key: String, kind: JSONDocument.Kind) -> Int? {
            guard let value = raw(key) else { return nil }
            let found = document.nodes[value].kind
            if found == kind { return value }
            warn(path + "." + key, "expected \(kind.phrase), found \(found.phrase)", value)
            return nil
        }

        mutating func string(_ key: String) -> String? {
            node(key, kind: .string).map { document.string($0) }
        }

        mutating func number(_ key: String) -> Double? {
            guard let value = node(key, kind: .number) else { return nil }
            let number = document.nodes[value].number
            guard number.isFinite else {
                warn(path + "." + key, "number out of range", value)
                return nil
            }
            return number
        }

        mutating func integer(_ key: String) -> Int? {
            guard let value = node(key, kind: .number) else { return nil }
            let number = document.nodes[value].number
            guard number.isFinite, number.rounded() == number, abs(number) < 1e15 else {
                warn(path + "." + key, "expected an integer, found \(number)", value)
                return nil
            }
            return Int(number)
        }

        mutating func bool(_ key: String) -> Bool? {
            guard let value = raw(key) else { return nil }
            let node = document.nodes[value]
            switch node.kind {
            case .bool: return node.flag
            case .number where node.number == 0 || node.number == 1: return node.number == 1
            default:
                warn(path + "." + key, "expected a boolean, found \(node.kind.phrase)", value)
                return nil
            }
        }

        /// A rect from four number fields; nil (with a warning) when only some of them are usable.
        mutating func rect(_ x: String, _ y: String, _ width: String, _ height: String) -> Rect? {
            let present = [x, y, width, height].filter { raw($0) != nil }
            let values = [number(x), number(y), number(width), number(height)]
            guard !present.isEmpty else { return nil }
            let usable = values.compactMap { $0 }
            guard usable.count == 4 else {
                if present.count < 4 {
                    let missing = [x, y, width, height].filter { raw($0) == nil }
                    warn(path, "rect incomplete (missing \(missing.joined(separator: ", "))); rect dropped", object)
                }
                return nil
            }
            return Rect(x: usable[0], y: usable[1], width: usable[2], height: usable[3])
        }

        /// An image object: where its data string is and its declared size.
        mutating func image(_ key: String) -> ImageJob? {
            guard let value = node(key, kind: .object) else { return nil }
            var inner = Fields(document: document, object: value, path: path + "." + key)
            let data = inner.node("_axKeyImageData", kind: .string)
            let width = inner.number("_axKeyImageWidth")
            let height = inner.number("_axKeyImageHeight")
            warnings.append(contentsOf: inner.warnings)
            return ImageJob(stringNode: data, declaredWidth: width, declaredHeight: height, screen: 0, issue: nil)
        }
    }
}
