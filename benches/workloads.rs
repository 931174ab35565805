//! The benchmark workloads of issue 5: for each, heapgame on its bundled ruleset and a plain
//! hand-written Rust solver for the same game with the same algorithm, timed in the same run.
//! Every hand-written answer is compared with heapgame's position by position; a difference
//! aborts the run.
//!
//! `cargo bench --bench workloads -- [--write docs/performance.md] [--cap SECS] [--only NAME]
//! [--quick] [--scale D]`
//!
//! `--only` runs the workloads whose label contains NAME (`1a`, `6`, `9` for the rulesets of
//! issue 19, `10` for the clauses of issue 34, `11` for Wythoff's claims checked, `par` for the parallel table); `--quick` runs 1b at 2000 instead of the 10^4 (whose hand-written side takes
//! minutes: see `benches/notes.md`).
//! `--scale D` divides the sizes of rows 9a-9f by D (for an instruction count under
//! `valgrind --tool=callgrind`).
//! `--cap` (default 120) stops heapgame on a workload after that many seconds (through the
//! solver budget's cancel flag) and reports the workload as not finished.

mod claim_rows;
mod hand;
mod octal_rows;
mod user_rows;

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use heapgame::solver::{solve_box, BoxSpec, BoxValues, Budget, Want};
use heapgame::{Game, Outcome, SolveError};

