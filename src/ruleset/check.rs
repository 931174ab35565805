//! Phase 2, checking and lowering: binds the parameters (defaults, then `-p` overrides),
//! evaluates `let`s and `require`s, checks names and types everywhere, and lowers the moves
//! into [`MoveProgram`]s and the claims into compiled expressions. Every problem is collected;
//! the caller gets all of them at once.

use std::sync::Arc;

use miette::NamedSource;

use super::compile::{Binding, Compiler, Scope, Slots};
use super::diag::{suggest, Code, Diag};
use super::lower_place::Layout;
use super::program::{LSel, LSelKind, LStep, LStepKind, MoveProgram, PositionRule, ShapeSpec};
use super::value::{SetValue, Type, Value};
use crate::syntax::ast::*;

pub use super::claims::{CheckedClaim, CheckedClaimBody, ClaimFrame};

/// A ruleset with its parameters bound, checked and lowered.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The ruleset's name.
    pub name: String,
    /// Its `source` line.
    pub source: Option<String>,
    /// Its `play` line: normal play unless it says `play misere`.
    pub play: super::play::Play,
    /// Parameters and their bound values, in order.
    pub params: Vec<(String, Value)>,
    /// The shape of positions.
    pub shape: ShapeSpec,
    /// The moves, lowered, in source order (run by `moves::Generator`, which the game
    /// builds from them).
    pub moves: Vec<MoveProgram>,
    /// The claims.
    pub claims: Vec<CheckedClaim>,
    /// The `check [with ...] max N [heaps K]` lines, in order.
    pub check_runs: Vec<CheckRun>,
    /// The family claims (`count(...)`, `least n in ...`), in order.
    pub families: Vec<super::family::CheckedFamily>,
    /// `positions where C`: the positions of the game, when restricted.
    pub positions: Option<PositionRule>,
}

/// One `check` line: the bounds of one run of `heapgame check`, and its parameter values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckRun {
    /// `with NAME = VALUE`: each parameter's name and value text (applied as `-p NAME=VALUE`).
    pub with: Vec<(String, String)>,
    /// The largest heap.
    pub max: u32,
    /// The most heaps, for `heaps any`.
    pub heaps: Option<usize>,
    /// `quick max N [heaps K]`: the bounds under `check --quick` (else `max`, `heaps`).
    pub quick: Option<(u32, Option<usize>)>,
    /// `check over L ...`: the positions of the run (as written), instead of the box; `max`
    /// and `heaps` are then their largest heap and heap count.
    pub over: Option<Vec<Vec<i64>>>,
    /// The `check` line.
    pub span: Span,
}

/// A `-p NAME=VALUE` override as given on the command line.
#[derive(Clone, Debug)]
pub struct ParamOverride {
    /// The whole argument text, `NAME=VALUE`.
    pub text: String,
}

