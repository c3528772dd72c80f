import AuditCLI
import CAuditImaging
import Foundation

// One malloc arena for the whole process (glibc's default is eight per core): the pictures are drawn
// on a few threads that each allocate and free megabytes, and every arena keeps the memory freed in it
// for its own threads only, so with an arena per thread the freed rasters of one cannot serve the
// next page or string of another. Measured on the 2,000-issue `audit` (2 cores): 79 MiB peak with
// glibc's default and 75 MiB with two arenas, no change in CPU time (2026-11-23); 2026-11-26, about
// 68 MiB with two arenas, of which the arenas held some 18 MiB freed against 6 MiB in use while the
// site and the summary were written, and 64 MiB with one, the same CPU time. Small blocks come from
// each thread's own cache, so the threads seldom wait for the one arena's lock.
CAuditImaging_limit_malloc_arenas(1)

// A write past `ulimit -f` must fail with EFBIG and the usual "cannot write" message (exit 73), not
// kill the tool silently with SIGXFSZ (exit 153).
signal(SIGXFSZ, SIG_IGN)

exit(AuditKitCLI.main(Array(CommandLine.arguments.dropFirst())))
