import Dispatch
import Foundation

/// How an index sheet is laid out.
public struct IndexSheetOptions: Sendable, Hashable {
    /// Cells per row.
    public var columns: Int
    /// Width of one cell in pixels.
    public var cellWidth: Int
    /// Height of one cell in pixels (image area plus the three-line label).
    public var cellHeight: Int
    /// Cells per page; a report with more issues gets several pages.
    public var perPage: Int
    /// How PNG pages are compressed.
    public var pngSettings: PNGSettings
    /// JPEG quality when the output path ends in `.jpg`/`.jpeg`.
    public var jpegQuality: Int

    /// The columns a sheet may have.
    public static let columnRange = 1...100
    /// The cell widths and heights a sheet may have, in pixels.
    public static let cellSideRange = 120...2000
    /// The cells a page may have.
    public static let perPageRange = 1...10_000

    /// Creates options; the defaults give 6 columns of 240x230 cells, 60 cells a page.
    public init(
        columns: Int = 6, cellWidth: Int = 240, cellHeight: Int = 230, perPage: Int = 60,
        pngSettings: PNGSettings = .standard, jpegQuality: Int = 88
    ) {
        self.columns = columns
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.perPage = perPage
        self.pngSettings = pngSettings
        self.jpegQuality = jpegQuality
    }
}

/// One rendered page of an index sheet.
public struct IndexSheetPage: Sendable {
    /// 1-based page number.
    public var number: Int
    /// The issue numbers on the page, in cell order.
    public var issueNumbers: [Int]
    /// The picture.
    public var raster: Raster
    /// Issues drawn as placeholders, with what is wrong with their image, in cell order.
    public var imageProblems: [IndexSheetImageProblem]
}

/// An issue whose thumbnail could not be drawn, and why (shown in its placeholder cell).
public struct IndexSheetImageProblem: Sendable, Hashable {
    /// The issue number.
    public var issueNumber: Int
    /// What is wrong, e.g. `truncated JPEG` or `no thumbnail in the report`.
    public var message: String
}

/// An index sheet: every issue's thumbnail in a grid over a label (number, test type in its colour,
/// element rect, element text), under a header with the report's name, date, screens, counts per
/// test type and a colour legend. Issues whose image has a problem get a placeholder cell saying so;
/// no issue is ever left out.
///
/// The geometry (`cellFrame`, `imageArea`, `labelArea`, `fittedRect`) is public so callers and tests
/// can find what was drawn where.
public struct IndexSheet: Sendable {
    /// The report drawn.
    public let report: InspectorReport
    /// The layout.
    public let options: IndexSheetOptions
    /// The text renderer (shared; thread-safe).
    public let text: TextRenderer
    private let issues: [Issue]
    /// Legend entries (test types with counts, then the duplicate mark), computed once.
    private let legend: [LegendEntry]
    /// Height of one label line.
    private let lineHeight: Int
    /// The audit date as the header shows it, `2026-01-02 11:02` (local time).
    private let auditDateText: String
    /// Height of the header block (title, details, legend) at the top of every page.
    public let headerHeight: Int
    /// Decodes a thumbnail's JPEG at least as large as asked (tests count the calls).
    var decodeThumbnail: @Sendable (Data, Int, Int) throws(ImageCodecError) -> Raster = {
        data, width, height throws(ImageCodecError) in
        try JPEGCodec.decode(data, minimumWidth: width, minimumHeight: height)
    }
    /// The bytes of thumbnails more than one issue has: each is decoded once for the whole sheet.
    private let sharedThumbnails: Set<Data>
    let sharedResults = SharedDecodes<SharedThumbnailKey, Raster, ThumbnailFailure>(
        byteBudget: IndexSheet.sharedThumbnailBudget, size: { $0.pixels.count })
    /// The bytes of scaled thumbnails kept for issues that share one: a few screens' worth.
    static let sharedThumbnailBudget = 4 << 20

    /// Outer margin of a page.
    public static let margin = 24
    /// Space between cells.
    public static let gap = 12
    /// Label font size in pixels.
    public static let labelSize = 13
    /// Height of the coloured bar on top of each cell.
    public static let barHeight = 5

