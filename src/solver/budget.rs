//! What a solve may spend, and how the outside world watches and stops it: a position limit,
//! a cancel flag (set by Ctrl-C or a REPL), and a shared counter of positions stored that a
//! progress bar can read from another thread, a deadline (`--time`), and the memory limit
//! that a table predicted before it is allocated must fit in. Every solver mode checks the
//! same budget.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use super::clock::Deadline;

/// Limits and hooks shared by every solver mode. Cheap to clone (the hooks are shared).
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// Stop once more than this many positions are stored.
    pub max_positions: Option<usize>,
    /// Stop once this flag is set (checked every [`Budget::CHECK_EVERY`] positions).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Kept equal to the number of positions stored (updated every `CHECK_EVERY` positions).
    pub progress: Option<Arc<AtomicUsize>>,
    /// Stop once this deadline has passed, on the clock the caller gave (looked at with the
    /// cancel flag); the stop is a [`Stop::Cancelled`], and the caller, who set the deadline,
    /// says which it was.
    pub deadline: Option<Deadline>,
    /// The memory limit, in bytes, when one is known (`--max-memory`, or the machine's): a
    /// table a solver can predict before allocating it (one block of memory, not grown a
    /// position at a time) is refused when [`Budget::affords`] says it does not fit, instead
    /// of the allocation failing (which aborts the process).
    pub max_bytes: Option<u64>,
    /// Raised when a block of memory was refused for not fitting ([`Budget::reserve`]): the
    /// stop is then a [`Stop::Cancelled`], and the caller, who set the limit, reports it as
    /// the memory limit (as when its memory guard stops a run).
    pub memory_refused: Option<Arc<AtomicBool>>,
    /// Set to the number of positions the run plans to store by whoever plans it (the query
    /// floor, once the box is known), so that a progress bar started before the plan shows a
    /// total; 0 while it is not known.
    pub planned: Option<Arc<AtomicUsize>>,
}

/// The followers of one position generated so far, and the stop if the budget ended the
/// generation ([`Budget::stop_generating`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FollowerWatch {
    seen: usize,
    /// Why the generation was stopped, if it was.
    pub stopped: Option<Stop>,
}

/// Why a budget stopped a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The position limit was reached.
    Limit {
        /// The limit.
        limit: usize,
    },
    /// The cancel flag was set, or the deadline passed.
    Cancelled,
}

impl Budget {
    /// How often (in positions stored) the cancel flag and progress counter are looked at.
    pub(crate) const CHECK_EVERY: usize = 1024;

    /// A budget with only a position limit.
    pub fn with_limit(max_positions: Option<usize>) -> Budget {
        Budget {
            max_positions,
            ..Budget::default()
        }
    }

    /// Called with the number of positions stored before storing one more, and `tick`, a count
    /// of steps that grows at every call (frames pushed): the cancel flag and the progress
    /// counter are looked at every [`Budget::CHECK_EVERY`] ticks. (Counting stored positions
    /// instead would never look again while a search only revisits stored positions.)
    #[inline]
    pub fn check(&self, stored: usize, tick: usize) -> Result<(), Stop> {
        if let Some(limit) = self.max_positions {
            if stored >= limit {
                return Err(Stop::Limit { limit });
            }
        }
        if tick.is_multiple_of(Self::CHECK_EVERY) {
            if let Some(p) = &self.progress {
                p.store(stored, Ordering::Relaxed);
            }
            self.look()?;
        }
        Ok(())
    }

    /// Like [`Budget::check`], looking at the cancel flag and progress counter every time.
    pub(crate) fn check_now(&self, stored: usize) -> Result<(), Stop> {
        if let Some(limit) = self.max_positions {
            if stored >= limit {
                return Err(Stop::Limit { limit });
            }
        }
        if let Some(p) = &self.progress {
            p.store(stored, Ordering::Relaxed);
        }
        self.look()
    }

    /// How often (in followers generated for one position) a search looks at the cancel flag
    /// and the deadline ([`Budget::interrupted`]), so that one position with very many
    /// followers cannot keep a run from stopping.
    pub(crate) const FOLLOWERS_EVERY: usize = 1 << 14;

    /// The check a move generator makes now and then inside one position's followers (and
    /// inside a quantifier of a `where`): true once the cancel flag is set or the deadline
    /// has passed. `None` when the budget has neither, so nothing is asked.
    pub(crate) fn as_interrupt(&self) -> Option<crate::moves::Interrupt> {
        if self.cancel.is_none() && self.deadline.is_none() {
            return None;
        }
        let b = self.clone();
        Some(Arc::new(move || b.interrupted().is_err()))
    }

    /// Whether a table of `bytes` fits: within three quarters of the memory limit (where the
    /// memory guard of the command line stops a run), and always when no limit is known (the
    /// allocation itself is then made fallibly, `try_reserve`).
    pub fn affords(&self, bytes: u128) -> bool {
        self.max_bytes
            .is_none_or(|cap| bytes <= u128::from(cap - cap / 4))
    }

    /// Room for a block of `bytes` (a vector about to grow to it): `Ok` when it fits
    /// ([`Budget::affords`]); else the refusal is marked ([`Budget::memory_refused`]) and the
    /// stop returned, before anything is allocated.
    pub(crate) fn reserve(&self, bytes: u128) -> Result<(), Stop> {
        if self.affords(bytes) {
            return Ok(());
        }
        Err(self.refuse_memory())
    }

    /// Marks a block of memory refused (it does not fit, or its allocation failed): the stop
    /// that ends the run.
    pub(crate) fn refuse_memory(&self) -> Stop {
        if let Some(flag) = &self.memory_refused {
            flag.store(true, Ordering::SeqCst);
        }
        Stop::Cancelled
    }

