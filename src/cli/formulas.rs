//! `heapgame formulas`: the registry of built-in closed forms, with parameters, what each says
//! and where it comes from.

use std::fmt::Write as _;

use crate::formulas::registry;
use miette::Report;

use super::common::{print_out, Format};

/// Arguments of `heapgame formulas`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  heapgame formulas
  heapgame diff rulesets/fraenkel-larsson/beta-nim.game --formula \"beatty(pi)\" --max 30")]
pub struct Args {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Runs `heapgame formulas`.
pub fn run(a: Args) -> Result<u8, Report> {
    let mut out = String::new();
    match a.format {
        Format::Json => {
            let list: Vec<_> = registry()
                .iter()
                .map(|f| {
                    serde_json::json!({
                        "name": f.name,
                        "signature": f.signature(),
                        "params": f.params.iter().map(|(n, t)| serde_json::json!({
                            "name": n, "type": t.describe()
                        })).collect::<Vec<_>>(),
                        "grundy": f.grundy,
                        "summary": f.summary,
                        "source": f.source,
                    })
                })
                .collect();
            let _ = writeln!(out, "{}", serde_json::Value::Array(list));
        }
        Format::Text => {
            for f in registry() {
                let kind = if f.grundy { "P, Grundy" } else { "P" };
                let _ = writeln!(out, "{}  [{kind}]", f.signature());
                for (n, t) in f.params {
                    let _ = writeln!(out, "    {n}: {}", t.describe());
                }
                let _ = writeln!(out, "    {}", f.summary);
                let _ = writeln!(out, "    source: {}", f.source);
                let _ = writeln!(out);
            }
        }
    }
    print_out(&out)?;
    Ok(0)
}