/// Counts live heap bytes and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator unchanged; only counts bytes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let p = System.alloc(l);
        if !p.is_null() {
            let now = LIVE.fetch_add(l.size(), Ordering::Relaxed) + l.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        System.dealloc(p, l);
        LIVE.fetch_sub(l.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        let q = System.realloc(p, l, new);
        if !q.is_null() {
            if new >= l.size() {
                let now = LIVE.fetch_add(new - l.size(), Ordering::Relaxed) + new - l.size();
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                LIVE.fetch_sub(l.size() - new, Ordering::Relaxed);
            }
        }
        q
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Runs `f`, returning its result, wall time and peak heap bytes above the start.
fn measure<T>(f: impl FnOnce() -> T) -> (T, Duration, usize) {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let t = Instant::now();
    let r = f();
    let d = t.elapsed();
    (r, d, PEAK.load(Ordering::Relaxed) - base)
}

/// One line of the report.
struct Row {
    name: String,
    positions: usize,
    heapgame: Result<Duration, String>,
    hand: Duration,
    hg_peak: usize,
    hand_peak: usize,
    mode: String,
}

fn load(rel: &str, params: &[(&str, &str)]) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    match Game::load_file(&path, params) {
        Ok(g) => g,
        Err(e) => panic!("loading {rel}: {e:?}"),
    }
}

/// A budget whose cancel flag is set after `cap`; drop the returned sender to stop the timer.
fn capped(cap: Duration) -> (Budget, mpsc::Sender<()>) {
    let flag = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<()>();
    let f = flag.clone();
    std::thread::spawn(move || {
        if let Err(mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(cap) {
            f.store(true, Ordering::Relaxed);
        }
    });
    let budget = Budget {
        cancel: Some(flag),
        ..Budget::default()
    };
    (budget, tx)
}

/// Why a heapgame side has no time: it reached the cap.
fn stopped_at_cap(cap: Duration, stored: usize) -> String {
    format!(
        "stopped at the {}s cap ({stored} positions stored)",
        cap.as_secs()
    )
}

fn fail(what: &str, pos: &[u32], hg: impl std::fmt::Debug, hand: impl std::fmt::Debug) -> ! {
    eprintln!("MISMATCH in {what} at {pos:?}: heapgame {hg:?}, hand-written {hand:?}");
    std::process::exit(1);
}

/// Runs heapgame's box solver under the cap.
fn hg_box(
    game: &Game,
    max: u32,
    heaps: usize,
    want: Want,
    cap: Duration,
) -> (Result<BoxValues, String>, Duration, usize) {
    let spec = BoxSpec::new(game.shape(), max, heaps).expect("the benchmark boxes fit");
    let (budget, stop) = capped(cap);
    let (r, d, peak) = measure(|| solve_box(game.generator(), &spec, want, &budget));
    drop(stop);
    let r = r.map_err(|e| match e {
        SolveError::Cancelled { stored } => stopped_at_cap(cap, stored),
        e => panic!("heapgame failed: {e}"),
    });
    (r, d, peak)
}

/// A box workload: heapgame's table against `hand` (value of a canonical position: the Grundy
/// value, or 0 for P and 1 for N).
#[allow(clippy::too_many_arguments)]
fn box_workload<H>(
    name: &str,
    game: &Game,
    max: u32,
    heaps: usize,
    want: Want,
    cap: Duration,
    solve_hand: impl FnOnce() -> H,
    value: impl Fn(&H, &[u32]) -> u32,
) -> Row {
    eprintln!("{name}: heapgame ...");
    let (hg, hg_time, hg_peak) = hg_box(game, max, heaps, want, cap);
    eprintln!("{name}: hand-written ...");
    let (h, hand_time, hand_peak) = measure(solve_hand);
    let spec = BoxSpec::new(game.shape(), max, heaps).expect("the benchmark boxes fit");
    let mut mode = String::new();
    let heapgame = match hg {
        Ok(t) => {
            let mut pos = Vec::new();
            for r in 0..spec.len() {
                spec.unrank(r, &mut pos);
                let want_v = value(&h, &pos);
                if t.value(r) != want_v {
                    fail(name, &pos, t.value(r), want_v);
                }
            }
            mode = match t.kernel {
                Some(k) => format!("{:?} (kernel {k})", t.mode),
                None => format!("{:?}", t.mode),
            };
            Ok(hg_time)
        }
        Err(e) => Err(e),
    };
    Row {
        name: name.to_string(),
        positions: spec.len(),
        heapgame,
        hand: hand_time,
        hg_peak,
        hand_peak,
        mode,
    }
}

fn pn(b: bool) -> u32 {
    u32::from(!b)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut write = None;
    let mut cap = Duration::from_secs(120);
    let mut only: Option<String> = None;
    let mut full = true;
    let mut i = 1;
    while i < args.len() {
        match args[i].as_str() {
            "--write" => {
                write = args.get(i + 1).cloned();
                i += 1;
            }
            "--cap" => {
                cap = Duration::from_secs(
                    args.get(i + 1).and_then(|s| s.parse().ok()).unwrap_or(120),
                );
                i += 1;
            }
            "--only" => {
                only = args.get(i + 1).cloned();
                i += 1;
            }
            "--scale" => {
                let d = args.get(i + 1).and_then(|s| s.parse().ok()).unwrap_or(1);
                user_rows::SCALE.store(d, std::sync::atomic::Ordering::Relaxed);
                i += 1;
            }
            "--full" => full = true,
            "--quick" => full = false,
            _ => {} // `cargo bench` passes --bench.
        }
        i += 1;
    }
    let load_before = loadavg();
    let run = |n: &str| only.as_deref().is_none_or(|o| n.contains(o));
    // The main table compares single-threaded heapgame with the single-threaded hand-written
    // solvers: the parallel mode is measured on its own below.
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a thread pool");
    let (rows, wythoff) = one.install(|| workloads(&run, full, cap));
    let mut table = render(&rows.0, cap);
    table.push_str(&user_rows::section());
    if run("par") {
        table.push_str(&parallel_section(&wythoff, cap));
    }
    println!("{table}");
    if let Some(path) = write {
        let notes =
            std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/notes.md"))
                .unwrap_or_default();
        let machine = format!(
            "Machine: {} cores; load average (1, 5, 15 min) before the run {load_before}, after \
             it {} (other jobs share the machine).\n\n",
            std::thread::available_parallelism().map_or(0, std::num::NonZero::get),
            loadavg()
        );
        table.insert_str(0, &machine);
        let text = format!(
            "# Performance\n\nGenerated by `cargo bench --bench workloads -- --write docs/performance.md` \
             (do not edit by hand; the notes below the table come from `benches/notes.md`).\n\n{table}\n{notes}"
        );
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("writing {path}: {e}"));
        eprintln!("wrote {path}");
    }
}

/// The system load averages, from /proc/loadavg (empty where there is none).
fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(", "))
        .unwrap_or_default()
}

