//! The multiset kernel (delete + split, delete + lower) against the interpreter's table mode,
//! position by position, Grundy values and P/N: on every bundled ruleset of its families, on
//! random rulesets of those families (proptest), and against the closed forms of Abuku et al.
//! within their theorems' scope. Rulesets outside the families get no kernel.

use heapgame::formulas;
use heapgame::ruleset::value::Value;
use heapgame::solver::kernels::{solve_box_kernel, solve_box_named};
use heapgame::solver::modes::table_values;
use heapgame::solver::{BoxSpec, BoxValues, Budget, SolveError, Want};
use heapgame::Game;
use proptest::prelude::*;
use std::path::Path;

fn load(rel: &str, params: &[(&str, &str)]) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    Game::load_file(&path, params).unwrap_or_else(|e| panic!("loading {rel}: {e:?}"))
}

/// The box solved by the multiset kernel alone (the kept-heap kernel, asked first, takes
/// VDN and the delete games of one kept heap).
fn kernel(game: &Game, spec: &BoxSpec, want: Want) -> Option<BoxValues> {
    solve_box_named("multiset", game.generator(), spec, want, &Budget::default())
        .map(|r| r.unwrap_or_else(|e| panic!("kernel failed: {e}")))
}

/// The kernel solves the box, with the interpreter's values at every position.
fn agree(label: &str, game: &Game, max: u32, heaps: usize) -> (BoxValues, BoxValues) {
    let spec = BoxSpec::new(game.shape(), max, heaps).expect("a small box");
    assert!(!spec.is_empty(), "{label}: empty box");
    let mut out = Vec::new();
    for want in [Want::Grundy, Want::Outcome] {
        let k = kernel(game, &spec, want).unwrap_or_else(|| panic!("{label}: no kernel"));
        let t = table_values(game.generator(), &spec, want, &Budget::default())
            .unwrap_or_else(|e| panic!("{label}: table mode failed: {e}"));
        let mut pos = Vec::new();
        for r in 0..spec.len() {
            if k.value(r) != t.value(r) {
                spec.unrank(r, &mut pos);
                panic!(
                    "{label} ({want:?}) at {pos:?}: kernel {}, interpreter {}",
                    k.value(r),
                    t.value(r)
                );
            }
        }
        out.push(k);
    }
    let o = out.pop().expect("two");
    (out.pop().expect("two"), o)
}

type Case = (
    &'static str,
    &'static [(&'static str, &'static str)],
    u32,
    usize,
);

const BUNDLED: &[Case] = &[
    ("rulesets/abuku/vdn.game", &[], 16, 2),
    ("rulesets/abuku/single-delete.game", &[("n", "2")], 16, 2),
    ("rulesets/abuku/single-delete.game", &[("n", "3")], 11, 3),
    ("rulesets/abuku/single-delete.game", &[("n", "4")], 8, 4),
    ("rulesets/abuku/half-delete.game", &[("n", "2")], 16, 2),
    ("rulesets/abuku/half-delete.game", &[("n", "4")], 8, 4),
    ("rulesets/abuku/half-delete.game", &[("n", "6")], 5, 6),
    ("rulesets/abuku/abo-delete.game", &[("n", "2")], 16, 2),
    ("rulesets/abuku/abo-delete.game", &[("n", "3")], 12, 3),
    ("rulesets/abuku/abo-delete.game", &[("n", "4")], 8, 4),
    (
        "rulesets/abuku/k-delete.game",
        &[("k", "3"), ("n", "6")],
        5,
        6,
    ),
    (
        "rulesets/abuku/k-delete.game",
        &[("k", "2"), ("n", "4")],
        8,
        4,
    ),
    (
        "rulesets/abuku/k-delete.game",
        &[("k", "3"), ("n", "3")],
        12,
        3,
    ),
    (
        "rulesets/abuku/k-delete.game",
        &[("k", "4"), ("n", "4")],
        8,
        4,
    ),
    ("rulesets/abuku/nmth-delete.game", &[("n", "3")], 11, 3),
    ("rulesets/abuku/nmth-delete.game", &[("n", "4")], 8, 4),
    ("rulesets/abuku/nmth-delete.game", &[("n", "5")], 6, 5),
    ("rulesets/propp/cookie.game", &[], 6, 6),
    ("rulesets/propp/cookie.game", &[], 9, 3),
];

