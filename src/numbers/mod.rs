//! Real constants of the game language (`pi`, `e`, `phi`, `sqrt(n)` and
//! their arithmetic), with exact floors, ceilings and comparisons.
//!
//! Quadratic surds and rationals are exact; everything else is evaluated by
//! rigorous interval arithmetic with doubling precision (see [`real`]).

mod constants;
mod decimal;
mod interval;
pub mod real;
mod surd;
#[cfg(test)]
mod tests;

pub use decimal::decimal_value;
pub use real::{Real, RealError, MAX_PRECISION_BITS};
