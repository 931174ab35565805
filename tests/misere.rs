//! Misère play against an independent brute force written here: the misère nim value g^- of a
//! position is 1 when no move is left (the player to move has won: the opponent made the last
//! move) and otherwise the mex of its followers' g^-; a position is P exactly when g^- = 0.
//! The moves of each game are written out here from their rules, knowing nothing of heapgame.
//! Also: misère Nim's closed form (Bouton), Conway's genus against g^- of G + *2 + ... + *2
//! computed on the explicit sum, and every fast mode bypassed (the box, one position, sums).

use crate::common;

use std::collections::{BTreeSet, HashMap};

use common::{load, mex, multisets_up_to, tuples};
use heapgame::solver::genus::genus;
use heapgame::solver::modes::solve_box_play;
use heapgame::solver::{BoxSpec, Budget, Play, Want};
use heapgame::{Game, Outcome};

/// A game for the brute force: canonical positions and their followers.
type Moves = fn(&[u32]) -> Vec<Vec<u32>>;

fn sorted(mut v: Vec<u32>) -> Vec<u32> {
    v.retain(|&h| h > 0);
    v.sort_unstable();
    v
}

/// Nim: take any positive number from one heap.
fn nim(pos: &[u32]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for i in 0..pos.len() {
        for t in 1..=pos[i] {
            let mut p = pos.to_vec();
            p[i] -= t;
            out.push(sorted(p));
        }
    }
    out
}

/// Knock down `t` adjacent pins from a row of `n`: the rows left, as (left, right) parts.
fn knock(pos: &[u32], t: u32, split: bool) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for i in 0..pos.len() {
        let n = pos[i];
        if n < t {
            continue;
        }
        let rest = n - t;
        let lefts: Vec<u32> = if split { (0..=rest).collect() } else { vec![0] };
        for a in lefts {
            let mut p: Vec<u32> = pos.to_vec();
            p.remove(i);
            p.push(a);
            p.push(rest - a);
            out.push(sorted(p));
        }
    }
    out
}

/// Kayles (0.77): knock down one pin or two adjacent pins of a row.
fn kayles(pos: &[u32]) -> Vec<Vec<u32>> {
    let mut out = knock(pos, 1, true);
    out.extend(knock(pos, 2, true));
    out
}

/// Dawson's Kayles (0.07): knock down two adjacent pins.
fn dawson(pos: &[u32]) -> Vec<Vec<u32>> {
    knock(pos, 2, true)
}

/// Wythoff's game on two ordered-free heaps: take from one, or the same from both.
fn wythoff(pos: &[u32]) -> Vec<Vec<u32>> {
    let (a, b) = (pos[0], pos[1]);
    let mut out = Vec::new();
    let two = |x: u32, y: u32| {
        let mut v = vec![x, y];
        v.sort_unstable();
        v
    };
    for t in 1..=a {
        out.push(two(a - t, b));
    }
    for t in 1..=b {
        out.push(two(a, b - t));
    }
    for t in 1..=a.min(b) {
        out.push(two(a - t, b - t));
    }
    out
}

/// g^- by plain recursion with a memo: 1 at a terminal position, else the mex.
fn misere_value(moves: Moves, pos: &[u32], memo: &mut HashMap<Vec<u32>, u32>) -> u32 {
    if let Some(&v) = memo.get(pos) {
        return v;
    }
    let fs = moves(pos);
    let v = if fs.is_empty() {
        1
    } else {
        let vals: BTreeSet<u32> = fs.iter().map(|f| misere_value(moves, f, memo)).collect();
        mex(&vals)
    };
    memo.insert(pos.to_vec(), v);
    v
}

fn misere(rel: &str) -> Game {
    let mut g = load(rel, &[]);
    g.set_play(Play::Misere);
    g
}

/// g^-, outcome and winning moves of every position against the brute force, through a
/// Grundy solver and a separate P/N solver.
fn compare(label: &str, game: &Game, moves: Moves, positions: &[Vec<u32>]) {
    let mut memo = HashMap::new();
    let mut gs = game.solver();
    let mut os = game.solver();
    for p in positions {
        let want = misere_value(moves, p, &mut memo);
        let got = gs.grundy(p).expect("g^-");
        assert_eq!(got, want, "{label} {p:?}: g^-");
        let o = os.outcome(p).expect("an outcome");
        assert_eq!(o == Outcome::P, want == 0, "{label} {p:?}: outcome");
        let wins: BTreeSet<Vec<u32>> = gs.winning_moves(p).expect("wins").into_iter().collect();
        let want_wins: BTreeSet<Vec<u32>> = moves(p)
            .into_iter()
            .filter(|f| misere_value(moves, f, &mut memo) == 0)
            .collect();
        assert_eq!(wins, want_wins, "{label} {p:?}: winning moves");
    }
}