    /// Prepares a sheet for `report`.
    /// - Throws: a usage `AuditError` when the options cannot make a readable sheet.
    public init(report: InspectorReport, text: TextRenderer, options: IndexSheetOptions = IndexSheetOptions())
        throws(AuditError)
    {
        guard IndexSheetOptions.columnRange.contains(options.columns) else {
            throw AuditError(
                .usage,
                "columns must be from \(IndexSheetOptions.columnRange.lowerBound) to \(IndexSheetOptions.columnRange.upperBound), got \(options.columns)"
            )
        }
        let sides = IndexSheetOptions.cellSideRange
        guard sides.contains(options.cellWidth), sides.contains(options.cellHeight) else {
            throw AuditError(
                .usage,
                "cell sides must be from \(sides.lowerBound) to \(sides.upperBound), got \(options.cellWidth)x\(options.cellHeight)"
            )
        }
        guard IndexSheetOptions.perPageRange.contains(options.perPage) else {
            throw AuditError(
                .usage,
                "issues per page must be from \(IndexSheetOptions.perPageRange.lowerBound) to \(IndexSheetOptions.perPageRange.upperBound), got \(options.perPage)"
            )
        }
        self.report = report
        self.options = options
        self.text = text
        self.issues = report.issues
        var seen = Set<Data>(), shared = Set<Data>()
        for issue in issues {
            guard let data = issue.thumbnail?.data, !data.isEmpty else { continue }
            if !seen.insert(data).inserted { shared.insert(data) }
        }
        self.sharedThumbnails = shared
        self.legend = IndexSheet.legendEntries(issues: issues)
        self.auditDateText = DateFields.local(report.auditDate).minuteText
        self.lineHeight = text.lineMetrics(size: IndexSheet.labelSize).height + 2
        let pageWidth =
            2 * IndexSheet.margin + options.columns * options.cellWidth + (options.columns - 1) * IndexSheet.gap
        let rows = IndexSheet.legendRows(legend, text: text, available: pageWidth - 2 * IndexSheet.margin)
        let title = text.lineMetrics(size: IndexSheet.titleSize).height
        let detail = text.lineMetrics(size: IndexSheet.detailSize).height + 4
        self.headerHeight = title + 6 + 2 * detail + rows * (detail + 4) + 14
        // Each option is in range, but together they can ask for a page no encoder or viewer handles.
        let cellsOnPage = min(options.perPage, max(1, issues.count))
        let pageRows = (cellsOnPage + options.columns - 1) / options.columns
        let pageHeight = 2 * IndexSheet.margin + headerHeight + pageRows * (options.cellHeight + IndexSheet.gap)
        guard pageWidth <= IndexSheet.maxPageSide, pageHeight <= IndexSheet.maxPageSide,
            pageWidth * pageHeight <= IndexSheet.maxPagePixels
        else {
            throw AuditError(
                .usage,
                "a page would be \(pageWidth)x\(pageHeight) pixels, more than \(IndexSheet.maxPageSide) a side or "
                    + "\(IndexSheet.maxPagePixels / 1_000_000) megapixels; use fewer columns, smaller cells or "
                    + "fewer issues per page")
        }
    }

    /// The largest page side in pixels (PNG viewers and the JPEG encoder's own limit is 65,535).
    public static let maxPageSide = 32_768
    /// The most pixels a page may have (256 MP is 1 GiB of RGBA).
    public static let maxPagePixels = 256_000_000

    /// The number of pages (at least 1, even for a report without issues).
    public var pageCount: Int { max(1, (issues.count + options.perPage - 1) / options.perPage) }

    /// Height of the label under each thumbnail: three lines.
    public var labelHeight: Int { 3 * lineHeight + 6 }

    /// The page's width in pixels.
    public var pageWidth: Int {
        2 * IndexSheet.margin + options.columns * options.cellWidth + (options.columns - 1) * IndexSheet.gap
    }

