// Process-wide set-up the `auditkit` executable does before any work (not the library: a library
// does not choose its host's allocator settings).
#include "CAuditImaging.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void CAuditImaging_limit_malloc_arenas(int arenas) {
#if defined(__GLIBC__)
    if (arenas > 0) mallopt(M_ARENA_MAX, arenas);
#else
    (void)arenas;
#endif
}
