import Foundation

/// A screen whose overlay could not be drawn, and why.
public struct OverlaySkippedScreen: Sendable, Hashable {
    /// Zero-based screen index.
    public var screenIndex: Int
    /// The screen's name.
    public var screenName: String
    /// Why, e.g. `no screenshot in the report` or `truncated JPEG`.
    public var reason: String
}

/// What writing the overlays produced.
public struct OverlayOutput: Sendable {
    /// The files written, in screen order.
    public var paths: [String]
    /// Screens without a usable screenshot, in screen order.
    public var skipped: [OverlaySkippedScreen]
    /// The file written for each screen drawn, by zero-based screen index.
    public var byScreen: [Int: String] = [:]
}

/// An annotated screenshot: the screen's full screenshot with a numbered box, in its test type's
/// colour, on every flagged element (numbers match the index sheet), and a legend strip below.
/// Boxes partly outside the picture are clipped, never dropped.
public struct Overlay: Sendable {
    /// The screen drawn.
    public let screen: Screen
    /// The text renderer (shared; thread-safe).
    public let text: TextRenderer

    /// Prepares an overlay for `screen`.
    public init(screen: Screen, text: TextRenderer) {
        self.screen = screen
        self.text = text
    }

    /// Pixels per point: the decoded screenshot's width over the width the report declares
    /// (1 for Inspector reports, whose images are drawn at point size).
    public static func scale(screenshot: ReportImage, decodedWidth: Int) -> Double {
        guard let declared = screenshot.declaredWidth, declared >= 1 else { return 1 }
        let scale = Double(decodedWidth) / declared
        // A declared width far from the picture's is wrong, not a real scale: draw at point size.
        return (1.0 / 64...64).contains(scale) ? scale : 1
    }

    /// The box for an element rect (points) on a screenshot of `bounds` at `scale` pixels a point,
    /// clipped to the picture; a rect wholly outside becomes a thin box on the nearest edge.
    public static func boxRect(for rect: Rect, scale: Double, bounds: PixelRect) -> PixelRect {
        // Clamped before converting: a rect from a library caller may hold any double.
        func pixel(_ value: Double) -> Int {
            value.isFinite ? Int(min(max(value.rounded(), -1e9), 1e9)) : 0
        }
        let left = pixel(rect.x * scale), top = pixel(rect.y * scale)
        let right = pixel((rect.x + rect.width) * scale), bottom = pixel((rect.y + rect.height) * scale)
        let box = PixelRect(x: left, y: top, width: max(1, right - left), height: max(1, bottom - top))
        let clipped = box.intersection(bounds)
        if !clipped.isEmpty { return clipped }
        let edge = 4
        let x = min(max(left, 0), max(0, bounds.maxX - edge)), y = min(max(top, 0), max(0, bounds.maxY - edge))
        let width = min(max(edge, min(right, bounds.maxX) - x), bounds.maxX - x)
        let height = min(max(edge, min(bottom, bounds.maxY) - y), bounds.maxY - y)
        return PixelRect(x: x, y: y, width: width, height: height)
    }

    /// The bytes drawing `screen`'s overlay needs at its peak, from the screenshot's header size: the
    /// overlay raster the screenshot is decoded into (4 bytes a pixel, plus the legend strip) and the
    /// PNG being encoded (allowed 2 bytes a pixel). 0 without a usable screenshot. The parallel
    /// scheduler keeps the screens drawn at once within its memory budget with it.
    public static func estimatedBytes(for screen: Screen) -> Int {
        guard let shot = screen.screenshot, shot.isUsable, let width = shot.pixelWidth, let height = shot.pixelHeight
        else { return 0 }
        return width * height * 6 + width * 4 * 400
    }

    /// Line width of the boxes for a screenshot `width` pixels wide.
    public static func lineWidth(forImageWidth width: Int) -> Int { max(2, width / 260) }

