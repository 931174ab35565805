//! The values of the language (integers, exact reals, booleans, sets, lists) and their types.
//!
//! Integers are `i64` with checked arithmetic; reals are exact ([`crate::numbers::Real`]);
//! sets are finite lists, ranges (possibly unbounded) or Beatty sets, enumerated in
//! increasing order up to a bound.

use std::fmt;
use std::sync::{Arc, PoisonError, RwLock};

use num_traits::ToPrimitive;

use crate::numbers::{Real, RealError};

/// The type of a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Type {
    /// An integer.
    Int,
    /// A real number (an integer is accepted where a real is expected).
    Real,
    /// `true` / `false`.
    Bool,
    /// A set of integers.
    IntSet,
    /// A set of tuples.
    TupleSet,
    /// A list or tuple of integers (`heaps`, `(a, b)`).
    List,
}

impl Type {
    /// The type in words, for messages.
    pub fn describe(self) -> &'static str {
        match self {
            Type::Int => "an integer",
            Type::Real => "a real number",
            Type::Bool => "a truth value",
            Type::IntSet => "a set of integers",
            Type::TupleSet => "a set of tuples",
            Type::List => "a list of integers",
        }
    }

    /// Whether a value of type `self` may stand where `want` is expected.
    pub fn fits(self, want: Type) -> bool {
        self == want || (self == Type::Int && want == Type::Real)
    }
}

/// A value.
#[derive(Clone, Debug)]
pub enum Value {
    /// An integer.
    Int(i64),
    /// A real number.
    Real(Real),
    /// A truth value.
    Bool(bool),
    /// A set.
    Set(SetValue),
    /// A list or tuple of integers.
    List(Arc<[i64]>),
}

impl Value {
    /// The type of this value.
    pub fn ty(&self) -> Type {
        match self {
            Value::Int(_) => Type::Int,
            Value::Real(_) => Type::Real,
            Value::Bool(_) => Type::Bool,
            Value::Set(SetValue::Tuples(_)) => Type::TupleSet,
            Value::Set(_) => Type::IntSet,
            Value::List(_) => Type::List,
        }
    }

    /// The value as a real, if it is a number.
    pub(crate) fn to_real(&self) -> Option<Real> {
        match self {
            Value::Int(n) => Some(Real::from_int(*n)),
            Value::Real(r) => Some(r.clone()),
            _ => None,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Real(r) => write!(f, "{r}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Set(s) => write!(f, "{s}"),
            Value::List(l) => {
                write!(f, "(")?;
                for (i, x) in l.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{x}")?;
                }
                write!(f, ")")
            }
        }
    }
}

/// A set value.
#[derive(Clone, Debug)]
pub enum SetValue {
    /// A finite set of integers, sorted, without repeats.
    Ints(Arc<[i64]>),
    /// A finite set of tuples, sorted, without repeats.
    Tuples(Arc<[Arc<[i64]>]>),
    /// `lo..hi` (both included) or `lo..` (no upper end).
    Range(i64, Option<i64>),
    /// `beatty(beta)`: `{ floor(n * beta) : n >= 1 }`.
    Beatty(Arc<Beatty>),
}

impl SetValue {
    /// A finite set of integers from any list.
    pub fn ints(mut v: Vec<i64>) -> SetValue {
        v.sort_unstable();
        v.dedup();
        SetValue::Ints(v.into())
    }

    /// A finite set of tuples from any list.
    pub fn tuples(mut v: Vec<Arc<[i64]>>) -> SetValue {
        v.sort();
        v.dedup();
        SetValue::Tuples(v.into())
    }

    /// Whether `x` is a member.
    pub fn contains(&self, x: i64) -> Result<bool, RealError> {
        Ok(match self {
            SetValue::Ints(v) => v.binary_search(&x).is_ok(),
            SetValue::Tuples(_) => false,
            SetValue::Range(lo, hi) => x >= *lo && hi.is_none_or(|h| x <= h),
            SetValue::Beatty(b) => b.contains(x)?,
        })
    }

