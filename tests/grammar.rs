//! The grammar of `.game` files (grammar/heapgame.pest) through the parser's public API:
//! `heapgame::syntax::parse_file` and `parse_expr_str`, read back through `heapgame::syntax::ast`.
//!
//! Expressions are compared as S-expressions written by `sx` below, so that precedence and
//! associativity are visible in the test: `1 + 2 * 3` is `(+ 1 (* 2 3))`.

use heapgame::syntax::ast::*;
use heapgame::syntax::{parse_expr_str, parse_file, SyntaxError};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// An expression as an S-expression: `(op a b)`, ranges `(.. a b)` / `(.. a)`, calls
/// `(call f a b)`, `(abs e)`, `{a b}`, `(tuple a b)`, `(neg e)`, `(not e)`.
fn sx(e: &Expr) -> String {
    let list = |xs: &[Expr]| xs.iter().map(sx).collect::<Vec<_>>().join(" ");
    match &e.kind {
        ExprKind::Int(n) => n.to_string(),
        ExprKind::Bool(b) => b.to_string(),
        ExprKind::Decimal(t) => t.clone(),
        ExprKind::Name(n) => n.clone(),
        ExprKind::Heaps => "heaps".into(),
        ExprKind::Unary(UnOp::Neg, a) => format!("(neg {})", sx(a)),
        ExprKind::Unary(UnOp::Not, a) => format!("(not {})", sx(a)),
        ExprKind::Binary(op, a, b) => format!("({} {} {})", op.symbol(), sx(a), sx(b)),
        ExprKind::Range(a, Some(b)) => format!("(.. {} {})", sx(a), sx(b)),
        ExprKind::Range(a, None) => format!("(.. {})", sx(a)),
        ExprKind::Call(f, args) if args.is_empty() => format!("(call {})", f.name),
        ExprKind::Call(f, args) => format!("(call {} {})", f.name, list(args)),
        ExprKind::Abs(a) => format!("(abs {})", sx(a)),
        ExprKind::Set(xs) => format!("{{{}}}", list(xs)),
        ExprKind::Tuple(xs) => format!("(tuple {})", list(xs)),
        ExprKind::Quant(k, v, l, c) => {
            let k = match k {
                QuantKind::Any => "any",
                QuantKind::All => "all",
                QuantKind::Count => "count",
                QuantKind::Filter => "filter",
                QuantKind::Collect => "collect",
            };
            format!("({k} {} {} {})", v.name, sx(l), sx(c))
        }
        ExprKind::Index(l, i) => format!("(index {} {})", sx(l), sx(i)),
        ExprKind::ListComp(b, v, l, None) => format!("(list {} {} {})", sx(b), v.name, sx(l)),
        ExprKind::ListComp(b, v, l, Some(c)) => {
            format!("(list {} {} {} if {})", sx(b), v.name, sx(l), sx(c))
        }
        ExprKind::SetComp(b, v, l, None) => format!("(set {} {} {})", sx(b), v.name, sx(l)),
        ExprKind::SetComp(b, v, l, Some(c)) => {
            format!("(set {} {} {} if {})", sx(b), v.name, sx(l), sx(c))
        }
        ExprKind::HeapTest(k, s) => {
            let k = match k {
                HeapTestKind::Any => "any-heap",
                HeapTestKind::All => "all-heaps",
                HeapTestKind::No => "no-heap",
            };
            format!("({k} {})", sx(s))
        }
        ExprKind::If(c, a, b) => format!("(if {} {} {})", sx(c), sx(a), sx(b)),
    }
}

/// Parses an expression and returns its S-expression.
#[track_caller]
fn ex(src: &str) -> String {
    match parse_expr_str(src) {
        Ok(e) => sx(&e),
        Err(err) => panic!("`{src}` does not parse: {err}"),
    }
}

/// Parses a ruleset whose body is `body`, with `heaps any` unless the body has a shape.
#[track_caller]
fn ruleset(body: &str) -> Ruleset {
    let src = format!("ruleset \"T\" {{\n{body}\n}}\n");
    match parse_file(&src) {
        Ok(r) => r,
        Err(err) => panic!("does not parse: {err}\n{src}"),
    }
}

/// The moves of a ruleset.
fn moves(r: &Ruleset) -> Vec<&MoveDef> {
    r.items
        .iter()
        .filter_map(|i| match i {
            Item::Move(m) => Some(m),
            _ => None,
        })
        .collect()
}

/// The single step of `heaps any; move { STEP }`.
#[track_caller]
fn step(src: &str) -> StepKind {
    let r = ruleset(&format!("heaps any\nmove {{ {src} }}"));
    let m = moves(&r);
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].steps.len(), 1, "{src}");
    m[0].steps[0].kind.clone()
}

/// The selector of a step.
fn sel(k: &StepKind) -> &Selector {
    match k {
        StepKind::Take { sel, .. }
        | StepKind::Delete { sel }
        | StepKind::Split { sel, .. }
        | StepKind::Lower { sel, .. }
        | StepKind::Keep { sel, .. }
        | StepKind::Set { sel, .. }
        | StepKind::Add { sel, .. } => sel,
        StepKind::Shift { from, .. } => from,
        StepKind::Octal { .. } => panic!("an `octal` step has no selector"),
    }
}

