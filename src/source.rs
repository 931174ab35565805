//! Reading a ruleset file: only a regular file is read (a named pipe, a device such as
//! `/dev/zero` or a terminal is refused before it is opened, since reading it could block
//! forever or never end, out of reach of `--time` and Ctrl-C), at most [`MAX_SOURCE_BYTES`]
//! bytes of it (a huge file is refused, not read until memory runs out), and text that is not
//! UTF-8 is refused with the byte offset, line and column of its first bad byte.

use std::io::Read as _;
use std::path::Path;

/// The most bytes a ruleset file may have (4 MiB; the bundled rulesets are a few kB each).
pub(crate) const MAX_SOURCE_BYTES: u64 = 4 << 20;

/// Why a file could not be read as a ruleset's text.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file cannot be opened or read.
    #[error("cannot read `{name}`: {err}")]
    Io {
        /// The path, as given.
        name: String,
        /// What the system said.
        err: std::io::Error,
    },
    /// Not a regular file (through symbolic links): a named pipe, a device, a directory.
    #[error("`{name}` is {kind}, not a regular file; heapgame reads a ruleset from a file")]
    NotAFile {
        /// The path, as given.
        name: String,
        /// What it is, in words ("a named pipe").
        kind: &'static str,
    },
    /// More than [`MAX_SOURCE_BYTES`] bytes.
    #[error("`{name}` is larger than {} MiB, the most heapgame reads as a ruleset", MAX_SOURCE_BYTES >> 20)]
    TooLarge {
        /// The path, as given.
        name: String,
    },
    /// Not UTF-8 (a Latin-1 `é`, a binary file).
    #[error("`{name}` is not UTF-8 text: byte {offset} (line {line}, column {column}) is not valid UTF-8")]
    NotUtf8 {
        /// The path, as given.
        name: String,
        /// The offset of the first bad byte, from 0.
        offset: usize,
        /// Its line, from 1.
        line: usize,
        /// Its column in characters, from 1.
        column: usize,
    },
}

impl ReadError {
    /// What to do about it.
    pub fn help(&self) -> &'static str {
        match self {
            ReadError::Io { .. } => "check the path",
            ReadError::NotAFile { .. } => {
                "save the ruleset to a file and give its path (a pipe or a device could be read \
                 forever)"
            }
            ReadError::TooLarge { .. } => "a ruleset is a text file of a few kilobytes",
            ReadError::NotUtf8 { .. } => "save the file as UTF-8",
        }
    }
}

/// The text of the file at `path` (named `name` in messages), read within the size cap.
pub fn read_source(path: &Path, name: &str) -> Result<String, ReadError> {
    let io = |err| ReadError::Io {
        name: name.to_string(),
        err,
    };
    // Looked at before opening: opening a named pipe waits for a writer, with no end.
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(ReadError::NotAFile {
            name: name.to_string(),
            kind: kind_of(&meta.file_type()),
        });
    }
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    // One byte past the cap tells a file at the cap from a larger one.
    file.take(MAX_SOURCE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_SOURCE_BYTES {
        return Err(ReadError::TooLarge {
            name: name.to_string(),
        });
    }
    text_of(bytes, name)
}

/// What kind of file `t` (not a regular file) is, in words.
pub(crate) fn kind_of(t: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_fifo() {
            return "a named pipe";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a directory"
    } else {
        "a special file"
    }
}

/// `bytes` as text, or where the first byte that is not UTF-8 is.
pub(crate) fn text_of(bytes: Vec<u8>, name: &str) -> Result<String, ReadError> {
    String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        // The prefix is valid UTF-8 by definition of `valid_up_to`.
        let before = std::str::from_utf8(&e.as_bytes()[..offset]).unwrap_or_default();
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        ReadError::NotUtf8 {
            name: name.to_string(),
            offset,
            line,
            column,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_utf8_is_located() {
        let bytes = b"ruleset \"x\" {\n  heaps 1 # caf\xe9\n}".to_vec();
        match text_of(bytes, "x.game") {
            Err(ReadError::NotUtf8 {
                offset,
                line,
                column,
                ..
            }) => {
                assert_eq!(offset, 29);
                assert_eq!((line, column), (2, 16));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(text_of(b"ok\n".to_vec(), "x").unwrap(), "ok\n");
    }
}
