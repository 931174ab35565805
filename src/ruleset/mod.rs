//! Phase 2, rulesets: values and types ([`value`]), compiled expressions ([`expr`],
//! [`compile`]), the lowered form of the moves ([`program`]), and the checking pass that binds
//! parameters and lowers moves and claims ([`check`]), reporting every problem through
//! [`diag`]. Nothing here imports the layers above (moves, solver, game).

pub mod builtins;
pub mod cases;
pub mod check;
pub mod check_line;
pub mod check_range;
pub mod claims;
pub mod compile;
pub mod counting;
pub mod diag;
pub mod eval_error;
pub mod expr;
pub mod family;
pub mod lower_add;
mod lower_after;
pub mod lower_amount;
mod lower_ctx;
mod lower_move;
pub mod lower_place;
pub mod lower_positions;
pub mod lower_set;
pub mod lower_split;
mod lower_step;
pub mod observe;
pub mod octal;
pub mod params;
pub mod play;
pub mod program;
pub mod sets;
mod shape;
pub mod unbounded;
pub mod value;

pub use check::{check, Checked, CheckedClaim, CheckedClaimBody, ParamOverride};
pub use diag::{Code, Diag, LoadError};
