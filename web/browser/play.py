"""A game against heapgame (hints, review, undo) and the primer's exercises."""

from browser.common import wythoff_p, wythoff_moves, mex, check


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
