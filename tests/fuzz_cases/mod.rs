//! The hostile cases both fuzzing harnesses run: command lines for every command on the bundled
//! rulesets, a mutated copy of one, or a ruleset generated from the grammar's constructs (take,
//! split, delete, add, move, guards, `for`, `positions where`, `fn`, claims) with hostile
//! numbers; `-p` values, positions, and every numeric argument at its extremes (0, 1, 2^31,
//! 2^32 - 1, 2^63 - 1, negative, huge, not a number). `tests/fuzz_cli.rs` runs them through
//! the binary, `tests/fuzz_commands.rs` in process through the same `cli` functions.
#![allow(dead_code)]

use std::path::PathBuf;

use proptest::prelude::*;

/// How the cases are run: a process each (`Process`), or in process with small limits so that
/// a case takes milliseconds (`InProcess`, which has no REPL: it reads the process's stdin).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Through the binary, `--time 1s`.
    Process,
    /// In process: `--time` drawn among extremes or 10 ms, a small position limit unless one
    /// was drawn.
    InProcess,
}

/// Rulesets to run on: small and large moves, sums, kernels, loops, parameters.
pub const RULESETS: &[&str] = &[
    "rulesets/classic/nim.game",
    "rulesets/classic/wythoff.game",
    "rulesets/classic/kayles.game",
    "rulesets/classic/subtraction.game",
    "rulesets/classic/grundy-game.game",
    "rulesets/classic/d-wythoff.game",
    "rulesets/fraenkel-zusman/fraenkel-zusman.game",
    "rulesets/fraenkel-larsson/beta-wynim.game",
    "rulesets/propp/cookie.game",
    "rulesets/abuku/delete-nim.game",
    "rulesets/bhowmik/st-game.game",
];

/// Numbers at their extremes, and things that are not numbers.
pub const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "7",
    "30",
    "1000",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
    "-1",
    "-9223372036854775808",
    "1e9",
    "1.5",
    "x",
    "",
];

/// Values for `-p NAME=VALUE`: extremes, reals, sets, deep nesting, broken text.
pub const VALUES: &[&str] = &[
    "0",
    "1",
    "3",
    "4",
    "-1",
    "2^62",
    "2^63",
    "10^18",
    "1^(10^18)",
    "0^(10^18)",
    "(-1)^(10^18+1)",
    "9223372036854775807",
    "99999999999999999999",
    "1/0",
    "phi",
    "pi",
    "2+sqrt(2)",
    "sqrt(-1)",
    "beatty(phi)",
    "beatty(pi)",
    "1..",
    "1..10^12",
    "0..0",
    "{}",
    "{1}",
    "{2}",
    "{1, 2, 3}",
    "{-1}",
    "{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{1}}}}}}}}}}}}}}}}}}}}}}}}}}}}}",
    "((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))",
    "1..(1..(1..(1..(1..(1..(1..(1..(1..(1..(1..(1..(1..(1..(1..2))))))))))))))",
    "{x for x in 1..10}",
    "{",
    "(1, 2",
    "\u{feff}1",
    "é",
];

/// Names for `-p`: the bundled rulesets' parameters, a side of a diff, and unknown ones.
pub const PARAM_NAMES: &[&str] = &["k", "S", "T", "d", "beta", "A.k", "B.S", "C.zz", "zz", ""];

/// Position words: numbers at their extremes and broken punctuation.
pub const POSITION_WORDS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "5",
    "30",
    "1000",
    "40000",
    "2147483648",
    "4294967295",
    "4294967296",
    "-1",
    "(1, 2",
    "1,,2",
    "((1",
    ")(",
    "(3, 5)",
    "#1",
    "x",
];

/// Flags that take a number, by command.
pub fn numeric_flags(cmd: &str) -> &'static [&'static str] {
    match cmd {
        "solve" => &["--max", "--heaps", "--max-positions"],
        "check" => &[
            "--max",
            "--heaps",
            "--total",
            "--samples",
            "--sample-max",
            "--seed",
            "--max-positions",
        ],
        "diff" => &[
            "--max",
            "--heaps",
            "--total",
            "--samples",
            "--sample-max",
            "--show",
            "--max-positions",
        ],
        "sequence" => &["--max", "--max-positions"],
        "plot" => &["--max", "--heaps", "--max-positions"],
        "eval" | "moves" => &["--max-positions"],
        _ => &[],
    }
}

