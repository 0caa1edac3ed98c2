// jemalloc 5.x (Debian libjemalloc-dev: unprefixed symbols). Linking it makes jemalloc the
// process allocator; Metering reads its per-thread counters through `mallctl`
// (`thread.allocatedp`, `thread.deallocatedp`), see docs/architecture.md "Concurrency, isolation, measurement".
#ifndef STRUT_CJEMALLOC_SHIM_H
#define STRUT_CJEMALLOC_SHIM_H
#include <jemalloc/jemalloc.h>
#endif
