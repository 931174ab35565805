//! A loaded game: a `.game` file parsed, checked with its parameters and lowered, kept with
//! its source so that any later error can point into it. The entry point of the library.

use std::path::Path;
use std::sync::Arc;

use miette::{Diagnostic, NamedSource};
use thiserror::Error;

use crate::formulas::{self, Built};
use crate::moves::program::ShapeSpec;
use crate::moves::{Generator, MoveError};
use crate::ruleset::check::{check, Checked, ParamOverride};

use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::solver::{Play, SolveError, Solver};
use crate::syntax::position::position_tokens;
use crate::syntax::{parse_file, SyntaxError};

/// A ruleset ready to play.
#[derive(Debug)]
pub struct Game {
    /// The checked, lowered ruleset.
    pub checked: Checked,
    /// Its moves and shape, ready to generate followers.
    generator: Generator,
    /// The source text, named by its path.
    pub src: Arc<NamedSource<String>>,
    /// For each claim, its built-in formula (`None` for an expression claim).
    pub formulas: Vec<Option<Built>>,
    /// The play convention every solver of this game uses: the file's `play` line, or what
    /// [`Game::set_play`] chose (`--play`).
    play: Play,
}

/// A position that does not fit the ruleset's shape.
#[derive(Debug, Clone, Error, Diagnostic, PartialEq, Eq)]
pub enum PositionError {
    /// `heaps 2` given three heaps.
    #[error("this ruleset's positions have exactly {want} heaps, but {got} were given")]
    #[diagnostic(code(heapgame::position), help("give {want} heap sizes"))]
    WrongCount {
        /// Heaps given.
        got: usize,
        /// Heaps required.
        want: usize,
    },
    /// A heap below `each >= b`.
    #[error("every heap must be at least {bound}, but one is {heap}")]
    #[diagnostic(code(heapgame::position), help("the shape says `each >= {bound}`"))]
    BelowBound {
        /// The heap.
        heap: u64,
        /// The bound.
        bound: u32,
    },
    /// A heap beyond what the solver stores.
    #[error("the heap {heap} is too large: heaps are at most {max}")]
    #[diagnostic(
        code(heapgame::position),
        help("exploring a game from such a position is far beyond any computer; a closed-form claim may still answer it")
    )]
    TooLarge {
        /// The heap.
        heap: String,
        /// The largest heap size.
        max: u32,
    },
    /// Broken punctuation: `(1, 2`, `1,,2`, `((1 2`, `1 2 )(`.
    #[error("{message} (at byte {at} of `{text}`)")]
    #[diagnostic(
        code(heapgame::position),
        help("write heap sizes apart by spaces or commas, such as `3 5 7` or `(3, 5, 7)`")
    )]
    Punctuation {
        /// What is wrong.
        message: &'static str,
        /// The byte offset where it is wrong.
        at: usize,
        /// The text given.
        text: String,
    },
    /// A heap that is not a number.
    #[error("`{text}` is not a heap size")]
    #[diagnostic(
        code(heapgame::position),
        help("heap sizes are whole numbers >= 0, such as `3 5 7`")
    )]
    NotANumber {
        /// The text given.
        text: String,
    },
    /// A position that `positions where C` excludes.
    #[error("{position} is not a position of this game: `{rule}` excludes it")]
    #[diagnostic(
        code(heapgame::position),
        help("give a position where the condition holds")
    )]
    Excluded {
        /// The position, as shown.
        position: String,
        /// The `positions where` item, as written.
        rule: String,
    },
}

/// Renders a position as `(3, 5, 7)` (defined low, in the solver, which shows cycles with it).
pub use crate::solver::positions::show_position;

impl Game {
    /// Loads a `.game` file with parameter overrides given as (name, expression text).
    pub fn load_file(path: &Path, params: &[(&str, &str)]) -> Result<Game, LoadError> {
        let name = path.display().to_string();
        let text = crate::source::read_source(path, &name).map_err(|e| {
            LoadError::single(
                Arc::new(NamedSource::new(name.clone(), String::new())),
                Diag::new(Code::Io, 0..0, e.to_string(), "").help(e.help()),
            )
        })?;
        Game::from_source(&name, &text, params)
    }

