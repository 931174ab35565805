//! The lowered form of a ruleset's moves: what the generator runs. Parameters are bound,
//! `for` clauses expanded, names resolved to slots and constants folded. Defined here, by the
//! phase that produces it ([`super::check`]), and re-exported as `moves::program`, the layer
//! above that runs it, so that no import points up.

use super::expr::CExpr;
use super::value::SetValue;
use crate::syntax::ast::Span;

/// The shape of positions, with its bound parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeSpec {
    /// `Some(k)` for exactly k heaps; `None` for any number (empty heaps vanish).
    pub count: Option<usize>,
    /// The heap names, for ordered positions (`heaps (x, y)`).
    pub names: Option<Vec<String>>,
    /// The least size of every heap.
    pub lower: u32,
}

impl ShapeSpec {
    /// Whether positions are multisets (sorted), rather than ordered tuples.
    pub fn symmetric(&self) -> bool {
        self.names.is_none()
    }

    /// Whether empty heaps vanish.
    pub fn drops_zeros(&self) -> bool {
        self.count.is_none()
    }
}

/// One move clause (one instance of a `for` clause), ready to run.
#[derive(Clone, Debug)]
pub struct MoveProgram {
    /// Guards on the position: the move applies when each evaluates to `!negated`.
    pub guards: Vec<(CExpr, bool)>,
    /// The steps.
    pub steps: Vec<LStep>,
    /// Number of integer slots the move's expressions use.
    pub int_slots: usize,
    /// Number of list slots.
    pub list_slots: usize,
    /// Number of selections named or referred to.
    pub sel_slots: usize,
    /// The `move` clause in the source.
    pub span: Span,
    /// `for` variables and their values in this instance, for messages.
    pub instance: Vec<(String, i64)>,
    /// Integer slots filled from named heaps: (slot, index in the position).
    pub heap_names: Vec<(usize, usize)>,
    /// A follower equal to the position is no move (a `set` step of this clause keeps its
    /// heap's size: the move counts only when the position as a whole changes). Such a clause
    /// is of no family ([`crate::moves::family`]): the interpreter runs it.
    pub must_change: bool,
    /// The conditions that read `after`, the position after the move: checked on each
    /// follower. Such a clause is of no family either.
    pub after: Option<AfterRule>,
}

/// The `where` conditions of a move that read `after`, the position after the move.
#[derive(Clone, Debug)]
pub struct AfterRule {
    /// The list slot that holds the follower (canonical, as `heaps` holds the position).
    pub slot: usize,
    /// The conditions, each of type truth value; the move's slots hold what its steps chose.
    pub conds: Vec<CExpr>,
}

impl MoveProgram {
    /// The only step of this move when the move has no guards and names no heaps, on a
    /// symmetric shape and a non-empty canonical position whose heaps all respect the lower
    /// bound: the moves that the generator's fast paths run and the estimate counts.
    pub(crate) fn lone_step(&self, shape: &ShapeSpec, pos: &[u32]) -> Option<&LStep> {
        if !shape.symmetric()
            || self.must_change
            || self.after.is_some()
            || !self.guards.is_empty()
            || !self.heap_names.is_empty()
            || self.steps.len() != 1
            || pos.is_empty()
            || pos.iter().any(|&h| h < shape.lower)
        {
            return None;
        }
        self.steps.first()
    }
}

/// A step, lowered.
#[derive(Clone, Debug)]
pub struct LStep {
    /// What it does.
    pub kind: LStepKind,
    /// Which heaps.
    pub sel: LSel,
    /// Where it stands in the source.
    pub span: Span,
}

/// What a lowered step does.
#[derive(Clone, Debug)]
pub enum LStepKind {
    /// Take amounts, then check the condition.
    Take(LAmount, Option<CExpr>),
    /// Remove the heaps.
    Delete,
    /// Split each heap into `parts` parts, each at least `min_part`.
    Split {
        /// Into how many parts.
        parts: usize,
        /// 1 for non-empty parts, 0 with `allowing empty`.
        min_part: u32,
        /// `unequal`: the parts have pairwise different sizes.
        unequal: bool,
    },
    /// Split each heap into equal parts, as many as a member of the set or the integer the
    /// expression gives (evaluated once the heaps are chosen): each number `k >= 2` of parts
    /// that divides every chosen heap is one move.
    SplitEqual(CExpr),
    /// Lower every heap by `by`, stopping at 0.
    Lower(u64),
    /// Only select (and name); then check the condition.
    Keep(Option<CExpr>),
    /// Add amounts to every selected heap, then check the condition (`add`, and the second
    /// half of `move ... from ... to ...`). The amount is `Each`, `Same`, a `Named` with one
    /// name, or `Computed` of these; its fixed sets are finite. A heap may grow: a follower
    /// with a heap beyond `u32::MAX` is not written.
    Add(LAmount, Option<CExpr>),
}

