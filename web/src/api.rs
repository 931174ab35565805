//! What the page asks of heapgame, as plain Rust returning JSON values: load a ruleset with
//! parameters, read a position, evaluate it, solve a box, play a move and reply. Every answer
//! is `{"ok": true, ...}` or the problems as [`crate::diag::error_json`]; nothing here
//! panics on what a user can type. Long work reports its progress to a callback and stops at
//! a position limit, as on the command line.

use heapgame::estimate::Estimate;
use heapgame::game::{show_position, AnyCount, BoxError, BoxHeapsError, MAX_BOX_HEAPS};
use heapgame::moves::MoveError;
use heapgame::ruleset::diag::{Code, LoadError};
use heapgame::ruleset::ParamOverride;
use heapgame::solver::loopy::LoopySolution;
use heapgame::solver::{BoxSpec, Budget, SolveError, Want};
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

/// The most P-positions a solve lists.
pub const MAX_LISTED: usize = 20_000;

/// The largest box whose values are all sent (for the picture of a two-heap box).
pub const MAX_GRID: usize = 1_000_000;

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

    /// The most positions a kernel's box may hold: the position limit when the user set one
    /// (the page's default limit bounds the search only; the box is weighed by its bytes).
    pub(crate) fn box_limit(&self) -> Option<usize> {
        (self.max_positions != crate::DEFAULT_MAX_POSITIONS).then_some(self.max_positions)
    }

    /// Refuses, unless forced, a run that its first position proves cannot finish (as on the
    /// command line, with the wasm32 address space as the memory limit).
    fn refuse(&self, game: &Game, e: &Estimate, what: &str) -> Result<(), Value> {
        match e.refusal(what, Some((WASM_MEMORY, WASM_MEMORY_WHY))) {
            Some(mut d) if !self.force => {
                d.help = Some(
                    "ask about smaller positions, or tick `force` to start anyway (the position \
                     limit still applies)"
                        .to_string(),
                );
                Err(error_json(&LoadError::single(game.src.clone(), d)))
            }
            _ => Ok(()),
        }
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
        let rules = explain::clauses(game.generator(), &pos, &listed);
        let followers: Vec<Value> = a
            .followers
            .iter()
            .take(MAX_FOLLOWERS)
            .map(|(f, g)| {
                let rule = rules.get(f).map(|&i| explain::clause_text(&game, i));
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
    req.refuse(
        game,
        &Estimate::for_position(game.generator(), pos),
        &format!("solving {shown}"),
    )?;
    let budget = req.budget();
    crate::memory::refuse_box(game, pos, &budget)?;
    let watched = Watched::new(game.generator(), report);
    let context = format!("while solving {shown}");
    let a =
        match explain::solve_one(game, &watched, pos, &budget, req.box_limit()).map_err(|e| {
            crate::memory::refused(game, &budget, &context)
                .unwrap_or_else(|| failure(game, &e, &context))
        })? {
            explain::Solved::Values(a) => a,
            explain::Solved::Loopy(sol) => return Ok(Position::Loopy(sol)),
        };
    // A misère sum's value is not the XOR of its heaps' values.
    let heaps = if game.play() == heapgame::solver::Play::Normal {
        explain::heap_values(&watched, pos, &budget)
    } else {
        None
    };
    Ok(Position::Values(a, heaps))
}

/// Every position of the box (every heap `<= max`, `heaps` heaps or at most `heaps` for a
/// ruleset with any number): the P-positions, their count, and for two heaps every value.
pub fn solve(
    req: &Request,
    max: u32,
    heaps: Option<usize>,
    grundy: bool,
    report: Progress<'_>,
) -> Value {
    let r = (|| {
        let game = req.load()?;
        let shape = game.shape().clone();
        let (k, size) = game.box_of(max, heaps).map_err(|e| box_problem(&game, e))?;
        let what = format!("solving heaps <= {max}");
        req.refuse(
            &game,
            &Estimate::for_box(game.generator(), max, k, size),
            &what,
        )?;
        let too_large = || {
            problem(
                &game,
                Code::TooLarge,
                format!(
                    "the box holds {} positions, more than the position limit of {}",
                    size.map_or("more than 10^38".to_string(), |n| n.to_string()),
                    req.max_positions
                ),
                "lower the largest heap or the number of heaps, or raise the position limit",
            )
        };
        if size.is_none_or(|n| n > req.max_positions as u128) {
            return Err(too_large());
        }
        let spec = BoxSpec::new(&shape, max, k).map_err(|_| too_large())?;
        // One heap's values are drawn as a sequence, with its period: Grundy values always.
        let want = if grundy || k == 1 {
            Want::Grundy
        } else {
            Want::Outcome
        };
        let context = format!("while solving the {} positions of the box", spec.len());
        let budget = req.budget();
        let watched = Watched::new(game.generator(), report);
        // As the command line chooses, on one thread, the search counting its progress.
        let table = game
            .solve_box_through(&watched, &spec, want, &budget)
            .map_err(|e| {
                crate::memory::refused(&game, &budget, &context)
                    .unwrap_or_else(|| failure(&game, &e, &context))
            })?;
        let mut pos = Vec::new();
        let mut ps = Vec::new();
        let mut count = 0usize;
        for (r, v) in table.iter().enumerate() {
            // `positions where`: the positions it excludes are not listed or counted.
            spec.unrank(r, &mut pos);
            if v == 0 && game.allows(&pos) {
                count += 1;
                if ps.len() < MAX_LISTED {
                    ps.push(pos.clone());
                }
            }
        }
        // For two heaps, every value by (a, b), for the picture and the Grundy table.
        let grid = (k == 2 && table.len() <= MAX_GRID).then(|| {
            let n = max as usize + 1;
            let mut cells = vec![Value::Null; n * n];
            for (r, v) in table.iter().enumerate() {
                spec.unrank(r, &mut pos);
                if !game.allows(&pos) {
                    continue;
                }
                // With any number of heaps, (b) is (0, b) and () is (0, 0).
                while pos.len() < 2 && shape.drops_zeros() {
                    pos.insert(0, 0);
                }
                if let [a, b] = pos[..] {
                    cells[a as usize * n + b as usize] = Value::from(v);
                    if shape.symmetric() {
                        cells[b as usize * n + a as usize] = Value::from(v);
                    }
                }
            }
            cells
        });
        // One heap: every heap's value, from the least heap allowed, for the sequence's
        // picture (the page draws it, and two heaps from `grid`).
        let sequence = (k == 1).then(|| {
            let lower = shape.lower.min(max);
            let mut values = vec![None; (max - lower) as usize + 1];
            for (r, v) in table.iter().enumerate() {
                spec.unrank(r, &mut pos);
                let h = pos.first().copied().unwrap_or(0);
                if h >= lower && game.allows(&pos) {
                    values[(h - lower) as usize] = Some(v);
                }
            }
            crate::picture::sequence(&values, lower)
        });
        Ok(json!({
            "ok": true,
            "name": game.checked.name,
            "sequence": sequence,
            "max": max,
            "heaps": k,
            "any": game.any_count(),
            "grundy": grundy,
            "play": game.play().name(),
            "total": spec.len(),
            "p_count": count,
            "p_positions": ps,
            "grid": grid,
            "mode": format!("{:?}", table.mode),
        }))
    })();
    r.unwrap_or_else(|e| e)
}
