//! The fuzzing harness's check of answers: a random small ruleset, written as `.game` text, is
//! solved by `eval`'s path (`solver::one::through_kernel`, else the memoized search) and by
//! `solve`'s (`solve_box_play`, for Grundy values and for outcomes), and every position of a
//! small box is compared with a plain recursive mex over moves written out here by hand.

use std::collections::HashMap;

use heapgame::solver::modes::solve_box_play;
use heapgame::solver::position::through_kernel;
use heapgame::solver::{BoxSpec, Budget, Want};
use heapgame::Game;
use proptest::prelude::*;

/// Amounts: a finite set, or a range `lo..hi` (`lo..` when `hi` is `None`); all at least 1.
#[derive(Clone, Debug)]
pub enum Amount {
    Set(Vec<u32>),
    Range(u32, Option<u32>),
}

impl Amount {
    fn contains(&self, a: u32) -> bool {
        match self {
            Amount::Set(s) => s.contains(&a),
            Amount::Range(lo, hi) => a >= *lo && hi.is_none_or(|h| a <= h),
        }
    }

    fn text(&self) -> String {
        match self {
            Amount::Set(s) => {
                let v: Vec<String> = s.iter().map(u32::to_string).collect();
                format!("{{{}}}", v.join(", "))
            }
            Amount::Range(lo, Some(hi)) => format!("{lo}..{hi}"),
            Amount::Range(lo, None) => format!("{lo}.."),
        }
    }
}

/// A move of a small ruleset.
#[derive(Clone, Debug)]
pub enum Move {
    /// `take A from one heap`
    Take(Amount),
    /// `take A from one heap h; split h into 2 parts` (heaps any)
    TakeSplit(Amount),
    /// `split one heap into 2 unequal parts` (heaps any)
    SplitUnequal,
    /// `take s in 1..h / 2 from one heap h`
    Half,
    /// `take same A from both heaps` (two heaps)
    Same(Amount),
    /// `take s in 1.., t in 1.. from both heaps where |s - t| < d` (two heaps)
    Pair(u32),
    /// `take A from one heap; set the other heap g to {g, g / 2}` (two heaps): the `set` may
    /// keep its heap's size, and the move is still a move.
    TakeSetOther(Amount),
    /// `set one heap a to {a, a / 2}; set one other heap b to 0..b`: a move when the position
    /// changes.
    SetPair,
}

/// A small ruleset: two heaps, or any number.
#[derive(Clone, Debug)]
pub struct Small {
    pub two: bool,
    pub moves: Vec<Move>,
}

fn amount() -> impl Strategy<Value = Amount> {
    prop_oneof![
        prop::collection::btree_set(1u32..7, 1..4)
            .prop_map(|s| Amount::Set(s.into_iter().collect())),
        (1u32..4, 0u32..4).prop_map(|(lo, w)| Amount::Range(lo, Some(lo + w))),
        (1u32..3).prop_map(|lo| Amount::Range(lo, None)),
    ]
}

pub fn strategy() -> impl Strategy<Value = Small> {
    let any_move = prop_oneof![
        amount().prop_map(Move::Take),
        amount().prop_map(Move::TakeSplit),
        Just(Move::SplitUnequal),
        Just(Move::Half),
        Just(Move::SetPair),
    ];
    let two_move = prop_oneof![
        amount().prop_map(Move::Take),
        Just(Move::Half),
        amount().prop_map(Move::Same),
        (1u32..4).prop_map(Move::Pair),
        amount().prop_map(Move::TakeSetOther),
        Just(Move::SetPair),
    ];
    prop_oneof![
        prop::collection::vec(any_move, 1..4).prop_map(|moves| Small { two: false, moves }),
        prop::collection::vec(two_move, 1..4).prop_map(|moves| Small { two: true, moves }),
    ]
}

impl Small {
    pub fn text(&self) -> String {
        let mut t = format!(
            "ruleset \"Small\" {{\n  heaps {}\n",
            if self.two { "2" } else { "any" }
        );
        for m in &self.moves {
            let body = match m {
                Move::Take(a) => format!("take {} from one heap", a.text()),
                Move::TakeSplit(a) => {
                    format!("take {} from one heap h; split h into 2 parts", a.text())
                }
                Move::SplitUnequal => "split one heap into 2 unequal parts".to_string(),
                Move::Half => "take s in 1..h / 2 from one heap h".to_string(),
                Move::Same(a) => format!("take same {} from both heaps", a.text()),
                Move::Pair(d) => {
                    format!("take s in 1.., t in 1.. from both heaps where |s - t| < {d}")
                }
                Move::TakeSetOther(a) => format!(
                    "take {} from one heap; set the other heap g to {{g, g / 2}}",
                    a.text()
                ),
                Move::SetPair => {
                    "set one heap a to {a, a / 2}; set one other heap b to 0..b".to_string()
                }
            };
            t.push_str(&format!("  move {{ {body} }}\n"));
        }
        t.push_str("}\n");
        t
    }

