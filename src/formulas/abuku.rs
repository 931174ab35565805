//! Abuku, Sakai, Shinoda, Suetsugu, *Some extensions of Delete Nim*: Delete Nim and VDN (with
//! Grundy values), All-but-one-delete, No-more-than-half-delete, Half-delete, (k-1)/k n-delete
//! and Single-delete Nim for n = 2, 3, 4.

use super::{int_arg, v2, ClosedForm, FormulaDef, FormulaError};
use crate::ruleset::value::Type;

/// The registry entries of this file.
pub(super) static FORMULAS: &[&FormulaDef] = &[
    &DELETE_NIM,
    &VDN,
    &ABO_DELETE,
    &NMTH_DELETE,
    &HALF_DELETE,
    &K_DELETE,
    &SINGLE_DELETE,
];

/// The two heaps of a position.
fn pair(pos: &[u32]) -> Result<(u64, u64), FormulaError> {
    match *pos {
        [x, y] => Ok((u64::from(x), u64::from(y))),
        _ => Err(FormulaError::Shape("2 heaps")),
    }
}

/// The k-th binary digit of z from the bottom (I_1 is the last digit).
fn bit(z: u64, k: u32) -> u64 {
    if k == 0 || k > 64 {
        0
    } else {
        (z >> (k - 1)) & 1
    }
}

static DELETE_NIM: FormulaDef = FormulaDef {
    name: "delete_nim",
    params: &[],
    summary: "Delete Nim (2 heaps): the Grundy value is v2((x OR y) + 1); P iff x and y are even",
    source: "Abuku et al., Some extensions of Delete Nim, Theorem 2.2",
    grundy: true,
    build: |_| Ok(Box::new(DeleteNim { shift: 0 })),
};

static VDN: FormulaDef = FormulaDef {
    name: "vdn",
    params: &[],
    summary: "Variant Delete Nim (2 heaps >= 1): the Grundy value is v2(((x-1) OR (y-1)) + 1); \
              P iff x and y are odd",
    source: "Abuku et al., Section 2 (after Definition 2.3)",
    grundy: true,
    build: |_| Ok(Box::new(DeleteNim { shift: 1 })),
};

/// Delete Nim on (x - shift, y - shift): VDN's <x, y> is Delete Nim's <x - 1, y - 1>.
struct DeleteNim {
    shift: u64,
}

impl ClosedForm for DeleteNim {
    fn is_p(&self, pos: &[u32]) -> Result<Option<bool>, FormulaError> {
        Ok(self.grundy(pos)?.map(|g| g == 0))
    }
    fn grundy(&self, pos: &[u32]) -> Result<Option<u32>, FormulaError> {
        let (x, y) = pair(pos)?;
        if x < self.shift || y < self.shift {
            return Ok(None);
        }
        Ok(Some(v2(((x - self.shift) | (y - self.shift)) + 1)))
    }
}

static ABO_DELETE: FormulaDef = FormulaDef {
    name: "abo_delete",
    params: &[("n", Type::Int)],
    summary: "All-but-one-delete Nim (n heaps >= 1): P iff every heap z has z mod n(n-1) in \
              1..n-1",
    source: "Abuku et al., Theorem 3.2",
    grundy: false,
    build: |args| {
        let n = count_arg(args, 0, 2)?;
        Ok(Box::new(AboDelete { n }))
    },
};

/// The `i`-th argument as a heap count of at least `least`.
fn count_arg(args: &[super::Value], i: usize, least: i64) -> Result<u64, String> {
    let n = int_arg(args, i)?;
    if n < least || n > 64 {
        return Err(format!("the count must lie in {least}..64, not {n}"));
    }
    Ok(n as u64)
}

struct AboDelete {
    n: u64,
}

/// The heaps, all >= 1, exactly `n` of them; `None` when a heap is 0 (outside the games).
fn heaps_of(pos: &[u32], n: u64, what: &'static str) -> Result<Option<Vec<u64>>, FormulaError> {
    if pos.len() as u64 != n {
        return Err(FormulaError::Shape(what));
    }
    if pos.contains(&0) {
        return Ok(None);
    }
    let mut v: Vec<u64> = pos.iter().map(|&h| u64::from(h)).collect();
    v.sort_unstable();
    Ok(Some(v))
}

impl ClosedForm for AboDelete {
    fn is_p(&self, pos: &[u32]) -> Result<Option<bool>, FormulaError> {
        let Some(z) = heaps_of(pos, self.n, "n heaps")? else {
            return Ok(None);
        };
        let m = self.n * (self.n - 1);
        Ok(Some(z.iter().all(|&h| (1..self.n).contains(&(h % m)))))
    }
}

static NMTH_DELETE: FormulaDef = FormulaDef {
    name: "nmth_delete",
    params: &[("n", Type::Int)],
    summary: "No-more-than-half-delete Nim (n heaps >= 1): for n even P iff every heap is odd; \
              for n odd P iff all heaps have the same 2-adic valuation",
    source: "Abuku et al., Theorem 4.2",
    grundy: false,
    build: |args| {
        Ok(Box::new(NmthDelete {
            n: count_arg(args, 0, 2)?,
        }))
    },
};

struct NmthDelete {
    n: u64,
}

impl ClosedForm for NmthDelete {
    fn is_p(&self, pos: &[u32]) -> Result<Option<bool>, FormulaError> {
        let Some(z) = heaps_of(pos, self.n, "n heaps")? else {
            return Ok(None);
        };
        Ok(Some(if self.n.is_multiple_of(2) {
            z.iter().all(|&h| h % 2 == 1)
        } else {
            z.iter().all(|&h| v2(h) == v2(z[0]))
        }))
    }
}