/// How much a lowered `take` removes.
#[derive(Clone, Debug)]
pub enum LAmount {
    /// An amount from the set for each heap, independently.
    Each(SetValue),
    /// One amount for all heaps, stored in the slot if named.
    Same(SetValue, Option<usize>),
    /// One named amount per heap (slots in order), heaps assigned in every order.
    Named(Vec<(usize, SetValue)>),
    /// One name for the list of amounts of all selected heaps.
    List(usize, SetValue),
    /// Amounts that read the position, the heaps chosen or earlier amounts
    /// (`take h - h / 2 from one heap h`, `take s in 1..h / 2 from one heap h`): the amount
    /// `form` (never itself `Computed`) with its sets left empty, and the expressions of those
    /// sets in the order `form` holds them (one for `Each`, `Same` and `List`, one per name for
    /// `Named`). Each is evaluated once the step's heaps are chosen, to an integer (one amount)
    /// or a set of integers; members below 0 or above a heap are no move.
    Computed(Box<LAmount>, Vec<CExpr>),
}

/// Which heaps a lowered step acts on.
#[derive(Clone, Debug)]
pub struct LSel {
    /// How they are chosen.
    pub kind: LSelKind,
    /// The selection slot to record them in (for references and names).
    pub record: Option<usize>,
    /// The integer slot that receives the heap's size (single-heap selections with a name).
    pub int_slot: Option<usize>,
    /// The list slot that receives the sizes (multi-heap selections with a name).
    pub list_slot: Option<usize>,
}

/// How a lowered selection chooses.
#[derive(Clone, Debug)]
pub enum LSelKind {
    /// A number of untouched heaps, the number from this set.
    Count(SetValue),
    /// Every untouched heap.
    Rest,
    /// The single untouched heap (the move does not apply unless exactly one is left).
    TheOther,
    /// The heap at this index of an ordered shape.
    Named(usize),
    /// The heaps recorded in a selection slot earlier in the move.
    Ref(usize),
    /// The neighbours, in an ordered shape, of the single heap recorded in selection slot
    /// `slot`: all of them (`each`: false; the move applies only when every one is
    /// untouched; a lone heap has none, and then no move) or each untouched one in turn; with `circle`, the first and the last heap
    /// are neighbours.
    NextTo {
        /// The selection slot of the heap whose neighbours are chosen.
        slot: usize,
        /// Whether the heaps are in a circle.
        circle: bool,
        /// One neighbour at a time.
        each: bool,
    },
    /// `len` heaps next to each other in an ordered shape (each run in turn), all untouched;
    /// with `circle`, the runs wrap around from the last heap to the first.
    Consecutive {
        /// How many heaps.
        len: usize,
        /// Whether the heaps are in a circle.
        circle: bool,
    },
}

/// The window `|x - y| < c` (or `<= c`) that the first conjunct of `cond` states between two
/// amount slots: `(x, y, reach)`, `reach` the largest allowed `|x - y|` (negative when none is).
/// The interpreter skips amounts outside it; the kernels cut amount pairs along it.
pub(crate) fn leading_window(cond: &CExpr) -> Option<(usize, usize, i64)> {
    use crate::ruleset::expr::CKind;
    use crate::ruleset::value::Value;
    use crate::syntax::ast::BinOp;
    let mut c = cond;
    while let CKind::Bin(BinOp::And, a, _) = &c.kind {
        c = a;
    }
    let CKind::Bin(op @ (BinOp::Lt | BinOp::Le), lhs, rhs) = &c.kind else {
        return None;
    };
    let CKind::Const(Value::Int(bound)) = rhs.kind else {
        return None;
    };
    let CKind::Abs(diff) = &lhs.kind else {
        return None;
    };
    let CKind::Bin(BinOp::Sub, a, b) = &diff.kind else {
        return None;
    };
    let (CKind::IntSlot(a), CKind::IntSlot(b)) = (&a.kind, &b.kind) else {
        return None;
    };
    let reach = if *op == BinOp::Lt {
        bound.checked_sub(1)?
    } else {
        bound
    };
    Some((*a, *b, reach))
}

/// `positions where C`: the positions of the game are those where `cond` holds. The generator
/// writes no follower outside them; the box solvers that do not run the generator (kernels,
/// sums) decline a ruleset that has one; a position read from the user that breaks it is an
/// error.
#[derive(Clone, Debug)]
pub struct PositionRule {
    /// The condition, of type truth value; it reads `heaps` and named heaps.
    pub cond: CExpr,
    /// Integer slots its expressions use.
    pub int_slots: usize,
    /// List slots its expressions use.
    pub list_slots: usize,
    /// Integer slots filled from named heaps: (slot, index in the position).
    pub heap_names: Vec<(usize, usize)>,
    /// The `positions where` item.
    pub span: Span,
}

impl PositionRule {
    /// Whether the canonical position `pos` is a position of the game; `ints` and `lists` are
    /// working memory, grown as needed; `stop` is asked inside the condition's quantifiers.
    pub fn allows(
        &self,
        pos: &[u32],
        (ints, lists): (&mut Vec<i64>, &mut Vec<Vec<i64>>),
        stop: Option<&(dyn Fn() -> bool + Send + Sync)>,
    ) -> Result<bool, crate::ruleset::expr::EvalError> {
        if ints.len() < self.int_slots {
            ints.resize(self.int_slots, 0);
        }
        if lists.len() < self.list_slots {
            lists.resize_with(self.list_slots, Vec::new);
        }
        for &(slot, i) in &self.heap_names {
            ints[slot] = pos.get(i).map_or(0, |&h| i64::from(h));
        }
        let mut env = crate::ruleset::expr::Env {
            heaps: pos,
            ints,
            lists,
            stop,
        };
        self.cond.eval_bool(&mut env)
    }
}
