//! `heapgame eval`: the outcome, Grundy value and winning moves of one position, answered by
//! `query::eval` (the route every front end takes) and printed by `report::eval`.

use crate::game::show_position;
use crate::query::{eval, Want};
use crate::report::eval::answer;
use miette::Report;

use super::common::{estimate_heaps, print_out, PositionArgs, SolveRun};

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

/// Runs `heapgame eval`: the position's values (a loopy game's by Smith's values, a misère
/// sum's by its quotient when the search gives up), the genus in misère play, printed.
pub fn run(a: Args) -> Result<u8, Report> {
    let (game, pos) = a.pos.load()?;
    let shown = show_position(&pos);
    (a.pos.game.query_limits())
        .refuse_position(&game, &pos)
        .map_err(Report::new)?;
    let heaps = estimate_heaps(&game, &pos);
    let run = SolveRun::start(&a.pos.game, heaps, None, format!("solving {shown}"));
    let context = format!("while solving {shown}");
    // An explicit `--max-positions` bounds the kernel's box too; the default position limit
    // (the memory limit at what the search spends a position) does not: the box is weighed
    // by its own bytes against the memory limit.
    let want = Want {
        followers: false,
        genus: true,
        box_positions: a.pos.game.max_positions,
    };
    let mut solver = game.solver();
    let found = eval(&game, &mut solver, &pos, &run.budget, want)
        .map_err(|e| run.failure(&game, &e, &context))?;
    drop(solver);
    drop(run);
    print_out(&answer(&pos, game.play(), &found, a.pos.format))?;
    Ok(0)
}
