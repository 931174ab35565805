//! A progress bar on stderr for long solves: positions stored so far (read from the solver's
//! progress counter by a thread) against an estimate, or a sequence's values computed against
//! the last heap asked for, with the values a second and the time left. It appears only after
//! about a second, and never when stderr is not a terminal (pipes, files, tests).

use std::io::IsTerminal as _;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// A running progress display; stopped and cleared when dropped.
pub struct Progress {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Progress {
    /// Watches `counter`, counting `count`; `total` is the expected number when known.
    pub fn counting(
        counter: Arc<AtomicUsize>,
        count: Count,
        total: Option<u64>,
        what: String,
    ) -> Progress {
        let stop = Arc::new(AtomicBool::new(false));
        if !std::io::stderr().is_terminal() {
            return Progress { stop, thread: None };
        }
        let s = stop.clone();
        let thread = std::thread::spawn(move || run(&counter, count, total, &what, &s));
        Progress {
            stop,
            thread: Some(thread),
        }
    }
}

/// What a bar counts.
#[derive(Clone, Copy, Debug)]
pub enum Count {
    /// Positions stored.
    Positions,
    /// A sequence's values, the first `from` of them there before the run (`--resume`): the
    /// bar shows the values a second and the time left from the run's own pace.
    Values {
        /// The values there at the start.
        from: u64,
    },
}

/// The bar's template for `count` against a known total.
fn bar_template(count: Count) -> &'static str {
    match count {
        Count::Positions => {
            "{msg} [{bar:20}] {human_pos}/{human_len} positions, {elapsed} (eta {eta})"
        }
        Count::Values { .. } => {
            "{msg} [{bar:20}] {human_pos}/{human_len} values, {per_sec}, {elapsed}, \
             about {eta} left"
        }
    }
}

fn run(counter: &AtomicUsize, count: Count, total: Option<u64>, what: &str, stop: &AtomicBool) {
    let from = match count {
        Count::Values { from } => from,
        Count::Positions => 0,
    };
    let begin = Instant::now();
    while begin.elapsed() < Duration::from_secs(1) {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let bar = match total {
        Some(n) => {
            let bar = ProgressBar::new(n).with_elapsed(begin.elapsed());
            let style =
                ProgressStyle::with_template(bar_template(count)).map(|s| s.progress_chars("=> "));
            if let Ok(style) = style {
                bar.set_style(style);
            }
            bar
        }
        None => {
            let bar = ProgressBar::new_spinner().with_elapsed(begin.elapsed());
            if let Ok(style) =
                ProgressStyle::with_template("{spinner} {msg}: {human_pos} positions, {elapsed}")
            {
                bar.set_style(style);
            }
            bar
        }
    };
    bar.set_message(what.to_string());
    // The values there before the run do not count in its pace.
    bar.set_position(from);
    bar.reset_eta();
    while !stop.load(Ordering::Relaxed) {
        bar.set_position((counter.load(Ordering::Relaxed) as u64).max(from));
        std::thread::sleep(Duration::from_millis(100));
    }
    bar.finish_and_clear();
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
