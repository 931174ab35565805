//! Phase 2, checking and lowering: binds the parameters (defaults, then `-p` overrides,
//! `params.rs`), evaluates `let`s and `require`s, reads the `check` lines (`check_line.rs`),
//! lowers the shape (`shape.rs`), the moves into [`MoveProgram`]s (`lower_move.rs`) and the
//! claims into compiled expressions (`claims.rs`, `family.rs`). Every problem is collected;
//! the caller gets all of them at once.

use hashbrown::HashMap;

use super::compile::{type_error, Binding, Compiler, Scope, Slots};
use super::diag::{Code, Diag};
use super::lower_ctx::duplicate;
use super::lower_move::lower_move;
use super::play::Play;
use super::program::{MoveProgram, PositionRule, ShapeSpec};
use super::value::Value;
use crate::syntax::ast::*;

pub use super::check_line::CheckRun;
pub use super::claims::{CheckedClaim, CheckedClaimBody, ClaimFrame};
pub use super::params::{constant_with_params, ParamOverride};

/// A ruleset with its parameters bound, checked and lowered.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The ruleset's name.
    pub name: String,
    /// Its `source` line.
    pub source: Option<String>,
    /// Its `play` line: normal play unless it says `play misere`.
    pub play: Play,
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

/// Checks a parsed ruleset with parameter overrides; every problem found is returned.
pub fn check(rs: &Ruleset, overrides: &[ParamOverride]) -> Result<Checked, Vec<Diag>> {
    let mut diags = Vec::new();
    let mut slots = Slots::default();
    let mut scope = Scope::default();
    let params = super::params::bind_params(rs, overrides, &mut scope, &mut slots, &mut diags);
    super::claims::define_fns(rs, &params, &mut scope, &mut diags);
    let head = read_head(rs, &params, &mut scope, &mut slots, &mut diags);
    // Function bodies see the parameters, `let`s and functions, not the names of a move.
    scope.seal_globals();
    let shape = super::shape::the_shape(rs, &head.shapes, &mut scope, &mut slots, &mut diags);
    let positions =
        super::lower_positions::lower_positions(rs, shape.as_ref(), &mut scope, &mut diags);
    let body = lower_body(rs, shape.as_ref(), &mut scope, &mut diags);
    if body.moves.is_empty()
        && shape.is_some()
        && !rs.items.iter().any(|i| matches!(i, Item::Move(_)))
    {
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
    sort_and_dedup(&mut diags);
    if !diags.is_empty() {
        return Err(diags);
    }
    let shape = shape.expect("no diagnostics, so the shape was lowered (check)");
    Ok(Checked {
        name: rs.name.clone(),
        source: head.source,
        play: head.play.map(|(p, _)| p).unwrap_or_default(),
        params,
        shape,
        moves: body.moves,
        claims: body.claims,
        check_runs: head.check_runs,
        families: body.families,
        positions,
    })
}

/// What the items before the moves say: `source`, `play`, the `heaps` lines and the `check`
/// lines (`let`s and `require`s are bound or checked on the way).
struct Head<'r> {
    source: Option<String>,
    play: Option<(Play, &'r Span)>,
    shapes: Vec<&'r Shape>,
    check_runs: Vec<CheckRun>,
}

/// Reads `source`, `play`, `let`, `require`, `heaps` and `check` items, in order.
fn read_head<'r>(
    rs: &'r Ruleset,
    params: &[(String, Value)],
    scope: &mut Scope,
    slots: &mut Slots,
    diags: &mut Vec<Diag>,
) -> Head<'r> {
    let mut head = Head {
        source: None,
        play: None,
        shapes: Vec::new(),
        check_runs: Vec::new(),
    };
    // Each `let`'s name, to find a second `let` of it without a walk over the others.
    let mut lets: HashMap<&str, &Ident> = HashMap::new();
    for item in &rs.items {
        match item {
            Item::Source(s, _) => head.source = Some(s.clone()),
            Item::Play(word, sp) => {
                let p = Play::parse(word).unwrap_or_default();
                match head.play {
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
                    None => head.play = Some((p, sp)),
                }
            }
            Item::Let(l) => bind_let(l, rs, params, &mut lets, scope, slots, diags),
            Item::Require(r) => check_require(r, params, scope, slots, diags),
            Item::Shape(s) => head.shapes.push(s),
            Item::CheckBound(cb) => {
                let runs = super::check_range::check_lines(rs, cb, diags, slots, scope);
                head.check_runs.extend(runs);
            }
            Item::Move(_) | Item::Claim(_) | Item::Fn(_) | Item::Positions(_) => {}
        }
    }
    head
}

