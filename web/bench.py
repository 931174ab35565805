#!/usr/bin/env python3
"""Measures the playground against the command line (issue 38's two speed targets), in
headless Chromium through chromedriver (web/webdriver.py), on a built web/dist/:

  wythoff ROUNDS   Wythoff (3000, 4000): each round runs the command line's release build
                   (`heapgame eval rulesets/classic/wythoff.game 3000 4000`) and the page (a
                   fresh load at full speed, the position typed; the time the page says it
                   took, its warm-up included), one right after the other, alternating which
                   goes first, so that both see the same load; wall time, and CPU time (the
                   command line's user and system; the page's, that of every Chromium
                   process over the answer, and that of its Web Workers' threads, where it
                   computes: on a loaded machine, the steadier figures).
  first ROUNDS     The first answer over 1 Mbit/s (125,000 bytes a second in all, the build's
                   precompressed copies sent, web/test.py's slow server): from opening the
                   page in a fresh browser to the page's `heapgame-first-answer` mark, with
                   the bytes that arrived before it.

Usage: web/bench.py wythoff|first ROUNDS [HEAPGAME_BINARY]   (from the repository's root,
after web/build.sh and `cargo build --release`; needs chromium and chromedriver, as
web/test.sh does; HEAPGAME_DIST=DIR measures the page built in DIR instead of web/dist). Prints
one line a round and the load average; asserts nothing about time.
"""
import os
import resource
import socket
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webdriver import Browser, serve  # noqa: E402

RULES = "rulesets/classic/wythoff.game"
# The built page (another build's folder to compare two).
DIST = os.environ.get("HEAPGAME_DIST", "web/dist")


def chromedriver():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    proc = subprocess.Popen(["chromedriver", f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            urllib.request.urlopen(url + "/status", timeout=1).read()
            return proc, url
        except OSError:
            time.sleep(0.1)
    proc.kill()
    sys.exit("web/bench.py: chromedriver did not start")


def load():
    return open("/proc/loadavg").read().split()[0] if os.path.exists("/proc/loadavg") else "?"


def cpu_of(root):
    """The CPU seconds (user and system) of process `root`'s descendants now running: of all
    their threads, and of the threads running Web Workers (named `DedicatedWorker`), which is
    where the page computes."""
    kids, procs = {}, []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                f = open(f"/proc/{d}/stat").read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            kids.setdefault(int(f[1]), []).append(int(d))
    todo, total, worker = list(kids.get(root, [])), 0, 0
    while todo:
        p = todo.pop()
        todo += kids.get(p, [])
        try:
            tasks = os.listdir(f"/proc/{p}/task")
        except OSError:
            continue
        for t in tasks:
            try:
                comm = open(f"/proc/{p}/task/{t}/comm").read().strip()
                f = open(f"/proc/{p}/task/{t}/stat").read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            ticks = int(f[11]) + int(f[12])
            total += ticks
            if comm.startswith("DedicatedWorker"):
                worker += ticks
    hz = os.sysconf("SC_CLK_TCK")
    return total / hz, worker / hz


def cli(binary):
    """(wall, CPU) seconds of the command line's answer."""
    r0, t0 = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    out = subprocess.run([binary, "eval", RULES, "3000", "4000"], capture_output=True, text=True, check=True).stdout
    t, r = time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_CHILDREN)
    assert "grundy:   5300" in out, out
    return t, (r.ru_utime - r0.ru_utime) + (r.ru_stime - r0.ru_stime)


def page(driver, url, root):
    """(wall as the page says it, CPU of every Chromium process, CPU of its workers' threads)
    seconds of the page's answer."""
    b = Browser(driver, "target/web-bench", 1280, 1000)
    try:
        b.go(url)
        b.wait("the page", "return document.body.dataset.started === 'true' && "
               "(document.getElementById('status-line').innerText || '').includes('no problems') && "
               "!!document.getElementById('eval-position');", timeout=120)
        time.sleep(1)
        c0 = cpu_of(root)
        b.type("#position-input", "3000 4000\ue007")
        b.wait("the answer", "const p = document.getElementById('eval-position');"
               "return p && p.innerText.includes('(3000, 4000)');", timeout=300)
        c1 = cpu_of(root)
        said = b.text("#eval-out .progress")
        return float(said.split("solved in ")[1].split(" s")[0]), c1[0] - c0[0], c1[1] - c0[1]
    finally:
        b.quit()


def wythoff(driver, rounds, binary, root):
    server = serve(DIST)
    for i in range(rounds):
        before = load()
        if i % 2 == 0:
            c, p = cli(binary), page(driver, server.url, root)
        else:
            p, c = page(driver, server.url, root), cli(binary)
        print(f"round {i + 1}: wall: command line {c[0]:.2f} s, page {p[0]:.2f} s, ratio {p[0] / c[0]:.2f}; "
              f"CPU: {c[1]:.2f} s, {p[1]:.2f} s, ratio {p[1] / c[1]:.2f}; the page's workers' CPU {p[2]:.2f} s, "
              f"ratio {p[2] / c[1]:.2f} (load {before}-{load()})", flush=True)


def first(driver, rounds):
    for i in range(rounds):
        before = load()
        server = serve(DIST, rate=125_000, precompressed=True)
        b = Browser(driver, "target/web-bench", 1280, 900)
        try:
            b.go(server.url)
            b.wait("the first answer", "return performance.getEntriesByName('heapgame-first-answer').length > 0;",
                   timeout=120)
            t = b.js("""const at = performance.getEntriesByName('heapgame-first-answer')[0].startTime;
                const got = performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation'))
                  .filter((e) => e.responseEnd <= at);
                return [at, got.reduce((s, e) => s + (e.transferSize || e.encodedBodySize || 0), 0), got.length];""")
            print(f"round {i + 1}: first answer at {t[0] / 1000:.2f} s, {t[1]:,} bytes in {t[2]} files before it"
                  f" (load {before}-{load()})", flush=True)
        finally:
            b.quit()
            server.shutdown()


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("wythoff", "first"):
        sys.exit(__doc__)
    proc, driver = chromedriver()
    try:
        if sys.argv[1] == "wythoff":
            wythoff(driver, int(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else "target/release/heapgame", proc.pid)
        else:
            first(driver, int(sys.argv[2]))
    finally:
        proc.kill()


if __name__ == "__main__":
    main()