#[test]
fn bundled_rulesets_agree_with_the_interpreter() {
    for (file, params, max, heaps) in BUNDLED {
        agree(
            &format!("{file} {params:?}"),
            &load(file, params),
            *max,
            *heaps,
        );
    }
}

/// A ruleset of `rulesets/abuku/` with its parameters and box, and a formula with arguments.
type FormCase = (
    &'static str,
    Vec<(&'static str, &'static str)>,
    u32,
    usize,
    &'static str,
    Vec<Value>,
);

/// The Abuku closed forms say P exactly where the kernel does, wherever they speak; VDN's also
/// gives every Grundy value.
#[test]
fn kernel_agrees_with_the_closed_forms_of_the_papers() {
    let int = |x: i64| Value::Int(x);
    let cases: Vec<FormCase> = vec![
        ("vdn", vec![], 30, 2, "vdn", vec![]),
        (
            "abo-delete",
            vec![("n", "2")],
            30,
            2,
            "abo_delete",
            vec![int(2)],
        ),
        (
            "abo-delete",
            vec![("n", "3")],
            14,
            3,
            "abo_delete",
            vec![int(3)],
        ),
        (
            "abo-delete",
            vec![("n", "4")],
            9,
            4,
            "abo_delete",
            vec![int(4)],
        ),
        (
            "nmth-delete",
            vec![("n", "3")],
            12,
            3,
            "nmth_delete",
            vec![int(3)],
        ),
        (
            "nmth-delete",
            vec![("n", "4")],
            9,
            4,
            "nmth_delete",
            vec![int(4)],
        ),
        (
            "nmth-delete",
            vec![("n", "5")],
            7,
            5,
            "nmth_delete",
            vec![int(5)],
        ),
        (
            "half-delete",
            vec![("n", "2")],
            30,
            2,
            "half_delete",
            vec![int(2)],
        ),
        (
            "half-delete",
            vec![("n", "4")],
            10,
            4,
            "half_delete",
            vec![int(4)],
        ),
        (
            "half-delete",
            vec![("n", "6")],
            6,
            6,
            "half_delete",
            vec![int(6)],
        ),
        (
            "k-delete",
            vec![("k", "3"), ("n", "6")],
            6,
            6,
            "k_delete",
            vec![int(3), int(6)],
        ),
        (
            "k-delete",
            vec![("k", "3"), ("n", "3")],
            20,
            3,
            "k_delete",
            vec![int(3), int(3)],
        ),
        (
            "single-delete",
            vec![("n", "2")],
            30,
            2,
            "single_delete",
            vec![int(2)],
        ),
        (
            "single-delete",
            vec![("n", "3")],
            14,
            3,
            "single_delete",
            vec![int(3)],
        ),
        (
            "single-delete",
            vec![("n", "4")],
            12,
            4,
            "single_delete",
            vec![int(4)],
        ),
    ];
    for (file, params, max, heaps, name, args) in cases {
        let game = load(&format!("rulesets/abuku/{file}.game"), &params);
        let form = formulas::build(name, &args)
            .expect("the formula builds")
            .form;
        let spec = BoxSpec::new(game.shape(), max, heaps).expect("a small box");
        let pn = kernel(&game, &spec, Want::Outcome).expect("a kernel");
        let g = kernel(&game, &spec, Want::Grundy).expect("a kernel");
        let mut pos = Vec::new();
        let mut spoken = 0;
        for r in 0..spec.len() {
            spec.unrank(r, &mut pos);
            if let Some(p) = form.is_p(&pos).expect("in the formula's shape") {
                spoken += 1;
                assert_eq!(pn.value(r) == 0, p, "{file} {params:?} {pos:?}: P/N");
                assert_eq!(g.value(r) == 0, p, "{file} {params:?} {pos:?}: Grundy 0");
            }
            if let Some(v) = form.grundy(&pos).expect("in the formula's shape") {
                assert_eq!(g.value(r), v, "{file} {params:?} {pos:?}: Grundy");
            }
        }
        assert!(
            spoken > spec.len() / 2,
            "{file}: the formula spoke at {spoken} positions"
        );
    }
}

