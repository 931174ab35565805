//! Showing a PNG picture in the terminal, where the terminal says it can: the kitty graphics
//! protocol (kitty, and terminals that set `KITTY_WINDOW_ID`) or iTerm2's inline images (iTerm2,
//! WezTerm). Elsewhere, and when stdout is not a terminal, nothing is shown: `:plot` always
//! writes the file and prints its path.

use std::io::IsTerminal as _;

use base64::Engine as _;

/// An inline image protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// The kitty graphics protocol.
    Kitty,
    /// iTerm2's `OSC 1337 File=`.
    ITerm,
}

/// The protocol the terminal on stdout understands, from its environment.
pub fn detect() -> Option<Protocol> {
    if !std::io::stdout().is_terminal() {
        return None;
    }
    let var = |k: &str| std::env::var(k).unwrap_or_default();
    if !var("KITTY_WINDOW_ID").is_empty() || var("TERM").contains("kitty") {
        Some(Protocol::Kitty)
    } else if matches!(var("TERM_PROGRAM").as_str(), "iTerm.app" | "WezTerm") {
        Some(Protocol::ITerm)
    } else {
        None
    }
}

/// The escape sequence that shows `png` (the bytes of a PNG file), followed by a newline.
pub fn escape(protocol: Protocol, png: &[u8]) -> String {
    let data = base64::engine::general_purpose::STANDARD.encode(png);
    match protocol {
        Protocol::ITerm => format!(
            "\x1b]1337;File=inline=1;size={};preserveAspectRatio=1:{data}\x07\n",
            png.len()
        ),
        Protocol::Kitty => {
            // Chunks of at most 4096 bytes of base64; `m=1` on all but the last.
            let chunks: Vec<&str> = data
                .as_bytes()
                .chunks(4096)
                .map(|c| std::str::from_utf8(c).unwrap_or(""))
                .collect();
            let mut out = String::new();
            for (i, c) in chunks.iter().enumerate() {
                let more = u8::from(i + 1 < chunks.len());
                let head = if i == 0 { "f=100,a=T," } else { "" };
                out.push_str(&format!("\x1b_G{head}m={more};{c}\x1b\\"));
            }
            out.push('\n');
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kitty_chunks_carry_the_whole_image() {
        let png: Vec<u8> = (0..10_000u32).map(|i| (i * 7 % 251) as u8).collect();
        let s = escape(Protocol::Kitty, &png);
        let mut data = String::new();
        let parts: Vec<&str> = s
            .trim_end()
            .split("\x1b\\")
            .filter(|p| !p.is_empty())
            .collect();
        for (i, p) in parts.iter().enumerate() {
            let body = p.strip_prefix("\x1b_G").expect("an APC G sequence");
            let (keys, chunk) = body.split_once(';').expect("keys;data");
            assert!(chunk.len() <= 4096);
            assert_eq!(keys.starts_with("f=100,a=T,"), i == 0, "{keys}");
            assert_eq!(keys.ends_with("m=0"), i + 1 == parts.len(), "{keys}");
            data.push_str(chunk);
        }
        let back = base64::engine::general_purpose::STANDARD
            .decode(data)
            .unwrap();
        assert_eq!(back, png);
    }

    #[test]
    fn iterm_carries_the_size_and_the_image() {
        let s = escape(Protocol::ITerm, b"abc");
        assert_eq!(
            s,
            "\x1b]1337;File=inline=1;size=3;preserveAspectRatio=1:YWJj\x07\n"
        );
    }
}