/// Checks a parsed ruleset with parameter overrides; every problem found is returned.
pub fn check(rs: &Ruleset, overrides: &[ParamOverride]) -> Result<Checked, Vec<Diag>> {
    let mut diags = Vec::new();
    let mut slots = Slots::default();
    let mut scope = Scope::default();

    // Parameters: defaults, then overrides.
    let mut params: Vec<(String, Value)> = Vec::new();
    let mut failed: Vec<String> = Vec::new();
    for p in &rs.params {
        if params.iter().any(|(n, _)| *n == p.name.name) {
            let first = rs.params.iter().find(|q| q.name.name == p.name.name);
            diags.push(duplicate(&p.name, first.map(|q| &q.name), "parameter"));
            continue;
        }
        let mut c = Compiler {
            diags: &mut diags,
            position: false,
            slots: &mut slots,
        };
        match c.constant(&p.default, &mut scope) {
            Some(v) => params.push((p.name.name.clone(), v)),
            None => failed.push(p.name.name.clone()),
        }
    }
    for o in overrides {
        apply_override(o, &mut params, rs, &mut diags);
    }
    for (n, v) in &params {
        scope.push(n, Binding::Const(v.clone()));
    }
    for n in &failed {
        scope.push(n, Binding::Poisoned);
    }

    super::claims::define_fns(rs, &params, &mut scope, &mut diags);

    let mut source = None;
    let mut play: Option<(super::play::Play, &Span)> = None;
    let mut shape_items: Vec<&Shape> = Vec::new();
    let mut check_runs = Vec::new();
    let mut lets: Vec<&Ident> = Vec::new();
    // Lets and requires, in order.
    for item in &rs.items {
        match item {
            Item::Source(s, _) => source = Some(s.clone()),
            Item::Play(word, sp) => {
                let p = super::play::Play::parse(word).unwrap_or_default();
                match play {
                    Some((_, first)) => diags.push(
                        Diag::new(
                            Code::Duplicate,
                            sp.clone(),
                            "the ruleset says `play` twice",
                            "said again here",
                        )
                        .also(first.clone(), "first said here")
                        .help("keep one `play` line"),
                    ),
                    None => play = Some((p, sp)),
                }
            }
            Item::Let(l) => {
                if scope.get(&l.name.name).is_some()
                    && params.iter().any(|(n, _)| *n == l.name.name)
                {
                    let first = rs.params.iter().find(|q| q.name.name == l.name.name);
                    diags.push(duplicate(&l.name, first.map(|q| &q.name), "name"));
                    continue;
                }
                // A second `let` of a name: the first would be silently hidden.
                if let Some(first) = lets.iter().find(|f| f.name == l.name.name) {
                    diags.push(duplicate(&l.name, Some(first), "name"));
                    continue;
                }
                lets.push(&l.name);
                let mut c = Compiler {
                    diags: &mut diags,
                    position: false,
                    slots: &mut slots,
                };
                match c.constant(&l.value, &mut scope) {
                    Some(v) => scope.push(&l.name.name, Binding::Const(v)),
                    None => scope.push(&l.name.name, Binding::Poisoned),
                }
            }
            Item::Require(r) => {
                let mut c = Compiler {
                    diags: &mut diags,
                    position: false,
                    slots: &mut slots,
                };
                match c.constant(&r.cond, &mut scope) {
                    Some(Value::Bool(true)) | None => {}
                    Some(Value::Bool(false)) => {
                        let bound: Vec<String> =
                            params.iter().map(|(n, v)| format!("{n} = {v}")).collect();
                        let msg = r
                            .message
                            .clone()
                            .unwrap_or_else(|| "a `require` does not hold".into());
                        diags.push(
                            Diag::new(
                                Code::Require,
                                r.cond.span.clone(),
                                msg,
                                "false for these parameters",
                            )
                            .help(if bound.is_empty() {
                                "change the ruleset".to_string()
                            } else {
                                format!(
                                    "the parameters are {}; change them with -p NAME=VALUE",
                                    bound.join(", ")
                                )
                            }),
                        );
                    }
                    Some(v) => diags.push(super::compile::type_error(
                        &r.cond.span,
                        "a truth value",
                        v.ty(),
                        "`require`",
                    )),
                }
            }
            Item::Shape(s) => shape_items.push(s),
            Item::CheckBound(cb) => {
                let Some(max_expr) = &cb.max else {
                    if let Some(run) = over_run(rs, cb, &mut diags, &mut slots, &mut scope) {
                        check_runs.push(run);
                    }
                    continue;
                };
                let mut c = Compiler {
                    diags: &mut diags,
                    position: false,
                    slots: &mut slots,
                };
                let max = c.constant(max_expr, &mut scope);
                let heaps = cb.heaps.as_ref().map(|h| c.constant(h, &mut scope));
                if let Some(max) = nonneg_u32(&mut diags, max, &max_expr.span, "a check bound") {
                    let heaps = match (heaps, &cb.heaps) {
                        (Some(h), Some(e)) => {
                            nonneg_u32(&mut diags, h, &e.span, "a heap count").map(|k| k as usize)
                        }
                        _ => None,
                    };
                    let mut with = Vec::new();
                    for (name, _, text) in &cb.with {
                        if rs.params.iter().any(|p| p.name.name == name.name) {
                            with.push((name.name.clone(), text.clone()));
                        } else {
                            let mut d = Diag::new(
                                Code::UnknownName,
                                name.span.clone(),
                                format!("`{}` is not a parameter of this ruleset", name.name),
                                "not a parameter",
                            );
                            if let Some(s) =
                                suggest(&name.name, rs.params.iter().map(|p| p.name.name.as_str()))
                            {
                                d = d.help(format!("did you mean `{s}`?"));
                            }
                            diags.push(d);
                        }
                    }
                    let quick = check_quick(&mut diags, &mut slots, &mut scope, cb);
                    check_runs.push(CheckRun {
                        with,
                        max,
                        heaps,
                        quick,
                        over: None,
                        span: cb.span.clone(),
                    });
                }
            }
            Item::Move(_) | Item::Claim(_) | Item::Fn(_) | Item::Positions(_) => {}
        }
    }
    // Function bodies see the parameters, `let`s and functions, not the names of a move.
    scope.seal_globals();

    // The shape.
    let shape = match shape_items.as_slice() {
        [] => {
            diags.push(
                Diag::new(
                    Code::MissingShape,
                    rs.span.start..rs.span.start + 7,
                    "the ruleset has no `heaps` line",
                    "in this ruleset",
                )
                .help("say what a position is: `heaps 2`, `heaps any` or `heaps n, each >= 1`"),
            );
            None
        }
        [s, rest @ ..] => {
            for extra in rest {
                diags.push(
                    Diag::new(
                        Code::Duplicate,
                        extra.span.clone(),
                        "a second `heaps` line",
                        "the shape is given again",
                    )
                    .also(s.span.clone(), "first given here")
                    .help("keep one `heaps` line"),
                );
            }
            lower_shape(s, &mut scope, &mut slots, &mut diags)
        }
    };

    let positions =
        super::lower_positions::lower_positions(rs, shape.as_ref(), &mut scope, &mut diags);
    let layout = super::lower_place::layout(rs);
    let mut moves = Vec::new();
    let mut claims = Vec::new();
    let mut families = Vec::new();
    for item in &rs.items {
        match item {
            Item::Move(m) => {
                if let Some(sh) = &shape {
                    match super::octal::expand(m, &mut scope, &mut diags) {
                        Some(ms) => {
                            for m in &ms {
                                lower_move(m, sh, layout, &mut scope, &mut diags, &mut moves);
                            }
                        }
                        None => lower_move(m, sh, layout, &mut scope, &mut diags, &mut moves),
                    }
                }
            }
            Item::Claim(cl) => {
                if let Some(f) = &cl.family {
                    let s = shape.as_ref();
                    if let Some(c) = super::family::lower_family(cl, f, s, &mut scope, &mut diags) {
                        families.push(c);
                    }
                } else if let Some(c) =
                    super::claims::lower_claim(cl, shape.as_ref(), &mut scope, &mut diags)
                {
                    claims.push(c);
                }
            }
            _ => {}
        }
    }
    if moves.is_empty() && shape.is_some() && !rs.items.iter().any(|i| matches!(i, Item::Move(_))) {
        diags.push(
            Diag::new(
                Code::MissingMove,
                rs.span.start..rs.span.start + 7,
                "the ruleset has no `move`",
                "in this ruleset",
            )
            .help("add a move such as `move { take 1.. from one heap }`"),
        );
    }
    diags.sort_by_key(|d| (d.source.is_some(), d.span.start));
    // A problem in the body of `move for j in R { ... }` is found once per value of `j`: say it
    // once.
    let mut seen: Vec<(Code, Span, String, String, bool)> = Vec::new();
    diags.retain(|d| {
        let key = (
            d.code,
            d.span.clone(),
            d.message.clone(),
            d.label.clone(),
            d.source.is_some(),
        );
        if seen.contains(&key) {
            return false;
        }
        seen.push(key);
        true
    });
    if !diags.is_empty() {
        return Err(diags);
    }
    let shape = shape.expect("no diagnostics, so the shape was lowered (check)");
    Ok(Checked {
        name: rs.name.clone(),
        source,
        play: play.map(|(p, _)| p).unwrap_or_default(),
        params,
        shape,
        moves,
        claims,
        check_runs,
        families,
        positions,
    })
}

