//! The rows of `solve` (and the REPL's `:table`) written as they come, in the order of
//! [`crate::solver::positions::each_position`]: the table of P-positions (or of Grundy
//! values) in the style of the papers, CSV, or one JSON object whose array of positions is
//! streamed. Nothing but the current row is held, except the Grundy grid, drawn only for
//! boxes of fewer than [`GRID_MAX`] values a heap.

use std::io::{self, Write};

use crate::game::show_position;
use crate::moves::program::ShapeSpec;
use crate::solver::loopy::{LoopyOutcome, LoopyValue};
use crate::solver::plan::describe;
use crate::solver::{ModeUsed, Play};

/// Output formats of `solve`.
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TableFormat {
    /// The P-positions (or a Grundy table), for people.
    Table,
    /// `h1,...,hk,outcome[,grundy]`, one row per position.
    Csv,
    /// One JSON object.
    Json,
}

/// What `solve` (and the REPL's `:table`) lists: the box and the output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TableRequest {
    /// The largest heap size.
    pub max: u32,
    /// The most heaps, for rulesets with any number of heaps.
    pub heaps: Option<usize>,
    /// Grundy values too.
    pub grundy: bool,
    /// Output format.
    pub format: TableFormat,
}

/// The widest Grundy grid `solve` draws (rows and columns); larger boxes are listed.
pub(crate) const GRID_MAX: u32 = 200;

/// Which mode solved the box, when it is known (`solve`; the REPL's memo says nothing).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SolvedBy {
    /// The mode.
    pub mode: ModeUsed,
    /// The kernel, if one filled the table.
    pub kernel: Option<&'static str>,
}

/// Writes rows in one format: [`Rows::begin`], [`Rows::row`] for each position, [`Rows::end`].
pub struct Rows<'a> {
    out: &'a mut dyn Write,
    req: TableRequest,
    name: &'a str,
    shape: &'a ShapeSpec,
    k: usize,
    solved: Option<SolvedBy>,
    /// The play convention the values are in (said in the JSON and the table's heading).
    play: Play,
    total: u64,
    ps: u64,
    /// The Grundy grid, filled as the rows come, drawn at the end.
    grid: Option<Vec<Vec<u32>>>,
    /// For a loopy game: the number of positions of the region solved (the box and what it
    /// reaches), the drawn positions counted, and those the table lists at its end.
    loopy: Option<Loopy>,
    /// The rows not yet written to `out`: a row is written into this buffer, with no dynamic
    /// call, and the buffer to `out` every [`SPILL`] bytes.
    buf: Vec<u8>,
}

/// The bytes of rows [`Rows`] holds before it writes them out.
const SPILL: usize = 1 << 16;

/// What [`Rows`] keeps of a loopy game's box.
struct Loopy {
    region: usize,
    draws: u64,
    listed: Vec<Vec<u32>>,
}

impl<'a> Rows<'a> {
    /// Starts the output of a box of `k` heaps of `shape` for the ruleset `name`, solved in
    /// `play`.
    pub fn begin(
        out: &'a mut dyn Write,
        req: TableRequest,
        (name, play): (&'a str, Play),
        shape: &'a ShapeSpec,
        k: usize,
        solved: Option<SolvedBy>,
    ) -> io::Result<Rows<'a>> {
        let mut rows = Rows {
            out,
            req,
            name,
            shape,
            k,
            solved,
            play,
            total: 0,
            ps: 0,
            grid: None,
            loopy: None,
            buf: Vec::new(),
        };
        rows.head()?;
        Ok(rows)
    }

