/* GTK 4's constraint solver (gtk/gtkconstraintsolver.c and gtk/gtkconstraintexpression.c, GNOME's
 * Cassowary, LGPL-2.1-or-later) behind Strut's outside-solver protocol (docs/adapter-protocol.md).
 * The solver's files are not part of Strut: scripts/gtk-adapter takes them from Debian's gtk4 source
 * package at set-up time and compiles them with this file (ours) and the stub headers beside it
 * (peers/gtk/stubs, ours) against GLib, as a release build (no G_ENABLE_DEBUG). Its profile is
 * scripts/gtk-adapter.profile.json.
 *
 * Mapping:
 *  - a constraint `E REL 0` is gtk_constraint_solver_add_constraint (solver, NULL, relation, expr,
 *    strength): GTK reads an inequality as `expr >= 0`, so `E <= 0` is passed as `-E >= 0`;
 *  - strengths are GTK's ints: required (1000) is GTK_CONSTRAINT_STRENGTH_REQUIRED, any other
 *    priority p round(1000 * 10^(6p/1000)), the weights of scripts/kiwi_adapter.py times 1000 (so
 *    they stay below GTK's STRONG, 1e9, and keep three more digits than whole numbers would);
 *  - an edit variable is gtk_constraint_solver_add_edit_variable; the solver enters its edit phase
 *    (begin_edit) with the first one and stays in it, and a new edit variable is suggested 0 at once
 *    (GTK's edit constraint starts at the variable's current value; the protocol's at 0, as Kiwi's);
 *  - suggest is suggest_value then resolve (GTK's dual simplex); removeEdit is remove_edit_variable.
 * GTK's solver cannot refuse anything: its add returns no error (an unsatisfiable required
 * constraint is dropped without a word in a release build), so every add is answered `ok`. Its
 * g_critical messages ("INTERNAL: ratio == DBL_MAX in dual_optimize", ...) are caught by a log
 * handler and turn the request's answer into an `error` outcome (kind internalError) carrying the
 * message, which also goes to standard error. "solverSeconds" is measured around GTK's calls. */

#include <glib.h>
#include <glib-object.h>
#include <stdio.h>

#include "gtkconstraintsolverprivate.h"
#include "gtkconstraintexpressionprivate.h"

#include "../common/strut_peer.h"

static GtkConstraintSolver *solver;
static GHashTable *variables;    /* name -> GtkConstraintVariable* (owned) */
static GPtrArray *order;         /* names, first use first (owned strings) */
static GHashTable *constraints;  /* id -> GtkConstraintRef* (owned by the solver) */
static GHashTable *edits;        /* names of the edit variables */
static gboolean editing;         /* the solver is in its edit phase */
static double spent;             /* seconds inside GTK's calls, this request */
static GString *criticals;       /* GTK's critical messages during this request */

static double started;
#define TIMED(call) do { started = sp_now(); call; spent += sp_now() - started; } while (0)

static void on_log(const char *domain, GLogLevelFlags level, const char *message, gpointer data) {
    (void)data;
    fprintf(stderr, "%s-%s: %s\n", domain ? domain : "GLib",
            (level & G_LOG_LEVEL_CRITICAL) ? "CRITICAL" : (level & G_LOG_LEVEL_WARNING) ? "WARNING" : "MESSAGE", message);
    if (level & (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING)) {
        if (criticals->len) g_string_append(criticals, "; ");
        g_string_append(criticals, message);
    }
}

/* GTK's failure 3 (known-findings/gtk/signatures.txt): a non-required inequality's error variable
 * is referenced once too few, so freeing a solver that ever held one releases it once too often
 * and damages the heap; the next session in this process would then abort in whichever glibc check
 * meets the damage, blamed on an innocent case. Such a solver is therefore not freed at a reset but
 * abandoned (kept, unused, until the process ends), and once the abandoned solvers hold more than
 * ABANDONED_LIMIT constraints the reset is refused, so that Strut starts a fresh process instead
 * (docs/adapter-protocol.md, "Reuse and reset"). Removing such an inequality frees the variable
 * while the tableau still holds it, so after one the reset is refused too: the damage stays with
 * the session that caused it. STRUT_GTK_FREE_ON_RESET=1 frees every solver, to show the damage
 * (scripts/check-gtk). */
#define ABANDONED_LIMIT 200000
static gboolean held_soft_inequality; /* the current solver ever held a non-required inequality */
static gboolean removed_soft_inequality; /* and this process removed one */
static GHashTable *soft_inequalities; /* ids of the non-required inequalities held (owned strings) */
static guint added;                   /* constraints added to the current solver */
static GPtrArray *abandoned;          /* solvers not freed at a reset (owned) */
static guint abandoned_constraints;

