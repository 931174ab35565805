//! A growing sequence of Grundy values stored at the narrowest width that holds them all: one
//! byte a value while every value is below 256, two below 65,536, four beyond. Long runs of a
//! take-and-break game keep a byte or two a value in memory (Grundy's game's values stay
//! below 256 up to heap 7,250,049, whose value is 256; the largest of the first 1.16 * 10^8 is
//! 280); the hot loops read the typed slice ([`Val`]) and never widen a value before they
//! need it.

/// A stored value: a byte, two bytes or four.
pub trait Val: Copy + Into<u32> + Send + Sync + 'static {
    /// The values as bytes, when they are stored a byte each.
    #[inline]
    fn bytes(_: &[Self]) -> Option<&[u8]> {
        None
    }
    /// The values as two bytes each, when they are stored so.
    #[inline]
    fn halves(_: &[Self]) -> Option<&[u16]> {
        None
    }
}
impl Val for u8 {
    #[inline]
    fn bytes(s: &[u8]) -> Option<&[u8]> {
        Some(s)
    }
}
impl Val for u16 {
    #[inline]
    fn halves(s: &[u16]) -> Option<&[u16]> {
        Some(s)
    }
}
impl Val for u32 {}

/// `x` as a `u32`.
#[inline]
fn wide<T: Val>(x: T) -> u32 {
    x.into()
}

/// The values of heaps `0..len()`, at the narrowest width that holds them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// Every value below 256.
    U8(Vec<u8>),
    /// Every value below 65,536.
    U16(Vec<u16>),
    /// Any value.
    U32(Vec<u32>),
}

impl Default for Values {
    fn default() -> Values {
        Values::U8(Vec::new())
    }
}

/// Runs `$body` with `$s` bound to the values' typed vector, whatever the width.
macro_rules! with_values {
    ($v:expr, $s:ident => $body:expr) => {
        match $v {
            $crate::solver::sum::values::Values::U8($s) => $body,
            $crate::solver::sum::values::Values::U16($s) => $body,
            $crate::solver::sum::values::Values::U32($s) => $body,
        }
    };
}
pub(crate) use with_values;

impl Values {
    /// The values of `v`, stored narrowly.
    pub(crate) fn from_slice(v: &[u32]) -> Values {
        let mut s = Values::default();
        s.reserve(v.len());
        for &x in v {
            s.push(x);
        }
        s
    }

    /// How many values.
    pub fn len(&self) -> usize {
        with_values!(self, s => s.len())
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value of heap `i` (`i < len()`).
    #[inline]
    pub fn get(&self, i: usize) -> u32 {
        with_values!(self, s => wide(s[i]))
    }

    /// The bytes each value takes.
    pub fn width(&self) -> usize {
        match self {
            Values::U8(_) => 1,
            Values::U16(_) => 2,
            Values::U32(_) => 4,
        }
    }

    /// Room for `more` values at the current width.
    pub(crate) fn reserve(&mut self, more: usize) {
        with_values!(self, s => s.reserve(more));
    }

    /// Keeps the first `n` values.
    pub fn truncate(&mut self, n: usize) {
        with_values!(self, s => s.truncate(n));
    }

    /// Appends `v`, widening every value first when `v` does not fit the width.
    #[inline]
    pub fn push(&mut self, v: u32) {
        match self {
            Values::U8(s) => match u8::try_from(v) {
                Ok(b) => return s.push(b),
                Err(_) => self.widen(v),
            },
            Values::U16(s) => match u16::try_from(v) {
                Ok(b) => return s.push(b),
                Err(_) => self.widen(v),
            },
            Values::U32(s) => return s.push(v),
        }
        self.push(v);
    }

    /// Stores every value at the width that holds `v` (with the room reserved before).
    #[cold]
    fn widen(&mut self, v: u32) {
        let room = with_values!(&*self, s => s.capacity());
        let wider = |it: &mut dyn Iterator<Item = u32>| -> Values {
            if v <= u32::from(u16::MAX) {
                let mut w = Vec::with_capacity(room);
                w.extend(it.map(|x| x as u16));
                Values::U16(w)
            } else {
                let mut w = Vec::with_capacity(room);
                w.extend(it);
                Values::U32(w)
            }
        };
        *self = match std::mem::take(self) {
            Values::U8(s) => wider(&mut s.into_iter().map(u32::from)),
            Values::U16(s) => wider(&mut s.into_iter().map(u32::from)),
            w @ Values::U32(_) => w,
        };
    }

    /// The values of heaps `range` as `u32`s.
    pub fn to_vec(&self, range: std::ops::Range<usize>) -> Vec<u32> {
        with_values!(self, s => s[range].iter().map(|&x| wide(x)).collect())
    }

    /// The largest value.
    pub fn max(&self) -> Option<u32> {
        with_values!(self, s => s.iter().max().map(|&x| wide(x)))
    }
}

#[cfg(test)]
mod tests {
    use super::Values;

    #[test]
    fn values_widen_as_they_grow_and_keep_every_value() {
        let want: Vec<u32> = (0..600u32)
            .map(|i| i * 7 % 300)
            .chain([70_000, 3])
            .collect();
        let mut v = Values::default();
        for (i, &x) in want.iter().enumerate() {
            v.push(x);
            let width = match want[..=i].iter().max() {
                Some(&m) if m > 65_535 => 4,
                Some(&m) if m > 255 => 2,
                _ => 1,
            };
            assert_eq!(v.width(), width, "after {i}");
        }
        assert_eq!(v.to_vec(0..v.len()), want);
        assert_eq!(Values::from_slice(&want), v);
        assert_eq!(v.max(), Some(70_000));
        v.truncate(5);
        assert_eq!(v.to_vec(0..5), want[..5]);
    }
}