/// A `check [with ...] over L ...` line: its parameter names checked like a box line's, its
/// positions listed for the parameters bound.
fn over_run(
    rs: &Ruleset,
    cb: &crate::syntax::ast::CheckBound,
    diags: &mut Vec<Diag>,
    slots: &mut Slots,
    scope: &mut Scope,
) -> Option<CheckRun> {
    let over = cb.over.as_ref()?;
    let mut with = Vec::new();
    for (name, _, text) in &cb.with {
        if rs.params.iter().any(|p| p.name.name == name.name) {
            with.push((name.name.clone(), text.clone()));
        } else {
            diags.push(Diag::new(
                Code::UnknownName,
                name.span.clone(),
                format!("`{}` is not a parameter of this ruleset", name.name),
                "not a parameter",
            ));
        }
    }
    let positions = super::family::over_positions(diags, slots, scope, over)?;
    let mut max = 0u32;
    let mut heaps = 0usize;
    for p in &positions {
        heaps = heaps.max(p.len());
        for &h in p {
            match u32::try_from(h) {
                Ok(h) => max = max.max(h),
                Err(_) => {
                    diags.push(Diag::new(
                        Code::Range,
                        over.positions.span.clone(),
                        format!("`check over` names a heap of {h}, not a heap size"),
                        "here",
                    ));
                    return None;
                }
            }
        }
    }
    Some(CheckRun {
        with,
        max,
        heaps: Some(heaps),
        quick: None,
        over: Some(positions),
        span: cb.span.clone(),
    })
}

/// `id` defined again; `first` is its first definition, labelled too.
pub(super) fn duplicate(id: &Ident, first: Option<&Ident>, what: &str) -> Diag {
    let d = Diag::new(
        Code::Duplicate,
        id.span.clone(),
        format!("the {what} `{}` is defined twice", id.name),
        "defined again here",
    )
    .help("give it another name");
    match first {
        Some(f) => d.also(f.span.clone(), "first defined here"),
        None => d,
    }
}

fn nonneg_u32(diags: &mut Vec<Diag>, v: Option<Value>, sp: &Span, what: &str) -> Option<u32> {
    match v? {
        Value::Int(n) => match u32::try_from(n) {
            Ok(k) => Some(k),
            Err(_) => {
                diags.push(
                    Diag::new(
                        Code::Range,
                        sp.clone(),
                        format!("{what} must be between 0 and {}, not {n}", u32::MAX),
                        "out of range",
                    )
                    .help("use a smaller, non-negative value"),
                );
                None
            }
        },
        other => {
            diags.push(super::compile::type_error(
                sp,
                "an integer",
                other.ty(),
                what,
            ));
            None
        }
    }
}

