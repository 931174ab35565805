//! What a floor above derives from a generator's moves for one box, kept with the generator so
//! that it is built once however often it is asked (the cube kernel's plan: the solver's choice
//! of a mode, the kernel's solve and a position's lookup each ask it for the same box). A
//! generator's moves, shape and parameters never change once it is made, so an entry is keyed
//! by the box alone; another ruleset or another parameter is another generator, with its own
//! entries. A clone starts empty.

use std::any::Any;
use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

/// Entries kept: the boxes a run asks about are the current one and the next.
const KEPT: usize = 4;

/// A box: (heaps, smallest heap size, largest heap size).
pub type BoxKey = (usize, u32, u32);

type Entry = (BoxKey, Arc<dyn Any + Send + Sync>);

/// The derived values of a generator, the most recent [`KEPT`] (a box and a type of value).
#[derive(Default)]
pub struct Derived {
    entries: Mutex<Vec<Entry>>,
    /// How many values were built (not found).
    built: Mutex<usize>,
}

impl Derived {
    /// The value of type `T` for `key`, built by `make` when none is kept (outside the lock:
    /// two threads may both build it; one is kept).
    pub fn get_or_build<T: Any + Send + Sync>(
        &self,
        key: BoxKey,
        make: impl FnOnce() -> T,
    ) -> Arc<T> {
        let found = {
            let entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
            entries
                .iter()
                .find(|(k, v)| *k == key && (**v).is::<T>())
                .and_then(|(_, v)| Arc::clone(v).downcast::<T>().ok())
        };
        if let Some(v) = found {
            return v;
        }
        let v = Arc::new(make());
        *self.built.lock().unwrap_or_else(PoisonError::into_inner) += 1;
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        entries.retain(|(k, v)| !(*k == key && (**v).is::<T>()));
        if entries.len() >= KEPT {
            entries.remove(0);
        }
        entries.push((key, Arc::clone(&v) as Arc<dyn Any + Send + Sync>));
        v
    }

    /// How many values [`Derived::get_or_build`] built (for tests of the reuse).
    pub fn built(&self) -> usize {
        *self.built.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Clone for Derived {
    fn clone(&self) -> Self {
        Derived::default()
    }
}

impl fmt::Debug for Derived {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.entries.lock().map_or(0, |e| e.len());
        write!(f, "Derived({n} kept)")
    }
}

#[cfg(test)]
mod tests {
    use super::Derived;

    #[test]
    fn a_box_is_built_once_and_the_oldest_is_dropped_past_the_kept() {
        let d = Derived::default();
        assert_eq!(*d.get_or_build((2, 0, 10), || 10u32), 10);
        assert_eq!(*d.get_or_build((2, 0, 10), || 99u32), 10);
        assert_eq!(d.built(), 1);
        for m in 11..=14 {
            d.get_or_build((2, 0, m), || m);
        }
        assert_eq!(d.built(), 5);
        // (2, 0, 10) was the oldest of five: built again.
        assert_eq!(*d.get_or_build((2, 0, 10), || 7u32), 7);
        assert_eq!(d.built(), 6);
        // A clone keeps nothing.
        assert_eq!(*d.clone().get_or_build((2, 0, 14), || 0u32), 0);
    }
}
