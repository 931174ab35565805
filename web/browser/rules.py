"""The editor's problems: a typo marked at its line, stale results, a game that survives an
edit, the parser's messages, a rule that can loop."""

from browser.common import check, choose, edit


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