/* Forgets everything; FALSE when this process should not be reused (see above). */
static gboolean reset(void) {
    if (solver && held_soft_inequality && !g_getenv("STRUT_GTK_FREE_ON_RESET")) {
        if (!abandoned) abandoned = g_ptr_array_new();
        g_ptr_array_add(abandoned, solver);
        abandoned_constraints += added;
    } else if (solver) {
        g_object_unref(solver);
    }
    if (soft_inequalities) g_hash_table_destroy(soft_inequalities);
    soft_inequalities = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    held_soft_inequality = FALSE;
    added = 0;
    if (constraints) g_hash_table_destroy(constraints);
    if (edits) g_hash_table_destroy(edits);
    if (variables) g_hash_table_destroy(variables);
    if (order) g_ptr_array_free(order, TRUE);
    solver = gtk_constraint_solver_new();
    variables = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, (GDestroyNotify)gtk_constraint_variable_unref);
    order = g_ptr_array_new_with_free_func(g_free);
    constraints = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    edits = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    editing = FALSE;
    return abandoned_constraints <= ABANDONED_LIMIT && !removed_soft_inequality;
}

static GtkConstraintVariable *variable(const char *name) {
    GtkConstraintVariable *v = g_hash_table_lookup(variables, name);
    if (v) return v;
    char *own = g_strdup(name);
    v = gtk_constraint_solver_create_variable(solver, NULL, own, 0.0);
    g_ptr_array_add(order, own);
    g_hash_table_insert(variables, own, v);
    return v;
}

static int strength(double priority) {
    if (priority >= 1000) return GTK_CONSTRAINT_STRENGTH_REQUIRED;
    return (int)llround(1000.0 * sp_weight(priority));
}

/* The answer to a change: `outcome`, unless GTK logged a critical message meanwhile. */
static void answer(const char *outcome) {
    if (criticals->len) sp_answer_kind("error", criticals->str, "internalError", spent);
    else sp_answer(outcome, NULL, spent);
}

static void add(const char *text, const char *id) {
    sp_constraint c;
    const char *problem = NULL;
    if (g_hash_table_contains(constraints, id)) { answer("duplicate"); return; }
    if (!sp_parse_constraint(text, &c, &problem)) {
        char *message = g_strdup_printf("bad constraint '%s': %s", text, problem);
        sp_answer("error", message, 0);
        g_free(message);
        return;
    }
    double sign = c.relation == SP_LE ? -1.0 : 1.0;
    GtkConstraintExpression *expression = gtk_constraint_expression_new(sign * c.constant);
    for (int i = 0; i < c.count; i++)
        gtk_constraint_expression_add_variable(expression, variable(c.names[i]), sign * c.coefficients[i], NULL, NULL);
    GtkConstraintRelation relation = c.relation == SP_EQ ? GTK_CONSTRAINT_RELATION_EQ : GTK_CONSTRAINT_RELATION_GE;
    GtkConstraintRef *ref;
    TIMED(ref = gtk_constraint_solver_add_constraint(solver, NULL, relation, expression, strength(c.priority)));
    if (relation == GTK_CONSTRAINT_RELATION_GE && c.priority < 1000) {
        held_soft_inequality = TRUE;
        g_hash_table_add(soft_inequalities, g_strdup(id));
    }
    added++;
    sp_constraint_free(&c);
    g_hash_table_insert(constraints, g_strdup(id), ref);
    answer("ok");
}

/* A removal GTK complained about (a g_critical) is answered as an error, which the protocol reads
 * as "not done", so the id stays held; but GTK has freed its reference, so the id is kept with
 * none (NULL) and a later removal of it answers the same error without calling GTK again. */
static void remove_constraint(const char *id) {
    gpointer ref;
    if (!g_hash_table_lookup_extended(constraints, id, NULL, &ref)) { answer("unknown"); return; }
    if (!ref) {
        sp_answer_kind("error", "GTK freed this constraint in an earlier removal that failed", "internalError", 0);
        return;
    }
    if (g_hash_table_remove(soft_inequalities, id)) removed_soft_inequality = TRUE;
    TIMED(gtk_constraint_solver_remove_constraint(solver, ref));
    if (criticals->len) g_hash_table_insert(constraints, g_strdup(id), NULL);
    else g_hash_table_remove(constraints, id);
    answer("ok");
}

