//! The plan of a box is true: a kernel whose test says it takes a ruleset on a box
//! (`Kernel::takes`, what the plan asks) gives the box when it is run (`Kernel::solve` is
//! `Some`), for every registered kernel, on every bundled ruleset and on random rulesets of
//! each kernel's families (the strategies of `kernels*.rs`), several boxes, both kinds of
//! values; and where the plan names a kernel, the box `solve_box` gives was solved by it.

use std::path::{Path, PathBuf};

use heapgame::solver::kernels::{self, Kernel};
use heapgame::solver::plan::plan_box;
use heapgame::solver::{solve_box, BoxSpec, Budget, Want};
use heapgame::Game;
use proptest::prelude::*;

/// Every `.game` file under `dir`, sorted.
fn game_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            game_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "game") {
            out.push(path);
        }
    }
}

/// The kernels that take `game` on the box of heaps <= `max`, `heaps` of them, for `want`,
/// each checked to give the box; the plan's kernel checked to be the one that solves it.
/// Returns how many (kernel, values) pairs took the box.
fn takes_and_gives(label: &str, game: &Game, max: u32, heaps: usize) -> usize {
    let Ok(spec) = BoxSpec::new(game.shape(), max, heaps) else {
        return 0;
    };
    let gen = game.generator();
    let mut taken = 0;
    for want in [Want::Outcome, Want::Grundy] {
        for k in kernels::all() {
            if !k.takes(gen, &spec, want) {
                continue;
            }
            taken += 1;
            let solved = k.solve(gen, &spec, want, &Budget::default());
            assert!(
                solved.is_some(),
                "{label}: the {} kernel takes the box {spec:?} for {want:?} and declines it",
                k.name()
            );
        }
        let chosen = kernels::choose(gen, &spec, want).map(Kernel::name);
        let plan = plan_box(gen, &spec, want);
        if let Some(name) = plan.kernel {
            assert_eq!(
                chosen,
                Some(name),
                "{label}: the plan's kernel is the list's"
            );
            let values = solve_box(gen, &spec, want, &Budget::default());
            let by = values.map(|v| v.kernel);
            assert!(
                matches!(by, Ok(Some(k)) if k == name) || by.is_err(),
                "{label}: planned {name}, solved by {by:?}"
            );
        }
    }
    taken
}

/// The boxes asked of a ruleset: heaps up to 4 and up to 9, its own count of heaps or 2 and 3.
fn boxes(game: &Game) -> Vec<(u32, usize)> {
    let counts = match game.shape().count {
        Some(k) => vec![k],
        None => vec![2, 3],
    };
    let mut out = Vec::new();
    for max in [4, 9] {
        out.extend(counts.iter().map(|&k| (max, k)));
    }
    out
}

#[test]
fn a_kernel_that_takes_a_bundled_ruleset_gives_its_box() {
    let mut files = Vec::new();
    game_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets"),
        &mut files,
    );
    let (mut loaded, mut taken) = (0, 0);
    for path in &files {
        // A ruleset whose parameters have no default is left out.
        let Ok(game) = Game::load_file(path, &[]) else {
            continue;
        };
        loaded += 1;
        for (max, heaps) in boxes(&game) {
            taken += takes_and_gives(&path.display().to_string(), &game, max, heaps);
        }
    }
    assert!(loaded >= 30, "only {loaded} bundled rulesets loaded");
    assert!(taken >= 100, "only {taken} boxes taken by a kernel");
}

/// `text` loaded, its boxes checked.
fn check_text(text: &str, max: u32, heaps: usize) {
    let game = Game::from_source("random", text, &[]).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    takes_and_gives(text, &game, max, heaps);
    takes_and_gives(text, &game, max / 2, heaps);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn a_kernel_that_takes_a_cube_ruleset_gives_its_box(
        (text, k) in crate::kernels::ruleset(),
        max in 3u32..8,
    ) {
        check_text(&text, max, k);
    }

    #[test]
    fn a_kernel_that_takes_a_finite_ruleset_gives_its_box(
        (text, k) in crate::kernels::finite_ruleset(),
        max in 7u32..10,
    ) {
        check_text(&text, max, k);
    }

    #[test]
    fn a_kernel_that_takes_a_kept_heap_ruleset_gives_its_box(
        (text, max) in crate::kernels_kept_heap::family_ruleset(),
    ) {
        let heaps = if text.contains("heaps 2") { 2 } else { 3 };
        check_text(&text, max, heaps);
    }

    #[test]
    fn a_kernel_that_takes_a_multiset_ruleset_gives_its_box(
        (body, max, heaps) in crate::kernels_multiset::family_ruleset(),
    ) {
        check_text(&format!("ruleset \"random\" {{\n {body}\n}}"), max, heaps);
    }
}
