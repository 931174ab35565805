//! The page's memory, as the library predicts it: a solve's budget knows how much a
//! WebAssembly page can hold ([`PAGE_MEMORY`]), so that a kernel's box is chosen by its bytes
//! as on the command line (`Budget::affords`), and a position whose box does not fit is
//! refused in words before anything is allocated, never ended by a failed allocation.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use heapgame::game::show_position;
use heapgame::ruleset::diag::Code;
use heapgame::solver::kernels::kernel_for;
use heapgame::solver::one::BYTES_PER_CELL;
use heapgame::solver::{BoxSpec, Budget, Play};
use heapgame::Game;
use serde_json::Value;

use crate::diag::problem;

/// The memory the page's solves may plan for: 2 GiB. A WebAssembly page addresses at most
/// 4 GB, and one block of it at most 2 GB (a larger one is a "capacity overflow"); a table is
/// made only when it fits within three quarters of this ([`Budget::affords`]).
pub const PAGE_MEMORY: u64 = 1 << 31;

/// A solve's budget on the page: the position limit for the search, the page's memory for
/// the tables the library predicts, with the flag that says a table was refused for it.
pub fn budget(max_positions: usize) -> Budget {
    Budget {
        max_positions: Some(max_positions),
        max_bytes: Some(PAGE_MEMORY),
        memory_refused: Some(Arc::new(AtomicBool::new(false))),
        ..Budget::default()
    }
}

/// Megabytes, rounded, for messages.
fn mb(bytes: u128) -> String {
    let m = bytes.div_ceil(1_000_000);
    if m >= 1000 {
        format!("{:.1} GB", m as f64 / 1000.0)
    } else {
        format!("{m} MB")
    }
}

/// `n` with its digits in groups of three (`261,824,761`), for messages.
fn grouped(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The bytes the page lets one table take (what [`Budget::affords`] accepts).
fn room() -> u128 {
    u128::from(PAGE_MEMORY - PAGE_MEMORY / 4)
}

/// Refuses a position that a compiled kernel answers on the command line through its box
/// when that box does not fit the page's memory and the search, the other route, would store
/// more positions than the position limit allows: the refusal says so, with the largest heap
/// whose box fits, instead of a search that cannot finish.
pub fn refuse_box(game: &Game, pos: &[u32], budget: &Budget) -> Result<(), Value> {
    let gen = game.generator();
    let shape = game.shape();
    let (Some(k), Some(&max)) = (shape.count, pos.iter().max()) else {
        return Ok(());
    };
    if game.play() != Play::Normal || pos.len() != k || pos.iter().any(|&h| h < shape.lower) {
        return Ok(());
    }
    let Ok(k32) = u32::try_from(k) else {
        return Ok(());
    };
    let side = u128::from(max - shape.lower) + 1;
    let cells = side.checked_pow(k32).unwrap_or(u128::MAX);
    let bytes = cells.saturating_mul(BYTES_PER_CELL);
    let below: u128 = pos
        .iter()
        .map(|&h| u128::from(h - shape.lower) + 1)
        .fold(1, u128::saturating_mul);
    let limit = budget.max_positions.unwrap_or(usize::MAX) as u128;
    if budget.affords(bytes) || below <= limit {
        return Ok(());
    }
    let Some(kernel) = BoxSpec::new(shape, max, k)
        .ok()
        .and_then(|spec| kernel_for(gen, &spec))
    else {
        return Ok(());
    };
    // The largest heap whose box fits: side^k * BYTES_PER_CELL within the room (from the
    // k-th root, then corrected for rounding).
    let fits_side = |s: u128| {
        s.checked_pow(k32)
            .is_some_and(|c| budget.affords(c.saturating_mul(BYTES_PER_CELL)))
    };
    let root = ((room() / BYTES_PER_CELL) as f64).powf(1.0 / f64::from(k32));
    let mut s = (root as u128 + 2).min(side);
    while s > 0 && !fits_side(s) {
        s -= 1;
    }
    let fits = (s + u128::from(shape.lower)).saturating_sub(1);
    let shown = show_position(pos);
    Err(problem(
        game,
        Code::TooLarge,
        format!(
            "{shown} is too large for the page's memory: the compiled kernel `{kernel}` answers \
             it through the box of every position with heaps at most {max} ({} cells, about \
             {}), more than the {} the page can give it; the search, the other route, would \
             store up to {} positions, more than the position limit of {}",
            grouped(cells),
            mb(bytes),
            mb(room()),
            grouped(below),
            grouped(limit),
        ),
        &format!(
            "ask about positions whose heaps are at most {} (answered at once through the \
             kernel), or use the command line, which has the machine's memory: \
             heapgame eval FILE {}",
            grouped(fits),
            pos.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
        ),
    ))
}

/// A solve stopped because a table it needed did not fit the page's memory, in words; `None`
/// when the budget refused no memory.
pub fn refused(game: &Game, budget: &Budget, context: &str) -> Option<Value> {
    budget.refused_memory().then(|| {
        problem(
            game,
            Code::TooLarge,
            format!(
                "the page's memory is too small {context}: a table it needed is larger than \
                 the {} the page can give it",
                mb(room())
            ),
            "ask about smaller positions, or use the command line, which has the machine's memory",
        )
    })
}
