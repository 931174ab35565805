"""A position and why it has its value, the file's claims checked by the page, large positions
through the kernels, a long solve stopped and bad input."""

import time
from browser.common import source, set_source, wythoff_p, wythoff_moves, wythoff_grundy, kayles, contrast, check, choose, edit, started, opened


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
    colours = b.js("""const s = getComputedStyle(document.querySelector('#editor .cm-gutters'));
                      return [s.color, s.backgroundColor];""")
    ratio = contrast(*colours)
    check(ratio >= 4.5, f"the line numbers have a contrast of {ratio:.2f}:1, at least 4.5:1 ({colours})")
    b.js("document.getElementById('share-class').focus();")
    b.keys("\ue004")
    after = b.js("const a = document.activeElement; return a.id || a.tagName + '.' + a.className;")
    check(after == "source", f"Tab from Copy class link goes to the editor's text, not to a hidden part of it ({after})")

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
    opened(b, "classic/kayles.game")
    k = kayles(11)
    b.type("#position-input", "5 11\ue007")
    b.wait_text("#eval-xor", "XOR")
    check(f"{k[5]} ⊕ {k[11]} = {k[5] ^ k[11]}" in b.text("#eval-xor"),
          f"Kayles (5, 11) is the XOR of its heaps' values {k[5]} and {k[11]}")

    # Defect 8: one large position is answered through the kernel on its box.
    choose(b, "classic/wythoff.game")
    opened(b, "classic/wythoff.game")
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
    text = source(b)
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
    set_source(b, text)
    b.wait_text("#claims-summary", "holds")


def big_positions(b):
    """Defect 4 of issue 38: large positions answer through the kernel the command line uses;
    one whose box cannot fit the page's memory, and whose search is proven past the position
    limit, is refused in words, never a panic."""
    choose(b, "classic/wythoff.game")
    opened(b, "classic/wythoff.game")
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
    # Its box does not fit the page's memory, so the search is the route, and the query floor
    # proves before solving that the search would store more than the position limit.
    check("needs more than" in out and "at least" in out and "panic" not in out
          and "capacity overflow" not in out and "heapgame eval" in out,
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
    opened(b, "classic/wythoff.game")


def long_solve_and_bad_input(b):
    choose(b, "abuku/delete-nim.game")
    opened(b, "abuku/delete-nim.game")
    # A kernel solves Delete Nim's box at once; a `positions where` with a quantifier (which
    # the move compiler does not take) leaves it to the search, a long solve.
    edit(b, "heaps 2\n", "heaps 2\n  positions where all(x in heaps: x >= 0)\n")
    b.wait_text("#status-line", "no problems")
    b.click("#advanced summary")
    b.type("#max-positions", "5000000")
    b.type("#solve-max", "2500")
    b.click("#solve-button")
    b.wait_text("#solve-out .progress", "positions so far", timeout=120)
    b.click("#solve-stop")
    b.wait_text("#solve-out", "Stopped")
    choose(b, "classic/wythoff.game")
    b.wait("the question", "return document.getElementById('discard').open;")
    b.click("#discard-yes")
    opened(b, "classic/wythoff.game")
    b.type("#position-input", "3 5\ue007")
    b.wait_text("#eval-outcome", "P")
    check(True, "a long solve stops, and the page answers afterwards")
    choose(b, "fraenkel-zusman/fraenkel-zusman.game")
    # The status line still says Wythoff's "no problems" until the new file is checked.
    opened(b, "fraenkel-zusman/fraenkel-zusman.game")
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