    /// Whether a block of memory was refused in this run ([`Budget::reserve`]).
    pub fn refused_memory(&self) -> bool {
        self.memory_refused
            .as_ref()
            .is_some_and(|f| f.load(Ordering::SeqCst))
    }

    /// Grows `v` (by doubling, as a vector does) so that `more` values fit, within the memory
    /// limit and fallibly: the stop when the grown block does not fit or cannot be allocated.
    #[inline]
    pub fn grow<T>(&self, v: &mut Vec<T>, more: usize) -> Result<(), Stop> {
        if v.capacity() - v.len() >= more {
            return Ok(());
        }
        self.grow_past_capacity(v, more)
    }

    /// [`Budget::grow`] when `v` must be reallocated.
    #[cold]
    fn grow_past_capacity<T>(&self, v: &mut Vec<T>, more: usize) -> Result<(), Stop> {
        let need = v.len().saturating_add(more);
        let cap = need.max(v.capacity().saturating_mul(2));
        let bytes = (cap as u128).saturating_mul(std::mem::size_of::<T>() as u128);
        self.reserve(bytes)?;
        v.try_reserve(cap - v.len())
            .map_err(|_| self.refuse_memory())
    }

    /// A zeroed table of `len` values, or `None` when it does not fit ([`Budget::affords`])
    /// or cannot be allocated: never an allocation failure that aborts the process.
    pub fn table<T: Clone + Default>(&self, len: usize) -> Option<Vec<T>> {
        let bytes = (len as u128).saturating_mul(std::mem::size_of::<T>() as u128);
        if !self.affords(bytes) {
            return None;
        }
        let mut v = Vec::new();
        v.try_reserve_exact(len).ok()?;
        v.resize(len, T::default());
        Some(v)
    }

    /// The cancel flag and the deadline, looked at every [`Budget::CHECK_EVERY`] ticks (`tick`
    /// grows at every call): for loops that store no positions.
    #[inline]
    pub fn every(&self, tick: usize) -> Result<(), Stop> {
        if tick.is_multiple_of(Self::CHECK_EVERY) {
            self.look()?;
        }
        Ok(())
    }

    /// The cancel flag and the deadline only (not the position limit): whether the run must
    /// stop now.
    pub(crate) fn interrupted(&self) -> Result<(), Stop> {
        self.look()
    }

    /// Counts one more follower of the position in `watch`; every
    /// [`Budget::FOLLOWERS_EVERY`] followers, looks whether the run must stop (keeping the
    /// stop in `watch`). True when the generation should stop.
    pub(crate) fn stop_generating(&self, watch: &mut FollowerWatch) -> bool {
        watch.seen += 1;
        if watch.seen.is_multiple_of(Self::FOLLOWERS_EVERY) {
            if let Err(stop) = self.look() {
                watch.stopped = Some(stop);
                return true;
            }
        }
        false
    }

    /// The cancel flag and the deadline.
    fn look(&self) -> Result<(), Stop> {
        if self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
            || self.past_deadline()
        {
            return Err(Stop::Cancelled);
        }
        Ok(())
    }

    /// Whether the deadline has passed (so that a [`Stop::Cancelled`] was the clock's).
    pub fn past_deadline(&self) -> bool {
        self.deadline.as_ref().is_some_and(Deadline::passed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limit_and_cancel_stop() {
        let b = Budget::with_limit(Some(10));
        assert_eq!(b.check(9, 9), Ok(()));
        assert_eq!(b.check(10, 10), Err(Stop::Limit { limit: 10 }));
        let flag = Arc::new(AtomicBool::new(false));
        let progress = Arc::new(AtomicUsize::new(0));
        let b = Budget {
            cancel: Some(flag.clone()),
            progress: Some(progress.clone()),
            ..Budget::default()
        };
        assert_eq!(b.check(2048, 2048), Ok(()));
        assert_eq!(progress.load(Ordering::Relaxed), 2048);
        flag.store(true, Ordering::Relaxed);
        assert_eq!(
            b.check(2049, 2049),
            Ok(()),
            "only looked at every CHECK_EVERY"
        );
        assert_eq!(b.check(3072, 3072), Err(Stop::Cancelled));
        // The ticks decide, not the positions stored: a search revisiting stored positions
        // still sees the flag.
        assert_eq!(b.check(5, 4096), Err(Stop::Cancelled));
    }

    #[test]
    fn tables_within_the_memory_limit() {
        let b = Budget {
            max_bytes: Some(4000),
            ..Budget::default()
        };
        assert!(b.affords(3000));
        assert!(!b.affords(3001));
        assert_eq!(b.table::<u32>(750).map(|t| t.len()), Some(750));
        assert!(b.table::<u32>(751).is_none());
        // No limit known: an allocation that cannot be made is refused, not an abort.
        assert!(Budget::default().table::<u64>(usize::MAX / 4).is_none());
        assert!(Budget::default().table::<u8>(10).is_some());
    }

    #[test]
    fn deadline_stops() {
        use crate::solver::clock::Clock;
        use std::time::Duration;
        let clock = Clock::new(|| Duration::from_secs(100));
        let b = Budget {
            deadline: Some(clock.at(Duration::from_secs(101))),
            ..Budget::default()
        };
        assert_eq!(b.check(0, 0), Ok(()));
        assert!(!b.past_deadline());
        let b = Budget {
            deadline: Some(clock.at(Duration::from_secs(100))),
            ..Budget::default()
        };
        assert_eq!(b.check(1, 1), Ok(()), "only looked at every CHECK_EVERY");
        assert_eq!(b.check(1, 1024), Err(Stop::Cancelled));
        assert_eq!(b.check_now(1), Err(Stop::Cancelled));
        assert!(b.past_deadline());
    }
}