    /// The frame of the cell at zero-based `slot` on a page.
    public func cellFrame(slot: Int) -> PixelRect {
        let column = slot % options.columns, row = slot / options.columns
        return PixelRect(
            x: IndexSheet.margin + column * (options.cellWidth + IndexSheet.gap),
            y: IndexSheet.margin + headerHeight + row * (options.cellHeight + IndexSheet.gap),
            width: options.cellWidth, height: options.cellHeight)
    }

    /// The area of a cell the thumbnail is fitted into.
    public func imageArea(of cell: PixelRect) -> PixelRect {
        PixelRect(
            x: cell.x + 6, y: cell.y + IndexSheet.barHeight + 6, width: cell.width - 12,
            height: cell.height - IndexSheet.barHeight - 12 - labelHeight)
    }

    /// The area of a cell holding the three label lines.
    public func labelArea(of cell: PixelRect) -> PixelRect {
        PixelRect(x: cell.x + 6, y: cell.maxY - labelHeight - 4, width: cell.width - 12, height: labelHeight)
    }

    /// Where an image of `width` x `height` lands inside `area`: scaled to fit with its aspect
    /// ratio kept (enlarged at most 2x, so tiny crops do not turn to mush), centred.
    public static func fittedRect(imageWidth width: Int, imageHeight height: Int, in area: PixelRect) -> PixelRect {
        guard width > 0, height > 0, !area.isEmpty else { return PixelRect(x: area.x, y: area.y, width: 0, height: 0) }
        let scale = min(2.0, min(Double(area.width) / Double(width), Double(area.height) / Double(height)))
        let fittedWidth = max(1, min(area.width, Int((Double(width) * scale).rounded())))
        let fittedHeight = max(1, min(area.height, Int((Double(height) * scale).rounded())))
        return PixelRect(
            x: area.x + (area.width - fittedWidth) / 2, y: area.y + (area.height - fittedHeight) / 2,
            width: fittedWidth, height: fittedHeight)
    }

    /// The issues on zero-based page `index`.
    public func issues(onPage index: Int) -> ArraySlice<Issue> {
        let start = min(issues.count, index * options.perPage)
        return issues[start..<min(issues.count, start + options.perPage)]
    }

    /// Renders zero-based page `index`. With `parallelCells`, thumbnails are decoded and scaled on
    /// all cores (results are placed in cell order either way).
    public func renderPage(_ index: Int, parallelCells: Bool = false) -> IndexSheetPage {
        let pageIssues = Array(issues(onPage: index))
        var raster = Raster(width: pageWidth, height: pageHeight(index), fill: .white)
        var problems: [IndexSheetImageProblem] = []
        let prefetched = parallelCells ? PrefetchedThumbnails(sheet: self, pageIssues: pageIssues) : nil
        for band in bands(page: index) {
            let thumbnails = band.cellRow.flatMap { prefetched?.row($0) }
            problems += draw(band, pageIssues: pageIssues, page: index, into: &raster, top: 0, thumbnails: thumbnails)
        }
        return IndexSheetPage(
            number: index + 1, issueNumbers: pageIssues.map(\.number), raster: raster,
            imageProblems: problems)
    }

