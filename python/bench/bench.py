"""The issue's targets for the Python package, measured (not asserted: no test depends on the
machine's speed):

1. the cost of a call of ``eval`` on a position already solved (memoized), against the cost of
   the smallest call into the package (``canonical``), and with ``followers``;
2. ``solve`` of about 10^7 positions into NumPy against the same solve in Rust alone
   (``python/examples/solve_time.rs``), both on one thread.

    pip install ./python
    cargo build --release -p heapgame-python --example solve_time --example eval_time
    python python/bench/bench.py [--calls | --solves]
"""

import subprocess
import sys
import time
from pathlib import Path

import heapgame

ROOT = Path(__file__).resolve().parents[2]
CLASSIC = ROOT / "rulesets" / "classic"


def per_call(f, n):
    f()
    best = float("inf")
    for _ in range(5):
        t = time.perf_counter()
        for _ in range(n):
            f()
        best = min(best, (time.perf_counter() - t) / n)
    return best * 1e6


def calls():
    print("one call, microseconds (best of 5 loops); rust: the same eval in Rust alone")
    print(
        f"{'ruleset':14} {'position':12} {'route':14} {'eval':>6} {'rust':>6} {'overhead':>9}"
        f" {'+followers':>11} {'canonical':>10}"
    )
    for name, pos in [
        ("nim", (3, 5, 6)),
        ("kayles", (10, 12)),
        ("grundy-game", (9,)),
        ("wythoff", (3, 5)),
    ]:
        r = heapgame.Ruleset.load(CLASSIC / f"{name}.game")
        route = r.eval(pos, followers=False).route
        e = per_call(lambda: r.eval(pos, followers=False), 20000)
        ef = per_call(lambda: r.eval(pos), 5000)
        c = per_call(lambda: r.canonical(pos), 20000)
        exe = ROOT / "target" / "release" / "examples" / "eval_time"
        typed = " ".join(map(str, pos))
        out = subprocess.run([str(exe), str(CLASSIC / f"{name}.game"), typed], check=True,
                             capture_output=True, text=True).stdout
        rust = float(out)
        print(
            f"{name:14} {str(pos):12} {route:14} {e:6.1f} {rust:6.1f} {e - rust:9.1f}"
            f" {ef:11.1f} {c:10.1f}"
        )


def rust_time(path, max_heap, heaps=None, runs=2):
    exe = ROOT / "target" / "release" / "examples" / "solve_time"
    args = [str(exe), str(path), str(max_heap)] + ([str(heaps)] if heaps else []) + [str(runs)]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout.split()
    return float(out[0]), int(out[1])


def py_time(r, max_heap, heaps=None, runs=2, **kw):
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        a = r.solve(max_heap, heaps, **kw)
        best = min(best, time.perf_counter() - t)
        del a
    return best


def solves():
    print("\nsolve into NumPy against the same solve in Rust, seconds (best of 2):")
    print(f"{'ruleset':10} {'max':>5} {'heaps':>5} {'positions':>10} {'rust':>8} {'dense':>8} {'ratio':>6} {'listed':>8} {'ratio':>6}")
    for name, max_heap, heaps in [("wythoff", 4471, None), ("kayles", 4471, 2), ("nim", 390, 3)]:
        path = CLASSIC / f"{name}.game"
        r = heapgame.Ruleset.load(path)
        rust, n = rust_time(path, max_heap, heaps)
        dense = py_time(r, max_heap, heaps)
        listed = py_time(r, max_heap, heaps, dense=False)
        print(
            f"{name:10} {max_heap:5} {heaps or '':>5} {n:10} {rust:8.3f} {dense:8.3f} "
            f"{dense / rust:6.2f} {listed:8.3f} {listed / rust:6.2f}"
        )


if __name__ == "__main__":
    if "--solves" not in sys.argv:
        calls()
    if "--calls" not in sys.argv:
        solves()
