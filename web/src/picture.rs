//! The one-heap picture's data for the page: the value of every heap of the box the page
//! solved (heaps from the least one allowed), and the period that heapgame's periodicity
//! finder (the one of `heapgame sequence` and `heapgame plot`) finds in them. The page draws
//! it (`static/view.js`) as `heapgame plot` draws a sequence: value against heap size, the
//! periodic part shaded and named. The page has no drawing library of its own (the plotting
//! code would add a tenth to the WebAssembly); two heaps it draws from the values as well.

use heapgame::report::picture::period_of;
use serde_json::{json, Value};

/// The sequence of `values` (`None`: a position the rules' `positions where` excludes), heap
/// `lower` first, with its period when every heap is allowed and one is found.
pub fn sequence(values: &[Option<u32>], lower: u32) -> Value {
    let all: Option<Vec<u32>> = values.iter().copied().collect();
    let period = all.as_deref().and_then(period_of).map(|p| {
        json!({
            "start": p.start.saturating_add(lower),
            "period": p.period,
            "saltus": p.saltus,
        })
    });
    json!({ "lower": lower, "values": values, "period": period })
}
