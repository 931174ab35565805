//! The words a parse error uses for each grammar rule, and the conversion of pest's
//! errors into a located [`SyntaxError`] ("expected an expression", never `Rule::expr`).

use pest::error::{ErrorVariant, InputLocation};

use super::error::SyntaxError;
use super::grammar::Rule;

/// What a user calls the thing each rule matches: every rule of the grammar once (a unit
/// test checks it against pest's list of rules); `""` for the rules a parse error does not
/// name.
const WORDS: &[(&[Rule], &str)] = &[
    (&[Rule::EOI], "the end of the file"),
    (&[Rule::ruleset], "`ruleset \"Name\" { ... }`"),
    (&[Rule::params], "a parameter list `(k = 3, ...)`"),
    (&[Rule::param], "a parameter `name = value`"),
    (&[Rule::source], "`source \"...\"`"),
    (&[Rule::play_decl], "`play normal` or `play misere`"),
    (&[Rule::play_kind], "`normal` or `misere`"),
    (&[Rule::require], "`require`"),
    (&[Rule::shape], "`heaps ...`"),
    (
        &[Rule::positions, Rule::kw_positions],
        "`positions where C`",
    ),
    (&[Rule::shape_row], "`n in a row` or `n in a circle`"),
    (&[Rule::kw_row], "`row`"),
    (&[Rule::kw_circle], "`circle`"),
    (&[Rule::add_step, Rule::kw_add], "`add`"),
    (&[Rule::shift, Rule::kw_move], "`move A from ... to ...`"),
    (&[Rule::kw_to], "`to`"),
    (&[Rule::set_step, Rule::kw_set], "`set`"),
    (&[Rule::kw_next], "`next`"),
    (&[Rule::kw_consecutive], "`consecutive`"),
    (&[Rule::shape_any], "`any`"),
    (&[Rule::shape_named], "a list of heap names `(x, y)`"),
    (&[Rule::each_bound], "`each >= N`"),
    (&[Rule::let_def], "`let`"),
    (&[Rule::check_bound], "`check max N`"),
    (&[Rule::atom], "a value"),
    (&[Rule::list_comp], "a list `[e for x in L]`"),
    (&[Rule::list_lit], "a list `[a, b]`"),
    (&[Rule::kw_for], "`for`"),
    (&[Rule::destructure_list], "`(a, b, ...)`"),
    (&[Rule::check_with], "`with NAME = VALUE`"),
    (&[Rule::check_param], "`NAME = VALUE`"),
    (&[Rule::check_with_item], "`NAME = VALUE` or `NAME in R`"),
    (&[Rule::move_def], "`move`"),
    (&[Rule::move_for], "`for`"),
    (&[Rule::move_when], "`when`"),
    (&[Rule::move_unless], "`unless`"),
    (&[Rule::take], "`take`"),
    (&[Rule::delete], "`delete`"),
    (&[Rule::split], "`split`"),
    (&[Rule::allowing_empty], "`allowing empty`"),
    (&[Rule::unequal], "`unequal`"),
    (&[Rule::equal], "`equal`"),
    (&[Rule::lower], "`lower`"),
    (&[Rule::keep], "`keep`"),
    (&[Rule::where_clause], "`where`"),
    (
        &[Rule::amount, Rule::amount_same, Rule::bindings],
        "an amount (`1..`, `S`, `same 1..`, `s in 1..`)",
    ),
    (&[Rule::binding], "a named amount `s in S`"),
    (
        &[
            Rule::selector,
            Rule::sel_one,
            Rule::sel_the_other,
            Rule::sel_all,
            Rule::sel_both,
            Rule::sel_each_of,
            Rule::sel_count,
            Rule::sel_named,
            Rule::sel_at,
            Rule::sel_consecutive,
            Rule::sel_next,
            Rule::sel_ref,
        ],
        "a choice of heaps (`one heap`, `2 heaps`, `all heaps`, `the other heap`, ...)",
    ),
    (&[Rule::sel_name], "a name for the chosen heaps"),
    (&[Rule::heaps_word], "`heaps`"),
    (&[Rule::heap_word], "`heap`"),
    (&[Rule::kw_one], "`one`"),
    (&[Rule::kw_in], "`in`"),
    (&[Rule::kw_other], "`other`"),
    (&[Rule::kw_else], "`else`"),
    (&[Rule::count_expr], "a number of heaps"),
    (&[Rule::claim], "`claim`"),
    (&[Rule::claim_kind], "`P`, `grundy`, `same` or `winning`"),
    (&[Rule::claim_cmp], "`grundy <= E`"),
    (&[Rule::grundy_word], "`grundy`"),
    (&[Rule::claim_op], "a comparison (`<=`, `==`, `in`, ...)"),
    (&[Rule::claim_holds], "`: C`"),
    (&[Rule::claim_when], "`when`"),
    (&[Rule::claim_allow_empty], "`allow empty`"),
    (&[Rule::check_quick], "`quick max N`"),
    (&[Rule::claim_fails], "`fails at`"),
    (&[Rule::check_over], "`over L`"),
    (&[Rule::check_for], "`NAME in R`"),
    (&[Rule::claim_count], "`count(C) == E`"),
    (&[Rule::count_word], "`count`"),
    (&[Rule::claim_least], "`least n in R: C`"),
    (&[Rule::claim_within], "`within max M`"),
    (&[Rule::fn_def], "`fn`"),
    (&[Rule::kw_fn], "`fn`"),
    (&[Rule::set_comp], "`for`"),
    (&[Rule::comp_if], "`if`"),
    (&[Rule::kw_if], "`if`"),
    (&[Rule::kw_then], "`then`"),
    (&[Rule::if_expr], "`if C then A else B`"),
    (&[Rule::claim_formula], "`formula name(...)`"),
    (&[Rule::claim_expr], "an expression"),
    (&[Rule::destructure], "`where (a, b) = ...`"),
    (
        &[Rule::expr, Rule::arith, Rule::standalone_expr],
        "an expression",
    ),
    (&[Rule::not, Rule::neg], "an expression"),
    (&[Rule::open_range], "`..`"),
    (
        &[
            Rule::or,
            Rule::and,
            Rule::not_in,
            Rule::in_op,
            Rule::le,
            Rule::ge,
            Rule::ne,
            Rule::eq,
            Rule::lt,
            Rule::gt,
            Rule::range,
            Rule::add,
            Rule::sub,
            Rule::mul,
            Rule::div,
            Rule::modulo,
            Rule::pow,
        ],
        "an operator",
    ),
    (&[Rule::int], "an integer"),
    (&[Rule::decimal], "a decimal number"),
    (&[Rule::octal], "`octal CODE`"),
    (&[Rule::octal_kind], "`octal` or `hex`"),
    (&[Rule::code_lit], "a code such as `0.137`"),
    (&[Rule::boolean], "`true` or `false`"),
    (&[Rule::quantifier, Rule::quant_kind], "`any(x in L: C)`"),
    (&[Rule::heap_test, Rule::heap_test_kind], "`any heap in S`"),
    (&[Rule::call], "a function call"),
    (&[Rule::abs], "`|...|`"),
    (&[Rule::set], "a set `{...}`"),
    (&[Rule::paren], "`(...)`"),
    (&[Rule::heaps_value], "`heaps`"),
    (&[Rule::ident], "a name"),
    (&[Rule::keyword], "a keyword"),
    (
        &[Rule::string, Rule::string_inner],
        "a string in double quotes",
    ),
    (&[Rule::file], "a ruleset"),
    (
        &[
            Rule::WHITESPACE,
            Rule::COMMENT,
            Rule::item,
            Rule::move_mod,
            Rule::step,
        ],
        "",
    ),
    // Indexing may follow any operand; naming it in every "expected" would drown the rest.
    (
        &[
            Rule::arith_op,
            Rule::prefix,
            Rule::postfix,
            Rule::infix,
            Rule::operand,
            Rule::index,
        ],
        "",
    ),
    (&[Rule::ident_char], "a letter or digit"),
];

