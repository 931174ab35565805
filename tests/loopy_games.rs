//! The bundled loopy games through the real `heapgame` binary, against plain brute forces
//! written here: each game's moves as its source states them, a win/loss/draw retrograde
//! analysis of the region, and Smith's values of one heap or counter by a plain
//! Fraenkel-Yesha labelling. `solve --format json` must give every position's outcome (P, N,
//! D) as the retrograde analysis does; the two-heap and many-counter games, solved directly as
//! one game by heapgame, must have the values Smith's sum rule gives from the single-heap
//! values computed here; and a `check` claim saying D that is false must be found at the
//! first position (in check order) where the brute force disagrees.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Runs heapgame with `args`; returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    crate::common::run::run(args)
}

/// A ruleset written for one test into Cargo's temporary directory for integration tests.
fn fixture(test: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("loopy-fixtures");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{test}.game"));
    std::fs::write(&path, text).unwrap();
    path
}

/// Win (N), loss (P) or draw (D).
type Outcome = char;

/// A finite game given by a move function on positions, made explicit from some roots.
struct Region {
    positions: Vec<Vec<u32>>,
    index: HashMap<Vec<u32>, usize>,
    succ: Vec<Vec<usize>>,
}

fn explore(roots: &[Vec<u32>], moves: &dyn Fn(&[u32]) -> Vec<Vec<u32>>) -> Region {
    let mut r = Region {
        positions: Vec::new(),
        index: HashMap::new(),
        succ: Vec::new(),
    };
    let add = |r: &mut Region, p: Vec<u32>| -> usize {
        if let Some(&i) = r.index.get(&p) {
            return i;
        }
        r.index.insert(p.clone(), r.positions.len());
        r.positions.push(p);
        r.positions.len() - 1
    };
    for p in roots {
        add(&mut r, p.clone());
    }
    let mut next = 0;
    while next < r.positions.len() {
        let fs = moves(&r.positions[next].clone());
        let mut out: Vec<usize> = fs.into_iter().map(|f| add(&mut r, f)).collect();
        out.sort_unstable();
        out.dedup();
        r.succ.push(out);
        next += 1;
    }
    r
}

