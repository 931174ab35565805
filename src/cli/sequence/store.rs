//! The file of `sequence --save` and `--resume`: a short text header (the format, a
//! fingerprint of the ruleset's text, name and parameter values, the number of values, in
//! twenty digits), then the values, two bytes each, little-endian.
//!
//! The file is written as the sequence grows ([`Saver`], shown the values by the
//! take-and-break kernel; other games' values are written at the end): about every second
//! the new values are appended and synced, and only then the count in the header is
//! rewritten in place and synced. A run killed at any moment (`kill -9`, a crash, the power) leaves a file whose
//! header counts values all written; bytes past them (a chunk whose count was not yet
//! written) are ignored when it is read, and cut when a run resumes into the same file. The
//! file is created under a temporary name and renamed once its header is whole. Files of the
//! first format (`heapgame sequence 1`, written once at the end) are still read.

use std::fs::File;
use std::io::{Seek as _, SeekFrom, Write as _};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::solver::sum::values::Values;
use crate::Game;
use miette::Report;

const MAGIC_1: &str = "heapgame sequence 1";
const MAGIC: &str = "heapgame sequence 2";
/// The header's length: the format, the fingerprint, the count in twenty digits.
const HEADER: usize = MAGIC.len() + 1 + "game ".len() + 16 + 1 + "values ".len() + 20 + 1;
/// Where the count starts.
const COUNT_AT: u64 = (HEADER - 21) as u64;
/// How often the values computed are written.
const EVERY: Duration = Duration::from_secs(1);

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

/// Writes the values of a run to its `--save` file as they grow.
pub struct Saver {
    path: PathBuf,
    fingerprint: u64,
    /// The file, once created (or opened, to go on with the values it holds).
    file: Option<File>,
    /// The values the file's header counts.
    saved: usize,
    /// The values the file holds before the run: nothing is written until the run has more.
    floor: usize,
    last: Instant,
    /// Why the values could not be written (the run then stops).
    pub error: Option<Report>,
}

impl Saver {
    /// A saver to `path`. `resumed`: `path` is the file the run resumed from, which holds
    /// that many values, and whether the new ones may be appended to it (the current format).
    pub fn new(path: &Path, game: &Game, resumed: Option<(usize, bool)>) -> Saver {
        let append = resumed.filter(|r| r.1).map(|r| r.0);
        let mut s = Saver {
            path: path.to_path_buf(),
            fingerprint: fingerprint(game),
            file: None,
            saved: append.unwrap_or(0),
            floor: resumed.map_or(0, |r| r.0),
            last: Instant::now(),
            error: None,
        };
        if append.is_some() {
            match std::fs::OpenOptions::new().write(true).open(path) {
                Ok(f) => s.file = Some(f),
                Err(e) => s.error = Some(s.io_report(game, &e)),
            }
        }
        s
    }

    /// Shown the values as they grow: writes them about every second; `false` once they
    /// cannot be written (the run stops, the reason in `error`).
    pub fn grown(&mut self, game: &Game, values: &Values) -> bool {
        if self.error.is_none() && self.last.elapsed() >= EVERY {
            self.last = Instant::now();
            if let Err(e) = self.write(game, values) {
                self.error = Some(e);
            }
        }
        self.error.is_none()
    }

    /// Writes the values not yet written, at the end of the run.
    pub fn finish(&mut self, game: &Game, values: &Values) -> Result<(), Report> {
        match self.error.take() {
            Some(e) => Err(e),
            None => self.write(game, values),
        }
    }

    fn io_report(&self, game: &Game, e: &std::io::Error) -> Report {
        problem(
            game,
            Code::Io,
            format!("cannot write `{}`: {e}", self.path.display()),
            "check the path and the free space; the values computed are printed all the same",
        )
    }

