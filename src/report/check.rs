//! The reports of `check` (and the REPL's `:check`): one run's claims as text or JSON, and a
//! deepening run's (`check --time`).

use std::fmt::Write as _;

use crate::game::show_position;
use crate::verify::check::{CheckReport, ClaimReport, Failure};
use crate::verify::deepen::DeepReport;
use crate::Game;

use super::json_position;

/// The text of a deepening run.
pub(crate) fn deep_text(file: &std::path::Path, r: &DeepReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {}{} (deepening: {}; samples seed {}; {})",
        file.display(),
        r.ruleset,
        params_text(&r.params),
        if r.steps.is_empty() {
            "no step".to_string()
        } else {
            r.steps.join(", ")
        },
        r.seed,
        r.ended
    );
    if r.visited > 0 {
        let _ = writeln!(out, "{}", dimensions_text(r));
    }
    if r.claims.is_empty() {
        let _ = writeln!(out, "  no claims");
    } else if !r.first_done && r.visited > 0 {
        let _ = writeln!(
            out,
            "  stopped before the first region was compared in full: the claims below hold only so far"
        );
    }
    for (i, c) in r.claims.iter().enumerate() {
        match &c.failure {
            None if !c.applies => {
                let _ = writeln!(
                    out,
                    "  n/a   line {:>3}: {}\n        not about these parameters (its `when` is false for them)",
                    c.line, c.text
                );
            }
            None if c.checked == 0 && c.silent == 0 => {
                let _ = writeln!(
                    out,
                    "  none  line {:>3}: {}\n        compared at no position: {}",
                    c.line, c.text, r.ended
                );
            }
            None if c.checked == 0 => {
                let _ = writeln!(
                    out,
                    "  empty line {:>3}: {}\n        no position compared is in its scope ({} outside it)",
                    c.line, c.text, c.silent
                );
            }
            None if !c.known.is_empty() => known_lines(&mut out, c, &r.reach_text(i)),
            None => {
                let _ = writeln!(
                    out,
                    "  ok    line {:>3}: {}\n        holds over {}",
                    c.line,
                    c.text,
                    r.reach_text(i)
                );
                cases_line(&mut out, c);
            }
            Some(f) => fail_lines(&mut out, c, f),
        }
        if let Some(p) = &c.held_at {
            let _ = writeln!(
                out,
                "  FAIL  line {:>3}: the file says the claim fails at {}, but it holds there",
                c.line,
                show_position(p)
            );
        }
    }
    out
}

/// Which dimensions a deepening run grew, how far, and what stopped each.
fn dimensions_text(r: &DeepReport) -> String {
    let sizes = format!(
        "  deepened the heap sizes (largest heap {}, largest total {}; stopped by {})",
        r.seen.largest_heap, r.seen.largest_total, r.sizes_stop
    );
    let count = if r.fixed_count {
        "the number of heaps is the ruleset's".to_string()
    } else if r.heaps_reached > r.heaps {
        format!(
            "the number of heaps grew from {} to {} (stopped at {})",
            r.heaps, r.heaps_reached, r.heaps_stop
        )
    } else {
        format!(
            "the number of heaps stayed at most {} (stopped at {})",
            r.heaps, r.heaps_stop
        )
    };
    let params = match &r.range {
        Some(p) => format!(
            "the parameters: value {} of the {} of `{}` (line {}), each value a run deepened with the others",
            p.value, p.of, p.declared, p.line
        ),
        None => "parameters are not deepened (the file's values only)".to_string(),
    };
    format!("{sizes}; {count}; {params}")
}

/// The JSON of a deepening run.
pub(crate) fn deep_json(file: &std::path::Path, r: &DeepReport) -> serde_json::Value {
    let claims: Vec<_> = r
        .claims
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let mut o = claim_json(c);
            o["reach"] = serde_json::json!({
                "max": r.reach[i].max,
                "total": r.reach[i].total,
                "samples": r.reach[i].samples,
                "text": r.reach_text(i),
            });
            o
        })
        .collect();
    serde_json::json!({
        "file": file.display().to_string(),
        "ruleset": r.ruleset,
        "params": r.params.iter().map(|(n, v)| serde_json::json!({"name": n, "value": v})).collect::<Vec<_>>(),
        "heaps": r.heaps,
        "steps": r.steps,
        "seed": r.seed,
        "sample_max": r.sample_max,
        "ended": r.ended,
        "compared": r.visited,
        "dimensions": {
            "heap_sizes": {"grown": true, "largest_heap": r.seen.largest_heap, "largest_total": r.seen.largest_total, "stopped_by": r.sizes_stop},
            "heap_count": {"grown": r.heaps_reached > r.heaps, "from": r.heaps, "most": r.heaps_reached, "fixed_by_shape": r.fixed_count, "stopped_at": r.heaps_stop},
            "parameters": match &r.range {
                Some(p) => serde_json::json!({"grown": true, "range": p.declared, "line": p.line, "value": p.value, "of": p.of}),
                None => serde_json::json!({"grown": false}),
            },
        },
        "first_region_done": r.first_done,
        "holds": r.holds() && r.first_done,
        "claims": claims,
    })
}

