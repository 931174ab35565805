//! `-p NAME=VALUE` on every command: parameters set, checked and located in the argument.

use super::*;

#[test]
fn param_changes_the_subtraction_set() {
    let with = subtraction_grundy(&[2, 5], 12);
    let default = subtraction_grundy(&[1, 3, 4], 12);
    let mut differs = false;
    for pos in [vec![7usize], vec![6, 8], vec![3, 4, 9], vec![5, 11]] {
        let words: Vec<String> = pos.iter().map(usize::to_string).collect();
        let want = pos.iter().fold(0, |x, &h| x ^ with[h]);
        let v = heapgame()
            .arg("eval")
            .arg(SUBTRACTION)
            .args(["-p", "S={2,5}"])
            .args(&words)
            .json();
        assert_eq!(v["grundy"].as_u64(), Some(u64::from(want)), "{pos:?}");
        assert_eq!(v["outcome"], if want == 0 { "P" } else { "N" }, "{pos:?}");
        let v0 = heapgame().arg("eval").arg(SUBTRACTION).args(&words).json();
        let want0 = pos.iter().fold(0, |x, &h| x ^ default[h]);
        assert_eq!(
            v0["grundy"].as_u64(),
            Some(u64::from(want0)),
            "{pos:?} with the default S"
        );
        differs |= want != want0;
    }
    assert!(differs, "the positions should tell the two sets apart");

    // The text form, as in the brief: 7 is a P-position of S = {2, 5}.
    assert_eq!(with[7], 0);
    let out = heapgame()
        .args(["eval", SUBTRACTION, "-p", "S={2,5}", "7"])
        .ok();
    assert_eq!(text_outcome(&out), "P", "{out}");
}

#[test]
fn param_with_a_parameter_named_k() {
    let path = fixture("param_with_k", WITH_K);
    let p = path.to_str().unwrap();
    // `take 1..k from one heap` with every heap >= 1: one heap h has Grundy value
    // (h - 1) mod (k + 1), a subtraction game shifted by the bound.
    let grundy = |k: u32, pos: &[u32]| pos.iter().fold(0, |x, h| x ^ ((h - 1) % (k + 1)));
    for (k, over) in [(2, None), (3, Some("k=3")), (5, Some("k=5"))] {
        for pos in [[1u32, 4], [3, 9], [2, 2]] {
            let mut cmd = heapgame().arg("eval").arg(p);
            if let Some(o) = over {
                cmd = cmd.args(["-p", o]);
            }
            let v = cmd.args(pos.map(|h| h.to_string())).json();
            assert_eq!(v["position"], serde_json::json!(pos));
            assert_eq!(
                v["grundy"].as_u64(),
                Some(u64::from(grundy(k, &pos))),
                "k = {k}, {pos:?}"
            );
        }
    }
    // A heap never goes below the bound: from (1, 4) with k = 2, only the 4 shrinks.
    let out = heapgame().args(["moves", p, "1", "4"]).ok();
    assert_eq!(out, "(1, 2)\n(1, 3)\n");
}

#[test]
fn bad_param_value() {
    let err = heapgame()
        .args(["eval", SUBTRACTION, "-p", "S={1,", "7"])
        .fails_with("heapgame::bad_param");
    assert!(err.contains("does not parse"), "{err}");
}

#[test]
fn unknown_param() {
    let path = fixture("unknown_param", WITH_K);
    let err = heapgame()
        .args(["eval", path.to_str().unwrap(), "-p", "kk=3", "1", "2"])
        .fails_with("heapgame::unknown_param");
    assert!(err.contains("`kk`"), "{err}");
    assert!(err.contains("did you mean `k`?"), "{err}");
}

#[test]
fn param_without_equals() {
    let err = heapgame()
        .args(["eval", SUBTRACTION, "-p", "S", "7"])
        .fails_with("heapgame::bad_param");
    assert!(err.contains("NAME=VALUE"), "{err}");
}

#[test]
fn param_of_the_wrong_type() {
    heapgame()
        .args(["eval", SUBTRACTION, "-p", "S=true", "7"])
        .fails_with("heapgame::bad_param");
}
