#!/usr/bin/env python3
"""Drives the playground in headless Chromium through chromedriver (web/webdriver.py,
standard library only). Each answer is compared with an independent computation written
here (Wythoff's P-positions by Beatty's theorem in exact integers, Grundy values by a plain
mex, Kayles by its definition), never with the page's own output. Scenarios: the first
screen, a position and why it has its value, a large position answered at once, the page's
own check of the file's claims (true ones, and a false one with its counterexample), a typo,
stale results and a game that survives an edit, a box and its picture, a game with counters,
hints and a review, the primer's exercises judged, links (kept by the reference, pasted into
an open tab, carrying the position and view), asking before edits are replaced and restoring them, a long solve
stopped, a phone's screen, a 1 Mbit/s connection, offline after the first load, and the
page opened from disk.

Usage: test.py DIST_DIR CHROMEDRIVER_URL SCREENSHOT_DIR
"""
import math
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webdriver import Browser, serve  # noqa: E402

DIST, DRIVER, SHOTS = sys.argv[1], sys.argv[2], sys.argv[3]


def beatty(k):
    """floor(k * phi) exactly: floor((k + isqrt(5 k^2)) / 2)."""
    return (k + math.isqrt(5 * k * k)) // 2


def wythoff_p(n):
    """Wythoff's P-positions (a, b), a <= b <= n."""
    out = set()
    for k in range(n + 1):
        a = beatty(k)
        if a + k <= n:
            out.add((a, a + k))
    return out


def wythoff_moves(a, b):
    """Every position one move reaches from (a, b), as sorted pairs."""
    out = {tuple(sorted((x, b))) for x in range(a)} | {tuple(sorted((a, y))) for y in range(b)}
    return out | {tuple(sorted((a - t, b - t))) for t in range(1, min(a, b) + 1)}


def wythoff_grundy(n):
    """Grundy values of Wythoff's game, (a, b) and (b, a), for heaps <= n, by the mex."""
    g = {}
    for a in range(n + 1):
        for b in range(a, n + 1):
            seen = {g[m] for m in wythoff_moves(a, b)}
            v = 0
            while v in seen:
                v += 1
            g[(a, b)] = g[(b, a)] = v
    return g


def kayles(n):
    g = [0] * (n + 1)
    for h in range(1, n + 1):
        seen = {g[left] ^ g[h - t - left] for t in (1, 2) if t <= h for left in range(h - t + 1)}
        v = 0
        while v in seen:
            v += 1
        g[h] = v
    return g