    /// Decodes the screenshot and draws the boxes and legend.
    /// - Throws: `OverlaySkipReason` when the screen has no usable screenshot.
    public func render() throws(OverlaySkipReason) -> Raster {
        guard let screenshot = screen.screenshot else { throw OverlaySkipReason(reason: "no screenshot in the report") }
        if let problem = screenshot.problem { throw OverlaySkipReason(reason: problem.description) }
        // The screenshot is decoded straight into the overlay raster, with the legend strip's rows
        // below it (its height depends on the width), so the picture is never held twice.
        var legendSize = 13
        var legend: [[LegendEntry]] = []
        var legendLineHeight = 0
        var raster: Raster
        do {
            raster = try JPEGCodec.decode(screenshot.data) { width in
                legendSize = max(13, width / 40)
                legend = legendLines(width: width - 24, size: legendSize)
                legendLineHeight = text.lineMetrics(size: legendSize).height + 8
                return 16 + legend.count * legendLineHeight
            }
        } catch {
            throw OverlaySkipReason(reason: error.description)
        }
        let picture = PixelRect(
            x: 0, y: 0, width: raster.width, height: raster.height - 16 - legend.count * legendLineHeight)
        let scale = Overlay.scale(screenshot: screenshot, decodedWidth: picture.width)
        let fontSize = max(13, picture.width / 36)
        let line = Overlay.lineWidth(forImageWidth: picture.width)
        let tags = tags(picture: picture, scale: scale, fontSize: fontSize)
        for issue in screen.issues {
            guard let rect = issue.elementRect else { continue }
            let box = Overlay.boxRect(for: rect, scale: scale, bounds: picture)
            // A light halo on both sides keeps the box visible on dark and busy backgrounds.
            raster.strokeRect(box.insetBy(-1), with: RGBAColor.white.withAlpha(190), lineWidth: 1)
            raster.strokeRect(box.insetBy(line), with: RGBAColor.white.withAlpha(120), lineWidth: 1)
            raster.strokeRect(box, with: issue.testType.color, lineWidth: line)
        }
        // Boxes first, then all number tags, so a tag is never hidden under another box.
        for tag in tags {
            raster.fill(tag.rect, with: tag.issues[0].testType.color)
            text.draw(
                tag.label, in: &raster, x: tag.rect.x + 4, y: tag.rect.y + 1, size: fontSize, color: .white, bold: true)
        }
        // Legend strip.
        raster.fill(PixelRect(x: 0, y: picture.height, width: picture.width, height: 2), with: RGBAColor(rgb: 0x9E9E9E))
        var y = picture.height + 10
        for entries in legend {
            var x = 12
            for entry in entries {
                if let color = entry.color {
                    let swatch = legendSize
                    raster.fill(PixelRect(x: x, y: y + 2, width: swatch, height: swatch), with: color)
                    x += swatch + 6
                }
                x +=
                    text.draw(
                        entry.text, in: &raster, x: x, y: y, size: legendSize, color: .black,
                        bold: entry.bold, maxWidth: picture.width - 12 - x) + 18
            }
            y += legendLineHeight
        }
        return raster
    }

    /// One number tag of an overlay: the box it labels, the issues on that box (the Inspector's
    /// duplicates share one tag, `1,9`, so no number hides another) and where it is drawn.
    struct Tag {
        /// The element's box in pixels.
        var box: PixelRect
        /// The issues flagging that box, in report order.
        var issues: [Issue]
        /// Where the tag is drawn.
        var rect: PixelRect
        /// The numbers it shows.
        var label: String { issues.map { String($0.number) }.joined(separator: ",") }
    }

