//! The typed syntax tree of a `.game` file, every node with its byte span in the source.
//!
//! Built by `parse.rs`; read by `ruleset::check`, which resolves names and types and
//! binds parameters. Nothing here is evaluated.

pub use super::ast_expr::{BinOp, Expr, ExprKind, HeapTestKind, Ident, QuantKind, Span, UnOp};

/// A whole ruleset (one `.game` file).
#[derive(Clone, Debug)]
pub struct Ruleset {
    /// The quoted name after `ruleset`.
    pub name: String,
    /// The span of the whole `ruleset ... { ... }`.
    pub span: Span,
    /// The parameters with their defaults, in order.
    pub params: Vec<Param>,
    /// The items of the body, in order.
    pub items: Vec<Item>,
}

/// A parameter: `k = 3`.
#[derive(Clone, Debug)]
pub struct Param {
    /// Its name.
    pub name: Ident,
    /// Its default value.
    pub default: Expr,
}

/// One item of a ruleset body.
#[derive(Clone, Debug)]
pub enum Item {
    /// `source "..."`.
    Source(String, Span),
    /// `play normal` or `play misere`: the word as written (`misère` too).
    Play(String, Span),
    /// `require C [else "message"]`.
    Require(Require),
    /// `heaps ...`.
    Shape(Shape),
    /// `positions where C`.
    Positions(Positions),
    /// `let x = e`.
    Let(Let),
    /// `fn g(n) = e`.
    Fn(FnDef),
    /// `move ... { ... }`.
    Move(MoveDef),
    /// `claim ...`.
    Claim(Claim),
    /// `check max N [heaps K]`.
    CheckBound(CheckBound),
}

/// `positions where C`: the positions of the game are those where C holds.
#[derive(Clone, Debug)]
pub struct Positions {
    /// The condition on a position.
    pub cond: Expr,
    /// The whole item.
    pub span: Span,
}

/// `require C [else "message"]`.
#[derive(Clone, Debug)]
pub struct Require {
    /// The condition on the parameters.
    pub cond: Expr,
    /// The message to show when it fails.
    pub message: Option<String>,
    /// The whole item.
    pub span: Span,
}

/// The shape of positions: `heaps k`, `heaps any`, `heaps (x, y)`, `..., each >= 1`.
#[derive(Clone, Debug)]
pub struct Shape {
    /// How many heaps, and whether they have names.
    pub kind: ShapeKind,
    /// The lower bound of every heap (`each >= 1`).
    pub lower: Option<Expr>,
    /// The whole item.
    pub span: Span,
}

/// How many heaps a position has.
#[derive(Clone, Debug)]
pub enum ShapeKind {
    /// Any number of heaps; empty heaps vanish.
    Any,
    /// Exactly this many heaps; empty heaps stay.
    Count(Expr),
    /// Named heaps, in this order.
    Named(Vec<Ident>),
    /// `n in a row` (`circle`: `n in a circle`): heaps told apart by their place, from 1.
    Row {
        /// How many heaps.
        count: Expr,
        /// Whether the last heap is next to the first.
        circle: bool,
    },
}

/// `let x = e`.
#[derive(Clone, Debug)]
pub struct Let {
    /// The name defined.
    pub name: Ident,
    /// Its value.
    pub value: Expr,
}

/// `fn g(a, b) = e`: a function, expanded where it is called.
#[derive(Clone, Debug)]
pub struct FnDef {
    /// Its name.
    pub name: Ident,
    /// Its parameters, in order.
    pub params: Vec<Ident>,
    /// Its value.
    pub body: Expr,
    /// The whole item.
    pub span: Span,
}

/// `check max N [heaps K]`, or `check over L [for n in R, ...]`.
#[derive(Clone, Debug)]
pub struct CheckBound {
    /// `with NAME = VALUE, ...`: parameter values for this run, with each value's text.
    pub with: Vec<(Ident, Expr, String)>,
    /// `with NAME in R, ...`: one run for each value (each combination, the first outermost),
    /// with the text of `R`.
    pub ranges: Vec<(Ident, Expr, String)>,
    /// The largest heap size checked (`None` for a run `over` a list of positions).
    pub max: Option<Expr>,
    /// `over L for n in R, ...`: the positions of the run instead of a box.
    pub over: Option<CheckOver>,
    /// The most heaps checked (for `heaps any`).
    pub heaps: Option<Expr>,
    /// `quick max N [heaps K]`: the bounds under `check --quick`.
    pub quick: Option<(Expr, Option<Expr>)>,
    /// The whole item.
    pub span: Span,
}

