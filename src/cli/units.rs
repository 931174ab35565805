//! Sizes and durations as people type and read them: `--max-memory 2G`, `--time 30s`,
//! `5.6 GB`, `2m`.

use std::time::Duration;

/// Reads a size: `2G`, `500M`, `64k`, `1.5GB`, `2GiB`, or a number of bytes.
pub fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let split = t.find(|c: char| c.is_ascii_alphabetic()).unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let x: f64 = num
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a size such as `500M` or `2G`"))?;
    let mult: u64 = match unit.to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "kb" | "kib" => 1 << 10,
        "m" | "mb" | "mib" => 1 << 20,
        "g" | "gb" | "gib" => 1 << 30,
        "t" | "tb" | "tib" => 1 << 40,
        _ => {
            return Err(format!(
                "`{s}` is not a size such as `500M` or `2G` (units: k, M, G, T)"
            ))
        }
    };
    // A fraction of a unit is a size (`0.5G`); less than one byte in all is not.
    let bytes = x * mult as f64;
    if !(x.is_finite() && bytes >= 1.0) {
        return Err(format!("`{s}` is not a positive size"));
    }
    if bytes >= u64::MAX as f64 {
        return Err(format!("`{s}` is too large"));
    }
    // `bytes` is finite, at least 1 and below u64::MAX, so the conversion is exact enough.
    Ok(bytes as u64)
}

/// Reads a duration: `30s`, `2m`, `1h`, `500ms`, `1.5m`; a bare number is seconds.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let t = s.trim();
    let split = t.find(|c: char| c.is_ascii_alphabetic()).unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let bad = || format!("`{s}` is not a duration such as `30s`, `2m` or `1h`");
    let x: f64 = num.trim().parse().map_err(|_| bad())?;
    let secs = match unit {
        "ms" => x / 1000.0,
        "" | "s" | "sec" => x,
        "m" | "min" => x * 60.0,
        "h" => x * 3600.0,
        _ => return Err(bad()),
    };
    Duration::try_from_secs_f64(secs)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| format!("`{s}` is not a positive duration of at most many years"))
}

pub use crate::report::halt::show_duration;

/// A byte count for people: `7.5 GB`.
pub fn show_bytes(b: u64) -> String {
    crate::estimate::show_bytes(b as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("100"), Ok(100));
        assert_eq!(parse_size("64k"), Ok(64 * 1024));
        assert_eq!(parse_size("2G"), Ok(2 << 30));
        assert_eq!(parse_size("1.5GB"), Ok(3 << 29));
        assert_eq!(parse_size("500MiB"), Ok(500 << 20));
        // A fraction of a unit (issue 31: `0.5G` was "not a positive size").
        assert_eq!(parse_size("0.5G"), Ok(1 << 29));
        assert_eq!(parse_size("0.25k"), Ok(256));
        for bad in [
            "", "lots", "10x", "-1G", "0", "0.5", "0.0001k", "0G", "1e400", "NaNG", "infG",
        ] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("30s"), Ok(Duration::from_secs(30)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_duration("1h"), Ok(Duration::from_secs(3600)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("7"), Ok(Duration::from_secs(7)));
        for bad in ["", "0s", "-1s", "soon", "3d", "1e300h", "NaNs"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
        assert_eq!(show_duration(Duration::from_secs(120)), "2m");
        assert_eq!(show_duration(Duration::from_millis(1500)), "1.5s");
    }
}
