//! `heapgame eval`: the outcome, Grundy value and winning moves of one position.

use std::fmt::Write as _;

use crate::estimate::Estimate;
use crate::game::show_position;
use crate::report::loopy::loopy_text;
use crate::solver::genus::{genus, GenusError};
use crate::solver::loopy::solve_loopy;
use crate::solver::{Play, SolveError};
use miette::Report;

use crate::game::Game;
use crate::solver::quotient::{Computed, QuotientError};
use crate::solver::sum::why_not_sum;

use super::common::{estimate_heaps, json_position, print_out, Format, PositionArgs, SolveRun};
use super::quotient::{quotient_of, report};

/// How many positions the search may store for a misère sum of heaps before `eval` turns to
/// the misère quotient.
const SEARCH_FIRST: usize = 20_000;

/// The largest heap `eval` computes a misère quotient up to (each heap adds a stage).
const QUOTIENT_MAX: u32 = 300;

/// `writeln!` into a String, which cannot fail.
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {{
        let _ = writeln!($out, $($arg)*);
    }};
}

/// Arguments of `heapgame eval`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  heapgame eval rulesets/classic/wythoff.game 3 5
  heapgame eval rulesets/classic/wythoff.game 4 6 --format json
  heapgame eval rulesets/fraenkel-larsson/beta-wynim.game -p \"beta=2+sqrt(2)\" 3 10
  heapgame eval rulesets/classic/kayles.game --play misere 4 7

In misère play (--play misere, or `play misere` in the file) the grundy value is the misère
nim value g^- and the genus g^{γ0γ1...} is shown (Conway; as CGSuite writes it).")]
pub struct Args {
    #[command(flatten)]
    pos: PositionArgs,
}

/// What `eval` found: a position's values (with why the search answered a misère sum, when
/// its quotient could not), or the text of an answer already complete (a loopy game's, or a
/// misère sum's by its quotient).
enum Found {
    /// The Grundy value (g^- in misère play) and the winning moves.
    Values {
        grundy: u32,
        wins: Vec<Vec<u32>>,
        note: Option<String>,
    },
    /// The whole answer, as printed.
    Text(String),
}

/// Runs `heapgame eval`: the position's values through a kernel or the search (a loopy game
/// by Smith's values, a misère sum by its quotient when the search gives up), the genus in
/// misère play, printed.
pub fn run(a: Args) -> Result<u8, Report> {
    let (game, pos) = a.pos.load()?;
    let shown = show_position(&pos);
    let estimate = Estimate::for_position_in(game.generator(), &pos, game.play());
    a.pos
        .game
        .check_estimate(&game, &estimate, &format!("solving {shown}"))?;
    let heaps = estimate_heaps(&game, &pos);
    let run = SolveRun::start(&a.pos.game, heaps, None, format!("solving {shown}"));
    let context = format!("while solving {shown}");
    let ask = Ask {
        game: &game,
        pos: &pos,
        run: &run,
        format: a.pos.format,
        context: &context,
        explicit: a.pos.game.max_positions,
    };
    let (grundy, wins, note) = match ask.find()? {
        Found::Values { grundy, wins, note } => (grundy, wins, note),
        Found::Text(out) => {
            drop(run);
            print_out(&out)?;
            return Ok(0);
        }
    };
    let genus = match game.play() {
        Play::Misere => Some(genus_of(&game, &pos, &run, &context)?),
        Play::Normal => None,
    };
    drop(run);
    let answer = Answer {
        pos: &pos,
        play: game.play(),
        grundy: Some(grundy),
        genus: genus.as_deref(),
        method: note.map(Method::Search),
        wins: &wins,
    };
    print_out(&answer.render(a.pos.format))?;
    Ok(0)
}

/// One position asked about: the game, the position, the run (its budget and how it words a
/// failure), the output's format, and what is being solved ("while solving (3, 5)").
struct Ask<'a> {
    game: &'a Game,
    pos: &'a [u32],
    run: &'a SolveRun,
    format: Format,
    context: &'a str,
    /// `--max-positions`, if given: it bounds the kernel's box too. The default position
    /// limit does not, being the memory limit at what the search spends a position; the box
    /// is weighed by its own bytes against the memory limit ([`Budget::affords`]).
    ///
    /// [`Budget::affords`]: crate::solver::Budget::affords
    explicit: Option<usize>,
}

