//! A progress bar on stderr for long solves: positions stored so far (read from the solver's
//! progress counter by a thread) against an estimate. It appears only after about a second,
//! and never when stderr is not a terminal (pipes, files, tests).

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
    /// Watches `counter` (positions stored); `total` is the expected number when known.
    pub fn start(counter: Arc<AtomicUsize>, total: Option<u64>, what: String) -> Progress {
        let stop = Arc::new(AtomicBool::new(false));
        if !std::io::stderr().is_terminal() {
            return Progress { stop, thread: None };
        }
        let s = stop.clone();
        let thread = std::thread::spawn(move || run(&counter, total, &what, &s));
        Progress {
            stop,
            thread: Some(thread),
        }
    }
}

fn run(counter: &AtomicUsize, total: Option<u64>, what: &str, stop: &AtomicBool) {
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
            let style = ProgressStyle::with_template(
                "{msg} [{bar:20}] {human_pos}/{human_len} positions, {elapsed} (eta {eta})",
            )
            .map(|s| s.progress_chars("=> "));
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
    while !stop.load(Ordering::Relaxed) {
        bar.set_position(counter.load(Ordering::Relaxed) as u64);
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
