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

from strut_adapter import SolverAdapter, finite, parse_constraint, priority_of, serve, weight


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

    def handle(self, request):
        if "reset" in request:
            self.reset()
            return {"outcome": "ok"}
        if "add" in request:
            return self.add(request["add"], request["id"])
        if "remove" in request:
            c = self.constraints.get(request["remove"])
            if c is None:
                return {"outcome": "unknown"}
            try:
                self.call(self.solver.removeConstraint, c)
            except kiwi.UnknownConstraint:
                return {"outcome": "unknown"}
            del self.constraints[request["remove"]]
            return {"outcome": "ok"}
        if "edit" in request:
            priority = priority_of(request["priority"])
            try:
                self.call(self.solver.addEditVariable, self.variable(request["edit"]), strength(priority))
            except kiwi.DuplicateEditVariable:
                return {"outcome": "duplicate"}
            except kiwi.BadRequiredStrength:
                return {"outcome": "badPriority"}
            return {"outcome": "ok"}
        if "suggest" in request:
            for name, value in request["suggest"].items():
                if name not in self.variables:
                    return {"outcome": "unknown"}
                try:
                    self.call(self.solver.suggestValue, self.variables[name], float(value))
                except kiwi.UnknownEditVariable:
                    return {"outcome": "unknown"}
            return {"outcome": "ok"}
        if "removeEdit" in request:
            name = request["removeEdit"]
            try:
                if name not in self.variables:
                    return {"outcome": "unknown"}
                self.call(self.solver.removeEditVariable, self.variables[name])
            except kiwi.UnknownEditVariable:
                return {"outcome": "unknown"}
            return {"outcome": "ok"}
        if "check" in request:
            self.call(self.solver.updateVariables)
            return {"values": {name: finite(v.value()) for name, v in self.variables.items()}}
        return {"outcome": "error", "message": "unknown request %s" % json.dumps(request)}

    def add(self, text, cid):
        if cid in self.constraints:
            return {"outcome": "duplicate"}
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
