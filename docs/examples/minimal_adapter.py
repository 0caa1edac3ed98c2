#!/usr/bin/env python3
"""A minimal Strut adapter: Kiwi (the kiwisolver package) behind the outside-solver protocol.

    scripts/kiwi-adapter --python    # sets up a Python with kiwisolver (~/.cache/strut/kiwi-venv), prints it
    strut solve-system examples/systems/rollback-after-conflict.system.json \
        --strategy "external:$(scripts/kiwi-adapter --python) docs/examples/minimal_adapter.py"

One JSON request per line on standard input, one JSON response per line on standard output
(docs/adapter-protocol.md). Constraints arrive as text such as "2*v0 + v1 >= 10 @750" whose
names are all v<i>, so Python's own parser can read the expression, kiwisolver's operators
building the constraint. scripts/kiwi_adapter.py is the full version (its own parser, every
Kiwi exception mapped).
"""
import json
import sys
import time

import kiwisolver as kiwi


def strength(priority):
    """Required (1000) stays required; any other priority p becomes the weight 10^(6p/1000)."""
    p = float(priority)
    return kiwi.strength.required if p >= 1000 else 10 ** (6 * p / 1000)


class Names(dict):
    """Kiwi variables by wire name, made on first use (eval looks names up here)."""
    def __missing__(self, name):
        self[name] = kiwi.Variable(name)
        return self[name]


solver, names, held, spent = kiwi.Solver(), Names(), {}, 0.0


def timed(call, *args):
    """One call into the solver, its time added to `spent` (reported as solverSeconds)."""
    global spent
    start = time.perf_counter()
    try:
        return call(*args)
    finally:
        spent += time.perf_counter() - start


def handle(r):
    global solver, names, held
    if "reset" in r:
        solver, names, held = kiwi.Solver(), Names(), {}
    elif "add" in r:
        if r["id"] in held:
            return {"outcome": "duplicate"}
        text, _, priority = r["add"].partition("@")
        constraint = eval(text, {"__builtins__": {}}, names) | strength(priority or 1000)
        try:
            timed(solver.addConstraint, constraint)
        except kiwi.UnsatisfiableConstraint:
            return {"outcome": "unsatisfiable"}  # Kiwi cannot say which constraints conflict
        held[r["id"]] = constraint
    elif "remove" in r:
        if r["remove"] not in held:
            return {"outcome": "unknown"}
        timed(solver.removeConstraint, held.pop(r["remove"]))
    elif "edit" in r:
        try:
            timed(solver.addEditVariable, names[r["edit"]], strength(r["priority"]))
        except kiwi.DuplicateEditVariable:
            return {"outcome": "duplicate"}
        except kiwi.BadRequiredStrength:
            return {"outcome": "badPriority"}
    elif "suggest" in r:
        if not all(n in names and solver.hasEditVariable(names[n]) for n in r["suggest"]):
            return {"outcome": "unknown"}
        for n, value in r["suggest"].items():
            timed(solver.suggestValue, names[n], value)
    elif "removeEdit" in r:
        if r["removeEdit"] not in names or not solver.hasEditVariable(names[r["removeEdit"]]):
            return {"outcome": "unknown"}
        timed(solver.removeEditVariable, names[r["removeEdit"]])
    elif "check" in r:
        timed(solver.updateVariables)
        return {"values": {n: v.value() for n, v in names.items()}}
    else:
        return {"outcome": "error", "message": "unknown request"}
    return {"outcome": "ok"}


for line in sys.stdin:
    if not line.strip():
        continue
    spent = 0.0
    request = json.loads(line)
    try:
        response = handle(request)
    except Exception as error:  # a Python-level failure is an error outcome, not a crash
        response = {"outcome": "error", "message": "%s: %s" % (type(error).__name__, error)}
    if "reset" not in request:
        response["solverSeconds"] = spent
    print(json.dumps(response), flush=True)