static void edit(const char *name, double priority) {
    if (g_hash_table_contains(edits, name)) { answer("duplicate"); return; }
    if (priority >= 1000) { answer("badPriority"); return; }
    GtkConstraintVariable *v = variable(name);
    TIMED(gtk_constraint_solver_add_edit_variable(solver, v, strength(priority)));
    g_hash_table_add(edits, g_strdup(name));
    if (!editing) {
        TIMED(gtk_constraint_solver_begin_edit(solver));
        editing = TRUE;
    }
    TIMED(gtk_constraint_solver_suggest_value(solver, v, 0.0); gtk_constraint_solver_resolve(solver));
    answer("ok");
}

static void suggest(const sp_json *values) {
    for (int i = 0; i < values->count; i++) {
        if (!g_hash_table_contains(edits, values->keys[i])) { answer("unknown"); return; }
        if (values->items[i].type != SP_NUMBER) { sp_answer("error", "a suggested value must be a number", 0); return; }
    }
    for (int i = 0; i < values->count; i++) {
        GtkConstraintVariable *v = variable(values->keys[i]);
        double value = values->items[i].number;
        TIMED(gtk_constraint_solver_suggest_value(solver, v, value));
    }
    TIMED(gtk_constraint_solver_resolve(solver));
    answer("ok");
}

static void remove_edit(const char *name) {
    if (!g_hash_table_contains(edits, name)) { answer("unknown"); return; }
    TIMED(gtk_constraint_solver_remove_edit_variable(solver, variable(name)));
    g_hash_table_remove(edits, name);
    answer("ok");
}

static void check(void) {
    fputs("{\"values\":{", sp_out);
    for (guint i = 0; i < order->len; i++) {
        const char *name = g_ptr_array_index(order, i);
        if (i) fputc(',', sp_out);
        sp_put_string(sp_out, name);
        fputc(':', sp_out);
        sp_put_number(sp_out, gtk_constraint_variable_get_value(g_hash_table_lookup(variables, name)));
    }
    fputs("},\"solverSeconds\":", sp_out);
    sp_put_number(sp_out, spent);
    fputs("}\n", sp_out);
    fflush(sp_out);
}

static const char *text(const sp_json *v) { return v && v->type == SP_STRING ? v->string : NULL; }

static void handle(const sp_json *request) {
    const sp_json *member;
    double priority;
    if (request->type != SP_OBJECT) { sp_answer("error", "a request must be a JSON object", 0); return; }
    if (sp_get(request, "reset")) {
        if (reset()) sp_answer("ok", NULL, 0);
        else sp_answer_kind("error", removed_soft_inequality
                                ? "this process removed a non-required inequality (GTK failure 3 may have damaged its heap): start a fresh one"
                                : "this process holds too many solvers it could not free (GTK failure 3): start a fresh one",
                            "internalError", 0);
        return;
    }
    if ((member = sp_get(request, "add"))) {
        const char *id = text(sp_get(request, "id"));
        if (!text(member) || !id) { sp_answer("error", "add needs a constraint text and a string id", 0); return; }
        add(member->string, id);
    } else if ((member = sp_get(request, "remove"))) {
        if (!text(member)) { sp_answer("error", "remove needs a string id", 0); return; }
        remove_constraint(member->string);
    } else if ((member = sp_get(request, "edit"))) {
        if (!text(member) || !sp_priority(sp_get(request, "priority"), &priority)) {
            sp_answer("error", "edit needs a variable name and a priority", 0);
            return;
        }
        edit(member->string, priority);
    } else if ((member = sp_get(request, "suggest"))) {
        if (member->type != SP_OBJECT) { sp_answer("error", "suggest needs an object of values", 0); return; }
        suggest(member);
    } else if ((member = sp_get(request, "removeEdit"))) {
        if (!text(member)) { sp_answer("error", "removeEdit needs a variable name", 0); return; }
        remove_edit(member->string);
    } else if (sp_get(request, "check")) {
        check();
    } else {
        sp_answer("error", "unknown request", 0);
    }
}

int main(int argc, char **argv) {
    int status = sp_begin(argc, argv);
    if (status != 0) return status;
    criticals = g_string_new(NULL);
    g_log_set_default_handler(on_log, NULL);
    reset();
    char *line = NULL;
    size_t capacity = 0;
    while (sp_read_line(&line, &capacity)) {
        sp_json request;
        const char *problem = NULL;
        if (!line[strspn(line, " \t\r")]) continue;
        spent = 0;
        g_string_truncate(criticals, 0);
        if (!sp_json_parse(line, &request, &problem)) {
            char *message = g_strdup_printf("the request is not JSON: %s", problem);
            sp_answer("error", message, 0);
            g_free(message);
            continue;
        }
        handle(&request);
        sp_json_free(&request);
    }
    free(line);
    return 0;
}
