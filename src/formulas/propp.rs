//! Propp, *A New Take-Away Game*: the cookie game has no proved closed form; its Deletion and
//! Depletion Theorems reduce every position to a reduced position of the same type, and the
//! formula decides the type by a memoized recursion on reduced positions alone. Checking it
//! against the plain solver is checking those two theorems.

use std::sync::Mutex;

use hashbrown::HashMap;

use super::{ClosedForm, FormulaDef, FormulaError};

/// The registry entries of this file.
pub(super) static FORMULAS: &[&FormulaDef] = &[&PROPP_COOKIE];

static PROPP_COOKIE: FormulaDef = FormulaDef {
    name: "propp_cookie",
    params: &[],
    summary: "the cookie game (remove a heap, lower the others by 1): the type of the reduced \
              position (delete the s smallest heaps, s = max(k - a_k); deplete heaps above n \
              to n), decided by recursion on reduced positions",
    source: "Propp, A New Take-Away Game, Section 2 (Deletion and Depletion Theorems)",
    grundy: false,
    build: |_| {
        Ok(Box::new(Cookie {
            memo: Mutex::new(HashMap::new()),
        }))
    },
};

struct Cookie {
    /// Reduced position -> whether it is P.
    memo: Mutex<HashMap<Vec<u32>, bool>>,
}

/// The reduced form of a position: zeros dropped, sorted, the `s` smallest heaps deleted
/// (Deletion Theorem), then every heap above the number of heaps lowered to it (Depletion).
pub(crate) fn reduce(pos: &[u32]) -> Vec<u32> {
    let mut v: Vec<u32> = pos.iter().copied().filter(|&h| h > 0).collect();
    v.sort_unstable();
    // s = max(0, max_k (k - a_k)), k counted from 1.
    let s = v
        .iter()
        .enumerate()
        .map(|(i, &a)| (i as i64 + 1) - i64::from(a))
        .max()
        .unwrap_or(0)
        .max(0) as usize;
    v.drain(..s);
    let n = u32::try_from(v.len()).unwrap_or(u32::MAX);
    for a in &mut v {
        *a = (*a).min(n);
    }
    v
}

impl Cookie {
    fn reduced_is_p(&self, r: &[u32]) -> bool {
        if let Some(&p) = self
            .memo
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(r)
        {
            return p;
        }
        // Every move deletes a heap, so the recursion is at most as deep as there are heaps.
        let mut is_p = true;
        let mut next = Vec::with_capacity(r.len());
        for i in 0..r.len() {
            if i > 0 && r[i] == r[i - 1] {
                continue;
            }
            next.clear();
            next.extend(
                r.iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &h)| h - 1),
            );
            if self.reduced_is_p(&reduce(&next)) {
                is_p = false;
                break;
            }
        }
        self.memo
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(r.to_vec(), is_p);
        is_p
    }
}

impl ClosedForm for Cookie {
    fn is_p(&self, pos: &[u32]) -> Result<Option<bool>, FormulaError> {
        Ok(Some(self.reduced_is_p(&reduce(pos))))
    }
}
