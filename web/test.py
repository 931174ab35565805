#!/usr/bin/env python3
"""Drives the playground in headless Chromium through chromedriver (WebDriver, standard
library only): Wythoff (4, 6) is N with the move to (3, 5); a typo is located; a box's
P-positions are counted and compared with an independent count (Wythoff's P-positions by
the golden ratio, computed here); two moves are played and undone; a long solve is stopped.
Screenshots go to web/dist/screenshots/. Run by web/test.sh, which serves the page.

Usage: test.py PAGE_URL CHROMEDRIVER_URL SCREENSHOT_DIR
"""
import base64
import json
import math
import os
import sys
import time
import urllib.error
import urllib.request

PAGE, DRIVER, SHOTS = sys.argv[1], sys.argv[2], sys.argv[3]
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


def call(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(DRIVER + path, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            return json.loads(r.read() or b"{}").get("value")
    except urllib.error.HTTPError as e:
        raise RuntimeError(f"{method} {path}: {e.code} {e.read()[:500]!r}") from None


class Browser:
    def __init__(self, width, height, phone=False):
        options = {
            "binary": os.environ.get("CHROMIUM", "/usr/bin/chromium"),
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", f"--window-size={width},{height}"],
        }
        if phone:
            # A phone's screen (a window cannot be narrower than 500 pixels).
            options["mobileEmulation"] = {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2}}
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}}
        self.sid = call("POST", "/session", caps)["sessionId"]

    def s(self, method, path, body=None):
        return call(method, f"/session/{self.sid}{path}", body)

    def go(self, url):
        self.s("POST", "/url", {"url": url})

    def js(self, script, *args):
        return self.s("POST", "/execute/sync", {"script": script, "args": list(args)})

    def find(self, css):
        v = self.s("POST", "/element", {"using": "css selector", "value": css})
        if not isinstance(v, dict) or ELEMENT not in v:
            raise AssertionError(f"no element {css}: {v}")
        return v[ELEMENT]

    def click(self, css):
        self.s("POST", f"/element/{self.find(css)}/click", {})

    def type(self, css, text, clear=True):
        el = self.find(css)
        if clear:
            self.s("POST", f"/element/{el}/clear", {})
        self.s("POST", f"/element/{el}/value", {"text": text})

    def text(self, css):
        return self.js("const e = document.querySelector(arguments[0]); return e ? e.innerText : null;", css)

    def wait(self, what, script, *args, timeout=60):
        end = time.time() + timeout
        while time.time() < end:
            v = self.js(script, *args)
            if v:
                return v
            time.sleep(0.1)
        self.shot("failed-" + what.replace(" ", "-"))
        raise AssertionError(f"timed out waiting for {what}")

    def wait_text(self, css, needle, timeout=60):
        return self.wait(f"{needle!r} in {css}",
                         "const e = document.querySelector(arguments[0]);"
                         "return e && e.innerText.includes(arguments[1]) ? e.innerText : null;",
                         css, needle, timeout=timeout)

    def shot(self, name):
        os.makedirs(SHOTS, exist_ok=True)
        png = base64.b64decode(self.s("GET", "/screenshot"))
        with open(os.path.join(SHOTS, name + ".png"), "wb") as f:
            f.write(png)

    def quit(self):
        self.s("DELETE", "")


def wythoff_p_positions(n):
    """(a, b), a <= b <= n, P in Wythoff's game: (floor(k phi), floor(k phi^2)), by Beatty."""
    phi = (1 + math.sqrt(5)) / 2
    out = []
    for k in range(n + 1):
        a, b = math.floor(k * phi), math.floor(k * phi * phi)
        if b <= n:
            out.append((a, b))
    return out


def check(cond, msg):
    if not cond:
        raise AssertionError(msg)
    print("ok:", msg)


