#!/usr/bin/env python3
"""Kiwi (the kiwisolver package) behind Strut's outside-solver protocol.

Reads one JSON request per line on standard input and writes one JSON response per line on
standard output, flushed per line (docs/adapter-protocol.md). Every response carries
"solverSeconds": the time spent inside kiwisolver calls for that request (parsing, JSON and the
pipe left out), which Strut reports beside the round trip. The parser and the request loop are
scripts/strut_adapter.py. Run it through scripts/kiwi-adapter, which provides a virtual environment
with kiwisolver installed:

    strut solve-system FILE --strategy external:scripts/kiwi-adapter

Priorities: required (1000) stays Kiwi's `required` strength. Any other UIKit priority p becomes
the Kiwi weight 10^(6p/1000) -- exactly the weights of Strut's `cassowary-weighted` strategy,
so 1000 maps near Kiwi's `strong` (1e6), 500 to `medium` (1e3) and 0 to `weak` (1); a priority
750 weighs 1000x a 250. Weights, not priorities: many weak errors can outweigh one strong one
(docs/peers.md, failure 6).

Outcomes: kiwisolver's UnsatisfiableConstraint is `unsatisfiable` without a conflict set (Kiwi
cannot say which constraints conflict, docs/peers.md failure 5); Duplicate*/Unknown* exceptions are
`duplicate`/`unknown`; BadRequiredStrength is `badPriority`; any other Python exception is
`{"outcome": "error", "message": ...}`. A C++ abort (std::terminate, "Dual optimize failed")
kills the process: that is deliberately not caught -- the harness records it as the finding.
"""

import kiwisolver as kiwi

from strut_adapter import SolverAdapter, parse_constraint, serve, weight


def strength(priority):
    """Kiwi strength for a UIKit priority in (0, 1000]: required, else 10^(6p/1000)."""
    if priority >= 1000:
        return kiwi.strength.required
    return weight(priority)


class Adapter(SolverAdapter):
    def reset(self):
        super().reset()
        self.solver = kiwi.Solver()

    def new_variable(self, name):
        return kiwi.Variable(name)

    def remove(self, cid):
        try:
            self.call(self.solver.removeConstraint, self.constraints[cid])
        except kiwi.UnknownConstraint:
            return {"outcome": "unknown"}
        del self.constraints[cid]
        return {"outcome": "ok"}

    def edit(self, name, priority):
        try:
            self.call(self.solver.addEditVariable, self.variable(name), strength(priority))
        except kiwi.DuplicateEditVariable:
            return {"outcome": "duplicate"}
        except kiwi.BadRequiredStrength:
            return {"outcome": "badPriority"}
        return {"outcome": "ok"}

    def suggest(self, values):
        for name, value in values.items():
            if name not in self.variables:
                return {"outcome": "unknown"}
            try:
                self.call(self.solver.suggestValue, self.variables[name], float(value))
            except kiwi.UnknownEditVariable:
                return {"outcome": "unknown"}
        return {"outcome": "ok"}

    def remove_edit(self, name):
        if name not in self.variables:
            return {"outcome": "unknown"}
        try:
            self.call(self.solver.removeEditVariable, self.variables[name])
        except kiwi.UnknownEditVariable:
            return {"outcome": "unknown"}
        return {"outcome": "ok"}

    def values(self):
        self.call(self.solver.updateVariables)
        return {name: v.value() for name, v in self.variables.items()}

    def add(self, text, cid):
        terms, constant, relation, priority = parse_constraint(text)
        expression = kiwi.Expression(tuple(kiwi.Term(self.variable(name), c) for name, c in terms), constant)
        constraint = kiwi.Constraint(expression, relation, strength(priority))
        try:
            self.call(self.solver.addConstraint, constraint)
        except kiwi.UnsatisfiableConstraint:
            return {"outcome": "unsatisfiable"}
        except kiwi.DuplicateConstraint:
            return {"outcome": "duplicate"}
        self.constraints[cid] = constraint
        return {"outcome": "ok"}


if __name__ == "__main__":
    serve(Adapter)
