//! What the page asks of heapgame, as plain Rust returning JSON values: load a ruleset with
//! parameters, read a position, evaluate it, solve a box, play a move and reply. Every answer
//! is `{"ok": true, ...}` or the problems as [`crate::diag::error_json`]; nothing here
//! panics on what a user can type. Long work reports its progress to a callback and stops at
//! a position limit, as on the command line.

use heapgame::game::{show_position, AnyCount, BoxError, BoxHeapsError, MAX_BOX_HEAPS};
use heapgame::moves::MoveError;
use heapgame::query::limits::show_bytes;
use heapgame::query::table::{table, BoxAsk, TableError};
use heapgame::query::{EvalError, Limit, Limits, Room};
use heapgame::ruleset::diag::{Code, LoadError};
use heapgame::ruleset::ParamOverride;
use heapgame::solver::loopy::LoopySolution;
use heapgame::solver::{Budget, SolveError};
use heapgame::Game;
use serde_json::{json, Value};

use crate::diag::{error_json, problem};
use crate::explain;
use crate::watched::{Progress, Watched};

/// What every request carries: the ruleset text, its name for messages, the `NAME=VALUE`
/// overrides (as typed in the parameter inputs), and the limits of a solve.
#[derive(Clone, Debug)]
pub struct Request {
    /// The name of the text in messages (`wythoff.game`).
    pub name: String,
    /// The `.game` text.
    pub text: String,
    /// `NAME=VALUE` overrides, checked as `-p` arguments are.
    pub params: Vec<String>,
    /// Stop after storing this many positions.
    pub max_positions: usize,
    /// Start even a run that the first position proves cannot finish (see `Request::refuse`).
    pub force: bool,
}

/// The memory a page can use at most: the whole wasm32 address space, 4 GiB.
pub(crate) const WASM_MEMORY: u64 = 1 << 32;

/// What sets [`WASM_MEMORY`], in words.
pub(crate) const WASM_MEMORY_WHY: &str = "the 4 GB a WebAssembly page can address";

/// The most followers an evaluation lists with their values.
pub const MAX_FOLLOWERS: usize = 2000;

pub use crate::boxes::{MAX_GRID, MAX_LISTED};

/// A solve's failure as the command line words it, with the page's names for the limits.
fn failure(game: &Game, e: &SolveError<MoveError>, context: &str) -> Value {
    match e {
        SolveError::Limit { .. } => problem(
            game,
            Code::Limit,
            format!("{e}, {context}"),
            "raise the position limit, or ask about smaller positions",
        ),
        _ => {
            let mut err = game.solve_diag(e);
            for d in &mut err.diags {
                d.message = format!("{}, {context}", d.message);
            }
            error_json(&err)
        }
    }
}

/// A box the page does not list ([`Game::box_of`]), in the page's words.
fn box_problem(game: &Game, e: BoxError) -> Value {
    let name = &game.checked.name;
    match e {
        BoxError::Heaps(BoxHeapsError::AnyCount) => problem(
            game,
            Code::Usage,
            AnyCount(name).to_string(),
            "fill in the number of heaps",
        ),
        BoxError::Heaps(BoxHeapsError::FixedCount { count, asked }) => problem(
            game,
            Code::Usage,
            format!("`{name}` has exactly {count} heaps, but {asked} were asked for"),
            "leave the number of heaps out",
        ),
        BoxError::TooManyHeaps(k) => problem(
            game,
            Code::TooLarge,
            format!("a box of positions with {k} heaps is more than the page lists"),
            &format!("the page lists positions of at most {MAX_BOX_HEAPS} heaps"),
        ),
    }
}

impl Request {
    /// The game with its parameters, or every problem found.
    pub fn load(&self) -> Result<Game, Value> {
        let overrides: Vec<ParamOverride> = self
            .params
            .iter()
            .map(|t| ParamOverride { text: t.clone() })
            .collect();
        Game::from_source_overrides(&self.name, &self.text, &overrides).map_err(|e| error_json(&e))
    }

    /// A solve's budget: the position limit, and the page's memory for the tables the
    /// library predicts ([`crate::memory`]).
    pub(crate) fn budget(&self) -> Budget {
        crate::memory::budget(self.max_positions)
    }