fn apply_override(
    o: &ParamOverride,
    params: &mut [(String, Value)],
    rs: &Ruleset,
    diags: &mut Vec<Diag>,
) {
    let src = Arc::new(NamedSource::new(format!("-p {}", o.text), o.text.clone()));
    let mut push = |mut d: Diag| {
        d.source = Some(src.clone());
        diags.push(d);
    };
    let Some((name, value)) = o.text.split_once('=') else {
        push(
            Diag::new(
                Code::BadParam,
                0..o.text.len(),
                "a parameter is given as NAME=VALUE",
                "no `=` here",
            )
            .help("write for example `-p k=4` or `-p \"S={1,3,4}\"`"),
        );
        return;
    };
    let name_trim = name.trim();
    let lead = name.len() - name.trim_start().len();
    let Some(idx) = params.iter().position(|(n, _)| n == name_trim) else {
        let names: Vec<&str> = rs.params.iter().map(|p| p.name.name.as_str()).collect();
        let mut d = Diag::new(
            Code::UnknownParam,
            lead..lead + name_trim.len(),
            format!("`{name_trim}` is not a parameter of `{}`", rs.name),
            "unknown parameter",
        );
        d = match suggest(name_trim, names.iter().copied()) {
            Some(s) => d.help(format!("did you mean `{s}`?")),
            None if names.is_empty() => d.help("this ruleset has no parameters"),
            None => d.help(format!("its parameters are {}", names.join(", "))),
        };
        push(d);
        return;
    };
    let offset = name.len() + 1;
    let expr = match crate::syntax::parse_expr_str(value) {
        Ok(e) => e,
        Err(e) => {
            // The value's own parse error, moved to point into the whole `NAME=VALUE` text.
            let (at, len, label) = match &e {
                crate::syntax::SyntaxError::Unexpected { span, label, .. } => {
                    (span.offset(), span.len(), label.clone())
                }
                crate::syntax::SyntaxError::IntegerTooLarge { span, .. } => {
                    (span.offset(), span.len(), "too large".to_string())
                }
                crate::syntax::SyntaxError::TooDeep { span, .. } => {
                    (span.offset(), span.len(), "too deep".to_string())
                }
            };
            let span = at + offset..at + offset + len;
            let msg = e
                .to_string()
                .replace("the end of the file", "the end of the value");
            // `-p code=0.F`: a hexadecimal code, which only a file can write (after `hex`).
            let v = value.trim();
            let hex_code = v.split_once('.').is_some_and(|(a, b)| {
                !a.is_empty()
                    && a.bytes().all(|c| c.is_ascii_digit())
                    && !b.is_empty()
                    && b.bytes().all(|c| c.is_ascii_hexdigit())
                    && b.bytes().any(|c| c.is_ascii_alphabetic())
            });
            let help = if hex_code {
                format!(
                    "`{v}` is a hexadecimal code: a `-p` value is an expression, where a decimal \
                     has the digits 0 to 9 only; write hexadecimal codes in the file, after \
                     `hex` (`move {{ hex {v} }}`)"
                )
            } else {
                "a parameter value is an expression of the language: `4`, `{1, 3, 4}`, `1..`, \
                 `2 + sqrt(2)`"
                    .to_string()
            };
            push(
                Diag::new(
                    Code::BadParam,
                    span,
                    format!("the value of `{name_trim}` does not parse: {msg}"),
                    label,
                )
                .help(help),
            );
            return;
        }
    };
    let mut local = Vec::new();
    let mut slots = Slots::default();
    let mut scope = Scope::default();
    let v = Compiler {
        diags: &mut local,
        position: false,
        slots: &mut slots,
    }
    .constant(&expr, &mut scope);
    for mut d in local {
        d.span = d.span.start + offset..d.span.end + offset;
        push(d);
    }
    let Some(v) = v else { return };
    let want = params[idx].1.ty();
    if !v.ty().fits(want) {
        push(
            Diag::new(
                Code::BadParam,
                offset..o.text.len(),
                format!(
                    "`{name_trim}` is {}, but this is {}",
                    want.describe(),
                    v.ty().describe()
                ),
                format!("this is {}", v.ty().describe()),
            )
            .help(format!(
                "the default of `{name_trim}` is `{}`",
                params[idx].1
            )),
        );
        return;
    }
    params[idx].1 = v;
}

fn lower_shape(
    s: &Shape,
    scope: &mut Scope,
    slots: &mut Slots,
    diags: &mut Vec<Diag>,
) -> Option<ShapeSpec> {
    let mut c = Compiler {
        diags,
        position: false,
        slots,
    };
    let lower = match &s.lower {
        Some(e) => {
            let v = c.constant(e, scope);
            nonneg_u32(c.diags, v, &e.span, "a lower bound")?
        }
        None => 0,
    };
    match &s.kind {
        ShapeKind::Any => Some(ShapeSpec {
            count: None,
            names: None,
            lower,
        }),
        ShapeKind::Count(e) => {
            let v = c.constant(e, scope);
            let k = nonneg_u32(c.diags, v, &e.span, "a number of heaps")?;
            if k == 0 {
                c.diags.push(
                    Diag::new(
                        Code::Range,
                        e.span.clone(),
                        "a position needs at least one heap",
                        "zero heaps",
                    )
                    .help("write `heaps 1` or more, or `heaps any`"),
                );
                return None;
            }
            Some(ShapeSpec {
                count: Some(k as usize),
                names: None,
                lower,
            })
        }
        ShapeKind::Named(names) => {
            let mut seen: Vec<&Ident> = Vec::new();
            for n in names {
                if let Some(first) = seen.iter().find(|f| f.name == n.name) {
                    c.diags.push(duplicate(n, Some(first), "heap name"));
                    return None;
                }
                seen.push(n);
            }
            Some(ShapeSpec {
                count: Some(names.len()),
                names: Some(names.iter().map(|n| n.name.clone()).collect()),
                lower,
            })
        }
        ShapeKind::Row { count, .. } => {
            let v = c.constant(count, scope);
            let k = nonneg_u32(c.diags, v, &count.span, "a number of heaps")?;
            super::lower_place::row_shape(c.diags, k, &count.span, lower)
        }
    }
}