    /// The screen's tags, placed in order: each just outside its box (above, below, left or right,
    /// at either end or the middle of that side, then at a corner), at the first place inside the
    /// picture that covers no other box, its own box or an earlier tag. When no place is free, the
    /// one covering the least of other boxes and tags is taken, then the least of its own box.
    func tags(picture: PixelRect, scale: Double, fontSize: Int) -> [Tag] {
        var tags: [Tag] = []
        for issue in screen.issues {
            guard let rect = issue.elementRect else { continue }
            let box = Overlay.boxRect(for: rect, scale: scale, bounds: picture)
            if let shared = tags.firstIndex(where: { $0.box == box }) {
                tags[shared].issues.append(issue)
            } else {
                tags.append(Tag(box: box, issues: [issue], rect: box))
            }
        }
        // Each box with its halo, as drawn.
        let drawn = tags.map { $0.box.insetBy(-1) }
        let height = text.lineMetrics(size: fontSize).height + 2
        for index in tags.indices {
            let box = tags[index].box
            let width = text.measure(tags[index].label, size: fontSize, bold: true) + 8
            func covered(_ rect: PixelRect, _ others: some Sequence<PixelRect>) -> Int {
                others.reduce(0) { total, other in
                    let overlap = rect.intersection(other)
                    return total + (overlap.isEmpty ? 0 : overlap.width * overlap.height)
                }
            }
            var best: (rect: PixelRect, others: Int, own: Int)?
            for candidate in Overlay.tagPlaces(around: box, width: width, height: height) {
                // Kept in the picture.
                let x = min(max(0, candidate.x), max(0, picture.maxX - width))
                let y = min(max(0, candidate.y), max(0, picture.maxY - height))
                let rect = PixelRect(x: x, y: y, width: width, height: height)
                let others =
                    covered(rect, drawn.indices.lazy.filter { $0 != index }.map { drawn[$0] })
                    + covered(rect, tags[..<index].lazy.map(\.rect))
                let own = covered(rect, CollectionOfOne(drawn[index]))
                if best.map({ (others, own) < ($0.others, $0.own) }) ?? true { best = (rect, others, own) }
                if others == 0, own == 0 { break }
            }
            tags[index].rect = best?.rect ?? box
        }
        return tags
    }

    /// The places a `width` by `height` tag may take around `box`, in order of preference: above,
    /// below, left and right (at the side's start, end and middle), then the four corners; each two
    /// pixels clear of the box's halo.
    static func tagPlaces(around box: PixelRect, width: Int, height: Int) -> [PixelRect] {
        let gap = 2
        let above = box.y - 1 - gap - height, below = box.maxY + 1 + gap
        let left = box.x - 1 - gap - width, right = box.maxX + 1 + gap
        let across = [box.x, box.maxX - width, box.x + (box.width - width) / 2]
        let down = [box.y, box.maxY - height, box.y + (box.height - height) / 2]
        var places: [(Int, Int)] = across.map { ($0, above) } + across.map { ($0, below) }
        places += down.map { (left, $0) } + down.map { (right, $0) }
        places += [(left, above), (right, above), (left, below), (right, below)]
        return places.map { PixelRect(x: $0.0, y: $0.1, width: width, height: height) }
    }

    /// One piece of the legend: a swatch in a test type's colour (or none) and its text, bold for the
    /// screen's heading and the issues without a rect.
    struct LegendEntry {
        /// The swatch's colour; nil draws none.
        var color: RGBAColor?
        /// The text.
        var text: String
        /// Whether the text is bold.
        var bold: Bool
    }

    /// The legend's entries broken into lines of `width` pixels: the screen and its issue count,
    /// each test type on the screen with all its issue numbers, and the issues without a rect. An
    /// entry wider than a line goes on over more lines, cut after a comma.
    func legendLines(width: Int, size: Int) -> [[LegendEntry]] {
        var entries = [
            LegendEntry(
                color: nil,
                text: "Screen \(screen.index + 1)"
                    + (screen.name.isEmpty || screen.name == String(screen.index) ? "" : " \(screen.name)")
                    + " \u{00B7} \(screen.issues.count) issue" + (screen.issues.count == 1 ? "" : "s"), bold: true)
        ]
        var byType: [(TestType, [Int])] = []
        for issue in screen.issues {
            if let index = byType.firstIndex(where: { $0.0 == issue.testType }) {
                byType[index].1.append(issue.number)
            } else {
                byType.append((issue.testType, [issue.number]))
            }
        }
        let order = TestType.known
        byType.sort { (order.firstIndex(of: $0.0) ?? order.count) < (order.firstIndex(of: $1.0) ?? order.count) }
        for (type, numbers) in byType {
            let list = numbers.map(String.init).joined(separator: ",")
            entries.append(LegendEntry(color: type.color, text: "\(type.displayName) (\(list))", bold: false))
        }
        let withoutRect = screen.issues.filter { $0.elementRect == nil }.map { String($0.number) }
        if !withoutRect.isEmpty {
            entries.append(LegendEntry(color: nil, text: "no rect: " + withoutRect.joined(separator: ","), bold: true))
        }
        func entryWidth(_ entry: LegendEntry) -> Int {
            text.measure(entry.text, size: size, bold: entry.bold) + 18 + (entry.color == nil ? 0 : size + 6)
        }
        // An entry too wide for a line is cut after commas into pieces that fit; the pieces after the
        // first have no swatch.
        var pieces: [LegendEntry] = []
        for entry in entries {
            guard entryWidth(entry) > width else {
                pieces.append(entry)
                continue
            }
            var piece = LegendEntry(color: entry.color, text: "", bold: entry.bold)
            let parts = entry.text.split(separator: ",", omittingEmptySubsequences: false)
            for (index, part) in parts.enumerated() {
                let part = String(part) + (index < parts.count - 1 ? "," : "")
                var longer = piece
                longer.text += part
                if !piece.text.isEmpty, entryWidth(longer) > width {
                    pieces.append(piece)
                    piece = LegendEntry(color: nil, text: part, bold: entry.bold)
                } else {
                    piece = longer
                }
            }
            pieces.append(piece)
        }
        var lines: [[LegendEntry]] = [[]]
        var x = 0
        for entry in pieces {
            let entryWidth = entryWidth(entry)
            if x > 0, x + entryWidth > width {
                lines.append([])
                x = 0
            }
            lines[lines.count - 1].append(entry)
            x += entryWidth
        }
        return lines
    }