    /// The page's limits as the query floor takes them: the position limit (the page's
    /// default, [`crate::DEFAULT_MAX_POSITIONS`], is the platform's, which bounds the search
    /// but not a kernel's box; any other was set by the user), the memory a WebAssembly page
    /// can address, `force`.
    pub(crate) fn limits(&self) -> Limits {
        let limit = Limit {
            value: self.max_positions,
            why: format!("the position limit of {}", self.max_positions),
        };
        let default = limit.value == crate::DEFAULT_MAX_POSITIONS;
        Limits {
            max_positions: (!default).then(|| limit.clone()),
            max_memory: Some(Limit {
                value: WASM_MEMORY,
                why: WASM_MEMORY_WHY.to_string(),
            }),
            force: self.force,
            room: Room::Positions(limit),
        }
    }

    /// The query floor's refusal of a position ([`Limits::refuse_position`], or the search's
    /// region proven past the position limit), with the page's help.
    fn refused(&self, mut e: LoadError) -> Value {
        // A loop in a game against heapgame keeps its own help.
        for d in e.diags.iter_mut().filter(|d| d.code != Code::Cycle) {
            d.help = Some(if d.code == Code::Limit {
                "raise the position limit under Advanced, ask about smaller positions, or use \
                 the command line (`heapgame eval`), which has the machine's memory"
                    .to_string()
            } else {
                "ask about smaller positions, or tick `force` to start anyway (the position \
                 limit still applies)"
                    .to_string()
            });
        }
        error_json(&e)
    }
}

/// The ruleset's name, shape and parameters (with their default texts), or its problems.
pub fn check(req: &Request) -> Value {
    let game = match req.load() {
        Ok(g) => g,
        Err(e) => return with_params(e, &req.text),
    };
    // A loop is solved with Smith's values in normal play; misère play of one is refused.
    let loopy = match explain::loop_problem(&game) {
        Some(e) if game.play() == heapgame::solver::Play::Misere => {
            return with_params(error_json(&e), &req.text)
        }
        found => found.is_some(),
    };
    let shape = game.shape();
    let v = json!({
        "loopy": loopy,
        "ok": true,
        "name": game.checked.name,
        "source": game.checked.source,
        "heaps": shape.count,
        "names": shape.names,
        "lower": shape.lower,
        "claims": game.checked.claims.len(),
        "check": game.checked.check_runs.first().map(|r| json!({"max": r.max, "heaps": r.heaps})),
    });
    with_params(v, &req.text)
}

/// Adds the parameters as written in the text (name and default), when it parses, so that the
/// page shows their inputs even while a value is wrong.
fn with_params(mut v: Value, text: &str) -> Value {
    if let Ok(ast) = heapgame::syntax::parse_file(text) {
        let ps: Vec<Value> = ast
            .params
            .iter()
            .map(|p| {
                let default = text.get(p.default.span.clone()).unwrap_or("");
                json!({"name": p.name.name, "default": default})
            })
            .collect();
        v["params"] = Value::from(ps);
    }
    v
}

/// Reads a typed position (`4 6`, `(4, 6)`) in its canonical form.
pub fn read(game: &Game, typed: &str) -> Result<Vec<u32>, Value> {
    game.read_position(&[typed.to_string()])
        .map_err(|e| error_json(&e))
}

