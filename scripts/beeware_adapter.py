#!/usr/bin/env python3
"""The BeeWare `cassowary` package (0.5.2, pure Python) behind Strut's outside-solver protocol.

Speaks the same protocol as kiwi_adapter.py (docs/adapter-protocol.md; parser and request loop in
scripts/strut_adapter.py). Run it through scripts/beeware-adapter, which provides a virtual
environment with the package installed:

    strut solve-system FILE --strategy external:scripts/beeware-adapter

Priorities: required (1000) is the package's REQUIRED strength; any other UIKit priority p is the
strength 10^(6p/1000), the weights Kiwi's adapter uses (the package multiplies strength by weight
into one objective: weights, not levels). An edit variable at a required priority is `badPriority`
(as in Kiwi). A suggestion is the package's suggest_value followed by resolve() (its dual simplex).

Outcomes: RequiredFailure is `unsatisfiable` without a conflict set (the package names none);
an unknown id is `unknown`, an id or edit variable already held `duplicate`; any other exception
(the package's InternalError, a Python error inside it) is `{"outcome": "error", "message": ...}`.
What the package promises is in scripts/beeware-adapter.profile.json.
"""

import cassowary

from strut_adapter import SolverAdapter, parse_constraint, serve, weight

RELATIONS = {"==": cassowary.expression.Constraint.EQ, "<=": cassowary.expression.Constraint.LEQ,
             ">=": cassowary.expression.Constraint.GEQ}


def strength(priority):
    """The package's strength for a UIKit priority: REQUIRED at 1000, else 10^(6p/1000)."""
    return cassowary.REQUIRED if priority >= 1000 else weight(priority)


class Adapter(SolverAdapter):
    def reset(self):
        super().reset()
        self.solver = cassowary.SimplexSolver()
        self.edits = set()     # names of the edit variables

    def new_variable(self, name):
        return cassowary.Variable(name)

    def remove(self, cid):
        self.call(self.solver.remove_constraint, self.constraints.pop(cid))
        return {"outcome": "ok"}

    def edit(self, name, priority):
        refused = self.edit_refused(name, priority)
        if refused:
            return refused
        self.call(self.solver.add_edit_var, self.variable(name), strength(priority))
        self.edits.add(name)
        return {"outcome": "ok"}

    def suggest(self, values):
        for name in values:
            if name not in self.edits:
                return {"outcome": "unknown"}
        for name, value in values.items():
            self.call(self.solver.suggest_value, self.variables[name], float(value))
        self.call(self.solver.resolve)
        return {"outcome": "ok"}

    def remove_edit(self, name):
        if name not in self.edits:
            return {"outcome": "unknown"}
        self.call(self.solver.remove_edit_var, self.variables[name])
        self.edits.discard(name)
        return {"outcome": "ok"}

    def values(self):
        return {name: v.value for name, v in self.variables.items()}

    def add(self, text, cid):
        terms, constant, relation, priority = parse_constraint(text)
        expression = cassowary.expression.Expression(constant=constant)
        for name, c in terms:
            expression.add_variable(self.variable(name), c)
        constraint = cassowary.expression.Constraint(expression, RELATIONS[relation], 0.0, strength=strength(priority))
        try:
            self.call(self.solver.add_constraint, constraint)
        except cassowary.RequiredFailure:
            return {"outcome": "unsatisfiable"}
        self.constraints[cid] = constraint
        return {"outcome": "ok"}


if __name__ == "__main__":
    serve(Adapter)