    /// Loads a ruleset from its text; `name` names it in messages.
    pub fn from_source(name: &str, text: &str, params: &[(&str, &str)]) -> Result<Game, LoadError> {
        let overrides: Vec<ParamOverride> = params
            .iter()
            .map(|(n, v)| ParamOverride {
                text: format!("{n}={v}"),
            })
            .collect();
        Game::from_source_overrides(name, text, &overrides)
    }

    /// Loads a ruleset from its text with `NAME=VALUE` overrides as typed.
    pub fn from_source_overrides(
        name: &str,
        text: &str,
        overrides: &[ParamOverride],
    ) -> Result<Game, LoadError> {
        // A byte-order mark, which some editors write first, says only that the file is UTF-8.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let src = Arc::new(NamedSource::new(name, text.to_string()));
        let ast = parse_file(text).map_err(|e| LoadError::single(src.clone(), syntax_diag(e)))?;
        let checked = check(&ast, overrides).map_err(|diags| {
            LoadError::new(src.clone(), point_into_overrides(text, overrides, diags))
        })?;
        let formulas =
            resolve_formulas(&checked, text).map_err(|diags| LoadError::new(src.clone(), diags))?;
        let generator = Generator {
            shape: checked.shape.clone(),
            moves: checked.moves.clone(),
            positions: checked.positions.clone(),
        };
        let play = checked.play;
        Ok(Game {
            checked,
            generator,
            src,
            formulas,
            play,
        })
    }

    /// The play convention solvers of this game use.
    pub fn play(&self) -> Play {
        self.play
    }

    /// Solves in `play` from now on, whatever the file's `play` line says (`--play`).
    pub fn set_play(&mut self, play: Play) {
        self.play = play;
    }

    /// The shape of positions.
    pub fn shape(&self) -> &ShapeSpec {
        &self.generator.shape
    }

    /// The move generator.
    pub fn generator(&self) -> &Generator {
        &self.generator
    }

    /// The canonical form of a position: checked against the shape, sorted where heaps have
    /// no names, empty heaps dropped where they vanish.
    pub fn canonical(&self, heaps: &[u64]) -> Result<Vec<u32>, PositionError> {
        let shape = self.shape();
        if let Some(want) = shape.count {
            if heaps.len() != want {
                return Err(PositionError::WrongCount {
                    got: heaps.len(),
                    want,
                });
            }
        }
        let mut out = Vec::with_capacity(heaps.len());
        for &h in heaps {
            let v = u32::try_from(h).map_err(|_| PositionError::TooLarge {
                heap: h.to_string(),
                max: u32::MAX,
            })?;
            if v < shape.lower {
                return Err(PositionError::BelowBound {
                    heap: h,
                    bound: shape.lower,
                });
            }
            if v == 0 && shape.drops_zeros() {
                continue;
            }
            out.push(v);
        }
        if shape.symmetric() {
            out.sort_unstable();
        }
        Ok(out)
    }

    /// [`Game::canonical`], and then an error when `positions where` excludes the position:
    /// how a position given by the user is read.
    pub fn admit(&self, heaps: &[u64]) -> Result<Vec<u32>, PositionError> {
        let out = self.canonical(heaps)?;
        if !self.allows(&out) {
            return Err(PositionError::Excluded {
                position: show_position(&out),
                rule: self.positions_text().unwrap_or_default(),
            });
        }
        Ok(out)
    }

    /// Whether the canonical position `pos` is a position of the game: true unless the
    /// ruleset's `positions where C` excludes it (or `C` cannot be evaluated there, an error
    /// the moves into `pos` report).
    pub fn allows(&self, pos: &[u32]) -> bool {
        match &self.generator.positions {
            None => true,
            Some(rule) => rule
                .allows(pos, &mut Vec::new(), &mut Vec::new())
                .unwrap_or(false),
        }
    }

    /// The ruleset's `positions where C` item as written, if it has one.
    pub fn positions_text(&self) -> Option<String> {
        let rule = self.generator.positions.as_ref()?;
        let text = self.src.inner().get(rule.span.clone())?;
        Some(text.split_whitespace().collect::<Vec<_>>().join(" "))
    }

