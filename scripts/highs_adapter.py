#!/usr/bin/env python3
"""HiGHS (the highspy package) behind Strut's outside-solver protocol, as a lexicographic LP.

Not a Cassowary: a general LP solver, asked for what Strut's semantics ask (docs/architecture.md).
One HiGHS model holds a free column per variable, a row per required constraint, and per
preference (a non-required constraint or an edit variable, `v == suggested`) a row with
nonnegative error columns: `E - e+ + e- == 0` for an equality (error e+ + e-, so |E| is minimised),
`E + e- >= 0` for `E >= 0` and `E - e+ <= 0` for `E <= 0` (one-sided errors). A check solves one LP
per priority level, highest first: minimise the level's summed error, then fix it
(`sum <= optimum + 1e-9 * max(1, |optimum|)`) before the next level; the fixing rows are dropped
after the check. A check starts from scratch (HiGHS's basis cleared), so its answer depends on the
model alone, not on the requests that led to it (a refused add leaves no trace); the later levels
start from the last level's basis. A required add is answered by a feasibility solve (zero
objective, warm-started; retried from scratch when HiGHS ends without an answer): infeasible is `unsatisfiable` (no conflict set;
the add is undone), anything else keeps it. Soft adds, removals, edits and suggestions change the
model without solving. Run it through scripts/highs-adapter, which provides a virtual environment
with highspy installed:

    strut solve-system FILE --strategy external:scripts/highs-adapter

"solverSeconds" is the time inside highspy calls. HiGHS writes its banner and log to the process's
standard output, so the protocol goes out on a duplicate of it and descriptor 1 is pointed at
standard error before highspy is imported. HiGHS's own limits are widened so that it solves the
problem it is given: `infinite_bound` 1e300 (a bound of 1e20 is otherwise infinite),
`small_matrix_value` 1e-12 (coefficients below 1e-9 are otherwise dropped), `large_matrix_value`
1e20; feasibility tolerances 1e-9 (default 1e-7). What it promises is
scripts/highs-adapter.profile.json.
"""

import math
import os
import sys

# The protocol's stream, before anything can write to descriptor 1.
sys.stdout = os.fdopen(os.dup(1), "w")
os.dup2(2, 1)

import highspy  # noqa: E402

from strut_adapter import SolverAdapter, parse_constraint, serve  # noqa: E402

INF = math.inf
ANSWERS = (highspy.HighsModelStatus.kOptimal, highspy.HighsModelStatus.kInfeasible, highspy.HighsModelStatus.kModelEmpty)
OPTIONS = {"output_flag": False, "log_to_console": False, "infinite_bound": 1e300, "infinite_cost": 1e300,
           "small_matrix_value": 1e-12, "large_matrix_value": 1e20,
           "primal_feasibility_tolerance": 1e-9, "dual_feasibility_tolerance": 1e-9, "threads": 1}


