//! The ray kernel (`solver/kernels/rays.rs`) cell by cell: Euclid's game, two-row Chomp and
//! inline variants of both against P/N worked out here by recursion over followers listed
//! from each game's definition (no generator, no kernel), against the closed forms (Cole and
//! Davie: with `a >= b`, `(a, b)` is P iff `b = 0` or `b < a < phi b`; Zeilberger: two-row
//! Chomp's P-positions are `bottom = top + 1`), bounded bites (runs walked cell by cell, the
//! plan naming the kernel that solves the box), and rulesets it must leave to others (a
//! guard, a range cut short of the heap, Grundy values).

use heapgame::solver::kernels::{self, kernel_for, solve_box_named};
use heapgame::solver::plan::plan_box;
use heapgame::solver::{solve_box, BoxSpec, Budget, Want};
use heapgame::Game;
use std::collections::HashMap;

/// The box of every heap <= `max` solved by the ray kernel alone, P/N.
fn rays(game: &Game, max: u32) -> (BoxSpec, heapgame::solver::BoxValues) {
    let spec = BoxSpec::new(game.shape(), max, 2).expect("a small box");
    assert_eq!(kernel_for(game.generator(), &spec), Some("rays"));
    let values = solve_box_named(
        "rays",
        game.generator(),
        &spec,
        Want::Outcome,
        &Budget::default(),
    )
    .expect("the ray kernel takes it")
    .expect("solved");
    assert_eq!(values.kernel, Some("rays"));
    (spec, values)
}

/// P/N of every position `(x, y)` with both heaps <= `max` (followers have fewer tokens, so
/// by total every follower is decided first), the followers listed by `moves`.
fn brute(max: u32, moves: impl Fn(u32, u32) -> Vec<(u32, u32)>) -> HashMap<(u32, u32), bool> {
    let mut p: HashMap<(u32, u32), bool> = HashMap::new();
    for t in 0..=2 * max {
        for x in t.saturating_sub(max)..=t.min(max) {
            let y = t - x;
            let is_p = moves(x, y).iter().all(|f| !p[f]);
            p.insert((x, y), is_p);
        }
    }
    p
}

/// Euclid's game and variants: from `{x, y}`, keep a heap `b >= 1` and take `m * step(b)`
/// from the other, `m` from `lo` up to what the heap allows; positions as sorted pairs.
fn euclid_like(max: u32, lo: u32, step: impl Fn(u32) -> u32) -> HashMap<(u32, u32), bool> {
    let sorted = |a: u32, b: u32| (a.min(b), a.max(b));
    let all = brute(max, |x, y| {
        let mut out = Vec::new();
        for (b, a) in [(x, y), (y, x)] {
            if b == 0 {
                continue;
            }
            let mut m = lo;
            while m * step(b) <= a {
                out.push(sorted(a - m * step(b), b));
                m += 1;
            }
        }
        out
    });
    all.into_iter().filter(|((x, y), _)| x <= y).collect()
}

/// Every position of the game in the box (the keys of `want`: the sorted pairs, or the pairs
/// a `positions where` rule allows) agrees with `want`; `want` holds `positions` of them.
fn agrees(text: &str, max: u32, want: &HashMap<(u32, u32), bool>, positions: usize) {
    let game = Game::from_source("t", text, &[]).expect("a ruleset");
    let (spec, values) = rays(&game, max);
    assert_eq!(want.len(), positions, "{text}: every position of the box");
    let mut cells: Vec<_> = want.iter().collect();
    cells.sort();
    for (&(x, y), &is_p) in cells {
        let r = spec.rank(&[x, y]).expect("in the box");
        assert_eq!(values.is_p(r), is_p, "{text}: ({x}, {y})");
    }
}

/// The sorted pairs of heaps <= `max`.
fn sorted_pairs(max: u32) -> usize {
    let n = max as usize + 1;
    n * (n + 1) / 2
}

/// The positions of two-row Chomp with rows <= `max`: `top <= bottom`, `bottom >= 1`.
fn chomp_positions(max: u32) -> usize {
    sorted_pairs(max) - 1
}

