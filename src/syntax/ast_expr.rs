//! The typed syntax tree of an expression ([`Expr`]), with the names ([`Ident`]) and byte
//! spans ([`Span`]) every node of the tree carries; re-exported by `ast.rs`, which holds the
//! items of a ruleset.

use std::ops::Range;

/// A byte range in the source text.
pub type Span = Range<usize>;

/// A name and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    /// The name as written.
    pub name: String,
    /// Where it stands.
    pub span: Span,
}

/// An expression.
#[derive(Clone, Debug)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it stands.
    pub span: Span,
}

/// The kinds of expression.
#[derive(Clone, Debug)]
pub enum ExprKind {
    /// An integer literal.
    Int(i64),
    /// A decimal literal (`0.137`, an exact rational), or an octal/hexadecimal code as
    /// written after `octal`/`hex`: the text.
    Decimal(String),
    /// `true` / `false`.
    Bool(bool),
    /// A name.
    Name(String),
    /// `heaps`: the position.
    Heaps,
    /// A prefix operator.
    Unary(UnOp, Box<Expr>),
    /// An infix operator.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `a..b` or `a..`.
    Range(Box<Expr>, Option<Box<Expr>>),
    /// `f(args)`.
    Call(Ident, Vec<Expr>),
    /// `|e|`.
    Abs(Box<Expr>),
    /// `{a, b, c}`.
    Set(Vec<Expr>),
    /// `(a, b)`.
    Tuple(Vec<Expr>),
    /// `l[i]`.
    Index(Box<Expr>, Box<Expr>),
    /// `[e for x in L]`, `[e for x in L if C]`.
    ListComp(Box<Expr>, Ident, Box<Expr>, Option<Box<Expr>>),
    /// `{e for x in L}`, `{e for x in L if C}`.
    SetComp(Box<Expr>, Ident, Box<Expr>, Option<Box<Expr>>),
    /// `any(x in L: C)`, `all(...)`, `count(...)`.
    Quant(QuantKind, Ident, Box<Expr>, Box<Expr>),
    /// `any heap in B`, `all heaps in B`, `no heap in B`.
    HeapTest(HeapTestKind, Box<Expr>),
    /// `if C then A else B`.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
}

/// Prefix operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// `not`.
    Not,
    /// `-`.
    Neg,
}

/// Infix operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `or`.
    Or,
    /// `and`.
    And,
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `in`.
    In,
    /// `not in`.
    NotIn,
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/`.
    Div,
    /// `mod`.
    Mod,
    /// `^`.
    Pow,
}

impl BinOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Or => "or",
            BinOp::And => "and",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::In => "in",
            BinOp::NotIn => "not in",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Mod => "mod",
            BinOp::Pow => "^",
        }
    }
}

/// Quantifiers over a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuantKind {
    /// True when some element satisfies the condition.
    Any,
    /// True when every element does.
    All,
    /// How many elements do.
    Count,
    /// The elements that do, as a list (`[x for x in L if C]`; compiled, never parsed).
    Filter,
    /// The set of the body's values, integers or tuples (`{e for x in L}`; compiled, never
    /// parsed).
    Collect,
}

/// Tests of the heaps against a set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeapTestKind {
    /// Some heap is in the set.
    Any,
    /// Every heap is.
    All,
    /// No heap is.
    No,
}
