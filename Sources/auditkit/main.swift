import AuditCLI
import CAuditImaging
import Foundation

// How many malloc arenas (glibc's default is eight per core). A command that draws the evidence
// pictures (`audit`, `ingest`, `sheet`, `overlay`) gets one: its picture threads each allocate and free
// megabytes, and an arena keeps what was freed in it for its own threads, so with an arena per thread
// the freed rasters of one cannot serve the page, summary and log another writes next. Measured on the
// 2,000-issue `audit` (2 cores): 79 MiB peak with glibc's default and 75 MiB with two arenas
// (2026-11-23); 2026-11-26, about 68 MiB with two arenas, of which some 18 MiB freed against 6 MiB in
// use while the site and the summary were written, and 64 MiB with one, the same CPU time. Every other
// command keeps one arena per core: `trend` over a 1,000-report history, whose judgement allocates on
// both cores at once, took 1.2x the time with one.
let arguments = Array(CommandLine.arguments.dropFirst())
CAuditImaging_limit_malloc_arenas(
    AuditKitCLI.drawsPictures(arguments) ? 1 : Int32(ProcessInfo.processInfo.activeProcessorCount))

// A write past `ulimit -f` must fail with EFBIG and the usual "cannot write" message (exit 73), not
// kill the tool silently with SIGXFSZ (exit 153).
signal(SIGXFSZ, SIG_IGN)

exit(AuditKitCLI.main(arguments))