#[test]
fn euclid_agrees_with_its_definition_and_cole_davie() {
    let text = std::fs::read_to_string("rulesets/classic/euclid.game").expect("euclid.game");
    let max = 150;
    let want = euclid_like(max, 1, |b| b);
    agrees(&text, max, &want, sorted_pairs(max));
    // Cole and Davie: with a >= b, P iff b = 0 or b < a < phi b, that is (2a - b)^2 < 5 b^2.
    for ((b, a), is_p) in want {
        let d = i64::from(2 * a) - i64::from(b);
        let cole_davie = b == 0 || (b < a && d * d < 5 * i64::from(b) * i64::from(b));
        assert_eq!(is_p, cole_davie, "({b}, {a})");
    }
}

#[test]
fn euclid_variants_agree_with_their_definitions() {
    // Only even multiples of the smaller heap.
    let even = "ruleset \"e\" { heaps 2 move { keep one heap b where b >= 1; \
                take {2 * m * b for m in 1..a / (2 * b)} from the other heap a } }";
    agrees(
        even,
        120,
        &euclid_like(120, 1, |b| 2 * b),
        sorted_pairs(120),
    );
    // At least two multiples, the range's end the heap itself (members past it no move).
    let two = "ruleset \"t\" { heaps 2 move { keep one heap b where b >= 1; \
               take {b * m for m in 2..a} from the other heap a } }";
    agrees(two, 120, &euclid_like(120, 2, |b| b), sorted_pairs(120));
    // Multiples of b + 1, with a plain Nim move besides.
    let plus = "ruleset \"p\" { heaps 2 move { keep one heap b where b >= 1; \
                take {m * (b + 1) for m in 1..a / (b + 1)} from the other heap a } \
                move { take 1.. from one heap } }";
    let want = {
        let sorted = |a: u32, b: u32| (a.min(b), a.max(b));
        let all = brute(100, |x, y| {
            let mut out = Vec::new();
            for (b, a) in [(x, y), (y, x)] {
                out.extend((1..=a).map(|s| sorted(a - s, b)));
                let mut m = 1;
                while b >= 1 && m * (b + 1) <= a {
                    out.push(sorted(a - m * (b + 1), b));
                    m += 1;
                }
            }
            out
        });
        all.into_iter().filter(|((x, y), _)| x <= y).collect()
    };
    agrees(plus, 100, &want, sorted_pairs(100));
}

/// Two-row Chomp and variants on `(top, bottom)`, `top <= bottom`, `bottom >= 1`: take at
/// least `lo` from the top row, or eat square `j` of the bottom row (`1 <= j < bottom`,
/// `j >= bottom - most` when bounded), which leaves `(min(top, j), j)`.
fn chomp_like(max: u32, lo: u32, most: Option<u32>) -> HashMap<(u32, u32), bool> {
    let all = brute(max, |t, u| {
        if t > u || u == 0 {
            return Vec::new();
        }
        let mut out: Vec<(u32, u32)> = (0..t.saturating_sub(lo - 1)).map(|t2| (t2, u)).collect();
        let least = most.map_or(1, |k| u.saturating_sub(k).max(1));
        out.extend((least..u).map(|j| (t.min(j), j)));
        out
    });
    all.into_iter()
        .filter(|((t, u), _)| t <= u && *u >= 1)
        .collect()
}

#[test]
fn two_row_chomp_agrees_with_its_definition_and_the_closed_form() {
    let text = std::fs::read_to_string("rulesets/classic/chomp-2row.game").expect("chomp");
    let max = 120;
    let want = chomp_like(max, 1, None);
    agrees(&text, max, &want, chomp_positions(max));
    for ((t, u), is_p) in want {
        assert_eq!(is_p, u == t + 1, "({t}, {u})");
    }
}

