import AuditKit
import Foundation

/// `auditkit extract`: reads reports and prints every issue; optionally writes the images.
enum ExtractCommand: Command {
    static let name = "extract"
    static let abstract = "Read Accessibility Inspector reports and list every issue (and write their images)."
    static let operands = Operands.oneOrMore("REPORT")
    static let discussion = """
        REPORT is an Inspector report: the saved HTML page, its bare JSON payload or the text export (the
        format is detected from the content). Several reports may be given; one that cannot be read is
        reported on stderr and the others are still processed.

        --thumbnails DIR writes issue_01.jpg ... (zero-padded to the width of the issue count) and
        screen_1.jpg ... byte for byte as decoded from the report. With several reports, each gets its own
        folder DIR/<report file name without extension>/. Files are written atomically and replaced only
        when their content differs, so re-extracting is idempotent. Images with a problem are not written.

        EXAMPLES:
          auditkit extract Reports/AuditReport_2026-01-02_11-02-25.html
          auditkit extract Reports/*.html --format json > issues.json
          auditkit extract report.html --thumbnails evidence/

        Exit status: 0 all read, 65 a report is malformed or over a limit, 66 a report is missing,
        73 an image file could not be written, 64 bad usage.
        """
    static let options: [OptionSpec] = [
        format.spec, thumbnails.spec, HistoryInputs.auditDate.spec,
    ]

    /// `--format text|json|markdown|csv`.
    static let format: Option<ListingFormat> = .choice(
        "--format", "-f", default: .text, help: "Output format: text (default), json, markdown or csv.")
    /// `--thumbnails DIR`.
    static let thumbnails: Option<String?> = .text(
        "--thumbnails", value: "DIR", help: "Write issue_NN.jpg and screen_N.jpg into DIR.")
    static func run(_ context: CommandContext) throws -> ExitStatus {
        let arguments = context.arguments
        let terminal = context.terminal
        let format = try arguments[Self.format]
        var options = ReportReader.Options()
        // Only the JSON listing shows the report's SHA-256; the other formats skip computing it.
        options.computeDigest = format == .json
        options.auditDateUnlessNamed = try HistoryInputs.reading(arguments).auditDateUnlessNamed
        let thumbnails = arguments[Self.thumbnails]
        // A glob over the reports folder names the tool's own pages too (`Reports/*.html`): skipped with a
        // note, as `ingest` and `summary` skip them.
        let paths = arguments.positional.filter { path in
            guard let reason = AuditIngest.ownOutput(path) else { return true }
            terminal.message(AuditIngest.ReportFiles.Skipped(path: path, reason: reason).note)
            return false
        }
        var usedFolders: Set<String> = []
        var entries: [ListingEntry] = []
        var parts: [String] = []
        var status = ExitStatus.success
        for (k, path) in paths.enumerated() {
            if paths.count > 1 { terminal.progress("reading \(k + 1)/\(paths.count) \(path)") }
            do {
                let report: InspectorReport
                var files: Result<EvidenceExport.Result, AuditError>?
                var part: String?
                if let thumbnails {
                    var folder = thumbnails
                    if paths.count > 1 {
                        // Folder names come from the file names the user gave, never from report strings.
                        let name = InspectorReport.baseName(of: path)
                        var base = name.isEmpty ? "report" : name
                        if base.hasPrefix(".") { base = "_" + base }
                        var candidate = base
                        var counter = 2
                        while usedFolders.contains(candidate) {
                            candidate = "\(base)-\(counter)"
                            counter += 1
                        }
                        usedFolders.insert(candidate)
                        folder = EvidencePaths(directory: thumbnails).directory + "/" + candidate
                    }
                    // The listing is rendered while the images are written.
                    (report, files) = try EvidenceExport.read(
                        path: path, options: options, writingImagesTo: folder, namedByUser: paths.count == 1
                    ) { report in
                        part = ReportListing.part(of: report, format: format)
                    }
                } else {
                    report = try ReportReader.read(path: path, options: options)
                    part = ReportListing.part(of: report, format: format)
                }
                terminal.warnings(of: report)
                var entry = ListingEntry(path: path, report: report)
                switch files {
                case .success(let written):
                    entry.files = written
                    for skipped in written.skipped {
                        terminal.warning("not written: \(skipped)", in: path)
                    }
                case .failure(let error):
                    terminal.error(error.description)
                    status = worse(status, error.exitStatus)
                case nil:
                    break
                }
                if let part { parts.append(part) }
                entries.append(entry)
            } catch let error as AuditError {
                terminal.error(error.description)
                entries.append(ListingEntry(path: path, error: error))
                status = worse(status, error.exitStatus)
            }
        }
        terminal.endProgress()
        let output =
            format == .json
            ? ReportListing.render(entries, format: format) : ReportListing.combine(parts, format: format)
        if !output.isEmpty { terminal.out(output) }
        return status
    }

    /// Missing input (66) outranks bad input (65); a write failure (73) outranks both.
    private static func worse(_ a: ExitStatus, _ b: ExitStatus) -> ExitStatus {
        func rank(_ s: ExitStatus) -> Int {
            switch s {
            case .success: return 0
            case .dataError: return 1
            case .noInput: return 2
            default: return 3
            }
        }
        return rank(b) > rank(a) ? b : a
    }
}
