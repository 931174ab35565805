//! A clock the front end supplies, and a deadline on it. The time is a duration since a fixed
//! instant of the clock's own: the command line and Python read [`Clock::system`] (an
//! `Instant`), the playground the page's clock (`Instant` panics on wasm32), a test a clock
//! it moves itself. A budget's deadline ([`super::Budget::deadline`]) and `check --time`'s
//! deepening read nothing else.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// The time since a fixed instant of the clock's own. Cheap to clone (shared).
#[derive(Clone)]
pub struct Clock(Arc<dyn Fn() -> Duration + Send + Sync>);

impl Clock {
    /// A clock that reads `now`.
    pub fn new(now: impl Fn() -> Duration + Send + Sync + 'static) -> Clock {
        Clock(Arc::new(now))
    }

    /// The process's monotonic clock (`Instant`, from the first time it is read). Not on
    /// wasm32, where `Instant` panics: the playground gives its own.
    pub fn system() -> Clock {
        static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        Clock::new(|| START.get_or_init(std::time::Instant::now).elapsed())
    }

    /// The time now.
    pub fn now(&self) -> Duration {
        (self.0)()
    }

    /// The deadline `after` from now.
    pub fn deadline(&self, after: Duration) -> Deadline {
        Deadline {
            at: self.now().saturating_add(after),
            clock: self.clone(),
        }
    }

    /// The deadline at `at` on this clock.
    pub fn at(&self, at: Duration) -> Deadline {
        Deadline {
            at,
            clock: self.clone(),
        }
    }
}

impl fmt::Debug for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Clock")
    }
}

/// A point in time on a clock: a run stops once it has passed.
#[derive(Clone, Debug)]
pub struct Deadline {
    /// The clock it is read on.
    pub clock: Clock,
    /// The time on that clock.
    pub at: Duration,
}

impl Deadline {
    /// Whether the clock has reached it.
    pub fn passed(&self) -> bool {
        self.clock.now() >= self.at
    }

    /// The time left before it.
    pub fn left(&self) -> Duration {
        self.at.saturating_sub(self.clock.now())
    }

    /// The earlier of this deadline and `at` on the same clock.
    pub fn min(&self, at: Duration) -> Deadline {
        self.clock.at(self.at.min(at))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn a_deadline_passes_when_its_clock_reaches_it() {
        let t = Arc::new(AtomicU64::new(5));
        let read = t.clone();
        let clock = Clock::new(move || Duration::from_secs(read.load(Ordering::Relaxed)));
        let d = clock.deadline(Duration::from_secs(10));
        assert_eq!(d.at, Duration::from_secs(15));
        assert!(!d.passed());
        assert_eq!(d.left(), Duration::from_secs(10));
        t.store(15, Ordering::Relaxed);
        assert!(d.passed());
        assert_eq!(d.left(), Duration::ZERO);
        assert_eq!(d.min(Duration::from_secs(3)).at, Duration::from_secs(3));
    }
}
