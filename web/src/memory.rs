//! The page's memory, as the library predicts it: a solve's budget knows how much a
//! WebAssembly page can hold ([`PAGE_MEMORY`]), so that a kernel's box is chosen by its bytes
//! as on the command line (`Budget::affords`), and a table that does not fit is refused in
//! words before anything is allocated, never ended by a failed allocation. A position whose
//! box does not fit is left to the search, which the query floor refuses when its region is
//! proven past the position limit (`query::Limits`, as on the command line and in the REPL).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use heapgame::ruleset::diag::Code;
use heapgame::solver::Budget;
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

/// The bytes the page lets one table take (what [`Budget::affords`] accepts).
fn room() -> u128 {
    u128::from(PAGE_MEMORY - PAGE_MEMORY / 4)
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
