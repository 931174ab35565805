"""Links and kept edits: a link carries the rules, position and view; edits are restored;
a link with its own rules shows their own name."""

from browser.common import check, choose, edit, source, started, opened


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
    opened(b, "classic/wythoff.game")
    b.js("window.heapgameEditor.scrollSideways(300);")
    check(b.js("return window.heapgameEditor.scrollLeft()[0];") > 0, "the editor scrolled sideways")
    choose(b, "propp/cookie.game")
    opened(b, "propp/cookie.game")
    check(set(b.js("return window.heapgameEditor.scrollLeft();")) == {0},
          "another ruleset opens at the start of its lines")
    # Defect 6: picking another ruleset asks first; edits are saved and restored.
    edit(b, "ruleset \"Cookie game\"", "ruleset \"My cookies\"")
    b.wait_text("#status-line", '"My cookies"')
    choose(b, "classic/nim.game")
    b.wait("the question", "return document.getElementById('discard').open;")
    b.shot("6-ask")
    b.click("#discard-keep")
    check("My cookies" in source(b), "Keep editing keeps the edits")
    b.go(url)
    started(b)
    b.wait_text("#status-line", '"My cookies"')
    check("restored" in b.text("#share-status"), "the edits are restored after a reload")
    choose(b, "classic/nim.game")
    b.wait("the question", "return document.getElementById('discard').open;")
    b.click("#discard-yes")
    opened(b, "classic/nim.game")
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
    opened(b, "classic/wythoff.game")
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
    text = source(b)
    check("edited after the link" in text, "a reload after Copy link and an edit keeps the edit, not the link's older rules")
    choose(b, "classic/wythoff.game")
    b.wait("the question", "return document.getElementById('discard').open;")
    b.click("#discard-yes")
    opened(b, "classic/wythoff.game")