/// Binds named heaps (`heaps (x, y)`) to integer slots, filled from the position when a move
/// or claim is evaluated; returns (slot, index in the position) pairs.
pub(super) fn bind_heap_names(
    shape: &ShapeSpec,
    scope: &mut Scope,
    slots: &mut Slots,
) -> Vec<(usize, usize)> {
    let mut fills = Vec::new();
    if let Some(names) = &shape.names {
        for (i, n) in names.iter().enumerate() {
            let slot = slots.int();
            scope.push(n, Binding::Int(slot));
            fills.push((slot, i));
        }
    }
    fills
}

/// The most moves the `for` clauses of one `move` may make (all clauses together).
const MAX_MOVE_INSTANCES: usize = 10_000;

fn lower_move(
    m: &MoveDef,
    shape: &ShapeSpec,
    layout: Layout,
    scope: &mut Scope,
    diags: &mut Vec<Diag>,
    out: &mut Vec<MoveProgram>,
) {
    // Expand `for` clauses into instances.
    let mut instances: Vec<Vec<(String, i64)>> = vec![Vec::new()];
    for (var, range) in &m.fors {
        let mut slots = Slots::default();
        let mut c = Compiler {
            diags,
            position: false,
            slots: &mut slots,
        };
        let mut next = Vec::new();
        for inst in &instances {
            let mark = scope.mark();
            for (n, v) in inst {
                scope.push(n, Binding::Const(Value::Int(*v)));
            }
            let v = c.constant(range, scope);
            scope.truncate(mark);
            let Some(v) = v else { return };
            // The number of members, known before listing them (a range may be enormous).
            let size: Option<i128> = match &v {
                Value::Set(SetValue::Range(a, Some(b))) => {
                    Some((i128::from(*b) - i128::from(*a) + 1).max(0))
                }
                _ => None,
            };
            let total = size.map(|n| n * instances.len() as i128);
            if let Some(t) = total.filter(|&t| t > MAX_MOVE_INSTANCES as i128) {
                c.diags.push(
                    Diag::new(
                        Code::Range,
                        range.span.clone(),
                        format!("`for {}` makes {t} moves", var.name),
                        "too many",
                    )
                    .help(format!(
                        "the `for` clauses of a move may make at most {MAX_MOVE_INSTANCES} moves"
                    )),
                );
                return;
            }
            let members = match &v {
                Value::Set(s) if s.is_finite() => {
                    let mut buf = Vec::new();
                    if s.members_upto(i64::MAX, &mut buf).is_err() {
                        return;
                    }
                    buf
                }
                Value::Set(SetValue::Ints(_)) | Value::Set(SetValue::Tuples(_)) => Vec::new(),
                Value::Set(_) => {
                    c.diags.push(
                        Diag::new(
                            Code::Unbounded,
                            range.span.clone(),
                            format!("`for {}` runs over an unbounded set", var.name),
                            "no upper end",
                        )
                        .help("give the range an upper end, such as `1..n/2`"),
                    );
                    return;
                }
                Value::Int(n) => vec![*n],
                other => {
                    c.diags.push(super::compile::type_error(
                        &range.span,
                        "a set of integers",
                        other.ty(),
                        "`for`",
                    ));
                    return;
                }
            };
            let made = members.len().saturating_mul(instances.len().max(1));
            if made > MAX_MOVE_INSTANCES {
                c.diags.push(
                    Diag::new(
                        Code::Range,
                        range.span.clone(),
                        format!("`for {}` makes {made} moves", var.name),
                        "too many",
                    )
                    .help(format!(
                        "the `for` clauses of a move may make at most {MAX_MOVE_INSTANCES} moves"
                    )),
                );
                return;
            }
            for x in members {
                let mut i2 = inst.clone();
                i2.push((var.name.clone(), x));
                next.push(i2);
            }
        }
        instances = next;
    }
    // Each `set` step makes two clauses: the heap shrinks, or it grows.
    let sets = m
        .steps
        .iter()
        .filter(|st| matches!(st.kind, StepKind::Set { .. }))
        .count();
    if sets > super::lower_set::MAX_SET_STEPS {
        diags.push(
            Diag::new(
                Code::Range,
                m.span.clone(),
                format!("this move has {sets} `set` steps"),
                "too many",
            )
            .help(format!(
                "a move may have at most {} `set` steps",
                super::lower_set::MAX_SET_STEPS
            )),
        );
        return;
    }
    for inst in instances {
        for ups in 0..1u32 << sets {
            let mark = scope.mark();
            for (n, v) in &inst {
                scope.push(n, Binding::Const(Value::Int(*v)));
            }
            if let Some(p) = lower_instance(m, shape, layout, scope, diags, inst.clone(), ups) {
                out.push(p);
            }
            scope.truncate(mark);
        }
    }
}

