// Valgrind client requests for Strut's instruction meter (`strut bench --meter instructions`).
// The requests are no-ops (a few instructions) outside valgrind. The header of the Debian package
// `valgrind` (<valgrind/callgrind.h>) is needed to build; scripts/lib.sh installs it.
#ifndef STRUT_VALGRIND_H
#define STRUT_VALGRIND_H

/// Nonzero when the process runs under valgrind (RUNNING_ON_VALGRIND).
int strut_running_on_valgrind(void);
/// CALLGRIND_START_INSTRUMENTATION / CALLGRIND_STOP_INSTRUMENTATION.
void strut_callgrind_start_instrumentation(void);
void strut_callgrind_stop_instrumentation(void);
/// CALLGRIND_ZERO_STATS: the cost counters start again from zero.
void strut_callgrind_zero_stats(void);
/// CALLGRIND_TOGGLE_COLLECT: collection on when it was off, off when it was on.
void strut_callgrind_toggle_collect(void);
/// CALLGRIND_DUMP_STATS_AT(name): writes the counts so far to the next dump file
/// (`<out-file>.<n>`, n counting dumps from 1) before the request returns.
void strut_callgrind_dump_stats_at(const char *name);
/// Turns address-space randomisation off for this process and the programs it executes
/// (personality ADDR_NO_RANDOMIZE): hash tables keyed by addresses then do the same work on every
/// run. 0 on success, -1 when the system refuses.
int strut_disable_address_randomization(void);
/// The percentage of extra work the planted slowdown adds (`STRUT_PLANTED_SLOWDOWN`, an integer
/// 0-1000; 0 when unset or malformed). Read by the caller once.
int strut_planted_slowdown_percent(void);
/// Records SIGINT in a flag instead of ending the process (the metered child: no signal thread,
/// whose start would depend on timing and move the heap); `strut_sigint_seen` reads it.
void strut_watch_sigint(void);
int strut_sigint_seen(void);

#endif
