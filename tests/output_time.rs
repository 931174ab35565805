//! `--time` and Ctrl-C hold while a command writes its output, not only while it computes
//! (issue 31): fifty million values of Kayles, all computed at once through the proven
//! period, took seconds to write past `--time 1s`, and exited 0. Here a reader that stops
//! reading for a while (a full pipe blocks the writer) makes the deadline pass during the
//! writing whatever the machine's speed; the run must then stop with `heapgame::limit`, and
//! every line it wrote must be right.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::Duration;

/// Kayles' Grundy value of a heap of `n` by the plain recursion (remove one or two adjacent
/// pins, leaving up to two rows) for `n < table.len()`, and beyond by its period 12 from 71
/// (Guy and Smith; Winning Ways, ch. 4).
fn kayles(table: &[u32], n: usize) -> u32 {
    let base = table.len();
    if n < base {
        return table[n];
    }
    table[base - 12 + (n - base) % 12]
}

fn kayles_table(len: usize) -> Vec<u32> {
    let mut g = Vec::with_capacity(len);
    for n in 0..len {
        let mut seen = vec![false; 2 * len + 2];
        for take in 1..=2.min(n) {
            for left in 0..=(n - take) {
                let right = n - take - left;
                seen[(g[left] ^ g[right]) as usize] = true;
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32);
    }
    g
}

#[test]
fn time_stops_the_writing_of_a_long_sequence() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_heapgame"))
        .args([
            "sequence",
            "rulesets/classic/kayles.game",
            "--max",
            "50000000",
            "--time",
            "2s",
            "--format",
            "csv",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("heapgame starts");
    let mut stdout = child.stdout.take().expect("stdout");
    // The first bytes, if any (on a loaded machine the deadline may pass before them).
    let mut first = [0u8; 16];
    let got = stdout.read(&mut first).expect("the first bytes");
    // The pipe fills and the writer waits: the deadline passes while it writes.
    std::thread::sleep(Duration::from_secs(4));
    let mut rest = Vec::new();
    stdout.read_to_end(&mut rest).expect("the rest");
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut stderr)
        .expect("stderr");
    let status = child.wait().expect("heapgame ends");
    let mut out = first[..got].to_vec();
    out.extend(rest);
    let out = String::from_utf8(out).expect("UTF-8");
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("heapgame::limit"), "{stderr}");
    assert!(stderr.contains("stopped at the time limit"), "{stderr}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() < 50_000_002, "every line was written");
    let table = kayles_table(200);
    if let Some(head) = lines.first() {
        assert_eq!(*head, "n,grundy");
    }
    for (i, line) in lines.iter().skip(1).enumerate() {
        assert_eq!(
            *line,
            format!("{i},{}", kayles(&table, i)),
            "line {}",
            i + 2
        );
    }
    assert!(
        out.is_empty() || out.ends_with('\n'),
        "the output ends inside a line"
    );
}