#[test]
fn cookie_kernel_agrees_with_propps_reduction() {
    let game = load("rulesets/propp/cookie.game", &[]);
    let form = formulas::build("propp_cookie", &[]).expect("builds").form;
    let spec = BoxSpec::new(game.shape(), 7, 7).expect("a small box");
    let pn = kernel(&game, &spec, Want::Outcome).expect("a kernel");
    let mut pos = Vec::new();
    for r in 0..spec.len() {
        spec.unrank(r, &mut pos);
        if let Some(p) = form.is_p(&pos).expect("a cookie position") {
            assert_eq!(pn.value(r) == 0, p, "{pos:?}");
        }
    }
}

#[test]
fn other_rulesets_get_no_kernel() {
    for (file, params, max, heaps) in [
        ("rulesets/abuku/delete-nim.game", &[][..], 8, 2),
        ("rulesets/classic/wythoff.game", &[], 8, 2),
        ("rulesets/classic/kayles.game", &[], 8, 3),
        ("rulesets/classic/grundy-game.game", &[], 8, 3),
        (
            "rulesets/fraenkel-zusman/moore-nim.game",
            &[("l", "2")],
            5,
            4,
        ),
    ] {
        let game = load(file, params);
        let spec = BoxSpec::new(game.shape(), max, heaps).expect("a small box");
        // Another kernel (the cube) may take some of these; the multiset kernel must not.
        let k = kernel(&game, &spec, Want::Outcome);
        assert!(k.is_none_or(|k| k.kernel != Some("multiset")), "{file}");
    }
    // A position limit below the box stops at once, as the search would at the limit.
    let game = load("rulesets/abuku/vdn.game", &[]);
    let spec = BoxSpec::new(game.shape(), 10, 2).expect("a small box");
    let limited = Budget::with_limit(Some(5));
    let r = solve_box_kernel(game.generator(), &spec, Want::Outcome, &limited);
    assert!(
        matches!(r, Some(Err(SolveError::Limit { limit: 5 }))),
        "{r:?}"
    );
}

/// Mixed moves, where one clause is outside the families: no kernel, and `solve_box` still
/// answers as the interpreter does.
#[test]
fn one_clause_outside_the_families_means_no_kernel() {
    let text = "ruleset \"mixed\" { heaps any\n move { delete one heap; lower every other heap by 1 }\n move { take 1 from one heap } }";
    let game = Game::from_source("mixed.game", text, &[]).expect("loads");
    let spec = BoxSpec::new(game.shape(), 5, 4).expect("a small box");
    assert!(kernel(&game, &spec, Want::Grundy).is_none());
}

/// A random ruleset of the kernel's families, as source text, with a box for it.
pub(crate) fn family_ruleset() -> impl Strategy<Value = (String, u32, usize)> {
    let split = (1usize..=2, 2usize..=3, any::<bool>(), 0u32..=2).prop_map(
        |(s, parts, unequal, lower)| {
            // A fixed count: delete as many heaps as the splits add.
            let d = s * (parts - 1);
            let n = d + s + usize::from(lower == 2);
            let uneq = if unequal { " unequal" } else { "" };
            let max = match n {
                0..=2 => 14,
                3 => 9,
                4 => 7,
                _ => 5,
            };
            (
                format!(
                    "heaps {n}, each >= {lower}\n move {{ delete {d} heaps; split {s} other heaps into {parts}{uneq} parts each }}"
                ),
                max,
                n,
            )
        },
    );
    let lower = (1usize..=2, 0u64..=2, 0usize..=2, 3usize..=5).prop_map(|(d, by, sel, k)| {
        let what = ["every other heap", "one other heap", "1..2 other heaps"][sel];
        let by = if sel == 0 { by.max(1) } else { by };
        (
            format!("heaps any\n move {{ delete {d} heaps; lower {what} by {by} }}"),
            6 - (k as u32 - 3),
            k,
        )
    });
    let any_split = (0usize..=1).prop_map(|extra| {
        (
            format!(
                "heaps any\n move {{ delete 1..2 heaps; split one other heap into 2 parts }}\n move {{ delete {} heaps; lower every other heap by 1 }}",
                1 + extra
            ),
            5,
            4,
        )
    });
    prop_oneof![split, lower, any_split]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn random_family_rulesets_agree_with_the_interpreter((body, max, heaps) in family_ruleset()) {
        let text = format!("ruleset \"random\" {{\n {body}\n}}");
        let game = Game::from_source("random.game", &text, &[])
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        agree(&text, &game, max, heaps);
    }
}
