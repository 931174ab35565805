//! Two sorted heaps `a <= b` whose P-positions fill a cone: in each row `a >= 1` the larger
//! heaps `b` from `a + e` to `floor(lambda a)`, the slope `lambda` an exact surd of a periodic
//! continued fraction (`slope.rs`), and row 0 all P, only `(0, 0)`, or none (Euclid's game:
//! `b == 0 or (b < a and a < phi b)` for `(b, a) = heaps`).

use super::slope::{self, Identified};
use super::{Data, Found, Guess, Miss};

/// The fewest complete rows a cone is guessed from.
pub(crate) const MIN_ROWS: usize = 8;

/// Whether `(a, b)` is P in the data.
fn is_p(data: &Data, a: u32, b: u32) -> Option<bool> {
    data.grundy(&[a, b]).map(|g| g == 0)
}

/// The ends of the complete rows and the offset `e` of their first P-position.
type Rows = (Vec<(u64, u64)>, Option<u32>);

/// The ends `(a, floor(lambda a))` of the complete rows `a >= 1` (the last P of each seen
/// before the end of the data), and `e`; `Err` when a row is not a run from `a + e`.
fn rows(data: &Data) -> Result<Rows, String> {
    let mut ends = Vec::new();
    let mut e: Option<u32> = None;
    for a in 1..=data.max {
        let row: Vec<u32> = (a..=data.max)
            .filter(|&b| is_p(data, a, b) == Some(true))
            .collect();
        let (Some(&lo), Some(&hi)) = (row.first(), row.last()) else {
            continue;
        };
        if hi >= data.max {
            break;
        }
        if row.len() as u32 != hi - lo + 1 || *e.get_or_insert(lo - a) != lo - a {
            return Err(format!("row {a} is not a run from a + e"));
        }
        ends.push((u64::from(a), u64::from(hi)));
    }
    Ok((ends, e))
}

/// Tries the cone on `data` (two sorted heaps).
pub fn search(data: &Data, found: &mut Found) {
    if data.heaps != 2 || data.any || !data.sorted {
        return;
    }
    let shape = "P-positions a cone: a + e <= b <= floor(lambda a) in each row a >= 1";
    let miss = |why: String| Miss {
        shape: shape.into(),
        broke_at: None,
        why,
        held: 0,
    };
    let (ends, e) = match rows(data) {
        Ok(r) => r,
        Err(why) => {
            found.misses.push(miss(why));
            return;
        }
    };
    if ends.len() < MIN_ROWS {
        return;
    }
    let Some(Identified::Surd(s, terms, pre, per)) = slope::identify(&ends) else {
        found
            .misses
            .push(miss("no exact slope fits the rows' ends".into()));
        return;
    };
    let (Some(real), Some(e)) = (s.real(), e) else {
        return;
    };
    let row0: Vec<bool> = (0..=data.max)
        .map(|b| is_p(data, 0, b) == Some(true))
        .collect();
    // Row 0: all P, only (0, 0), or none.
    let (zero, only_origin, all_zero) = if row0.iter().all(|&p| p) {
        ("a == 0", false, true)
    } else if row0[0] && row0[1..].iter().all(|&p| !p) {
        ("(a == 0 and b == 0)", true, false)
    } else if row0.iter().all(|&p| !p) {
        ("false", false, false)
    } else {
        return;
    };
    let cone = |a: u32, b: u32| -> bool {
        if a == 0 {
            return all_zero || (only_origin && b == 0);
        }
        b >= a + e
            && real
                .floor_mul_i64(i64::from(a))
                .is_ok_and(|f| i64::from(b) <= f)
    };
    let (broke, held) = data.first_where_not(|p, v| cone(p[0], p[1]) == (v == 0));
    if let Some(at) = broke {
        found.misses.push(Miss {
            shape: shape.into(),
            broke_at: Some(at),
            why: format!(
                "the cone with lambda = {} gives the wrong outcome",
                s.text()
            ),
            held,
        });
        return;
    }
    let how = format!(
        "continued fraction {} (period {per} after {pre} terms)",
        slope::show_terms(&terms)
    );
    found
        .guesses
        .push(cone_guess(data, &s.text(), zero, e, ends.len(), &how));
}

/// The guess of a cone of slope `lambda` (as written), row 0 `zero`, rows from `a + e`.
fn cone_guess(data: &Data, lambda: &str, zero: &str, e: u32, rows: usize, how: &str) -> Guess {
    let shown = if lambda.contains(' ') {
        format!("({lambda})")
    } else {
        lambda.to_string()
    };
    let claim = format!("{zero} or (a > 0 and b >= a + {e} and b <= floor(a * {shown}))");
    Guess {
        shape: "P-positions a cone".into(),
        lines: vec![format!("claim P: {claim} where (a, b) = heaps")],
        support: data.len() as u64,
        note: format!(
            "{rows} rows a + {e} <= b <= floor(lambda a): lambda from the rows' ends, {how}, \
             exactly {lambda}"
        ),
        verdict: None,
    }
}
