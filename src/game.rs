//! A loaded game: a `.game` file parsed, checked with its parameters and lowered, kept with
//! its source so that any later error can point into it. The entry point of the library.

use std::path::Path;
use std::sync::Arc;

use miette::{Diagnostic, NamedSource};
use thiserror::Error;

use crate::formulas::{self, Built, FormulaError};
use crate::moves::program::ShapeSpec;
use crate::moves::{Generator, MoveError};
use crate::ruleset::check::{check, Checked, ParamOverride};
use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::solver::{SolveError, Solver};
use crate::syntax::{parse_file, SyntaxError};

/// A ruleset ready to play.
#[derive(Debug)]
pub struct Game {
    /// The checked, lowered ruleset.
    pub checked: Checked,
    /// The source text, named by its path.
    pub src: Arc<NamedSource<String>>,
    /// For each claim, its built-in formula (`None` for an expression claim).
    pub formulas: Vec<Option<Built>>,
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
}

/// Renders a position as `(3, 5, 7)`.
pub fn show_position(p: &[u32]) -> String {
    let parts: Vec<String> = p.iter().map(u32::to_string).collect();
    format!("({})", parts.join(", "))
}

impl Game {
    /// Loads a `.game` file with parameter overrides given as (name, expression text).
    pub fn load_file(path: &Path, params: &[(&str, &str)]) -> Result<Game, LoadError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| {
            LoadError::single(
                Arc::new(NamedSource::new(name.clone(), String::new())),
                Diag::new(Code::Io, 0..0, format!("cannot read `{name}`: {e}"), "")
                    .help("check the path"),
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
        let src = Arc::new(NamedSource::new(name, text.to_string()));
        let ast = parse_file(text).map_err(|e| LoadError::single(src.clone(), syntax_diag(e)))?;
        let checked = check(&ast, overrides).map_err(|diags| LoadError {
            src: src.clone(),
            diags,
        })?;
        let formulas = resolve_formulas(&checked, text).map_err(|diags| LoadError {
            src: src.clone(),
            diags,
        })?;
        Ok(Game {
            checked,
            src,
            formulas,
        })
    }

    /// The shape of positions.
    pub fn shape(&self) -> &ShapeSpec {
        &self.checked.generator.shape
    }

    /// The move generator.
    pub fn generator(&self) -> &Generator {
        &self.checked.generator
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

    /// Parses heap sizes as typed (`3 5 7`, `(3, 5, 7)`, `3,5,7`) into a canonical position.
    pub fn parse_position(&self, words: &[String]) -> Result<Vec<u32>, PositionError> {
        let joined = words.join(" ");
        let mut heaps = Vec::new();
        for tok in joined
            .split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')')
            .filter(|t| !t.is_empty())
        {
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
        self.canonical(&heaps)
    }

    /// Every canonical follower of a canonical position, sorted, without repeats.
    pub fn followers(&self, pos: &[u32]) -> Result<Vec<Vec<u32>>, MoveError> {
        let mut scratch = crate::moves::Scratch::default();
        let mut out = crate::moves::Followers::new();
        self.generator().followers(pos, &mut scratch, &mut out)?;
        Ok(out.to_sorted_vecs())
    }

    /// A memoized solver for this game.
    pub fn solver(&self) -> Solver<'_, Generator> {
        Solver::new(self.generator())
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
        };
        LoadError::single(self.src.clone(), d)
    }