    /// [`Rows::begin`] for a loopy game in normal play, whose box was solved with Smith's
    /// values over the `region` positions it reaches: rows by [`Rows::row_loopy`].
    pub(crate) fn begin_loopy(
        out: &'a mut dyn Write,
        req: TableRequest,
        name: &'a str,
        shape: &'a ShapeSpec,
        k: usize,
        region: usize,
    ) -> io::Result<Rows<'a>> {
        let mut rows = Rows {
            out,
            req,
            name,
            shape,
            k,
            solved: None,
            play: Play::Normal,
            total: 0,
            ps: 0,
            grid: None,
            loopy: Some(Loopy {
                region,
                draws: 0,
                listed: Vec::new(),
            }),
            buf: Vec::new(),
        };
        rows.head()?;
        Ok(rows)
    }

    fn head(&mut self) -> io::Result<()> {
        let (a, shape) = (self.req, self.shape);
        match a.format {
            TableFormat::Csv => {
                let mut header: Vec<String> = (1..=self.k).map(|i| format!("h{i}")).collect();
                header.push("outcome".into());
                if a.grundy {
                    header.push("grundy".into());
                }
                writeln!(self.out, "{}", header.join(","))
            }
            TableFormat::Json => {
                // The keys in the order serde_json writes an object's: sorted.
                write!(self.out, "{{")?;
                if let Some(s) = self.solved {
                    let kernel = serde_json::to_string(&s.kernel).map_err(io::Error::other)?;
                    write!(self.out, "\"kernel\":{kernel},")?;
                }
                if self.loopy.is_some() {
                    write!(self.out, "\"loopy\":true,")?;
                }
                write!(self.out, "\"max\":{},", a.max)?;
                if let Some(s) = self.solved {
                    write!(self.out, "\"mode\":\"{}\",", s.mode.name())?;
                }
                write!(self.out, "\"play\":\"{}\",", self.play.name())?;
                write!(self.out, "\"positions\":[")
            }
            TableFormat::Table => {
                let mut bound = if shape.count.is_none() {
                    format!("at most {} heaps, every heap <= {}", self.k, a.max)
                } else {
                    format!("every heap <= {}", a.max)
                };
                bound = match self.play {
                    Play::Misere => format!("misère play, {bound}"),
                    Play::Normal => format!("normal play, {bound}"),
                };
                if self.loopy.is_some() {
                    let what = if a.grundy {
                        "Smith's values"
                    } else {
                        "P-positions"
                    };
                    return writeln!(self.out, "{what} of {} ({bound}):", self.name);
                }
                // A square grid for two unnamed heaps, when it fits on a screen or a page.
                let fits = shape.lower <= a.max && a.max - shape.lower < GRID_MAX;
                if a.grundy && shape.count == Some(2) && shape.symmetric() && fits {
                    let n = (a.max - shape.lower + 1) as usize;
                    self.grid = Some(vec![vec![0u32; n]; n]);
                    Ok(())
                } else if a.grundy && self.play == Play::Misere {
                    writeln!(self.out, "Misère nim values of {} ({bound}):", self.name)
                } else if a.grundy {
                    writeln!(self.out, "Grundy values of {} ({bound}):", self.name)
                } else {
                    writeln!(self.out, "P-positions of {} ({bound}):", self.name)
                }
            }
        }
    }

    /// One position: whether it is a P-position, and its Grundy value when asked for.
    pub fn row(&mut self, p: &[u32], is_p: bool, g: Option<u32>) -> io::Result<()> {
        self.total += 1;
        self.ps += u64::from(is_p);
        self.put_row(p, is_p, g)?;
        if self.buf.len() >= SPILL {
            self.out.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    /// Writes a row into the buffer.
    fn put_row(&mut self, p: &[u32], is_p: bool, g: Option<u32>) -> io::Result<()> {
        let out = &mut self.buf;
        match self.req.format {
            TableFormat::Csv => {
                for i in 0..self.k {
                    if i > 0 {
                        out.write_all(b",")?;
                    }
                    if let Some(&h) = p.get(i) {
                        put_u32(out, h)?;
                    }
                }
                out.write_all(if is_p { b",P" } else { b",N" })?;
                if let Some(g) = g {
                    out.write_all(b",")?;
                    put_u32(out, g)?;
                }
                out.write_all(b"\n")
            }
            TableFormat::Json => {
                if self.total > 1 {
                    out.write_all(b",")?;
                }
                out.write_all(b"{")?;
                if let Some(g) = g {
                    out.write_all(b"\"grundy\":")?;
                    put_u32(out, g)?;
                    out.write_all(b",")?;
                }
                out.write_all(if is_p {
                    b"\"outcome\":\"P\",\"position\":["
                } else {
                    b"\"outcome\":\"N\",\"position\":["
                })?;
                for (i, &h) in p.iter().enumerate() {
                    if i > 0 {
                        out.write_all(b",")?;
                    }
                    put_u32(out, h)?;
                }
                out.write_all(b"]}")
            }
            TableFormat::Table => {
                if let Some(grid) = &mut self.grid {
                    // Two heaps in lower..=max (the grid is drawn only for such boxes).
                    let lower = self.shape.lower;
                    let (a, b) = ((p[0] - lower) as usize, (p[1] - lower) as usize);
                    grid[a][b] = g.unwrap_or(0);
                    grid[b][a] = g.unwrap_or(0);
                    Ok(())
                } else if self.req.grundy {
                    writeln!(out, "  {:<24} {}", show_position(p), g.unwrap_or(0))
                } else if is_p {
                    writeln!(out, "  {}", show_position(p))
                } else {
                    Ok(())
                }
            }
        }
    }

    /// One position of a loopy game, with Smith's value `v` (written when Grundy values were
    /// asked for: a number, or the infinite value as `inf{0,2}`).
    pub(crate) fn row_loopy(&mut self, p: &[u32], v: &LoopyValue) -> io::Result<()> {
        let outcome = v.outcome();
        self.total += 1;
        self.ps += u64::from(outcome == LoopyOutcome::P);
        let letter = outcome.to_string();
        if let Some(l) = &mut self.loopy {
            l.draws += u64::from(outcome == LoopyOutcome::D);
        }
        let grundy = self.req.grundy.then(|| v.to_string());
        match self.req.format {
            TableFormat::Csv => {
                let mut cells: Vec<String> = (0..self.k)
                    .map(|i| p.get(i).map_or(String::new(), u32::to_string))
                    .collect();
                cells.push(letter);
                if let Some(g) = grundy {
                    // `inf{0,2}` holds a comma: quoted, as CSV quotes a field.
                    cells.push(if g.contains(',') {
                        format!("\"{g}\"")
                    } else {
                        g
                    });
                }
                writeln!(self.out, "{}", cells.join(","))
            }
            TableFormat::Json => {
                if self.total > 1 {
                    self.out.write_all(b",")?;
                }
                let mut o = serde_json::Map::new();
                if self.req.grundy {
                    let g = match v {
                        LoopyValue::Finite(n) => serde_json::Value::from(*n),
                        inf => serde_json::Value::from(inf.to_string()),
                    };
                    o.insert("grundy".into(), g);
                }
                o.insert("outcome".into(), letter.into());
                o.insert("position".into(), p.to_vec().into());
                serde_json::to_writer(&mut *self.out, &o).map_err(io::Error::other)
            }
            TableFormat::Table => match grundy {
                Some(g) => writeln!(self.out, "  {:<24} {g:<10} {letter}", show_position(p)),
                None if outcome == LoopyOutcome::P => {
                    writeln!(self.out, "  {}", show_position(p))
                }
                None => {
                    if let (LoopyOutcome::D, Some(l)) = (outcome, &mut self.loopy) {
                        l.listed.push(p.to_vec());
                    }
                    Ok(())
                }
            },
        }
    }

    /// Counts `n` more positions that are not P-positions, without writing them (the table
    /// of P-positions leaves them out).
    pub(crate) fn skip_n_positions(&mut self, n: u64) {
        debug_assert!(self.req.format == TableFormat::Table && !self.req.grundy);
        self.total += n;
    }

    /// Ends the output (the counts, and which mode solved the box), and flushes it.
    pub fn end(mut self) -> io::Result<()> {
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        match self.req.format {
            TableFormat::Csv => {}
            TableFormat::Json => {
                let name = serde_json::to_string(self.name).map_err(io::Error::other)?;
                writeln!(self.out, "],\"ruleset\":{name}}}")?;
            }
            TableFormat::Table => {
                if let Some(grid) = self.grid.take() {
                    grundy_grid(self.out, &grid, self.req.max, self.shape.lower)?;
                }
                if let Some(l) = self.loopy.take() {
                    return self.end_loopy(l);
                }
                writeln!(
                    self.out,
                    "{} P-positions among {} positions",
                    self.ps, self.total
                )?;
                if let Some(s) = self.solved {
                    writeln!(
                        self.out,
                        "solved by {} ({} mode)",
                        describe(s.mode, s.kernel),
                        s.mode.name()
                    )?;
                }
            }
        }
        self.out.flush()
    }
}

impl Drop for Rows<'_> {
    /// Rows held when the writing stops early (an error, Ctrl-C) are still written, as a
    /// buffered writer would.
    fn drop(&mut self) {
        let _ = self.out.write_all(&self.buf);
    }
}