#[test]
fn misere_values_agree_with_the_brute_force() {
    let any = multisets_up_to(3, 1, 9);
    compare("nim", &misere("rulesets/classic/nim.game"), nim, &any);
    compare(
        "kayles",
        &misere("rulesets/classic/kayles.game"),
        kayles,
        &any,
    );
    let dk = misere("rulesets/classic/dawson-kayles.game");
    compare("dawson", &dk, dawson, &multisets_up_to(3, 1, 12));
    let two: Vec<Vec<u32>> = tuples(2, 12).into_iter().filter(|p| p[0] <= p[1]).collect();
    compare(
        "wythoff",
        &misere("rulesets/classic/wythoff.game"),
        wythoff,
        &two,
    );
}

#[test]
fn the_empty_position_is_n_in_misere_play() {
    let g = misere("rulesets/classic/nim.game");
    let mut s = g.solver();
    assert_eq!(s.grundy(&[]).expect("g^-"), 1);
    assert_eq!(g.solver().outcome(&[]).expect("outcome"), Outcome::N);
    // And P in normal play, from the same file.
    let n = load("rulesets/classic/nim.game", &[]);
    assert_eq!(n.solver().outcome(&[]).expect("outcome"), Outcome::P);
}

/// Bouton's misère Nim: P iff every heap is at most 1 and an odd number are 1, or some heap
/// is at least 2 and the XOR is 0.
fn misere_nim_is_p(pos: &[u32]) -> bool {
    let x = pos.iter().fold(0, |a, &h| a ^ h);
    if pos.iter().all(|&h| h <= 1) {
        pos.iter().filter(|&&h| h == 1).count() % 2 == 1
    } else {
        x == 0
    }
}

#[test]
fn misere_nim_follows_boutons_closed_form() {
    let g = misere("rulesets/classic/nim.game");
    let mut s = g.solver();
    let mut ps = 0;
    for p in multisets_up_to(4, 1, 8) {
        let o = s.outcome(&p).expect("outcome");
        assert_eq!(o == Outcome::P, misere_nim_is_p(&p), "{p:?}");
        ps += usize::from(o == Outcome::P);
    }
    // The test can fail both ways: both outcomes occur.
    assert!(ps > 10, "{ps} P-positions");
}

#[test]
fn a_box_in_misere_play_bypasses_the_sum_and_kernel_modes() {
    let budget = Budget::default();
    for (rel, moves) in [
        ("rulesets/classic/nim.game", nim as Moves),
        ("rulesets/classic/kayles.game", kayles),
    ] {
        let g = misere(rel);
        let spec = BoxSpec::new(g.shape(), 7, 3).expect("a box");
        let mut memo = HashMap::new();
        for want in [Want::Grundy, Want::Outcome] {
            let t =
                solve_box_play(g.generator(), &spec, want, &budget, Play::Misere).expect("solved");
            let mut pos = Vec::new();
            for r in 0..spec.len() {
                spec.unrank(r, &mut pos);
                let v = misere_value(moves, &sorted(pos.clone()), &mut memo);
                match want {
                    Want::Grundy => assert_eq!(t.value(r), v, "{rel} {pos:?}"),
                    Want::Outcome => assert_eq!(t.is_p(r), v == 0, "{rel} {pos:?}"),
                }
            }
        }
    }
    // Wythoff's game has a compiled kernel in normal play; misère play must not use it.
    let g = misere("rulesets/classic/wythoff.game");
    let spec = BoxSpec::new(g.shape(), 15, 2).expect("a box");
    let t =
        solve_box_play(g.generator(), &spec, Want::Grundy, &budget, Play::Misere).expect("solved");
    assert_eq!(t.kernel, None);
    let mut memo = HashMap::new();
    let mut pos = Vec::new();
    for r in 0..spec.len() {
        spec.unrank(r, &mut pos);
        let mut p = pos.clone();
        p.sort_unstable();
        assert_eq!(t.value(r), misere_value(wythoff, &p, &mut memo), "{pos:?}");
    }
}

/// g^- of G + *1^a + *2^b computed on the explicit sum: the nim heaps are kept as they are,
/// nothing reduced.
fn misere_sum(
    moves: Moves,
    g: &[u32],
    ones: u32,
    twos: u32,
    memo: &mut HashMap<(Vec<u32>, u32, u32), u32>,
) -> u32 {
    let key = (g.to_vec(), ones, twos);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut vals = BTreeSet::new();
    let mut any = false;
    for f in moves(g) {
        any = true;
        vals.insert(misere_sum(moves, &f, ones, twos, memo));
    }
    if ones > 0 {
        any = true;
        vals.insert(misere_sum(moves, g, ones - 1, twos, memo));
    }
    if twos > 0 {
        any = true;
        vals.insert(misere_sum(moves, g, ones + 1, twos - 1, memo));
        vals.insert(misere_sum(moves, g, ones, twos - 1, memo));
    }
    let v = if any { mex(&vals) } else { 1 };
    memo.insert(key, v);
    v
}