/// `over L for a in R, n in S`: a position (a list) or a set of positions, for every value of
/// the `for` names (outermost first).
#[derive(Clone, Debug)]
pub struct CheckOver {
    /// The positions, as an expression of the parameters and the `for` names.
    pub positions: Expr,
    /// The `for NAME in R` clauses, outermost first.
    pub fors: Vec<(Ident, Expr)>,
}

/// A claim about a set of positions rather than each position: `count(C) OP E [for n in R]
/// within max M [heaps K]`, or `least n in R: C within max M [heaps K] is E`. The condition C
/// is the claim's body (kind `Holds`).
#[derive(Clone, Debug)]
pub struct ClaimFamily {
    /// Count or least.
    pub form: FamilyForm,
    /// `for n in R` (a count) or `least n in R`.
    pub var: Option<(Ident, Expr)>,
    /// `within max M`.
    pub max: Expr,
    /// `within ... heaps K`.
    pub heaps: Option<Expr>,
}

/// What a family claim states.
#[derive(Clone, Debug)]
pub enum FamilyForm {
    /// `count(C) OP E`: the number of positions where C holds compares so with E.
    Count {
        /// The comparison.
        op: BinOp,
        /// E.
        value: Expr,
    },
    /// `least n in R: C ... is E`: the least n with a position where C holds is E.
    Least {
        /// E.
        value: Expr,
    },
}

/// A move clause.
#[derive(Clone, Debug)]
pub struct MoveDef {
    /// `for j in R` clauses, outermost first.
    pub fors: Vec<(Ident, Expr)>,
    /// `when` / `unless` guards.
    pub guards: Vec<Guard>,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The whole clause.
    pub span: Span,
}

/// `when C` (negated = false) or `unless C` (negated = true).
#[derive(Clone, Debug)]
pub struct Guard {
    /// The condition on the position.
    pub cond: Expr,
    /// True for `unless`.
    pub negated: bool,
}

/// One step of a move.
#[derive(Clone, Debug)]
pub struct Step {
    /// What the step does.
    pub kind: StepKind,
    /// Where it stands.
    pub span: Span,
}

/// What a step does.
#[derive(Clone, Debug)]
pub enum StepKind {
    /// `take A from SEL [where C]`.
    Take {
        /// How much.
        amount: Amount,
        /// From which heaps.
        sel: Selector,
        /// A condition on the amounts.
        cond: Option<Expr>,
    },
    /// `delete SEL`.
    Delete {
        /// Which heaps.
        sel: Selector,
    },
    /// `split SEL into N parts [allowing empty]`.
    Split {
        /// Which heaps.
        sel: Selector,
        /// Into how many parts each.
        parts: Expr,
        /// Whether parts may be empty.
        allow_empty: bool,
        /// `unequal`: the parts must have different sizes.
        unequal: bool,
        /// `equal`: the parts have one size; the number of parts may read the position.
        equal: bool,
    },
    /// `lower SEL by N`.
    Lower {
        /// Which heaps.
        sel: Selector,
        /// By how much (stopping at 0).
        by: Expr,
    },
    /// `octal CODE` / `hex CODE`: a whole move given by its code.
    Octal {
        /// `hex`: hexadecimal digits (bit 8: three heaps).
        hex: bool,
        /// The code: a literal (`ExprKind::Decimal`) or an expression.
        code: Expr,
    },
    /// `add A to SEL [where C]`.
    Add {
        /// How much, per heap.
        amount: Amount,
        /// To which heaps.
        sel: Selector,
        /// A condition on the amounts.
        cond: Option<Expr>,
    },
    /// `move A from SEL to SEL [where C]`.
    Shift {
        /// How much.
        amount: Amount,
        /// From which heaps.
        from: Selector,
        /// To which heap.
        to: Selector,
        /// A condition on the amounts.
        cond: Option<Expr>,
    },
    /// `set SEL to E [where C]`: one heap becomes a size from E, other than its own.
    Set {
        /// Which heap.
        sel: Selector,
        /// The new size: an integer or a set of them.
        value: Expr,
        /// A condition on the move.
        cond: Option<Expr>,
    },
    /// `keep SEL [where C]`.
    Keep {
        /// Which heaps.
        sel: Selector,
        /// A condition on them.
        cond: Option<Expr>,
    },
}

