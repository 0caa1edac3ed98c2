/* Stand-in for the config.h GTK's build generates: the solver files need none of its settings. */
