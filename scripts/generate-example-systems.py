#!/usr/bin/env python3
"""Writes the generated system files of examples/systems/ (docs/system-format.md).

  priority-ladder            1000 low-priority errors against one higher-priority preference
                             (Kiwi failure 6 in docs/peers.md), plus its expected result
                             under the lexicographic `cassowary` strategy, derived analytically.
  grid-7x7-removals          the docs/peers.md grid workload at 7x7 views, built in reverse order, then
                             every constraint removed in turn, checked, and re-added (Kiwi
                             failure 3: spurious "unbounded" on 2 of these 394 removals).

Usage: scripts/generate-example-systems.py [OUTPUT_DIR]   (default: examples/systems next to
this script's repository). Deterministic: the same script writes the same bytes.
"""
import json
import os
import sys

# The peer workload's priorities, as Sources/Generator/PeerWorkload.swift maps docs/peers.md's levels.
LOWEST, MIDDLE, EDIT = 250, 750, 999


def number(x):
    """A JSON number without a useless fraction (10, not 10.0)."""
    return int(x) if float(x).is_integer() else x


def step_line(step):
    return json.dumps(step, separators=(",", ":"), ensure_ascii=False)


def system_text(name, steps):
    """The same layout as SystemFile.jsonText(): one step per line."""
    lines = ",\n".join("    " + step_line(s) for s in steps)
    return '{\n  "strut-system": 1,\n  "name": %s,\n  "steps": [\n%s\n  ]\n}\n' % (json.dumps(name), lines)


def result_text(document):
    """A result document with one step record per line."""
    head = '{"system":%s,"strategy":%s,"steps":[\n' % (json.dumps(document["system"]), json.dumps(document["strategy"]))
    return head + ",\n".join(step_line(r) for r in document["steps"]) + "\n]}\n"


# ---- priority ladder -------------------------------------------------------------------------

LADDER_LOW, LADDER_HIGH, LADDER_COUNT = 50, 250, 1000


def priority_ladder():
    """v_i == x + i (required), v_i == i + 1 at 50 for i < 1000, then x == 0 at 250.

    Lexicographic: the 250 level alone decides x = 0 (error 0) and the 1000 preferences at 50 each
    miss by 1 (level error 1000). Weighted (10^(6p/1000)): 1000 * 10^0.3 ~ 1995 outweighs
    10^1.5 ~ 31.6, so x = 1 and the higher preference is the one broken.
    """
    steps = []
    for i in range(LADDER_COUNT):
        steps.append({"add": f"v{i} == x + {i}", "id": f"link{i}"})
    for i in range(LADDER_COUNT):
        steps.append({"add": f"v{i} == {i + 1} @{LADDER_LOW}", "id": f"low{i}"})
    steps.append({"check": "only the low preferences"})
    steps.append({"add": f"x == 0 @{LADDER_HIGH}", "id": "high"})
    steps.append({"check": "end"})
    return steps


def ladder_expected(steps):
    """The `strut solve-system --json` document under `cassowary`, derived by hand (see above)."""
    names = [f"v{i}" for i in range(LADDER_COUNT)] + ["x"]
    # Variables are numbered in order of first use: v0, x, v1, v2, ...
    order = ["v0", "x"] + [f"v{i}" for i in range(1, LADDER_COUNT)]
    assert sorted(order) == sorted(names)

    def values(x):
        vals = {"x": x}
        vals.update({f"v{i}": x + i for i in range(LADDER_COUNT)})
        return {n: vals[n] for n in order}

    records = []
    for index, step in enumerate(steps):
        if "check" not in step:
            records.append({"index": index, "outcome": "ok"})
        elif step["check"] == "end":
            records.append({"index": index, "outcome": "check", "label": "end", "values": values(0),
                            "objective": [{"priority": LADDER_HIGH, "error": 0},
                                          {"priority": LADDER_LOW, "error": LADDER_COUNT}]})
        else:
            records.append({"index": index, "outcome": "check", "label": step["check"], "values": values(1),
                            "objective": [{"priority": LADDER_LOW, "error": 0}]})
    return {"system": "priority-ladder", "strategy": "cassowary", "steps": records}


# ---- 7x7 grid with removals -----------------------------------------------------------------

def grid_constraints(views, columns):
    """The docs/peers.md grid workload in build order: (id, text), ids and names as PeerWorkload uses."""
    out = [("root.left", "root.l == 0"), ("root.top", "root.t == 0")]
    for i in range(views):
        v = f"v{i}"
        left = "root.l" if i % columns == 0 else f"v{i - 1}.l + v{i - 1}.w"
        top = "root.t" if i < columns else f"v{i - columns}.t + v{i - columns}.h"
        out.append((f"{v}.left", f"{v}.l == {left} + 8"))
        out.append((f"{v}.top", f"{v}.t == {top} + 8"))
        out.append((f"{v}.minWidth", f"{v}.w >= 10"))
        out.append((f"{v}.minHeight", f"{v}.h >= 20"))
        if i % columns == columns - 1 or i == views - 1:
            out.append((f"{v}.right", f"{v}.l + {v}.w == root.w - 8"))
        if i + columns >= views:
            out.append((f"{v}.bottom", f"{v}.t + {v}.h == root.h - 8"))
        if i % columns != 0:
            out.append((f"{v}.equalWidth", f"{v}.w == v{i - 1}.w @{MIDDLE}"))
        if i >= columns:
            out.append((f"{v}.equalHeight", f"{v}.h == v{i - columns}.h @{MIDDLE}"))
        out.append((f"{v}.preferredWidth", f"{v}.w == 80 @{LOWEST}"))
        out.append((f"{v}.preferredHeight", f"{v}.h == 44 @{LOWEST}"))
    return out


def grid_removals(columns=7):
    """Edit the root size (portrait, 60C x 90R), add every constraint in reverse build order, then
    remove each constraint in build order, check, and add it back; a last check must equal the first."""
    views = columns * columns
    constraints = grid_constraints(views, columns)
    steps = [{"edit": "root.w", "priority": EDIT}, {"edit": "root.h", "priority": EDIT},
             {"suggest": {"root.w": 60 * columns, "root.h": 90 * columns}}]
    steps += [{"add": text, "id": cid} for cid, text in reversed(constraints)]
    steps.append({"check": "built in reverse order"})
    for cid, text in constraints:
        steps.append({"remove": cid})
        steps.append({"check": f"without {cid}"})
        steps.append({"add": text, "id": cid})
    steps.append({"check": "every constraint removed and re-added"})
    return steps, len(constraints)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "examples", "systems")
    os.makedirs(out, exist_ok=True)

    def write(name, text):
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            f.write(text)

    ladder = priority_ladder()
    write("priority-ladder.system.json", system_text("priority-ladder", ladder))
    expected = ladder_expected(ladder)
    write("priority-ladder.expected.json", result_text(expected))

    grid, count = grid_removals()
    assert count == 394, count  # docs/peers.md: "2 of 394 single removals on a 7x7 grid"
    write("grid-7x7-removals.system.json", system_text("grid-7x7-removals", grid))


if __name__ == "__main__":
    main()