impl Ask<'_> {
    /// The values of `pos`: through a compiled kernel on the position's box when one matches and
    /// the box is not much larger than the region the search would visit; else the memoized
    /// search.
    fn find(&self) -> Result<Found, Report> {
        let Ask {
            game,
            pos,
            run,
            context,
            explicit,
            ..
        } = *self;
        let box_budget = crate::solver::Budget {
            max_positions: explicit,
            ..run.budget.clone()
        };
        match game.through_kernel(pos, &box_budget) {
            Some(answer) => {
                let a = answer.map_err(|e| run.failure(game, &e, context))?;
                Ok(Found::Values {
                    grundy: a.grundy,
                    wins: a.wins,
                    note: None,
                })
            }
            None => self.search(),
        }
    }

    /// The values of `pos` by the memoized search. A misère sum of heaps: the search first, within
    /// a small limit; past it, the misère quotient (outcomes and winning moves, not g^-), else the
    /// search with its full limit. A loop in normal play: Smith's values over the region the
    /// position reaches.
    fn search(&self) -> Result<Found, Report> {
        let Ask {
            game,
            pos,
            run,
            format,
            context,
            ..
        } = *self;
        let misere = game.play() == Play::Misere;
        let mut solver = game.solver();
        let quotient = misere && why_not_sum(game.generator()).is_none() && pos.len() > 1;
        let mut budget = run.budget.clone();
        if quotient {
            let first = budget
                .max_positions
                .map_or(SEARCH_FIRST, |m| m.min(SEARCH_FIRST));
            budget.max_positions = Some(first);
        }
        solver.set_budget(budget);
        let mut note = None;
        let grundy = match solver.grundy(pos) {
            Ok(g) => g,
            Err(SolveError::Limit { .. }) if quotient => {
                match self.by_quotient()? {
                    Ok(out) => return Ok(Found::Text(out)),
                    Err(why) => {
                        // No quotient: the search with its full limit.
                        note = Some(why);
                        solver.set_budget(run.budget.clone());
                        solver
                            .grundy(pos)
                            .map_err(|e| run.failure(game, &e, context))?
                    }
                }
            }
            Err(SolveError::Cycle(_)) if !misere => {
                let sol = solve_loopy(game.generator(), pos, &run.budget)
                    .map_err(|e| run.failure(game, &e, context))?;
                return Ok(Found::Text(loopy_text(&sol, format)));
            }
            Err(e) => return Err(run.failure(game, &e, context)),
        };
        let wins = solver
            .winning_moves(pos)
            .map_err(|e| run.failure(game, &e, context))?;
        Ok(Found::Values { grundy, wins, note })
    }

    /// A misère sum of heaps answered by the misère quotient of heaps up to its largest: the
    /// outcome and the winning moves (the followers whose product is in the P-portion), as
    /// printed. `Ok(Err)` when no quotient can be found, saying why (the caller then runs the
    /// search).
    fn by_quotient(&self) -> Result<Result<String, String>, Report> {
        let Ask {
            game,
            pos,
            run,
            format,
            context,
            ..
        } = *self;
        let max = pos.iter().copied().max().unwrap_or(0);
        if max > QUOTIENT_MAX {
            return Ok(Err(format!(
                "no misère quotient: heaps beyond {QUOTIENT_MAX} are left to `heapgame quotient`"
            )));
        }
        let c: Computed = match quotient_of(game, max, &run.budget) {
            Ok(c) => c,
            Err(Ok(QuotientError::Unresolved { heap })) => {
                return Ok(Err(format!(
                    "no misère quotient: it could not be settled at heap {heap}"
                )))
            }
            Err(Ok(QuotientError::TooLarge { heap, .. })) => {
                return Ok(Err(format!(
                    "no misère quotient: its table at heap {heap} does not fit in memory"
                )))
            }
            Err(Ok(QuotientError::NotDecreasing { heap })) => {
                return Ok(Err(format!(
                    "no misère quotient: a move of heap {heap} leaves a heap as large"
                )))
            }
            Err(Ok(e)) => return Err(report(game, run, e, context)),
            Err(Err(r)) => return Err(r),
        };
        let q = &c.quotient;
        let followers = game
            .followers(pos)
            .map_err(|e| Report::new(game.move_error(&e)))?;
        let wins: Vec<Vec<u32>> = followers
            .into_iter()
            .filter(|f| q.is_p(f) == Some(true))
            .collect();
        let answer = Answer {
            pos,
            play: Play::Misere,
            grundy: None,
            genus: None,
            method: Some(Method::Quotient {
                max,
                order: q.size,
                is_p: q.is_p(pos).unwrap_or(false),
            }),
            wins: &wins,
        };
        Ok(Ok(answer.render(format)))
    }
}

