"""The editor: the language's words highlighted, brackets matched, a typo marked at its line
and its span, stale results, a game that survives an edit, the parser's messages, a rule that
can loop."""

from browser.common import BAD_LINES, MARKS, check, choose, edit, source, set_source, opened


def typo_and_stale(b):
    b.type("#position-input", "4 6\ue007")
    b.wait_text("#eval-position", "(4, 6)")
    edit(b, "heaps 2", "heapz 2")
    b.wait_text("#diagnostics", "line")
    t = source(b)
    line = t[:t.index("heapz")].count("\n") + 1
    marked = b.js(BAD_LINES)
    check(marked == [line], f"the gutter marks line {line} ({marked})")
    marks = b.js(MARKS)
    check(marks == ["heapz"], f"the problem's span is underlined in the text ({marks})")
    diag = b.text("#diagnostics")
    check(f"line {line}" in diag and "did you mean `heaps`" in diag, "the problem names its line and suggests `heaps`")
    first = diag.split("\n")[0]
    check(b.text("main").count(first.split(": ", 1)[1][:40]) == 1, "the problem is shown once")
    check("docs/language.md" not in diag, "the help points to the reference, not to a file")
    check(b.visible("#eval-out .stale-note"), "an evaluation is marked out of date after an edit")
    b.click("#diagnostics button.link")
    at = b.js("return window.heapgameEditor.selection();")
    sel = source(b)[at[0]:at[1] + 5]
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


def an_evaluation_with_a_problem(b):
    """Defect 8 of issue 38: the help of a problem that an evaluation answers with (the rules
    do not parse) points to the page's reference and primer, as the editor's does, not to a
    file of the repository."""
    choose(b, "classic/wythoff.game")
    # The rules may have been edited before: the page asks before replacing them.
    if b.wait("the game or the question", "return document.getElementById('discard').open ? 'ask' :"
              " (+(document.body.dataset.opened || 0) > arguments[0] ? 'open' : null);", b.opened_before) == "ask":
        b.click("#discard-yes")
    opened(b, "classic/wythoff.game")
    edit(b, "heaps 2", "heapz 2")
    b.wait_text("#diagnostics", "line")
    b.type("#position-input", "4 6")
    b.click("#eval-button")
    b.wait("the evaluation's problem", "return document.querySelector('#eval-out .problem') !== null;")
    out = b.text("#eval-out .problems")
    check("help:" in out and "Language reference" in out and ".md" not in out and "docs/" not in out,
          f"an evaluation's problem points to the page's reference, not to a file ({out[:200]!r})")
    edit(b, "heapz 2", "heaps 2")
    b.wait_text("#status-line", "no problems")


def parser_messages(b):
    """Defect 6 of issue 38: a `}` left out is shown at the `{` it would close, not at the end
    of the file; an unknown one-letter name gets no far-fetched suggestion."""
    choose(b, "classic/wythoff.game")
    opened(b, "classic/wythoff.game")
    text = source(b)
    lines = text.split("\n")
    opening = next(i for i, l in enumerate(lines) if l.startswith("ruleset")) + 1
    cut = text.rstrip()
    check(cut.endswith("}"), "Wythoff's file ends with the ruleset's `}`")
    set_source(b, cut[:-1])
    b.wait_text("#diagnostics", "line")
    marked = b.js(BAD_LINES)
    diag = b.text("#diagnostics")
    check(marked == [opening] and f"line {opening}," in diag and "never closed" in diag,
          f"a missing `}}` is shown at the `{{` of line {opening} ({marked}, {diag.splitlines()[0]!r})")
    choose(b, "classic/subtraction.game")
    b.wait("the question", "return document.getElementById('discard').open;")
    b.click("#discard-yes")
    opened(b, "classic/subtraction.game")
    edit(b, "(S = {1, 3, 4}) {", "{")
    b.wait_text("#diagnostics", "unknown name `S`")
    diag = b.text("#diagnostics")
    check("did you mean `e`" not in diag and "did you mean" not in diag.split("unknown name `S`")[1].split("\n")[1],
          f"an unknown `S` is not said to mean the constant `e` ({diag.splitlines()[:3]})")
    choose(b, "classic/wythoff.game")
    b.wait("the question", "return document.getElementById('discard').open;")
    b.click("#discard-yes")
    opened(b, "classic/wythoff.game")


