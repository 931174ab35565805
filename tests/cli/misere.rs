//! Misère play and loopy games through the commands.

use super::*;

/// Misère Nim's nim value g^- by Bouton's rule, written out here: the XOR, except that when
/// every heap is at most 1 it is 1 - XOR.
fn misere_nim(pos: &[u32]) -> u32 {
    let x = pos.iter().fold(0, |a, &h| a ^ h);
    if pos.iter().all(|&h| h <= 1) {
        1 - x
    } else {
        x
    }
}

#[test]
fn eval_in_misere_play() {
    for pos in [
        vec![],
        vec![1],
        vec![1, 1],
        vec![2, 2],
        vec![1, 2, 3],
        vec![1, 1, 1],
    ] {
        let mut args = vec![
            "eval".to_string(),
            NIM.to_string(),
            "--play".into(),
            "misere".into(),
        ];
        args.extend(pos.iter().map(u32::to_string));
        let v = heapgame().args(&args).json();
        assert_eq!(v["play"], "misere", "{pos:?}");
        let want = misere_nim(&pos);
        assert_eq!(v["grundy"].as_u64(), Some(u64::from(want)), "{pos:?}");
        assert_eq!(v["outcome"], if want == 0 { "P" } else { "N" }, "{pos:?}");
        assert!(v["genus"].is_string(), "{v}");
    }
    // The empty game's genus, as Winning Ways and CGSuite write it; and the text says the play.
    let out = heapgame().args(["eval", NIM, "--play", "misere"]).ok();
    assert!(out.contains("genus:    0^120"), "{out}");
    assert!(out.contains("misère play"), "{out}");
    assert!(out.contains("outcome:  N"), "{out}");
    // The same position in normal play is P.
    let v = heapgame().args(["eval", NIM]).json();
    assert_eq!(
        (v["outcome"].as_str(), v["play"].as_str()),
        (Some("P"), Some("normal"))
    );
}

#[test]
fn solve_in_misere_play() {
    let v = heapgame()
        .args([
            "solve", NIM, "--max", "5", "--heaps", "3", "--grundy", "--play", "misere",
        ])
        .json();
    assert_eq!(v["play"], "misere");
    assert_eq!(v["mode"], "table");
    let rows = v["positions"].as_array().expect("positions");
    assert!(rows.len() > 20);
    for r in rows {
        let pos: Vec<u32> = r["position"]
            .as_array()
            .expect("a position")
            .iter()
            .map(|h| h.as_u64().expect("a heap") as u32)
            .collect();
        assert_eq!(
            r["grundy"].as_u64(),
            Some(u64::from(misere_nim(&pos))),
            "{r}"
        );
    }
    let table = heapgame()
        .args([
            "solve", NIM, "--max", "3", "--heaps", "2", "--play", "misere",
        ])
        .ok();
    assert!(table.contains("misère play"), "{table}");
}

#[test]
fn misere_claims_are_checked_and_normal_claims_fail_in_misere_play() {
    let out = heapgame()
        .args(["check", "rulesets/classic/misere-nim.game"])
        .ok();
    assert!(!out.is_empty());
    // Nim's own claims (the XOR) are normal play: in misère play they fail, with exit 1.
    let r = heapgame()
        .args([
            "check", NIM, "--play", "misere", "--max", "4", "--heaps", "2",
        ])
        .run();
    r.assert_code(1);
}

#[test]
fn diff_against_a_formula_is_refused_in_misere_play() {
    let err = heapgame()
        .args([
            "diff",
            NIM,
            "--formula",
            "nim",
            "--max",
            "4",
            "--heaps",
            "2",
            "--play",
            "misere",
        ])
        .fails_with("heapgame::play");
    assert!(flat(&err).contains("normal play"), "{err}");
    snapshot!("cli_misere_formula", err);
}

#[test]
fn sequence_in_misere_play() {
    // Subtraction game {1, 3, 4}, one heap, misère: g^-(n) = 1 below 1, else the mex,
    // computed here.
    let mut want: Vec<u32> = Vec::new();
    for n in 0..=40u32 {
        let fs: Vec<u32> = [1u32, 3, 4]
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| want[(n - s) as usize])
            .collect();
        let v = if fs.is_empty() {
            1
        } else {
            (0..).find(|v| !fs.contains(v)).expect("a mex")
        };
        want.push(v);
    }
    let v = heapgame()
        .args(["sequence", SUBTRACTION, "--max", "40", "--play", "misere"])
        .json();
    assert_eq!(v["play"], "misere");
    let got: Vec<u32> = v["values"]
        .as_array()
        .expect("values")
        .iter()
        .map(|x| x.as_u64().expect("a value") as u32)
        .collect();
    assert_eq!(got, want);
}
