//! heapgame from Python: the library's bindings, built by maturin into the extension module
//! `heapgame._heapgame`, which the Python package `heapgame` (beside this crate, in
//! `heapgame/`) wraps with docstrings, result types and exceptions. `native.rs` holds a loaded
//! ruleset, every method Python calls on it and one position's answer (as `answer.rs` shapes
//! it); below it, each taking the game as a plain argument, `tables.rs` solves boxes and
//! sequences into NumPy arrays, `picture.rs` draws, `claims.rs` checks claims, `diff.rs`
//! compares two rulesets, `quotient.rs` gives misère quotients; `run.rs` runs a solve with the
//! GIL released, its limits and Ctrl-C, `errors.rs` turns diagnostics into exceptions. No two
//! files import each other (`tests/module_graph.rs` reads this folder too).

mod answer;
mod claims;
mod diff;
mod errors;
mod native;
mod picture;
mod quotient;
mod run;
mod tables;

use pyo3::prelude::*;

/// The compiled part of heapgame; use the `heapgame` package.
#[pymodule]
fn _heapgame(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<native::Native>()?;
    m.add_class::<picture::Picture>()?;
    m.add("NOT_A_POSITION", tables::NOT_A_POSITION)?;
    m.add("INLINE_SECONDS", run::INLINE.as_secs_f64())?;
    Ok(())
}
