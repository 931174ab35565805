//! The mex shapes of `heapgame guess` stated as claims: pairs made by a plain mex recursion
//! written here (`a_n` the least integer not yet used, `b_n = a_n + D_n` for a difference rule
//! affine in n, affine in a_n, or periodic in n), the shape fitted from the pairs with `b_n <=
//! 120`, and its claim evaluated by the language at every position `a <= b <= 400`, where it
//! must say P exactly at the pairs of the recursion.

use heapgame::guess::mex::fit;
use heapgame::verify::claim::{eval_claim, ClaimValue, Known};
use heapgame::Game;

/// The pairs of the mex recursion with `b_n - a_n = diff(n, a_n)`, while `b_n <= max`.
fn mex_pairs(diff: impl Fn(u64, u64) -> u64, max: u64) -> Vec<(u32, u32)> {
    let mut used = vec![false; 4 * max as usize + 8];
    let mut out = Vec::new();
    let mut a = 0usize;
    for n in 0.. {
        while used[a] {
            a += 1;
        }
        let b = a as u64 + diff(n, a as u64);
        if b > max {
            break;
        }
        used[a] = true;
        used[b as usize] = true;
        out.push((a as u32, b as u32));
    }
    out
}

/// The claim fitted from the pairs with `b <= 120`, checked by the language against the pairs
/// with `b <= 400`; returns the claim.
fn states(diff: impl Fn(u64, u64) -> u64) -> String {
    let pairs = mex_pairs(&diff, 120);
    let form = fit(&pairs).unwrap_or_else(|e| panic!("no mex form: {e:?}"));
    let claim = form
        .claim
        .unwrap_or_else(|e| panic!("{}: not stated: {e}", form.shape));
    let text = format!(
        "ruleset \"T\" {{\n  heaps 2\n  move {{ take 1.. from one heap }}\n  claim P: {claim} \
         where (a, b) = heaps\n}}\n"
    );
    let game = Game::from_source("t.game", &text, &[]).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
    let want = mex_pairs(&diff, 400);
    let known = Known {
        grundy: None,
        winning: None,
        genus: None,
    };
    for b in 0..=400u32 {
        for a in 0..=b {
            let says = match eval_claim(&game, 0, &[a, b], &known, None) {
                Ok(Some(ClaimValue::IsP(p))) => p,
                other => panic!("{claim} at ({a}, {b}): {other:?}"),
            };
            assert_eq!(says, want.contains(&(a, b)), "{claim} at ({a}, {b})");
        }
    }
    claim
}

#[test]
fn differences_affine_in_n_with_an_offset() {
    // d n + c with c != 0: a_n = floor(n alpha + gamma) for these (gamma = 1/phi for n + 1).
    for (d, c) in [(1, 1), (1, 2), (2, 1)] {
        let claim = states(move |n, _| d * n + c);
        assert!(claim.contains("floor("), "{claim}");
    }
    // Constant differences and Wythoff's, as before.
    states(|_, _| 3);
    states(|_, _| 0);
    assert_eq!(states(|n, _| n), "a == floor((b - a) * phi)");
    states(|n, _| 2 * n);
}

#[test]
fn differences_affine_in_a_n() {
    // b_n = 2 a_n: the a's are the integers of even 2-adic valuation (and 0).
    for (s, t) in [(2, 0), (2, 1), (3, 0), (3, 2)] {
        let claim = states(move |_, a| (s - 1) * a + t);
        assert!(claim.contains(&format!("b == {s} * a")), "{claim}");
    }
}

#[test]
fn differences_periodic_in_n() {
    for period in [vec![1, 2], vec![2, 1, 1], vec![0, 3], vec![1, 1, 4]] {
        let claim = states(|n, _| period[n as usize % period.len()]);
        assert!(claim.starts_with("b - a + 1 == ("), "{period:?}: {claim}");
    }
}

#[test]
fn an_offset_with_no_simple_gamma_is_not_stated() {
    // n + 3: no floor(n phi + gamma) fits the pairs, so no claim is written for it.
    let pairs = mex_pairs(|n, _| n + 3, 120);
    let form = fit(&pairs).expect("the mex rule fits");
    assert!(form.claim.is_err(), "{:?}", form.claim);
}