    /// Whether the tuple `t` is a member.
    pub(crate) fn contains_tuple(&self, t: &[i64]) -> bool {
        match self {
            SetValue::Tuples(v) => v.binary_search_by(|e| e.as_ref().cmp(t)).is_ok(),
            _ => false,
        }
    }

    /// The smallest member, if any.
    pub fn min(&self) -> Result<Option<i64>, RealError> {
        Ok(match self {
            SetValue::Ints(v) => v.first().copied(),
            SetValue::Tuples(_) => None,
            SetValue::Range(lo, hi) => match hi {
                Some(h) if h < lo => None,
                _ => Some(*lo),
            },
            SetValue::Beatty(b) => Some(b.first()?),
        })
    }

    /// The only member, when the set has exactly one (a finite set; nothing listed).
    pub fn single(&self) -> Option<i64> {
        match self {
            SetValue::Ints(v) if v.len() == 1 => Some(v[0]),
            SetValue::Range(lo, Some(hi)) if lo == hi => Some(*lo),
            _ => None,
        }
    }

    /// The largest member `<= max` of a finite set of integers (`None` if there is none, or
    /// the set is infinite); nothing listed.
    pub(crate) fn largest_upto(&self, max: i64) -> Option<i64> {
        match self {
            SetValue::Ints(v) => {
                let end = v.partition_point(|&x| x <= max);
                end.checked_sub(1).map(|i| v[i])
            }
            SetValue::Range(lo, Some(hi)) => {
                let top = (*hi).min(max);
                (top >= *lo).then_some(top)
            }
            _ => None,
        }
    }

    /// Whether the set has finitely many members.
    pub fn is_finite(&self) -> bool {
        matches!(
            self,
            SetValue::Ints(_) | SetValue::Tuples(_) | SetValue::Range(_, Some(_))
        )
    }

    /// The members `<= max`, in increasing order, written into `out` (cleared first).
    pub(crate) fn members_upto(&self, max: i64, out: &mut Vec<i64>) -> Result<(), RealError> {
        out.clear();
        match self {
            SetValue::Ints(v) => out.extend(v.iter().copied().take_while(|&x| x <= max)),
            SetValue::Tuples(_) => {}
            SetValue::Range(lo, hi) => {
                let top = hi.map_or(max, |h| h.min(max));
                if *lo <= top {
                    out.extend(*lo..=top);
                }
            }
            SetValue::Beatty(b) => out.extend_from_slice(&b.members_upto(max)?),
        }
        Ok(())
    }
}

impl SetValue {
    /// The members `<= max` in increasing order, without allocating (but for Beatty sets up to
    /// their cache's limit; beyond it each member is computed as it is reached, so that a
    /// consumer that stops early, at a budget's check, computes no more).
    pub(crate) fn iter_upto(&self, max: i64) -> Result<SetIter, RealError> {
        Ok(match self {
            SetValue::Ints(v) => SetIter::Slice(v.clone(), 0, max),
            SetValue::Tuples(_) => SetIter::Range(1, 0),
            SetValue::Range(lo, hi) => SetIter::Range(*lo, hi.map_or(max, |h| h.min(max))),
            SetValue::Beatty(b) if max <= Beatty::CACHE_LIMIT => {
                SetIter::Slice(b.members_upto(max)?.into(), 0, max)
            }
            SetValue::Beatty(b) => SetIter::Beatty(b.clone(), 1, max),
        })
    }
}

/// An iterator over the members of a set up to a bound.
#[derive(Debug)]
pub(crate) enum SetIter {
    /// Sorted members from this index on, up to the bound.
    Slice(Arc<[i64]>, usize, i64),
    /// `cur..=top`.
    Range(i64, i64),
    /// The Beatty set's members `floor(n * beta)` from this `n` on, up to the bound.
    Beatty(Arc<Beatty>, i64, i64),
}

