/* Stand-in for GTK's gtkprivate.h: gtkconstraintsolver.c includes it but uses none of it. */
