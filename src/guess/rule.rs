//! A condition for P on several heaps, as `several.rs` tries it and as `derived.rs` and
//! `relations.rs` read it off the data: its shape in words, its text in the language, and the
//! test that evaluates it on a position.

/// A test of a position.
pub(crate) type Test = Box<dyn Fn(&[u32]) -> bool>;

/// A condition for P: its shape in words, its text in the language (after the `fn` lines it
/// needs), and the test.
pub struct Rule {
    /// The shape in words.
    pub shape: String,
    /// `fn` definitions the text calls.
    pub defs: Vec<String>,
    /// The condition, as the language writes it.
    pub text: String,
    /// The condition, evaluated on a position.
    pub test: Test,
}

/// A rule without `fn` lines.
pub fn rule(shape: String, text: String, test: impl Fn(&[u32]) -> bool + 'static) -> Rule {
    Rule {
        shape,
        defs: Vec::new(),
        text,
        test: Box::new(test),
    }
}