/// A selector in words: `one`, `the-other`, `rest`, `both`, `count <sx>`, `named x`, `ref h`,
/// followed by ` as NAME` when the selection is named.
fn sel_str(s: &Selector) -> String {
    let k = match &s.kind {
        SelKind::One => "one".to_string(),
        SelKind::TheOther => "the-other".to_string(),
        SelKind::Rest => "rest".to_string(),
        SelKind::Both => "both".to_string(),
        SelKind::Count(e) => format!("count {}", sx(e)),
        SelKind::Named(id) => format!("named {}", id.name),
        SelKind::Ref(id) => format!("ref {}", id.name),
        SelKind::At(e) => format!("at {}", sx(e)),
        SelKind::Consecutive(e) => format!("consecutive {}", sx(e)),
        SelKind::NextTo { of, each } => format!("next-to {} each={each}", of.name),
    };
    match &s.name {
        Some(n) => format!("{k} as {}", n.name),
        None => k,
    }
}

/// The message of a file that must not parse.
#[track_caller]
fn parse_error(src: &str) -> (String, usize) {
    match parse_file(src) {
        Ok(_) => panic!("parsed, but should not:\n{src}"),
        Err(e @ (SyntaxError::Unexpected { .. } | SyntaxError::Slip { .. })) => {
            let (SyntaxError::Unexpected { span, .. } | SyntaxError::Slip { span, .. }) = &e else {
                unreachable!()
            };
            (e.to_string(), span.offset())
        }
        Err(e) => panic!("unexpected error kind {e:?}"),
    }
}

/// Pest rule names that must never reach a user.
const RULE_NAMES: &[&str] = &[
    "expr",
    "arith",
    "operand",
    "count_expr",
    "selector",
    "sel_",
    "kw_",
    "EOI",
    "Rule::",
    "amount_same",
    "bindings",
    "heaps_word",
    "standalone_expr",
];

#[track_caller]
fn assert_in_words(msg: &str) {
    for r in RULE_NAMES {
        // `expr` may occur inside an English word such as "expression"; look for it alone.
        let bare = msg
            .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .any(|w| w == *r || (r.ends_with('_') && w.starts_with(r)));
        assert!(!bare, "the message names the grammar rule `{r}`: {msg}");
    }
}

// ---------------------------------------------------------------------------------------------
// Expressions: precedence and associativity
// ---------------------------------------------------------------------------------------------

#[test]
fn arithmetic_precedence() {
    assert_eq!(ex("1 + 2 * 3"), "(+ 1 (* 2 3))");
    assert_eq!(ex("(1 + 2) * 3"), "(* (+ 1 2) 3)");
    assert_eq!(ex("1 * 2 + 3"), "(+ (* 1 2) 3)");
    assert_eq!(ex("10 - 3 - 2"), "(- (- 10 3) 2)");
    assert_eq!(ex("8 / 4 / 2"), "(/ (/ 8 4) 2)");
    assert_eq!(ex("a mod 2 + 1"), "(+ (mod a 2) 1)");
    assert_eq!(ex("k * (k - 1)"), "(* k (- k 1))");
}

#[test]
fn if_then_else_is_an_operand_whose_else_runs_on() {
    assert_eq!(ex("if a then 1 else 2 + 3"), "(if a 1 (+ 2 3))");
    assert_eq!(ex("(if a then 1 else 2) + 3"), "(+ (if a 1 2) 3)");
    assert_eq!(
        ex("if x > 1 and y then if z then 1 else 2 else 3"),
        "(if (and (> x 1) y) (if z 1 2) 3)"
    );
    assert_eq!(
        ex("{p for p in 1..9 if p > 3}"),
        "(set p p (.. 1 9) if (> p 3))"
    );
}

#[test]
fn power_binds_tighter_than_unary_minus_and_is_right_associative() {
    assert_eq!(ex("-3 ^ 2"), "(neg (^ 3 2))");
    assert_eq!(ex("2 ^ 3 ^ 2"), "(^ 2 (^ 3 2))");
    assert_eq!(ex("-a * b"), "(* (neg a) b)");
    assert_eq!(ex("2 * k ^ t"), "(* 2 (^ k t))");
    assert_eq!(ex("1 - -2"), "(- 1 (neg 2))");
}

#[test]
fn ranges_bind_looser_than_arithmetic() {
    assert_eq!(ex("a..b+1"), "(.. a (+ b 1))");
    assert_eq!(ex("1..k-1"), "(.. 1 (- k 1))");
    assert_eq!(ex("0..n/2"), "(.. 0 (/ n 2))");
    assert_eq!(ex("1.."), "(.. 1)");
    assert_eq!(ex("k+1.."), "(.. (+ k 1))");
    assert_eq!(ex("x in 1..k"), "(in x (.. 1 k))");
    assert_eq!(ex("x in 1.."), "(in x (.. 1))");
}

#[test]
fn comparisons_logic_and_membership() {
    assert_eq!(ex("a == b and c < d"), "(and (== a b) (< c d))");
    assert_eq!(ex("a or b and c"), "(or a (and b c))");
    assert_eq!(ex("a and b or c"), "(or (and a b) c)");
    assert_eq!(ex("not a and b"), "(and (not a) b)");
    assert_eq!(ex("not a == b"), "(not (== a b))");
    assert_eq!(ex("a + 1 >= b * 2"), "(>= (+ a 1) (* b 2))");
    assert_eq!(ex("a != b"), "(!= a b)");
    assert_eq!(ex("a <= b"), "(<= a b)");
    assert_eq!(ex("a > b"), "(> a b)");
}