/// The outcome, Grundy value and winning moves of a position, every follower with its value
/// and the `move` clause that reaches it (`rule`), and for a disjunctive sum each heap's value
/// (`heap_values`). Solved as `heapgame eval` solves it: through a compiled kernel on its box
/// when one matches (`kernel`), else the memoized search (`stored` positions).
pub fn evaluate(req: &Request, typed: &str, report: Progress<'_>) -> Value {
    let r = (|| {
        let game = req.load()?;
        let pos = read(&game, typed)?;
        let shown = show_position(&pos);
        let (a, watched_heaps) = match solve_position(req, &game, &pos, report)? {
            Position::Loopy(sol) => return Ok(loopy_answer(&game, &pos, &sol, true)),
            Position::Values(a, heaps) => (a, heaps),
        };
        let listed: Vec<Vec<u32>> = a
            .followers
            .iter()
            .take(MAX_FOLLOWERS)
            .map(|(f, _)| f.clone())
            .collect();
        let rules = game.first_clauses(&pos, &listed);
        let followers: Vec<Value> = (a.followers.iter().zip(rules))
            .map(|((f, g), rule)| {
                let rule = rule.map(|i| explain::clause_text(&game, i));
                json!({"position": f, "grundy": g, "rule": rule})
            })
            .collect();
        Ok(json!({
            "ok": true,
            "position": pos,
            "shown": shown,
            "outcome": if a.grundy == 0 { "P" } else { "N" },
            "play": game.play().name(),
            "grundy": a.grundy,
            "winning": a.wins(),
            "followers": followers,
            "follower_count": a.followers.len(),
            "stored": a.stored,
            "kernel": a.kernel,
            "heap_values": watched_heaps,
        }))
    })();
    r.unwrap_or_else(|e| e)
}

/// A position's outcome, Grundy value and winning moves (no followers listed): what the game
/// view asks at each turn.
pub fn outcome(req: &Request, typed: &str, report: Progress<'_>) -> Value {
    let r = (|| {
        let game = req.load()?;
        let pos = read(&game, typed)?;
        let a = match solve_position(req, &game, &pos, report)? {
            Position::Loopy(sol) => return Ok(loopy_answer(&game, &pos, &sol, false)),
            Position::Values(a, _) => a,
        };
        Ok(json!({
            "ok": true,
            "position": pos,
            "shown": show_position(&pos),
            "outcome": if a.grundy == 0 { "P" } else { "N" },
            "play": game.play().name(),
            "grundy": a.grundy,
            "winning": a.wins(),
            "follower_count": a.followers.len(),
        }))
    })();
    r.unwrap_or_else(|e| e)
}

/// A position of a loopy game (in normal play, when the search meets a cycle): its outcome
/// P, N or D, Smith's value (a number, or the infinite value written `inf{0,2}`), the
/// winning moves or, from a draw, the moves that keep it (`drawing`), and with `followers`
/// every follower with its value.
fn loopy_answer(game: &Game, pos: &[u32], sol: &LoopySolution, followers: bool) -> Value {
    use heapgame::solver::loopy::{LoopyOutcome, LoopyValue};
    let shown = show_position(pos);
    let value = |v: &LoopyValue| match v {
        LoopyValue::Finite(n) => Value::from(*n),
        inf => Value::from(inf.to_string()),
    };
    let root = sol.root();
    let outcome = root.outcome();
    let good = sol.good_moves(0);
    let mut v = json!({
        "ok": true,
        "loopy": true,
        "position": pos,
        "shown": shown,
        "outcome": outcome.to_string(),
        "play": game.play().name(),
        "grundy": value(root),
        "winning": if outcome == LoopyOutcome::N { good.clone() } else { Vec::new() },
        "drawing": if outcome == LoopyOutcome::D { good } else { Vec::new() },
        "follower_count": sol.graph.succ[0].len(),
        "region": sol.graph.len(),
    });
    if followers {
        let fs: Vec<Value> = sol.graph.succ[0]
            .iter()
            .map(|&w| {
                let f = sol.graph.position(w);
                json!({"position": f, "grundy": value(&sol.values[w as usize]),
                       "outcome": sol.values[w as usize].outcome().to_string()})
            })
            .collect();
        v["followers"] = Value::from(fs);
    }
    v
}

/// One position solved: its values (with each heap's value for a disjunctive sum), or a
/// loopy game's region by Smith's values.
pub(crate) enum Position {
    /// The position's values, and each heap's value for a disjunctive sum.
    Values(explain::Answer, Option<Vec<u32>>),
    /// Smith's values of the region the position reaches (normal play, a loop met).
    Loopy(LoopySolution),
}