/// What a user calls the thing a rule matches.
pub fn describe(rule: Rule) -> &'static str {
    WORDS
        .iter()
        .find(|(rules, _)| rules.contains(&rule))
        .map_or("", |(_, words)| words)
}

/// The rules that begin an item of a ruleset; when several are expected they are named
/// together as one entry ("an item (`heaps`, `move`, `claim`, ...)").
const ITEM_RULES: &[Rule] = &[
    Rule::source,
    Rule::play_decl,
    Rule::require,
    Rule::shape,
    Rule::heaps_word,
    Rule::let_def,
    Rule::check_bound,
    Rule::move_def,
    Rule::claim,
    Rule::positions,
    Rule::kw_positions,
    Rule::fn_def,
    Rule::kw_fn,
];

/// The rules that begin a step of a move.
const STEP_RULES: &[Rule] = &[
    Rule::take,
    Rule::delete,
    Rule::split,
    Rule::lower,
    Rule::keep,
    Rule::octal_kind,
];

/// The rules that begin an operand; when several are expected, "an expression" says it.
const OPERAND_RULES: &[Rule] = &[
    Rule::int,
    Rule::if_expr,
    Rule::decimal,
    Rule::boolean,
    Rule::quantifier,
    Rule::quant_kind,
    Rule::heap_test,
    Rule::heap_test_kind,
    Rule::call,
    Rule::abs,
    Rule::set,
    Rule::paren,
    Rule::heaps_value,
    Rule::heaps_word,
    Rule::ident,
    Rule::not,
    Rule::neg,
];

