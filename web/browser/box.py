"""Every position up to a size: the P-positions listed, the picture (squares, colours, a
click), the one-heap picture's period."""

import re
from browser.common import wythoff_p, wythoff_moves, wythoff_grundy, subtraction_values, check, choose, opened


def axes_read(b, n):
    """Issue 38: numbers on the two-heap picture's axes, each at the middle of its square."""
    got = b.js("""const c = document.getElementById('picture').getBoundingClientRect();
        const read = (id, across) => [...document.querySelectorAll(`#${id} .tick`)].map((t) => {
          const r = t.getBoundingClientRect();
          return [t.innerText, across ? ((r.left + r.right) / 2 - c.left) / c.width
                                      : (c.bottom - (r.top + r.bottom) / 2) / c.height]; });
        return [read('picture-x', true), read('picture-y', false)];""")
    for name, ticks in zip(("across", "up"), got):
        values = [int(t) for t, _ in ticks]
        step = values[1] - values[0] if len(values) > 1 else 0
        check(values and values[0] == 0 and step > 0 and values == list(range(0, n + 1, step))
              and values[-1] > n - step and len(values) <= 11
              and all(abs(at - (v + 0.5) / (n + 1)) < 0.5 / (n + 1) for v, at in zip(values, (a for _, a in ticks))),
              f"the picture's axis {name} is numbered {values}, each number at its square's middle")


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
    axes_read(b, n)
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
    b.js("document.getElementById('picture-figure').scrollIntoView();")
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


def a_period(b):
    """Defect 2 of issue 38: the one-heap picture names the period the values have."""
    choose(b, "classic/subtraction.game")
    # Rules edited by an earlier step (restored edits of Wythoff) ask first.
    if b.js("return document.getElementById('discard').open;"):
        b.click("#discard-yes")
    opened(b, "classic/subtraction.game")
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
    numbers = {int(t) for t in re.findall(r"<text[^>]*>\s*(\d+)\s*</text>", svg)}
    check({0, 10, 20, 30, 40} <= numbers and max(g) in numbers,
          f"the one-heap picture's axes are numbered: heaps 0 to 40, values up to {max(g)} ({sorted(numbers)})")
    check(f"period {p} from n = 0" in svg and "no period found" not in svg,
          f"the picture of S = {{1, 3, 4}} names its period {p} (values {g[:2 * p]})")
    b.click("#solve-grundy")
    b.type("#solve-max", "30")
