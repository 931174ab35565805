//! Ctrl-C: the first press sets the cancel flag every solve's [`Budget`] looks at, so a long
//! run stops cleanly within a moment (it reports how far it got and prints nothing else); a
//! second press exits at once with code 130, for a step that never reaches the flag (the
//! followers of one enormous position).
//!
//! [`Budget`]: heapgame::solver::Budget

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// The process-wide cancel flag, with the Ctrl-C handler installed on first use.
pub fn cancel_flag() -> Arc<AtomicBool> {
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let f = flag.clone();
        // If the handler cannot be installed (another one is set), Ctrl-C keeps its default
        // action, ending the process: the run is still stopped, only less tidily.
        let _ = ctrlc::set_handler(move || {
            if f.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
        flag
    })
    .clone()
}
