//! `heapgame eval`: the outcome, Grundy value and winning moves of one position, answered by
//! one call to `query::eval` on the game's solver (the route, limits and refusal every front
//! end takes) and printed by `report::eval`.

use crate::game::show_position;
use crate::query::{eval, EvalError, Want};
use crate::report::eval::answer as report_answer;
use miette::Report;

use super::common::{print_out, PositionArgs, SolveRun};

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

/// Runs `heapgame eval` in one pass down and up: the position read, answered by one call to
/// the query floor (refused, or solved under the run's progress bar and memory guard; a loopy
/// game's by Smith's values, a misère sum's by its quotient when the search gives up, the
/// genus in misère play), and printed.
pub fn run(a: Args) -> Result<u8, Report> {
    let (game, pos) = a.pos.load()?;
    let shown = show_position(&pos);
    let what = format!("solving {shown}");
    let want = Want {
        followers: false,
        genus: true,
    };
    // The run's hooks (progress bar, memory guard) start at the memory limit the query floor
    // resolves; the position limit comes back with the answer.
    let limits = a.pos.game.query_limits();
    let mut run = SolveRun::hooks(&a.pos.game, &limits, what);
    let mut solver = game.solver();
    let found = match eval(&game, &mut solver, &pos, &limits, &run.budget, want) {
        Ok(found) => found,
        Err(EvalError::Refused(e)) => return Err(Report::new(e)),
        // The hooks say what stopped the solve and what set the limit it hit.
        Err(EvalError::Solve { error, bounds }) => {
            run.limits = bounds;
            return Err(run.failure(&game, &error, &format!("while solving {shown}")));
        }
    };
    drop(run);
    print_out(&report_answer(&pos, game.play(), &found, a.pos.format))?;
    Ok(0)
}
