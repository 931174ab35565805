//! What a compiled clause became: what it does after its `take` that the caller writes
//! ([`CompiledMove::tail`]), and in words, for `heapgame moves --explain`, its choice of
//! heaps, its amounts, the steps around its `take`, and where each conjunct of its condition
//! is evaluated (a bound of the amount loop, once a position, or per candidate amount). Read
//! from the [`CompiledMove`] itself, so that it says what runs, not what was meant to.

use super::expr::IntSet;
use super::{Amounts, CompiledMove, Sel, SplitTail, Tail};

impl CompiledMove {
    /// How the clause splits the heap it lowered, if it does ([`super::split`]): its
    /// followers are then that heap's partitions, which the caller writes.
    pub fn split(&self) -> Option<SplitTail> {
        match self.tail {
            Some(Tail::Split(t)) => Some(t),
            _ => None,
        }
    }

    /// What the clause does after its `take` that the caller writes ([`Tail`]): `None` for a
    /// clause whose moves only take tokens.
    pub fn tail(&self) -> Option<Tail> {
        self.tail
    }

    /// The compiled form, in words: `take from one heap, amounts a range; conditions: 1 bound
    /// of the amount loop, none once a position, none per amount`.
    pub fn describe(&self) -> String {
        if let Some(d) = &self.deletes {
            return d.describe();
        }
        let sel = match &self.sel {
            Sel::Counts(IntSet::Ints(v)) if v[..] == [1] => "one heap".to_string(),
            Sel::Counts(_) => "several heaps".to_string(),
            Sel::Rest => "every heap".to_string(),
            Sel::TheOther => "the other heap".to_string(),
            Sel::Named(_) => "a named heap".to_string(),
        };
        let amounts = match (&self.amounts, self.each_heap) {
            (Amounts::Ints(_), true) => "amounts chosen for each heap from a list",
            (Amounts::Ints(v), false) if v.len() == 1 => "one amount",
            (Amounts::Ints(_), false) => "amounts from a list",
            (Amounts::Range(..), _) => "amounts a range",
        };
        let verb = match self.tail {
            Some(Tail::Add) => "add to",
            _ => "take from",
        };
        let mut parts = vec![format!("{verb} {sel}, {amounts}")];
        if let Some(Tail::To(_)) = self.tail {
            parts.push("then the amount added to a named heap (`move ... to`)".to_string());
        }
        if let Some(to) = &self.to {
            let n = to.conditions();
            parts.push(format!(
                "then the amount added to each other heap (`move ... to`; {n} condition{} per                  heap and amount)",
                plural(n)
            ));
        }
        if let Some(t) = self.split() {
            let lone = matches!(&self.amounts, Amounts::Ints(v) if v[..] == [0]);
            let (n, min) = (
                t.parts,
                if t.min_part == 0 {
                    " allowing empty"
                } else {
                    ""
                },
            );
            let unequal = if t.unequal { " unequal" } else { "" };
            match lone {
                true => parts = vec![format!("split {sel} into {n}{unequal} parts{min}")],
                false => parts.push(format!(
                    "then `split` of its heap into {n}{unequal} parts{min}"
                )),
            }
        }
        if self.keep.is_some() {
            parts.push("after `keep one heap`".to_string());
        }
        if self.exclude.is_some() {
            parts.push("then `keep the other heaps` as excluded amounts".to_string());
        }
        if !self.then.is_empty() {
            let n = self.then.len();
            parts.push(format!("then {n} step{} on named heaps", plural(n)));
        }
        let count = |n: usize, what: &str| match n {
            0 => format!("none {what}"),
            n => format!("{n} {what}"),
        };
        let per_position = self.position_filter.len() + self.guards.len();
        let conditions = [
            count(self.bounds.len(), "as bounds of the amount loop"),
            count(per_position, "once a position"),
            count(self.filter.len(), "per amount"),
        ];
        format!(
            "{}; conditions: {}",
            parts.join(", "),
            conditions.join(", ")
        )
    }
}

/// `"s"` unless `n` is 1.
fn plural(n: usize) -> &'static str {
    match n {
        1 => "",
        _ => "s",
    }
}