def a_loop_and_plain_words(b):
    """Defect 9: a rule that can loop is reported when the rules are checked, before any
    evaluation, where it cannot be solved (misère play; in normal play a loopy game is solved
    with Smith's values); no "0 problems", no doubled brackets."""
    choose(b, "classic/nim.game")
    opened(b, "classic/nim.game")
    text = source(b)
    edit(b, "move { take 1.. from one heap }",
         "move { take 1.. from one heap }\n  move { split one heap into 2 parts allowing empty }\n  play misere")
    b.wait("the loop reported", "return document.querySelector('#diagnostics .problem') !== null;")
    t = source(b)
    line = t[:t.index("split one heap")].count("\n") + 1
    marked = b.js(BAD_LINES)
    status = b.text("#status-line")
    check("no problems" not in status and line in marked,
          f"a move that can loop is a problem at its line {line} as soon as the rules are checked ({status!r}, {marked})")
    set_source(b, text)
    b.wait_text("#status-line", "no problems")
    shown = b.text("main")
    check("((" not in shown and "0 problems" not in shown, "no doubled brackets, no \"0 problems\"")
    choose(b, "classic/wythoff.game")
    opened(b, "classic/wythoff.game")


def code_editor(b):
    """Issue 38: an editor made for code (CodeMirror): the language's keywords and `#`
    comments highlighted, the bracket matching the one at the cursor shown, one left open
    shown as unmatched."""
    choose(b, "classic/wythoff.game")
    opened(b, "classic/wythoff.game")
    words = b.js("return [...document.querySelectorAll('#editor .tok-keyword')].map(e => e.textContent);")
    want = {"ruleset", "source", "heaps", "move", "take", "from", "one", "heap", "same", "both", "claim", "where", "check"}
    check(want <= set(words) and not {"a", "b", "phi", "floor", "P", "Wythoff"} & set(words),
          f"the language's keywords are highlighted, names are not ({sorted(set(words))})")
    text = source(b)
    comments = b.js("return [...document.querySelectorAll('#editor .tok-comment')].map(e => e.textContent);")
    lines = [l.strip() for l in text.split("\n") if l.strip().startswith("#")]
    check(comments[:3] == lines[:3], f"`#` comments are highlighted, each to the end of its line ({comments[:2]})")
    styles = b.js("""const s = (q) => { const c = getComputedStyle(document.querySelector(q)); return c.color + c.fontWeight; };
                     return [s('#editor .tok-keyword'), s('#editor .tok-comment'), s('#editor .tok-variableName')];""")
    check(len(set(styles)) == 3, f"keywords, comments and names look different ({styles})")
    at = text.index("{", text.index("ruleset")) + 1
    b.js("window.heapgameEditor.select(arguments[0], arguments[0]);", at)
    pair = b.wait("the matched brackets", """const m = [...document.querySelectorAll('#editor .cm-matchingBracket')];
        const lines = [...document.querySelectorAll('#editor .cm-line')];
        return m.length === 2 && m.map(e => [e.textContent, lines.indexOf(e.closest('.cm-line')) + 1]);""")
    last = text.rstrip().count("\n") + 1
    first = text[:at].count("\n") + 1
    check(pair == [["{", first], ["}", last]],
          f"at the ruleset's `{{` (line {first}), its `}}` on line {last} is matched ({pair})")
    b.shot("2-brackets")
    edit(b, "floor((b - a) * phi)", "floor((b - a * phi)")
    at = source(b).index("floor((b") + len("floor(")
    b.js("window.heapgameEditor.select(arguments[0], arguments[0]);", at)
    bad = b.wait("the unmatched bracket", """const m = [...document.querySelectorAll('#editor .cm-nonmatchingBracket')];
        return m.length > 0 && m.map(e => e.textContent);""")
    matched = b.js("return document.querySelectorAll('#editor .cm-matchingBracket').length;")
    check(bad[0] == "(" and matched == 0, f"a `(` left open is shown as unmatched, with what it runs into ({bad})")
    edit(b, "floor((b - a * phi)", "floor((b - a) * phi)")
    b.wait_text("#status-line", "no problems")
    # Undo stays within the file opened: Ctrl+Z after opening Nim does not bring Wythoff back.
    choose(b, "classic/nim.game")
    opened(b, "classic/nim.game")
    nim = b.js("return window.HEAPGAME_DATA.rulesets.find(r => r.path === 'classic/nim.game').text;")
    b.js("window.heapgameEditor.select(0, 0);")
    b.s("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": [
        {"type": "keyDown", "value": "\ue009"}, {"type": "keyDown", "value": "z"},
        {"type": "keyUp", "value": "z"}, {"type": "keyUp", "value": "\ue009"}]}]})
    b.s("DELETE", "/actions")
    check(source(b) == nim, "Ctrl+Z after opening another file does not bring the previous file's text back")
    choose(b, "classic/wythoff.game")
    opened(b, "classic/wythoff.game")