#[test]
fn the_genus_of_nim_heaps_is_conways() {
    let g = load("rulesets/classic/nim.game", &[]);
    let budget = Budget::default();
    let show = |p: &[u32]| genus(g.generator(), p, &budget).expect("genus").to_string();
    // Winning Ways ch. 13: 0^120, 1^031, 2^20, 3^31 (tame), and *4 = 4^46.
    assert_eq!(show(&[]), "0^120");
    assert_eq!(show(&[1]), "1^031");
    assert_eq!(show(&[2]), "2^20");
    assert_eq!(show(&[3]), "3^31");
    assert_eq!(show(&[4]), "4^46");
    // *1 + *1 is 0^120 again (the genus of the empty game); *2 + *2 is 0^02.
    assert_eq!(show(&[1, 1]), "0^120");
    assert_eq!(show(&[2, 2]), "0^02");
}

#[test]
fn the_genus_agrees_with_the_explicit_sums() {
    let budget = Budget::default();
    let cases: [(&str, Moves, Vec<Vec<u32>>); 4] = [
        ("rulesets/classic/nim.game", nim, multisets_up_to(3, 1, 5)),
        (
            "rulesets/classic/kayles.game",
            kayles,
            multisets_up_to(2, 1, 9),
        ),
        (
            "rulesets/classic/dawson-kayles.game",
            dawson,
            multisets_up_to(2, 1, 12),
        ),
        (
            "rulesets/classic/wythoff.game",
            wythoff,
            tuples(2, 5).into_iter().filter(|p| p[0] <= p[1]).collect(),
        ),
    ];
    let mut wild = 0;
    for (rel, moves, positions) in cases {
        let g = load(rel, &[]);
        let mut memo = HashMap::new();
        let mut normal = HashMap::new();
        for p in positions {
            let gen = genus(g.generator(), &p, &budget).expect("genus");
            let want_g = normal_value(moves, &p, &mut normal);
            assert_eq!(gen.grundy, want_g, "{rel} {p:?}: normal-play value");
            // The written digits and four more: the alternation continues.
            for n in 0..gen.misere.len() + 4 {
                let want = misere_sum(moves, &p, 0, n as u32, &mut memo);
                assert_eq!(gen.gamma(n), want, "{rel} {p:?}: gamma_{n} of {gen}");
            }
            // Written up to the first repeat of the alternation, no further.
            let k = gen.misere.len();
            assert!(k >= 2, "{gen}");
            if k >= 3 {
                assert_ne!(gen.misere[k - 3], gen.misere[k - 1], "{rel} {p:?}: {gen}");
            }
            let nim_like = match gen.grundy {
                0 => vec![1, 2, 0],
                1 => vec![0, 3, 1],
                x => vec![x, x ^ 2],
            };
            wild += usize::from(gen.misere != nim_like);
        }
    }
    // Some of these positions have a genus unlike any nim heap's, so the test sees more
    // than tame games.
    assert!(wild > 0);
}

fn normal_value(moves: Moves, pos: &[u32], memo: &mut HashMap<Vec<u32>, u32>) -> u32 {
    if let Some(&v) = memo.get(pos) {
        return v;
    }
    let vals: BTreeSet<u32> = moves(pos)
        .iter()
        .map(|f| normal_value(moves, f, memo))
        .collect();
    let v = mex(&vals);
    memo.insert(pos.to_vec(), v);
    v
}

#[test]
fn a_play_line_in_the_file_sets_misere_play() {
    let text =
        "ruleset \"M\" {\n  play misere\n  heaps any\n  move { take 1.. from one heap }\n}\n";
    let g = Game::from_source("m.game", text, &[]).expect("loads");
    assert_eq!(g.play(), Play::Misere);
    assert_eq!(g.solver().grundy(&[]).expect("g^-"), 1);
    assert_eq!(g.solver().grundy(&[1, 1]).expect("g^-"), 1);
    let normal = text.replace("play misere", "play normal");
    let g = Game::from_source("n.game", &normal, &[]).expect("loads");
    assert_eq!(g.play(), Play::Normal);
    assert_eq!(g.solver().grundy(&[1, 1]).expect("grundy"), 0);
    // Said twice: an error at the second.
    let twice = text.replace("play misere", "play misere\n  play normal");
    let e = Game::from_source("t.game", &twice, &[]).expect_err("two play lines");
    assert!(
        e.diags
            .iter()
            .any(|d| d.code == heapgame::ruleset::Code::Duplicate),
        "{e:?}"
    );
}