    /// Page `index` as a PNG, drawn band by band (the header, then each row of cells) into a small
    /// raster that is encoded as it goes: the same bytes as encoding `renderPage(index)`, without
    /// ever holding the whole page's pixels. With `parallelCells` (a page drawn alone, the cores
    /// free), thumbnails are scaled on all cores and each band is compressed on another thread while
    /// the next is drawn; the rows of cells are then drawn in strips of `pipelinedStripHeight`
    /// pixels, so the last strip, whose compression nothing overlaps, is short.
    /// - Throws: `ImageCodecError` when libpng fails.
    func encodedPNG(page index: Int, parallelCells: Bool = false) throws(ImageCodecError) -> EncodedPage {
        let pageIssues = Array(issues(onPage: index))
        let height = pageHeight(index)
        // A sheet page compresses to about a sixteenth of its raw RGB bytes; more grows the buffer.
        let encoder = try PNGRowEncoder(
            width: pageWidth, height: height, settings: options.pngSettings,
            expectedLength: pageWidth * height * 3 / 16)
        let pipeline = parallelCells ? PNGBandPipeline(encoder) : nil
        // The rows' thumbnails are scaled on the other cores from now on, the first row's while the
        // header is drawn.
        let prefetched = parallelCells ? PrefetchedThumbnails(sheet: self, pageIssues: pageIssues) : nil
        var problems: [IndexSheetImageProblem] = []
        var raster = Raster(width: 0, height: 0)
        for band in bands(page: index) {
            let thumbnails = band.cellRow.flatMap { prefetched?.row($0) }
            let strips =
                pipeline == nil || band.cellRow == nil ? [band] : band.strips(of: IndexSheet.pipelinedStripHeight)
            for (number, strip) in strips.enumerated() {
                if let pipeline {
                    // A strip handed to the pipeline is its own until compressed: the next is drawn in
                    // the memory of one already compressed, or new memory.
                    raster = Raster(
                        width: pageWidth, height: strip.height, fill: .white, reusing: pipeline.spareBuffer() ?? [])
                } else if raster.height == strip.height {
                    raster.fill(raster.bounds, with: .white)
                } else {
                    let buffer = raster.pixels
                    raster = Raster(width: 0, height: 0)
                    raster = Raster(width: pageWidth, height: strip.height, fill: .white, reusing: consume buffer)
                }
                // Every strip of a row draws the whole row, clipped; its placeholders count once.
                let drawn = draw(
                    strip, pageIssues: pageIssues, page: index, into: &raster, top: strip.top, thumbnails: thumbnails)
                if number == 0 { problems += drawn }
                if let pipeline { pipeline.append(raster) } else { try encoder.append(raster) }
            }
        }
        let data: Data
        if let pipeline { data = try pipeline.finish() } else { data = try encoder.finish() }
        return EncodedPage(data: data, problems: problems)
    }

    /// The height of the strips a row of cells is drawn in when its page is compressed alongside
    /// (`encodedPNG` with `parallelCells`).
    static let pipelinedStripHeight = 64

    /// A horizontal strip of a page: the header (with the top margin), or one row of cells with the
    /// gap (or, for the last row, the bottom margin) below it. Nothing drawn crosses a band's edge.
    struct PageBand: Sendable {
        /// The band's first pixel row on the page.
        var top: Int
        /// Its height in pixels.
        var height: Int
        /// The row of cells it holds; nil for the header.
        var cellRow: Int?

        /// The band cut into strips of at most `height` pixels, top to bottom, each holding the
        /// band's row of cells (which it shows clipped).
        func strips(of height: Int) -> [PageBand] {
            stride(from: 0, to: self.height, by: max(1, height)).map { offset in
                PageBand(top: top + offset, height: min(height, self.height - offset), cellRow: cellRow)
            }
        }
    }

    /// The bands of page `index`, top to bottom; their heights add up to `pageHeight(index)`.
    func bands(page index: Int) -> [PageBand] {
        let rows = max(1, (issues(onPage: index).count + options.columns - 1) / options.columns)
        let headerBand = PageBand(top: 0, height: IndexSheet.margin + headerHeight, cellRow: nil)
        return [headerBand]
            + (0..<rows).map { row in
                PageBand(
                    top: headerBand.height + row * (options.cellHeight + IndexSheet.gap),
                    height: options.cellHeight + (row == rows - 1 ? IndexSheet.margin : IndexSheet.gap), cellRow: row)
            }
    }

    /// The thumbnails of a page's rows, decoded and scaled on the shared pool of threads (no thread
    /// is started for them), row after row, while the page is drawn; `row(_:)` waits for a row's.
    /// The work takes no memory budget: a page holds at most a few megabytes of thumbnails.
    private final class PrefetchedThumbnails: @unchecked Sendable {
        private let lock = NSLock()
        private var rows: [[Result<Raster, ThumbnailFailure>?]]
        private let done: [DispatchGroup]