/// One generated case: the command line and, for the REPL, its script.
#[derive(Clone, Debug)]
pub struct Case {
    /// The arguments after the program's name; `@FILE` stands for the file holding `text`.
    pub args: Vec<String>,
    /// The REPL's script.
    pub stdin: Option<String>,
    /// A mutated or generated ruleset text, written to a file that `args` names as `@FILE`.
    pub text: Option<String>,
}

pub const COMMANDS: &[&str] = &[
    "eval", "moves", "solve", "check", "diff", "sequence", "plot", "formulas", "repl",
];

pub fn pick<'a>(list: &[&'a str], i: prop::sample::Index) -> &'a str {
    list[i.index(list.len())]
}

/// Durations for `--time`: extremes and things that are not durations.
pub const DURATIONS: &[&str] = &[
    "0s",
    "1ms",
    "20ms",
    "50ms",
    "18446744073709551615s",
    "9223372036854775807ms",
    "-1s",
    "1e9s",
    "x",
];

/// Memory sizes for `--max-memory`.
pub const SIZES: &[&str] = &[
    "0",
    "1",
    "1K",
    "64M",
    "18446744073709551615",
    "99999999999P",
    "-1",
    "1.5G",
];

/// Amounts of a generated move: numbers, ranges and sets, some hostile.
const AMOUNTS: &[&str] = &[
    "1",
    "2",
    "{1, 2}",
    "{1, 3, 4}",
    "1..",
    "2..",
    "0..",
    "1..3",
    "1..2147483648",
    "1..4294967295",
    "1..9223372036854775807",
    "0",
    "4294967295",
    "9223372036854775807",
    "S",
    "{x for x in 1..10 if x mod 2 == 1}",
    "beatty(phi)",
    "{}",
];

/// Counts and small numbers of a generated move.
const COUNTS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "k",
    "2147483648",
    "4294967295",
    "9223372036854775807",
    "-1",
];

/// Heap shapes of a generated ruleset.
const SHAPES: &[&str] = &[
    "heaps any",
    "heaps 1",
    "heaps 2",
    "heaps 3",
    "heaps k",
    "heaps 2, each >= 1",
    "heaps 3 in a row",
    "heaps 3 in a circle",
    "heaps 4294967295",
    "heaps any, each >= 1",
];

/// Move clauses of a generated ruleset; `{A}` an amount, `{N}` a count.
const MOVES: &[&str] = &[
    "move { take {A} from one heap }",
    "move { take same {A} from all heaps }",
    "move { take same {A} from {N} heaps }",
    "move { take {A} from each of 1..{N} heaps }",
    "move { take {A} from one heap h; split h into {N} parts }",
    "move { split one heap into {N} unequal parts }",
    "move { split one heap into 2 parts allowing empty }",
    "move { delete one heap; lower every other heap by {N} }",
    "move { delete {N} heaps; split one other heap into 2 parts }",
    "move { take s in 1..h / {N} from one heap h }",
    "move { take s in {A}, t in {A} from both heaps where |s - t| < {N} }",
    "move { take {A} from one heap h where h mod {N} == 0 }",
    "move { add {A} to one heap }",
    "move { take 1.. from one heap; add {A} to one other heap }",
    "move { move {A} from heap 2 to heap 1 }",
    "move for i in 2..{N} { move 1.. from heap i to heap i - 1 }",
    "move for j in 1..{N} { take j from one heap }",
    "move unless any heap in {A} { take {A} from one heap }",
    "move when k > {N} { take {A} from one heap }",
    "move { take {A} from {N} consecutive heaps }",
];

