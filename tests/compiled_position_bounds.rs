//! The compiled-moves kernel on rulesets whose `where` bounds read only the position (applied
//! once a position, whatever heaps are chosen) and whose `same` amounts come from all heaps
//! (each heap's rank term read at its own index): every position of the box against the
//! generic search, which runs the interpreter.

use heapgame::solver::kernels::solve_box_kernel;
use heapgame::solver::{BoxSpec, Budget, Want};
use heapgame::{Game, Solver};
use proptest::prelude::*;

/// A clause whose bound reads only the position (applied once a position, whatever heaps are
/// chosen), on one heap, two heaps or all heaps (`same` from all heaps: each heap's rank term
/// read at its own index).
fn position_bound_clause() -> impl Strategy<Value = String> {
    let sel = prop_oneof![
        Just("take s in 1.. from one heap"),
        Just("take same s in 1.. from 2 heaps"),
        Just("take same s in 1.. from all heaps"),
        Just("take same s in {1, 2, 4} from all heaps"),
    ];
    let bound = prop_oneof![
        Just("s <= min(heaps)"),
        Just("2 * s <= max(heaps) + 1"),
        Just("s <= len(heaps)"),
        Just("s + 1 < sum(heaps) / 2"),
        Just("s mod 2 == len(heaps) mod 2"),
    ];
    (sel, bound).prop_map(|(s, b)| format!("move {{ {s} where {b} }}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn position_bounds_and_all_heaps_boxes_agree_with_the_search(
        a in position_bound_clause(),
        b in position_bound_clause(),
        any_shape in any::<bool>(),
    ) {
        let shape = if any_shape { "heaps any" } else { "heaps 3" };
        let text = format!("ruleset \"r\" {{ {shape} {a} {b} }}");
        let game = Game::from_source("r", &text, &[]).expect("a valid ruleset");
        let spec = BoxSpec::new(game.shape(), 6, 3).expect("small box");
        for want in [Want::Grundy, Want::Outcome] {
            let t = solve_box_kernel(game.generator(), &spec, want, &Budget::default())
                .unwrap_or_else(|| panic!("{text}: no kernel"))
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            prop_assert_eq!(t.kernel, Some("compiled-moves"), "{}", text);
            let reference = crate::compiled_moves::interpreted_generator(&game);
            let mut generic = Solver::new(&reference);
            let mut pos = Vec::new();
            for r in 0..spec.len() {
                spec.unrank(r, &mut pos);
                let g = generic.grundy(&pos).expect("generic");
                let expect = match want {
                    Want::Grundy => g,
                    Want::Outcome => u32::from(g != 0),
                };
                prop_assert_eq!(t.value(r), expect, "{} {:?} at {:?}", text, want, pos);
            }
        }
    }
}