    /// Parses heap sizes as typed (`3 5 7`, `(3, 5, 7)`, `3,5,7`) into a canonical position.
    pub fn parse_position(&self, words: &[String]) -> Result<Vec<u32>, PositionError> {
        let joined = words.join(" ");
        let toks = position_tokens(&joined).map_err(|e| PositionError::Punctuation {
            message: e.message,
            at: e.span.start,
            text: joined.clone(),
        })?;
        let mut heaps = Vec::new();
        for (_, tok) in toks {
            if !tok.bytes().all(|b| b.is_ascii_digit()) {
                return Err(PositionError::NotANumber {
                    text: tok.to_string(),
                });
            }
            let v: u64 = tok.parse().map_err(|_| PositionError::TooLarge {
                heap: tok.to_string(),
                max: u32::MAX,
            })?;
            heaps.push(v);
        }
        self.admit(&heaps)
    }

    /// Reads heap sizes as typed on a command line (`3 5 7`, `(3, 5, 7)`, `3,5,7`) into a
    /// canonical position; a problem points into the typed text, shown as `position`.
    pub fn read_position(&self, words: &[String]) -> Result<Vec<u32>, LoadError> {
        let text = words.join(" ");
        let src = Arc::new(NamedSource::new("position", text.clone()));
        let fail = |d: Diag| {
            let mut d = d;
            d.source = Some(src.clone());
            LoadError::single(src.clone(), d)
        };
        // The tokens with their byte ranges in `text`.
        let toks =
            position_tokens(&text).map_err(|e| {
                fail(Diag::new(Code::Position, e.span, e.message, e.label).help(
                    "write heap sizes apart by spaces or commas, such as `3 5 7` or `(3, 5, 7)`",
                ))
            })?;
        let shape = self.shape();
        if let Some(want) = shape.count {
            if toks.len() != want {
                let (span, label) = if toks.len() > want {
                    // In bounds: there are more than `want` tokens.
                    let s = toks[want].0;
                    (s..text.len(), "one heap too many".to_string())
                } else if let Some(&(at, tok)) = toks.last() {
                    let missing = want - toks.len();
                    let label = format!(
                        "{missing} more heap{} expected after this",
                        if missing == 1 { "" } else { "s" }
                    );
                    (at..at + tok.len(), label)
                } else {
                    (0..0, String::new())
                };
                let label = if toks.len() > want + 1 {
                    format!("{} heaps too many", toks.len() - want)
                } else {
                    label
                };
                let d = Diag::new(
                    Code::Position,
                    span,
                    format!(
                        "`{}` has exactly {want} heap{}, but {} {} given",
                        self.checked.name,
                        if want == 1 { "" } else { "s" },
                        toks.len(),
                        if toks.len() == 1 { "was" } else { "were" }
                    ),
                    label,
                )
                .help(format!(
                    "give {want} heap sizes, such as `{}`",
                    example(want)
                ));
                return Err(fail(d));
            }
        }
        let mut heaps = Vec::with_capacity(toks.len());
        for &(at, tok) in &toks {
            let span = at..at + tok.len();
            if !tok.bytes().all(|b| b.is_ascii_digit()) {
                let help = match &shape.names {
                    Some(names) => format!(
                        "the heaps of `{}` are named; give their sizes in digits, in the order \
                         ({}), such as `{}`",
                        self.checked.name,
                        names.join(", "),
                        example(names.len())
                    ),
                    None => "heap sizes are whole numbers >= 0 written in digits, such as `3 5 7`"
                        .to_string(),
                };
                let d = Diag::new(
                    Code::Position,
                    span,
                    format!("`{tok}` is not a heap size"),
                    "not a whole number",
                )
                .help(help);
                return Err(fail(d));
            }
            let v = match tok.parse::<u32>() {
                Ok(v) => v,
                Err(_) => {
                    let d = Diag::new(
                        Code::Position,
                        span,
                        format!(
                            "the heap {tok} is too large: heaps are at most {}",
                            u32::MAX
                        ),
                        "too large",
                    )
                    .help(
                        "exploring a game from such a position is far beyond any computer; \
                         a closed-form claim may still answer it",
                    );
                    return Err(fail(d));
                }
            };
            if v < shape.lower {
                let d = Diag::new(
                    Code::Position,
                    span,
                    format!(
                        "every heap must be at least {}, but this one is {v}",
                        shape.lower
                    ),
                    "below the lower bound",
                )
                .help(format!("the ruleset says `each >= {}`", shape.lower));
                return Err(fail(d));
            }
            heaps.push(u64::from(v));
        }
        self.admit(&heaps).map_err(|e| {
            let (label, help) = match &e {
                PositionError::Excluded { .. } => (
                    "not a position of this game",
                    "the ruleset's `positions where` says which positions exist; give one \
                     where its condition holds",
                ),
                _ => ("", "check the heap sizes"),
            };
            fail(Diag::new(Code::Position, 0..text.len(), e.to_string(), label).help(help))
        })
    }

