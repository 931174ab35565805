//! `genus` in a `claim:` condition: the genus of the position as the list `[g, γ0, γ1, ...]`
//! of the digits CGSuite writes (`0^120` is `[0, 1, 2, 0]`). The values claimed here are
//! computed in the test by plain recursion over the explicit sums: g the normal-play Grundy
//! value of the Kayles position, γn the misère nim value of the position plus n nim heaps *2
//! (a terminal position has g^- = 1, any other the mex of its options'), written up to the
//! first repeat of the alternation the sequence ends in. `heapgame check` must accept them all
//! and reject a claim with one digit changed.

use std::collections::{BTreeSet, HashMap};

use crate::common::mex;

/// Kayles: one pin or two adjacent ones knocked down from a row of `n`.
fn kayles(n: u32) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for t in [1, 2] {
        if n >= t {
            for a in 0..=(n - t) {
                out.push((a, n - t - a));
            }
        }
    }
    out
}

/// A sum: Kayles rows (sorted, no empty ones), and counts of nim heaps *2 and *1.
type Pos = (Vec<u32>, u32, u32);

fn options(p: &Pos) -> Vec<Pos> {
    let (rows, twos, ones) = p;
    let mut out = Vec::new();
    for i in 0..rows.len() {
        for (a, b) in kayles(rows[i]) {
            let mut r: Vec<u32> = rows[..i].iter().chain(&rows[i + 1..]).copied().collect();
            r.extend([a, b].into_iter().filter(|&h| h > 0));
            r.sort_unstable();
            out.push((r, *twos, *ones));
        }
    }
    if *twos > 0 {
        // *2 to *1 or to nothing.
        out.push((rows.clone(), twos - 1, ones + 1));
        out.push((rows.clone(), twos - 1, *ones));
    }
    if *ones > 0 {
        out.push((rows.clone(), *twos, ones - 1));
    }
    out
}

/// The value of `p`: normal play (`misere` false, a terminal position 0) or the misère nim
/// value (a terminal position 1); otherwise the mex of the options' values.
fn value(p: &Pos, misere: bool, memo: &mut HashMap<(Pos, bool), u32>) -> u32 {
    if let Some(&v) = memo.get(&(p.clone(), misere)) {
        return v;
    }
    let opts = options(p);
    let v = if opts.is_empty() {
        u32::from(misere)
    } else {
        let s: BTreeSet<u32> = opts.iter().map(|o| value(o, misere, memo)).collect();
        mex(&s)
    };
    memo.insert((p.clone(), misere), v);
    v
}

/// The genus of a Kayles position as written: `[g, γ0, ..., γ(k-1)]`, `k` the least index
/// from which γ repeats with period 2.
fn genus(rows: &[u32], memo: &mut HashMap<(Pos, bool), u32>) -> Vec<u32> {
    let g = value(&(rows.to_vec(), 0, 0), false, memo);
    let gammas: Vec<u32> = (0..14)
        .map(|n| value(&(rows.to_vec(), n, 0), true, memo))
        .collect();
    let k = (2..12)
        .find(|&k| (k..14).all(|j| gammas[j] == gammas[j - 2]))
        .expect("γ alternates within 12 copies of *2");
    std::iter::once(g)
        .chain(gammas[..k].iter().copied())
        .collect()
}

fn tuple(v: &[u32]) -> String {
    let parts: Vec<String> = v.iter().map(std::string::ToString::to_string).collect();
    format!("({})", parts.join(", "))
}

/// The `when` of the position of `rows` (sorted, no empty rows).
fn at(rows: &[u32]) -> String {
    match rows {
        [] => "len(heaps) == 0".to_string(),
        [a] => format!("len(heaps) == 1 and heaps[0] == {a}"),
        [a, b] => {
            format!("len(heaps) == 2 and sorted(heaps)[0] == {a} and sorted(heaps)[1] == {b}")
        }
        _ => unreachable!("at most two rows"),
    }
}

/// A Kayles file whose claims state `genus` at every position of at most two rows of at most
/// `max` pins; `wrong` changes the last digit of one of them.
fn file(max: u32, wrong: Option<usize>) -> String {
    let mut memo = HashMap::new();
    let mut claims = String::new();
    let mut i = 0;
    for a in 0..=max {
        for b in a..=max {
            let rows: Vec<u32> = [a, b].into_iter().filter(|&h| h > 0).collect();
            let mut g = genus(&rows, &mut memo);
            if wrong == Some(i) {
                *g.last_mut().expect("digits") += 1;
            }
            claims.push_str(&format!(
                "  claim: genus == {} when {}\n",
                tuple(&g),
                at(&rows)
            ));
            i += 1;
        }
    }
    format!(
        "ruleset \"Kayles genus\" {{\n  play misere\n  heaps any\n  \
         move {{ take {{1, 2}} from one heap }}\n  \
         move {{ take {{1, 2}} from one heap h; split h into 2 parts }}\n{claims}  \
         check max {max} heaps 2\n}}\n"
    )
}

fn check(text: &str, name: &str) -> (i32, String) {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("misere_genus_claims");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write the file");
    let out = crate::common::run::heapgame()
        .args(["check", path.to_str().expect("a UTF-8 path")])
        .run();
    let text = format!("{}{}", out.stdout, out.stderr);
    (out.code, text)
}

#[test]
fn the_genus_of_single_positions_as_known() {
    // ONAG ch. 12 / Winning Ways ch. 13: 0 is 0^120, *1 is 1^031, *2 is 2^20.
    let mut memo = HashMap::new();
    assert_eq!(genus(&[], &mut memo), vec![0, 1, 2, 0]);
    assert_eq!(genus(&[1], &mut memo), vec![1, 0, 3, 1]);
}

#[test]
fn genus_claims_hold_at_every_position_and_a_wrong_one_fails() {
    let (code, out) = check(&file(6, None), "right.game");
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("FAIL"), "{out}");
    let (code, out) = check(&file(6, Some(9)), "wrong.game");
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("its genus is"), "{out}");
}
