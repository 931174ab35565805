//! The REPL's commands as data: name, aliases, usage, a summary, details and an example each.
//! `:help` prints from here, the parser looks names up here, completion and hints read it.

/// One `:command`.
#[derive(Debug)]
pub struct CommandHelp {
    /// Its name, without the colon.
    pub name: &'static str,
    /// Other names (`q` for `quit`).
    pub aliases: &'static [&'static str],
    /// What follows the name, e.g. `--max N [--grundy]`; empty when nothing does.
    pub usage: &'static str,
    /// One line for the overview.
    pub summary: &'static str,
    /// More, for `:help NAME`.
    pub details: &'static str,
    /// A line to type.
    pub example: &'static str,
    /// The `--options` it takes, for completion.
    pub options: &'static [&'static str],
}

/// Every command, in the order `:help` lists them.
pub const COMMANDS: &[CommandHelp] = &[
    CommandHelp {
        name: "help",
        aliases: &["h", "?"],
        usage: "[COMMAND]",
        summary: "this overview, or the help of one command",
        details: "Without an argument, lists every command. With a command name (with or without \
                  the colon), explains it with an example.",
        example: ":help play",
        options: &[],
    },
    CommandHelp {
        name: "eval",
        aliases: &["e"],
        usage: "POSITION",
        summary: "outcome, Grundy value and winning moves",
        details: "Prints whether the position is P (the previous player wins: every move leads to \
                  an N-position) or N (the next player wins), its Grundy value, and its winning \
                  moves (the moves to a P-position). Typing a bare position does the same, except \
                  during a game, where a bare position is your move.",
        example: ":eval 10 17",
        options: &[],
    },
    CommandHelp {
        name: "moves",
        aliases: &["m"],
        usage: "[POSITION]",
        summary: "every move from a position, with its value",
        details: "Lists the followers of the position, numbered, each with its outcome and Grundy \
                  value. During a game and without a position, lists the moves from the current \
                  position, numbered, without giving away their outcomes: type a number to play it.",
        example: ":moves 3 5",
        options: &[],
    },
    CommandHelp {
        name: "play",
        aliases: &["p"],
        usage: "POSITION [--second]",
        summary: "play a game against heapgame",
        details: "You move first (or second, with --second). Make a move by typing the position you \
                  move to, or a move number from `:moves`. heapgame answers with a winning move when \
                  it has one. The game ends when the player to move has no move: that player loses. \
                  `:hint` shows your winning moves, `:undo` takes back your last move, `:stop` ends \
                  the game.",
        example: ":play 10 20",
        options: &["--second"],
    },
    CommandHelp {
        name: "undo",
        aliases: &["u"],
        usage: "",
        summary: "take back your last move in a game",
        details: "Goes back to the position before your last move, also after the game has ended.",
        example: ":undo",
        options: &[],
    },
    CommandHelp {
        name: "hint",
        aliases: &[],
        usage: "",
        summary: "your winning moves in a game",
        details: "Evaluates the current position of the game, as `:eval` does.",
        example: ":hint",
        options: &[],
    },
    CommandHelp {
        name: "stop",
        aliases: &[],
        usage: "",
        summary: "end the game in progress",
        details: "Leaves the game; positions you type are evaluated again.",
        example: ":stop",
        options: &[],
    },
    CommandHelp {
        name: "table",
        aliases: &["t"],
        usage: "--max N [--grundy] [--heaps K] [--format table|csv|json]",
        summary: "the P-positions (or Grundy values) up to N",
        details: "Prints what `heapgame solve` prints: the P-positions of the box, or with --grundy \
                  a table of Grundy values. For rulesets with any number of heaps, --heaps K says \
                  how many at most.",
        example: ":table --max 20",
        options: &["--max", "--grundy", "--heaps", "--format"],
    },
    CommandHelp {
        name: "plot",
        aliases: &[],
        usage: "--max N [--grundy] [--heaps K] [--slice H=V] [--claim] [-o FILE]",
        summary: "write a picture (SVG or PNG), print its path",
        details: "Draws what `heapgame plot` draws: the P-positions of two heaps, with --grundy a \
                  heatmap of Grundy values, slices of more heaps (--slice h3=5 or h3=0,5,10), a \
                  single heap's Grundy sequence, with --claim the positions where a claim is \
                  wrong in red. The file (default: named after the ruleset's file, `.svg`; \
                  `.png` by --output's extension) is always written; a PNG is also shown in \
                  terminals that can (kitty, iTerm2, WezTerm).",
        example: ":plot --max 30 --output wythoff.png",
        options: &[
            "--max", "--grundy", "--heaps", "--slice", "--claim", "--scale", "--output",
        ],
    },
    CommandHelp {
        name: "check",
        aliases: &[],
        usage: "[--max N] [--heaps K]",
        summary: "check the ruleset's claims against the solver",
        details: "Compares every claim of the ruleset with the solver on every position of its \
                  `check max N` bounds (or --max/--heaps), as `heapgame check` does: one run per \
                  `check` line, or one run with the parameters set by `:set`. A failing claim \
                  is shown with its smallest counterexample and why.",
        example: ":check",
        options: &["--max", "--heaps"],
    },
    CommandHelp {
        name: "diff",
        aliases: &[],
        usage: "--formula NAME(ARGS) | FILE [--max N] [--grundy]",
        summary: "compare with a built-in formula or a ruleset",
        details: "Compares the solver's P-positions (or with --grundy its Grundy values) with a \
                  built-in formula, or with another ruleset, as `heapgame diff` does, over every \
                  position with heaps <= N (default: the file's `check max`). Tab after \
                  --formula lists the formulas; `heapgame formulas` describes them. Other \
                  options: --heaps K, --show N (differences shown).",
        example: ":diff --formula wythoff --max 30",
        options: &["--formula", "--max", "--heaps", "--grundy", "--show"],
    },
    CommandHelp {
        name: "formulas",
        aliases: &[],
        usage: "",
        summary: "the built-in formulas that `:diff` compares with",
        details: "Lists the closed forms of the papers built into heapgame, with their \
                  parameters and what each says, as `heapgame formulas` does.",
        example: ":formulas",
        options: &[],
    },
    CommandHelp {
        name: "sequence",
        aliases: &[],
        usage: "N",
        summary: "the values of one heap, 0..N, and their period",
        details: "For a ruleset that is a sum of single heaps, prints the values of heaps 0..N \
                  in rows of their period, then the preperiod, period and saltus, and whether \
                  the periodicity theorem proves them, as `heapgame sequence` does.",
        example: ":sequence 100",
        options: &["--max"],
    },
    CommandHelp {
        name: "load",
        aliases: &["l"],
        usage: "FILE",
        summary: "load a ruleset (a .game file)",
        details: "Loads and checks the file; parameters take their defaults. On an error the \
                  ruleset loaded before stays. Tab completes file names.",
        example: ":load rulesets/classic/nim.game",
        options: &[],
    },
    CommandHelp {
        name: "reload",
        aliases: &["r"],
        usage: "",
        summary: "read the file again, after an edit",
        details: "Reads the file again. On an error the ruleset loaded before stays.",
        example: ":reload",
        options: &[],
    },
    CommandHelp {
        name: "show",
        aliases: &[],
        usage: "",
        summary: "the ruleset: parameters, moves, claims",
        details: "Shows the loaded ruleset as written, with the current values of its parameters.",
        example: ":show",
        options: &[],
    },
    CommandHelp {
        name: "set",
        aliases: &[],
        usage: "[NAME VALUE]",
        summary: "set a parameter (or list them)",
        details: "Sets a parameter of the ruleset to the value of an expression of the language and \
                  checks the ruleset again. On an error (e.g. a failed `require`) nothing changes. \
                  Without arguments, lists the parameters. `:set k=4` works too. `:set play \
                  misere` (or `normal`) changes the play convention, unless the ruleset has a \
                  parameter named `play`.",
        example: ":set beta sqrt(2)+2",
        options: &[],
    },
    CommandHelp {
        name: "unset",
        aliases: &[],
        usage: "NAME",
        summary: "give a parameter its default value again",
        details: "Removes the value set by `:set` (or -p on the command line).",
        example: ":unset k",
        options: &[],
    },
    CommandHelp {
        name: "stats",
        aliases: &[],
        usage: "",
        summary: "the memo table's size, the last time taken",
        details: "Every position solved in this session is remembered (until the ruleset or its \
                  parameters change), so asking about a nearby position is instant.",
        example: ":stats",
        options: &[],
    },
    CommandHelp {
        name: "limit",
        aliases: &[],
        usage: "[N|none]",
        summary: "stop at N stored positions (alone: show it)",
        details: "Bounds the memory a computation may use. Without N, or after setting it, \
                  shows the limit a position is solved within: the one set, or the default \
                  worked out from the position's heaps and the available memory. Ctrl-C also \
                  stops a computation.",
        example: ":limit 1000000",
        options: &[],
    },
    CommandHelp {
        name: "echo",
        aliases: &[],
        usage: "TEXT",
        summary: "print a line (to label a script's output)",
        details: "Prints TEXT as it is. Useful in scripts piped into the REPL.",
        example: ":echo Wythoff, k = 3",
        options: &[],
    },
    CommandHelp {
        name: "quit",
        aliases: &["q", "exit"],
        usage: "",
        summary: "leave (Ctrl-D does too)",
        details: "Leaves the REPL. The history of what you typed is kept for the next session.",
        example: ":quit",
        options: &[],
    },
];