    /// Appends the values past those saved (up to the first too large for two bytes, then
    /// refused), then rewrites the count.
    fn write(&mut self, game: &Game, values: &Values) -> Result<(), Report> {
        let n = values.len();
        if n <= self.floor || (n <= self.saved && self.file.is_some()) {
            return Ok(());
        }
        let from = self.saved.min(n);
        let bad = (from..n).find(|&i| values.get(i) > u32::from(u16::MAX));
        let upto = bad.unwrap_or(n);
        self.append(values, from, upto)
            .map_err(|e| self.io_report(game, &e))?;
        match bad {
            None => Ok(()),
            Some(i) => Err(problem(
                game,
                Code::Limit,
                format!(
                    "heap {i} has the value {}, more than the two bytes a value of --save \
                     holds; the file keeps the values of heaps 0..{}",
                    values.get(i),
                    i.saturating_sub(1)
                ),
                "the values are printed in full; save them from the output instead",
            )),
        }
    }

    fn append(&mut self, values: &Values, from: usize, upto: usize) -> std::io::Result<()> {
        let file = match self.file.take() {
            Some(f) => f,
            None => self.create()?,
        };
        let file = self.file.insert(file);
        // Past the values counted: a chunk a killed run wrote but did not count.
        let end = (HEADER + 2 * from) as u64;
        file.set_len(end)?;
        file.seek(SeekFrom::Start(end))?;
        let mut bytes = Vec::with_capacity(2 * (upto - from).min(1 << 20));
        for i in from..upto {
            bytes.extend_from_slice(&(values.get(i) as u16).to_le_bytes());
            if bytes.len() >= 1 << 21 {
                file.write_all(&bytes)?;
                bytes.clear();
            }
        }
        file.write_all(&bytes)?;
        file.sync_data()?;
        file.seek(SeekFrom::Start(COUNT_AT))?;
        file.write_all(format!("{upto:020}").as_bytes())?;
        file.sync_data()?;
        self.saved = upto;
        Ok(())
    }

    /// Creates the file with a header counting no value (under a temporary name, renamed).
    fn create(&self) -> std::io::Result<File> {
        let mut part = self.path.as_os_str().to_owned();
        part.push(".part");
        let mut f = File::create(&part)?;
        f.write_all(header(self.fingerprint, 0).as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&part, &self.path)?;
        Ok(f)
    }
}

fn header(fingerprint: u64, count: usize) -> String {
    let h = format!("{MAGIC}\ngame {fingerprint:016x}\nvalues {count:020}\n");
    debug_assert_eq!(h.len(), HEADER);
    h
}

/// The values saved in `path` for `game`, and whether the file is of the current format (a
/// run may go on appending to it).
pub fn read(path: &Path, game: &Game) -> Result<(Values, bool), Report> {
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
    let mut next = || -> Option<&str> {
        let end = rest.iter().position(|&b| b == b'\n')?;
        let l = std::str::from_utf8(&rest[..end]).ok()?;
        rest = &rest[end + 1..];
        Some(l)
    };
    let first = match next() {
        Some(MAGIC_1) => true,
        Some(MAGIC) => false,
        _ => return Err(bad("it is not a file of `sequence --save`".into())),
    };
    let want = format!("game {:016x}", fingerprint(game));
    if next() != Some(want.as_str()) {
        return Err(bad(
            "it holds the values of another ruleset, parameters or play".into(),
        ));
    }
    let count: Option<usize> = next()
        .and_then(|l| l.strip_prefix("values "))
        .and_then(|n| n.parse().ok());
    // The first format holds exactly its count; the second at least (a chunk not counted).
    let fits = |c: usize| match c.checked_mul(2) {
        Some(b) if first => b == rest.len(),
        Some(b) => b <= rest.len(),
        None => false,
    };
    let Some(count) = count.filter(|&c| fits(c)) else {
        return Err(bad(
            "its length does not match its header (cut short?)".into()
        ));
    };
    let mut v = Values::default();
    v.reserve(count);
    for b in rest[..2 * count].chunks_exact(2) {
        v.push(u32::from(u16::from_le_bytes([b[0], b[1]])));
    }
    Ok((v, !first))
}
