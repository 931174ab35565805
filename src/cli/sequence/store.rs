//! The file of `sequence --save` and `--resume`: a short text header (the format, a
//! fingerprint of the ruleset's text, name and parameter values, the number of values), then
//! the values, two bytes each, little-endian. Written to a temporary file and renamed, so a
//! stop during the write leaves the old file whole.

use std::io::Write as _;
use std::path::Path;

use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::Game;
use miette::Report;

const MAGIC: &str = "heapgame sequence 1";

/// A fingerprint of the game: its source text, name and parameter values (FNV-1a, 64 bits).
fn fingerprint(game: &Game) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        h ^= 0xff;
        h = h.wrapping_mul(0x0100_0000_01b3);
    };
    eat(game.src.inner().as_bytes());
    eat(game.checked.name.as_bytes());
    for (name, value) in &game.checked.params {
        eat(name.as_bytes());
        eat(value.to_string().as_bytes());
    }
    eat(game.play().name().as_bytes());
    h
}

fn problem(game: &Game, code: Code, message: String, help: &str) -> Report {
    let d = Diag::new(code, 0..0, message, "").help(help.to_string());
    Report::new(LoadError::single(game.src.clone(), d))
}

/// Writes `values` to `path` (through `path` with `.part` added, then renamed).
pub fn write(path: &Path, game: &Game, values: &[u32]) -> Result<(), Report> {
    if let Some(i) = values.iter().position(|&v| v > u32::from(u16::MAX)) {
        return Err(problem(
            game,
            Code::Limit,
            format!(
                "heap {i} has the value {}, more than the two bytes a value of --save holds",
                values[i]
            ),
            "the values are printed in full; save them from the output instead",
        ));
    }
    let mut bytes = format!(
        "{MAGIC}\ngame {:016x}\nvalues {}\n",
        fingerprint(game),
        values.len()
    )
    .into_bytes();
    bytes.reserve(2 * values.len());
    for &v in values {
        bytes.extend_from_slice(&(v as u16).to_le_bytes());
    }
    let mut part = path.as_os_str().to_owned();
    part.push(".part");
    let io = |e: std::io::Error| {
        problem(
            game,
            Code::Io,
            format!("cannot write `{}`: {e}", path.display()),
            "check the path and the free space; the values are printed all the same",
        )
    };
    let mut f = std::fs::File::create(&part).map_err(io)?;
    f.write_all(&bytes)
        .and_then(|()| f.sync_all())
        .map_err(io)?;
    std::fs::rename(&part, path).map_err(io)
}

/// The values saved in `path` for `game`.
pub fn read(path: &Path, game: &Game) -> Result<Vec<u32>, Report> {
    let bad = |why: String| {
        problem(
            game,
            Code::Io,
            format!("cannot resume from `{}`: {why}", path.display()),
            "--resume reads a file written by `sequence --save` for the same ruleset, \
             parameters and play",
        )
    };
    let bytes = std::fs::read(path).map_err(|e| bad(e.to_string()))?;
    let mut rest = &bytes[..];
    let mut line = || -> Option<&str> {
        let end = rest.iter().position(|&b| b == b'\n')?;
        let l = std::str::from_utf8(&rest[..end]).ok()?;
        rest = &rest[end + 1..];
        Some(l)
    };
    if line() != Some(MAGIC) {
        return Err(bad("it is not a file of `sequence --save`".into()));
    }
    let want = format!("game {:016x}", fingerprint(game));
    if line() != Some(want.as_str()) {
        return Err(bad(
            "it holds the values of another ruleset, parameters or play".into(),
        ));
    }
    let count: Option<usize> = line()
        .and_then(|l| l.strip_prefix("values "))
        .and_then(|n| n.parse().ok());
    let Some(count) = count.filter(|&c| c.checked_mul(2) == Some(rest.len())) else {
        return Err(bad(
            "its length does not match its header (cut short?)".into()
        ));
    };
    let _ = count;
    Ok(rest
        .chunks_exact(2)
        .map(|b| u32::from(u16::from_le_bytes([b[0], b[1]])))
        .collect())
}
