//! heapgame: impartial heap games written in a small declarative language, solved.
#![forbid(unsafe_code)]

pub mod syntax;
