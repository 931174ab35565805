//! heapgame in the browser: the bindings the playground page (`web/static/`) calls, through
//! wasm-bindgen. Each function takes the request as a JSON string (the ruleset text, its
//! name, the `NAME=VALUE` parameters, the position limit, `force`) and returns its answer as
//! a JSON string ([`api`]); problems come back as data with their rendering ([`diag`]).
//! Long solves run in the page's Web Worker, which defines `heapgameProgress(n)` to hear how
//! many positions have been expanded; stopping a solve terminates that worker.
//!
//! With the feature `first`, the same crate builds the page's first module (web/build.sh):
//! only [`check`] and [`evaluate`], and no rendering of problems ([`diag::error_json`]), so
//! that on a slow connection the first answer waits for a smaller download; the page asks the
//! full module for everything else (web/static/runner.js).

pub mod api;
pub mod boxes;
pub mod claims;
pub mod diag;
pub mod explain;
pub mod memory;
pub mod picture;
pub mod play;
pub mod watched;

use std::sync::{Mutex, Once};

use serde_json::Value;
use wasm_bindgen::prelude::*;

use api::Request;

#[wasm_bindgen]
extern "C" {
    /// The page's progress callback (a global of the worker).
    #[wasm_bindgen(js_name = heapgameProgress)]
    fn js_progress(expanded: f64);

    /// Milliseconds since 1970 (`std::time::Instant` is not available on the web).
    #[wasm_bindgen(js_namespace = Date, js_name = now)]
    fn js_now() -> f64;
}

/// The message of the last panic (a defect), kept for the page: on the web a panic ends the
/// call with a bare `unreachable` trap.
static PANIC: Mutex<String> = Mutex::new(String::new());

/// Keeps every panic's message in [`PANIC`] (installed once, by the first call).
fn keep_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            if let Ok(mut p) = PANIC.lock() {
                *p = info.to_string();
            }
        }));
    });
}

/// The message of the last panic since the last call, or "" (the worker asks after a trap:
/// none means the memory ran out).
#[wasm_bindgen]
pub fn last_panic() -> String {
    PANIC
        .lock()
        .map(|mut p| std::mem::take(&mut *p))
        .unwrap_or_default()
}

/// Milliseconds since a fixed instant: the browser's clock on the web, the system's natively.
#[cfg(not(feature = "first"))]
fn now_ms() -> f64 {
    if cfg!(target_arch = "wasm32") {
        js_now()
    } else {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    }
}

/// Reports progress to the page (on the web) or nowhere (natively, in tests).
fn progress(n: usize) {
    if cfg!(target_arch = "wasm32") {
        js_progress(n as f64);
    }
}

/// The default position limit of the page: about 400 MB of solver memory at the command
/// line's estimate of 200 bytes a position (a WebAssembly page has at most 4 GB).
pub const DEFAULT_MAX_POSITIONS: usize = 2_000_000;

/// Reads a request: `{"name", "text", "params": [...], "max_positions", "force"}`; missing
/// fields take defaults, so a malformed request still gets an answer.
pub fn request(json: &str) -> Request {
    let v: Value = serde_json::from_str(json).unwrap_or(Value::Null);
    let s = |k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    Request {
        name: match s("name") {
            n if n.is_empty() => "playground.game".to_string(),
            n => n,
        },
        text: s("text"),
        params: v
            .get("params")
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|p| p.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default(),
        max_positions: v
            .get("max_positions")
            .and_then(Value::as_u64)
            .and_then(|n| usize::try_from(n).ok())
            .filter(|&n| n > 0)
            .unwrap_or(DEFAULT_MAX_POSITIONS),
        force: v.get("force").and_then(Value::as_bool).unwrap_or(false),
    }
}

/// The ruleset's name, shape and parameters, or its problems.
#[wasm_bindgen]
pub fn check(req: &str) -> String {
    keep_panics();
    api::check(&request(req)).to_string()
}

/// A position's outcome, Grundy value, winning moves and followers with their values.
#[wasm_bindgen]
pub fn evaluate(req: &str, position: &str) -> String {
    keep_panics();
    api::evaluate(&request(req), position, &progress).to_string()
}

/// A position's outcome, Grundy value and winning moves, without its followers.
#[cfg(not(feature = "first"))]
#[wasm_bindgen]
pub fn outcome(req: &str, position: &str) -> String {
    keep_panics();
    api::outcome(&request(req), position, &progress).to_string()
}

/// The P-positions (and for two heaps every value) of the box of heaps `<= max`; `heaps` is
/// the most heaps for a ruleset with any number (0: not given).
#[cfg(not(feature = "first"))]
#[wasm_bindgen]
pub fn solve(req: &str, max: u32, heaps: u32, grundy: bool) -> String {
    keep_panics();
    let heaps = (heaps > 0).then_some(heaps as usize);
    api::solve(&request(req), max, heaps, grundy, &progress).to_string()
}

/// Every claim of the ruleset checked over its `check` bounds, stopping after `limit_ms`
/// milliseconds, with each counterexample explained ([`claims::check_claims`]).
#[cfg(not(feature = "first"))]
#[wasm_bindgen]
pub fn check_claims(req: &str, limit_ms: f64) -> String {
    keep_panics();
    let secs = || (now_ms() / 1000.0).max(0.0);
    let clock = heapgame::solver::Clock::new(move || std::time::Duration::from_secs_f64(secs()));
    claims::check_claims(&request(req), &clock, limit_ms).to_string()
}

/// The user's move `from` -> `to`, checked, and heapgame's reply.
#[cfg(not(feature = "first"))]
#[wasm_bindgen]
pub fn play(req: &str, from: &str, to: &str) -> String {
    keep_panics();
    play::play(&request(req), from, to, &progress).to_string()
}

/// The followers of a position, without solving.
#[cfg(not(feature = "first"))]
#[wasm_bindgen]
pub fn followers(req: &str, position: &str) -> String {
    keep_panics();
    play::followers(&request(req), position).to_string()
}

/// heapgame's move from a position.
#[cfg(not(feature = "first"))]
#[wasm_bindgen]
pub fn reply(req: &str, position: &str) -> String {
    keep_panics();
    play::reply(&request(req), position, &progress).to_string()
}