/// Why a command name was not found.
#[derive(Debug, PartialEq, Eq)]
pub enum Lookup {
    /// No command has this name; maybe it is a typo of this one.
    Unknown(Option<&'static str>),
    /// A prefix of several commands.
    Ambiguous(Vec<&'static str>),
}

/// The command named `word` (no colon): a name, an alias, or a prefix of exactly one name.
pub fn lookup(word: &str) -> Result<&'static CommandHelp, Lookup> {
    if let Some(c) = COMMANDS
        .iter()
        .find(|c| c.name == word || c.aliases.contains(&word))
    {
        return Ok(c);
    }
    let prefixed: Vec<&CommandHelp> = COMMANDS
        .iter()
        .filter(|c| !word.is_empty() && c.name.starts_with(word))
        .collect();
    match prefixed.as_slice() {
        [c] => Ok(c),
        [] => Err(Lookup::Unknown(
            crate::ruleset::diag::suggest(word, COMMANDS.iter().map(|c| c.name))
                .or_else(|| transposed(word)),
        )),
        many => Err(Lookup::Ambiguous(many.iter().map(|c| c.name).collect())),
    }
}

/// The command whose name is `word` with two neighbouring letters swapped (`tabel`).
fn transposed(word: &str) -> Option<&'static str> {
    let w: Vec<char> = word.chars().collect();
    COMMANDS.iter().map(|c| c.name).find(|name| {
        let n: Vec<char> = name.chars().collect();
        n.len() == w.len()
            && (0..w.len().saturating_sub(1)).any(|i| {
                let mut s = w.clone();
                s.swap(i, i + 1);
                s == n
            })
    })
}

