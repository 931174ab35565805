//! The memory guard of a solve. The position limit bounds the memo table, but the search's
//! own stacks (every follower of every position on the DFS stack) can grow past it on games
//! with many followers; so a thread watches the process's resident memory (and, under an
//! address-space limit, `ulimit -v`, its address space: past seven eighths of it). Past the limit it
//! sets the cancel flag (the limit counts the whole process's resident memory, what
//! `/usr/bin/time -f %M` reports, the program and the ruleset included; the flag is set at
//! three quarters of it), and the solve stops at its
//! next check with a limit error; if the solve does not reach a check soon (memory reaching
//! the limit itself, or two seconds gone), the guard reports the limit and ends the process
//! with exit code 2. Nothing is printed before
//! a solve ends, so ending the process leaves no half output.

use std::io::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A running guard; stopped when dropped.
pub struct Watchdog {
    stop: Arc<AtomicBool>,
    hit: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

/// Resident memory of this process in bytes, from /proc/self/statm (Linux; pages of 4 KiB,
/// the page size of the platforms this reads on).
pub fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    pages.checked_mul(4096)
}

impl Watchdog {
    /// Watches the resident memory against `cap` bytes in all; `cancel` is the solve's cancel
    /// flag; `message` is printed (already rendered) if the guard must end the process.
    pub fn start(cap: u64, cancel: Arc<AtomicBool>, message: String) -> Watchdog {
        let stop = Arc::new(AtomicBool::new(false));
        let hit = Arc::new(AtomicBool::new(false));
        if resident_bytes().is_none() {
            return Watchdog {
                stop,
                hit,
                thread: None,
            };
        }
        // The solve is asked to stop at three quarters of the limit, so that memory taken
        // while it reaches its next check stays within the limit; fifteen sixteenths end the
        // process (the last sixteenth is for what a few milliseconds between looks can take).
        let hard = cap - cap / 16;
        let cap = cap - cap / 4;
        // Under an address-space limit (`ulimit -v`) the address space, not the resident
        // memory, is what runs out: stop at seven eighths of it, before an allocation fails.
        let vcap = super::machine::address_space_limit().map(|l| l - l / 8);
        let over = move || {
            resident_bytes().is_some_and(|r| r > cap)
                || vcap.is_some_and(|v| super::machine::virtual_bytes().is_some_and(|x| x > v))
        };
        // Over already (a ruleset that takes the memory once read): the solve is stopped at
        // its first look, not when the thread happens to look, which a loaded machine delays
        // past the end of a short run.
        if over() {
            hit.store(true, Ordering::SeqCst);
            cancel.store(true, Ordering::SeqCst);
        }
        let (s, h) = (stop.clone(), hit.clone());
        let thread = std::thread::spawn(move || {
            while !s.load(Ordering::Relaxed) {
                // Parked rather than asleep, so that the guard's drop ends it at once.
                std::thread::park_timeout(Duration::from_millis(5));
                if s.load(Ordering::Relaxed) {
                    return;
                }
                if over() {
                    h.store(true, Ordering::SeqCst);
                    cancel.store(true, Ordering::SeqCst);
                    let since = Instant::now();
                    while !s.load(Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(5));
                        let over = resident_bytes().is_some_and(|r| r > hard);
                        if over || since.elapsed() > Duration::from_secs(2) {
                            let _ = writeln!(std::io::stderr(), "{message}");
                            std::process::exit(2);
                        }
                    }
                    return;
                }
            }
        });
        Watchdog {
            stop,
            hit,
            thread: Some(thread),
        }
    }

    /// Whether the guard stopped the solve.
    pub fn hit(&self) -> bool {
        self.hit.load(Ordering::SeqCst)
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            t.thread().unpark();
            let _ = t.join();
        }
    }
}