impl SetIter {
    /// The next member, if any; an error when a Beatty set's member cannot be computed.
    pub(crate) fn next_member(&mut self) -> Result<Option<i64>, RealError> {
        Ok(match self {
            SetIter::Slice(v, i, max) => match v.get(*i) {
                Some(&x) if x <= *max => {
                    *i += 1;
                    Some(x)
                }
                _ => None,
            },
            SetIter::Range(cur, top) => {
                if *cur > *top {
                    return Ok(None);
                }
                let x = *cur;
                // cur <= top <= i64::MAX; at top itself, stop without overflowing.
                if x == i64::MAX {
                    *top = x - 1;
                } else {
                    *cur += 1;
                }
                Some(x)
            }
            SetIter::Beatty(b, n, max) => {
                if *n == i64::MAX {
                    return Ok(None);
                }
                let x = b.nth(*n)?;
                if x > *max {
                    *n = i64::MAX;
                    return Ok(None);
                }
                *n += 1;
                Some(x)
            }
        })
    }
}

impl fmt::Display for SetValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetValue::Ints(v) => {
                write!(f, "{{")?;
                for (i, x) in v.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{x}")?;
                }
                write!(f, "}}")
            }
            SetValue::Tuples(v) => {
                write!(f, "{{")?;
                for (i, t) in v.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{}", Value::List(t.clone()))?;
                }
                write!(f, "}}")
            }
            SetValue::Range(lo, Some(hi)) => write!(f, "{lo}..{hi}"),
            SetValue::Range(lo, None) => write!(f, "{lo}.."),
            SetValue::Beatty(b) => write!(f, "beatty({})", b.beta),
        }
    }
}

/// The Beatty set of a real `beta > 0`, with its members computed exactly and cached.
#[derive(Debug)]
pub struct Beatty {
    /// The generating real.
    pub beta: Real,
    /// `floor(n * beta)` for `n = 1..=cache.len()`, and their membership bits. A lock rather
    /// than a cell so that a ruleset can be shared by the threads of the parallel solver.
    cache: RwLock<Terms>,
}

/// The cached members of a Beatty set.
#[derive(Debug, Default)]
struct Terms {
    /// `floor(n * beta)` for `n = 1..=seq.len()`, increasing.
    seq: Vec<i64>,
    /// Bit `x` set when `x <= CACHE_LIMIT` is in `seq` (a claim asks at every position).
    bits: Vec<u64>,
}

impl Terms {
    /// Whether `x`, at most the last term, is a term.
    fn has(&self, x: i64) -> bool {
        match usize::try_from(x) {
            Ok(i) if x <= Beatty::CACHE_LIMIT => self
                .bits
                .get(i >> 6)
                .is_some_and(|w| w >> (i & 63) & 1 == 1),
            _ => self.seq.binary_search(&x).is_ok(),
        }
    }

    /// Appends the next term.
    fn push(&mut self, t: i64) {
        self.seq.push(t);
        if let Ok(i) = usize::try_from(t) {
            if t <= Beatty::CACHE_LIMIT {
                if self.bits.len() <= i >> 6 {
                    self.bits.resize((i >> 6) + 1, 0);
                }
                self.bits[i >> 6] |= 1 << (i & 63);
            }
        }
    }
}

impl Beatty {
    /// Members up to this size are cached; larger ones are computed on demand.
    const CACHE_LIMIT: i64 = 1 << 24;

    /// The Beatty set of `beta`; the caller has checked `beta >= 1`.
    pub fn new(beta: Real) -> Beatty {
        Beatty {
            beta,
            cache: RwLock::new(Terms::default()),
        }
    }

    fn first(&self) -> Result<i64, RealError> {
        self.term(1)
    }

    /// `floor(n * beta)` for `n >= 1`, from the cache when it holds it.
    fn nth(&self, n: i64) -> Result<i64, RealError> {
        let i = usize::try_from(n - 1).map_err(|_| RealError::TooLarge)?;
        if let Some(&x) = self
            .cache
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .seq
            .get(i)
        {
            return Ok(x);
        }
        self.term(n)
    }

