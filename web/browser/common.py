"""What every scenario uses: the right answers computed here, independently of the page
(Wythoff's P-positions by Beatty's theorem in exact integers, Grundy values by a plain mex,
Kayles by its definition), and the few steps every scenario takes (check, choose, edit)."""

import math

# The chromedriver address and the screenshots' folder (set by test.py).
CONF = {}


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


def mex(values):
    v = 0
    while v in values:
        v += 1
    return v


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
    """Picks `path` in the list of games, as a user would (a question may follow if the rules
    were edited; `opened` waits for the game to be open)."""
    b.opened_before = int(b.js("return document.body.dataset.opened || '0';"))
    b.js("const c = document.getElementById('ruleset-choice');"
         "c.value = arguments[0]; c.dispatchEvent(new Event('change'));", path)


def opened(b, path, timeout=60):
    """Waits until the game picked by the last `choose` is open: its rules in the editor and
    its example evaluated, with no other opening under way (an earlier one finishing late
    would otherwise replace a position typed after it)."""
    b.wait(f"{path} to open",
           "const d = document.body.dataset;"
           "return (d.opening || '0') === '0' && +(d.opened || 0) > arguments[0]"
           " && document.getElementById('ruleset-choice').value === arguments[1]"
           " && window.heapgameEditor.get() === window.HEAPGAME_DATA.rulesets.find(r => r.path === arguments[1]).text;",
           b.opened_before, path, timeout=timeout)


def source(b):
    """The editor's text (window.heapgameEditor: the same for CodeMirror and the textarea)."""
    return b.js("return window.heapgameEditor.get();")


def set_source(b, text):
    """Replaces the editor's text as typing would (the page checks it again)."""
    b.js("window.heapgameEditor.set(arguments[0]);", text)


def edit(b, old, new):
    b.js("const e = window.heapgameEditor; e.set(e.get().replace(arguments[0], arguments[1]));", old, new)


# The line numbers marked as having a problem, and the problems' marks in the text
# (CodeMirror's, web/editor/src/main.js).
BAD_LINES = "return [...document.querySelectorAll('#editor .cm-lineNumbers .cm-gutterElement.bad')].map(e => +e.textContent);"
MARKS = "return [...document.querySelectorAll('#editor .cm-lintRange-error, #editor .cm-lintPoint-error')].map(e => e.textContent);"


def started(b):
    b.wait("the page to start", "return document.body.dataset.started === 'true';", timeout=90)
    b.wait("the editor", "return document.body.dataset.editor !== undefined;", timeout=90)