/// Other lines of a generated ruleset.
const EXTRAS: &[&str] = &[
    "let x = {N}",
    "fn f(n) = n + {N}",
    "fn g(n) = f(n) * {N}",
    "require k >= {N}",
    "positions where all(h in heaps: h < {N})",
    "play misere",
    "claim P: xor(heaps) == 0",
    "claim grundy: xor(heaps) mod {N}",
    "claim P: len(heaps) == {N}",
    "claim grundy <= {N}",
    "claim winning: {(0, 0)}",
    "check max {N}",
    "check max {N} heaps {N}",
    "check with k = {N} max 3",
];

/// A ruleset text built from the grammar's constructs, with hostile numbers in its slots.
pub fn generated_ruleset() -> impl Strategy<Value = String> {
    let idx = any::<prop::sample::Index>;
    (
        idx(),
        prop::collection::vec((idx(), idx(), idx(), idx()), 1..4),
        prop::collection::vec((idx(), idx()), 0..4),
        (idx(), idx()),
    )
        .prop_map(|(shape, moves, extras, (k, s))| {
            let fill = |t: &str, a: prop::sample::Index, n: prop::sample::Index| {
                t.replacen("{A}", pick(AMOUNTS, a), 1)
                    .replacen("{A}", pick(AMOUNTS, n), 1)
                    .replace("{N}", pick(COUNTS, n))
            };
            let mut text = format!(
                "ruleset \"G\" (k = {}, S = {}) {{\n  {}\n",
                pick(COUNTS, k),
                pick(AMOUNTS, s),
                pick(SHAPES, shape)
            );
            for (m, a, n, _) in moves {
                text.push_str(&format!("  {}\n", fill(pick(MOVES, m), a, n)));
            }
            for (e, n) in extras {
                text.push_str(&format!("  {}\n", fill(pick(EXTRAS, e), n, n)));
            }
            text.push_str("}\n");
            text
        })
}

/// Command lines as `mode` runs them: the general cases, and one in ten of issue 31's
/// ([`runaway_case`]).
pub fn case_strategy(mode: Mode) -> impl Strategy<Value = Case> {
    prop_oneof![9 => general_case(mode), 1 => runaway_case(mode)]
}

/// Kinds of `--output` target that must survive a run as they were: `@OUT:KIND` in a case's
/// arguments stands for one ([`special_output`]).
pub const SPECIAL_OUTPUTS: &[&str] = &["fifo", "dangling", "loop", "readonly", "directory"];

/// Issue 31's runaways: the misère quotient of a random octal code under `--time`, a guard
/// or claim of nested quantifiers, and `--output` to a named pipe, a dangling symbolic link,
/// a loop of links, a read-only file or a directory.
fn runaway_case(mode: Mode) -> impl Strategy<Value = Case> {
    let idx = any::<prop::sample::Index>;
    (
        0..3usize,
        prop::collection::vec(0..8u8, 1..4),
        idx(),
        idx(),
        1..31usize,
        idx(),
        idx(),
    )
        .prop_map(move |(kind, digits, max, out, depth, time, size)| {
            let mut text = None;
            let mut args: Vec<String> = match kind {
                0 => {
                    let code: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
                    let maxes = ["0", "1", "5", "12", "17", "22", "30", "4294967295"];
                    vec![
                        "quotient".into(),
                        "rulesets/classic/octal.game".into(),
                        "-p".into(),
                        format!("code=0.{code}"),
                        "--max".into(),
                        pick(&maxes, max).into(),
                    ]
                }
                1 => {
                    text = Some(nested_quantifiers(depth, max.index(2) == 0));
                    let cmd = if out.index(2) == 0 { "eval" } else { "check" };
                    let mut a = vec![cmd.to_string(), "@FILE".to_string()];
                    if cmd == "eval" {
                        a.extend(["3".into(), "4".into(), "5".into()]);
                    }
                    a
                }
                _ => {
                    let cmd = pick(&["solve", "plot"], max);
                    let mut a = vec![
                        cmd.to_string(),
                        "rulesets/classic/nim.game".to_string(),
                        "--max".to_string(),
                        "3".to_string(),
                    ];
                    a.extend([
                        "--output".to_string(),
                        format!("@OUT:{}", pick(SPECIAL_OUTPUTS, out)),
                    ]);
                    a
                }
            };
            limits(mode, &mut args, time, size);
            Case {
                args,
                stdin: None,
                text,
            }
        })
}

