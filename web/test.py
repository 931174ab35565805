#!/usr/bin/env python3
"""Drives the playground in headless Chromium through chromedriver (web/webdriver.py,
standard library only). Each answer is compared with an independent computation written
in the scenarios (web/browser/: Wythoff's P-positions by Beatty's theorem in exact integers,
Grundy values by a plain mex, Kayles by its definition), never with the page's own output.
Scenarios: the first screen, a position and why it has its value, the code editor (keywords and
comments highlighted, brackets matched), a large position answered
at once, the page's own check of the file's claims (true ones, and a false one with its
counterexample), a typo, stale results and a game that survives an edit, a box and its
picture with its axes, a game with counters, hints and a review, the primer's exercises
judged, links (kept by the reference, pasted into an open tab, carrying the position and
view), asking before edits are replaced and restoring them, class mode (the answers after
the student's move), a long solve stopped, a phone's screen, a 1 Mbit/s connection (a link
with a problem over it too), offline
after the first load, and the page opened from disk.

Usage: test.py DIST_DIR CHROMEDRIVER_URL SCREENSHOT_DIR
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webdriver import Browser, serve  # noqa: E402
from browser.common import CONF, check  # noqa: E402
from browser.answers import first_screen_and_a_position, claims_checked, big_positions, long_solve_and_bad_input  # noqa: E402
from browser.rules import code_editor, typo_and_stale, an_evaluation_with_a_problem, parser_messages, a_loop_and_plain_words  # noqa: E402
from browser.box import a_box, a_period  # noqa: E402
from browser.play import a_game, a_primer  # noqa: E402
from browser.links import links, edits_are_kept, a_link_with_own_rules  # noqa: E402
from browser.classmode import class_mode  # noqa: E402
from browser.devices import phone, slow_connection, slow_link_with_a_problem, offline, from_disk, precompressed  # noqa: E402

DIST, DRIVER, SHOTS = sys.argv[1], sys.argv[2], sys.argv[3]
CONF.update(driver=DRIVER, shots=SHOTS)


def main():
    t0 = time.time()
    fast = serve(DIST)
    b = Browser(DRIVER, SHOTS, 1280, 1000)
    try:
        first_screen_and_a_position(b, fast.url)
        claims_checked(b)
        code_editor(b)
        a_loop_and_plain_words(b)
        parser_messages(b)
        an_evaluation_with_a_problem(b)
        typo_and_stale(b)
        a_box(b)
        a_game(b)
        a_primer(b)
        links(b, fast.url)
        edits_are_kept(b, fast.url)
        a_link_with_own_rules(b, fast.url)
        class_mode(b, fast.url)
        big_positions(b)
        a_period(b)
        long_solve_and_bad_input(b)
    finally:
        b.quit()
    phone(fast.url)
    precompressed(DIST)
    slow_connection(serve(DIST, rate=125_000, precompressed=True))
    slow_link_with_a_problem(serve(DIST, rate=125_000, precompressed=True))
    offline(DIST)
    from_disk(DIST)
    pictures = [f for _, _, fs in os.walk(DIST) for f in fs if f.endswith(".png")]
    check(not pictures, f"no screenshot inside {DIST}, which is published ({len(pictures)})")
    print(f"web/test.py: all checks passed in {time.time() - t0:.0f} s; screenshots in", SHOTS)


if __name__ == "__main__":
    main()