        init(sheet: IndexSheet, pageIssues: [Issue]) {
            let columns = sheet.options.columns
            let rowCount = (pageIssues.count + columns - 1) / columns
            rows = (0..<rowCount).map { row in
                Array(repeating: nil, count: min(columns, pageIssues.count - row * columns))
            }
            done = (0..<rowCount).map { _ in DispatchGroup() }
            for slot in pageIssues.indices {
                let row = slot / columns
                done[row].enter()
                DispatchQueue.global().async { [self] in
                    let thumbnail = sheet.thumbnail(
                        for: pageIssues[slot], in: sheet.imageArea(of: sheet.cellFrame(slot: slot)))
                    lock.lock()
                    rows[row][slot % columns] = thumbnail
                    lock.unlock()
                    done[row].leave()
                }
            }
        }

        /// Row `row`'s thumbnails in cell order, once all are scaled; they are then let go here.
        func row(_ row: Int) -> [Result<Raster, ThumbnailFailure>]? {
            guard row < done.count else { return nil }
            done[row].wait()
            lock.lock()
            defer { lock.unlock() }
            let thumbnails = rows[row].compactMap { $0 }
            rows[row] = []
            return thumbnails
        }
    }

    /// Draws `band` of page `page` into `raster`, whose first row is the page's row `top`; returns the
    /// placeholders drawn. `thumbnails` are the band's row's, in cell order (`PrefetchedThumbnails`); without
    /// them each cell is drawn as soon as its thumbnail is scaled, so one is held at a time.
    private func draw(
        _ band: PageBand, pageIssues: [Issue], page: Int, into raster: inout Raster, top: Int,
        thumbnails prepared: [Result<Raster, ThumbnailFailure>]?
    ) -> [IndexSheetImageProblem] {
        guard let row = band.cellRow else {
            drawHeader(into: &raster, page: page, pageIssues: pageIssues)
            return []
        }
        let slots = Array(
            min(pageIssues.count, row * options.columns)..<min(pageIssues.count, (row + 1) * options.columns))
        var problems: [IndexSheetImageProblem] = []
        for (position, slot) in slots.enumerated() {
            let issue = pageIssues[slot]
            let frame = cellFrame(slot: slot)
            let cell = PixelRect(x: frame.x, y: frame.y - top, width: frame.width, height: frame.height)
            switch prepared?[position] ?? thumbnail(for: issue, in: imageArea(of: cell)) {
            case .success(let thumbnail):
                drawCell(into: &raster, cell: cell, issue: issue, thumbnail: thumbnail, problem: nil)
            case .failure(let problem):
                problems.append(IndexSheetImageProblem(issueNumber: issue.number, message: problem.message))
                drawCell(into: &raster, cell: cell, issue: issue, thumbnail: nil, problem: problem)
            }
        }
        return problems
    }

    /// The height in pixels of page `index` (0-based).
    public func pageHeight(_ index: Int) -> Int {
        let count = issues(onPage: index).count
        let rows = max(1, (count + options.columns - 1) / options.columns)
        return 2 * IndexSheet.margin + headerHeight + rows * options.cellHeight + (rows - 1) * IndexSheet.gap
    }

    /// The bytes rendering and encoding page `index` needs at its peak: drawn `whole` (for JPEG), the
    /// page raster (4 bytes a pixel) and the file being encoded (at most about as much again); drawn
    /// band by band (PNG), the tallest band's raster and the PNG (at most the raw RGB bytes); and the
    /// decoded cells. A page drawn alone (a one-page sheet, compressed while it is drawn) holds up to
    /// three strips at once, one drawn and two waiting to be compressed, counted here as three of its
    /// tallest bands. The parallel scheduler keeps the pages drawn at once within its memory budget
    /// with it.
    public func estimatedBytes(page index: Int, whole: Bool = false) -> Int {
        let cells = options.cellWidth * options.cellHeight * 4 * 2
        guard !whole else { return pageWidth * pageHeight(index) * 4 * 2 + cells }
        let band = bands(page: index).map(\.height).max() ?? 0
        let bandsHeld = pageCount == 1 ? 3 : 1
        return pageWidth * band * 4 * bandsHeld + pageWidth * pageHeight(index) * 3 + cells
    }