def main():
    b = Browser(1280, 1700)
    try:
        b.go(PAGE)
        b.wait("the page to start", "return document.body.dataset.ready === 'true';")
        b.wait_text("#status-line", "no problems")
        check(b.js("return document.getElementById('ruleset-choice').value;") == "classic/wythoff.game",
              "Wythoff is loaded")

        # (4, 6): N, the winning move to (3, 5), every follower with its value.
        b.type("#position-input", "4 6")
        b.click("#eval-button")
        b.wait_text("#eval-outcome", "N")
        check(b.text("#eval-outcome").startswith("N"), "(4, 6) is N")
        check(b.text("#winning-moves").strip() == "(3, 5)", "the winning move is (3, 5)")
        shown = b.js("""return [...document.querySelectorAll('#followers tbody tr')]
                          .map(r => r.cells[0].innerText + ' ' + r.cells[1].innerText);""")
        p_set = set(wythoff_p_positions(10))
        moves = {tuple(sorted((a, 6))) for a in range(4)} | {tuple(sorted((4, c))) for c in range(6)} \
            | {(4 - t, 6 - t) for t in range(1, 5)}
        want = sorted(f"({a}, {c}) {'P' if (a, c) in p_set else 'N'}" for a, c in moves)
        check(sorted(shown) == want, f"every follower of (4, 6) with its outcome ({len(want)})")
        b.shot("1-position")

        # A typo: the error is located (line marked in the gutter, span marked, message).
        b.js("""const t = document.getElementById('source');
                t.value = t.value.replace('heaps 2', 'heapz 2');
                t.dispatchEvent(new Event('input'));""")
        b.wait_text("#diagnostics", "line")
        line = b.js("""const t = document.getElementById('source').value;
                       return t.slice(0, t.indexOf('heapz')).split('\\n').length;""")
        marked = b.js("return [...document.querySelectorAll('#gutter .bad')].map(e => +e.textContent);")
        check(marked == [line], f"the gutter marks line {line} ({marked})")
        check(b.js("return document.querySelector('#backdrop mark') !== null;"), "the span is marked")
        check(f"line {line}" in b.text("#diagnostics"), "the problem names its line")
        b.click("#diagnostics button.link")
        sel = b.js("const t = document.getElementById('source'); return t.value.slice(t.selectionStart, t.selectionEnd + 5);")
        check("heapz" in sel, f"clicking the problem selects the typo ({sel!r})")
        b.shot("2-typo")
        b.js("""const t = document.getElementById('source');
                t.value = t.value.replace('heapz 2', 'heaps 2');
                t.dispatchEvent(new Event('input'));""")
        b.wait_text("#status-line", "no problems")

        # A box: the P-positions counted, against the golden ratio's.
        n = 100
        b.type("#solve-max", str(n))
        b.click("#solve-button")
        summary = b.wait_text("#solve-summary", "P-positions")
        count = int(summary.split()[0])
        want = wythoff_p_positions(n)
        check(count == len(want), f"{count} P-positions with heaps <= {n}, as the golden ratio says ({len(want)})")
        listed = b.js("""return [...document.querySelectorAll('#p-positions tbody tr')]
                           .map(r => [...r.cells].slice(1).map(c => +c.textContent));""")
        check(sorted(map(tuple, listed)) == sorted(want), "the P-positions listed are Wythoff's")
        b.wait("heapgame's picture", "const p = document.getElementById('picture');"
               "return p !== null && p.tagName === 'IMG' && p.complete && p.naturalWidth > 0;")
        check(True, "heapgame's picture of the box is shown")
        b.shot("3-box")

        # Play two moves from (6, 10), then undo one.
        b.type("#play-start", "6 10")
        b.click("#play-button")
        b.wait_text("#play-turn", "Your move from (6, 10)")
        for i in range(2):
            b.click("#play-moves button:last-child")
            b.wait("heapgame's reply", "return document.querySelectorAll('#play-log li').length === arguments[0];",
                   2 * (i + 1))
            b.wait("the next turn", "return document.querySelector('#play-turn, #play-result') !== null;")
        log = b.text("#play-log")
        check(log.count("you move") == 2 and log.count("heapgame moves") == 2, "two moves played and answered")
        b.shot("4-play")
        b.click("#undo-button")
        b.wait("the undo", "return document.querySelectorAll('#play-log li').length === 2;")
        check(True, "undo takes back a move and its reply")

        # A long solve, stopped: progress shows, Stop ends it, the page still answers. Delete
        # Nim: no compiled kernel takes it (Wythoff's box now fills at once), so it is long.
        b.js("""const c = document.getElementById('ruleset-choice');
                c.value = 'abuku/delete-nim.game'; c.dispatchEvent(new Event('change'));""")
        b.wait_text("#status-line", "no problems")
        b.type("#max-positions", "5000000")
        b.type("#solve-max", "2500")
        b.click("#solve-button")
        b.wait_text("#solve-out .progress", "expanded", timeout=120)
        b.shot("5-solving")
        b.click("#solve-stop")
        b.wait_text("#solve-out", "Stopped")
        b.js("""const c = document.getElementById('ruleset-choice');
                c.value = 'classic/wythoff.game'; c.dispatchEvent(new Event('change'));""")
        b.wait_text("#status-line", "no problems")
        b.type("#position-input", "3 5")
        b.click("#eval-button")
        b.wait_text("#eval-outcome", "P")
        check(True, "a long solve stops, and the page answers afterwards")
        b.shot("6-stopped")

        # Bad input never breaks the page: a bad parameter, a bad position.
        b.js("""const c = document.getElementById('ruleset-choice');
                c.value = 'fraenkel-zusman/fraenkel-zusman.game'; c.dispatchEvent(new Event('change'));""")
        b.wait_text("#status-line", "no problems")
        b.type("#params input", "k + ")
        b.wait("the parameter's problem", "return document.querySelector('#params input.invalid') !== null;")
        check(True, "a bad parameter value is marked at its input")
        b.type("#params input", "4")
        b.wait_text("#status-line", "4 heaps")
        # A link to the game, parameters included, opens it again.
        b.click("#share")
        link = b.js("return location.href;")
        b.go("about:blank")
        b.go(link)
        b.wait("the page to start", "return document.body.dataset.ready === 'true';")
        b.wait_text("#status-line", "4 heaps")
        check(b.js("return document.querySelector('#params input').value;") == "4"
              and "Fraenkel-Zusman" in b.js("return document.getElementById('source').value;"),
              "a link holds the game and its parameters")
        b.type("#position-input", "1 2 x 4")
        b.click("#eval-button")
        b.wait_text("#eval-out", "not a heap size")
        check(True, "a bad position is reported")

        # With the keyboard alone: Enter in the position box evaluates; the reference opens
        # from its button and Escape closes it.
        b.js("const c = document.getElementById('ruleset-choice'); c.value = 'classic/nim.game'; c.dispatchEvent(new Event('change'));")
        b.wait_text("#status-line", '"Nim"')
        b.type("#position-input", "1 2 3\ue007")
        b.wait_text("#eval-outcome", "P")
        check(b.text("#eval-grundy") == "0", "Enter evaluates: Nim (1, 2, 3) is P, Grundy 0")
        b.js("document.getElementById('show-reference').focus();")
        b.s("POST", "/actions", {"actions": [{"type": "key", "id": "kb", "actions": [
            {"type": "keyDown", "value": "\ue007"}, {"type": "keyUp", "value": "\ue007"}]}]})
        b.wait_text("#reference-body", "File structure")
        b.shot("7-reference")
        b.s("POST", "/actions", {"actions": [{"type": "key", "id": "kb", "actions": [
            {"type": "keyDown", "value": "\ue00c"}, {"type": "keyUp", "value": "\ue00c"}]}]})
        b.wait("the reference to close", "return !document.getElementById('reference').open;")
        check(True, "the reference opens from the keyboard and Escape closes it")
    finally:
        b.quit()

    phone = Browser(390, 844, phone=True)
    try:
        phone.go(PAGE)
        phone.wait("the page to start", "return document.body.dataset.ready === 'true';")
        phone.wait_text("#status-line", "no problems")
        wide = phone.js("return document.documentElement.scrollWidth <= window.innerWidth + 1;")
        check(wide, "nothing wider than a phone's screen")
        phone.shot("8-phone")
    finally:
        phone.quit()
    print("web/test.py: all checks passed; screenshots in", SHOTS)


if __name__ == "__main__":
    main()
