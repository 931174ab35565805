//! What memory the machine lets this process take, for the default memory limit: the least of
//! the memory available (MemAvailable in /proc/meminfo), what the address-space limit
//! (`RLIMIT_AS`, `ulimit -v`) leaves above the address space in use, and what the control
//! group's limit (cgroup v2 `memory.max`, v1 `memory.limit_in_bytes`) leaves above its usage.
//! Each is read where the platform has it (Linux); an unknown one does not count.

/// Memory this process may still take, in bytes, and what bounds it, in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Headroom {
    /// The bytes.
    pub bytes: u64,
    /// "available", "the address-space limit (ulimit -v) leaves", "the cgroup's limit leaves".
    pub source: &'static str,
}

/// The least of the bounds known on this machine; `None` when none is known.
pub fn headroom() -> Option<Headroom> {
    let bounds = [
        available_memory().map(|b| (b, "available")),
        address_space_left().map(|b| (b, "the address-space limit (ulimit -v) leaves")),
        cgroup_left().map(|b| (b, "the cgroup's memory limit leaves")),
    ];
    bounds
        .into_iter()
        .flatten()
        .min_by_key(|&(b, _)| b)
        .map(|(bytes, source)| Headroom { bytes, source })
}

/// MemAvailable from /proc/meminfo, in bytes (Linux); `None` elsewhere.
fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// The soft `RLIMIT_AS` less the address space in use (/proc/self/statm's first field), when
/// the limit is set.
fn address_space_left() -> Option<u64> {
    let limit = address_space_limit()?;
    Some(limit.saturating_sub(virtual_bytes().unwrap_or(0)))
}

/// The soft `RLIMIT_AS` in bytes, when set.
#[cfg(unix)]
pub fn address_space_limit() -> Option<u64> {
    use rustix::process::{getrlimit, Resource};
    getrlimit(Resource::As).current
}

/// No address-space limit is known off Unix.
#[cfg(not(unix))]
pub fn address_space_limit() -> Option<u64> {
    None
}

/// The address space of this process in bytes, from /proc/self/statm (pages of 4 KiB, as
/// [`super::watchdog::resident_bytes`] reads them).
pub fn virtual_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().next()?.parse().ok()?;
    pages.checked_mul(4096)
}

/// The control group's memory limit less its usage: cgroup v2 (`memory.max`,
/// `memory.current` in the process's group, from /proc/self/cgroup), else v1
/// (`memory.limit_in_bytes`, `memory.usage_in_bytes`). `None` when there is no limit ("max",
/// or v1's huge "unlimited" value) or no cgroup file.
fn cgroup_left() -> Option<u64> {
    let read = |p: &str| -> Option<u64> { std::fs::read_to_string(p).ok()?.trim().parse().ok() };
    let groups = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let v2 = groups
        .lines()
        .find_map(|l| l.strip_prefix("0::"))
        .unwrap_or("/")
        .trim_end_matches('/');
    for dir in [format!("/sys/fs/cgroup{v2}"), "/sys/fs/cgroup".to_string()] {
        if let Some(max) = read(&format!("{dir}/memory.max")) {
            let used = read(&format!("{dir}/memory.current")).unwrap_or(0);
            return Some(max.saturating_sub(used));
        }
    }
    let v1 = "/sys/fs/cgroup/memory";
    let max = read(&format!("{v1}/memory.limit_in_bytes"))?;
    // "No limit" is a page-rounded i64::MAX.
    if max >= 1 << 60 {
        return None;
    }
    let used = read(&format!("{v1}/memory.usage_in_bytes")).unwrap_or(0);
    Some(max.saturating_sub(used))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headroom_is_the_least_bound() {
        // Whatever this machine has, the headroom is no more than MemAvailable.
        if let (Some(h), Some(a)) = (headroom(), available_memory()) {
            assert!(h.bytes <= a, "{h:?} > {a}");
        }
    }
}