/// A three-heap ruleset whose move guard (or claim) nests `depth` quantifiers over the heaps:
/// `heaps^depth` steps, which `--time` and Ctrl-C must still stop.
pub fn nested_quantifiers(depth: usize, in_claim: bool) -> String {
    let names: Vec<String> = (0..depth).map(|i| format!("x{i}")).collect();
    let mut cond = format!("{} >= 0", names.join(" + "));
    for n in names.iter().rev() {
        cond = format!("all({n} in heaps: {cond})");
    }
    if in_claim {
        format!(
            "ruleset \"Q\" {{\n  heaps 3\n  move {{ take 1.. from one heap }}\n  claim P: {cond} and \
             xor(heaps) == 0\n  check max 4\n}}\n"
        )
    } else {
        format!(
            "ruleset \"Q\" {{\n  heaps 3\n  move {{ take 1.. from one heap h where {cond} }}\n}}\n"
        )
    }
}

/// The path `@OUT:KIND` stands for, under `dir`, made as KIND says if it is not there yet (a
/// named pipe needs `mkfifo`: `None` when it cannot be made).
#[cfg(unix)]
pub fn special_output(kind: &str, dir: &std::path::Path) -> Option<PathBuf> {
    use std::os::unix::fs::{symlink, PermissionsExt as _};
    std::fs::create_dir_all(dir).ok()?;
    let p = dir.join(format!("out-{kind}.svg"));
    if std::fs::symlink_metadata(&p).is_ok() {
        return Some(p);
    }
    match kind {
        "fifo" => {
            let made = std::process::Command::new("mkfifo").arg(&p).status();
            made.ok().filter(std::process::ExitStatus::success)?;
        }
        "dangling" => symlink(dir.join("nowhere").join("x.svg"), &p).ok()?,
        "loop" => {
            let q = dir.join("out-loop-back.svg");
            let _ = symlink(&p, &q);
            symlink(&q, &p).ok()?;
        }
        "readonly" => {
            std::fs::write(&p, "kept").ok()?;
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o444)).ok()?;
        }
        _ => std::fs::create_dir(&p).ok()?,
    }
    Some(p)
}

/// Whether the `@OUT:KIND` target at `p` is as it was made: not replaced, not written.
#[cfg(unix)]
pub fn special_intact(kind: &str, p: &std::path::Path) -> Result<(), String> {
    use std::os::unix::fs::FileTypeExt as _;
    let t = std::fs::symlink_metadata(p)
        .map_err(|e| format!("--output {kind}: {} is gone: {e}", p.display()))?
        .file_type();
    let ok = match kind {
        "fifo" => t.is_fifo(),
        "dangling" | "loop" => t.is_symlink(),
        "readonly" => t.is_file() && std::fs::read_to_string(p).is_ok_and(|s| s == "kept"),
        _ => t.is_dir(),
    };
    if ok {
        Ok(())
    } else {
        Err(format!(
            "--output {kind}: {} was replaced or written",
            p.display()
        ))
    }
}