/// ` with a = 1, b = 2` for a run's parameters, or nothing.
fn params_text(params: &[(String, String)]) -> String {
    if params.is_empty() {
        String::new()
    } else {
        let ps: Vec<String> = params.iter().map(|(n, v)| format!("{n} = {v}")).collect();
        format!(" with {}", ps.join(", "))
    }
}

/// How many positions a line of counterexamples shows.
const SHOWN: usize = 5;

/// Positions on one line, the first [`SHOWN`] of `all` (`kept` of them known), and how many
/// more.
fn positions_text<'p>(kept: impl Iterator<Item = &'p Vec<u32>>, all: u64) -> String {
    let shown: Vec<String> = kept.take(SHOWN).map(|p| show_position(p)).collect();
    let more = all.saturating_sub(shown.len() as u64);
    if more > 0 {
        format!("{} and {more} more", shown.join(", "))
    } else {
        shown.join(", ")
    }
}

/// The lines of a claim that fails: where first, what differs, how many other positions it
/// fails at, and where it fails as the file says.
fn fail_lines(out: &mut String, c: &ClaimReport, f: &Failure) {
    let _ = writeln!(
        out,
        "  FAIL  line {:>3}: {}\n        at {}: {}",
        c.line,
        c.text,
        show_position(&f.position),
        failure_text(f)
    );
    if c.failures > 1 {
        let _ = writeln!(
            out,
            "        and at {} more position(s) the file does not name: {}",
            c.failures - 1,
            positions_text(c.more_failures.iter(), c.failures - 1)
        );
    }
    if !c.known.is_empty() {
        let _ = writeln!(
            out,
            "        and, as the file says (`fails at`), at {}",
            positions_text(c.known.iter().map(|k| &k.position), c.known.len() as u64)
        );
    }
}

/// The lines of a claim that fails only where the file says (`fails at`): the first such
/// counterexample in full, the others named, and the region it was compared over (`over`);
/// the file's summary says which named positions no run reached.
fn known_lines(out: &mut String, c: &ClaimReport, over: &str) {
    let f = &c.known[0];
    let _ = writeln!(
        out,
        "  known line {:>3}: {}\n        at {}, as the file says (`fails at`): {}",
        c.line,
        c.text,
        show_position(&f.position),
        failure_text(f)
    );
    if c.known.len() > 1 {
        let _ = writeln!(
            out,
            "        and, as the file says, at {}",
            positions_text(
                c.known[1..].iter().map(|k| &k.position),
                c.known.len() as u64 - 1
            )
        );
    }
    let _ = writeln!(
        out,
        "        compared over {over}: no counterexample the file does not name"
    );
    cases_line(out, c);
}

/// What a failure says, after the position.
fn failure_text(f: &Failure) -> String {
    match &f.other {
        None => match &f.said {
            Some(said) => format!("the claim says {said}, but {}", f.why),
            None => format!("the claim says {}, but {}", f.claimed, f.why),
        },
        Some((q, why_q)) => format!(
            "the claim says it has the type of {q}, but it is {}: {}; and {q} is {}: {why_q}",
            f.actual,
            f.why,
            f.claimed,
            q = show_position(q),
        ),
    }
}

