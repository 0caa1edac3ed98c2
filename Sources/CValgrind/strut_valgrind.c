#include "strut_valgrind.h"
#include <signal.h>
#include <stdlib.h>
#if defined(__linux__)
#include <sys/personality.h>
#endif
#include <valgrind/callgrind.h>

int strut_running_on_valgrind(void) { return (int)RUNNING_ON_VALGRIND; }
void strut_callgrind_start_instrumentation(void) { CALLGRIND_START_INSTRUMENTATION; }
void strut_callgrind_stop_instrumentation(void) { CALLGRIND_STOP_INSTRUMENTATION; }
void strut_callgrind_zero_stats(void) { CALLGRIND_ZERO_STATS; }
void strut_callgrind_toggle_collect(void) { CALLGRIND_TOGGLE_COLLECT; }
void strut_callgrind_dump_stats_at(const char *name) { CALLGRIND_DUMP_STATS_AT(name); }

int strut_planted_slowdown_percent(void) {
    const char *text = getenv("STRUT_PLANTED_SLOWDOWN");
    if (text == NULL || *text == '\0') return 0;
    char *end = NULL;
    long value = strtol(text, &end, 10);
    if (*end != '\0' || value < 0 || value > 1000) return 0;
    return (int)value;
}

int strut_disable_address_randomization(void) {
#if defined(__linux__)
    int current = personality(0xffffffff);
    if (current == -1) return -1;
    return personality((unsigned long)current | ADDR_NO_RANDOMIZE) == -1 ? -1 : 0;
#else
    return -1;
#endif
}

static volatile sig_atomic_t strut_sigint = 0;
static void strut_on_sigint(int signo) { (void)signo; strut_sigint = 1; }

void strut_watch_sigint(void) {
    struct sigaction action;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    action.sa_handler = strut_on_sigint;
    sigaction(SIGINT, &action, NULL);
}

int strut_sigint_seen(void) { return (int)strut_sigint; }