/// Runs the workloads of the main table.
fn workloads(run: &dyn Fn(&str) -> bool, full: bool, cap: Duration) -> (Rows, Game) {
    let mut rows = Rows(Vec::new());

    let wythoff = load("rulesets/classic/wythoff.game", &[]);
    if run("1a") {
        let n = 1000;
        rows.push(box_workload(
            "1a Wythoff, Grundy values, heaps <= 1000",
            &wythoff,
            n,
            2,
            Want::Grundy,
            cap,
            || hand::wythoff::grundy(n as usize),
            |h, p| h[p[0] as usize * (n as usize + 1) + p[1] as usize],
        ));
    }
    if run("1b") {
        // The 10^4; `--quick` stops at 2000 (the hand-written side is O(n^3)).
        let n: u32 = if full { 10_000 } else { 2_000 };
        rows.push(box_workload(
            &format!("1b Wythoff, P/N, heaps <= {n}"),
            &wythoff,
            n,
            2,
            Want::Outcome,
            cap,
            || hand::wythoff::outcomes(n as usize),
            |h, p| pn(h[p[0] as usize * (n as usize + 1) + p[1] as usize]),
        ));
    }
    let fz = load(
        "rulesets/fraenkel-zusman/fraenkel-zusman.game",
        &[("k", "3")],
    );
    if run("2a") {
        let n = 60;
        rows.push(box_workload(
            "2a Fraenkel-Zusman k = 3, P/N, heaps <= 60",
            &fz,
            n,
            3,
            Want::Outcome,
            cap,
            || hand::fz::outcomes(n as usize),
            |h, p| pn(h[hand::fz::index(n as usize, p)]),
        ));
    }
    if run("2b") {
        let n = 80;
        rows.push(box_workload(
            "2b Fraenkel-Zusman k = 3, Grundy values, heaps <= 80",
            &fz,
            n,
            3,
            Want::Grundy,
            cap,
            || hand::fz::grundy(n as usize),
            |h, p| h[hand::fz::index(n as usize, p)],
        ));
    }
    if run("3") {
        let moore = load("rulesets/fraenkel-zusman/moore-nim.game", &[("l", "2")]);
        let n = 60;
        rows.push(box_workload(
            "3 Moore's Nim_2, P/N, 4 heaps <= 60",
            &moore,
            n,
            4,
            Want::Outcome,
            cap,
            || hand::moore::outcomes(n as usize),
            |h, p| pn(h[hand::moore::index(n as usize, p)]),
        ));
    }
    let cookie = load("rulesets/propp/cookie.game", &[]);
    if run("4a") {
        rows.push(cookie_staircase(&cookie, 25, cap));
    }
    if run("4b") {
        let (n, k) = (12u32, 12usize);
        rows.push(box_workload(
            "4b Cookie game, P/N, up to 12 heaps <= 12",
            &cookie,
            n,
            k,
            Want::Outcome,
            cap,
            || {
                let mut c = hand::cookie::Cookie::default();
                // Solve every position of the box, as heapgame does.
                let mut all = Vec::new();
                let spec = BoxSpec::new(cookie.shape(), n, k).expect("fits");
                let mut pos = Vec::new();
                for r in 0..spec.len() {
                    spec.unrank(r, &mut pos);
                    let p8: Vec<u8> = pos.iter().map(|&x| x as u8).collect();
                    all.push(c.is_p(&p8));
                }
                (c, spec, all)
            },
            |(_, spec, all), p| pn(all[spec.rank(p).expect("in the box")]),
        ));
    }
    for (tag, file, variant) in [
        ("5a", "single-delete", hand::delete::Variant::Single),
        ("5b", "half-delete", hand::delete::Variant::Half),
    ] {
        if !run(tag) {
            continue;
        }
        let g = load(&format!("rulesets/abuku/{file}.game"), &[("n", "4")]);
        let n = 40u32;
        rows.push(box_workload(
            &format!("{tag} {} n = 4, P/N, heaps <= {n}", g.checked.name),
            &g,
            n,
            4,
            Want::Outcome,
            cap,
            || {
                let mut d = hand::delete::Delete::new(variant, n as usize);
                for x3 in 1..=n {
                    for x2 in 1..=x3 {
                        for x1 in 1..=x2 {
                            for x0 in 1..=x1 {
                                d.is_p([x0, x1, x2, x3]);
                            }
                        }
                    }
                }
                d
            },
            |d, p| pn(d.solved(p).expect("every position of the box was solved")),
        ));
    }
    if run("6") {
        let g = load("rulesets/fraenkel-larsson/beta-t-wynim.game", &[]);
        let n = 2000;
        rows.push(box_workload(
            "6 beta^T-Wynim, beta = pi, P/N, heaps <= 2000",
            &g,
            n,
            2,
            Want::Outcome,
            cap,
            || hand::wynim::outcomes(n as usize),
            |h, p| pn(h[p[0] as usize * (n as usize + 1) + p[1] as usize]),
        ));
    }

    if run("8") {
        let g = load("rulesets/abuku/single-delete.game", &[("n", "4")]);
        let n = 60u32;
        rows.push(box_workload(
            &format!("8 {} n = 4, Grundy values, heaps <= {n}", g.checked.name),
            &g,
            n,
            4,
            Want::Grundy,
            cap,
            || {
                let mut d = hand::single_delete::SingleDelete::new(n as usize);
                for x3 in 1..=n {
                    for x2 in 1..=x3 {
                        for x1 in 1..=x2 {
                            for x0 in 1..=x1 {
                                d.grundy([x0, x1, x2, x3]);
                            }
                        }
                    }
                }
                d
            },
            |d, p| d.solved(p).expect("every position of the box was solved"),
        ));
    }

    for r in octal_rows::rows(run, cap) {
        rows.push(r);
    }
    for r in user_rows::rows(run, cap) {
        rows.push(r);
    }
    for r in user_rows::clauses::rows(run, cap) {
        rows.push(r);
    }
    if run("11") {
        // Wythoff's claims over every position with heaps <= 10^4 (`--quick`: 2000).
        rows.push(claim_rows::row(if full { 10_000 } else { 2_000 }, cap));
    }

    (rows, wythoff)
}