/// How much a `take` removes.
#[derive(Clone, Debug)]
pub enum Amount {
    /// `take S from ...`: from each selected heap, an amount in S, chosen independently.
    Each(Expr),
    /// `take same S` or `take same s in S`: one amount for all selected heaps.
    Same(Option<Ident>, Expr),
    /// `take s in S, t in T`: named amounts.
    Named(Vec<(Ident, Expr)>),
}

/// Which heaps a step acts on.
#[derive(Clone, Debug)]
pub struct Selector {
    /// The kind of selection.
    pub kind: SelKind,
    /// A name for the selected heaps (`one heap h`).
    pub name: Option<Ident>,
    /// Where it stands.
    pub span: Span,
}

/// The kinds of selection.
#[derive(Clone, Debug)]
pub enum SelKind {
    /// `one heap`.
    One,
    /// `the other heap`: the single heap left untouched.
    TheOther,
    /// `all heaps`, `every other heap`, `the other heaps`: every heap left untouched.
    Rest,
    /// `both heaps`: two heaps.
    Both,
    /// `N heaps`, `each of T heaps`: a number of heaps from an integer, range or set.
    Count(Expr),
    /// `heap x`: a named heap of the shape.
    Named(Ident),
    /// `heap i - 1`: the heap at a place of a row or a circle, counted from 1.
    At(Expr),
    /// `k consecutive heaps`: heaps next to each other in a row or a circle.
    Consecutive(Expr),
    /// `the heaps next to h` (`each`: false) or `one heap next to h` (`each`: true): the
    /// neighbours in a row or a circle of the single heap chosen earlier as `h`.
    NextTo {
        /// The heap whose neighbours are chosen.
        of: Ident,
        /// One neighbour at a time, rather than all of them.
        each: bool,
    },
    /// `h`, `it`, `them`: heaps selected earlier in the move.
    Ref(Ident),
}

/// `claim P: ...`, `claim grundy: ...`, `claim grundy <= ...`, `claim same: ...`,
/// `claim winning: ...` or `claim: ...`, each with an optional `when C`.
#[derive(Clone, Debug)]
pub struct Claim {
    /// What is claimed.
    pub kind: ClaimKind,
    /// `claim grundy OP E`: the comparison (`None` for `claim grundy: E`, which is `==`).
    pub cmp: Option<BinOp>,
    /// The closed form.
    pub body: ClaimBody,
    /// `when C`: the claim speaks only of the positions where C holds.
    pub when: Option<Expr>,
    /// `allow empty`: the claim may decide no position in every run of `check`.
    pub allow_empty: bool,
    /// `fails at E`: the positions where the claim is known to fail (a tuple or a set of them).
    pub fails_at: Option<Expr>,
    /// A count or least claim: about the positions of a box, not each position.
    pub family: Option<Box<ClaimFamily>>,
    /// The whole item.
    pub span: Span,
}

/// What a claim states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimKind {
    /// A predicate true exactly at the P-positions.
    P,
    /// A predicate true exactly at the drawn positions (D) of a loopy game.
    D,
    /// An expression equal to the Grundy value.
    Grundy,
    /// A list: a position of the same type (P or N) as this one.
    Same,
    /// A set of positions: exactly those the winning moves reach.
    Winning,
    /// A condition true at every position (`claim: C`).
    Holds,
}

impl ClaimKind {
    /// The kind as written after `claim` (`""` for `claim: C`).
    pub fn word(self) -> &'static str {
        match self {
            ClaimKind::P => "P",
            ClaimKind::D => "D",
            ClaimKind::Grundy => "grundy",
            ClaimKind::Same => "same",
            ClaimKind::Winning => "winning",
            ClaimKind::Holds => "holds",
        }
    }
}

/// `where (a, b) = E` (names for the parts of a list) or `where s = E` (a name for a value).
#[derive(Clone, Debug)]
pub struct Destructure {
    /// The names.
    pub names: Vec<Ident>,
    /// `where s = E`: one name for the whole value (not a list of parts).
    pub single: bool,
    /// The value.
    pub value: Expr,
}

/// The closed form of a claim.
#[derive(Clone, Debug)]
pub enum ClaimBody {
    /// `formula name(args)`: a built-in formula.
    Formula {
        /// The formula's name.
        name: Ident,
        /// Its arguments.
        args: Vec<Expr>,
    },
    /// An expression of the position.
    Expr {
        /// The expression.
        expr: Expr,
        /// `where (a, b) = e`: names for the parts of a list.
        destructure: Option<Destructure>,
    },
}
