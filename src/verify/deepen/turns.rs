//! The turns of the runs deepened together ([`super::check_deepening_all`]): which run goes
//! next, and until when. Each run's part of the time is its open claims' share of the whole;
//! the run that has spent the least per open claim goes next, until its part is spent. A
//! run whose next region will not fit in what its part has left (its expected time, from the
//! last region of its kind: [`Deepening::need`]) lends what is left to the runs whose next
//! region fits, rather than spend it on a region the time would cut; when no run's next
//! region fits, the time left goes to the run whose next region is the cheapest. A region cut
//! all the same is kept, and resumed at the run's next turn.

use std::time::Duration;

use super::parts::Resume;
use super::{CheckError, Deepening};

/// The least a turn may take: a look at the clock and one chunk of positions.
const MOMENT: Duration = Duration::from_millis(50);

/// The run that goes next, and how long it may take, from the `runs` (those with an error
/// are done); `time`: the whole time, `left`: what is left of it. `None` when no run has a
/// claim left to compare.
pub(super) fn next(
    runs: &[Deepening<'_>],
    errors: &[Option<CheckError>],
    (time, left): (Duration, Duration),
) -> Option<(usize, Duration)> {
    let live: Vec<usize> = (0..runs.len())
        .filter(|&i| errors[i].is_none() && !runs[i].finished && runs[i].open() > 0)
        .collect();
    let open: usize = live.iter().map(|&i| runs[i].open()).sum();
    // Run i's part of the whole time, less what it spent.
    let part_left = |i: usize| {
        let part = time.mul_f64(runs[i].open() as f64 / open as f64);
        part.saturating_sub(runs[i].spent)
    };
    let per_claim = |i: usize| runs[i].spent.as_secs_f64() / runs[i].open() as f64;
    let fits = |i: usize| runs[i].need().is_none_or(|n| n <= part_left(i));
    let using: Vec<usize> = live.iter().copied().filter(|&i| fits(i)).collect();
    let Some(i) = (using.iter().copied()).min_by(|&a, &b| per_claim(a).total_cmp(&per_claim(b)))
    else {
        // No run's next region fits in its part: the time left to the cheapest.
        let i = (live.iter().copied()).min_by(|&a, &b| {
            let need = |i: usize| runs[i].need().unwrap_or(Duration::ZERO);
            need(a)
                .cmp(&need(b))
                .then(per_claim(a).total_cmp(&per_claim(b)))
        })?;
        return Some((i, left.max(MOMENT)));
    };
    // What the lenders leave: the time left past the parts the other runs will use, shared
    // among those by their open claims.
    let lent = if using.len() < live.len() {
        let kept: Duration = using.iter().map(|&j| part_left(j)).sum();
        let using_open: usize = using.iter().map(|&j| runs[j].open()).sum();
        (left.saturating_sub(kept)).mul_f64(runs[i].open() as f64 / using_open as f64)
    } else {
        Duration::ZERO
    };
    Some((i, (part_left(i) + lent).max(MOMENT)))
}

impl Deepening<'_> {
    /// The time the run's next region of the growth is expected to take: twice the last one
    /// of its kind (box or total, each about twice the positions of the last), less what a
    /// region resumed took so far (at least an eighth of it); `None` while sampling, before
    /// two regions, or with named positions still to visit.
    pub(super) fn need(&self) -> Option<Duration> {
        let k = self.took.len();
        if self.sampling || !self.named.is_empty() || k < 2 {
            return None;
        }
        let whole = self.took[k - 2].saturating_mul(2);
        Some(match self.pending {
            Some((_, Resume::Swept(_) | Resume::Listed(_))) => {
                (whole.saturating_sub(self.this_region)).max(whole / 8)
            }
            Some((_, Resume::Start)) | None => whole,
        })
    }
}