class Adapter(SolverAdapter):
    def reset(self):
        super().reset()
        self.solver = highspy.Highs()
        for name, value in OPTIONS.items():
            self.solver.setOptionValue(name, value)
        self.columns = []      # per column, in HiGHS's order: ("x", name) or ("e", key, k)
        self.rows = []         # per row: its owner key (a constraint id, or ("edit", name))
        self.column_index = {}
        self.row_index = {}
        self.preferences = {}  # key -> (priority, [error column owners])
        self.edits = set()

    # -- bookkeeping of HiGHS's positional indices

    def _reindex(self):
        self.column_index = {owner: k for k, owner in enumerate(self.columns)}
        self.row_index = {owner: k for k, owner in enumerate(self.rows)}

    def _add_column(self, owner, lower):
        self.call(self.solver.addCol, 0.0, lower, INF, 0, [], [])
        self.column_index[owner] = len(self.columns)
        self.columns.append(owner)

    def new_variable(self, name):
        self._add_column(("x", name), -INF)
        return ("x", name)

    def _add_row(self, key, lower, upper, entries):
        indices = [self.column_index[owner] for owner, _ in entries]
        values = [value for _, value in entries]
        self.call(self.solver.addRow, lower, upper, len(indices), indices, values)
        self.row_index[key] = len(self.rows)
        self.rows.append(key)

    def _delete(self, key):
        """Deletes the row of `key` and its error columns."""
        self.call(self.solver.deleteRows, 1, [self.row_index[key]])
        self.rows.remove(key)
        _, errors = self.preferences.pop(key, (None, []))
        if errors:
            self.call(self.solver.deleteCols, len(errors), [self.column_index[e] for e in errors])
            for e in errors:
                self.columns.remove(e)
        self._reindex()

    def _preference(self, key, priority, relation, entries, lower, upper):
        """A soft row: entries plus its error columns (e+ with -1, e- with +1, as the relation needs)."""
        errors = []
        if relation in ("==", "<="):
            errors.append((("e", key, "+"), -1.0))
        if relation in ("==", ">="):
            errors.append((("e", key, "-"), 1.0))
        for owner, _ in errors:
            self._add_column(owner, 0.0)
        self.preferences[key] = (priority, [owner for owner, _ in errors])
        self._add_row(key, lower, upper, entries + errors)

    def _status(self, cold=False):
        """Solves; a warm start that ends without an answer (HiGHS's `Unknown`, as on
        x + 1e-6*y == 0 then x == 1) is retried from scratch."""
        if cold:
            self.call(self.solver.clearSolver)
        self.call(self.solver.run)
        status = self.solver.getModelStatus()
        if not cold and status not in ANSWERS:
            return self._status(cold=True)
        return status

    # -- the protocol

    def add(self, text, cid):
        terms, constant, relation, priority = parse_constraint(text)
        combined = {}
        for name, c in terms:
            combined[("x", name)] = combined.get(("x", name), 0.0) + c
        for name, _ in terms:
            self.variable(name)
        entries = [(owner, c) for owner, c in combined.items() if c != 0.0]
        lower = -constant if relation in ("==", ">=") else -INF
        upper = -constant if relation in ("==", "<=") else INF
        if priority < 1000:
            self._preference(cid, priority, relation, entries, lower, upper)
            self.constraints[cid] = text
            return {"outcome": "ok"}
        if not entries:
            # No variables (`0 >= 1`): arithmetic decides, HiGHS would see an empty model.
            if not lower <= 0.0 <= upper:
                return {"outcome": "unsatisfiable"}
            self._add_row(cid, lower, upper, entries)
            self.constraints[cid] = text
            return {"outcome": "ok"}
        self._add_row(cid, lower, upper, entries)
        status = self._status()
        if status == highspy.HighsModelStatus.kInfeasible:
            self._delete(cid)
            return {"outcome": "unsatisfiable"}
        if status not in (highspy.HighsModelStatus.kOptimal, highspy.HighsModelStatus.kModelEmpty):
            self._delete(cid)
            return {"outcome": "error", "error": "internalError",
                    "message": "HiGHS: %s" % self.solver.modelStatusToString(status)}
        self.constraints[cid] = text
        return {"outcome": "ok"}

    def remove(self, cid):
        self._delete(cid)
        del self.constraints[cid]
        return {"outcome": "ok"}

    def edit(self, name, priority):
        refused = self.edit_refused(name, priority)
        if refused:
            return refused
        self.variable(name)
        self._preference(("edit", name), priority, "==", [(("x", name), 1.0)], 0.0, 0.0)
        self.edits.add(name)
        return {"outcome": "ok"}

    def suggest(self, values):
        if not all(name in self.edits for name in values):
            return {"outcome": "unknown"}
        for name, value in values.items():
            self.call(self.solver.changeRowBounds, self.row_index[("edit", name)], float(value), float(value))
        return {"outcome": "ok"}

    def remove_edit(self, name):
        if name not in self.edits:
            return {"outcome": "unknown"}
        self._delete(("edit", name))
        self.edits.discard(name)
        return {"outcome": "ok"}

    def values(self):
        """The lexicographic solve: one LP per level, highest first, each optimum fixed."""
        levels = sorted({priority for priority, _ in self.preferences.values()}, reverse=True)
        fixed_rows, fixed_columns = 0, []
        solution = None
        try:
            if not levels:
                self._status(cold=True)
                solution = self.solver.getSolution().col_value
            for n, level in enumerate(levels):
                columns = [self.column_index[e] for p, errors in self.preferences.values() if p == level for e in errors]
                ones = [1.0] * len(columns)
                self.call(self.solver.changeColsCost, len(columns), columns, ones)
                status = self._status(cold=n == 0)
                # Read the answer before the model changes again (a change clears it).
                result = self.solver.getSolution()
                optimum = self.solver.getInfo().objective_function_value
                self.call(self.solver.changeColsCost, len(columns), columns, [0.0] * len(columns))
                if status != highspy.HighsModelStatus.kOptimal:
                    print("highs-adapter: level %g: %s; later levels not optimised" %
                          (level, self.solver.modelStatusToString(status)), file=sys.stderr)
                    break
                solution = list(result.col_value)
                # Fix the level: an error column at 0 with a positive reduced cost is 0 in every
                # optimal solution, so its bound is closed exactly; the rest keep their sum at the optimum.
                duals = result.col_dual
                zero = [k for k in columns if duals[k] > 1e-9 and solution[k] <= 1e-12]
                if zero:
                    self.call(self.solver.changeColsBounds, len(zero), zero, [0.0] * len(zero), [0.0] * len(zero))
                    fixed_columns += zero
                closed = set(zero)
                rest = [k for k in columns if k not in closed]
                if rest:
                    self.call(self.solver.addRow, -INF, max(optimum, 0.0), len(rest), rest, [1.0] * len(rest))
                    fixed_rows += 1
        finally:
            if fixed_rows:
                first = len(self.rows)
                self.call(self.solver.deleteRows, fixed_rows, list(range(first, first + fixed_rows)))
            if fixed_columns:
                self.call(self.solver.changeColsBounds, len(fixed_columns), fixed_columns,
                          [0.0] * len(fixed_columns), [INF] * len(fixed_columns))
        values = {}
        for name in self.variables:
            k = self.column_index[("x", name)]
            values[name] = solution[k] if solution is not None and k < len(solution) else math.nan
        return values


if __name__ == "__main__":
    serve(Adapter)
