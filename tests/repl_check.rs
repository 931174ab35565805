//! The REPL's `:check` asks the query floor as `heapgame check` does and prints with the same
//! renderers: its text is the command's, runs, family claims and summary line alike, for a
//! ruleset with claims of each kind (Wythoff's game: claims over its box and family claims).

use crate::common::run::heapgame;

#[test]
fn repl_check_prints_what_heapgame_check_prints() {
    for (file, params) in [
        ("rulesets/classic/wythoff.game", None),
        ("rulesets/fraenkel-zusman/fraenkel-zusman.game", Some("k=4")),
    ] {
        let mut cli = vec!["check", file];
        let mut repl = vec!["repl", file];
        if let Some(p) = params {
            cli.extend(["-p", p]);
            repl.extend(["-p", p]);
        }
        let command = heapgame().args(cli).run();
        assert_eq!(command.code, 0, "{}", command.stderr);
        let session = heapgame().args(repl).stdin(":check\n").run();
        assert_eq!(session.code, 0, "{}", session.stderr);
        assert!(command.stdout.contains("summary of"), "{}", command.stdout);
        assert_eq!(session.stdout, command.stdout, "{file}");
    }
}