impl Rows<'_> {
    /// The end of a loopy game's table: the drawn positions (when only P-positions were
    /// listed), the counts, and how the box was solved.
    fn end_loopy(&mut self, l: Loopy) -> io::Result<()> {
        if !l.listed.is_empty() {
            writeln!(
                self.out,
                "Drawn positions (D: neither player can force a win):"
            )?;
            for p in &l.listed {
                writeln!(self.out, "  {}", show_position(p))?;
            }
        }
        writeln!(
            self.out,
            "{} P-positions and {} drawn positions among {} positions",
            self.ps, l.draws, self.total
        )?;
        writeln!(
            self.out,
            "solved as a loopy game (the moves can return to a position): Smith's values over \
             the {} positions the box reaches",
            l.region
        )?;
        self.out.flush()
    }
}

/// Writes `n` in decimal (as `{n}` would, without the formatting machinery: a table of 10^9
/// rows spends its time here).
fn put_u32(out: &mut impl Write, mut n: u32) -> io::Result<()> {
    let mut buf = [0u8; 10];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.write_all(&buf[i..])
}

/// A square table of Grundy values of two heaps: row a, column b, heaps from `lower`.
fn grundy_grid(out: &mut dyn Write, grid: &[Vec<u32>], max: u32, lower: u32) -> io::Result<()> {
    let n = grid.len();
    let width = grid
        .iter()
        .flatten()
        .max()
        .map_or(1, |m| m.to_string().len())
        .max(max.to_string().len());
    write!(out, "{:>w$} |", "", w = width)?;
    for b in lower..=max {
        write!(out, " {b:>width$}")?;
    }
    writeln!(out)?;
    writeln!(out, "{}", "-".repeat((width + 1) * (n + 1) + 1))?;
    for (i, row) in grid.iter().enumerate() {
        write!(out, "{:>width$} |", i as u32 + lower)?;
        for g in row {
            write!(out, " {g:>width$}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::put_u32;

    #[test]
    fn numbers_are_written_as_format_writes_them() {
        for n in [0, 1, 9, 10, 99, 100, 4_294_967_295, 1_000_000_007, 40_000] {
            let mut out = Vec::new();
            put_u32(&mut out, n).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), n.to_string());
        }
    }
}
