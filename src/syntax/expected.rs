//! The words a parse error uses for each grammar rule, and the conversion of pest's
//! errors into a located [`SyntaxError`] ("expected an expression", never `Rule::expr`).

use pest::error::{ErrorVariant, InputLocation};

use super::error::SyntaxError;
use super::parse::Rule;

/// What a user calls the thing a rule matches.
pub fn describe(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "the end of the file",
        Rule::ruleset => "`ruleset \"Name\" { ... }`",
        Rule::params => "a parameter list `(k = 3, ...)`",
        Rule::param => "a parameter `name = value`",
        Rule::source => "`source \"...\"`",
        Rule::require => "`require`",
        Rule::shape => "`heaps ...`",
        Rule::shape_any => "`any`",
        Rule::shape_named => "a list of heap names `(x, y)`",
        Rule::each_bound => "`each >= N`",
        Rule::let_def => "`let`",
        Rule::check_bound => "`check max N`",
        Rule::atom => "a value",
        Rule::indexed => "an indexed list `l[i]`",
        Rule::list_comp => "a list `[e for x in L]`",
        Rule::kw_for => "`for`",
        Rule::destructure_list => "`(a, b, ...)`",
        Rule::check_with => "`with NAME = VALUE`",
        Rule::check_param => "`NAME = VALUE`",
        Rule::move_def => "`move`",
        Rule::move_for => "`for`",
        Rule::move_when => "`when`",
        Rule::move_unless => "`unless`",
        Rule::take => "`take`",
        Rule::delete => "`delete`",
        Rule::split => "`split`",
        Rule::allowing_empty => "`allowing empty`",
        Rule::lower => "`lower`",
        Rule::keep => "`keep`",
        Rule::where_clause => "`where`",
        Rule::amount | Rule::amount_same | Rule::bindings => {
            "an amount (`1..`, `S`, `same 1..`, `s in 1..`)"
        }
        Rule::binding => "a named amount `s in S`",
        Rule::selector
        | Rule::sel_one
        | Rule::sel_the_other
        | Rule::sel_all
        | Rule::sel_both
        | Rule::sel_each_of
        | Rule::sel_count
        | Rule::sel_named
        | Rule::sel_ref => {
            "a choice of heaps (`one heap`, `2 heaps`, `all heaps`, `the other heap`, ...)"
        }
        Rule::sel_name => "a name for the chosen heaps",
        Rule::heaps_word => "`heaps`",
        Rule::heap_word => "`heap`",
        Rule::kw_one => "`one`",
        Rule::kw_in => "`in`",
        Rule::kw_other => "`other`",
        Rule::kw_else => "`else`",
        Rule::count_expr => "a number of heaps",
        Rule::claim => "`claim`",
        Rule::claim_kind => "`P` or `grundy`",
        Rule::claim_formula => "`formula name(...)`",
        Rule::claim_expr => "an expression",
        Rule::destructure => "`where (a, b) = ...`",
        Rule::expr | Rule::arith | Rule::standalone_expr => "an expression",
        Rule::not | Rule::neg => "an expression",
        Rule::open_range => "`..`",
        Rule::or
        | Rule::and
        | Rule::not_in
        | Rule::in_op
        | Rule::le
        | Rule::ge
        | Rule::ne
        | Rule::eq
        | Rule::lt
        | Rule::gt
        | Rule::range
        | Rule::add
        | Rule::sub
        | Rule::mul
        | Rule::div
        | Rule::modulo
        | Rule::pow => "an operator",
        Rule::int => "an integer",
        Rule::boolean => "`true` or `false`",
        Rule::quantifier | Rule::quant_kind => "`any(x in L: C)`",
        Rule::heap_test | Rule::heap_test_kind => "`any heap in S`",
        Rule::call => "a function call",
        Rule::abs => "`|...|`",
        Rule::set => "a set `{...}`",
        Rule::paren => "`(...)`",
        Rule::heaps_value => "`heaps`",
        Rule::ident => "a name",
        Rule::keyword => "a keyword",
        Rule::string | Rule::string_inner => "a string in double quotes",
        Rule::file => "a ruleset",
        Rule::WHITESPACE | Rule::COMMENT | Rule::item | Rule::move_mod | Rule::step => "",
        Rule::arith_op | Rule::prefix | Rule::postfix | Rule::infix | Rule::operand => "",
        Rule::ident_char => "a letter or digit",
    }
}

/// Joins descriptions as `a, b or c`, without repeats.
fn join(words: &[&str]) -> String {
    let mut uniq: Vec<&str> = Vec::new();
    for w in words {
        if !w.is_empty() && !uniq.contains(w) {
            uniq.push(w);
        }
    }
    match uniq.len() {
        0 => "something else".to_string(),
        1 => uniq[0].to_string(),
        n => format!("{} or {}", uniq[..n - 1].join(", "), uniq[n - 1]),
    }
}

/// Names what stands at byte `pos` of `src`, in words.
fn found_at(src: &str, pos: usize) -> String {
    let rest = src.get(pos..).unwrap_or("");
    let rest = rest.trim_start_matches([' ', '\t']);
    match rest.chars().next() {
        None => "the end of the file".to_string(),
        Some('\n' | '\r') => "the end of the line".to_string(),
        Some(c) if c.is_alphanumeric() || c == '_' => {
            let word: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            format!("`{word}`")
        }
        Some(c) => format!("`{c}`"),
    }
}

/// Converts a pest error into a located [`SyntaxError`] with the expectation in words.
pub fn from_pest(err: pest::error::Error<Rule>) -> SyntaxError {
    let pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let src = err.line();
    // `line()` is only the failing line; we need the offset in the whole text, which
    // pest keeps in `location`. The found-word is read from the line at the column.
    let col = match err.line_col {
        pest::error::LineColLocation::Pos((_, c))
        | pest::error::LineColLocation::Span((_, c), _) => c.saturating_sub(1),
    };
    let byte_col = src
        .char_indices()
        .nth(col)
        .map(|(i, _)| i)
        .unwrap_or(src.len());
    let found = if byte_col >= src.len() {
        "the end of the line".to_string()
    } else {
        found_at(src, byte_col)
    };
    let expected = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let words: Vec<&str> = positives.iter().map(|r| describe(*r)).collect();
            join(&words)
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    SyntaxError::Unexpected {
        span: (pos, 0).into(),
        expected,
        found,
    }
}