    /// The followers of a canonical position (sorted; no empty heaps unless two heaps).
    fn followers(&self, pos: &[u32]) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        let canon = |mut v: Vec<u32>| {
            if !self.two {
                v.retain(|&h| h > 0);
            }
            v.sort_unstable();
            v
        };
        for i in 0..pos.len() {
            let h = pos[i];
            let mut rest: Vec<u32> = pos.to_vec();
            rest.remove(i);
            let with = |parts: &[u32]| {
                let mut v = rest.clone();
                v.extend_from_slice(parts);
                canon(v)
            };
            for m in &self.moves {
                match m {
                    Move::Take(a) => (1..=h)
                        .filter(|&s| a.contains(s))
                        .for_each(|s| out.push(with(&[h - s]))),
                    Move::TakeSplit(a) => {
                        for s in (1..=h).filter(|&s| a.contains(s)) {
                            let r = h - s;
                            for x in 1..r {
                                out.push(with(&[x, r - x]));
                            }
                        }
                    }
                    Move::SplitUnequal => (1..h)
                        .filter(|&x| 2 * x != h)
                        .for_each(|x| out.push(with(&[x, h - x]))),
                    Move::Half => (1..=h / 2).for_each(|s| out.push(with(&[h - s]))),
                    Move::SetPair => out.extend(self.set_pair(pos, i)),
                    Move::Same(_) | Move::Pair(_) | Move::TakeSetOther(_) => {}
                }
            }
        }
        if self.two {
            let (a, b) = (pos[0], pos[1]);
            for m in &self.moves {
                match m {
                    Move::Same(am) => {
                        for s in (1..=a.min(b)).filter(|&s| am.contains(s)) {
                            out.push(canon(vec![a - s, b - s]));
                        }
                    }
                    Move::Pair(d) => {
                        for s in 1..=a {
                            for t in 1..=b {
                                if s.abs_diff(t) < *d {
                                    out.push(canon(vec![a - s, b - t]));
                                }
                            }
                        }
                    }
                    Move::TakeSetOther(am) => {
                        for (h, g) in [(a, b), (b, a)] {
                            for s in (1..=h).filter(|&s| am.contains(s)) {
                                for v in [g, g / 2] {
                                    out.push(canon(vec![h - s, v]));
                                }
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        out
    }

    /// The followers of `set one heap a to {a, a / 2}; set one other heap b to 0..b` with `a`
    /// the heap at `i`: every other heap as `b`, every pair of sizes, the position itself not
    /// (a move changes the position).
    fn set_pair(&self, pos: &[u32], i: usize) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for j in (0..pos.len()).filter(|&j| j != i) {
            for va in [pos[i], pos[i] / 2] {
                for vb in 0..=pos[j] {
                    let mut v = pos.to_vec();
                    v[i] = va;
                    v[j] = vb;
                    if !self.two {
                        v.retain(|&h| h > 0);
                    }
                    v.sort_unstable();
                    if v[..] != pos[..] {
                        out.push(v);
                    }
                }
            }
        }
        out
    }

    /// The Grundy value by a plain recursive mex.
    fn grundy(&self, pos: &[u32], memo: &mut HashMap<Vec<u32>, u32>) -> u32 {
        if let Some(&g) = memo.get(pos) {
            return g;
        }
        let mut seen: Vec<u32> = self
            .followers(pos)
            .iter()
            .map(|f| self.grundy(f, memo))
            .collect();
        seen.sort_unstable();
        seen.dedup();
        let g = seen
            .iter()
            .enumerate()
            .find(|&(i, &v)| i as u32 != v)
            .map_or(seen.len() as u32, |(i, _)| i as u32);
        memo.insert(pos.to_vec(), g);
        g
    }

    /// Every canonical position of the box: two heaps up to `max`, or up to three non-empty
    /// heaps up to `max` (and the empty position).
    fn positions(&self, max: u32) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        if self.two {
            for a in 0..=max {
                for b in a..=max {
                    out.push(vec![a, b]);
                }
            }
        } else {
            out.push(vec![]);
            for a in 1..=max {
                out.push(vec![a]);
                for b in a..=max {
                    out.push(vec![a, b]);
                    for c in b..=max {
                        out.push(vec![a, b, c]);
                    }
                }
            }
        }
        out
    }
}

/// Compares heapgame with the brute force on the box; the number of positions compared, or
/// the first difference.
pub fn cross_check(small: &Small) -> Result<u64, String> {
    let text = small.text();
    let game = Game::from_source("small.game", &text, &[]).map_err(|e| format!("{e:?}\n{text}"))?;
    let (max, heaps) = if small.two { (9, 2) } else { (7, 3) };
    let budget = Budget {
        max_positions: Some(1_000_000),
        ..Budget::default()
    };
    let spec = BoxSpec::new(game.shape(), max, heaps).map_err(|e| format!("{e:?}"))?;
    let gen = game.generator();
    let grundy = solve_box_play(gen, &spec, Want::Grundy, &budget, game.play())
        .map_err(|e| format!("{e:?}\n{text}"))?;
    let outcome = solve_box_play(gen, &spec, Want::Outcome, &budget, game.play())
        .map_err(|e| format!("{e:?}\n{text}"))?;
    let mut memo = HashMap::new();
    let mut n = 0;
    for p in small.positions(max) {
        let want = small.grundy(&p, &mut memo);
        let r = spec
            .rank(&p)
            .ok_or_else(|| format!("{p:?} has no rank\n{text}"))?;
        let (g, is_p) = (grundy.value(r), outcome.is_p(r));
        if g != want || is_p != (want == 0) {
            return Err(format!(
                "solve at {p:?}: grundy {g} (P: {is_p}), the brute force says {want}\n{text}"
            ));
        }
        n += 1;
    }
    // `eval`'s path for the largest positions.
    for p in small.positions(max).iter().rev().take(3) {
        let want = small.grundy(p, &mut memo);
        let g = match through_kernel(gen, p, &budget) {
            Some(r) => r
                .map_err(|e| format!("{e:?}"))?
                .grundy
                .ok_or_else(|| format!("eval at {p:?}: no Grundy value from the kernel"))?,
            None => game.solver().grundy(p).map_err(|e| format!("{e:?}"))?,
        };
        if g != want {
            return Err(format!(
                "eval at {p:?}: grundy {g}, the brute force says {want}\n{text}"
            ));
        }
    }
    Ok(n)
}
