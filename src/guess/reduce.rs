//! Reductions of a game of any number of heaps: a position has the type (P or N) of a smaller
//! one, stated as `claim same: L`. Tried: every heap above the number of heaps lowered to it
//! (Propp's Depletion Theorem for the cookie game), and the `s` smallest heaps deleted, `s`
//! the surplus, the least `s >= 0` with `k - a_k <= s` for the sorted heaps `a_1 <= ... <= a_n`
//! (Propp's Deletion Theorem). Each is compared at every position of the data it changes; one
//! that changes fewer than [`MIN_CHANGED`] positions says too little to be guessed.

use super::{Data, Found, Guess, Miss};

/// The fewest positions of the data a reduction must change.
pub(crate) const MIN_CHANGED: u64 = 20;

/// A reduction: (shape in words, the list the `same` claim states, the map).
type Reduction = (&'static str, &'static str, fn(&[u32]) -> Vec<u32>);

/// The reductions tried.
const REDUCTIONS: [Reduction; 2] = [
    (
        "every heap above the number of heaps lowered to it (Propp's depletion)",
        "[min(h, len(heaps)) for h in heaps]",
        deplete,
    ),
    (
        "the s smallest heaps deleted, s the surplus (Propp's deletion)",
        "[sorted(heaps)[i] for i in s..len(heaps) - 1] where s = count(t in 1..len(heaps): \
         any(v in heaps: count(z in heaps: z <= v) - v >= t))",
        delete_surplus,
    ),
];

/// Every heap lowered to at most the number of heaps.
fn deplete(p: &[u32]) -> Vec<u32> {
    let n = p.len() as u32;
    p.iter().map(|&h| h.min(n)).collect()
}

/// The surplus of a position: the least `s >= 0` with `k - a_k <= s` for every `k` (from 1)
/// of the sorted heaps.
pub fn surplus(p: &[u32]) -> usize {
    let mut a = p.to_vec();
    a.sort_unstable();
    a.iter()
        .enumerate()
        .map(|(i, &h)| (i as i64 + 1 - i64::from(h)).max(0) as usize)
        .max()
        .unwrap_or(0)
}

/// The sorted heaps without the `s` smallest, `s` the surplus.
fn delete_surplus(p: &[u32]) -> Vec<u32> {
    let mut a = p.to_vec();
    a.sort_unstable();
    let s = surplus(p).min(a.len());
    a.split_off(s)
}

/// Tries each reduction on a game of any number of heaps.
pub fn search(data: &Data, found: &mut Found) {
    if !data.any || data.heaps < 2 {
        return;
    }
    found.tried.push(
        "reductions to a smaller position of the same type: heaps lowered to the number of \
         heaps, the surplus's smallest heaps deleted (Propp)"
            .into(),
    );
    for (shape, text, f) in REDUCTIONS {
        let mut changed = 0u64;
        let (broke, held) = data.first_where_not(|p, v| {
            let mut t = f(p);
            if data.sorted {
                t.sort_unstable();
            }
            if t == p {
                return true;
            }
            match data.grundy(&t) {
                Some(w) => {
                    changed += 1;
                    (w == 0) == (v == 0)
                }
                None => true,
            }
        });
        if broke.is_some() {
            found.misses.push(Miss {
                shape: format!("the same type as {shape}"),
                broke_at: broke,
                why: format!("the position and `{text}` differ in type"),
                held,
            });
        } else if changed >= MIN_CHANGED {
            found.guesses.push(Guess {
                shape: format!("a reduction: the same type as {shape}"),
                lines: vec![format!("claim same: {text}")],
                support: changed,
                note: format!("{changed} positions of the data have the type of the smaller one"),
                verdict: None,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{delete_surplus, deplete, surplus};

    #[test]
    fn propps_example_reduces_as_printed() {
        // Section 2: 1 2 3 3 6 ~ 1 2 3 3 5 (depletion) ~ 2 3 3 5 (surplus 4 - a_4 = 1)
        // ~ 2 3 3 4 (depletion again).
        assert_eq!(deplete(&[1, 2, 3, 3, 6]), vec![1, 2, 3, 3, 5]);
        assert_eq!(surplus(&[1, 2, 3, 3, 5]), 1);
        assert_eq!(delete_surplus(&[1, 2, 3, 3, 5]), vec![2, 3, 3, 5]);
        assert_eq!(deplete(&[2, 3, 3, 5]), vec![2, 3, 3, 4]);
        // Relation (2): 1 1 2 ~ 1 2 (surplus 2 - 1 = 1); a reduced position has surplus 0.
        assert_eq!(delete_surplus(&[1, 1, 2]), vec![1, 2]);
        assert_eq!(surplus(&[1, 2, 4, 4]), 0);
    }
}