/// Plain retrograde analysis: no move is a loss; a move to a loss is a win; every move to a
/// win is a loss; never settled is a draw.
fn retrograde(succ: &[Vec<usize>]) -> Vec<Outcome> {
    let mut out: Vec<Option<Outcome>> = vec![None; succ.len()];
    loop {
        let mut changed = false;
        for u in 0..succ.len() {
            if out[u].is_some() {
                continue;
            }
            if succ[u].iter().any(|&v| out[v] == Some('P')) {
                out[u] = Some('N');
                changed = true;
            } else if succ[u].iter().all(|&v| out[v] == Some('N')) {
                out[u] = Some('P');
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    out.into_iter().map(|o| o.unwrap_or('D')).collect()
}

/// Smith's value: a number, or infinity with K (the finite values among the followers).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Smith {
    Fin(u32),
    Inf(Vec<u32>),
}

/// Smith's values by Fraenkel and Yesha's labelling, as the definition states it: for m = 0,
/// 1, ...: label m every unlabelled u with no follower labelled m whose every follower that is
/// unlabelled or infinite has a follower labelled m, as long as one is found; then label
/// infinite every unlabelled u with no follower labelled m.
fn smith(succ: &[Vec<usize>]) -> Vec<Smith> {
    const INF: i64 = -1;
    let n = succ.len();
    let mut lab: Vec<Option<i64>> = vec![None; n];
    let mut m: i64 = 0;
    while lab.iter().any(Option::is_none) {
        loop {
            let mut changed = false;
            for u in 0..n {
                if lab[u].is_some() || succ[u].iter().any(|&v| lab[v] == Some(m)) {
                    continue;
                }
                let ok = succ[u].iter().all(|&v| match lab[v] {
                    Some(l) if l != INF => true,
                    _ => succ[v].iter().any(|&w| lab[w] == Some(m)),
                });
                if ok {
                    lab[u] = Some(m);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for u in 0..n {
            if lab[u].is_none() && !succ[u].iter().any(|&v| lab[v] == Some(m)) {
                lab[u] = Some(INF);
            }
        }
        m += 1;
    }
    (0..n)
        .map(|u| match lab[u] {
            Some(INF) => {
                let mut k: Vec<u32> = succ[u]
                    .iter()
                    .filter_map(|&v| lab[v].filter(|&l| l != INF).map(|l| l as u32))
                    .collect();
                k.sort_unstable();
                k.dedup();
                Smith::Inf(k)
            }
            l => Smith::Fin(l.expect("labelled") as u32),
        })
        .collect()
}

/// Smith's sum of several values: finite values XOR; one infinity_K plus n is
/// infinity_{K xor n}; two or more infinities: `None` (a draw, the value undetermined).
fn smith_sum(vs: &[Smith]) -> Option<Smith> {
    let x = vs.iter().fold(0, |a, v| match v {
        Smith::Fin(n) => a ^ n,
        Smith::Inf(_) => a,
    });
    let infs: Vec<&Vec<u32>> = vs
        .iter()
        .filter_map(|v| match v {
            Smith::Inf(k) => Some(k),
            Smith::Fin(_) => None,
        })
        .collect();
    match infs.as_slice() {
        [] => Some(Smith::Fin(x)),
        [k] => {
            let mut k: Vec<u32> = k.iter().map(|a| a ^ x).collect();
            k.sort_unstable();
            Some(Smith::Inf(k))
        }
        _ => None,
    }
}

/// The outcome Smith's value gives: P for 0, N for another number or an infinity whose K
/// holds 0, D otherwise; `None` (two infinities) is a draw.
fn outcome_of(v: &Option<Smith>) -> Outcome {
    match v {
        Some(Smith::Fin(0)) => 'P',
        Some(Smith::Fin(_)) => 'N',
        Some(Smith::Inf(k)) if k.contains(&0) => 'N',
        _ => 'D',
    }
}

/// Smith's value as heapgame writes it: `3`, `inf`, `inf{0,2}`.
fn shown(v: &Smith) -> String {
    match v {
        Smith::Fin(n) => n.to_string(),
        Smith::Inf(k) if k.is_empty() => "inf".into(),
        Smith::Inf(k) => {
            let s: Vec<String> = k.iter().map(u32::to_string).collect();
            format!("inf{{{}}}", s.join(","))
        }
    }
}

/// `solve --format json --grundy`: each position with its outcome and value (as text).
fn solved(args: &[&str]) -> Vec<(Vec<u32>, String, String)> {
    let mut all = vec!["solve", "--format", "json", "--grundy"];
    all.extend_from_slice(args);
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{all:?}: {err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["loopy"], serde_json::Value::Bool(true), "{out}");
    v["positions"]
        .as_array()
        .expect("positions")
        .iter()
        .map(|p| {
            let pos: Vec<u32> = p["position"]
                .as_array()
                .unwrap()
                .iter()
                .map(|h| h.as_u64().unwrap() as u32)
                .collect();
            let g = match &p["grundy"] {
                serde_json::Value::String(s) => s.clone(),
                n => n.to_string(),
            };
            (pos, p["outcome"].as_str().unwrap().to_string(), g)
        })
        .collect()
}

// ---- Take-or-add: two heaps 0..m; take 2 or 3, or add 2 to a heap of 3 mod 4 (to <= m) ----

fn take_or_add_heap(h: u32, m: u32) -> Vec<u32> {
    let mut out: Vec<u32> = [2, 3].iter().filter(|&&s| s <= h).map(|s| h - s).collect();
    if h % 4 == 3 && h + 2 <= m {
        out.push(h + 2);
    }
    out
}

#[test]
fn take_or_add_against_the_retrograde_analysis_and_smiths_sum_rule() {
    let m = 12;
    // One heap alone: Smith's values by the plain labelling.
    let heap = explore(&(0..=m).map(|h| vec![h]).collect::<Vec<_>>(), &|p| {
        take_or_add_heap(p[0], m)
            .into_iter()
            .map(|h| vec![h])
            .collect()
    });
    let one = smith(&heap.succ);
    let value = |h: u32| one[heap.index[&vec![h]]].clone();
    // The two heaps as one game.
    let roots: Vec<Vec<u32>> = (0..=m)
        .flat_map(|a| (0..=m).map(move |b| vec![a, b]))
        .collect();
    let two = explore(&roots, &|p| {
        let mut fs = Vec::new();
        for h in take_or_add_heap(p[0], m) {
            fs.push(vec![h, p[1]]);
        }
        for h in take_or_add_heap(p[1], m) {
            fs.push(vec![p[0], h]);
        }
        fs
    });
    let outcomes = retrograde(&two.succ);
    let rows = solved(&["rulesets/classic/take-or-add.game", "--max", "12"]);
    assert_eq!(rows.len(), 169);
    let mut seen = [0; 3];
    for (pos, outcome, g) in &rows {
        let want = outcomes[two.index[pos]];
        assert_eq!(outcome, &want.to_string(), "outcome of {pos:?}");
        let sum = smith_sum(&[value(pos[0]), value(pos[1])]);
        assert_eq!(outcome_of(&sum), want, "Smith's sum rule at {pos:?}");
        if let Some(v) = &sum {
            assert_eq!(g, &shown(v), "Smith's value of {pos:?}");
        }
        seen["PND".find(want).unwrap()] += 1;
    }
    // P, N and drawn positions, as the issue says.
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

// ---- Adders and ladders: counters 0..12 off 5 and 8; 1..3 forward; 5 -> 10, 8 -> 3 ----

fn counter_moves(h: u32) -> Vec<u32> {
    (1..=3u32)
        .filter(|&s| s <= h)
        .map(|s| match h - s {
            5 => 10,
            8 => 3,
            t => t,
        })
        .collect()
}

fn canon(mut p: Vec<u32>) -> Vec<u32> {
    p.retain(|&h| h > 0);
    p.sort_unstable();
    p
}

#[test]
fn adders_and_ladders_against_the_retrograde_analysis_and_smiths_sum_rule() {
    let squares: Vec<u32> = (0..=12).filter(|h| *h != 5 && *h != 8).collect();
    let track = explore(
        &squares.iter().map(|&h| vec![h]).collect::<Vec<_>>(),
        &|p| counter_moves(p[0]).into_iter().map(|h| vec![h]).collect(),
    );
    let one = smith(&track.succ);
    let value = |h: u32| one[track.index[&vec![h]]].clone();
    let moves = |p: &[u32]| -> Vec<Vec<u32>> {
        let mut fs = Vec::new();
        for i in 0..p.len() {
            for t in counter_moves(p[i]) {
                let mut q = p.to_vec();
                q[i] = t;
                fs.push(canon(q));
            }
        }
        fs
    };
    let rows = solved(&[
        "rulesets/classic/adders-and-ladders.game",
        "--max",
        "12",
        "--heaps",
        "3",
    ]);
    let roots: Vec<Vec<u32>> = rows.iter().map(|r| r.0.clone()).collect();
    // Every multiset of at most 3 counters on the squares (0 is home: no counter).
    let on_board = squares.iter().filter(|&&h| h > 0).count();
    let multisets = 1 + on_board + on_board * (on_board + 1) / 2 + {
        let n = on_board;
        n * (n + 1) * (n + 2) / 6
    };
    assert_eq!(rows.len(), multisets);
    let all = explore(&roots, &moves);
    let outcomes = retrograde(&all.succ);
    let mut draws = 0;
    for (pos, outcome, g) in &rows {
        let want = outcomes[all.index[pos]];
        assert_eq!(outcome, &want.to_string(), "outcome of {pos:?}");
        let vs: Vec<Smith> = pos.iter().map(|&h| value(h)).collect();
        let sum = smith_sum(&vs);
        assert_eq!(outcome_of(&sum), want, "Smith's sum rule at {pos:?}");
        if let Some(v) = &sum {
            assert_eq!(g, &shown(v), "Smith's value of {pos:?}");
        }
        draws += usize::from(want == 'D');
    }
    assert!(draws > 0);
}

// ---- Fair shares and varied pairs: divide a heap into equal heaps, or unite two unequal ----

fn fair_shares_moves(p: &[u32]) -> Vec<Vec<u32>> {
    let heaps: Vec<u32> = p.iter().copied().filter(|&h| h > 0).collect();
    let n = p.len();
    let mut out = Vec::new();
    let pad = |mut q: Vec<u32>| {
        q.resize(n, 0);
        q.sort_unstable();
        q
    };
    for (i, &h) in heaps.iter().enumerate() {
        for j in 2..=h {
            if h % j == 0 {
                let mut q = heaps.clone();
                q.remove(i);
                q.extend(std::iter::repeat_n(h / j, j as usize));
                out.push(pad(q));
            }
        }
        for (k, &g) in heaps.iter().enumerate() {
            if k != i && g != h {
                let mut q = heaps.clone();
                q[k] += h;
                q.remove(i);
                out.push(pad(q));
            }
        }
    }
    out
}

/// The partitions of `n` as `n` heaps, zeros first (sorted).
fn partitions(n: u32) -> Vec<Vec<u32>> {
    fn go(left: u32, most: u32, cur: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if left == 0 {
            out.push(cur.clone());
            return;
        }
        for h in (1..=most.min(left)).rev() {
            cur.push(h);
            go(left - h, h, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(n, n, &mut Vec::new(), &mut out);
    out.into_iter()
        .map(|mut p| {
            p.resize(n as usize, 0);
            p.sort_unstable();
            p
        })
        .collect()
}

#[test]
fn fair_shares_against_the_retrograde_analysis() {
    for n in [4u32, 7, 10, 11] {
        let rows = solved(&[
            "rulesets/classic/fair-shares.game",
            "-p",
            &format!("n={n}"),
            "--max",
            &n.to_string(),
        ]);
        let parts = partitions(n);
        assert_eq!(rows.len(), parts.len(), "n = {n}");
        let region = explore(&parts, &fair_shares_moves);
        // The moves keep the total: the region is the partitions.
        assert_eq!(region.positions.len(), parts.len(), "n = {n}");
        let outcomes = retrograde(&region.succ);
        let values = smith(&region.succ);
        for (pos, outcome, g) in &rows {
            let i = region.index[pos];
            assert_eq!(outcome, &outcomes[i].to_string(), "n = {n}, {pos:?}");
            assert_eq!(g, &shown(&values[i]), "n = {n}, {pos:?}");
        }
    }
}

// ---- check: a false draw claim is found ----

/// The order `check` visits positions in: fewest tokens, then fewest heaps, then
/// lexicographic.
fn check_order(a: &[u32], b: &[u32]) -> std::cmp::Ordering {
    let ta: u32 = a.iter().sum();
    let tb: u32 = b.iter().sum();
    ta.cmp(&tb)
        .then(a.len().cmp(&b.len()))
        .then_with(|| a.cmp(b))
}

/// What a claim says of a position (for the false claims below).
type Says = dyn Fn(&[u32]) -> bool;

#[test]
fn a_false_draw_claim_is_found_at_the_first_draw() {
    // Take-or-add claiming that no position is drawn, and one claiming that the drawn
    // positions are those with both heaps 7 or 9 (missing those with a 12).
    let base = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets/classic/take-or-add.game"),
    )
    .unwrap();
    let body_end = base.rfind('}').unwrap();
    let m = 12;
    let roots: Vec<Vec<u32>> = (0..=m)
        .flat_map(|a| (0..=m).map(move |b| vec![a, b]))
        .collect();
    let two = explore(&roots, &|p| {
        let mut fs = Vec::new();
        for h in take_or_add_heap(p[0], m) {
            fs.push(vec![h, p[1]]);
        }
        for h in take_or_add_heap(p[1], m) {
            fs.push(vec![p[0], h]);
        }
        fs
    });
    let outcomes = retrograde(&two.succ);
    let cases: [(&str, &Says); 2] = [
        ("claim D: false", &|_| false),
        ("claim D: a in {7, 9} and b in {7, 9}", &|p| {
            [7, 9].contains(&p[0]) && [7, 9].contains(&p[1])
        }),
    ];
    for (i, (claim, says)) in cases.iter().enumerate() {
        // Only the new claim: the file's own claims are cut.
        let head = &base[..base.find("  # Smith's values of one heap").unwrap()];
        let text = format!("{head}  {claim}\n  check max 12\n{}", &base[body_end..]);
        let path = fixture(&format!("false-draw-{i}"), &text);
        let (code, out, err) = run(&["check", path.to_str().unwrap(), "--format", "json"]);
        assert_eq!(code, 1, "{claim}: {out}{err}");
        let first = roots
            .iter()
            .filter(|p| (outcomes[two.index[*p]] == 'D') != says(p))
            .min_by(|a, b| check_order(a, b))
            .expect("the claim is false somewhere");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let c = &v[0]["claims"][0];
        assert_eq!(c["kind"], "D", "{out}");
        let at: Vec<u32> = c["counterexample"]["position"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.as_u64().unwrap() as u32)
            .collect();
        assert_eq!(&at, first, "{claim}: {out}");
        assert_eq!(
            c["counterexample"]["actual"],
            outcomes[two.index[first]].to_string()
        );
    }
}

#[test]
fn the_bundled_loopy_games_check() {
    for f in ["take-or-add", "adders-and-ladders", "fair-shares"] {
        let path = format!("rulesets/classic/{f}.game");
        let (code, out, err) = run(&["check", &path]);
        assert_eq!(code, 0, "{f}: {out}{err}");
        assert!(!out.contains("FAIL"), "{out}");
    }
}
