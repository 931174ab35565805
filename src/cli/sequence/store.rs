//! The file of `sequence --save` and `--resume`: a short text header (the format, a
//! fingerprint of the ruleset's rules (its text but comments, claims and `check` lines), name,
//! parameter values and play, the bytes a value takes, the
//! number of values in twenty digits), then the values, little-endian, at the width the run
//! holds them in memory: a byte each while they are below 256, two below 65,536, four beyond.
//!
//! The file is written as the sequence grows ([`Saver`], shown the values by the run): about
//! every second the new values are appended and synced, and only then the count in the
//! header is rewritten in place and synced. A run killed at any moment (`kill -9`, a crash,
//! the power) leaves a file whose header counts values all written; bytes past them (a chunk
//! whose count was not yet written) are ignored when it is read, and cut when a run resumes
//! into the same file. A new file (and the whole file again when the values outgrow its
//! width, at most twice in a run) is written under a temporary name with its values and
//! count, synced, then renamed over the old one. Files of the earlier formats (`heapgame
//! sequence 1`, written once at the end, and `2`, two bytes a value) are still read; a run
//! resumed from them writes the current format.
use std::fs::File;
use std::io::{Seek as _, SeekFrom, Write as _};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::solver::sum::values::Values;
use crate::syntax::rules_text::rules_text;
use crate::Game;
use miette::Report;

const MAGIC_1: &str = "heapgame sequence 1";
const MAGIC_2: &str = "heapgame sequence 2";
const MAGIC: &str = "heapgame sequence 3";
/// The header's length: the format, the fingerprint, the width, the count in twenty digits.
const HEADER: usize =
    MAGIC.len() + 1 + "game ".len() + 16 + 1 + "width ".len() + 1 + 1 + "values ".len() + 20 + 1;
/// Where the count starts.
const COUNT_AT: u64 = (HEADER - 21) as u64;
/// How often the values computed are written.
const EVERY: Duration = Duration::from_secs(1);

/// A fingerprint of the game (FNV-1a, 64 bits): its rules text (the file without its
/// comments, claims, `check` lines and `source`: [`rules_text`]), name, parameter values and
/// play. A file saved before the rules text was used holds [`Text::Whole`]'s fingerprint; it is
/// still read.
fn fingerprint(game: &Game, text: Text) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        h ^= 0xff;
        h = h.wrapping_mul(0x0100_0000_01b3);
    };
    let whole = game.src.inner();
    match text {
        Text::Whole => eat(whole.as_bytes()),
        Text::Rules => eat(rules_text(whole).as_deref().unwrap_or(whole).as_bytes()),
    }
    eat(game.checked.name.as_bytes());
    for (name, value) in &game.checked.params {
        eat(name.as_bytes());
        eat(value.to_string().as_bytes());
    }
    eat(game.play().name().as_bytes());
    h
}