/// A `let`: its value bound in `scope` (poisoned when it fails); a name defined twice is a
/// problem.
fn bind_let<'r>(
    l: &'r Let,
    rs: &Ruleset,
    params: &[(String, Value)],
    lets: &mut HashMap<&'r str, &'r Ident>,
    scope: &mut Scope,
    slots: &mut Slots,
    diags: &mut Vec<Diag>,
) {
    if params.iter().any(|(n, _)| *n == l.name.name) && scope.get(&l.name.name).is_some() {
        let first = rs.params.iter().find(|q| q.name.name == l.name.name);
        diags.push(duplicate(&l.name, first.map(|q| &q.name), "name"));
        return;
    }
    // A second `let` of a name: the first would be silently hidden.
    if let Some(first) = lets.get(l.name.name.as_str()) {
        diags.push(duplicate(&l.name, Some(first), "name"));
        return;
    }
    lets.insert(&l.name.name, &l.name);
    match Compiler::new(diags, slots).constant(&l.value, scope) {
        Some(v) => scope.push(&l.name.name, Binding::Const(v)),
        None => scope.push(&l.name.name, Binding::Poisoned),
    }
}

/// A `require`: false for the parameters bound is a problem that names them.
fn check_require(
    r: &Require,
    params: &[(String, Value)],
    scope: &mut Scope,
    slots: &mut Slots,
    diags: &mut Vec<Diag>,
) {
    match Compiler::new(diags, slots).constant(&r.cond, scope) {
        Some(Value::Bool(true)) | None => {}
        Some(Value::Bool(false)) => {
            let bound: Vec<String> = params.iter().map(|(n, v)| format!("{n} = {v}")).collect();
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
        Some(v) => diags.push(type_error(
            &r.cond.span,
            "a truth value",
            v.ty(),
            "`require`",
        )),
    }
}

/// The moves, claims and family claims, lowered in source order.
struct Body {
    moves: Vec<MoveProgram>,
    claims: Vec<CheckedClaim>,
    families: Vec<super::family::CheckedFamily>,
}

/// Lowers the moves (once the shape is known) and the claims, in source order.
fn lower_body(
    rs: &Ruleset,
    shape: Option<&ShapeSpec>,
    scope: &mut Scope,
    diags: &mut Vec<Diag>,
) -> Body {
    let layout = super::lower_place::layout(rs);
    let mut body = Body {
        moves: Vec::new(),
        claims: Vec::new(),
        families: Vec::new(),
    };
    for item in &rs.items {
        match item {
            Item::Move(m) => {
                let Some(sh) = shape else { continue };
                match super::octal::expand(m, scope, diags) {
                    Some(ms) => {
                        for m in &ms {
                            lower_move(m, sh, layout, scope, diags, &mut body.moves);
                        }
                    }
                    None => lower_move(m, sh, layout, scope, diags, &mut body.moves),
                }
            }
            Item::Claim(cl) => {
                if let Some(f) = &cl.family {
                    if let Some(c) = super::family::lower_family(cl, f, shape, scope, diags) {
                        body.families.push(c);
                    }
                } else if let Some(c) = super::claims::lower_claim(cl, shape, scope, diags) {
                    body.claims.push(c);
                }
            }
            _ => {}
        }
    }
    body
}

/// Sorts the problems by place (the file's before the arguments') and says each once: a
/// problem in the body of `move for j in R { ... }` is found once per value of `j`.
fn sort_and_dedup(diags: &mut Vec<Diag>) {
    diags.sort_by_key(|d| (d.source.is_some(), d.span.start));
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
}
