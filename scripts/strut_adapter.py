"""What every Python adapter of Strut's outside-solver protocol shares (docs/adapter-protocol.md):
the constraint-text parser, the mapping of UIKit priorities to weights, and the request loop.

An adapter module defines a `SolverAdapter` subclass with one method per request kind (`add`,
`remove`, `edit`, `suggest`, `remove_edit`, `values`; `handle` here dispatches a request to them
and answers what the protocol settles without the solver), times its solver calls through `call`
(the `spent` counter, nanoseconds inside the solver for the current request, is reported as
"solverSeconds"), and calls `serve(factory)`. Used by kiwi_adapter.py and beeware_adapter.py.
"""

import json
import math
import re
import sys
import time

TOKEN = re.compile(r"\s*(?:(?P<number>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)|(?P<name>[A-Za-z_][A-Za-z0-9_.]*)"
                   r"|(?P<relation>==|<=|>=)|(?P<op>[-+*@]))")
NAMED_PRIORITIES = {"required": 1000.0, "defaultHigh": 750.0, "defaultLow": 250.0, "fittingSizeLevel": 50.0}


def weight(priority):
    """The weight of a non-required UIKit priority p in [0, 1000): 10^(6p/1000) (1000 maps to 1e6)."""
    return 10.0 ** (6.0 * priority / 1000.0)


def priority_of(value):
    """A request's priority: a number or a UIKit name (required, defaultHigh, ...)."""
    return NAMED_PRIORITIES[value] if isinstance(value, str) else float(value)


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


class SolverAdapter:
    """What an adapter keeps besides its solver: variables by name (in order of first use),
    constraints by id, and `spent`, the nanoseconds inside the solver for the current request.
    A subclass sets `self.solver` in `reset()` and makes variables with `new_variable(name)`."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.variables = {}
        self.constraints = {}
        self.spent = 0

    def call(self, method, *arguments):
        """Calls a method of the solver, adding its time to `spent` (reported as solverSeconds)."""
        start = time.perf_counter_ns()
        try:
            return method(*arguments)
        finally:
            self.spent += time.perf_counter_ns() - start

    def variable(self, name):
        if name not in self.variables:
            self.variables[name] = self.new_variable(name)
        return self.variables[name]

    def edit_refused(self, name, priority):
        """The answer to an `edit` the protocol refuses, for solvers that do not check it themselves:
        a name already edited (`duplicate`) or a required priority (`badPriority`); None when the
        edit may go ahead. Reads `self.edits`, the names edited now."""
        if name in self.edits:
            return {"outcome": "duplicate"}
        if priority >= 1000:
            return {"outcome": "badPriority"}
        return None

    def handle(self, request):
        """One request's response: `reset`, an `add` of an id already held (`duplicate`), a
        `remove` of an id not held (`unknown`), `check` (the values of `values()`, non-finite
        ones as null) and an unknown request are answered here; the rest go to the subclass's
        `add(text, id)`, `remove(id)`, `edit(name, priority)`, `suggest({name: value})` and
        `remove_edit(name)`."""
        if "reset" in request:
            self.reset()
            return {"outcome": "ok"}
        if "add" in request:
            if request["id"] in self.constraints:
                return {"outcome": "duplicate"}
            return self.add(request["add"], request["id"])
        if "remove" in request:
            if request["remove"] not in self.constraints:
                return {"outcome": "unknown"}
            return self.remove(request["remove"])
        if "edit" in request:
            return self.edit(request["edit"], priority_of(request["priority"]))
        if "suggest" in request:
            return self.suggest(request["suggest"])
        if "removeEdit" in request:
            return self.remove_edit(request["removeEdit"])
        if "check" in request:
            return {"values": {name: finite(float(value)) for name, value in self.values().items()}}
        return {"outcome": "error", "message": "unknown request %s" % json.dumps(request)}


def serve(factory):
    """Answers one JSON request per line on standard input until its end; `factory()` makes the adapter."""
    adapter = factory()
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