    /// Every canonical follower of a canonical position, sorted, without repeats.
    pub fn followers(&self, pos: &[u32]) -> Result<Vec<Vec<u32>>, MoveError> {
        let mut scratch = crate::moves::Scratch::default();
        let mut out = crate::moves::Followers::new();
        self.generator().followers(pos, &mut scratch, &mut out)?;
        Ok(out.to_sorted_vecs())
    }

    /// A memoized solver for this game in its play ([`Game::play`]); in normal play a
    /// disjunctive sum is answered through its single-heap Grundy sequence
    /// ([`crate::solver::sum::SumOracle`]), in misère play by the search alone.
    pub fn solver(&self) -> Solver<'_, Generator> {
        let s = Solver::new(self.generator()).with_play(self.play);
        if self.play == Play::Misere {
            return s;
        }
        match crate::solver::sum::SumOracle::new(self.generator()) {
            Some(o) => s.with_sum(o),
            None => s,
        }
    }

    /// A move-generation failure as a diagnostic pointing into the ruleset.
    pub fn move_error(&self, e: &MoveError) -> LoadError {
        let d = match e {
            MoveError::Eval(ev) => Diag::new(
                Code::Eval,
                ev.span.clone(),
                format!("a move could not be evaluated: {}", ev.kind),
                "while generating moves",
            )
            .help("integers are 64-bit and never wrap; reals are exact and must be decidable"),
            MoveError::WrongCount { span, got, want } => Diag::new(
                Code::HeapCount,
                span.clone(),
                format!("this move left {got} heaps, but positions have exactly {want}"),
                "changes the number of heaps",
            )
            .help("with `heaps k`, every move must leave k heaps"),
            MoveError::Interrupted => Diag::new(
                Code::Cancelled,
                0..0,
                "stopped while generating the followers (Ctrl-C, the time or memory limit)",
                "",
            ),
        };
        LoadError::single(self.src.clone(), d)
    }

    /// A solver failure as a diagnostic.
    pub fn solve_error(&self, e: &SolveError<MoveError>) -> miette::Report {
        miette::Report::new(self.solve_diag(e))
    }

    /// A solver failure as a located problem: a move that cannot be evaluated points at the
    /// move, a cycle at the moves that make it, a limit or Ctrl-C says how far the solve got.
    pub fn solve_diag(&self, e: &SolveError<MoveError>) -> LoadError {
        let d = match e {
            SolveError::Game(m) => return self.move_error(m),
            SolveError::Cycle(c) => self.cycle_diag(c),
            SolveError::Limit { limit } => Diag::new(
                Code::Limit,
                0..0,
                format!(
                    "this needs more than {limit} {} stored (the position limit)",
                    if *limit == 1 { "position" } else { "positions" }
                ),
                "",
            )
            .help("raise the limit with --max-positions, or ask about smaller positions"),
            SolveError::Cancelled { stored } => Diag::new(
                Code::Cancelled,
                0..0,
                format!("cancelled after storing {stored} positions"),
                "",
            )
            .help("nothing was printed; run again to start over"),
        };
        LoadError::single(self.src.clone(), d)
    }

    /// The moves (indices into the generator's programs) that lead from `from` to `to`.
    pub fn moves_between(&self, from: &[u32], to: &[u32]) -> Vec<usize> {
        let gen = self.generator();
        let mut scratch = crate::moves::Scratch::default();
        let mut out = crate::moves::Followers::new();
        let mut found = Vec::new();
        for (i, m) in gen.moves.iter().enumerate() {
            let one = Generator {
                shape: gen.shape.clone(),
                moves: vec![m.clone()],
                positions: gen.positions.clone(),
            };
            if one.followers(from, &mut scratch, &mut out).is_ok() && out.iter().any(|f| f == to) {
                found.push(i);
            }
        }
        found
    }

    /// A cycle, with a label on each move clause that makes one of its steps.
    fn cycle_diag(&self, c: &[Vec<u32>]) -> Diag {
        let moves = &self.generator().moves;
        // (span, steps it makes), in the order met along the cycle.
        let mut used: Vec<(crate::syntax::ast::Span, Vec<String>)> = Vec::new();
        for w in c.windows(2) {
            let step = format!("{} -> {}", show_position(&w[0]), show_position(&w[1]));
            // The first move that makes this step is named (moves are in source order).
            if let Some(&i) = self.moves_between(&w[0], &w[1]).first() {
                let span = moves[i].span.clone();
                match used.iter_mut().find(|(s, _)| *s == span) {
                    Some((_, steps)) => {
                        if !steps.contains(&step) {
                            steps.push(step.clone());
                        }
                    }
                    None => used.push((span, vec![step.clone()])),
                }
            }
        }
        let msg = format!(
            "the moves of `{}` can return to a position: {}",
            self.checked.name,
            crate::solver::error::show_cycle(c)
        );
        let label = |steps: &[String]| format!("this move goes {}", steps.join(", "));
        let help = "a game whose moves can come back to a position has no Grundy value here; \
                    make every move lower the position (take at least one token, split into non-empty parts, ...)";
        let mut it = used.into_iter();
        match it.next() {
            Some((span, steps)) => {
                let mut d = Diag::new(Code::Cycle, span, msg, label(&steps)).help(help);
                for (span, steps) in it {
                    d = d.also(span, label(&steps));
                }
                d
            }
            None => Diag::new(Code::Cycle, 0..0, msg, "").help(help),
        }
    }
}