/// The parallel table mode on 1 and 2 threads against the sequential table mode.
fn parallel_section(wythoff: &Game, cap: Duration) -> String {
    use heapgame::solver::modes::table_values;
    use heapgame::solver::parallel::layered_values;
    let half = load("rulesets/abuku/half-delete.game", &[("n", "4")]);
    let fz = load(
        "rulesets/fraenkel-zusman/fraenkel-zusman.game",
        &[("k", "3")],
    );
    let mut s = String::from(
        "\n## Parallel table mode\n\nThe same box solved by the sequential table mode and by the \
         layered parallel mode on rayon pools of 1 and 2 threads (this machine has 2 cores, \
         shared with other jobs: figures are noisy; each time is the least of three runs). \
         Speed-up = 1-thread time / 2-thread time.\n\n\
         | box | sequential table | layered, 1 thread | layered, 2 threads | speed-up |\n|---|---:|---:|---:|---:|\n",
    );
    let cases: [(&str, &Game, u32, usize, Want); 3] = [
        (
            "Wythoff, Grundy values, heaps <= 1000",
            wythoff,
            1000,
            2,
            Want::Grundy,
        ),
        (
            "Fraenkel-Zusman k = 3, P/N, heaps <= 60",
            &fz,
            60,
            3,
            Want::Outcome,
        ),
        (
            "Half-delete Nim n = 4, P/N, heaps <= 40",
            &half,
            40,
            4,
            Want::Outcome,
        ),
    ];
    for (name, game, max, heaps, want) in cases {
        eprintln!("parallel: {name} ...");
        let spec = BoxSpec::new(game.shape(), max, heaps).expect("fits");
        // The least of three runs of each: the machine is shared, and the least is the run
        // that other jobs disturbed least.
        let mut t_seq = Duration::MAX;
        let mut seq = None;
        for _ in 0..3 {
            let (budget, stop) = capped(cap);
            let (r, t, _) = measure(|| table_values(game.generator(), &spec, want, &budget));
            drop(stop);
            t_seq = t_seq.min(t);
            seq = r.ok();
        }
        let mut times = Vec::new();
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a thread pool");
            let mut best = Duration::MAX;
            for _ in 0..3 {
                let (budget, stop) = capped(cap);
                let (v, t, _) = measure(|| {
                    pool.install(|| layered_values(game.generator(), &spec, want, &budget))
                });
                drop(stop);
                let v = v.unwrap_or_else(|e| panic!("{name}: parallel mode failed: {e:?}"));
                if let Some(seq) = &seq {
                    if !seq.iter().eq(v.iter().copied()) {
                        eprintln!(
                            "MISMATCH between the sequential and parallel table modes on {name}"
                        );
                        std::process::exit(1);
                    }
                }
                best = best.min(t);
            }
            times.push(best);
        }
        s.push_str(&format!(
            "| {name} | {} | {} | {} | {:.2}x |\n",
            if seq.is_some() {
                secs(t_seq)
            } else {
                "capped".into()
            },
            secs(times[0]),
            secs(times[1]),
            times[0].as_secs_f64() / times[1].as_secs_f64().max(1e-9)
        ));
    }
    s
}

