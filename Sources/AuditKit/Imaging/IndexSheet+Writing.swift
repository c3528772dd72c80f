import Foundation

/// What writing an index sheet produced.
public struct IndexSheetOutput: Sendable {
    /// The files written, one per page, in page order.
    public var paths: [String]
    /// Issues drawn as placeholders and why, in issue order.
    public var imageProblems: [IndexSheetImageProblem]
}

extension IndexSheet {
    /// The files the pages go to. Without `outputPath`: `index_sheet.png` in the evidence folder, or
    /// `index_sheet_1.png`, ... when there are several pages. With it: that path, or `name_1.ext`, ...
    /// for several pages. A `.jpg`/`.jpeg` extension means JPEG.
    public static func outputPaths(pageCount: Int, outputPath: String?, evidence: EvidencePaths) -> [String] {
        guard let outputPath else {
            if pageCount == 1 { return [evidence.indexSheet()] }
            return (1...pageCount).map { evidence.indexSheet(page: $0) }
        }
        if pageCount == 1 { return [outputPath] }
        let base = PathName.deletingExtension(outputPath), ext = PathName.fileExtension(outputPath)
        return (1...pageCount).map { base + "_\($0)" + (ext.isEmpty ? "" : "." + ext) }
    }

    /// Whether `path` asks for JPEG output.
    public static func wantsJPEG(_ path: String) -> Bool {
        ["jpg", "jpeg"].contains(PathName.fileExtension(path).lowercased())
    }

    /// Renders and encodes every page (pages spread over all cores), then writes each file
    /// atomically, creating the folder when needed. The pages can be drawn again, so none is fsynced.
    /// - Parameters:
    ///   - outputPath: `-o PATH`, which the user named (a symbolic link there, or on the way to it, is
    ///     followed; one at a page named after it is refused), or nil for `index_sheet.png` (or pages) in
    ///     `evidence`.
    ///   - evidence: the report's evidence folder; stale pages of a larger earlier run are removed
    ///     from it when `outputPath` is nil. Unless the user named it, a link there is refused, as is
    ///     a link in place of a page.
    /// - Throws: `AuditError` when a file cannot be written or a page cannot be encoded.
    public func write(to outputPath: String? = nil, evidence: EvidencePaths) throws -> IndexSheetOutput {
        // `-o` in the folder its links lead to: the pages named after it are written refusing links.
        let outputPath = outputPath.map(Symlinks.namedFile)
        let paths = IndexSheet.outputPaths(pageCount: pageCount, outputPath: outputPath, evidence: evidence)
        let folder = PathName.parent(paths[0])
        if !folder.isEmpty, outputPath == nil || !FileManager.default.fileExists(atPath: folder) {
            try AtomicFile.makeDirectory(folder, namedByUser: outputPath != nil || evidence.namedByUser)
        }
        // Each page is written as soon as it is encoded, so no more pages are held than are drawn.
        let written = encodedPages(paths: paths) { index, page -> Result<[IndexSheetImageProblem], AuditError> in
            do {
                try AtomicFile.write(
                    page.data, to: paths[index], onlyIfChanged: true, durability: .regenerable,
                    namedByUser: paths[index] == outputPath)
                return .success(page.problems)
            } catch let error as AuditError {
                return .failure(error)
            } catch {
                return .failure(AuditError(.cannotWrite, "cannot write the file", path: paths[index]))
            }
        }
        var problems: [IndexSheetImageProblem] = []
        for (index, result) in written.enumerated() {
            switch result {
            case .success(.success(let pageProblems)): problems += pageProblems
            case .success(.failure(let error)): throw error
            case .failure(let error):
                throw AuditError(
                    .internalError, "cannot encode index sheet page \(index + 1)", path: paths[index],
                    cause: error.description)
            }
        }
        if outputPath == nil { removeStalePages(keeping: paths, in: evidence) }
        return IndexSheetOutput(paths: paths, imageProblems: problems)
    }

    /// Removes index sheet pages a previous, larger run left in the report's evidence folder (only
    /// there: a folder the user chose with `-o` is left alone), so no stale page is mistaken for
    /// this report's.
    private func removeStalePages(keeping paths: [String], in evidence: EvidencePaths) {
        var candidates = [evidence.indexSheet()]
        var page = 1
        while FileManager.default.fileExists(atPath: evidence.indexSheet(page: page)) || page <= pageCount {
            candidates.append(evidence.indexSheet(page: page))
            page += 1
        }
        let kept = Set(paths.map { ($0 as NSString).standardizingPath })
        for candidate in candidates where !kept.contains((candidate as NSString).standardizingPath) {
            try? FileManager.default.removeItem(atPath: candidate)
        }
    }

    /// One encoded page and the placeholders it holds.
    public struct EncodedPage: Sendable {
        /// The PNG or JPEG bytes.
        public var data: Data
        /// The placeholders on the page.
        public var problems: [IndexSheetImageProblem]
    }

    /// Every page rendered and encoded (PNG, or JPEG when its path says so), in page order.
    /// Nothing is written; the benchmark uses this.
    public func encodedPages(paths: [String]) -> [Result<EncodedPage, ImageCodecError>] {
        encodedPages(paths: paths) { _, page in page }
    }

    /// Every page rendered, encoded and handed to `consume` on the thread that drew it, pages in
    /// parallel within the memory budget; `consume`'s results in page order. A page's pixels and bytes
    /// are released once `consume` returns.
    func encodedPages<Output: Sendable>(
        paths: [String], consume: @escaping @Sendable (Int, EncodedPage) -> Output
    ) -> [Result<Output, ImageCodecError>] {
        // A PNG page is drawn and encoded band by band; a JPEG one (`-o sheet.jpg`) is drawn whole.
        let encode: @Sendable (Int, Bool) -> Result<Output, ImageCodecError> = { index, parallelCells in
            do throws(ImageCodecError) {
                guard IndexSheet.wantsJPEG(paths[index]) else {
                    return .success(consume(index, try self.encodedPNG(page: index, parallelCells: parallelCells)))
                }
                let page = self.renderPage(index, parallelCells: parallelCells)
                let data = try JPEGCodec.encode(page.raster, quality: self.options.jpegQuality)
                return .success(consume(index, EncodedPage(data: data, problems: page.imageProblems)))
            } catch {
                return .failure(error)
            }
        }
        let cost = { (index: Int) in self.estimatedBytes(page: index, whole: IndexSheet.wantsJPEG(paths[index])) }
        // One page: its cells are decoded and scaled on all cores. Several: one page per core from
        // start to finish (measured faster than drawing pages cell-parallel one after the other
        // even for 3 pages on 2 cores), and only as many pages as the memory budget allows are held.
        if pageCount == 1 {
            MemoryBudget.shared.acquire(cost(0))
            defer { MemoryBudget.shared.release(cost(0)) }
            return [encode(0, true)]
        }
        return ParallelWork.map(Array(0..<pageCount), parallel: true, cost: cost) { _, index in encode(index, false) }
    }
}
