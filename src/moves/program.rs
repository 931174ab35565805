//! The lowered form of a ruleset's moves, which the generator ([`super::generate`]) runs:
//! defined in the ruleset layer that lowers it ([`crate::ruleset::program`]) and re-exported
//! here under its usual path.

pub use crate::ruleset::program::*;
