//! How far `check --time` grows the number of heaps of a ruleset of `heaps any`: up to the
//! most heaps a claim's `when` allows (`len(heaps) <= 11`, `heaps == (1, 2, 5)`), found in the
//! compiled guard; when no claim bounds it, the count grows one heap at a time.

use crate::game::Game;
use crate::ruleset::builtins::Builtin;
use crate::ruleset::claims::CheckedClaim;
use crate::ruleset::expr::{CExpr, CKind};
use crate::ruleset::value::Value;
use crate::syntax::ast::BinOp;

/// How the number of heaps grows in a deepening run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct HeapGrowth {
    /// The most heaps a claim's `when` allows, largest over the claims that bound it: the
    /// count grows to it at once.
    pub to: Option<usize>,
    /// Whether a claim speaks of any number of heaps: the count then grows one heap at a time
    /// beyond `to`.
    pub beyond: bool,
}

impl HeapGrowth {
    /// No growth: a fixed number of heaps.
    pub(crate) const NONE: HeapGrowth = HeapGrowth {
        to: None,
        beyond: false,
    };

    /// The growth the claims of `game` about its parameters call for; none when the shape
    /// fixes the number of heaps.
    pub fn of(game: &Game) -> HeapGrowth {
        if game.shape().count.is_some() {
            return HeapGrowth::NONE;
        }
        let mut g = HeapGrowth::NONE;
        for c in &game.checked.claims {
            if c.when
                .as_ref()
                .is_some_and(|w| matches!(w.kind, CKind::Const(Value::Bool(false))))
            {
                continue;
            }
            match claim_bound(c) {
                Some(k) => g.to = Some(g.to.map_or(k, |t: usize| t.max(k))),
                None => g.beyond = true,
            }
        }
        g
    }

    /// The next heap count after `k`, if any: the most a claim covers; one more at a time
    /// only when no claim bounds the count (a claim that does names the count worth
    /// reaching: the time goes to its heap sizes).
    pub fn next(&self, k: usize) -> Option<usize> {
        match self.to {
            Some(t) if t > k => Some(t),
            None if self.beyond => k.checked_add(1),
            _ => None,
        }
    }
}

/// The most heaps the claim `c` speaks of, when its `when` bounds the count.
pub(crate) fn claim_bound(c: &CheckedClaim) -> Option<usize> {
    c.when.as_ref().and_then(bound)
}

/// The most heaps of a position where `e` holds, when `e` bounds it by its form: a
/// conjunction of which one part bounds it, a disjunction of which every part does,
/// `len(heaps)` compared with a constant, `heaps ==` a constant list.
pub fn bound(e: &CExpr) -> Option<usize> {
    match &e.kind {
        CKind::Bin(BinOp::And, a, b) => match (bound(a), bound(b)) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, y) => x.or(y),
        },
        CKind::Bin(BinOp::Or, a, b) => Some(bound(a)?.max(bound(b)?)),
        CKind::Bin(BinOp::Eq, a, b) if is_heaps(a) || is_heaps(b) => {
            let other = if is_heaps(a) { b } else { a };
            match &other.kind {
                CKind::Const(Value::List(l)) => Some(l.len()),
                CKind::Tuple(v) => Some(v.len()),
                _ => None,
            }
        }
        CKind::Bin(op, a, b) => {
            let (op, k) = if is_len(a) {
                (*op, int(b)?)
            } else if is_len(b) {
                (flip(*op)?, int(a)?)
            } else {
                return None;
            };
            let k = match op {
                BinOp::Le | BinOp::Eq => k,
                BinOp::Lt => k.checked_sub(1)?,
                _ => return None,
            };
            usize::try_from(k.max(0)).ok()
        }
        _ => None,
    }
}

/// `a op b` read as `b op' a`.
fn flip(op: BinOp) -> Option<BinOp> {
    Some(match op {
        BinOp::Ge => BinOp::Le,
        BinOp::Gt => BinOp::Lt,
        BinOp::Eq => BinOp::Eq,
        _ => return None,
    })
}

fn is_heaps(e: &CExpr) -> bool {
    matches!(e.kind, CKind::Heaps)
}

fn is_len(e: &CExpr) -> bool {
    matches!(&e.kind, CKind::Call(Builtin::Len, args) if args.len() == 1 && is_heaps(&args[0]))
}

fn int(e: &CExpr) -> Option<i64> {
    match e.kind {
        CKind::Const(Value::Int(k)) => Some(k),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn growth(claims: &str) -> HeapGrowth {
        let text = format!(
            "ruleset \"t\" {{\n  heaps any\n  move {{ take 1.. from one heap }}\n{claims}\n}}\n"
        );
        HeapGrowth::of(&Game::from_source("t", &text, &[]).expect("a valid ruleset"))
    }

    #[test]
    fn the_claims_guards_bound_the_heap_count() {
        let g = growth(
            "  claim grundy <= 4 when len(heaps) <= 11\n  claim P: true when heaps == (1, 1)",
        );
        assert_eq!(
            g,
            HeapGrowth {
                to: Some(11),
                beyond: false
            }
        );
        let g = growth("  claim grundy >= 0 when len(heaps) < 3 and max(heaps) > 2\n  claim grundy >= 0 when 4 >= len(heaps) or len(heaps) == 6");
        assert_eq!(
            g,
            HeapGrowth {
                to: Some(6),
                beyond: false
            }
        );
        // `or` with an unbounded side, `not`, and no `when`: any number of heaps.
        for c in [
            "claim grundy >= 0 when len(heaps) <= 3 or max(heaps) > 2",
            "claim grundy >= 0 when not (len(heaps) > 3)",
            "claim grundy >= 0",
        ] {
            assert_eq!(
                growth(&format!("  {c}")),
                HeapGrowth {
                    to: None,
                    beyond: true
                },
                "{c}"
            );
        }
        assert_eq!(
            HeapGrowth {
                to: Some(11),
                beyond: true
            }
            .next(7),
            Some(11)
        );
        // A claim bounds the count: it grows there, not past it.
        let bounded = HeapGrowth {
            to: Some(11),
            beyond: true,
        };
        assert_eq!(bounded.next(11), None);
        let unbounded = HeapGrowth {
            to: None,
            beyond: true,
        };
        assert_eq!(unbounded.next(11), Some(12));
        assert_eq!(
            HeapGrowth {
                to: Some(11),
                beyond: false
            }
            .next(11),
            None
        );
        assert_eq!(
            HeapGrowth {
                to: Some(3),
                beyond: false
            }
            .next(5),
            None
        );
    }
}