fn lower_instance(
    m: &MoveDef,
    shape: &ShapeSpec,
    layout: Layout,
    scope: &mut Scope,
    diags: &mut Vec<Diag>,
    instance: Vec<(String, i64)>,
    ups: u32,
) -> Option<MoveProgram> {
    let before = diags.len();
    let mut slots = Slots::default();
    let mark = scope.mark();
    let fills = bind_heap_names(shape, scope, &mut slots);
    let mut guards = Vec::new();
    for g in &m.guards {
        let mut c = Compiler {
            diags,
            position: true,
            slots: &mut slots,
        };
        if let Some(e) = c.expect(&g.cond, scope, Type::Bool, "a guard") {
            guards.push((e, g.negated));
        }
    }
    let mut steps = Vec::new();
    let mut sels = SelState {
        last: None,
        counts: Vec::new(),
        net: Some(0),
        layout,
    };
    let mut set_steps = 0;
    for st in &m.steps {
        if let StepKind::Set { .. } = &st.kind {
            let up = ups >> set_steps & 1 == 1;
            set_steps += 1;
            if up && super::lower_set::never_raises(st, scope) {
                // The clause where this heap grows has no move.
                scope.truncate(mark);
                return None;
            }
            if let Some(ls) =
                super::lower_set::lower_set(st, up, shape, scope, diags, &mut slots, &mut sels)
            {
                steps.push(ls);
            }
        } else if let StepKind::Shift { .. } = &st.kind {
            if let Some(two) =
                super::lower_add::lower_shift(st, shape, scope, diags, &mut slots, &mut sels)
            {
                steps.extend(two);
            }
        } else if let Some(ls) = lower_step(st, shape, scope, diags, &mut slots, &mut sels) {
            steps.push(ls);
        }
    }
    let net = sels.net;
    scope.truncate(mark);
    if diags.len() > before {
        return None;
    }
    if let (Some(k), Some(n)) = (shape.count, net) {
        if n != 0 {
            // k is at most u32::MAX (a checked heap count), so `k + n` is exact in i128.
            let left = k as i128 + i128::from(n);
            let inst = if instance.is_empty() {
                String::new()
            } else {
                format!(
                    " (with {})",
                    instance
                        .iter()
                        .map(|(n, v)| format!("{n} = {v}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            diags.push(
                Diag::new(
                    Code::HeapCount,
                    m.span.clone(),
                    format!(
                        "this move leaves {left} heap{}{inst}, but positions have exactly {k}",
                        if left == 1 { "" } else { "s" }
                    ),
                    "changes the number of heaps",
                )
                .help("with `heaps k`, every move must leave k heaps: delete as many heaps as the splits add"),
            );
            return None;
        }
    }
    Some(MoveProgram {
        guards,
        steps,
        int_slots: slots.ints,
        list_slots: slots.lists,
        sel_slots: slots.sels,
        span: m.span.clone(),
        instance,
        heap_names: fills,
    })
}

/// What the lowering of a move knows of its selections so far.
pub(super) struct SelState {
    /// The selection slot of the step before (for `it` / `them`).
    last: Option<usize>,
    /// The fixed number of heaps of each selection slot, when fixed.
    counts: Vec<Option<usize>>,
    /// The change in the number of heaps made so far, while every selection has a fixed size.
    net: Option<i64>,
    /// How the heaps are laid out (for `heap i` and `k consecutive heaps`).
    layout: Layout,
}

/// The number of heaps a selection picks, when fixed.
fn fixed_count(kind: &LSelKind, sels: &[Option<usize>]) -> Option<usize> {
    match kind {
        LSelKind::Count(SetValue::Ints(v)) if v.len() == 1 => usize::try_from(v[0]).ok(),
        LSelKind::Count(SetValue::Range(a, Some(b))) if a == b => usize::try_from(*a).ok(),
        LSelKind::TheOther | LSelKind::Named(_) => Some(1),
        LSelKind::NextTo { each: true, .. } => Some(1),
        LSelKind::Ref(slot) => sels.get(*slot).copied().flatten(),
        _ => None,
    }
}

pub(super) fn lower_step(
    st: &Step,
    shape: &ShapeSpec,
    scope: &mut Scope,
    diags: &mut Vec<Diag>,
    slots: &mut Slots,
    sels: &mut SelState,
) -> Option<LStep> {
    let sel_ast = match &st.kind {
        StepKind::Take { sel, .. }
        | StepKind::Add { sel, .. }
        | StepKind::Delete { sel }
        | StepKind::Split { sel, .. }
        | StepKind::Lower { sel, .. }
        | StepKind::Keep { sel, .. } => sel,
        // A move with an `octal` step is written out by `octal::expand` before lowering; a
        // `move ... to ...` by `lower_add::lower_shift`, a `set` by `lower_set::lower_set`.
        StepKind::Octal { .. } | StepKind::Shift { .. } | StepKind::Set { .. } => return None,
    };
    let kind = match &sel_ast.kind {
        SelKind::At(_) | SelKind::Consecutive(_) => {
            super::lower_place::lower_place(sel_ast, shape, sels.layout, scope, diags)?
        }
        SelKind::NextTo { of, each } => {
            let slot = match scope.get(&of.name) {
                Some(Binding::Sel { sel, .. }) => Some(*sel),
                _ => None,
            };
            let count = slot.and_then(|s| sels.counts.get(s).copied().flatten());
            super::lower_place::next_to(of, *each, slot, count, sels.layout, diags)?
        }
        SelKind::Named(id)
            if sels.layout != Layout::Plain
                && !shape.names.as_ref().is_some_and(|n| n.contains(&id.name)) =>
        {
            super::lower_place::lower_place(sel_ast, shape, sels.layout, scope, diags)?
        }
        _ => lower_sel_kind(sel_ast, shape, scope, diags, slots, sels.last)?,
    };
    let count = fixed_count(&kind, &sels.counts);
    let net = &mut sels.net;
    let single = count == Some(1);
    let record = slots.sel();
    // Only a named selection's sizes can be read by expressions; fill slots only then.
    let (mut int_slot, mut list_slot) = (None, None);
    if let Some(name) = &sel_ast.name {
        let value = if single {
            let s = slots.int();
            int_slot = Some(s);
            Binding::Int(s)
        } else {
            let s = slots.list();
            list_slot = Some(s);
            Binding::List(s)
        };
        let binding = Binding::Sel {
            sel: record,
            value: Box::new(value),
        };
        scope.push(&name.name, binding);
    }
    sels.last = Some(record);
    if sels.counts.len() <= record {
        sels.counts.resize(record + 1, None);
    }
    sels.counts[record] = count;
    let sel = LSel {
        kind,
        record: Some(record),
        int_slot,
        list_slot,
    };
    let mut c = Compiler {
        diags,
        position: true,
        slots,
    };
    let k = match &st.kind {
        StepKind::Octal { .. } | StepKind::Shift { .. } | StepKind::Set { .. } => return None,
        StepKind::Add { amount, cond, .. } => {
            let amount =
                super::lower_amount::lower_amount(&mut c, amount, scope, single, count, &st.span)?;
            super::lower_add::check_added(c.diags, &amount, &st.span)?;
            let cond = match cond {
                Some(e) => Some(c.expect(e, scope, Type::Bool, "`where`")?),
                None => None,
            };
            LStepKind::Add(amount, cond)
        }
        StepKind::Delete { .. } => {
            if shape.names.is_some() {
                c.diags.push(not_with_names(&st.span, "delete"));
                return None;
            }
            *net = match (*net, count) {
                // Counts come from the ruleset and may be huge: an overflow leaves the net
                // change unknown (the generator still checks every follower's heap count).
                (Some(n), Some(k)) => i64::try_from(k).ok().and_then(|k| n.checked_sub(k)),
                _ => None,
            };
            LStepKind::Delete
        }
        StepKind::Split {
            parts,
            allow_empty,
            unequal,
            ..
        } => {
            if shape.names.is_some() {
                c.diags.push(not_with_names(&st.span, "split"));
                return None;
            }
            let v = c.constant(parts, scope);
            let p = nonneg_u32(c.diags, v, &parts.span, "a number of parts")?;
            if p < 2 {
                c.diags.push(
                    Diag::new(
                        Code::Range,
                        parts.span.clone(),
                        format!("a heap cannot be split into {p} parts"),
                        "too few parts",
                    )
                    .help("split into 2 parts or more"),
                );
                return None;
            }
            if p > 64 {
                c.diags.push(
                    Diag::new(
                        Code::Range,
                        parts.span.clone(),
                        format!("splitting into {p} parts is not supported"),
                        "too many parts",
                    )
                    .help("split into at most 64 parts"),
                );
                return None;
            }
            *net = match (*net, count) {
                (Some(n), Some(k)) => i64::try_from(k)
                    .ok()
                    .and_then(|k| k.checked_mul(i64::from(p) - 1))
                    .and_then(|added| n.checked_add(added)),
                _ => None,
            };
            LStepKind::Split {
                parts: p as usize,
                min_part: u32::from(!*allow_empty),
                unequal: *unequal,
            }
        }
        StepKind::Lower { by, .. } => {
            let v = c.constant(by, scope);
            let b = nonneg_u32(c.diags, v, &by.span, "an amount")?;
            LStepKind::Lower(u64::from(b))
        }
        StepKind::Keep { cond, .. } => {
            let cond = match cond {
                Some(e) => Some(c.expect(e, scope, Type::Bool, "`where`")?),
                None => None,
            };
            LStepKind::Keep(cond)
        }
        StepKind::Take { amount, cond, .. } => {
            let amount =
                super::lower_amount::lower_amount(&mut c, amount, scope, single, count, &st.span)?;
            let cond = match cond {
                Some(e) => Some(c.expect(e, scope, Type::Bool, "`where`")?),
                None => None,
            };
            LStepKind::Take(amount, cond)
        }
    };
    Some(LStep {
        kind: k,
        sel,
        span: st.span.clone(),
    })
}

fn not_with_names(sp: &Span, what: &str) -> Diag {
    Diag::new(
        Code::NotAllowed,
        sp.clone(),
        format!("`{what}` is not available when heaps have names"),
        "in a ruleset with named heaps",
    )
    .help("use `heaps k` (unnamed heaps) for games that delete or split heaps")
}

fn lower_sel_kind(
    sel: &Selector,
    shape: &ShapeSpec,
    scope: &mut Scope,
    diags: &mut Vec<Diag>,
    slots: &mut Slots,
    last_sel: Option<usize>,
) -> Option<LSelKind> {
    Some(match &sel.kind {
        SelKind::One => LSelKind::Count(SetValue::ints(vec![1])),
        SelKind::Both => LSelKind::Count(SetValue::ints(vec![2])),
        SelKind::Rest => LSelKind::Rest,
        SelKind::TheOther => LSelKind::TheOther,
        SelKind::Count(e) => {
            let mut c = Compiler {
                diags,
                position: false,
                slots,
            };
            match c.constant(e, scope)? {
                Value::Int(n) if n >= 0 => LSelKind::Count(SetValue::ints(vec![n])),
                Value::Set(s @ (SetValue::Ints(_) | SetValue::Range(..) | SetValue::Beatty(_))) => {
                    if let Ok(Some(m)) = s.min() {
                        if m < 0 {
                            c.diags.push(
                                Diag::new(
                                    Code::Range,
                                    e.span.clone(),
                                    "a number of heaps cannot be negative",
                                    "negative",
                                )
                                .help("use counts >= 0"),
                            );
                            return None;
                        }
                    }
                    LSelKind::Count(s)
                }
                Value::Int(n) => {
                    c.diags.push(
                        Diag::new(
                            Code::Range,
                            e.span.clone(),
                            format!("a number of heaps cannot be negative ({n})"),
                            "negative",
                        )
                        .help("use counts >= 0"),
                    );
                    return None;
                }
                other => {
                    c.diags.push(super::compile::type_error(
                        &e.span,
                        "a number of heaps",
                        other.ty(),
                        "a choice of heaps",
                    ));
                    return None;
                }
            }
        }
        SelKind::Named(id) => {
            let Some(names) = &shape.names else {
                diags.push(
                    Diag::new(
                        Code::NotAllowed,
                        id.span.clone(),
                        format!("`heap {}`: the heaps have no names", id.name),
                        "no named heaps",
                    )
                    .help("name the heaps in the shape, `heaps (x, y)`, or write `one heap`"),
                );
                return None;
            };
            match names.iter().position(|n| *n == id.name) {
                Some(i) => LSelKind::Named(i),
                None => {
                    let mut d = Diag::new(
                        Code::UnknownName,
                        id.span.clone(),
                        format!("no heap is named `{}`", id.name),
                        "unknown heap",
                    );
                    d = match suggest(&id.name, names.iter().map(String::as_str)) {
                        Some(s) => d.help(format!("did you mean `{s}`?")),
                        None => d.help(format!("the heaps are {}", names.join(", "))),
                    };
                    diags.push(d);
                    return None;
                }
            }
        }
        // Lowered by `lower_place`, before this is called.
        SelKind::At(_) | SelKind::Consecutive(_) | SelKind::NextTo { .. } => return None,
        SelKind::Ref(id) => {
            if id.name == "it" || id.name == "them" {
                match last_sel {
                    Some(slot) => LSelKind::Ref(slot),
                    None => {
                        diags.push(
                            Diag::new(
                                Code::UnknownName,
                                id.span.clone(),
                                format!("`{}` refers to no earlier choice of heaps", id.name),
                                "nothing chosen before",
                            )
                            .help("`it` and `them` name the heaps chosen by the step before"),
                        );
                        return None;
                    }
                }
            } else {
                match scope.get(&id.name) {
                    Some(Binding::Sel { sel, .. }) => LSelKind::Ref(*sel),
                    Some(_) => {
                        diags.push(
                            Diag::new(
                                Code::Type,
                                id.span.clone(),
                                format!("`{}` does not name heaps", id.name),
                                "not a choice of heaps",
                            )
                            .help(
                                "name heaps when you choose them: `one heap h`, then refer to `h`",
                            ),
                        );
                        return None;
                    }
                    None => {
                        let mut d = Diag::new(
                            Code::UnknownName,
                            id.span.clone(),
                            format!("unknown name `{}`", id.name),
                            "expected a choice of heaps",
                        );
                        d = d.help("choose heaps with `one heap`, `2 heaps`, `all heaps`, `the other heap`, ... or refer to heaps named earlier (`one heap h` ... `h`)");
                        diags.push(d);
                        return None;
                    }
                }
            }
        }
    })
}

/// Evaluates a constant expression with the parameters `params` in scope (for a formula's
/// arguments typed on the command line, `--formula beatty(beta)`).
pub fn constant_with_params(e: &Expr, params: &[(String, Value)]) -> Result<Value, Vec<Diag>> {
    let mut diags = Vec::new();
    let mut slots = Slots::default();
    let mut scope = Scope::default();
    for (n, v) in params {
        scope.push(n, Binding::Const(v.clone()));
    }
    let mut c = Compiler {
        diags: &mut diags,
        position: false,
        slots: &mut slots,
    };
    match c.constant(e, &mut scope) {
        Some(v) if diags.is_empty() => Ok(v),
        _ => Err(diags),
    }
}

/// The `quick max N [heaps K]` bounds of a `check` line, evaluated (problems reported).
fn check_quick(
    diags: &mut Vec<Diag>,
    slots: &mut Slots,
    scope: &mut Scope,
    cb: &crate::syntax::ast::CheckBound,
) -> Option<(u32, Option<usize>)> {
    let (qmax, qheaps) = cb.quick.as_ref()?;
    let mut c = Compiler {
        diags,
        position: false,
        slots,
    };
    let max = c.constant(qmax, scope);
    let heaps = qheaps.as_ref().map(|h| (c.constant(h, scope), h));
    let max = nonneg_u32(diags, max, &qmax.span, "a check bound")?;
    let heaps = match heaps {
        Some((h, e)) => Some(nonneg_u32(diags, h, &e.span, "a heap count")? as usize),
        None => None,
    };
    Some((max, heaps))
}
