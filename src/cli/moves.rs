//! `heapgame moves`: every follower of a position.

use heapgame::game::show_position;
use std::fmt::Write as _;

use miette::Report;

/// `writeln!` into a String, which cannot fail.
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {{
        let _ = writeln!($out, $($arg)*);
    }};
}

use super::common::{estimate_heaps, json_position, print_out, Format, PositionArgs};

/// Arguments of `heapgame moves`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  heapgame moves rulesets/propp/cookie.game 1 2 4
  heapgame moves rulesets/abuku/delete-nim.game 3 4 --format json")]
pub struct Args {
    #[command(flatten)]
    pos: PositionArgs,
}

/// Runs `heapgame moves`.
pub fn run(a: Args) -> Result<u8, Report> {
    let (game, pos) = a.pos.load()?;
    let branching = heapgame::estimate::branching(
        game.generator(),
        estimate_heaps(&game, &pos),
        pos.iter().copied().max().unwrap_or(0),
    );
    if branching > heapgame::estimate::REFUSE_FOLLOWERS && !a.pos.game.force {
        let d = heapgame::ruleset::Diag::new(
            heapgame::ruleset::Code::TooLarge,
            0..0,
            format!(
                "{} may have up to {} followers, too many to list",
                show_position(&pos),
                heapgame::estimate::show(branching)
            ),
            "",
        )
        .help("ask about a smaller position, or give --force to list them anyway");
        return Err(Report::new(heapgame::ruleset::LoadError::single(
            game.src.clone(),
            d,
        )));
    }
    let fs = game
        .followers(&pos)
        .map_err(|e| Report::new(game.move_error(&e)))?;
    let mut out = String::new();
    match a.pos.format {
        Format::Json => {
            let v: Vec<_> = fs.iter().map(|f| json_position(f)).collect();
            outln!(out, "{}", serde_json::Value::Array(v));
        }
        Format::Text => {
            for f in &fs {
                outln!(out, "{}", show_position(f));
            }
        }
    }
    print_out(&out)?;
    Ok(0)
}
