//! The minimum excludant: the least non-negative integer not among a list of values.

/// The least value in `0..` that is not in `vals`. Sorts `vals` in place.
pub fn mex(vals: &mut [u32]) -> u32 {
    vals.sort_unstable();
    let mut m = 0u32;
    for &v in vals.iter() {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::mex;

    #[test]
    fn mex_of_small_lists() {
        assert_eq!(mex(&mut []), 0);
        assert_eq!(mex(&mut [1, 2]), 0);
        assert_eq!(mex(&mut [0, 0, 1, 3]), 2);
        assert_eq!(mex(&mut [2, 1, 0]), 3);
    }
}
