/* Stand-in for <gtk/gtktypes.h>: the solver files need only GLib's types from it. */
#include <glib-object.h>
