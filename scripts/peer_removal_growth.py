#!/usr/bin/env python3
"""Times add/remove cycles of one soft equality against an adapter over the protocol, to show an
objective that grows with every removal (the Rust cassowary crate: its remove_constraint takes only
one of an equality's two error symbols out of the objective, cassowary-rs pull request #16; Kiwi
takes both). No answer is wrong, so no fuzz check sees it: only the time per cycle does.

    scripts/peer_removal_growth.py [--cycles N] COMMAND...

Sends `x >= 0`, `y >= 0`, then N times `x + y == 10 @500` and its removal; prints the adapter's
own solverSeconds per cycle over the first and the last 1 000 cycles and their ratio. Exit 0 when
the ratio is above 5 (the growth shows), 1 otherwise, 2 on a usage error or a wrong answer.
"""

import json
import subprocess
import sys


def main(argv):
    cycles = 20000
    if len(argv) >= 2 and argv[0] == "--cycles":
        cycles, argv = int(argv[1]), argv[2:]
    if not argv or cycles < 2000:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    lines = ['{"add":"x >= 0","id":"a"}', '{"add":"y >= 0","id":"b"}']
    for i in range(cycles):
        lines += ['{"add":"x + y == 10 @500","id":"c%d"}' % i, '{"remove":"c%d"}' % i]
    lines.append('{"check":""}')
    done = subprocess.run(argv, input="\n".join(lines) + "\n", capture_output=True, text=True)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    if len(answers) != len(lines) or any(a.get("outcome", "ok") != "ok" for a in answers):
        print("the adapter did not answer every request with ok: %s" % done.stderr[-400:], file=sys.stderr)
        return 2
    seconds = [a.get("solverSeconds", 0.0) for a in answers[2:-1]]
    per_cycle = [seconds[2 * i] + seconds[2 * i + 1] for i in range(cycles)]
    first, last = sum(per_cycle[:1000]) / 1000, sum(per_cycle[-1000:]) / 1000
    ratio = last / first if first > 0 else float("inf")
    print("%d add/remove cycles: first 1000 %.2f us per cycle, last 1000 %.2f us per cycle (x%.1f)"
          % (cycles, first * 1e6, last * 1e6, ratio))
    return 0 if ratio > 5 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