    /// Renders every page, pages spread over all cores within the memory budget (cells in parallel
    /// when there is one page).
    public func renderAll() -> [IndexSheetPage] {
        let count = pageCount
        if count == 1 { return [renderPage(0, parallelCells: true)] }
        return ParallelWork.map(Array(0..<count), parallel: true, cost: { estimatedBytes(page: $0, whole: true) }) {
            _, page in
            renderPage(page)
        }
    }

    // MARK: - Thumbnails

    struct ThumbnailFailure: Error {
        var message: String
        /// False when the report simply has no thumbnail (drawn in grey), true for a broken image (red).
        var isBroken = true
    }

    /// A shared thumbnail's bytes and the cell area it is scaled for.
    struct SharedThumbnailKey: Hashable, Sendable {
        var data: Data
        var width: Int
        var height: Int
    }

    private func thumbnail(for issue: Issue, in area: PixelRect) -> Result<Raster, ThumbnailFailure> {
        guard let image = issue.thumbnail else {
            return .failure(ThumbnailFailure(message: IndexSheet.noThumbnail, isBroken: false))
        }
        if let problem = image.problem { return .failure(ThumbnailFailure(message: problem.description)) }
        if image.data.isEmpty { return .failure(ThumbnailFailure(message: ImageProblem.emptyImage.description)) }
        guard sharedThumbnails.contains(image.data) else { return scaledThumbnail(image, in: area) }
        let key = SharedThumbnailKey(data: image.data, width: area.width, height: area.height)
        return sharedResults.result(for: key) { scaledThumbnail(image, in: area) }
    }

    /// `image` decoded and scaled to fit `area`.
    private func scaledThumbnail(_ image: ReportImage, in area: PixelRect) -> Result<Raster, ThumbnailFailure> {
        var minimumWidth = area.width, minimumHeight = area.height
        if let width = image.pixelWidth, let height = image.pixelHeight {
            let fitted = IndexSheet.fittedRect(imageWidth: width, imageHeight: height, in: area)
            minimumWidth = fitted.width
            minimumHeight = fitted.height
        }
        do {
            let decoded = try decodeThumbnail(image.data, minimumWidth, minimumHeight)
            // Fit by the image's true proportions (a DCT-scaled decode keeps them within a pixel).
            let sourceWidth = image.pixelWidth ?? decoded.width, sourceHeight = image.pixelHeight ?? decoded.height
            let fitted = IndexSheet.fittedRect(imageWidth: sourceWidth, imageHeight: sourceHeight, in: area)
            return .success(decoded.resampled(width: fitted.width, height: fitted.height))
        } catch {
            return .failure(ThumbnailFailure(message: error.description))
        }
    }

    // MARK: - Drawing

    private static let frameColor = RGBAColor(rgb: 0xC8C8C8)
    private static let imageBackground = RGBAColor(rgb: 0xF0F0F0)
    private static let secondaryText = RGBAColor(rgb: 0x404040)
    private static let placeholderFill = RGBAColor(rgb: 0xFDECEA)
    private static let placeholderInk = RGBAColor(rgb: 0xB71C1C)
    private static let absentFill = RGBAColor(rgb: 0xF3F3F3)
    private static let absentInk = RGBAColor(rgb: 0x616161)

    /// The placeholder text of an issue the report gives no thumbnail for.
    public static let noThumbnail = "no thumbnail in the report"

