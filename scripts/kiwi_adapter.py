#!/usr/bin/env python3
"""Kiwi (the kiwisolver package) behind Strut's outside-solver protocol.

Reads one JSON request per line on standard input and writes one JSON response per line on
standard output, flushed per line (docs/adapter-protocol.md). Every response carries
"solverSeconds": the time spent inside kiwisolver calls for that request (parsing, JSON and the
pipe left out), which Strut reports beside the round trip. Run it through
scripts/kiwi-adapter, which provides a virtual environment with kiwisolver installed:

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

import json
import math
import re
import sys
import time

import kiwisolver as kiwi

TOKEN = re.compile(r"\s*(?:(?P<number>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)|(?P<name>[A-Za-z_][A-Za-z0-9_.]*)"
                   r"|(?P<relation>==|<=|>=)|(?P<op>[-+*@]))")
NAMED_PRIORITIES = {"required": 1000.0, "defaultHigh": 750.0, "defaultLow": 250.0, "fittingSizeLevel": 50.0}


def strength(priority):
    """Kiwi strength for a UIKit priority in (0, 1000]: required, else 10^(6p/1000)."""
    if priority >= 1000:
        return kiwi.strength.required
    return 10.0 ** (6.0 * priority / 1000.0)


def tokens(text):
    out, pos = [], 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            if text[pos:].strip() == "":
                break
            raise ValueError("unexpected text at character %d: %r" % (pos + 1, text[pos:pos + 10]))
        kind = m.lastgroup
        out.append((kind, m.group(kind)))
        pos = m.end()
    return out


def parse_side(toks, i, sign, terms, constant):
    """expr := term (("+" | "-") term)*; adds sign*expr into terms/constant; returns next index."""
    term_sign = sign
    while True:
        s = term_sign
        while i < len(toks) and toks[i] == ("op", "-"):
            s, i = -s, i + 1
        if i >= len(toks):
            raise ValueError("unexpected end of the constraint")
        kind, value = toks[i]
        if kind == "number":
            k = float(value)
            if i + 2 < len(toks) and toks[i + 1] == ("op", "*") and toks[i + 2][0] == "name":
                terms.append((toks[i + 2][1], s * k))
                i += 3
            else:
                constant[0] += s * k
                i += 1
        elif kind == "name":
            if i + 2 < len(toks) and toks[i + 1] == ("op", "*") and toks[i + 2][0] == "number":
                terms.append((value, s * float(toks[i + 2][1])))
                i += 3
            else:
                terms.append((value, s))
                i += 1
        else:
            raise ValueError("expected a number or a variable name, got %r" % value)
        if i < len(toks) and toks[i] in (("op", "+"), ("op", "-")):
            term_sign = sign if toks[i][1] == "+" else -sign
            i += 1
        else:
            return i


def parse_constraint(text):
    """Returns (terms, constant, relation, priority) for `expr REL expr [@PRIORITY]`."""
    toks = tokens(text)
    terms, constant = [], [0.0]
    i = parse_side(toks, 0, 1.0, terms, constant)
    if i >= len(toks) or toks[i][0] != "relation":
        raise ValueError("expected a relation '==', '<=' or '>='")
    relation = toks[i][1]
    i = parse_side(toks, i + 1, -1.0, terms, constant)
    priority = 1000.0
    if i < len(toks) and toks[i] == ("op", "@"):
        kind, value = toks[i + 1]
        priority = float(value) if kind == "number" else NAMED_PRIORITIES[value]
        i += 2
    if i != len(toks):
        raise ValueError("unexpected text after the constraint")
    return terms, constant[0], relation, priority


def finite(x):
    return x if math.isfinite(x) else None


class Adapter:
    def __init__(self):
        self.solver = kiwi.Solver()
        self.variables = {}    # name -> kiwi.Variable, in order of first use
        self.constraints = {}  # id -> kiwi.Constraint
        self.spent = 0         # nanoseconds inside kiwisolver calls for the current request

    def call(self, method, *arguments):
        """Calls a kiwisolver method, adding its time to `spent` (reported as solverSeconds)."""
        start = time.perf_counter_ns()
        try:
            return method(*arguments)
        finally:
            self.spent += time.perf_counter_ns() - start

    def variable(self, name):
        if name not in self.variables:
            self.variables[name] = kiwi.Variable(name)
        return self.variables[name]

    def handle(self, request):
        if "reset" in request:
            self.__init__()
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
            priority = request["priority"]
            priority = NAMED_PRIORITIES[priority] if isinstance(priority, str) else float(priority)
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


def main():
    adapter = Adapter()
    while True:
        line = sys.stdin.readline()
        if not line:
            return
        if not line.strip():
            continue
        adapter.spent = 0
        try:
            response = adapter.handle(json.loads(line))
        except Exception as error:  # Python-level errors only; a C++ abort is not an exception
            response = {"outcome": "error", "message": "%s: %s" % (type(error).__name__, error)}
        response["solverSeconds"] = adapter.spent / 1e9
        sys.stdout.write(json.dumps(response, separators=(",", ":"), allow_nan=False) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
