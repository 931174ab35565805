//! Built-in closed forms: the registry of every formula the papers prove, each with its
//! parameters, a one-line description and the paper and theorem it comes from.
//!
//! A formula answers "is this position P?" and, where its paper gives it, "what is its Grundy
//! value?", by the closed form alone (never by searching the game). A formula may cover only
//! part of the positions (a theorem proved for some heap counts): outside, it answers `None`.
//! Formulas are looked up by name (`formula moore(l)` in a claim, `--formula moore(2)` on the
//! command line) and built with argument values checked against their parameter types.

mod abuku;
mod bhowmik;
mod classic;
mod fraenkel_larsson;
mod fraenkel_zusman;
mod propp;

use thiserror::Error;

use crate::numbers::RealError;
pub(crate) use crate::ruleset::value::Value;
use crate::ruleset::value::{SetValue, Type};

/// Why a formula could not answer at a position.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum FormulaError {
    /// Exact real arithmetic could not decide a comparison.
    #[error("{0}")]
    Real(#[from] RealError),
    /// The position has a number of heaps the formula is not about.
    #[error("the formula is about positions of {0}")]
    Shape(&'static str),
    /// A number left the range the formula computes in.
    #[error("a number in the formula is too large: {0}")]
    Overflow(String),
}

/// A closed form, built with its arguments. Shared by threads (a `Game` is), so caches sit
/// behind a `Mutex`.
pub trait ClosedForm: Send + Sync {
    /// Whether the canonical position `pos` is P; `None` where the formula says nothing.
    fn is_p(&self, pos: &[u32]) -> Result<Option<bool>, FormulaError>;
    /// The Grundy value, where the paper gives it (`None` otherwise).
    fn grundy(&self, _pos: &[u32]) -> Result<Option<u32>, FormulaError> {
        Ok(None)
    }
}

/// A formula built with its arguments, with its registry entry.
pub struct Built {
    /// The entry.
    pub def: &'static FormulaDef,
    /// The closed form.
    pub form: Box<dyn ClosedForm>,
}

impl std::fmt::Debug for Built {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "formula {}", self.def.name)
    }
}

/// Builds a formula from checked arguments; an error says which argument is out of range.
pub(crate) type BuildFn = fn(&[Value]) -> Result<Box<dyn ClosedForm>, String>;

/// A formula's entry in the registry.
pub struct FormulaDef {
    /// Its name, as written after `formula`.
    pub name: &'static str,
    /// Its parameters: name and type.
    pub params: &'static [(&'static str, Type)],
    /// What it says, in one line.
    pub summary: &'static str,
    /// Where it comes from: paper, section, theorem.
    pub source: &'static str,
    /// Whether it gives Grundy values (not only P-positions).
    pub grundy: bool,
    /// Builds it from checked arguments; an error says which argument is out of range.
    pub build: BuildFn,
}

impl FormulaDef {
    /// `name(p1, p2)`, or `name` without parameters.
    pub fn signature(&self) -> String {
        if self.params.is_empty() {
            self.name.to_string()
        } else {
            let ps: Vec<&str> = self.params.iter().map(|p| p.0).collect();
            format!("{}({})", self.name, ps.join(", "))
        }
    }
}

/// Every formula, in the order `heapgame formulas` lists them.
pub(crate) fn registry() -> Vec<&'static FormulaDef> {
    let mut v: Vec<&'static FormulaDef> = Vec::new();
    v.extend(classic::FORMULAS);
    v.extend(fraenkel_zusman::FORMULAS);
    v.extend(bhowmik::FORMULAS);
    v.extend(fraenkel_larsson::FORMULAS);
    v.extend(propp::FORMULAS);
    v.extend(abuku::FORMULAS);
    v
}

/// The formula of this name.
pub(crate) fn lookup(name: &str) -> Option<&'static FormulaDef> {
    registry().into_iter().find(|f| f.name == name)
}

/// Why a formula could not be built from a name and arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// No formula has this name; the closest name.
    Unknown(Option<&'static str>),
    /// Wrong number of arguments.
    Arity {
        /// `name(params)`.
        signature: String,
        /// Given.
        got: usize,
    },
    /// An argument of the wrong type: its index, the parameter, the type wanted.
    Type(usize, &'static str, Type),
    /// An argument out of the formula's range (the message says which).
    Range(String),
}

/// Builds the formula `name` with `args`.
pub fn build(name: &str, args: &[Value]) -> Result<Built, BuildError> {
    let Some(def) = lookup(name) else {
        let names: Vec<&'static str> = registry().iter().map(|f| f.name).collect();
        return Err(BuildError::Unknown(crate::ruleset::diag::suggest(
            name, names,
        )));
    };
    if args.len() != def.params.len() {
        return Err(BuildError::Arity {
            signature: def.signature(),
            got: args.len(),
        });
    }
    for (i, (a, (pname, ty))) in args.iter().zip(def.params).enumerate() {
        if !a.ty().fits(*ty) {
            return Err(BuildError::Type(i, pname, *ty));
        }
    }
    let form = (def.build)(args).map_err(BuildError::Range)?;
    Ok(Built { def, form })
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::Unknown(_) => write!(f, "there is no built-in formula of this name"),
            BuildError::Arity { signature, got } => {
                write!(
                    f,
                    "the formula is `{signature}`, but {got} arguments were given"
                )
            }
            BuildError::Type(i, p, t) => {
                write!(f, "argument {} (`{p}`) must be {}", i + 1, t.describe())
            }
            BuildError::Range(m) => f.write_str(m),
        }
    }
}

// --- helpers shared by the formula files ---------------------------------------------------

/// The `i`-th argument as an integer (types are checked before `build` is called).
fn int_arg(args: &[Value], i: usize) -> Result<i64, String> {
    match args.get(i) {
        Some(Value::Int(n)) => Ok(*n),
        other => Err(format!(
            "argument {} must be an integer, not {other:?}",
            i + 1
        )),
    }
}

/// The `i`-th argument as a set.
fn set_arg(args: &[Value], i: usize) -> Result<SetValue, String> {
    match args.get(i) {
        Some(Value::Set(s)) => Ok(s.clone()),
        other => Err(format!("argument {} must be a set, not {other:?}", i + 1)),
    }
}

/// The 2-adic valuation of `z >= 1` (`v2(0)` is taken as 64, above every bit).
fn v2(z: u64) -> u32 {
    z.trailing_zeros()
}

/// The minimum excluded value of a set of small numbers.
fn mex(vals: &mut Vec<u32>) -> u32 {
    vals.sort_unstable();
    vals.dedup();
    let mut m = 0;
    for &v in vals.iter() {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}

#[cfg(test)]
mod tests;