/// The genus of `pos` as written (`0^120`), or "not settled".
fn genus_of(game: &Game, pos: &[u32], run: &SolveRun, context: &str) -> Result<String, Report> {
    match genus(game.generator(), pos, &run.budget) {
        Ok(g) => Ok(g.to_string()),
        Err(GenusError::Solve(e)) => Err(run.failure(game, &e, context)),
        Err(GenusError::Unsettled) => Ok("not settled".to_string()),
    }
}

/// How an answer was found, when it is worth saying.
enum Method {
    /// The search, since the misère quotient could not be found (why).
    Search(String),
    /// The misère quotient of heaps `1..=max`, of this order; whether the position is P.
    Quotient { max: u32, order: usize, is_p: bool },
}

/// What `eval` prints about a position.
struct Answer<'a> {
    pos: &'a [u32],
    play: Play,
    /// The Grundy value (g^- in misère play); `None` when the quotient answered.
    grundy: Option<u32>,
    /// The genus as written, in misère play when the search answered.
    genus: Option<&'a str>,
    method: Option<Method>,
    wins: &'a [Vec<u32>],
}

impl Answer<'_> {
    /// Whether the position is a P-position.
    fn is_p(&self) -> bool {
        match &self.method {
            Some(Method::Quotient { is_p, .. }) => *is_p,
            _ => self.grundy == Some(0),
        }
    }

    /// The answer as text or as a line of JSON.
    fn render(&self, format: Format) -> String {
        match format {
            Format::Json => format!("{}\n", self.json()),
            Format::Text => self.text(),
        }
    }

    fn json(&self) -> serde_json::Value {
        let outcome = if self.is_p() { "P" } else { "N" };
        let wins: Vec<_> = self.wins.iter().map(|w| json_position(w)).collect();
        let mut v = serde_json::json!({
            "position": json_position(self.pos),
            "play": self.play.name(),
            "outcome": outcome,
            "grundy": self.grundy,
            "winning_moves": wins,
        });
        if self.play == Play::Misere {
            v["genus"] = self.genus.into();
        }
        match &self.method {
            Some(Method::Search(_)) => v["method"] = "search".into(),
            Some(Method::Quotient { order, .. }) => {
                v["method"] = "quotient".into();
                v["quotient_order"] = (*order).into();
            }
            None => {}
        }
        v
    }

    fn text(&self) -> String {
        let mut out = String::new();
        outln!(out, "position: {}", show_position(self.pos));
        outln!(out, "play:     {}", self.play.describe());
        match &self.method {
            Some(Method::Search(why)) => outln!(out, "method:   the search ({why})"),
            Some(Method::Quotient { max, order, .. }) => outln!(
                out,
                "method:   the misère quotient of heaps 1..{max} (order {order}, each stage \
                 proven; `heapgame quotient`)"
            ),
            None => {}
        }
        if self.is_p() {
            outln!(
                out,
                "outcome:  P (the previous player wins: every move leads to an N-position)"
            );
        } else {
            outln!(out, "outcome:  N (the next player wins)");
        }
        match (self.grundy, self.genus) {
            (None, _) => outln!(
                out,
                "grundy:   not computed (the quotient gives outcomes, not the misère nim value g^-)"
            ),
            (Some(g), Some(genus)) => {
                outln!(out, "grundy:   {g} (the misère nim value g^-)");
                outln!(out, "genus:    {genus}");
            }
            (Some(g), None) => outln!(out, "grundy:   {g}"),
        }
        if self.wins.is_empty() {
            outln!(out, "winning moves: none");
        } else {
            outln!(out, "winning moves:");
            for w in self.wins {
                outln!(out, "  -> {}", show_position(w));
            }
        }
        out
    }
}