#[test]
fn not_in_is_one_operator() {
    assert_eq!(ex("x not in S"), "(not in x S)");
    assert_eq!(
        ex("(s, t) not in triangles"),
        "(not in (tuple s t) triangles)"
    );
    assert_eq!(ex("x not  in {1, 2}"), "(not in x {1 2})");
    // `not` before a membership test negates the whole test.
    assert_eq!(ex("not x in S"), "(not (in x S))");
    // A name that starts with `in` is not `in`.
    assert_eq!(ex("x not in inner"), "(not in x inner)");
}

#[test]
fn absolute_values() {
    assert_eq!(ex("|s - t| < d"), "(< (abs (- s t)) d)");
    assert_eq!(ex("|a| + |b|"), "(+ (abs a) (abs b))");
    assert_eq!(ex("|-3|"), "(abs (neg 3))");
}

#[test]
fn tuples_sets_and_sets_of_tuples() {
    assert_eq!(ex("(1, 2)"), "(tuple 1 2)");
    assert_eq!(ex("(1 + 2)"), "(+ 1 2)");
    assert_eq!(ex("(a, b, c)"), "(tuple a b c)");
    assert_eq!(ex("{}"), "{}");
    assert_eq!(ex("{1, 3, 4}"), "{1 3 4}");
    assert_eq!(ex("{1, 3, 4,}"), "{1 3 4}");
    assert_eq!(ex("{(1, 2), (2, 1)}"), "{(tuple 1 2) (tuple 2 1)}");
    assert_eq!(ex("{1..3, 7}"), "{(.. 1 3) 7}");
}

#[test]
fn calls_quantifiers_heap_tests_and_literals() {
    assert_eq!(ex("floor((b - a) * phi)"), "(call floor (* (- b a) phi))");
    assert_eq!(ex("max(a, b)"), "(call max a b)");
    assert_eq!(ex("xor(heaps) == 0"), "(== (call xor heaps) 0)");
    assert_eq!(ex("any(z in heaps: z > 2)"), "(any z heaps (> z 2))");
    assert_eq!(ex("count(z in heaps: z == 1)"), "(count z heaps (== z 1))");
    assert_eq!(ex("any heap in B"), "(any-heap B)");
    assert_eq!(ex("no heap in {1, 2}"), "(no-heap {1 2})");
    assert_eq!(ex("all heaps in (1..)"), "(all-heaps (.. 1))");
    assert_eq!(ex("true or false"), "(or true false)");
    assert_eq!(ex("9223372036854775807"), "9223372036854775807");
}

/// `no heap in 1..3` tests against the range 1..3, not `(no heap in 1)..3`.
#[test]
fn heap_test_takes_a_range() {
    assert_eq!(ex("no heap in 1..3"), "(no-heap (.. 1 3))");
    assert_eq!(ex("all heaps in 1.."), "(all-heaps (.. 1))");
}

#[test]
fn spans_cover_the_text() {
    let src = "a..b+1";
    let e = parse_expr_str(src).unwrap();
    assert_eq!(e.span, 0..src.len());
    let ExprKind::Range(lo, Some(hi)) = &e.kind else {
        panic!("not a range: {e:?}")
    };
    assert_eq!(&src[lo.span.clone()], "a");
    assert_eq!(&src[hi.span.clone()], "b+1");

    let src = "|s - t| < d";
    let e = parse_expr_str(src).unwrap();
    let ExprKind::Binary(BinOp::Lt, l, _) = &e.kind else {
        panic!()
    };
    assert_eq!(&src[l.span.clone()], "|s - t|");
}

