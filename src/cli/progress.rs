//! A progress bar on stderr for long solves: positions stored so far (read from the solver's
//! progress counter by a thread) against an estimate, or a sequence's values computed against
//! the last heap asked for, with the values a second and the time left. It appears only after
//! about a second, and never when stderr is not a terminal. When stderr is a file (a run of
//! hours under `nohup`, or `2> log`) a sequence's run writes a plain line instead every
//! [`PLAIN_EVERY`], the first after as long; into a pipe (tests, a reader that waits for the
//! end) nothing.

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
    /// Watches `counter`, counting `count`; `total` is the expected number when known, else
    /// a cell where the run's planner puts it ([`crate::solver::Budget::planned`]; 0 until
    /// then), read when the bar is drawn.
    pub fn counting(
        counter: Arc<AtomicUsize>,
        count: Count,
        total: Result<u64, Arc<AtomicUsize>>,
        what: String,
    ) -> Progress {
        let stop = Arc::new(AtomicBool::new(false));
        let s = stop.clone();
        let thread = match count {
            _ if std::io::stderr().is_terminal() => {
                std::thread::spawn(move || run(&counter, count, &total, &what, &s))
            }
            Count::Values { from } if stderr_is_file() => {
                std::thread::spawn(move || plain(&counter, from, known(&total), PLAIN_EVERY, &s))
            }
            Count::Values { .. } | Count::Positions => return Progress { stop, thread: None },
        };
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

/// Whether stderr is a regular file (a log), not a pipe, a terminal or a device.
fn stderr_is_file() -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd as _;
        let file = std::io::stderr()
            .as_fd()
            .try_clone_to_owned()
            .map(std::fs::File::from);
        file.and_then(|f| f.metadata()).is_ok_and(|m| m.is_file())
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// How often a sequence's run writes a plain progress line when stderr is not a terminal.
pub const PLAIN_EVERY: Duration = Duration::from_secs(10);

/// The plain progress line of a sequence: the values computed (`done`, of which `from` were
/// there before the run) of `total`, after `secs` seconds.
fn plain_line(done: u64, from: u64, total: Option<u64>, secs: f64) -> String {
    let rate = done.saturating_sub(from) as f64 / secs.max(1e-9);
    let mut line = format!("heapgame sequence: {} values", HumanCount(done));
    if let Some(t) = total {
        let percent = (done as f64 * 100.0 / t.max(1) as f64).floor();
        let _ = write!(line, " of {} ({percent}%)", HumanCount(t));
    }
    let _ = write!(
        line,
        ", {} a second, {} elapsed",
        HumanCount(rate as u64),
        clock(secs as u64)
    );
    if let Some(t) = total.filter(|_| rate > 0.0) {
        let left = t.saturating_sub(done) as f64 / rate;
        let _ = write!(line, ", about {} left", clock(left as u64));
    }
    line
}

/// Writes [`plain_line`] to stderr every `every` until `stop`.
fn plain(counter: &AtomicUsize, from: u64, total: Option<u64>, every: Duration, stop: &AtomicBool) {
    let begin = Instant::now();
    let mut next = every;
    while !stop.load(Ordering::Relaxed) {
        if begin.elapsed() >= next {
            let done = (counter.load(Ordering::Relaxed) as u64).max(from);
            let secs = begin.elapsed().as_secs_f64();
            eprintln!("{}", plain_line(done, from, total, secs));
            next += every;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
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

/// The total of a bar: given, or planned by now (0: not yet).
fn known(total: &Result<u64, Arc<AtomicUsize>>) -> Option<u64> {
    match total {
        Ok(t) => Some(*t),
        Err(cell) => Some(cell.load(Ordering::Relaxed) as u64).filter(|&t| t > 0),
    }
}

fn run(
    counter: &AtomicUsize,
    count: Count,
    total: &Result<u64, Arc<AtomicUsize>>,
    what: &str,
    stop: &AtomicBool,
) {
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
    let bar = match known(total) {
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

    #[test]
    fn the_plain_line_says_the_values_the_pace_and_the_time_left() {
        // 1,000 values there before the run, 21,000 after 10 s: 2,000 a second, and the
        // 80,000 left take 40 s.
        assert_eq!(
            super::plain_line(21_000, 1_000, Some(101_000), 10.0),
            "heapgame sequence: 21,000 values of 101,000 (20%), 2,000 a second, 10s \
             elapsed, about 40s left"
        );
        assert_eq!(
            super::plain_line(500, 0, None, 2.0),
            "heapgame sequence: 500 values, 250 a second, 2s elapsed"
        );
    }
}