/// `:name usage`.
pub fn synopsis(c: &CommandHelp) -> String {
    if c.usage.is_empty() {
        format!(":{}", c.name)
    } else {
        format!(":{} {}", c.name, c.usage)
    }
}

/// What `:help` prints.
pub fn overview() -> String {
    let mut s = String::from(
        "Type a position, such as `10 17` or `(10, 17)`, to see whether it is P or N,\n\
         its Grundy value and its winning moves; `:play 10 17` plays a game from it.\n\
         \n\
         Commands (any unique prefix works; `:help NAME` explains one, with an example):\n",
    );
    let width = COMMANDS
        .iter()
        .map(|c| synopsis(c).len())
        .max()
        .unwrap_or(0)
        .min(26);
    for c in COMMANDS {
        let syn = synopsis(c);
        if syn.len() > width {
            s.push_str(&format!("  {syn}\n  {:width$}  {}\n", "", c.summary));
        } else {
            s.push_str(&format!("  {syn:width$}  {}\n", c.summary));
        }
    }
    s.push_str(
        "\nP: the previous player (who just moved) wins; N: the next player (to move) wins.\n\
         Tab completes commands, file names, parameters and formulas; the up arrow\n\
         recalls earlier lines; Ctrl-C stops a computation; Ctrl-D leaves.\n",
    );
    s
}

/// What `:help NAME` prints.
pub fn command_help(c: &CommandHelp) -> String {
    let mut s = format!("{}\n  {}\n\n", synopsis(c), c.summary);
    s.push_str(&wrap(c.details, 78, "  "));
    if !c.aliases.is_empty() {
        let a: Vec<String> = c.aliases.iter().map(|a| format!(":{a}")).collect();
        s.push_str(&format!("\n  Also written {}.\n", a.join(", ")));
    }
    s.push_str(&format!("\nExample:\n  {}\n", c.example));
    s
}

/// Wraps `text` into lines of at most `width` characters, each starting with `indent`.
pub fn wrap(text: &str, width: usize, indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::from(indent);
    for w in text.split_whitespace() {
        if line.len() > indent.len() && line.len() + 1 + w.len() > width {
            out.push_str(&line);
            out.push('\n');
            line = String::from(indent);
        }
        if line.len() > indent.len() {
            line.push(' ');
        }
        line.push_str(w);
    }
    if line.len() > indent.len() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_aliases_and_prefixes() {
        assert_eq!(lookup("quit").map(|c| c.name), Ok("quit"));
        assert_eq!(lookup("q").map(|c| c.name), Ok("quit"));
        assert_eq!(lookup("tab").map(|c| c.name), Ok("table"));
        assert_eq!(lookup("rel").map(|c| c.name), Ok("reload"));
        assert!(
            matches!(lookup("s"), Err(Lookup::Ambiguous(v)) if v.contains(&"show") && v.contains(&"set"))
        );
        assert_eq!(
            lookup("tabel").map(|c| c.name),
            Err(Lookup::Unknown(Some("table")))
        );
    }

    #[test]
    fn every_command_has_help_and_a_runnable_example() {
        for c in COMMANDS {
            assert!(!c.summary.is_empty() && !c.details.is_empty(), "{}", c.name);
            let word = c.example[1..].split_whitespace().next().unwrap_or("");
            assert_eq!(
                lookup(word).map(|x| x.name),
                Ok(c.name),
                "example of {}",
                c.name
            );
            assert!(
                overview().contains(&synopsis(c)),
                "{} in the overview",
                c.name
            );
        }
        for l in overview().lines() {
            assert!(l.chars().count() <= 80, "too wide for a terminal: {l}");
        }
        // No alias is also another command's name.
        for c in COMMANDS {
            for a in c.aliases {
                assert!(COMMANDS.iter().all(|d| d.name != *a), "alias {a}");
            }
        }
    }

    #[test]
    fn wrapping_keeps_every_word() {
        let w = wrap("a bb ccc dddd eeeee", 8, "  ");
        assert_eq!(w, "  a bb\n  ccc\n  dddd\n  eeeee\n");
    }
}