def contrast(fg, bg):
    """WCAG's contrast ratio of two CSS colours `rgb(r, g, b)` (opaque)."""
    def lum(css):
        r, g, b_ = [int(x) for x in css[css.index("(") + 1:css.index(")")].split(",")[:3]]
        def lin(c):
            c /= 255
            return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b_)
    hi, lo = sorted((lum(fg), lum(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def check(cond, msg):
    if not cond:
        raise AssertionError(msg)
    print("ok:", msg, flush=True)


def choose(b, path):
    b.js("const c = document.getElementById('ruleset-choice');"
         "c.value = arguments[0]; c.dispatchEvent(new Event('change'));", path)


def edit(b, old, new):
    b.js("""const t = document.getElementById('source');
            t.value = t.value.replace(arguments[0], arguments[1]);
            t.dispatchEvent(new Event('input'));""", old, new)


def started(b):
    b.wait("the page to start", "return document.body.dataset.started === 'true';", timeout=90)


def first_screen_and_a_position(b, url):
    t0 = time.time()
    b.go(url)
    started(b)
    b.wait_text("#status-line", "no problems")
    check(b.js("return document.getElementById('ruleset-choice').value;") == "classic/wythoff.game",
          "Wythoff's game is loaded")
    names = b.js("return [...document.querySelectorAll('#ruleset-choice option')].map(o => o.textContent);")
    check("Wythoff's game" in names and "Propp's cookie game" in names
          and not any(n.endswith(".game") for n in names), "the list shows plain names")
    check("P-position" in b.text("#intro") and "Grundy value" in b.text("#intro"), "the first screen says what P, N and Grundy values are")
    b.wait_text("#eval-outcome", "N")
    check(b.text("#eval-position") == "(4, 6)", f"an example is already evaluated ({time.time() - t0:.1f} s after opening)")
    check(not b.visible("#loading"), "the loading note is gone once heapgame has loaded")
    check(not b.visible("#max-positions"), "the position limit is behind Advanced")
    colours = b.js("""const s = getComputedStyle(document.getElementById('gutter'));
                      return [s.color, s.backgroundColor];""")
    ratio = contrast(*colours)
    check(ratio >= 4.5, f"the line numbers have a contrast of {ratio:.2f}:1, at least 4.5:1 ({colours})")
    b.js("document.getElementById('share').focus();")
    b.keys("\ue004")
    after = b.js("const a = document.activeElement; return a.id || a.tagName + '.' + a.className;")
    check(after == "source", f"Tab from Copy link goes to the editor's text, not to a hidden part of it ({after})")

    # (4, 6): N, the winning move to (3, 5), every follower with its move and value.
    g = wythoff_grundy(10)
    rows = b.js("""return [...document.querySelectorAll('#followers tbody tr')]
                     .map(r => [...r.cells].map(c => c.innerText));""")
    want = sorted(f"({a}, {c}) {'P' if g[(a, c)] == 0 else 'N'} {g[(a, c)]}" for a, c in wythoff_moves(4, 6))
    check(sorted(f"{r[0]} {r[2]} {r[3]}" for r in rows) == want, f"every follower of (4, 6) with its value ({len(want)})")
    by = {r[0]: r[1] for r in rows}
    check(by["(3, 5)"].startswith("take 1 from both heaps") and by["(4, 5)"].startswith("take 1 from the heap of 6")
          and by["(2, 4)"].startswith("take 4 from the heap of 6"),
          f"each follower is labelled with its move ({by['(3, 5)']!r}, {by['(4, 5)']!r})")
    check(b.text("#winning-moves").startswith("(3, 5)"), "the winning move is (3, 5)")
    gap = b.text("#eval-why mark.gap")
    why = b.text("#eval-why")
    v = g[(4, 6)]
    values = sorted({g[m] for m in wythoff_moves(4, 6)})
    check(gap == str(v) and "_" not in why and f"none has {v}," in why
          and why.startswith("the followers have the values " + ", ".join(map(str, values[:3]))),
          f"the mex marks the gap: {v} is the least value missing, without underscores ({why!r})")
    b.shot("1-first-screen")

    # The same for a sum: Kayles (5, 11), the XOR of each heap's value.
    choose(b, "classic/kayles.game")
    b.wait_text("#status-line", '"Kayles"')
    k = kayles(11)
    b.type("#position-input", "5 11\ue007")
    b.wait_text("#eval-xor", "XOR")
    check(f"{k[5]} ⊕ {k[11]} = {k[5] ^ k[11]}" in b.text("#eval-xor"),
          f"Kayles (5, 11) is the XOR of its heaps' values {k[5]} and {k[11]}")

    # Defect 8: one large position is answered through the kernel on its box.
    choose(b, "classic/wythoff.game")
    b.wait_text("#status-line", '"Wythoff"')
    b.type("#position-input", "1000 1618")
    t0 = time.time()
    b.click("#eval-button")
    b.wait_text("#eval-position", "(1000, 1618)", timeout=60)
    secs = time.time() - t0
    p = wythoff_p(1618)
    want = sorted(m for m in wythoff_moves(1000, 1618) if m in p)
    got = b.js("return [...document.querySelectorAll('#winning-moves button')].map(x => x.innerText);")
    check(got == [f"({a}, {c})" for a, c in want] and secs < 20,
          f"Wythoff (1000, 1618): winning moves {got} by Beatty's theorem, in {secs:.1f} s")


def claims_checked(b):
    """The page's own check: the file's true claims hold over its box, and a false one shows
    its first counterexample (by a plain mex over Wythoff's game) and the move that shows it."""
    b.wait_text("#claims-summary", "holds")
    n = 30
    positions = (n + 1) * (n + 2) // 2
    items = b.js("return [...document.querySelectorAll('#claims-out .claim')].map(c => c.innerText);")
    check(len(items) == 2 and all("holds" in i for i in items) and f"holds on {positions:,} positions" in items[0],
          f"Wythoff's two claims hold on the {positions} positions of `check max {n}`")
    text = b.js("return document.getElementById('source').value;")
    edit(b, "claim P: a == floor((b - a) * phi)", "claim P: a == b")
    b.wait_text("#claims-summary", "fails")
    g = wythoff_grundy(n)
    order = sorted(((a, c) for a in range(n + 1) for c in range(a, n + 1)), key=lambda p: (p[0] + p[1], p[0]))
    a, c = next((a, c) for a, c in order if (a == c) != (g[(a, c)] == 0))
    says, is_ = ("P" if a == c else "N"), ("P" if g[(a, c)] == 0 else "N")
    moves = [m for m in wythoff_moves(a, c) if (g[m] == 0) == (is_ == "N")]
    bad = b.text("#claims-out .claim.bad")
    check(f"At ({a}, {c})" in bad and f"the claim says {says}, but it is {is_}" in bad
          and any(f"({x}, {y})" in bad for x, y in moves) and "take same" in bad,
          f"a false claim shows its counterexample ({a}, {c}) and the move: {bad!r}")
    b.js("document.getElementById('claims-box').scrollIntoView();")
    b.shot("2-claims-fail")
    b.click("#claims-out .counterexample button.link")
    b.wait_text("#eval-position", f"({a}, {c})")
    check(b.text("#eval-outcome").startswith(is_), f"a click on the counterexample evaluates ({a}, {c})")
    b.js("""const t = document.getElementById('source'); t.value = arguments[0];
            t.dispatchEvent(new Event('input'));""", text)
    b.wait_text("#claims-summary", "holds")


def typo_and_stale(b):
    b.type("#position-input", "4 6\ue007")
    b.wait_text("#eval-position", "(4, 6)")
    edit(b, "heaps 2", "heapz 2")
    b.wait_text("#diagnostics", "line")
    line = b.js("""const t = document.getElementById('source').value;
                   return t.slice(0, t.indexOf('heapz')).split('\\n').length;""")
    marked = b.js("return [...document.querySelectorAll('#gutter .bad')].map(e => +e.textContent);")
    check(marked == [line], f"the gutter marks line {line} ({marked})")
    check(b.js("return document.querySelector('#backdrop mark') !== null;"), "the span is marked")
    diag = b.text("#diagnostics")
    check(f"line {line}" in diag and "did you mean `heaps`" in diag, "the problem names its line and suggests `heaps`")
    first = diag.split("\n")[0]
    check(b.text("main").count(first.split(": ", 1)[1][:40]) == 1, "the problem is shown once")
    check("docs/language.md" not in diag, "the help points to the reference, not to a file")
    check(b.visible("#eval-out .stale-note"), "an evaluation is marked out of date after an edit")
    b.click("#diagnostics button.link")
    sel = b.js("const t = document.getElementById('source'); return t.value.slice(t.selectionStart, t.selectionEnd + 5);")
    check("heapz" in sel, f"clicking the problem selects the typo ({sel!r})")
    b.shot("2-typo")
    edit(b, "heapz 2", "heaps 2")
    b.wait_text("#status-line", "no problems")
    b.click("#eval-out .stale-note button")
    b.wait("the recomputed evaluation", "return !document.querySelector('#eval-out .stale-note') && document.getElementById('eval-outcome');")
    check(True, "Recompute clears the mark")

    # Defect 3: a game survives an edit of the rules.
    b.type("#play-start", "6 10")
    b.click("#play-button")
    b.wait_text("#play-turn", "Your move from (6, 10)")
    edit(b, "# Wythoff's game", "# Wythoff's game, edited")
    b.wait_text("#play-out", "goes on with the rules it started with")
    b.click("#play-heaps button.counter:not([disabled])")
    b.wait("heapgame's reply", "return document.querySelectorAll('#play-log li').length === 2;")
    log = b.text("#play-log")
    check("is not a move" not in b.text("#play-out") and log.count("you:") == 1,
          "a game goes on after the rules are edited")
    check(b.js("return !document.getElementById('undo-button').disabled;"), "Undo stays available")


def parser_messages(b):
    """Defect 6 of issue 38: a `}` left out is shown at the `{` it would close, not at the end
    of the file; an unknown one-letter name gets no far-fetched suggestion."""
    choose(b, "classic/wythoff.game")
    b.wait_text("#status-line", '"Wythoff')
    text = b.js("return document.getElementById('source').value;")
    lines = text.split("\n")
    opening = next(i for i, l in enumerate(lines) if l.startswith("ruleset")) + 1
    cut = text.rstrip()
    check(cut.endswith("}"), "Wythoff's file ends with the ruleset's `}`")
    b.js("""const t = document.getElementById('source'); t.value = arguments[0];
            t.dispatchEvent(new Event('input'));""", cut[:-1])
    b.wait_text("#diagnostics", "line")
    marked = b.js("return [...document.querySelectorAll('#gutter .bad')].map(e => +e.textContent);")
    diag = b.text("#diagnostics")
    check(marked == [opening] and f"line {opening}," in diag and "never closed" in diag,
          f"a missing `}}` is shown at the `{{` of line {opening} ({marked}, {diag.splitlines()[0]!r})")
    choose(b, "classic/subtraction.game")
    b.wait("the question", "return document.getElementById('discard').open;")
    b.click("#discard-yes")
    b.wait_text("#status-line", '"Subtraction game"')
    edit(b, "(S = {1, 3, 4}) {", "{")
    b.wait_text("#diagnostics", "unknown name `S`")
    diag = b.text("#diagnostics")
    check("did you mean `e`" not in diag and "did you mean" not in diag.split("unknown name `S`")[1].split("\n")[1],
          f"an unknown `S` is not said to mean the constant `e` ({diag.splitlines()[:3]})")
    choose(b, "classic/wythoff.game")
    b.wait("the question", "return document.getElementById('discard').open;")
    b.click("#discard-yes")
    b.wait_text("#status-line", '"Wythoff')


def a_loop_and_plain_words(b):
    """Defect 9: a rule that can loop is reported when the rules are checked, before any
    evaluation, where it cannot be solved (misère play; in normal play a loopy game is solved
    with Smith's values); no "0 problems", no doubled brackets."""
    choose(b, "classic/nim.game")
    b.wait_text("#status-line", '"Nim"')
    text = b.js("return document.getElementById('source').value;")
    edit(b, "move { take 1.. from one heap }",
         "move { take 1.. from one heap }\n  move { split one heap into 2 parts allowing empty }\n  play misere")
    b.wait("the loop reported", "return document.querySelector('#diagnostics .problem') !== null;")
    line = b.js("""const t = document.getElementById('source').value;
                   return t.slice(0, t.indexOf('split one heap')).split('\\n').length;""")
    marked = b.js("return [...document.querySelectorAll('#gutter .bad')].map(e => +e.textContent);")
    status = b.text("#status-line")
    check("no problems" not in status and line in marked,
          f"a move that can loop is a problem at its line {line} as soon as the rules are checked ({status!r}, {marked})")
    b.js("""const t = document.getElementById('source'); t.value = arguments[0];
            t.dispatchEvent(new Event('input'));""", text)
    b.wait_text("#status-line", "no problems")
    shown = b.text("main")
    check("((" not in shown and "0 problems" not in shown, "no doubled brackets, no \"0 problems\"")
    choose(b, "classic/wythoff.game")
    b.wait_text("#status-line", '"Wythoff"')


def a_box(b):
    n = 30
    b.type("#solve-max", str(n))
    b.click("#solve-button")
    summary = b.wait_text("#solve-summary", "P-positions")
    p = wythoff_p(n)
    count = int(summary.split()[0])
    check(count == len(p), f"{count} P-positions with heaps <= {n}, by Beatty's theorem ({len(p)})")
    listed = b.js("""return [...document.querySelectorAll('#p-positions tbody tr')]
                       .map(r => [...r.cells].slice(1).map(c => +c.textContent));""")
    check(sorted(map(tuple, listed)) == sorted(p), "the P-positions listed are Wythoff's")
    dots = sum(2 if a != c else 1 for a, c in p)
    check(f"both orders: {dots} red squares" in b.text("#solve-out"),
          f"the summary explains the picture's {dots} squares and the positions counted once")
    # A click on a square evaluates it: (3, 5).
    b.js("""const c = document.getElementById('picture'); const r = c.getBoundingClientRect();
            const n = arguments[0] + 1;
            c.dispatchEvent(new MouseEvent('click', {clientX: r.left + (3.5 / n) * r.width,
                                                     clientY: r.top + ((n - 5 - 0.5) / n) * r.height, bubbles: true}));""", n)
    b.wait_text("#eval-position", "(3, 5)")
    check(b.text("#eval-outcome").startswith("P"), "a click on the picture evaluates (3, 5): P")
    why = b.text("#eval-why")
    gp = wythoff_grundy(5)
    values = sorted({gp[m] for m in wythoff_moves(3, 5)})
    check(why.startswith("the followers have the values " + ", ".join(map(str, values[:3])))
          and values[0] > 0 and "none has 0," in why and "_" not in why,
          f"at a P-position the missing 0 is not read as a follower's value ({why!r})")
    # The Grundy heatmap: P-positions stand apart from small values.
    b.click("#solve-grundy")
    b.click("#solve-button")
    b.wait("the Grundy picture", "return document.querySelector('#grundy-table') !== null;")
    colours = b.js("""const c = document.getElementById('picture'); const n = arguments[0] + 1;
        const w = c.width / n; const ctx = c.getContext('2d');
        const at = (a, v) => [...ctx.getImageData(a * w + w / 2, (n - 1 - v) * w + w / 2, 1, 1).data];
        return [at(3, 5), at(0, 1), at(1, 1)];""", n)
    (pr, pg, pb, _), (r1, g1, b1, _), (r2, g2, b2, _) = colours
    check(pr > pg + 80 and b1 > r1 and b2 > r2, f"P-positions red, values 1 and 2 blue ({colours})")
    b.shot("3-box")
    b.click("#solve-grundy")
    # Above 500,000 positions the picture keeps its style; above 1,000,000 the page says why
    # there is none.
    big = 1100
    b.type("#solve-max", str(big))
    b.click("#solve-button")
    summary = b.wait_text("#solve-summary", "P-positions", timeout=120)
    total = (big + 1) * (big + 2) // 2
    p = wythoff_p(big)
    check(summary.startswith(f"{len(p)} P-positions among {total:,} positions"), f"a box of {total:,} positions: {summary!r}")
    a, c = max(p)
    px = b.js("""const c = document.getElementById('picture'); const n = arguments[2] + 1; const w = c.width / n;
        const ctx = c.getContext('2d');
        const at = (a, v) => [...ctx.getImageData(a * w + w / 2, (n - 1 - v) * w + w / 2, 1, 1).data];
        return [at(arguments[0], arguments[1]), at(1, 1)];""", a, c, big)
    check(px[0][:3] == [0xb3, 0x26, 0x1e] and px[1][:3] == [255, 255, 255],
          f"its picture is drawn as the small one: ({a}, {c}) red, (1, 1) white ({px})")
    big = 1500
    b.type("#solve-max", str(big))
    b.click("#solve-button")
    b.wait_text("#solve-summary", "P-positions", timeout=120)
    total = (big + 1) * (big + 2) // 2
    check(f"No picture: it is drawn for boxes of up to 1,000,000 positions (this one has {total:,})" in b.text("#solve-out"),
          f"a box of {total:,} positions says why it has no picture")
    b.type("#solve-max", str(n))


def a_game(b):
    # Defect 4: at (0, 0) with heapgame first, heapgame cannot move: the student wins.
    b.type("#play-start", "0 0")
    b.click("#play-second")
    check(b.js("return document.getElementById('play-second').checked;"), "heapgame moves first")
    b.click("#play-button")
    result = b.wait_text("#play-result", "win")
    check(result.startswith("You win"), f"(0, 0) with heapgame first: {b.text('#play-out')!r}")
    b.click("#play-second")
    # From (4, 6), an N-position: hints show the winning move; a mistake shows in the review.
    b.click("#play-hints")
    b.type("#play-start", "4 6")
    b.click("#play-button")
    b.wait_text("#play-hint", "Winning")
    want = sorted(m for m in wythoff_moves(4, 6) if m in wythoff_p(10))
    check(f"{want[0][0]}, {want[0][1]}" in b.text("#play-hint") and "N-position" in b.text("#play-start-note"),
          f"the start is stated winnable and the hint names {want}")
    check(b.js("return document.querySelectorAll('#play-heaps .heap').length;") == 2
          and b.js("return document.querySelectorAll('#play-heaps button.counter').length;") == 10,
          "the heaps are drawn as 4 and 6 counters")
    b.shot("4-play")
    # Take one from the heap of 6 (leaving 5): not a winning move.
    b.click('#play-heaps .heap:nth-child(2) button.counter[data-leave="5"]')
    b.wait("heapgame's reply", "return document.querySelectorAll('#play-log li').length === 2;")
    focus = b.js("const a = document.activeElement; return [a.id, a.tagName, document.getElementById('play-out').contains(a)];")
    check(focus[2], f"after a move the focus stays in the game, on the next turn's line ({focus})")
    for _ in range(30):
        if b.js("return document.getElementById('play-result') !== null;"):
            break
        b.js("const m = document.querySelector('#play-moves button, #play-select-go'); m.click();")
        b.wait("the next turn", "return !document.querySelector('#play-out progress');")
    result = b.text("#play-result")
    review = b.text("#play-review")
    check("From (4, 6) you moved to (4, 5)" in review and "(3, 5) would have won" in review,
          f"the review names the move that gave the win away ({result})")
    b.shot("5-review")
    b.click("#play-hints")
    b.click("#undo-button")
    b.wait("the undo", "return !document.getElementById('play-result');")
    check(True, "undo takes back a finished game's last move")
    # From (200, 300): counters stay few, every move is in one list.
    b.type("#play-start", "200 300")
    b.click("#play-button")
    b.wait_text("#play-turn", "Your move from (200, 300)")
    buttons = b.js("return document.querySelectorAll('#play-out button').length;")
    options = b.js("return document.querySelectorAll('#play-select option').length;")
    check(buttons < 20 and options == 699, f"(200, 300): {buttons} buttons, the {options} moves in one list (699)")


def mex(values):
    v = 0
    while v in values:
        v += 1
    return v


def a_primer(b):
    # Defect 8: a primer for students, its exercises judged by the page (by heapgame). The right
    # answers are computed here: Nim by the XOR, "take 1, 2 or 3" by the mex, Wythoff by Beatty.
    b.click("#show-primer")
    b.wait_text("#primer-body", "Bouton's theorem")
    body = b.text("#primer-body")
    check("tests/" not in body and "<!--" not in body and "@@" not in body,
          "the primer shows no repository paths and no exercise markers")
    check(b.js("return document.querySelectorAll('#primer-body form.exercise').length;") == 3,
          "the primer has three answer boxes")

    def answer(i, text, needle):
        b.type(f"#exercise-{i}-answer", text)
        b.click(f"form[data-exercise='{i}'] button")
        return b.wait_text(f"#exercise-{i}-verdict", needle)

    heaps = (3, 5, 7)
    x = heaps[0] ^ heaps[1] ^ heaps[2]
    i = next(i for i, h in enumerate(heaps) if h ^ x < h)
    right = tuple(h ^ x if j == i else h for j, h in enumerate(heaps))
    check("not a winning one" in answer(0, "3 5 5", "not a winning"), "Nim: (3, 5, 5) is a move but not a winning one")
    check("cannot be reached" in answer(0, "3 6 7", "cannot be reached"), "Nim: (3, 6, 7) is not a move")
    answer(0, " ".join(map(str, right)), "Right")
    check("wrong" not in b.js("return document.getElementById('exercise-0-verdict').className;"),
          f"Nim: {right} is accepted")
    g = []
    for n in range(11):
        g.append(mex({g[n - s] for s in (1, 2, 3) if s <= n}))
    check("Not " in answer(1, str(g[10] + 1), "Not "), f"take 1-3: {g[10] + 1} is refused for a heap of 10")
    check("Right" in answer(1, str(g[10]), "Right"), f"take 1-3: {g[10]} is accepted for a heap of 10")
    p = wythoff_p(6)
    win = next(m for m in wythoff_moves(4, 6) if m in p)
    check("not a winning one" in answer(2, "4 4", "not a winning"), "Wythoff: (4, 4) is not a winning move")
    check("Right" in answer(2, f"({win[0]}, {win[1]})", "Right"), f"Wythoff: {win} is accepted from (4, 6)")
    b.shot("primer")
    b.click("#close-primer")


def links(b, url):
    # Defect 5: a link survives the reference's links, and a pasted link opens.
    b.type("#position-input", "3 5")
    b.click("#eval-button")
    b.wait_text("#eval-position", "(3, 5)")
    b.click("#share")
    b.wait_text("#share-status", "it opens these rules")
    link = b.js("return location.href;")
    check("#game=" in link, "Copy link puts the link in the address bar")
    b.go("about:blank")
    b.go(link)
    started(b)
    b.wait_text("#eval-position", "(3, 5)")
    check(b.js("return document.getElementById('position-input').value;") == "3 5", "the link carries the position")
    b.click("#show-reference")
    b.wait_text("#reference-body", "File structure")
    check(b.js("return document.querySelectorAll('#reference-body table').length > 0;")
          and "|---" not in b.text("#reference-body"), "the reference shows its tables as tables")
    b.js("document.querySelector('#reference-body a[href^=\"#\"]').click();")
    check(b.js("return location.hash.startsWith('#game=');"), "a link in the reference keeps the #game= address")
    b.click("#close-reference")
    nim = b.js("return window.HEAPGAME_DATA.rulesets.find(r => r.path === 'classic/nim.game').text;")
    other = b.js("""return '#game=' + btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(
                      {text: arguments[0], params: {}, position: '1 2 3', view: 'solve', max: '5', heaps: '3'}))))
                      .replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');""", nim)
    b.js("location.hash = arguments[0];", other)
    # The rules in the tab were edited (a comment, above): the page asks before replacing them.
    b.wait("the question", "return document.getElementById('discard').open;")
    b.click("#discard-yes")
    b.wait_text("#status-line", '"Nim"')
    b.wait_text("#eval-position", "(1, 2, 3)")
    b.wait_text("#solve-summary", "P-positions")
    check(b.text("#eval-outcome").startswith("P"), "a link pasted into the open tab opens Nim (1, 2, 3), a P-position, and its view")
    # Pluralisation and the empty position: Nim, at most one heap of at most 0.
    b.type("#solve-heaps", "1")
    b.type("#solve-max", "0")
    b.click("#solve-button")
    summary = b.wait_text("#solve-summary", "P-position")
    check(summary.startswith("1 P-position among 1 position") and "at most 1 heap," in summary, f"counts read right: {summary!r}")
    check("() no heaps" in b.text("#p-positions"), "the empty position is shown as ()")


def edits_are_kept(b, url):
    # Defect 2: the horizontal scroll is reset with a new ruleset.
    choose(b, "classic/wythoff.game")
    b.wait_text("#status-line", '"Wythoff"')
    b.js("const t = document.getElementById('source'); t.scrollLeft = 300; t.dispatchEvent(new Event('scroll'));")
    check(b.js("return document.getElementById('source').scrollLeft;") > 0, "the editor scrolled sideways")
    choose(b, "propp/cookie.game")
    b.wait_text("#status-line", '"Cookie game"')
    check(b.js("return [document.getElementById('source').scrollLeft, document.getElementById('backdrop').scrollLeft];") == [0, 0],
          "another ruleset opens at the start of its lines")
    # Defect 6: picking another ruleset asks first; edits are saved and restored.
    edit(b, "ruleset \"Cookie game\"", "ruleset \"My cookies\"")
    b.wait_text("#status-line", '"My cookies"')
    choose(b, "classic/nim.game")
    b.wait("the question", "return document.getElementById('discard').open;")
    b.shot("6-ask")
    b.click("#discard-keep")
    check("My cookies" in b.js("return document.getElementById('source').value;"), "Keep editing keeps the edits")
    b.go(url)
    started(b)
    b.wait_text("#status-line", '"My cookies"')
    check("restored" in b.text("#share-status"), "the edits are restored after a reload")
    choose(b, "classic/nim.game")
    b.wait("the question", "return document.getElementById('discard').open;")
    b.click("#discard-yes")
    b.wait_text("#status-line", '"Nim"')
    check(True, "Replace my edits opens the other ruleset")


def a_link_with_own_rules(b, url):
    """Defects 1 and 3 of issue 38: a link with edited rules shows them under their own name,
    not the name of the game they started from, which can then be picked; a reload after an
    edit made since "Copy link" keeps the edit."""
    sub = b.js("return window.HEAPGAME_DATA.rulesets.find(r => r.path === 'classic/subtraction.game').text;")
    mine = sub.replace('ruleset "Subtraction game"', 'ruleset "My subtraction game"')
    hash_ = b.js("""return '#game=' + btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(
                      {path: 'classic/wythoff.game', name: 'wythoff.game', text: arguments[0], params: {},
                       position: '7', view: 'eval'}))))
                      .replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');""", mine)
    b.go("about:blank")
    b.go(url + hash_)
    started(b)
    b.wait_text("#status-line", '"My subtraction game"')
    shown = b.js("const c = document.getElementById('ruleset-choice'); return [c.value, c.selectedOptions[0].textContent];")
    check(shown == ["", "(your own rules)"],
          f"a link with edited rules is shown as your own rules, not as the game it started from ({shown})")
    choose(b, "classic/wythoff.game")
    b.wait("the question", "return document.getElementById('discard').open;")
    b.click("#discard-yes")
    b.wait_text("#status-line", '"Wythoff')
    check(b.js("return document.getElementById('ruleset-choice').value;") == "classic/wythoff.game",
          "the game the link's rules started from can then be picked")
    # Copy link, edit, reload: the edit made after the link stays.
    edit(b, "# Wythoff's game", "# Wythoff's game, shared")
    b.click("#share")
    b.wait_text("#share-status", "it opens these rules")
    edit(b, "# Wythoff's game, shared", "# Wythoff's game, edited after the link")
    b.wait_text("#status-line", "no problems")
    # A reload (navigating to the same address with a fragment would not reload).
    b.js("document.body.dataset.started = 'false'; location.reload();")
    started(b)
    b.wait_text("#status-line", "no problems")
    text = b.js("return document.getElementById('source').value;")
    check("edited after the link" in text, "a reload after Copy link and an edit keeps the edit, not the link's older rules")
    choose(b, "classic/wythoff.game")
    b.wait("the question", "return document.getElementById('discard').open;")
    b.click("#discard-yes")
    b.wait_text("#status-line", '"Wythoff')


def big_positions(b):
    """Defect 4 of issue 38: large positions answer through the kernel the command line uses;
    one whose box cannot fit the page's memory is refused in words, never a panic."""
    choose(b, "classic/wythoff.game")
    b.wait_text("#status-line", '"Wythoff')
    b.type("#position-input", "3000 4000\ue007")
    b.wait_text("#eval-position", "(3000, 4000)", timeout=300)
    p = wythoff_p(4000)
    want = sorted(m for m in wythoff_moves(3000, 4000) if m in p)
    got = b.js("return [...document.querySelectorAll('#winning-moves button')].map(x => x.innerText);")
    check(got == [f"({a}, {c})" for a, c in want], f"Wythoff (3000, 4000): winning moves {got} by Beatty's theorem")
    b.type("#position-input", "10000 16180\ue007")
    b.wait("an answer for (10000, 16180)",
           "return !document.querySelector('#eval-out progress') && document.getElementById('eval-out').innerText.length > 0;",
           timeout=300)
    out = b.text("#eval-out")
    check("too large for the page's memory" in out and "panic" not in out and "capacity overflow" not in out
          and "heapgame eval" in out,
          f"Wythoff (10000, 16180) is refused in words, never a panic ({out[:160]!r})")
    # Where no kernel applies (a `positions where` with a quantifier, which the move compiler
    # does not take), the search's progress has a total: the positions below the one asked,
    # at most the position limit.
    edit(b, "heaps 2\n", "heaps 2\n  positions where all(x in heaps: x >= 0)\n")
    b.wait_text("#status-line", "no problems")
    b.type("#position-input", "2000 3000\ue007")
    line = b.wait_text("#eval-out .progress", "positions so far", timeout=120)
    check("of at most 2,000,000" in line, f"the progress line gives a total ({line!r})")
    b.click("#eval .stop")
    b.wait_text("#eval-out", "Stopped")
    choose(b, "classic/wythoff.game")
    b.wait("the question", "return document.getElementById('discard').open;")
    b.click("#discard-yes")
    b.wait_text("#status-line", '"Wythoff')


def subtraction_values(moves, n):
    """Grundy values of one heap of a subtraction game, heaps 0..n, by the mex."""
    g = []
    for h in range(n + 1):
        seen = {g[h - s] for s in moves if s <= h}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


def a_period(b):
    """Defect 2 of issue 38: the one-heap picture names the period the values have."""
    choose(b, "classic/subtraction.game")
    # Rules edited by an earlier step (restored edits of Wythoff) ask first.
    if b.js("return document.getElementById('discard').open;"):
        b.click("#discard-yes")
    b.wait_text("#status-line", '"Subtraction game"')
    g = subtraction_values((1, 3, 4), 40)
    p = next(p for p in range(1, 41) if all(g[i] == g[i + p] for i in range(41 - p)))
    b.type("#solve-heaps", "1")
    b.type("#solve-max", "40")
    if not b.js("return document.getElementById('solve-grundy').checked;"):
        b.click("#solve-grundy")
    b.click("#solve-button")
    b.wait("the picture", "return document.querySelector('#solve-out img.plot') !== null;")
    svg = b.js_async("""fetch(document.querySelector('#solve-out img.plot').src).then(r => r.text())
                          .then(t => arguments[0](t));""")
    check(f"period {p} from n = 0" in svg and "no period found" not in svg,
          f"the picture of S = {{1, 3, 4}} names its period {p} (values {g[:2 * p]})")
    b.click("#solve-grundy")
    b.type("#solve-max", "30")


def long_solve_and_bad_input(b):
    choose(b, "abuku/delete-nim.game")
    b.wait_text("#status-line", '"Delete Nim"')
    b.click("#advanced summary")
    b.type("#max-positions", "5000000")
    b.type("#solve-max", "2500")
    b.click("#solve-button")
    b.wait_text("#solve-out .progress", "positions so far", timeout=120)
    b.click("#solve-stop")
    b.wait_text("#solve-out", "Stopped")
    choose(b, "classic/wythoff.game")
    b.wait_text("#status-line", '"Wythoff"')
    b.type("#position-input", "3 5\ue007")
    b.wait_text("#eval-outcome", "P")
    check(True, "a long solve stops, and the page answers afterwards")
    choose(b, "fraenkel-zusman/fraenkel-zusman.game")
    # The status line still says Wythoff's "no problems" until the new file is checked.
    b.wait_text("#status-line", '"Fraenkel-Zusman"')
    b.wait("the parameter inputs", "return document.querySelector('#params input') !== null;")
    b.type("#params input", "k + ")
    b.wait("the parameter's problem", "return document.querySelector('#params input.invalid') !== null;")
    check(True, "a bad parameter value is marked at its input")
    b.type("#params input", "4")
    b.wait_text("#status-line", "4 heaps")
    b.type("#position-input", "1 2 x 4")
    b.click("#eval-button")
    b.wait_text("#eval-out", "not a heap size")
    check(True, "a bad position is reported")
    icon = b.js_async("fetch('favicon.svg').then(r => arguments[0](r.status));")
    check(icon == 200, "the page has a favicon")


def phone(url):
    ph = Browser(DRIVER, SHOTS, 390, 844, phone=True)
    try:
        ph.go(url)
        started(ph)
        ph.wait_text("#status-line", "no problems")
        fits = "return document.documentElement.scrollWidth <= window.innerWidth + 1;"
        check(ph.js(fits), "nothing wider than a phone's screen")
        ph.wait_text("#eval-outcome", "N")
        w = ph.js("const s = document.querySelector('#eval-out .scroll'); return [s.scrollWidth, s.clientWidth];")
        check(w[0] <= w[1] + 1, f"the followers' table fits a phone's screen without scrolling sideways ({w})")
        top = ph.js("return document.getElementById('eval-out').getBoundingClientRect().top + window.scrollY;")
        check(top < 844, f"on a phone the answer starts on the first screen ({top:.0f} px down), not below the editor")
        ph.shot("7-phone")
        edit(ph, "claim P: a == floor((b - a) * phi)", "claim P: a == b")
        ph.wait_text("#claims-summary", "fails")
        check(ph.js(fits), "a claim's counterexample fits a phone's screen")
        ph.js("document.getElementById('claims-box').scrollIntoView();")
        ph.shot("7-phone-claims")
        edit(ph, "claim P: a == b", "claim P: a == floor((b - a) * phi)")
        ph.wait_text("#claims-summary", "holds")
        edit(ph, "heaps 2", "heapz 2")
        ph.wait_text("#diagnostics", "line")
        check(ph.js(fits), "a problem fits a phone's screen")
        edit(ph, "heapz 2", "heaps 2")
        ph.wait_text("#status-line", "no problems")
        ph.type("#play-start", "4 6")
        ph.click("#play-button")
        ph.wait_text("#play-turn", "Your move")
        check(ph.js(fits), "a game fits a phone's screen")
        small = ph.js("""return [...document.querySelectorAll('button, input, select, summary')]
            .filter(e => e.checkVisibility({visibilityProperty: true}))
            .map(e => [e.id || e.textContent.slice(0, 20) || e.type, e.getBoundingClientRect()])
            .filter(([, r]) => r.width < 24 || r.height < 24)
            .map(([n, r]) => `${n} ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);""")
        check(not small, f"on a phone every control is at least 24 px each way ({small[:6]})")
        ph.shot("8-phone-game")
    finally:
        ph.quit()


def slow_connection(url):
    """Defect 1: at 1 Mbit/s the page says it is loading, then checks without a timeout."""
    sb = Browser(DRIVER, SHOTS, 1280, 900)
    try:
        t0 = time.time()
        sb.go(url)
        sb.wait("the loading note", "return document.getElementById('loading-text').innerText.includes('MB');", timeout=30)
        check(sb.visible("#loading"), f"a loading note with the download's progress ({sb.text('#loading-text')!r})")
        sb.type("#position-input", "5 7")
        sb.shot("9-slow-loading")
        seen = set()
        end = time.time() + 120
        while time.time() < end:
            status = sb.text("#status-line") or ""
            seen.add(status)
            if "no problems" in status:
                break
            time.sleep(0.2)
        secs = time.time() - t0
        check(not any("took more than" in s for s in seen) and any("no problems" in s for s in seen),
              f"at 1 Mbit/s the rules are checked once heapgame has loaded ({secs:.1f} s), never cut off")
        sb.wait("the first answer", "return document.getElementById('eval-position');", timeout=60)
        typed = [sb.js("return document.getElementById('position-input').value;"), sb.text("#eval-position")]
        check(typed == ["5 7", "(5, 7)"], f"a position typed while the page loads is kept and evaluated ({typed})")
        edit(sb, "# Wythoff's game", "# Wythoff")
        sb.wait_text("#status-line", "no problems")
        sb.wait_text("#eval-outcome", "N")
        check(True, "an edit after the slow load is checked without a new download")
    finally:
        sb.quit()


def offline(dist):
    server = serve(dist)
    ob = Browser(DRIVER, SHOTS, 1280, 900)
    try:
        ob.go(server.url)
        started(ob)
        ob.wait_text("#status-line", "no problems")
        ob.js_async("""const done = arguments[0];
            navigator.serviceWorker.ready.then(() => done(true), () => done(false));""")
        ob.wait("the offline copy", "return navigator.serviceWorker.controller !== null;", timeout=60)
        server.shutdown()
        server.server_close()
        ob.go(server.url)
        started(ob)
        ob.wait_text("#status-line", "no problems")
        ob.wait_text("#eval-outcome", "N")
        check(True, "offline after the first load, a reload still opens the playground and answers")
    finally:
        ob.quit()


def from_disk(dist):
    fb = Browser(DRIVER, SHOTS, 1280, 900)
    try:
        fb.go("file://" + os.path.abspath(os.path.join(dist, "index.html")))
        fb.wait("the message", "return document.documentElement.classList.contains('from-file');", timeout=20)
        check(fb.visible("#file-warning") and "served" in fb.text("#file-warning"),
              "opened from disk, the page says to serve the folder")
    finally:
        fb.quit()


def main():
    t0 = time.time()
    fast = serve(DIST)
    b = Browser(DRIVER, SHOTS, 1280, 1000)
    try:
        first_screen_and_a_position(b, fast.url)
        claims_checked(b)
        a_loop_and_plain_words(b)
        parser_messages(b)
        typo_and_stale(b)
        a_box(b)
        a_game(b)
        a_primer(b)
        links(b, fast.url)
        edits_are_kept(b, fast.url)
        a_link_with_own_rules(b, fast.url)
        big_positions(b)
        a_period(b)
        long_solve_and_bad_input(b)
    finally:
        b.quit()
    phone(fast.url)
    slow_connection(serve(DIST, rate=125_000).url)
    offline(DIST)
    from_disk(DIST)
    pictures = [f for _, _, fs in os.walk(DIST) for f in fs if f.endswith(".png")]
    check(not pictures, f"no screenshot inside {DIST}, which is published ({len(pictures)})")
    print(f"web/test.py: all checks passed in {time.time() - t0:.0f} s; screenshots in", SHOTS)


if __name__ == "__main__":
    main()
