"""Class mode (issue 38): a link with `?class` hides who wins, the Grundy values, the winning
moves, the hints and the file's claims (in the editor) until the student has chosen a move,
then says whether the move wins and why. The right verdicts are computed here (Wythoff's P-positions by Beatty's theorem, values
by a plain mex)."""

from browser.common import wythoff_p, wythoff_moves, wythoff_grundy, check, choose, started, opened

# What the page must not show before the student's move.
HIDDEN = ["#eval-outcome", "#eval-grundy", "#winning-moves", "#eval-why", "#followers", "#play-hint"]


def shown_answers(b):
    return b.js("return arguments[0].filter(s => document.querySelector(s) !== null);", HIDDEN)


def ask_at(b, pos):
    b.type("#position-input", f"{pos[0]} {pos[1]}\ue007")
    b.wait("the question", "return document.getElementById('class-position')"
           " && document.getElementById('class-position').innerText === arguments[0];", f"({pos[0]}, {pos[1]})")


def choose_move(b, to):
    b.js("""const want = arguments[0];
            [...document.querySelectorAll('#class-moves button')].find(x => x.dataset.position === want).click();""",
         f"({to[0]}, {to[1]})")
    return b.wait_text("#class-verdict", "")


def class_mode(b, url):
    choose(b, "classic/wythoff.game")
    if b.js("return document.getElementById('discard').open;"):
        b.click("#discard-yes")
    opened(b, "classic/wythoff.game")
    b.type("#position-input", "4 6\ue007")
    b.wait_text("#eval-position", "(4, 6)")
    b.click("#share-class")
    b.wait("the class link", "return document.getElementById('class-link') !== null;")
    link = b.js("return document.getElementById('class-link').value;")
    check("?class#game=" in link, f"Copy class link gives a link with ?class and the rules ({link[:60]}…)")
    b.go("about:blank")
    b.go(link)
    started(b)
    b.wait("the question", "return document.getElementById('class-moves') !== null;")
    g = wythoff_grundy(10)
    p = wythoff_p(10)
    offered = b.js("return [...document.querySelectorAll('#class-moves button')].map(x => x.dataset.position);")
    check(sorted(offered) == sorted(f"({a}, {c})" for a, c in wythoff_moves(4, 6)),
          f"class mode asks for a move from (4, 6), offering each of its {len(offered)} moves")
    text = b.text("#eval-out")
    check(not shown_answers(b) and "P-position" not in text and "N-position" not in text,
          f"before a move, no outcome, value, winning move or follower's value is shown ({shown_answers(b)})")
    hidden = b.js("""return ['solve', 'claims-box', 'play-hints'].map(id =>
                       document.getElementById(id).checkVisibility());""")
    check(hidden == [False, False, False] and b.visible("#class-banner"),
          f"the box of every position, the claims and the hints are hidden, and the page says why ({hidden})")
    code = b.js("return document.querySelector('#editor .cm-content').innerText;")
    check("claim P" not in code and "claim count" not in code and "P-positions are" not in code and code.count("hidden until you choose a move") == 4
          and "take same 1.. from both heaps" in code,
          "the file's four claims, and the comments that say them, are hidden in the rules until a move is chosen")
    b.shot("10-class-ask")

    # A move that does not win: the verdict names the reply that wins against it (a P-position
    # one move from where the student moved), then the full answer appears.
    bad = min(m for m in wythoff_moves(4, 6) if g[m] != 0)
    replies = {m for m in wythoff_moves(*bad) if m in p}
    verdict = choose_move(b, bad)
    check(verdict.startswith("Not a winning move") and f"({bad[0]}, {bad[1]}) is an N-position" in verdict
          and any(f"moving to ({a}, {c})" in verdict for a, c in replies),
          f"moving to {bad} is not winning, and the reply to it is named ({verdict!r})")
    win = sorted(m for m in wythoff_moves(4, 6) if m in p)
    check(all(f"({a}, {c})" in verdict for a, c in win) and b.text("#eval-outcome").startswith("N"),
          f"then the winning move {win} and the full answer are shown")
    code = b.js("return document.querySelector('#editor .cm-content').innerText;")
    check("claim P: a == floor((b - a) * phi)" in code and "hidden until" not in code,
          "after the move the claims are shown in the rules")
    b.shot("10-class-verdict")

    # The winning move: why, as the mex of the values of the position reached.
    ask_at(b, (4, 6))
    code = b.js("return document.querySelector('#editor .cm-content').innerText;")
    check(not shown_answers(b) and "claim P" not in code, "a new position asks again, the claims hidden again")
    verdict = choose_move(b, win[0])
    values = sorted({g[m] for m in wythoff_moves(*win[0])})
    why = b.text("#class-why")
    check(verdict.startswith("A winning move") and "P-position" in verdict
          and why.startswith(f"Why: from ({win[0][0]}, {win[0][1]}), the followers have the values "
                             + ", ".join(map(str, values[:2]))) and "none has 0" in why,
          f"moving to {win[0]} wins, with why: its followers' values {values[:4]}… miss 0 ({why!r})")

    # At a P-position, "no move wins" is right.
    pp = max(m for m in p if m[1] <= 10)
    ask_at(b, pp)
    b.click("#class-no-win")
    verdict = b.wait_text("#class-verdict", "")
    check(verdict.startswith("Right") and b.text("#eval-outcome").startswith("P"),
          f"at {pp}, a P-position by Beatty's theorem, \"no move wins\" is right ({verdict!r})")

    # A game in class mode does not say whether its start is won.
    b.type("#play-start", "4 6")
    b.click("#play-button")
    b.wait_text("#play-turn", "Your move from (4, 6)")
    note = b.text("#play-start-note")
    check("position" not in note and "win" not in note and not b.visible("#play-hint"),
          f"a game in class mode does not give its start's outcome away ({note!r})")
    out = b.js("return document.querySelector('#class-banner a').href;")
    check("class" not in out.split("#")[0] and "#game=" in out, f"the banner's link leaves class mode ({out[:60]}…)")
    b.go("about:blank")
    b.go(out)
    started(b)
    b.wait_text("#eval-outcome", "N")
    check(not b.visible("#class-banner") and b.visible("#solve"), "without ?class the answers are shown at once")