static HALF_DELETE: FormulaDef = FormulaDef {
    name: "half_delete",
    params: &[("n", Type::Int)],
    summary: "Half-delete Nim (n = 2m heaps >= 1, sorted z_1 <= ... <= z_2m, 2^s the least power \
              of 2 above z_{m+1}): P iff z_1..z_{m+1} are odd and every even z_l >= 2^s",
    source: "Abuku et al., Theorem 5.2",
    grundy: false,
    build: |args| {
        let n = count_arg(args, 0, 2)?;
        if n % 2 != 0 {
            return Err(format!(
                "Half-delete Nim needs an even number of heaps, not {n}"
            ));
        }
        Ok(Box::new(KDelete { k: 2, n }))
    },
};

static K_DELETE: FormulaDef = FormulaDef {
    name: "k_delete",
    params: &[("k", Type::Int), ("n", Type::Int)],
    summary: "(k-1)/k n-delete Nim (n = km heaps >= 1, sorted, u = z_{(k-1)m+1}, k^s the least \
              power of k above u): P iff z_1..z_{(k-1)m+1} are k-oddoid (z mod k(k-1) in \
              1..k-1) and every k-evenoid z_l >= k^s",
    source: "Abuku et al., Theorem 5.6 (with Definition 5.4)",
    grundy: false,
    build: |args| {
        let k = count_arg(args, 0, 2)?;
        let n = count_arg(args, 1, 2)?;
        if n % k != 0 {
            return Err(format!("n = {n} heaps must be a multiple of k = {k}"));
        }
        Ok(Box::new(KDelete { k, n }))
    },
};

struct KDelete {
    k: u64,
    n: u64,
}

impl ClosedForm for KDelete {
    fn is_p(&self, pos: &[u32]) -> Result<Option<bool>, FormulaError> {
        let Some(z) = heaps_of(pos, self.n, "n heaps")? else {
            return Ok(None);
        };
        let (k, m) = (self.k, self.n / self.k);
        let oddoid = |h: u64| (1..k).contains(&(h % (k * (k - 1))));
        let top = ((k - 1) * m) as usize; // z_{(k-1)m+1} is z[top]
        let u = z[top];
        // k^s: the least power of k greater than u (u < 2^32 and k <= 64: fits in u128).
        let mut ks: u128 = 1;
        while ks <= u128::from(u) {
            ks *= u128::from(k);
        }
        let a = z[..=top].iter().all(|&h| oddoid(h));
        let b = z.iter().all(|&h| oddoid(h) || u128::from(h) >= ks);
        Ok(Some(a && b))
    }
}

static SINGLE_DELETE: FormulaDef = FormulaDef {
    name: "single_delete",
    params: &[("n", Type::Int)],
    summary: "Single-delete Nim (n heaps >= 1, n = 2, 3, 4): n = 2 both odd; n = 3 equal 2-adic \
              valuations; n = 4 conditions (1)-(5) of Theorem 6.3 on valuations and binary digits",
    source: "Abuku et al., Section 6.1, Theorems 6.2 and 6.3",
    grundy: false,
    build: |args| {
        let n = int_arg(args, 0)?;
        if !(2..=4).contains(&n) {
            return Err(format!(
                "Single-delete Nim is solved for n = 2, 3 and 4 heaps only, not n = {n}"
            ));
        }
        Ok(Box::new(SingleDelete { n: n as u64 }))
    },
};

struct SingleDelete {
    n: u64,
}

impl ClosedForm for SingleDelete {
    fn is_p(&self, pos: &[u32]) -> Result<Option<bool>, FormulaError> {
        let Some(mut z) = heaps_of(pos, self.n, "n heaps")? else {
            return Ok(None);
        };
        Ok(Some(match self.n {
            2 => z.iter().all(|&h| h % 2 == 1),
            3 => z.iter().all(|&h| v2(h) == v2(z[0])),
            _ => {
                z.sort_by_key(|&h| v2(h));
                single_delete_4(z[0], z[1], z[2], z[3])
            }
        }))
    }
}

/// Theorem 6.3: w, x, y, z ordered by a = v2(w) <= b = v2(x) <= c = v2(y) <= d = v2(z).
fn single_delete_4(w: u64, x: u64, y: u64, z: u64) -> bool {
    let (a, b, c, d) = (v2(w), v2(x), v2(y), v2(z));
    if a == b && b == c && c == d {
        return true; // (1)
    }
    if a < b && b == c && c == d {
        return bit(w, d + 1) == 0; // (2A)
    }
    if a < b && b < c && c == d {
        return bit(w, d + 1) == 0
            && bit(x, d + 1) == 0 // (3A)
            && (b + 2..=d).all(|k| bit(w, k) + bit(x, k) >= 1) // (3B)
            && bit(w, b + 1) == 1; // (3C)
    }
    if a < b && b < c && c < d {
        let common = (c + 2..=d).all(|j| bit(w, j) + bit(x, j) + bit(y, j) >= 2) // (4B), (5C)
            && bit(w, c + 1) == 1
            && bit(x, c + 1) == 1 // (4C), (5D)
            && (b + 2..=c).all(|k| bit(w, k) + bit(x, k) >= 1) // (4D), (5E)
            && bit(w, b + 1) == 1; // (4E), (5F)
        let four_a = bit(w, d + 1) == 0 && bit(x, d + 1) == 0 && bit(y, d + 1) == 0;
        let five_b = bit(w, d + 1) == 1 && bit(x, d + 1) == 1 && bit(y, d + 1) == 1;
        let five_a = (d + 2..=64)
            .all(|i| matches!(bit(w, i) + bit(x, i) + bit(y, i) + bit(z, i), 0 | 3 | 4));
        return common && (four_a || (five_b && five_a));
    }
    false
}
