//! Grundy values of two heaps, row by row: for each small heap `a`, the values `g(a, a + t)`
//! are additively periodic in `t` (`g(a, b + p) = g(a, b) + s` from some `b` on, as Dress et
//! al. proved for Wythoff's game), found with `sequence`'s apparent period and stated as one
//! `claim grundy ... when a == A` per row.

use super::{periodic_text, Data, Found, Guess, Miss};
use crate::sequence::apparent_period;

/// The most rows tried.
pub(crate) const MAX_ROWS: u32 = 8;

/// The fewest values a row is guessed from.
pub(crate) const MIN_ROW: usize = 12;

/// Tries additive periodicity along the rows of two sorted heaps.
pub fn search(data: &Data, found: &mut Found) {
    if data.heaps != 2 || data.any || !data.sorted {
        return;
    }
    found
        .tried
        .push("two heaps: Grundy values additively periodic along rows".into());
    let mut lines = Vec::new();
    let mut notes = Vec::new();
    let mut support = 0u64;
    // The least heap the data holds (a shape `each >= 1` has no row 0).
    let least = data.positions.iter().flatten().copied().min().unwrap_or(0);
    for a in least..=(least + MAX_ROWS).min(data.max) {
        let row: Vec<u32> = (a..=data.max)
            .map(|b| data.grundy(&[a, b]).unwrap_or(0))
            .collect();
        if row.len() < MIN_ROW {
            break;
        }
        let Some(p) = apparent_period(&row) else {
            found.misses.push(Miss {
                shape: format!("row a = {a}: g(a, a + t) additively periodic in t"),
                broke_at: None,
                why: format!("no period repeats 3 times in its {} values", row.len()),
                held: 0,
            });
            break;
        };
        let body = periodic_text("(b - a)", &row, p.preperiod, p.period, p.saltus);
        lines.push(format!(
            "claim grundy: {body} where (a, b) = heaps when a == {a}"
        ));
        notes.push(format!(
            "row {a}: period {} from b = {}, saltus {}",
            p.period,
            a as usize + p.preperiod,
            p.saltus
        ));
        support += row.len() as u64;
    }
    if lines.is_empty() {
        return;
    }
    found.guesses.push(Guess {
        shape: "Grundy values of two heaps, additively periodic along rows".into(),
        lines,
        support,
        note: notes.join("; "),
        verdict: None,
    });
}