/// Which text of the file a fingerprint reads.
#[derive(Clone, Copy)]
enum Text {
    /// The whole source (files saved before the rules text was used).
    Whole,
    /// The rules text.
    Rules,
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
    /// The bytes a value takes in the file.
    width: usize,
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
    /// that many values, and the width of its values when new ones may be appended to it
    /// (the current format).
    pub fn new(path: &Path, game: &Game, resumed: Option<(usize, Option<usize>)>) -> Saver {
        let append = resumed.and_then(|(n, w)| Some((n, w?)));
        let mut s = Saver {
            path: path.to_path_buf(),
            fingerprint: fingerprint(game, Text::Rules),
            file: None,
            width: append.map_or(1, |a| a.1),
            saved: append.map_or(0, |a| a.0),
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

    /// Appends the values past those saved and rewrites the count; the whole file again
    /// when there is none yet or the values outgrew its width.
    fn write(&mut self, game: &Game, values: &Values) -> Result<(), Report> {
        let n = values.len();
        if n <= self.floor || (n <= self.saved && self.file.is_some()) {
            return Ok(());
        }
        let r = match self.file.take() {
            Some(f) if values.width() == self.width => self.append(f, values, n),
            _ => self.create(values, n),
        };
        r.map_err(|e| self.io_report(game, &e))
    }

    /// Appends the values of heaps `saved..n` to `file`, then rewrites the count.
    fn append(&mut self, file: File, values: &Values, n: usize) -> std::io::Result<()> {
        let file = self.file.insert(file);
        let from = self.saved.min(n);
        // Past the values counted: a chunk a killed run wrote but did not count.
        let end = (HEADER + self.width * from) as u64;
        file.set_len(end)?;
        file.seek(SeekFrom::Start(end))?;
        write_values(file, values, from, n)?;
        file.sync_data()?;
        file.seek(SeekFrom::Start(COUNT_AT))?;
        file.write_all(format!("{n:020}").as_bytes())?;
        file.sync_data()?;
        self.saved = n;
        Ok(())
    }

    /// Writes the file whole, the values of heaps `0..n` at their width, under a temporary
    /// name, and renames it over `path` once synced.
    fn create(&mut self, values: &Values, n: usize) -> std::io::Result<()> {
        let mut part = self.path.as_os_str().to_owned();
        part.push(".part");
        let mut f = File::create(&part)?;
        f.write_all(header(self.fingerprint, values.width(), n).as_bytes())?;
        write_values(&mut f, values, 0, n)?;
        f.sync_all()?;
        std::fs::rename(&part, &self.path)?;
        self.file = Some(f);
        self.width = values.width();
        self.saved = n;
        Ok(())
    }
}

/// Writes the values of heaps `from..upto`, each at the values' width, little-endian.
fn write_values(f: &mut File, values: &Values, from: usize, upto: usize) -> std::io::Result<()> {
    let w = values.width();
    let mut bytes = Vec::with_capacity(w * (upto - from).min(1 << 20));
    for i in from..upto {
        bytes.extend_from_slice(&values.get(i).to_le_bytes()[..w]);
        if bytes.len() >= 1 << 21 {
            f.write_all(&bytes)?;
            bytes.clear();
        }
    }
    f.write_all(&bytes)
}

fn header(fingerprint: u64, width: usize, count: usize) -> String {
    let h = format!("{MAGIC}\ngame {fingerprint:016x}\nwidth {width}\nvalues {count:020}\n");
    debug_assert_eq!(h.len(), HEADER);
    h
}

/// The values saved in `path` for `game`, and the width of its values when the file is of
/// the current format (a run may go on appending to it).
pub fn read(path: &Path, game: &Game) -> Result<(Values, Option<usize>), Report> {
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
    let format = match next() {
        Some(MAGIC_1) => 1,
        Some(MAGIC_2) => 2,
        Some(MAGIC) => 3,
        _ => return Err(bad("it is not a file of `sequence --save`".into())),
    };
    let fingerprints =
        [Text::Rules, Text::Whole].map(|t| format!("game {:016x}", fingerprint(game, t)));
    if !next().is_some_and(|l| fingerprints.iter().any(|f| f == l)) {
        return Err(bad(
            "it holds the values of another ruleset, parameters or play".into(),
        ));
    }
    let width = match format {
        3 => next()
            .and_then(|l| l.strip_prefix("width "))
            .and_then(|w| w.parse::<usize>().ok())
            .filter(|w| [1, 2, 4].contains(w)),
        _ => Some(2),
    };
    let count: Option<usize> = next()
        .and_then(|l| l.strip_prefix("values "))
        .and_then(|n| n.parse().ok());
    // The first format holds exactly its count; the others at least (a chunk not counted).
    let fits = |c: usize, w: usize| match c.checked_mul(w) {
        Some(b) if format == 1 => b == rest.len(),
        Some(b) => b <= rest.len(),
        None => false,
    };
    let (Some(width), Some(count)) = (width, count) else {
        return Err(bad("its header is not whole".into()));
    };
    if !fits(count, width) {
        return Err(bad(
            "its length does not match its header (cut short?)".into()
        ));
    }
    let mut v = Values::default();
    v.reserve(count);
    for b in rest[..width * count].chunks_exact(width) {
        let mut x = [0u8; 4];
        x[..width].copy_from_slice(b);
        v.push(u32::from_le_bytes(x));
    }
    Ok((v, (format == 3).then_some(width)))
}