/// Builds the `formula` of every claim that has one; unknown names, wrong arguments and a
/// `claim grundy` on a formula without Grundy values are errors at the claim.
fn resolve_formulas(checked: &Checked, text: &str) -> Result<Vec<Option<Built>>, Vec<Diag>> {
    use crate::ruleset::check::CheckedClaimBody;
    let mut out = Vec::new();
    let mut diags = Vec::new();
    for c in &checked.claims {
        // The claim's span without the blank lines and comments that follow it.
        let body = text.get(c.span.clone()).unwrap_or("");
        let kept = body
            .lines()
            .scan(0usize, |off, l| {
                let start = *off;
                *off += l.len() + 1;
                Some((start, l))
            })
            .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .last()
            .map_or(body.len(), |(start, l)| start + l.trim_end().len());
        let span = c.span.start..c.span.start + kept.min(body.len());
        let CheckedClaimBody::Formula { name, args } = &c.body else {
            out.push(None);
            continue;
        };
        if matches!(
            c.kind,
            crate::syntax::ast::ClaimKind::Same
                | crate::syntax::ast::ClaimKind::Winning
                | crate::syntax::ast::ClaimKind::D
        ) {
            let (what, label) = if c.kind == crate::syntax::ast::ClaimKind::Same {
                ("a same-type claim names a position", "a same-type claim")
            } else if c.kind == crate::syntax::ast::ClaimKind::D {
                (
                    "a draw claim is a condition (the formulas are of games that end)",
                    "a draw claim",
                )
            } else {
                (
                    "a winning claim names a set of positions",
                    "a winning claim",
                )
            };
            diags.push(
                Diag::new(
                    Code::Formula,
                    span.clone(),
                    format!("{what}, not a formula"),
                    label,
                )
                .help("write `claim same: E` or `claim winning: S` with an expression, or `claim P: formula ...`"),
            );
            out.push(None);
            continue;
        }
        match formulas::build(name, args) {
            Ok(b) => {
                if c.kind == crate::syntax::ast::ClaimKind::Grundy && !b.def.grundy {
                    diags.push(
                        Diag::new(
                            Code::Formula,
                            span.clone(),
                            format!("the formula `{name}` gives P-positions, not Grundy values"),
                            "a Grundy claim",
                        )
                        .help(format!("write `claim P: formula {}`", b.def.signature())),
                    );
                }
                out.push(Some(b));
            }
            Err(e) => {
                let mut d = Diag::new(
                    Code::Formula,
                    span.clone(),
                    format!("`formula {name}`: {e}"),
                    "this formula",
                );
                d = match &e {
                    formulas::BuildError::Unknown(Some(s)) => d.help(format!(
                        "did you mean `{s}`? `heapgame formulas` lists every built-in formula"
                    )),
                    _ => d.help(
                        "`heapgame formulas` lists every built-in formula with its parameters",
                    ),
                };
                diags.push(d);
            }
        }
    }
    if diags.is_empty() {
        Ok(out)
    } else {
        Err(diags)
    }
}