    private func drawCell(
        into raster: inout Raster, cell: PixelRect, issue: Issue, thumbnail: Raster?,
        problem: ThumbnailFailure?
    ) {
        let color = issue.testType.color
        raster.strokeRect(cell, with: IndexSheet.frameColor)
        raster.fill(PixelRect(x: cell.x, y: cell.y, width: cell.width, height: IndexSheet.barHeight), with: color)
        let area = imageArea(of: cell)
        if let thumbnail {
            let fitted = PixelRect(
                x: area.x + (area.width - thumbnail.width) / 2, y: area.y + (area.height - thumbnail.height) / 2,
                width: thumbnail.width, height: thumbnail.height)
            // The background only around the thumbnail (the thumbnail covers the rest).
            raster.fill(
                PixelRect(x: area.x, y: area.y, width: area.width, height: fitted.y - area.y),
                with: IndexSheet.imageBackground)
            raster.fill(
                PixelRect(x: area.x, y: fitted.maxY, width: area.width, height: area.maxY - fitted.maxY),
                with: IndexSheet.imageBackground)
            raster.fill(
                PixelRect(x: area.x, y: fitted.y, width: fitted.x - area.x, height: fitted.height),
                with: IndexSheet.imageBackground)
            raster.fill(
                PixelRect(x: fitted.maxX, y: fitted.y, width: area.maxX - fitted.maxX, height: fitted.height),
                with: IndexSheet.imageBackground)
            raster.copy(thumbnail, to: fitted.x, fitted.y)
            if thumbnail.width < area.width || thumbnail.height < area.height {
                raster.strokeRect(fitted.insetBy(-1), with: IndexSheet.frameColor)
            }
        } else if shows(area, in: raster) {
            drawPlaceholder(into: &raster, area: area, problem: problem ?? ThumbnailFailure(message: "no image"))
        }
        if issue.isDuplicate, shows(area, in: raster) { drawDuplicateBadge(into: &raster, area: area) }
        // Label: number and test type, rect, element text. A strip that shows none of it lays out no
        // text: a row drawn in strips then shapes its labels (and loads their fonts) in its last
        // strips, while the first ones are compressed.
        let label = labelArea(of: cell)
        guard shows(label, in: raster) else { return }
        let size = IndexSheet.labelSize
        var x = label.x
        x += text.draw("#\(issue.number)", in: &raster, x: x, y: label.y, size: size, color: color, bold: true) + 6
        text.draw(
            issue.testType.displayName, in: &raster, x: x, y: label.y, size: size, color: color,
            maxWidth: label.maxX - x)
        let rectText = issue.elementRect?.compactDescription ?? "no element rect"
        text.draw(
            rectText, in: &raster, x: label.x, y: label.y + lineHeight, size: size, color: IndexSheet.secondaryText,
            maxWidth: label.width)
        let element = issue.elementText.flatMap { $0.isEmpty ? nil : "\u{201C}\($0)\u{201D}" }
        text.draw(
            element ?? "(no element text)", in: &raster, x: label.x, y: label.y + 2 * lineHeight, size: size,
            color: element == nil ? RGBAColor(rgb: 0x8A8A8A) : .black, maxWidth: label.width)
    }

    /// Whether anything drawn in `rect` can reach `raster` (whose rows may be a strip of the page):
    /// its rows and a line's height around them, for a glyph that reaches beyond its line.
    private func shows(_ rect: PixelRect, in raster: Raster) -> Bool {
        rect.maxY + lineHeight > 0 && rect.y - lineHeight < raster.height
    }

    private func drawPlaceholder(into raster: inout Raster, area: PixelRect, problem: ThumbnailFailure) {
        let ink = problem.isBroken ? IndexSheet.placeholderInk : IndexSheet.absentInk
        raster.fill(area, with: problem.isBroken ? IndexSheet.placeholderFill : IndexSheet.absentFill)
        raster.strokeRect(area, with: ink, lineWidth: problem.isBroken ? 2 : 1)
        let size = IndexSheet.labelSize
        let lines =
            [problem.isBroken ? "image problem" : "no image"]
            + text.wrapped(problem.message, toWidth: area.width - 16, size: size, maxLines: 4)
        let total = lines.count * lineHeight
        var y = area.y + max(4, (area.height - total) / 2)
        for (index, line) in lines.enumerated() {
            let width = text.measure(line, size: size, bold: index == 0)
            text.draw(
                line, in: &raster, x: area.x + max(8, (area.width - width) / 2), y: y, size: size,
                color: ink, bold: index == 0, maxWidth: area.width - 16)
            y += lineHeight
        }
    }

    private func drawDuplicateBadge(into raster: inout Raster, area: PixelRect) {
        let size = IndexSheet.labelSize - 1
        let label = "DUPLICATE"
        let width = text.measure(label, size: size, bold: true) + 10
        let badge = PixelRect(x: area.maxX - width - 3, y: area.y + 3, width: width, height: lineHeight + 2)
        raster.fill(badge, with: RGBAColor(rgb: 0x212121).withAlpha(220))
        text.draw(label, in: &raster, x: badge.x + 5, y: badge.y + 2, size: size, color: .white, bold: true)
    }

