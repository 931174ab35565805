//! Parallel table mode: the positions of a box filled layer by layer in order of their total
//! number of tokens, each layer split among threads (rayon). This is sound only when every
//! move lowers the total and stays in the box, so that a layer reads nothing but earlier
//! layers; that is checked on every follower, and the first follower that breaks it stops this
//! mode ([`ParError::NotLayered`]) so that the caller falls back to the sequential search.

use rayon::prelude::*;

use super::budget::{Budget, FollowerWatch};
use super::error::SolveError;
use super::table::BoxSpec;
use super::values::Want;
use crate::moves::{Followers, Generator, MoveError, Scratch};

/// Why the parallel mode did not finish.
#[derive(Debug)]
pub enum ParError {
    /// A move does not lower the total, or leaves the box: use the sequential search.
    NotLayered,
    /// The solve stopped or the moves failed.
    Solve(SolveError<MoveError>),
}

const _: () = {
    const fn shared<T: Sync + Send>() {}
    shared::<Generator>();
};

/// One thread's working memory: generator scratch, follower buffer, values, mex bitset.
type Work = (Scratch, Followers, Vec<u32>, Vec<u64>);

/// The value of one position from the values of the earlier layers (Grundy value, or 0 for P
/// and 1 for N), or why it cannot be had here.
fn value(
    g: &Generator,
    (spec, table, want, budget): (&BoxSpec, &[u32], Want, &Budget),
    pos: &[u32],
    (scratch, buf, vals, bits): &mut Work,
) -> Result<u32, ParError> {
    let total: u64 = pos.iter().map(|&h| u64::from(h)).sum();
    let mut bad = false;
    vals.clear();
    // One position may have very many followers: Ctrl-C, the memory guard and the deadline
    // are looked at while they are generated.
    let mut watch = FollowerWatch::default();
    let mut probe = |f: &[u32]| -> bool {
        if budget.stop_generating(&mut watch) {
            return true;
        }
        let t: u64 = f.iter().map(|&h| u64::from(h)).sum();
        let Some(r) = spec.rank(f).filter(|_| t < total) else {
            bad = true;
            return true;
        };
        let v = table[r];
        match want {
            Want::Grundy => {
                vals.push(v);
                false
            }
            Want::Outcome => v == 0,
        }
    };
    let found = g
        .followers_until(pos, scratch, buf, &mut probe)
        .map_err(|e| ParError::Solve(SolveError::Game(e)))?;
    if let Some(stop) = watch.stopped {
        return Err(ParError::Solve(SolveError::from_stop(stop, 0)));
    }
    if bad {
        return Err(ParError::NotLayered);
    }
    Ok(match want {
        Want::Grundy => super::mex::mex_bits(vals, bits),
        Want::Outcome => u32::from(found),
    })
}

/// Solves every position of the box layer by layer on rayon's threads. Values as in
/// [`super::BoxValues::values`].
pub fn layered_values(
    g: &Generator,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Result<Vec<u32>, ParError> {
    if budget.max_positions.is_some_and(|m| m < spec.len()) {
        // Let the sequential search stop at the limit, position by position.
        return Err(ParError::NotLayered);
    }
    // Ranks grouped by total, by a counting sort.
    let mut totals = Vec::with_capacity(spec.len());
    let mut pos = Vec::new();
    let mut most = 0usize;
    for r in 0..spec.len() {
        // The deadline and Ctrl-C, while ranking a large box.
        if r % (1 << 16) == 0 {
            if let Err(stop) = budget.check_now(0) {
                return Err(ParError::Solve(SolveError::from_stop(stop, 0)));
            }
        }
        spec.unrank(r, &mut pos);
        let t: usize = pos.iter().map(|&h| h as usize).sum();
        most = most.max(t);
        totals.push(t);
    }
    let mut starts = vec![0usize; most + 2];
    for &t in &totals {
        starts[t + 1] += 1;
    }
    for i in 1..starts.len() {
        starts[i] += starts[i - 1];
    }
    let mut order = vec![0usize; spec.len()];
    let mut next = starts.clone();
    for (r, &t) in totals.iter().enumerate() {
        order[next[t]] = r;
        next[t] += 1;
    }
    drop(totals);
    let mut table = vec![0u32; spec.len()];
    let mut done = 0usize;
    for layer in starts.windows(2) {
        let ranks = &order[layer[0]..layer[1]];
        if let Err(stop) = budget.check_now(done) {
            return Err(ParError::Solve(SolveError::from_stop(stop, done)));
        }
        let vals: Result<Vec<u32>, ParError> = ranks
            .par_iter()
            .map_init(
                || (Vec::new(), Work::default()),
                |(pos, work), &r| {
                    if r % Budget::CHECK_EVERY == 0 {
                        budget
                            .interrupted()
                            .map_err(|stop| ParError::Solve(SolveError::from_stop(stop, done)))?;
                    }
                    spec.unrank(r, pos);
                    value(g, (spec, &table, want, budget), pos, work)
                },
            )
            .collect();
        // A stop inside the layer: the positions stored are those of the earlier layers.
        let vals = vals.map_err(|e| match e {
            ParError::Solve(SolveError::Cancelled { .. }) => {
                ParError::Solve(SolveError::Cancelled { stored: done })
            }
            e => e,
        })?;
        for (&r, v) in ranks.iter().zip(vals) {
            table[r] = v;
        }
        done += ranks.len();
    }
    Ok(table)
}