/// Words of the language that pest reports as tokens but that the rules' descriptions
/// already cover (operators, item keywords).
const COVERED_WORDS: &[&str] = &[
    "and",
    "or",
    "in",
    "not",
    "mod",
    "ruleset",
    "source",
    "play",
    "require",
    "heaps",
    "let",
    "check",
    "move",
    "claim",
    "take",
    "delete",
    "split",
    "lower",
    "keep",
    "octal",
    "hex",
    "fn",
    "positions",
    "allow",
    "fails",
];

/// Punctuation that closes or separates something; the rules never name it, so it is listed
/// from pest's expected tokens.
const CLOSERS: &[&str] = &[",", ")", "}", "|", ":", "=", "]"];

/// Joins descriptions as `a, b or c`, without repeats.
fn join(words: &[String]) -> String {
    let mut uniq: Vec<&str> = Vec::new();
    for w in words {
        if !w.is_empty() && !uniq.contains(&w.as_str()) {
            uniq.push(w);
        }
    }
    match uniq.as_slice() {
        [] => "something else".to_string(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// Names what stands at byte `pos` of the whole input `src`, in words.
fn found_at(src: &str, pos: usize) -> String {
    let rest = src.get(pos..).unwrap_or("");
    if rest.trim().is_empty() {
        return "the end of the file".to_string();
    }
    let rest = rest.trim_start_matches([' ', '\t']);
    match rest.chars().next() {
        None => "the end of the file".to_string(),
        Some('\n' | '\r') => "the end of the line".to_string(),
        Some(c) if c.is_alphanumeric() || c == '_' => {
            let word: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .take(40)
                .collect();
            format!("`{word}`")
        }
        Some('\u{feff}') => "a byte-order mark (U+FEFF), an invisible character".to_string(),
        Some(c) if invisible(c) => format!("the invisible character U+{:04X}", u32::from(c)),
        Some(c) => format!("`{c}`"),
    }
}

/// Whether `c` shows as nothing (or as a plain space) when printed: control characters, spaces
/// other than the ones the grammar skips, and zero-width marks.
fn invisible(c: char) -> bool {
    c.is_control()
        || c.is_whitespace()
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2064}')
}

/// What the parser expected, in words: the rules' descriptions, grouped where many are
/// expected at once, plus the punctuation and keywords pest tried as plain tokens.
/// `tokens` are pest's expected tokens as it prints them (`,`, `from`, `0..9` for a range).
fn expected_words(positives: &[Rule], tokens: &[String]) -> String {
    let mut words: Vec<String> = Vec::new();
    let items = positives.iter().filter(|r| ITEM_RULES.contains(r)).count();
    // An operand may start here: openers such as `(`, `{`, `|` and words are the start of an
    // expression, already named "an expression".
    // After `claim`, the kinds of claim (rules and their words as tokens) would repeat each
    // other: say them once.
    if positives.contains(&Rule::claim_kind) {
        return "what the claim says: `P:`, `grundy:`, `grundy <= E`, `same:`, `winning:` or `: C`"
            .to_string();
    }
    let operand = tokens.iter().any(|t| t == "0..9");
    let steps = positives.iter().filter(|r| STEP_RULES.contains(r)).count();
    let operands = positives
        .iter()
        .filter(|r| OPERAND_RULES.contains(r))
        .count();
    let mut operator = false;
    for r in positives {
        if steps >= 3 && STEP_RULES.contains(r) {
            words.push("a step (`take`, `delete`, `split`, `lower`, `keep`, `octal`)".to_string());
            continue;
        }
        if operands >= 3 && OPERAND_RULES.contains(r) {
            words.push("an expression".to_string());
            continue;
        }
        if items >= 3 && ITEM_RULES.contains(r) {
            words.push("another item (`heaps`, `let`, `move`, `claim`, ...)".to_string());
            continue;
        }
        let w = describe(*r);
        if w == "an operator" || w == "`..`" {
            operator = true;
            continue;
        }
        words.push(w.to_string());
    }
    // Keywords pest tried as tokens: a few are what may follow (`from`, `into`, `by`); many
    // at once come from the `!keyword` look-ahead of names, and mean nothing to a user.
    let keywords: Vec<&str> = tokens
        .iter()
        .map(String::as_str)
        .filter(|t| !t.is_empty() && t.chars().all(|c| c.is_ascii_alphabetic()))
        .filter(|t| !operand && !COVERED_WORDS.contains(t))
        .collect();
    if keywords.len() <= 4 {
        words.extend(keywords.iter().map(|w| format!("`{w}`")));
    }
    for t in tokens {
        let t = t.as_str();
        if CLOSERS.contains(&t) && !(operand && t == "|") {
            words.push(format!("`{t}`"));
        }
    }
    if operator {
        words.push("an operator".to_string());
    }
    join(&words)
}

/// Converts a pest error on the input `src` into a located [`SyntaxError`] with the
/// expectation in words.
pub(crate) fn from_pest(err: pest::error::Error<Rule>, src: &str) -> SyntaxError {
    let pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    if let Some(slip) = slip(src, pos) {
        return slip;
    }
    let found = found_at(src, pos);
    let expected = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            // The tokens pest tried are only known with error detail on (see `parse.rs`), and
            // only those tried at the error's position are meant.
            let tokens = err
                .parse_attempts()
                .filter(|a| a.max_position == pos)
                .map(|a| {
                    a.expected_tokens()
                        .iter()
                        .map(std::string::ToString::to_string)
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default();
            expected_words(positives, &tokens)
        }
        // pest's own guards against runaway input (its call and stack limits).
        ErrorVariant::CustomError { message } if message.contains("limit") => {
            "text nested less deeply (the parser's limit was reached)".to_string()
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    // Past the last word of the input, miette would draw no label: point at the last
    // character instead and say that something should follow it.
    let rest_blank = src.get(pos..).is_none_or(|r| r.trim().is_empty());
    let last = src.trim_end().char_indices().next_back();
    match last {
        Some((i, c)) if rest_blank => SyntaxError::Unexpected {
            span: (i, c.len_utf8()).into(),
            label: format!("expected {expected} after this"),
            expected,
            found,
        },
        _ => SyntaxError::Unexpected {
            span: (pos, 0).into(),
            label: format!("expected {expected} here"),
            expected,
            found,
        },
    }
}

/// As [`from_pest`], for a whole file: when the text ends inside a block, the place shown is
/// the `{` never closed ([`super::unclosed`]), not the end of the file.
pub(crate) fn from_pest_file(err: pest::error::Error<Rule>, src: &str) -> SyntaxError {
    let pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    if src.get(pos..).is_none_or(|r| r.trim().is_empty()) {
        if let Some(at) = super::unclosed::unclosed_brace(src) {
            return SyntaxError::Slip {
                span: (at, 1).into(),
                message: "this `{` is never closed: the file ends before its `}`".to_string(),
                label: "never closed".to_string(),
                help: "add the `}` where the block it opens ends".to_string(),
            };
        }
    }
    from_pest(err, src)
}

/// A slip known to be common at `pos`, said in a targeted message: `each` right after the
/// heap count of a `heaps` line, where a comma was forgotten (`heaps 2 each >= 1`).
fn slip(src: &str, pos: usize) -> Option<SyntaxError> {
    let rest = src.get(pos..)?;
    let word_each = rest.starts_with("each")
        && !rest[4..]
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || c == '_');
    let line = &src[src[..pos].rfind('\n').map_or(0, |i| i + 1)..pos];
    let line = line.split('#').next().unwrap_or_default().trim_start();
    let after_heaps = line.starts_with("heaps") && !line.contains(',');
    (word_each && after_heaps).then(|| SyntaxError::Slip {
        span: (pos, 4).into(),
        message: "expected `,` before `each`".to_string(),
        label: "a comma goes before `each`".to_string(),
        help: format!("write `{}, each ...`", line.trim_end()),
    })
}

#[cfg(test)]
mod tests {
    use super::{Rule, WORDS};

    #[test]
    fn every_rule_has_words_once() {
        for rule in Rule::all_rules() {
            let n = WORDS
                .iter()
                .filter(|(rules, _)| rules.contains(rule))
                .count();
            assert_eq!(n, 1, "{rule:?} is described {n} times in WORDS");
        }
    }
}
