/* Stand-in for GTK's gtkdebug.h, as in a release build: the solver's debug messages
 * (GTK_DEBUG=constraints) compile to nothing. */
#define GTK_DEBUG(type, ...) do { } while (0)
#define GTK_DEBUG_CHECK(type) 0