    /// Renders the overlay of every screen that has a usable screenshot (screens spread over all
    /// cores, within the memory budget) and writes `overlay_screen_N.png` files atomically into the
    /// evidence folder. The files can be made again, so none is fsynced. Unless the user named the
    /// folder (`evidence.namedByUser`), a link there is refused, as is a link in place of an overlay.
    /// - Throws: `AuditError` when a file cannot be written or encoded.
    public static func writeAll(
        report: InspectorReport, text: TextRenderer, evidence: EvidencePaths, settings: PNGSettings = .standard
    ) throws -> OverlayOutput {
        // Each overlay is written as soon as it is encoded, so no more are held than are drawn.
        let folder = FolderOnce(evidence)
        let results = ParallelWork.map(report.screens, parallel: true, cost: Overlay.estimatedBytes) {
            _, screen -> Result<String, Error> in
            do throws(OverlaySkipReason) {
                let raster = try Overlay(screen: screen, text: text).render()
                let data: Data
                do throws(ImageCodecError) {
                    data = try PNGCodec.encode(raster, settings: settings)
                } catch {
                    return .failure(OverlaySkipReason(reason: "cannot encode: \(error.description)"))
                }
                do {
                    try folder.make()
                    let path = evidence.overlay(screenIndex: screen.index)
                    try AtomicFile.write(data, to: path, onlyIfChanged: true, durability: .regenerable)
                    return .success(path)
                } catch {
                    return .failure(error)
                }
            } catch {
                return .failure(error)
            }
        }
        var output = OverlayOutput(paths: [], skipped: [])
        for (screen, result) in zip(report.screens, results) {
            switch result {
            case .success(let path):
                output.paths.append(path)
                output.byScreen[screen.index] = path
            case .failure(let skip as OverlaySkipReason):
                output.skipped.append(
                    OverlaySkippedScreen(screenIndex: screen.index, screenName: screen.name, reason: skip.reason))
            case .failure(let error):
                throw error
            }
        }
        return output
    }

    /// The evidence folder, created by the first overlay written (none when no overlay can be drawn).
    private final class FolderOnce: @unchecked Sendable {
        private let lock = NSLock()
        private var made = false
        private let evidence: EvidencePaths

        init(_ evidence: EvidencePaths) { self.evidence = evidence }

        func make() throws {
            lock.lock()
            defer { lock.unlock() }
            guard !made else { return }
            try AtomicFile.makeDirectory(evidence.directory, namedByUser: evidence.namedByUser)
            made = true
        }
    }
}

/// Why a screen's overlay cannot be drawn.
public struct OverlaySkipReason: Error, Sendable, Hashable {
    /// E.g. `no screenshot in the report`.
    public var reason: String
}
