//! Unit tests of the registry and of hand-worked cases. (Each formula is compared with an
//! independent brute force in tests/brute_force.rs and with its bundled ruleset by
//! `heapgame check` / `diff` in tests/check_diff.rs.)

use super::*;

#[test]
fn names_are_unique_and_documented() {
    let reg = registry();
    for (i, f) in reg.iter().enumerate() {
        assert!(
            reg[..i].iter().all(|g| g.name != f.name),
            "{} twice",
            f.name
        );
        assert!(!f.summary.is_empty() && !f.source.is_empty(), "{}", f.name);
    }
    assert_eq!(
        lookup("moore").map(super::FormulaDef::signature),
        Some("moore(l)".into())
    );
}

#[test]
fn build_checks_arity_types_and_ranges() {
    assert_eq!(
        build("wythof", &[]).err(),
        Some(BuildError::Unknown(Some("wythoff")))
    );
    assert!(matches!(
        build("moore", &[]),
        Err(BuildError::Arity { got: 0, .. })
    ));
    assert!(matches!(
        build("moore", &[Value::Bool(true)]),
        Err(BuildError::Type(0, "l", Type::Int))
    ));
    assert!(matches!(
        build("moore", &[Value::Int(0)]),
        Err(BuildError::Range(_))
    ));
    assert!(matches!(
        build("single_delete", &[Value::Int(5)]),
        Err(BuildError::Range(_))
    ));
    assert!(matches!(
        build("beatty", &[Value::Int(3)]),
        Err(BuildError::Range(_))
    ));
}

#[test]
fn propp_reduction_by_hand() {
    // 1 1 5: surplus max(1-1, 2-1, 3-5) = 1, delete one 1; then 2 heaps: 5 depleted to 2.
    assert_eq!(propp::reduce(&[1, 1, 5]), vec![1, 2]);
    // 3 3 3 is reduced already.
    assert_eq!(propp::reduce(&[3, 3, 3]), vec![3, 3, 3]);
    // Zeros vanish; 9 is depleted to the number of heaps.
    assert_eq!(propp::reduce(&[0, 2, 9]), vec![2, 2]);
    // 1 1 1: surplus max(0, 1, 2) = 2, leaving 1.
    assert_eq!(propp::reduce(&[1, 1, 1]), vec![1]);
}

#[test]
fn outside_the_scope_is_none_or_a_shape_error() {
    let pr = build("princess_roses", &[]).expect("princess_roses");
    assert_eq!(pr.form.is_p(&[2, 2, 2, 2, 2]), Ok(None));
    let w = build("wythoff", &[]).expect("wythoff");
    assert_eq!(
        w.form.is_p(&[1, 2, 3]),
        Err(FormulaError::Shape("two heaps"))
    );
    assert_eq!(w.form.is_p(&[3, 5]), Ok(Some(true)));
}