/// The text `check` prints for one run. (Shared with the REPL's `:check`.)
pub(crate) fn text_report(file: &std::path::Path, game: &Game, r: &CheckReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {}{} ({}; {} positions)",
        file.display(),
        r.ruleset,
        params_text(&r.params),
        r.region,
        r.positions
    );
    if let Some(why) = &r.stopped {
        let _ = writeln!(out, "  {why}: the claims below hold only so far");
    }
    if let Some(k) = r.ended_failed {
        let _ = writeln!(
            out,
            "  every claim had failed after {k} of {} positions: the run ended there",
            r.positions
        );
    }
    if r.claims.is_empty() && game.checked.families.is_empty() {
        let _ = writeln!(out, "  no claims");
    }
    for c in &r.claims {
        match &c.failure {
            None if !c.applies => {
                let _ = writeln!(
                    out,
                    "  n/a   line {:>3}: {}\n        not about these parameters (its `when` is false for them)",
                    c.line, c.text
                );
            }
            None if c.checked == 0 && c.silent == 0 && r.stopped.is_some() => {
                let _ = writeln!(
                    out,
                    "  none  line {:>3}: {}\n        compared at no position before the run stopped",
                    c.line, c.text
                );
            }
            None if c.checked == 0 => {
                let _ = writeln!(
                    out,
                    "  empty line {:>3}: {}\n        no position of this run is in its scope ({} outside it)",
                    c.line, c.text, c.silent
                );
            }
            None => {
                let silent = if c.silent > 0 {
                    format!(" ({} outside the claim's scope)", c.silent)
                } else {
                    String::new()
                };
                if !c.known.is_empty() {
                    known_lines(&mut out, c, &format!("{} positions{silent}", c.checked));
                } else {
                    let _ = writeln!(
                        out,
                        "  ok    line {:>3}: {}\n        holds over {} positions{silent}",
                        c.line, c.text, c.checked
                    );
                    cases_line(&mut out, c);
                }
            }
            Some(f) => fail_lines(&mut out, c, f),
        }
        if let Some(p) = &c.held_at {
            let _ = writeln!(
                out,
                "  FAIL  line {:>3}: the file says the claim fails at {}, but it holds there",
                c.line,
                show_position(p)
            );
        }
    }
    out
}

/// The positions each case of a case split decided, on one line (the cases this run's
/// parameters rule out are only counted).
fn cases_line(out: &mut String, c: &ClaimReport) {
    let live: Vec<String> = c
        .cases
        .iter()
        .filter(|k| k.applies)
        .map(|k| format!("line {}: {}", k.line, k.decided))
        .collect();
    if live.is_empty() {
        return;
    }
    let ruled_out = c.cases.len() - live.len();
    let more = if ruled_out > 0 {
        format!(" ({ruled_out} more not about these parameters)")
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "        positions decided by each case: {}{more}",
        live.join(", ")
    );
}

/// One claim as JSON.
fn claim_json(c: &ClaimReport) -> serde_json::Value {
    let mut o = serde_json::json!({
        "line": c.line,
        "text": c.text,
        "kind": c.kind.word(),
        "checked": c.checked,
        "outside_scope": c.silent,
        "applies": c.applies,
        "holds": c.failure.is_none() && c.known.is_empty(),
        "as_stated": c.as_stated(),
        "failures": c.failures,
        "known": c.known.iter().map(|k| json_position(&k.position)).collect::<Vec<_>>(),
        "named_not_compared": c.named_not_compared().into_iter().map(|p| json_position(p)).collect::<Vec<_>>(),
    });
    if !c.more_failures.is_empty() {
        o["more_failures"] = c.more_failures.iter().map(|p| json_position(p)).collect();
    }
    if !c.cases.is_empty() {
        o["cases"] = c
            .cases
            .iter()
            .map(|k| {
                serde_json::json!({
                    "line": k.line,
                    "label": k.label,
                    "applies": k.applies,
                    "decided": k.decided,
                })
            })
            .collect();
    }
    if let Some(f) = &c.failure {
        o["counterexample"] = serde_json::json!({
            "position": json_position(&f.position),
            "claimed": f.said.clone().unwrap_or_else(|| f.claimed.to_string()),
            "actual": f.actual.to_string(),
            "why": f.why,
        });
        if let Some((q, why_q)) = &f.other {
            o["counterexample"]["same_as"] = json_position(q);
            o["counterexample"]["why_same_as"] = serde_json::Value::from(why_q.clone());
        }
    }
    o
}

/// The JSON `check` prints for one run.
pub(crate) fn json_report(file: &std::path::Path, r: &CheckReport) -> serde_json::Value {
    serde_json::json!({
        "file": file.display().to_string(),
        "ruleset": r.ruleset,
        "params": r.params.iter().map(|(n, v)| serde_json::json!({"name": n, "value": v})).collect::<Vec<_>>(),
        "max": r.bounds.max,
        "heaps": r.bounds.heaps,
        "region": r.region,
        "positions": r.positions,
        "stopped": r.stopped,
        "ended_failed_after": r.ended_failed,
        "holds": r.holds(),
        "claims": r.claims.iter().map(claim_json).collect::<Vec<_>>(),
    })
}