#[test]
fn integer_too_large_is_its_own_error() {
    match parse_expr_str("99999999999999999999") {
        Err(SyntaxError::IntegerTooLarge { text, .. }) => {
            assert_eq!(text, "`99999999999999999999`");
        }
        other => panic!("{other:?}"),
    }
    // A long one is quoted by its ends and its length.
    match parse_expr_str(&"12345".repeat(20)) {
        Err(SyntaxError::IntegerTooLarge { text, .. }) => {
            assert_eq!(text, "`12345123451234512345...1234512345` (100 digits)");
        }
        other => panic!("{other:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Rulesets: items
// ---------------------------------------------------------------------------------------------

#[test]
fn ruleset_header_params_and_items() {
    let r = parse_file(
        r#"# comment
        ruleset "Name \"quoted\"" (k = 3, S = {1, 2},) {
          source "a paper, Section 2"   # a comment after an item
          require k >= 2 else "k >= 2"
          require k mod 2 == 1;
          heaps n, each >= 1
          let m = n / k
          move { take S from one heap }
          check max 10 heaps 3
        }"#,
    )
    .unwrap();
    assert_eq!(r.name, "Name \"quoted\"");
    let ps: Vec<(String, String)> = r
        .params
        .iter()
        .map(|p| (p.name.name.clone(), sx(&p.default)))
        .collect();
    assert_eq!(ps, [("k".into(), "3".into()), ("S".into(), "{1 2}".into())]);
    let kinds: Vec<&str> = r
        .items
        .iter()
        .map(|i| match i {
            Item::Source(..) => "source",
            Item::Play(..) => "play",
            Item::Require(_) => "require",
            Item::Shape(_) => "shape",
            Item::Let(_) => "let",
            Item::Fn(_) => "fn",
            Item::Move(_) => "move",
            Item::Claim(_) => "claim",
            Item::CheckBound(_) => "check",
            Item::Positions(_) => "positions",
        })
        .collect();
    assert_eq!(
        kinds,
        ["source", "require", "require", "shape", "let", "move", "check"]
    );
    let Item::Require(req) = &r.items[1] else {
        panic!()
    };
    assert_eq!(req.message.as_deref(), Some("k >= 2"));
    assert_eq!(sx(&req.cond), "(>= k 2)");
    let Item::Shape(sh) = &r.items[3] else {
        panic!()
    };
    assert!(matches!(&sh.kind, ShapeKind::Count(e) if sx(e) == "n"));
    assert_eq!(sh.lower.as_ref().map(sx).as_deref(), Some("1"));
    let Item::CheckBound(cb) = &r.items[6] else {
        panic!()
    };
    assert_eq!(cb.max.as_ref().map(sx).as_deref(), Some("10"));
    assert_eq!(cb.heaps.as_ref().map(sx).as_deref(), Some("3"));
}

#[test]
fn shapes() {
    let shape = |body: &str| {
        let r = ruleset(&format!("{body}\nmove {{ take 1.. from one heap }}"));
        match r.items.into_iter().next() {
            Some(Item::Shape(s)) => s,
            other => panic!("{other:?}"),
        }
    };
    assert!(matches!(shape("heaps any").kind, ShapeKind::Any));
    assert!(matches!(shape("heaps 2").kind, ShapeKind::Count(_)));
    assert!(matches!(shape("heaps k + 1").kind, ShapeKind::Count(e) if sx(&e) == "(+ k 1)"));
    match shape("heaps (x, y)").kind {
        ShapeKind::Named(ns) => {
            assert_eq!(
                ns.iter().map(|n| n.name.as_str()).collect::<Vec<_>>(),
                ["x", "y"]
            );
        }
        other => panic!("{other:?}"),
    }
    let s = shape("heaps any, each >= 1");
    assert!(matches!(s.kind, ShapeKind::Any));
    assert_eq!(s.lower.as_ref().map(sx).as_deref(), Some("1"));
}

// ---------------------------------------------------------------------------------------------
// Steps and selectors
// ---------------------------------------------------------------------------------------------

#[test]
fn open_range_before_from() {
    // `1..` must stop before `from`, not read `from` as its upper end.
    match step("take 1.. from one heap") {
        StepKind::Take {
            amount: Amount::Each(e),
            sel: s,
            cond: None,
        } => {
            assert_eq!(sx(&e), "(.. 1)");
            assert_eq!(sel_str(&s), "one");
        }
        other => panic!("{other:?}"),
    }
    match step("take same 1.. from both heaps") {
        StepKind::Take {
            amount: Amount::Same(None, e),
            sel: s,
            ..
        } => {
            assert_eq!(sx(&e), "(.. 1)");
            assert_eq!(sel_str(&s), "both");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn amounts() {
    match step("take same s in 1.. from both heaps") {
        StepKind::Take {
            amount: Amount::Same(Some(n), e),
            ..
        } => {
            assert_eq!(n.name, "s");
            assert_eq!(sx(&e), "(.. 1)");
        }
        other => panic!("{other:?}"),
    }
    match step("take s in 1.., t in 1.. from both heaps where |s - t| < d") {
        StepKind::Take {
            amount: Amount::Named(bs),
            sel: s,
            cond: Some(c),
        } => {
            let bs: Vec<(String, String)> =
                bs.iter().map(|(n, e)| (n.name.clone(), sx(e))).collect();
            assert_eq!(
                bs,
                [("s".into(), "(.. 1)".into()), ("t".into(), "(.. 1)".into())]
            );
            assert_eq!(sel_str(&s), "both");
            assert_eq!(sx(&c), "(< (abs (- s t)) d)");
        }
        other => panic!("{other:?}"),
    }
    match step("take S from each of T heaps") {
        StepKind::Take {
            amount: Amount::Each(e),
            sel: s,
            ..
        } => {
            assert_eq!(sx(&e), "S");
            assert_eq!(sel_str(&s), "count T");
        }
        other => panic!("{other:?}"),
    }
    match step("take {1, 3, 4} from one heap") {
        StepKind::Take {
            amount: Amount::Each(e),
            ..
        } => assert_eq!(sx(&e), "{1 3 4}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_selector_form() {
    let cases: &[(&str, &str)] = &[
        ("keep one heap", "one"),
        ("keep one heap h", "one as h"),
        ("keep one other heap", "one"),
        ("keep the other heap", "the-other"),
        ("keep the other heaps", "rest"),
        ("keep every other heap", "rest"),
        ("keep every heap", "rest"),
        ("keep all heaps", "rest"),
        ("keep all other heaps", "rest"),
        ("keep both heaps", "both"),
        ("keep both heaps p", "both as p"),
        ("keep each of 1..k-1 heaps", "count (.. 1 (- k 1))"),
        ("keep each of {1, 2} heaps", "count {1 2}"),
        ("keep 2 heaps", "count 2"),
        ("keep j other heaps", "count j"),
        ("keep (k - 1) * m heaps", "count (* (- k 1) m)"),
        ("keep 1..k-1 heaps", "count (.. 1 (- k 1))"),
        ("keep heap x", "named x"),
        ("keep h", "ref h"),
        ("keep it", "ref it"),
        ("keep them", "ref them"),
    ];
    for (src, want) in cases {
        assert_eq!(sel_str(sel(&step(src))), *want, "{src}");
    }
}

#[test]
fn selector_names_and_references_in_one_move() {
    let r = ruleset(
        "heaps (x, y)\nmove { keep heap x where x > 0; take 1.. from heap y }\n\
         move { take t in 1.. from one heap h; take s in 0..d from the other heap; keep h }",
    );
    let m = moves(&r);
    let sels: Vec<Vec<String>> = m
        .iter()
        .map(|m| m.steps.iter().map(|s| sel_str(sel(&s.kind))).collect())
        .collect();
    assert_eq!(
        sels,
        [
            vec!["named x".to_string(), "named y".into()],
            vec!["one as h".into(), "the-other".into(), "ref h".into()],
        ]
    );
    // `one heap h` binds `h`; the step after it may refer to it.
    let StepKind::Take {
        amount: Amount::Named(bs),
        ..
    } = &m[1].steps[0].kind
    else {
        panic!()
    };
    assert_eq!(bs[0].0.name, "t");
}

#[test]
fn other_steps() {
    match step("delete one heap") {
        StepKind::Delete { sel: s } => assert_eq!(sel_str(&s), "one"),
        other => panic!("{other:?}"),
    }
    match step("split one heap into 2 parts allowing empty") {
        StepKind::Split {
            sel: s,
            parts,
            allow_empty,
            ..
        } => {
            assert_eq!(sel_str(&s), "one");
            assert_eq!(sx(&parts), "2");
            assert!(allow_empty);
        }
        other => panic!("{other:?}"),
    }
    match step("split the other heaps into k parts each") {
        StepKind::Split {
            sel: s,
            parts,
            allow_empty,
            ..
        } => {
            assert_eq!(sel_str(&s), "rest");
            assert_eq!(sx(&parts), "k");
            assert!(!allow_empty);
        }
        other => panic!("{other:?}"),
    }
    match step("split j other heaps into 1 part") {
        StepKind::Split { sel: s, parts, .. } => {
            assert_eq!(sel_str(&s), "count j");
            assert_eq!(sx(&parts), "1");
        }
        other => panic!("{other:?}"),
    }
    match step("lower every other heap by 1") {
        StepKind::Lower { sel: s, by } => {
            assert_eq!(sel_str(&s), "rest");
            assert_eq!(sx(&by), "1");
        }
        other => panic!("{other:?}"),
    }
    match step("keep one heap h where h mod 2 == 1") {
        StepKind::Keep { sel: s, cond } => {
            assert_eq!(sel_str(&s), "one as h");
            assert_eq!(cond.as_ref().map(sx).as_deref(), Some("(== (mod h 2) 1)"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn move_steps_are_separated_by_semicolons_or_lines() {
    let r = ruleset(
        "heaps any\nmove { delete one heap; lower every other heap by 1 }\n\
         move {\n  delete one heap\n  split one other heap into 2 parts;\n}",
    );
    let m = moves(&r);
    assert_eq!(m[0].steps.len(), 2);
    assert_eq!(m[1].steps.len(), 2);
}

#[test]
fn move_for_when_unless() {
    let r = ruleset(
        "heaps n\n\
         move for j in 1..n/2 { delete j heaps; split j other heaps into 2 parts each }\n\
         move when any heap in B { take 1.. from one heap }\n\
         move unless a == 1 { take 1 from one heap }\n\
         move for i in 1..2 for j in 1..i when i < 3 unless j == 2 { take i from one heap }",
    );
    let m = moves(&r);
    assert_eq!(m.len(), 4);
    let fors = |m: &MoveDef| -> Vec<String> {
        m.fors
            .iter()
            .map(|(v, e)| format!("{} {}", v.name, sx(e)))
            .collect()
    };
    let guards = |m: &MoveDef| -> Vec<String> {
        m.guards
            .iter()
            .map(|g| {
                format!(
                    "{} {}",
                    if g.negated { "unless" } else { "when" },
                    sx(&g.cond)
                )
            })
            .collect()
    };
    assert_eq!(fors(m[0]), ["j (.. 1 (/ n 2))"]);
    assert!(m[0].guards.is_empty());
    assert_eq!(
        m[0].steps
            .iter()
            .map(|s| sel_str(sel(&s.kind)))
            .collect::<Vec<_>>(),
        ["count j", "count j"]
    );
    assert_eq!(guards(m[1]), ["when (any-heap B)"]);
    assert_eq!(guards(m[2]), ["unless (== a 1)"]);
    assert_eq!(fors(m[3]), ["i (.. 1 2)", "j (.. 1 i)"]);
    assert_eq!(guards(m[3]), ["when (< i 3)", "unless (== j 2)"]);
}

// ---------------------------------------------------------------------------------------------
// Claims
// ---------------------------------------------------------------------------------------------

#[test]
fn claims() {
    let r = ruleset(
        "heaps 2\nmove { take 1.. from one heap }\n\
         claim P: a == floor((b - a) * phi) where (a, b) = heaps\n\
         claim grundy: xor(heaps)\n\
         claim P: formula subtraction(S)\n\
         claim P: formula propp_cookie\n\
         claim P: formula f()",
    );
    let claims: Vec<&Claim> = r
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Claim(c) => Some(c),
            _ => None,
        })
        .collect();
    assert_eq!(claims.len(), 5);

    assert_eq!(claims[0].kind, ClaimKind::P);
    match &claims[0].body {
        ClaimBody::Expr {
            expr,
            destructure: Some(d),
        } => {
            assert_eq!(sx(expr), "(== a (call floor (* (- b a) phi)))");
            assert_eq!(
                d.names.iter().map(|n| n.name.as_str()).collect::<Vec<_>>(),
                ["a", "b"]
            );
            assert!(!d.single);
            assert_eq!(sx(&d.value), "heaps");
        }
        other => panic!("{other:?}"),
    }

    assert_eq!(claims[1].kind, ClaimKind::Grundy);
    match &claims[1].body {
        ClaimBody::Expr {
            expr,
            destructure: None,
        } => assert_eq!(sx(expr), "(call xor heaps)"),
        other => panic!("{other:?}"),
    }

    let formula = |c: &Claim| match &c.body {
        ClaimBody::Formula { name, args } => {
            (name.name.clone(), args.iter().map(sx).collect::<Vec<_>>())
        }
        other => panic!("{other:?}"),
    };
    assert_eq!(
        formula(claims[2]),
        ("subtraction".into(), vec!["S".to_string()])
    );
    assert_eq!(formula(claims[3]), ("propp_cookie".into(), vec![]));
    assert_eq!(formula(claims[4]), ("f".into(), vec![]));
}

#[test]
fn claim_where_sorted() {
    let r = ruleset("heaps 3\nmove { take 1.. from one heap }\nclaim P: a + b == c where (a, b, c) = sorted(heaps)");
    let Some(Item::Claim(c)) = r.items.last() else {
        panic!()
    };
    let ClaimBody::Expr {
        destructure: Some(d),
        ..
    } = &c.body
    else {
        panic!()
    };
    assert_eq!(d.names.len(), 3);
    assert_eq!(sx(&d.value), "(call sorted heaps)");
}

#[test]
fn indexing_and_list_comprehensions() {
    assert_eq!(ex("sorted(heaps)[0]"), "(index (call sorted heaps) 0)");
    assert_eq!(ex("heaps[i + 1][0]"), "(index (index heaps (+ i 1)) 0)");
    // Indexing binds tighter than every operator.
    assert_eq!(ex("-heaps[0] ^ 2"), "(neg (^ (index heaps 0) 2))");
    assert_eq!(
        ex("[min(h, n) for h in heaps]"),
        "(list (call min h n) h heaps)"
    );
    // The list of a comprehension or quantifier may be a range without parentheses.
    assert_eq!(
        ex("[heaps[i] for i in s..len(heaps) - 1]"),
        "(list (index heaps i) i (.. s (- (call len heaps) 1)))"
    );
    assert_eq!(ex("all(i in 0..62: i >= 0)"), "(all i (.. 0 62) (>= i 0))");
    assert!(parse_expr_str("[h for h in]").is_err());
    assert!(parse_expr_str("heaps[]").is_err());
}

#[test]
fn same_claims_and_single_where() {
    let r = ruleset(
        "heaps any\nmove { take 1.. from one heap }\nclaim same: [h for h in heaps] where s = len(heaps)",
    );
    let Some(Item::Claim(c)) = r.items.last() else {
        panic!()
    };
    assert_eq!(c.kind, ClaimKind::Same);
    let ClaimBody::Expr {
        destructure: Some(d),
        ..
    } = &c.body
    else {
        panic!()
    };
    assert!(d.single);
    assert_eq!(d.names.len(), 1);
    assert_eq!(sx(&d.value), "(call len heaps)");
}

#[test]
fn claim_forms_when_and_functions() {
    let r = ruleset(
        "heaps any\nmove { take 1.. from one heap }\nfn g(n, m) = n mod m\n\
         claim grundy <= 3 when len(heaps) < 3\nclaim grundy not in {4, 5}\n\
         claim winning: {sorted([h - 1 for h in heaps if h > 1]) for c in heaps if c > 0}\n\
         claim: winning == {} when heaps == (1, 2)\nclaim grundy: g(1, 2) where s = 1 when s > 0",
    );
    let Some(Item::Fn(f)) = r.items.get(2) else {
        panic!("{:?}", r.items.get(2))
    };
    assert_eq!(f.name.name, "g");
    assert_eq!(f.params.len(), 2);
    assert_eq!(sx(&f.body), "(mod n m)");
    let claims: Vec<&Claim> = r
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Claim(c) => Some(c),
            _ => None,
        })
        .collect();
    let shown: Vec<(ClaimKind, Option<&str>, String, Option<String>)> = claims
        .iter()
        .map(|c| {
            let ClaimBody::Expr { expr, .. } = &c.body else {
                panic!()
            };
            (
                c.kind,
                c.cmp.map(heapgame::syntax::ast::BinOp::symbol),
                sx(expr),
                c.when.as_ref().map(sx),
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            (
                ClaimKind::Grundy,
                Some("<="),
                "3".to_string(),
                Some("(< (call len heaps) 3)".to_string())
            ),
            (ClaimKind::Grundy, Some("not in"), "{4 5}".to_string(), None),
            (
                ClaimKind::Winning,
                None,
                "(set (call sorted (list (- h 1) h heaps if (> h 1))) c heaps if (> c 0))"
                    .to_string(),
                None
            ),
            (
                ClaimKind::Holds,
                None,
                "(== winning {})".to_string(),
                Some("(== heaps (tuple 1 2))".to_string())
            ),
            (
                ClaimKind::Grundy,
                None,
                "(call g 1 2)".to_string(),
                Some("(> s 0)".to_string())
            ),
        ]
    );
    // `fn` and `if` are reserved.
    assert!(parse_expr_str("fn + 1").is_err());
    assert!(parse_expr_str("if").is_err());
}

// ---------------------------------------------------------------------------------------------
// Failures, in words
// ---------------------------------------------------------------------------------------------

#[test]
fn heaps_3_3_fails_at_the_second_3() {
    let src = "ruleset \"T\" {\n  heaps 3 3\n  move { take 1.. from one heap }\n}\n";
    let (msg, at) = parse_error(src);
    assert_eq!(at, src.find("3 3").unwrap() + 2, "{msg}");
    assert!(msg.starts_with("expected "), "{msg}");
    assert!(msg.ends_with("found `3`"), "{msg}");
    assert!(msg.contains("an operator"), "{msg}");
    assert_in_words(&msg);
}

#[test]
fn take_without_amount_names_an_amount() {
    let src = "ruleset \"T\" {\n  heaps 2\n  move { take from one heap }\n}\n";
    let (msg, at) = parse_error(src);
    assert_eq!(at, src.find("from").unwrap(), "{msg}");
    assert!(msg.contains("an amount"), "{msg}");
    assert!(msg.ends_with("found `from`"), "{msg}");
    assert_in_words(&msg);
}

#[test]
fn other_failures_are_in_words() {
    let cases: &[(&str, &str)] = &[
        // A move without a step.
        ("ruleset \"T\" { heaps 2 move { } }", "`take`"),
        // No choice of heaps after `from`.
        (
            "ruleset \"T\" { heaps 2 move { take 1.. from } }",
            "a choice of heaps",
        ),
        // An unfinished expression.
        ("ruleset \"T\" { heaps 2 + }", "an expression"),
        // No ruleset name.
        ("ruleset { heaps 2 }", "a string in double quotes"),
        // Not a ruleset at all.
        ("heaps 2", "`ruleset \"Name\" { ... }`"),
        // A keyword as a parameter name.
        (
            "ruleset \"T\" (move = 2) { heaps 2 }",
            "expected a name, found `move`",
        ),
        // An unclosed set.
        (
            "ruleset \"T\" { heaps 2 move { take {1, 2 from one heap } }",
            "found `from`",
        ),
        // Text after the ruleset.
        (
            "ruleset \"T\" { heaps 2 move { take 1.. from one heap } } extra",
            "the end of the file",
        ),
    ];
    for (src, want) in cases {
        let (msg, _) = parse_error(src);
        assert!(
            msg.contains(want),
            "{src}\n  -> {msg}\n  should mention {want}"
        );
        assert_in_words(&msg);
    }
}

/// Punctuation the grammar writes as literal strings (`,` `}` `)` `|`) is named in the
/// expected list: `{1, 2 from` says "expected `,`, `}` or an operator, found `from`".
#[test]
fn unclosed_set_mentions_the_closing_brace() {
    let (msg, _) = parse_error("ruleset \"T\" { heaps 2 move { take {1, 2 from one heap } }");
    assert!(msg.contains("`}`") && msg.contains("`,`"), "{msg}");
    for (src, closer) in [
        (
            "ruleset \"T\" { heaps 2 move { take (1 from one heap } }",
            "`)`",
        ),
        (
            "ruleset \"T\" { heaps 2 move { take |1 from one heap } }",
            "`|`",
        ),
        ("ruleset \"T\" (k = 3 { heaps 2 }", "`)`"),
        (
            "ruleset \"T\" { heaps 2 move { take 1 one heap } }",
            "`from`",
        ),
    ] {
        let (msg, _) = parse_error(src);
        assert!(msg.contains(closer), "{src}: {msg}");
        assert_in_words(&msg);
    }
}

/// Where an expression may start, its openers (`(`, `{`, `|`) are not listed one by one:
/// the list says "an expression".
#[test]
fn expected_expression_is_one_entry() {
    let (msg, _) = parse_error("ruleset \"T\" (k = ) { heaps 2 }");
    assert_eq!(msg, "expected an expression, found `)`");
}

/// Many expected items collapse into one entry, and the end of the input is "the end of the
/// file", with the label on the last character (miette draws nothing past the end); when the
/// text ends inside a block, the place is the `{` never closed (issue 38).
#[test]
fn end_of_input_is_the_end_of_the_file() {
    let src = "ruleset \"T\" {\n  heaps 2\n  5\n}\n";
    let (msg, _) = parse_error(src);
    assert!(
        msg.contains("another item (`heaps`, `let`, `move`, `claim`, ...)") && msg.contains("`}`"),
        "{msg}"
    );
    let src = "ruleset \"T\"\n";
    let (msg, at) = parse_error(src);
    assert!(msg.ends_with("found the end of the file"), "{msg}");
    assert_eq!(at, src.trim_end().len() - 1, "{msg}");
    let (msg, _) = parse_error("ruleset");
    assert_eq!(
        msg,
        "expected a string in double quotes, found the end of the file"
    );
}

/// A `}` left out is shown at the `{` it would close, not at the end of the file.
#[test]
fn a_brace_never_closed_is_shown_where_it_opens() {
    let src = "ruleset \"T\" {\n  heaps 2\n  move { take 1.. from one heap }\n";
    let (msg, at) = parse_error(src);
    assert_eq!(
        msg,
        "this `{` is never closed: the file ends before its `}`"
    );
    assert_eq!(at, src.find('{').unwrap(), "{msg}");
    // A move's `}` left out: the last `}`, at the ruleset's indentation, closes the ruleset.
    let src = "ruleset \"T\" {\n  heaps 2\n  move {\n    take 1.. from one heap\n}\n";
    let (msg, at) = parse_error(src);
    assert_eq!(
        msg,
        "this `{` is never closed: the file ends before its `}`"
    );
    assert_eq!(at, src.find("{\n    take").unwrap(), "{msg}");
}

#[test]
fn bad_expressions_are_in_words() {
    for src in ["1 +", "{1,", "(1, 2", "|a", "f(1,", "1 2", "", "a not b"] {
        match parse_expr_str(src) {
            Ok(e) => panic!("`{src}` parsed as {}", sx(&e)),
            Err(e) => {
                let msg = e.to_string();
                assert!(msg.starts_with("expected "), "{src}: {msg}");
                assert_in_words(&msg);
            }
        }
    }
}

#[test]
fn keywords_are_not_names() {
    for kw in ["move", "heaps", "from", "where", "in", "not"] {
        assert!(
            parse_expr_str(kw).is_err() || kw == "heaps",
            "`{kw}` parsed as a name"
        );
    }
    // `equal` is a word of `split ... equal parts`: `2.. equal` is an open range before it.
    assert!(parse_expr_str("equal").is_err());
    // ... but names may start with a keyword.
    assert_eq!(
        ex("moves + fromage + index + heapsize"),
        "(+ (+ (+ moves fromage) index) heapsize)"
    );
}

#[test]
fn add_move_places_rows_and_positions() {
    // `add 1.. to`: the open range stops before `to`.
    match step("add 1.. to one heap") {
        StepKind::Add {
            amount: Amount::Each(e),
            sel: s,
            cond: None,
        } => {
            assert_eq!(sx(&e), "(.. 1)");
            assert_eq!(sel_str(&s), "one");
        }
        other => panic!("{other:?}"),
    }
    match step("move s in 1..3 from heap i + 1 to heap i where s > 1") {
        StepKind::Shift {
            amount: Amount::Named(bs),
            from,
            to,
            cond: Some(c),
        } => {
            assert_eq!(bs[0].0.name, "s");
            assert_eq!(sel_str(&from), "at (+ i 1)");
            // A place that is a lone name reads as a named heap; the lowering tells them apart.
            assert_eq!(sel_str(&to), "named i");
            assert_eq!(sx(&c), "(> s 1)");
        }
        other => panic!("{other:?}"),
    }
    match step("take l in 0.. from k consecutive heaps h") {
        StepKind::Take { sel: s, .. } => assert_eq!(sel_str(&s), "consecutive k as h"),
        other => panic!("{other:?}"),
    }
    // `to` never names a selection.
    match step("move 1 from one heap to one other heap") {
        StepKind::Shift { from, to, .. } => {
            assert_eq!(sel_str(&from), "one");
            assert_eq!(sel_str(&to), "one");
        }
        other => panic!("{other:?}"),
    }
    let r = ruleset(
        "heaps n in a circle\npositions where heaps[0] < heaps[1]\nmove { take 1.. from heap 1 }",
    );
    let circle = r.items.iter().any(|i| {
        matches!(
            i,
            Item::Shape(Shape {
                kind: ShapeKind::Row { circle: true, .. },
                ..
            })
        )
    });
    assert!(circle);
    assert!(r.items.iter().any(|i| matches!(i, Item::Positions(_))));
    // `heaps k` and `heaps x in S` (an expression) are not rows.
    let r = ruleset("heaps k\nmove { take 1.. from one heap }");
    assert!(r.items.iter().any(|i| matches!(
        i,
        Item::Shape(Shape {
            kind: ShapeKind::Count(_),
            ..
        })
    )));
}

#[test]
fn set_steps_and_neighbours() {
    match step("set one heap h to h / 2 where h > 1") {
        StepKind::Set {
            sel: s,
            value,
            cond: Some(c),
        } => {
            assert_eq!(sel_str(&s), "one as h");
            assert_eq!(sx(&value), "(/ h 2)");
            assert_eq!(sx(&c), "(> h 1)");
        }
        other => panic!("{other:?}"),
    }
    match step("set heap i - 1 to 0..3") {
        StepKind::Set { sel: s, value, .. } => {
            assert_eq!(sel_str(&s), "at (- i 1)");
            assert_eq!(sx(&value), "(.. 0 3)");
        }
        other => panic!("{other:?}"),
    }
    match step("take 1.. from the heaps next to h") {
        StepKind::Take { sel: s, .. } => assert_eq!(sel_str(&s), "next-to h each=false"),
        other => panic!("{other:?}"),
    }
    match step("move 1.. from one heap h to one heap next to h") {
        StepKind::Shift { from, to, .. } => {
            assert_eq!(sel_str(&from), "one as h");
            assert_eq!(sel_str(&to), "next-to h each=true");
        }
        other => panic!("{other:?}"),
    }
    // `set` and `next` stay names elsewhere.
    assert_eq!(ex("set + next"), "(+ set next)");
}