/// A position of `k` heaps to show in a hint: `1 2 3`.
fn example(k: usize) -> String {
    (1..=k.min(6))
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(" ")
        + if k > 6 { " ..." } else { "" }
}

/// A `-p` override that checked fine: its name, the argument as a source, the value's span.
type Given<'a> = (&'a str, Arc<NamedSource<String>>, std::ops::Range<usize>);

/// Moves the problems that lie in a `-p` value into the `-p` argument itself.
///
/// The checker reports a bad value where it is used (`take S from ...`); when that use is
/// just the name of a parameter set by a `-p` that itself checked fine, the value the user
/// typed is to blame, so the problem points into the argument, and the help says where the
/// value is used.
fn point_into_overrides(text: &str, overrides: &[ParamOverride], diags: Vec<Diag>) -> Vec<Diag> {
    // (name, source of the argument, the value's span in it), for overrides without problems.
    let mut given: Vec<Given<'_>> = Vec::new();
    for o in overrides {
        let Some((name, value)) = o.text.split_once('=') else {
            continue;
        };
        let src_name = format!("-p {}", o.text);
        if diags
            .iter()
            .any(|d| d.source.as_ref().is_some_and(|s| s.name() == src_name))
        {
            continue;
        }
        let lead = value.len() - value.trim_start().len();
        let start = name.len() + 1 + lead;
        let end = (name.len() + 1 + value.trim_end().len()).max(start);
        // Later overrides of the same name win, as in the checker.
        given.retain(|(n, _, _)| *n != name.trim());
        given.push((
            name.trim(),
            Arc::new(NamedSource::new(src_name, o.text.clone())),
            start..end,
        ));
    }
    if given.is_empty() {
        return diags;
    }
    let mut out: Vec<Diag> = diags
        .into_iter()
        .map(|mut d| {
            let blamed = matches!(
                d.code,
                Code::Range | Code::Type | Code::Unbounded | Code::Eval
            ) && d.source.is_none();
            let used = text.get(d.span.clone()).unwrap_or("");
            if let Some((name, src, span)) = given.iter().find(|(n, _, _)| blamed && *n == used) {
                let line = text[..d.span.start].matches('\n').count() + 1;
                let why = d.help.take();
                d.help = Some(match why {
                    Some(h) => format!("`{name}` is used on line {line} ({}); {h}", d.label),
                    None => format!("`{name}` is used on line {line} ({})", d.label),
                });
                d.label = format!("the value given to `{name}`");
                d.span = span.clone();
                d.source = Some(src.clone());
            }
            d
        })
        .collect();
    out.sort_by_key(|d| (d.source.is_some(), d.span.start));
    out
}

/// A parse error as a [`Diag`]: its message and help come from [`SyntaxError`] itself.
fn syntax_diag(e: SyntaxError) -> Diag {
    let (code, span, label) = match &e {
        SyntaxError::Unexpected { span, label, .. } => (Code::Parse, *span, label.clone()),
        SyntaxError::IntegerTooLarge { span, .. } => {
            (Code::IntegerTooLarge, *span, "too large".to_string())
        }
        SyntaxError::TooDeep { span, .. } => (Code::Parse, *span, "too deep".to_string()),
    };
    let help = Diagnostic::help(&e).map(|h| h.to_string());
    let mut d = Diag::new(
        code,
        span.offset()..span.offset() + span.len(),
        e.to_string(),
        label,
    );
    d.help = help;
    d
}