#[test]
fn a_chomp_variant_and_bounded_bites_agree() {
    // The top row is eaten two squares at least.
    let two = "ruleset \"c\" { heaps (top, bottom) positions where top <= bottom and bottom >= 1 \
               move { take 2.. from heap top } \
               move { take s in 1..bottom - 1 from heap bottom; \
                      take max(0, top - (bottom - s)) from heap top } }";
    agrees(two, 100, &chomp_like(100, 2, None), chomp_positions(100));
    // At most 3 squares of the bottom row: a run that stops short of its line's start, which
    // one look cannot answer; the run is walked cell by cell.
    let bounded =
        "ruleset \"b\" { heaps (top, bottom) positions where top <= bottom and bottom >= 1 \
                   move { take 1.. from heap top } \
                   move { take s in 1..min(bottom - 1, 3) from heap bottom; \
                          take max(0, top - (bottom - s)) from heap top } }";
    agrees(
        bounded,
        60,
        &chomp_like(60, 1, Some(3)),
        chomp_positions(60),
    );
    // A bounded take with no second step, heap `x` a subtraction game of {1, 2, 3} beside a
    // Nim heap `y`: P iff the Grundy values `x mod 4` and `y` are equal.
    let subtraction = "ruleset \"s\" { heaps (x, y) move { take s in 1..min(x, 3) from heap x } \
                       move { take 1.. from heap y } }";
    let max = 40;
    let want = (0..=max)
        .flat_map(|x| (0..=max).map(move |y| ((x, y), x % 4 == y)))
        .collect();
    let n = max as usize + 1;
    agrees(subtraction, max, &want, n * n);
}

#[test]
fn the_plan_names_the_kernel_that_solves_a_bounded_bite() {
    // Two-row Chomp eaten at most 3 squares of the bottom row at a time: the ray kernel
    // matches it, and solves it (before, it matched and then declined at the first run cut
    // short, and the box was solved by the compiled-moves kernel while the plan said rays).
    let bounded =
        "ruleset \"b\" { heaps (top, bottom) positions where top <= bottom and bottom >= 1 \
                   move { take 1.. from heap top } \
                   move { take s in 1..min(bottom - 1, 3) from heap bottom; \
                          take max(0, top - (bottom - s)) from heap top } }";
    let game = Game::from_source("t", bounded, &[]).expect("a ruleset");
    let spec = BoxSpec::new(game.shape(), 30, 2).expect("small");
    let gen = game.generator();
    let plan = plan_box(gen, &spec, Want::Outcome);
    assert_eq!(plan.kernel, Some("rays"));
    let chosen = kernels::choose(gen, &spec, Want::Outcome).map(kernels::Kernel::name);
    assert_eq!(chosen, Some("rays"));
    let values = solve_box(gen, &spec, Want::Outcome, &Budget::default()).expect("solved");
    assert_eq!((values.mode, values.kernel), (plan.mode, plan.kernel));
    let want = chomp_like(30, 1, Some(3));
    for u in 1..=30 {
        for t in 0..=u {
            let r = spec.rank(&[t, u]).expect("in the box");
            assert_eq!(values.is_p(r), want[&(t, u)], "bounded: ({t}, {u})");
        }
    }
}

#[test]
fn guards_grundy_values_and_other_shapes_are_left_to_others() {
    let refused = [
        // A guard on the position.
        "ruleset \"g\" { heaps 2 move when sum(heaps) > 3 { keep one heap b where b >= 1; \
         take {m * b for m in 1..a / b} from the other heap a } }",
        // A range end below the heap's edge: not every earlier cell of the line.
        "ruleset \"h\" { heaps 2 move { keep one heap b where b >= 1; \
         take {m * b for m in 1..a / b - 1} from the other heap a } }",
        // A multiple that is not a product with the variable.
        "ruleset \"q\" { heaps 2 move { keep one heap b where b >= 1; \
         take {m * m * b for m in 1..a / b} from the other heap a } }",
        // Three heaps.
        "ruleset \"3\" { heaps 3 move { take 1.. from one heap } }",
    ];
    for text in refused {
        let game = Game::from_source("t", text, &[]).expect("a ruleset");
        let k = game.shape().count.unwrap_or(2);
        let spec = BoxSpec::new(game.shape(), 12, k).expect("small");
        assert_ne!(kernel_for(game.generator(), &spec), Some("rays"), "{text}");
        let r = solve_box_named(
            "rays",
            game.generator(),
            &spec,
            Want::Outcome,
            &Budget::default(),
        );
        assert!(r.is_none(), "{text}");
    }
    // Grundy values are not the kernel's: asked for them, it declines.
    let text = std::fs::read_to_string("rulesets/classic/euclid.game").expect("euclid.game");
    let game = Game::from_source("t", &text, &[]).expect("a ruleset");
    let spec = BoxSpec::new(game.shape(), 12, 2).expect("small");
    let r = solve_box_named(
        "rays",
        game.generator(),
        &spec,
        Want::Grundy,
        &Budget::default(),
    );
    assert!(r.is_none());
}