/// The general command lines as `mode` runs them.
fn general_case(mode: Mode) -> impl Strategy<Value = Case> {
    let idx = any::<prop::sample::Index>;
    let commands: &'static [&'static str] = match mode {
        Mode::Process => COMMANDS,
        Mode::InProcess => &COMMANDS[..COMMANDS.len() - 1],
    };
    (
        (idx(), idx(), idx()),
        prop::collection::vec((idx(), idx()), 0..3),
        prop::collection::vec(idx(), 0..4),
        prop::collection::vec((idx(), idx()), 0..3),
        (any::<bool>(), idx(), idx(), idx(), idx()),
        (generated_ruleset(), idx(), idx()),
    )
        .prop_map(
            move |((c, r, r2), params, words, flags, (grundy, source, at, tok, fmt), (generated, time, size))| {
                let cmd = pick(commands, c);
                let file = pick(RULESETS, r).to_string();
                // The ruleset: bundled (1 in 3), a bundled one with a hostile insertion, or
                // generated.
                let (file, text) = match source.index(3) {
                    0 => (file, None),
                    1 => (
                        "@FILE".to_string(),
                        Some(insert_hostile(&file, at, tok)),
                    ),
                    _ => ("@FILE".to_string(), Some(generated)),
                };
                let mut args = vec![cmd.to_string()];
                let mut stdin = None;
                if cmd != "formulas" {
                    args.push(file);
                }
                if cmd == "diff" {
                    args.push(pick(RULESETS, r2).to_string());
                }
                for (n, v) in params {
                    if cmd != "formulas" {
                        args.push("-p".into());
                        args.push(format!("{}={}", pick(PARAM_NAMES, n), pick(VALUES, v)));
                    }
                }
                let words: Vec<String> = words
                    .into_iter()
                    .map(|w| pick(POSITION_WORDS, w).to_string())
                    .collect();
                match cmd {
                    "eval" | "moves" => {
                        args.extend(words.iter().cloned());
                        if fmt.index(2) == 0 {
                            args.extend(["--format".into(), "json".into()]);
                        }
                    }
                    "repl" => {
                        let pos = words.join(" ");
                        stdin = Some(format!(
                            "{pos}\n:moves {pos}\n:eval {pos}\n:table --max {}\n:set k {}\n:check\n",
                            pick(NUMBERS, at),
                            pick(VALUES, tok)
                        ));
                    }
                    _ => {}
                }
                for (f, n) in flags {
                    let flags = numeric_flags(cmd);
                    if !flags.is_empty() {
                        let flag = pick(flags, f);
                        // A flag given twice is clap's error: draw it once.
                        if !args.iter().any(|a| a == flag) {
                            args.push(flag.to_string());
                            args.push(pick(NUMBERS, n).to_string());
                        }
                    }
                }
                // The box needs a bound; give a small one unless one was drawn.
                if matches!(cmd, "solve" | "sequence" | "plot" | "diff")
                    && !args.iter().any(|a| a == "--max")
                {
                    args.extend(["--max".into(), "5".into()]);
                }
                if matches!(cmd, "solve" | "plot" | "check" | "diff") && grundy {
                    args.push("--grundy".into());
                }
                if cmd != "formulas" && cmd != "repl" {
                    limits(mode, &mut args, time, size);
                }
                Case { args, stdin, text }
            },
        )
}

/// The limits of a run: `--time 1s` through the binary; in process `--time` drawn among
/// [`DURATIONS`] now and then (else 10 ms), `--max-memory` among [`SIZES`] now and then, and a
/// position limit of 500 unless one was drawn.
fn limits(
    mode: Mode,
    args: &mut Vec<String>,
    time: prop::sample::Index,
    size: prop::sample::Index,
) {
    let time = match mode {
        Mode::Process => "1s",
        Mode::InProcess if time.index(8) == 0 => pick(DURATIONS, time),
        Mode::InProcess => "10ms",
    };
    args.extend(["--time".into(), time.into()]);
    if mode == Mode::InProcess {
        if size.index(8) == 0 {
            args.extend(["--max-memory".into(), pick(SIZES, size).into()]);
        }
        if !args.iter().any(|a| a == "--max-positions") {
            args.extend(["--max-positions".into(), "500".into()]);
        }
    }
}

/// The bundled ruleset `file` with a hostile value or number inserted at a drawn place.
fn insert_hostile(file: &str, at: prop::sample::Index, tok: prop::sample::Index) -> String {
    let src = std::fs::read_to_string(root().join(file)).expect("a bundled ruleset");
    let mut i = at.index(src.len() + 1);
    while !src.is_char_boundary(i) {
        i -= 1;
    }
    let insert = if tok.index(2) == 0 {
        pick(VALUES, tok)
    } else {
        pick(NUMBERS, tok)
    };
    format!("{} {insert} {}", &src[..i], &src[i..])
}

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}