/// 4a: the outcomes of 1 2 ... n for every n up to 22, one memoized solver for all.
fn cookie_staircase(game: &Game, top: u32, cap: Duration) -> Row {
    let name = format!("4a Cookie game, P/N, 1 2 ... n for n <= {top}");
    eprintln!("{name}: heapgame ...");
    let (budget, stop) = capped(cap);
    let (hg, hg_time, hg_peak) = measure(|| {
        let mut s = game.solver();
        s.set_budget(budget);
        let mut out = Vec::new();
        for n in 1..=top {
            let pos: Vec<u32> = (1..=n).collect();
            out.push(s.outcome(&pos)?);
        }
        Ok::<_, SolveError<_>>((out, s.positions_stored()))
    });
    drop(stop);
    eprintln!("{name}: hand-written ...");
    let (h, hand_time, hand_peak) = measure(|| {
        let mut c = hand::cookie::Cookie::default();
        let out: Vec<bool> = (1..=top as u8)
            .map(|n| c.is_p(&(1..=n).collect::<Vec<u8>>()))
            .collect();
        (out, c.stored())
    });
    let (heapgame, positions) = match hg {
        Ok((out, stored)) => {
            for (i, (o, p)) in out.iter().zip(&h.0).enumerate() {
                if (*o == Outcome::P) != *p {
                    fail(&name, &[i as u32 + 1], o, p);
                }
            }
            (Ok(hg_time), stored)
        }
        Err(SolveError::Cancelled { stored }) => (Err(stopped_at_cap(cap, stored)), h.1),
        Err(e) => panic!("heapgame failed: {e}"),
    };
    Row {
        name,
        positions,
        heapgame,
        hand: hand_time,
        hg_peak,
        hand_peak,
        mode: "Generic (memo)".into(),
    }
}

/// The rows so far; each is printed to stderr as it is added.
struct Rows(Vec<Row>);

impl Rows {
    fn push(&mut self, r: Row) {
        eprintln!(
            "{}",
            render(std::slice::from_ref(&r), Duration::ZERO)
                .lines()
                .last()
                .unwrap_or("")
        );
        self.0.push(r);
    }
}

fn secs(d: Duration) -> String {
    format!("{:.3} s", d.as_secs_f64())
}

fn mib(b: usize) -> String {
    format!("{:.1} MiB", b as f64 / (1024.0 * 1024.0))
}

fn render(rows: &[Row], cap: Duration) -> String {
    let mut s = String::new();
    s.push_str(&format!(
        "heapgame stopped after {} s per workload. Ratio = heapgame time / hand-written time; \
         positions/s = positions of the workload / heapgame time; peak = most heap bytes live \
         during the run (counting allocator); bytes/position = heapgame peak / positions.\n\n",
        cap.as_secs()
    ));
    s.push_str("| workload | positions | heapgame | hand-written | ratio | heapgame positions/s | heapgame peak | hand-written peak | bytes/position | mode |\n");
    s.push_str("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
    for r in rows {
        let (hg, ratio, rate) = match &r.heapgame {
            Ok(d) => (
                secs(*d),
                format!("{:.2}x", d.as_secs_f64() / r.hand.as_secs_f64().max(1e-9)),
                format!("{:.3e}", r.positions as f64 / d.as_secs_f64().max(1e-9)),
            ),
            Err(e) => (e.clone(), "-".into(), "-".into()),
        };
        s.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {:.2} | {} |\n",
            r.name,
            r.positions,
            hg,
            secs(r.hand),
            ratio,
            rate,
            mib(r.hg_peak),
            mib(r.hand_peak),
            r.hg_peak as f64 / r.positions.max(1) as f64,
            r.mode
        ));
    }
    s
}
