//! A progress bar on stderr for long solves: positions stored so far (read from the solver's
//! progress counter by a thread) against an estimate, or a sequence's values computed against
//! the last heap asked for, with the values a second and the time left. It appears only after
//! about a second, and never when stderr is not a terminal (pipes, files, tests).

use std::io::IsTerminal as _;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use std::fmt::Write;

use indicatif::{HumanCount, ProgressBar, ProgressState, ProgressStyle};

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
            "{human_pos}/{human_len} values ({percent}%), {rate}/s, {elapsed}, about {left} left"
        }
    }
}

/// The keys `rate` (values a second since the run began, those there before it not
/// counted) and `left` (the time the values still to compute take at that pace).
fn with_pace(style: ProgressStyle, from: u64) -> ProgressStyle {
    let rate = move |st: &ProgressState| {
        let secs = st.elapsed().as_secs_f64();
        (secs > 0.0).then(|| st.pos().saturating_sub(from) as f64 / secs)
    };
    style
        .with_key("rate", move |st: &ProgressState, w: &mut dyn Write| {
            let r = rate(st).unwrap_or(0.0);
            let _ = write!(w, "{}", HumanCount(r as u64));
        })
        .with_key("left", move |st: &ProgressState, w: &mut dyn Write| {
            let todo = st.len().unwrap_or(0).saturating_sub(st.pos());
            // Unknown until a value is computed.
            let left = rate(st).filter(|&r| r > 0.0).map(|r| todo as f64 / r);
            let _ = match left {
                Some(s) => write!(w, "{}", clock(s as u64)),
                None => write!(w, "?"),
            };
        })
}

/// Seconds as `1d 2h`, `2h 5m`, `5m 3s` or `3s`.
fn clock(s: u64) -> String {
    let (d, h, m) = (s / 86_400, s / 3600 % 24, s / 60 % 60);
    match () {
        _ if d > 0 => format!("{d}d {h}h"),
        _ if h > 0 => format!("{h}h {m}m"),
        _ if m > 0 => format!("{m}m {}s", s % 60),
        _ => format!("{s}s"),
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
            let style = ProgressStyle::with_template(bar_template(count))
                .map(|s| s.progress_chars("=> "))
                .map(|s| with_pace(s, from));
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

#[cfg(test)]
mod tests {
    #[test]
    fn the_time_left_reads_as_a_clock() {
        assert_eq!(super::clock(3), "3s");
        assert_eq!(super::clock(303), "5m 3s");
        assert_eq!(super::clock(7500), "2h 5m");
        assert_eq!(super::clock(93_600), "1d 2h");
    }
}