    /// A solver failure as a diagnostic.
    pub fn solve_error(&self, e: &SolveError<MoveError>) -> miette::Report {
        match e {
            SolveError::Game(m) => miette::Report::new(self.move_error(m)),
            SolveError::Cycle(c) => miette::miette!(
                code = "heapgame::cycle",
                help = "a game whose moves can come back to a position has no Grundy value here; \
                        make every move lower the position (take at least one token, split into non-empty parts, ...)",
                "the moves of `{}` can return to a position: {}",
                self.checked.name,
                crate::solver::error::show_cycle(c)
            ),
            SolveError::Limit { limit } => miette::miette!(
                code = "heapgame::limit",
                help = "raise the limit with --max-positions, or ask about smaller positions",
                "stopped after storing {limit} positions (the --max-positions limit)"
            ),
            SolveError::Cancelled { stored } => miette::miette!(
                code = "heapgame::cancelled",
                "cancelled after storing {stored} positions"
            ),
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
        if c.kind == crate::syntax::ast::ClaimKind::Same {
            diags.push(
                Diag::new(
                    Code::Formula,
                    span.clone(),
                    "a same-type claim names a position, not a formula",
                    "a same-type claim",
                )
                .help("write `claim same: E`, E a list of heap sizes, or `claim P: formula ...`"),
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

/// A parse error as a [`Diag`]: its message and help come from [`SyntaxError`] itself.
fn syntax_diag(e: SyntaxError) -> Diag {
    let (code, span, label) = match &e {
        SyntaxError::Unexpected { span, expected, .. } => {
            (Code::Parse, *span, format!("expected {expected}"))
        }
        SyntaxError::IntegerTooLarge { span, .. } => {
            (Code::IntegerTooLarge, *span, "too large".to_string())
        }
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

/// What a claim says of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClaimValue {
    /// A P-claim: whether the position is P.
    IsP(bool),
    /// A Grundy claim: the value.
    Grundy(i64),
    /// A same-type claim: the position (as heap sizes, not yet canonical) of the same type.
    Same(Vec<i64>),
}

/// Why a claim could not be evaluated at a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClaimError {
    /// Its expression failed (overflow, undecidable real, ...).
    Eval(crate::ruleset::expr::EvalError),
    /// Its formula failed.
    Formula(FormulaError),
}

impl Game {
    /// Evaluates the `i`-th claim at a canonical position; `Ok(None)` where its formula says
    /// nothing (a theorem proved for some heap counts only).
    pub fn eval_claim(&self, i: usize, pos: &[u32]) -> Result<Option<ClaimValue>, ClaimError> {
        use crate::ruleset::check::CheckedClaimBody;
        use crate::ruleset::expr::{EvalError, EvalErrorKind};
        use crate::ruleset::value::Value;
        use crate::syntax::ast::ClaimKind;
        let claim = &self.checked.claims[i];
        let (expr, destructure, int_slots, heap_names) = match &claim.body {
            CheckedClaimBody::Expr {
                expr,
                destructure,
                int_slots,
                heap_names,
            } => (expr, destructure, int_slots, heap_names),
            CheckedClaimBody::Formula { .. } => {
                let Some(Some(b)) = self.formulas.get(i) else {
                    unreachable!("every formula claim is built at load (eval_claim)")
                };
                return match claim.kind {
                    ClaimKind::P => b.form.is_p(pos).map(|o| o.map(ClaimValue::IsP)),
                    ClaimKind::Grundy => b
                        .form
                        .grundy(pos)
                        .map(|o| o.map(|g| ClaimValue::Grundy(i64::from(g)))),
                    ClaimKind::Same => unreachable!("refused at load (eval_claim)"),
                }
                .map_err(ClaimError::Formula);
            }
        };
        let mut ints = vec![0i64; *int_slots];
        for &(slot, idx) in heap_names {
            ints[slot] = pos.get(idx).map_or(0, |&h| i64::from(h));
        }
        let r = (|| {
            if let Some((list, slots)) = destructure {
                let mut env = crate::ruleset::expr::Env {
                    heaps: pos,
                    ints: &mut ints,
                    lists: &[],
                };
                let l = match list.eval(&mut env)? {
                    Value::List(l) => l,
                    // `where s = E`: one name for a value.
                    Value::Int(n) => std::rc::Rc::from(vec![n]),
                    v => unreachable!("checked list, got {v:?} (eval_claim)"),
                };
                if l.len() != slots.len() {
                    return Err(EvalError {
                        kind: EvalErrorKind::Domain(format!(
                            "`where` names {} parts, but the list has {}",
                            slots.len(),
                            l.len()
                        )),
                        span: list.span.clone(),
                    });
                }
                for (s, v) in slots.iter().zip(l.iter()) {
                    ints[*s] = *v;
                }
            }
            let mut env = crate::ruleset::expr::Env {
                heaps: pos,
                ints: &mut ints,
                lists: &[],
            };
            Ok(match claim.kind {
                ClaimKind::P => ClaimValue::IsP(expr.eval_bool(&mut env)?),
                ClaimKind::Grundy => ClaimValue::Grundy(expr.eval_int(&mut env)?),
                ClaimKind::Same => match expr.eval(&mut env)? {
                    Value::List(l) => ClaimValue::Same(l.to_vec()),
                    v => unreachable!("checked list, got {v:?} (eval_claim)"),
                },
            })
        })();
        r.map(Some).map_err(ClaimError::Eval)
    }
}