    /// `floor(n * beta)`, exactly.
    fn term(&self, n: i64) -> Result<i64, RealError> {
        self.beta.floor_mul(n)?.to_i64().ok_or(RealError::TooLarge)
    }

    /// Grows the cache until its last member is `> max` (or reaches `i64::MAX`).
    fn grow_past(&self, max: i64) -> Result<(), RealError> {
        {
            let cache = self.cache.read().unwrap_or_else(PoisonError::into_inner);
            if cache.seq.last().is_some_and(|&l| l > max) {
                return Ok(());
            }
        }
        // A poisoned cache still holds correct terms (each push is of a finished term).
        let mut cache = self.cache.write().unwrap_or_else(PoisonError::into_inner);
        while cache.seq.last().is_none_or(|&l| l <= max) {
            let n = i64::try_from(cache.seq.len()).map_err(|_| RealError::TooLarge)? + 1;
            let t = self.term(n)?;
            cache.push(t);
            if t == i64::MAX {
                break;
            }
        }
        Ok(())
    }

    /// Whether `x` is `floor(n * beta)` for some `n >= 1`.
    pub fn contains(&self, x: i64) -> Result<bool, RealError> {
        if x < 1 {
            return Ok(false);
        }
        if x > Self::CACHE_LIMIT {
            // floor(n * beta) == x  <=>  x / beta <= n < (x + 1) / beta. If some n fits, so does
            // the least integer >= x / beta, n = ceil(x / beta): it is <= that n. So x is a
            // member exactly when floor(ceil(x / beta) * beta) == x, both decided exactly (or
            // refused as undecidable), never estimated.
            let n = Real::from_int(x).div(&self.beta)?.ceil()?;
            let n = n.to_i64().ok_or(RealError::TooLarge)?;
            return Ok(n >= 1 && self.term(n)? == x);
        }
        {
            let cache = self.cache.read().unwrap_or_else(PoisonError::into_inner);
            if cache.seq.last().is_some_and(|&l| l > x) {
                return Ok(cache.has(x));
            }
        }
        self.grow_past(x)?;
        let cache = self.cache.read().unwrap_or_else(PoisonError::into_inner);
        Ok(cache.has(x))
    }

    /// The members `<= max`, in increasing order.
    pub(crate) fn members_upto(&self, max: i64) -> Result<Vec<i64>, RealError> {
        self.grow_past(max)?;
        let cache = self.cache.read().unwrap_or_else(PoisonError::into_inner);
        let end = cache.seq.partition_point(|&x| x <= max);
        Ok(cache.seq[..end].to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::Beatty;
    use crate::numbers::Real;

    /// `x in beatty(phi)` against a plain sieve of `floor(n * phi) = (n + isqrt(5 n^2)) / 2`,
    /// asked out of order (the cache grows, then answers from below its end), and above the
    /// cache's membership bits.
    #[test]
    fn beatty_membership_against_a_sieve_of_phi() {
        let n_max = 7_000u64;
        let mut member = vec![false; (2 * n_max) as usize];
        for n in 1..=n_max {
            member[((n + (5 * n * n).isqrt()) / 2) as usize] = true;
        }
        let b = Beatty::new(Real::phi());
        for x in [5_000i64, 17, 0, -3, 1, 2, 3] {
            assert_eq!(b.contains(x).unwrap(), x >= 0 && member[x as usize], "{x}");
        }
        // Every member up to the sieve's last is in it.
        let top = ((n_max + (5 * n_max * n_max).isqrt()) / 2) as i64;
        for x in 0..=top {
            assert_eq!(b.contains(x).unwrap(), member[x as usize], "{x}");
        }
        // Beyond the cache: floor(n phi) for n = 2^30 and its neighbours.
        let n = 1u64 << 30;
        let t = ((n + (5 * n * n).isqrt()) / 2) as i64;
        assert!(Beatty::CACHE_LIMIT < t);
        assert!(b.contains(t).unwrap());
        assert!(!b.contains(t + 1).unwrap() || !b.contains(t - 1).unwrap());
    }
}