    // MARK: - Header

    private static let titleSize = 20
    private static let detailSize = 14

    private struct LegendEntry: Sendable {
        var color: RGBAColor
        var text: String
    }

    /// Every test type in the report with its count, in the Inspector's order, then the duplicate mark.
    private static func legendEntries(issues: [Issue]) -> [LegendEntry] {
        var counts: [(TestType, Int)] = []
        for issue in issues {
            if let index = counts.firstIndex(where: { $0.0 == issue.testType }) {
                counts[index].1 += 1
            } else {
                counts.append((issue.testType, 1))
            }
        }
        let order = TestType.known
        counts.sort { (order.firstIndex(of: $0.0) ?? order.count) < (order.firstIndex(of: $1.0) ?? order.count) }
        return counts.map { LegendEntry(color: $0.0.color, text: "\($0.0.displayName) \($0.1)") }
            + [LegendEntry(color: RGBAColor(rgb: 0x212121), text: "DUPLICATE = repeat of another issue")]
    }

    private static func legendChipWidth(_ label: String, text: TextRenderer) -> Int {
        14 + 6 + text.measure(label, size: IndexSheet.detailSize) + 22
    }

    private static func legendRows(_ legend: [LegendEntry], text: TextRenderer, available: Int) -> Int {
        var rows = 1, x = 0
        for entry in legend {
            let width = legendChipWidth(entry.text, text: text)
            if x > 0, x + width > available {
                rows += 1
                x = 0
            }
            x += width
        }
        return rows
    }

    private func drawHeader(into raster: inout Raster, page: Int, pageIssues: [Issue]) {
        let left = IndexSheet.margin
        let width = pageWidth - 2 * IndexSheet.margin
        var y = IndexSheet.margin
        text.draw(
            "Index sheet \u{2014} \(report.fileName)", in: &raster, x: left, y: y, size: IndexSheet.titleSize,
            color: .black, bold: true, maxWidth: width)
        y += text.lineMetrics(size: IndexSheet.titleSize).height + 6
        let detail = text.lineMetrics(size: IndexSheet.detailSize).height + 4
        var line =
            "Audited \(auditDateText) \u{00B7} \(issues.count) issue"
            + (issues.count == 1 ? "" : "s")
        if pageCount > 1, let first = pageIssues.first?.number, let last = pageIssues.last?.number {
            line += " \u{00B7} page \(page + 1) of \(pageCount), issues \(first)\u{2013}\(last)"
        }
        text.draw(
            line, in: &raster, x: left, y: y, size: IndexSheet.detailSize, color: IndexSheet.secondaryText,
            maxWidth: width)
        y += detail
        let screens = report.screens.map { screen -> String in
            let name = screen.name == String(screen.index) || screen.name.isEmpty ? "" : " \(screen.name)"
            return "\(screen.index + 1)\(name) (\(screen.issues.count))"
        }
        let screenLine =
            "\(report.screens.count) screen" + (report.screens.count == 1 ? "" : "s")
            + (screens.isEmpty ? "" : ": " + screens.joined(separator: ", "))
        text.draw(
            screenLine, in: &raster, x: left, y: y, size: IndexSheet.detailSize, color: IndexSheet.secondaryText,
            maxWidth: width)
        y += detail + 4
        var x = left
        for entry in legend {
            let chip = IndexSheet.legendChipWidth(entry.text, text: text)
            if x > left, x + chip > left + width {
                x = left
                y += detail + 4
            }
            raster.fill(PixelRect(x: x, y: y + 2, width: 14, height: 14), with: entry.color)
            text.draw(entry.text, in: &raster, x: x + 20, y: y, size: IndexSheet.detailSize, color: .black)
            x += chip
        }
        let ruleY = IndexSheet.margin + headerHeight - 8
        raster.fill(PixelRect(x: left, y: ruleY, width: width, height: 1), with: IndexSheet.frameColor)
    }
}
