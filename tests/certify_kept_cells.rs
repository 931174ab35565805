//! A kept-heap box held as its per-heap value sets (`heapgame::solver::kernels::KeptCells`,
//! what `check` reads instead of a table of 4 bytes a position): every cell is the value the
//! interpreter's search gives (`Generator::interpreted`, a dense table filled position by
//! position), on Delete Nim, VDN, three heaps and values past one word, each box alone and
//! going on from a smaller box's sets; and a sweep reading the sets gives the plain interpreter's verdicts, claim by claim, counterexamples included
//! (Delete Nim's Grundy value capped at 6 is first wrong at (0, 127), where Theorem 2.2's
//! `v2(bitor(x, y) + 1)`, written out here, is 7).

use heapgame::moves::Generator;
use heapgame::solver::kernels::solve_box_cells;
use heapgame::solver::modes::table_values;
use heapgame::solver::{BoxSpec, Budget, Want};
use heapgame::Game;

use crate::certify_sweep::{both, summary};

fn ruleset(path: &str) -> String {
    std::fs::read_to_string(path).expect("a bundled ruleset")
}

fn game(name: &str, text: &str) -> Game {
    Game::from_source(name, text, &[]).unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

/// Every amount taken before the split: Grundy values pass 64, the sets take two words.
const EVERY_AMOUNT: &str = "ruleset \"every amount\" { heaps 2\n move { keep one heap h; delete \
     the other heap; take 1.. from h; split h into 2 parts allowing empty } }";

/// Three heaps: a set is read for each.
const THREE: &str = "ruleset \"three\" { heaps 3\n move { keep one heap h where h >= 1; delete \
     the other heaps; take 1 from h; split h into 3 parts allowing empty } }";

#[test]
fn the_sets_give_every_cell_the_interpreters_value() {
    let cases = [
        ("delete_nim", ruleset("rulesets/abuku/delete-nim.game"), 60),
        ("vdn", ruleset("rulesets/abuku/vdn.game"), 60),
        ("every_amount", EVERY_AMOUNT.to_string(), 75),
        ("three", THREE.to_string(), 14),
    ];
    for (name, text, max) in cases {
        let g = game(name, &text);
        let gen = g.generator();
        let heaps = g.shape().count.expect("a fixed count");
        let spec = BoxSpec::new(g.shape(), max, heaps).expect("a small box");
        let interp = Generator::interpreted(gen.shape.clone(), gen.moves.clone(), None);
        let want = table_values(&interp, &spec, Want::Grundy, &Budget::default())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let solve = |spec: &BoxSpec, asked, known| {
            solve_box_cells(gen, spec, asked, &Budget::default(), known)
                .unwrap_or_else(|| panic!("{name}: the kept-heap kernel's sets"))
                .unwrap_or_else(|e| panic!("{name}: {e}"))
        };
        let half = BoxSpec::new(g.shape(), max / 2, heaps).expect("a small box");
        let smaller = solve(&half, Want::Grundy, None);
        // Asked for outcomes alone, the sets are what is held too; and a larger box goes on
        // from a smaller box's sets.
        for (asked, known) in [
            (Want::Grundy, None),
            (Want::Outcome, None),
            (Want::Grundy, Some(&smaller)),
        ] {
            let cells = solve(&spec, asked, known);
            let mut pos = Vec::new();
            for r in 0..spec.len() {
                spec.unrank(r, &mut pos);
                assert_eq!(cells.grundy(&pos), Some(want.value(r)), "{name} at {pos:?}");
            }
            // Outside the box: a heap past it, below the shape's least, or a heap too many.
            let mut past = vec![max; heaps];
            past[heaps - 1] = max + 1;
            assert_eq!(cells.grundy(&past), None, "{name}");
            if g.shape().lower > 0 {
                assert_eq!(cells.grundy(&vec![0; heaps]), None, "{name}");
            }
            assert_eq!(cells.grundy(&vec![1; heaps + 1]), None, "{name}");
        }
        if name == "every_amount" {
            assert!(want.iter().max() > Some(64), "values past one word");
        }
    }
    // Another kernel's box, or none: no sets (the caller solves a table).
    let wythoff = game("wythoff", &ruleset("rulesets/classic/wythoff.game"));
    let spec = BoxSpec::new(wythoff.shape(), 20, 2).expect("small");
    let gen = wythoff.generator();
    assert!(solve_box_cells(gen, &spec, Want::Grundy, &Budget::default(), None).is_none());
}

#[test]
fn a_sweep_of_the_sets_gives_the_interpreters_verdicts() {
    let delete_nim = ruleset("rulesets/abuku/delete-nim.game");
    let vdn = ruleset("rulesets/abuku/vdn.game");
    let grundy_claim = "claim grundy: v2(bitor(x, y) + 1)";
    // Theorem 2.2 with its value capped at 6: first wrong, in the order of totals, at the
    // first position whose value passes 6.
    let capped = delete_nim.replace(grundy_claim, "claim grundy: min(v2(bitor(x, y) + 1), 6)");
    let first_past_6 = (0..=300u32)
        .flat_map(|t| (0..=t / 2).map(move |a| (a, t - a)))
        .find(|&(a, b)| ((a | b) + 1).trailing_zeros() > 6)
        .map(|(a, b)| vec![a, b]);
    assert_eq!(first_past_6, Some(vec![0, 127]));
    // P-claims alone (the box asked for outcomes): one true, one made false.
    let p_only: String = delete_nim
        .lines()
        .filter(|l| !l.contains(grundy_claim))
        .collect::<Vec<_>>()
        .join("\n");
    // The true claim kept beside the false one (with every claim failed, a run ends).
    let p_claim = "claim P: x mod 2 == 0 and y mod 2 == 0 where (x, y) = heaps";
    let p_false = p_only.replace(
        p_claim,
        &format!("{p_claim}\n{}", p_claim.replace("y mod 2", "y mod 4")),
    );
    let vdn_false = vdn.replace("v2(bitor(x - 1, y - 1) + 1)", "v2(bitor(x, y - 1) + 1)");
    let wide = format!(
        "{}\n claim grundy <= 100\n claim grundy <= 70 }}",
        EVERY_AMOUNT.trim_end_matches('}')
    );
    let cases = [
        ("delete_nim", delete_nim.clone(), 150, Some(None)),
        ("delete_nim_capped", capped, 150, Some(first_past_6)),
        ("p_only", p_only, 150, Some(None)),
        ("p_false", p_false, 150, None),
        ("vdn", vdn, 150, Some(None)),
        ("vdn_false", vdn_false, 150, None),
        // Every amount and every split: the interpreter lists O(h^2) followers a position.
        ("wide", wide, 80, None),
    ];
    for (name, text, max, first) in cases {
        let (swept, listed) = both(name, &text, max);
        assert_eq!(swept.seen.positions, listed.seen.positions, "{name}");
        let (s, l) = (summary(&swept), summary(&listed));
        assert_eq!(s, l, "{name}");
        if let Some(first) = first {
            assert_eq!(s[0].3, first, "{name}: the first counterexample");
        } else {
            // Not vacuous: the false variants fail somewhere in the box.
            assert!(s.iter().any(|c| c.2 > 0), "{name}: {s:?}");
        }
    }
}