/// Solves one position (refused, unless forced, when its first position proves the run
/// cannot finish), with each heap's value for a disjunctive sum.
pub(crate) fn solve_position(
    req: &Request,
    game: &Game,
    pos: &[u32],
    report: Progress<'_>,
) -> Result<Position, Value> {
    let shown = show_position(pos);
    let budget = req.budget();
    let watched = Watched::new(game.generator(), report);
    let context = format!("while solving {shown}");
    let limits = req.limits();
    let solved = explain::solve_one(game, &watched, pos, (&limits, &budget));
    let a = match solved.map_err(|e| eval_failure(req, game, &budget, &context, e))? {
        explain::Solved::Values(a) => a,
        explain::Solved::Loopy(sol) => return Ok(Position::Loopy(sol)),
    };
    // A misère sum's value is not the XOR of its heaps' values: `None` there.
    let heaps = game.heap_values(&watched, pos, &budget);
    Ok(Position::Values(a, heaps))
}

/// A position the query floor refused or could not solve within `budget`, in the page's
/// words (`context` says what was being done).
pub(crate) fn eval_failure(
    req: &Request,
    game: &Game,
    budget: &Budget,
    context: &str,
    e: EvalError,
) -> Value {
    match e {
        EvalError::Refused(e) => req.refused(e),
        EvalError::Solve { error, .. } => crate::memory::refused(game, budget, context)
            .unwrap_or_else(|| failure(game, &error, context)),
    }
}

/// Every position of the box (every heap `<= max`, `heaps` heaps or at most `heaps` for a
/// ruleset with any number): the P-positions, their count, and for two heaps every value;
/// planned, refused and solved by the query floor ([`heapgame::query::table`]), as `solve`
/// on the command line, the answer held whole.
pub fn solve(
    req: &Request,
    max: u32,
    heaps: Option<usize>,
    grundy: bool,
    report: Progress<'_>,
) -> Value {
    let r = (|| {
        let game = req.load()?;
        // One heap's values are drawn as a sequence, with its period: Grundy values always.
        let ask = BoxAsk {
            max,
            heaps,
            grundy: grundy || game.heap_count(heaps) == Some(1),
            held: true,
            loopy: true,
            most: None,
            output: None,
        };
        let budget = req.budget();
        let watched = Watched::new(game.generator(), report);
        let solved = table(&game, &watched, &ask, &req.limits(), &budget).map_err(|e| match e {
            TableError::Solve { error, planned, .. } => {
                let context = format!(
                    "while solving the {} positions of the box",
                    planned.spec.len()
                );
                crate::memory::refused(&game, &budget, &context)
                    .unwrap_or_else(|| failure(&game, &error, &context))
            }
            e => refused(&game, e),
        })?;
        Ok(crate::boxes::table_json(
            &game,
            grundy,
            &solved.planned,
            &solved.table,
        ))
    })();
    r.unwrap_or_else(|e| e)
}

/// A box the query floor refused before its solve, in the page's words.
fn refused(game: &Game, e: TableError) -> Value {
    match e {
        // The page names no file to write.
        TableError::Output(e) => problem(game, Code::Io, e.to_string(), ""),
        TableError::Box(e) => box_problem(game, e),
        TableError::Unaddressable(size) => too_large(game, size, "a table by rank can address"),
        TableError::Listed { size, most } => too_large(
            game,
            Some(size as u128),
            &format!("the {most} positions listed here"),
        ),
        TableError::Positions(p) => too_large(
            game,
            Some(p.spec.len() as u128),
            &format!("the position limit of {}", p.bounds.max_positions),
        ),
        TableError::Memory(p) => problem(
            game,
            Code::TooLarge,
            format!(
                "the box holds {} positions: {} takes at least {} for them, more than {}",
                p.spec.len(),
                p.plan.describe(),
                show_bytes(u64::try_from(p.bytes()).unwrap_or(u64::MAX)),
                p.bounds.max_memory.map(|(_, why)| why).unwrap_or_default(),
            ),
            "lower the largest heap or the number of heaps, or tick `force` to start anyway",
        ),
        TableError::Solve { error, .. } => failure(game, &error, "while solving the box"),
    }
}

/// A box of `size` positions (`None`: more than 10^38), more than `what` allows.
fn too_large(game: &Game, size: Option<u128>, what: &str) -> Value {
    problem(
        game,
        Code::TooLarge,
        format!(
            "the box holds {} positions, more than {what}",
            size.map_or("more than 10^38".to_string(), |n| n.to_string()),
        ),
        "lower the largest heap or the number of heaps, or raise the position limit",
    )
}
