//! Hand-written solvers for the benchmark workloads: a direct move generator for one game and
//! a dense array (or a hash map where no box bounds the positions), no interpreter. Each uses
//! the same algorithm as heapgame: Grundy values by the mex of every follower's value, outcomes
//! by stopping at the first P-follower, positions in canonical (sorted) form.

pub mod clauses;
pub mod cookie;
pub mod delete;
pub mod fz;
pub mod moore;
pub mod octal;
pub mod rare;
pub mod search;
pub mod single_delete;
pub mod user;
pub mod wynim;
pub mod wythoff;

/// The mex of the values marked in `seen`, clearing the marks of `vals` afterwards.
pub fn mex_clear(seen: &mut [bool], vals: &[u32]) -> u32 {
    let mut m = 0usize;
    while m < seen.len() && seen[m] {
        m += 1;
    }
    for &v in vals {
        if (v as usize) < seen.len() {
            seen[v as usize] = false;
        }
    }
    m as u32
}
