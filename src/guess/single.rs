//! Single heaps and sums: the Grundy sequence g of one heap, its period, preperiod and saltus
//! (from `sequence`, proven where the periodicity theorem applies), written as a function
//! `fn g_heap(h)`, and "the game is a sum": the Grundy value of every position is the XOR of
//! g over its heaps (`claim grundy`), or at least P iff that XOR is 0 (`claim P`).

use super::{periodic_text, Data, Found, Guess, GuessError, Miss};
use crate::game::Game;
use crate::sequence::{periodicity, sequence, Periodicity};
use crate::solver::{Budget, Play};

/// The name of the function the claims define (a name no bundled ruleset uses).
pub(crate) const FN_NAME: &str = "g_heap";

/// The single heaps a sum's sequence is computed to, at least (its periodicity needs more
/// heaps than a box of several heaps can hold).
pub(crate) const SUM_HEAPS: u32 = 600;

/// Tries the sum forms on `data`.
pub fn search(
    game: &Game,
    data: &Data,
    budget: &Budget,
    found: &mut Found,
) -> Result<(), GuessError> {
    found
        .tried
        .push("a sum of single heaps: the Grundy values, or the outcomes, by a XOR".into());
    let gen = game.generator();
    let is_sum = game.play() == Play::Normal && crate::solver::sum::is_sum(gen);
    let (values, periodic, upto) = if is_sum {
        let upto = data.max.max(SUM_HEAPS);
        let s = sequence(game, upto, budget).map_err(GuessError::Sequence)?;
        (s.values, s.periodic, upto)
    } else {
        let v = data.single_heaps();
        let p = periodicity(None, &v);
        (v, p, data.max)
    };
    let g = |h: u32| values[h as usize];
    let xor_of = |p: &[u32]| p.iter().fold(0u32, |x, &h| x ^ g(h));
    let (broke, held) = data.first_where_not(|p, v| xor_of(p) == v);
    let grundy = broke.is_none();
    let (broke_p, held_p) = data.first_where_not(|p, v| (xor_of(p) == 0) == (v == 0));
    if !grundy {
        found.misses.push(Miss {
            shape: "a sum: the Grundy value is the XOR of the single heaps' values".into(),
            broke_at: broke,
            why: "the Grundy value differs from the XOR of its heaps' values".into(),
            held,
        });
    }
    if !grundy && broke_p.is_some() {
        found.misses.push(Miss {
            shape: "P iff the XOR of the single heaps' values is 0".into(),
            broke_at: broke_p,
            why: "the outcome differs from the XOR's".into(),
            held: held_p,
        });
        return Ok(());
    }
    let Some(per) = periodic else {
        found.unstated.push(format!(
            "P iff the XOR of the single heaps' Grundy values is 0 fits every position, but \
             g(h) shows no period in 0..{upto}: the language cannot state it as a function"
        ));
        return Ok(());
    };
    found
        .guesses
        .push(sum_guess(&values, &per, grundy, is_sum, upto, data));
    Ok(())
}

/// The guess of a sum whose single heap has the periodicity `per`.
fn sum_guess(
    values: &[u32],
    per: &Periodicity,
    grundy: bool,
    is_sum: bool,
    upto: u32,
    data: &Data,
) -> Guess {
    let p = &per.period;
    let body = periodic_text("h", values, p.preperiod, p.period, p.saltus);
    let mut lines = Vec::new();
    let nim = if body == "h" {
        "xor(heaps)".to_string()
    } else {
        lines.push(format!("fn {FN_NAME}(h) = {body}"));
        format!("xor([{FN_NAME}(h) for h in heaps])")
    };
    lines.push(if grundy {
        format!("claim grundy: {nim}")
    } else {
        format!("claim P: {nim} == 0")
    });
    let how = if per.proven { "proven" } else { "not proven" };
    let sum = if is_sum {
        "every move acts on one heap: the Sprague-Grundy theorem makes it a sum"
    } else {
        "not a sum by its moves; the XOR fits every position of the data"
    };
    let note = format!(
        "g(h) of one heap over 0..{upto}: period {} from {}, saltus {} ({how}: {}); {sum}",
        p.period, p.preperiod, p.saltus, per.reason
    );
    Guess {
        shape: if grundy {
            "sum of single heaps (Grundy values)".into()
        } else {
            "P iff the XOR of single heaps' values is 0".into()
        },
        lines,
        support: data.len() as u64 + u64::from(upto) + 1,
        note,
        verdict: None,
    }
}
