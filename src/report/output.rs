//! `--output FILE`: the text is written whole or not at all, and only ever to a regular file.
//! A path that exists and is not a regular file (`/dev/null`, a directory, a pipe) is refused
//! before anything is computed into it; a symbolic link to a regular file is written through
//! (the file it names is replaced, the link kept). The text goes to a temporary file created
//! exclusively (`create_new`, so never through a planted symbolic link) under an unpredictable
//! name in the target's directory (so that the rename stays on one file system), is flushed to
//! disk, and is then renamed over FILE; an error or an interruption before the rename leaves
//! FILE as it was. [`write_streamed`] does the same for text written piece by piece (`solve`).

use std::fs::{File, OpenOptions};
use std::hash::{BuildHasher, Hasher};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use miette::Diagnostic;
use thiserror::Error;

/// Why a picture or a table could not be written: every message worded here, its code from
/// the variant.
#[derive(Debug, Error, Diagnostic)]
pub enum OutputError {
    /// `--output /dev/null`, a directory, a pipe.
    #[error("--output `{}` is {kind}, not a regular file; nothing was written", path.display())]
    #[diagnostic(
        code(heapgame::io),
        help(
            "give the path of a regular file (it is replaced whole), or leave out --output to \
             write to standard output"
        )
    )]
    NotAFile {
        /// The path given.
        path: PathBuf,
        /// What it is, in words ("a directory").
        kind: &'static str,
    },
    /// A symbolic link that cannot be followed.
    #[error("cannot resolve `{}`: {error}; nothing was written", path.display())]
    #[diagnostic(code(heapgame::io))]
    Resolve {
        /// The path given.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// A directory that does not exist or is not writable, a full disk.
    #[error("cannot {what} `{}`: {error}", path.display())]
    #[diagnostic(
        code(heapgame::io),
        help("check that the directory exists and is writable; nothing was written")
    )]
    Write {
        /// "write" or "replace".
        what: &'static str,
        /// The path given.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// A run stopped (Ctrl-C, `--time`) while its text was written: the caller reports the
    /// stop; the file is left as it was.
    #[error("{0}")]
    Stopped(std::io::Error),
    /// `--output picture.txt`.
    #[error("cannot tell the picture's format from `{}`", path.display())]
    #[diagnostic(code(heapgame::usage), help("name the file FILE.svg or FILE.png"))]
    UnknownFormat {
        /// The path given.
        path: PathBuf,
    },
    /// The drawing library failed: a defect.
    #[error("{0}")]
    #[diagnostic(code(heapgame::plot), help("please report this"))]
    Render(String),
}

/// Writes `text` (or any bytes: a picture) to `path` atomically.
pub fn write_whole(path: &Path, text: impl AsRef<[u8]>) -> Result<(), OutputError> {
    write_streamed(path, |f| f.write_all(text.as_ref()))
}

/// Refuses `path` unless it is absent or a regular file (through symbolic links); returns the
/// path to replace: the file a symbolic link names, else `path` itself.
pub fn check_target(path: &Path) -> Result<PathBuf, OutputError> {
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        // Absent (or a link to nothing): created. Other errors show when it is written.
        Err(_) => return Ok(path.to_path_buf()),
    };
    if !meta.is_file() {
        return Err(OutputError::NotAFile {
            path: path.to_path_buf(),
            kind: kind(&meta.file_type()),
        });
    }
    let link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if link {
        return std::fs::canonicalize(path).map_err(|error| OutputError::Resolve {
            path: path.to_path_buf(),
            error,
        });
    }
    Ok(path.to_path_buf())
}

/// What kind of file `t` is, in words.
fn kind(t: &std::fs::FileType) -> &'static str {
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

/// Creates a new temporary file beside `target`, exclusively, under a name no other process
/// can predict; returns it with its path.
fn create_temp(target: &Path) -> std::io::Result<(File, PathBuf)> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    // At most 100 characters of the name, so that the temporary name stays within limits.
    let name: String = target
        .file_name()
        .map(|n| n.to_string_lossy().chars().take(100).collect())
        .unwrap_or_else(|| "output".to_string());
    let mut last = None;
    for attempt in 0u32..64 {
        // std's hasher keys are random per process (and per `RandomState`): an unpredictable
        // 64-bit tag without a dependency.
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u32(std::process::id());
        h.write_u32(attempt);
        let tmp = dir.join(format!(".{name}.heapgame-{:016x}.tmp", h.finish()));
        // `create_new` is O_CREAT | O_EXCL: it fails on any existing entry, a symbolic link
        // included, and never opens what such a link names.
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((f, tmp)),
            Err(e) if e.kind() == ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| ErrorKind::AlreadyExists.into()))
}

/// Writes to `path` atomically what `fill` writes (through a buffer); an error from `fill`
/// leaves `path` as it was (an `Interrupted` one is returned with its message alone).
pub fn write_streamed(
    path: &Path,
    fill: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> Result<(), OutputError> {
    let target = check_target(path)?;
    let fail = |what: &'static str, error: std::io::Error| OutputError::Write {
        what,
        path: path.to_path_buf(),
        error,
    };
    let (file, tmp) = create_temp(&target).map_err(|e| fail("write", e))?;
    let write = || -> std::io::Result<()> {
        let mut f = std::io::BufWriter::with_capacity(1 << 16, file);
        fill(&mut f)?;
        f.into_inner()
            .map_err(std::io::IntoInnerError::into_error)?
            .sync_all()
    };
    if let Err(e) = write() {
        let _ = std::fs::remove_file(&tmp);
        // A stopped run (Ctrl-C, --time) is the caller's to report.
        if e.kind() == ErrorKind::Interrupted {
            return Err(OutputError::Stopped(e));
        }
        return Err(fail("write", e));
    }
    std::fs::rename(&tmp, &target).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        fail("replace", e)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_names_differ_and_are_created_exclusively() {
        let dir = std::env::temp_dir().join(format!("heapgame-output-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("t.txt");
        let (_a, pa) = create_temp(&target).unwrap();
        let (_b, pb) = create_temp(&target).unwrap();
        assert_ne!(pa, pb);
        assert_eq!(pa.parent(), Some(dir.as_path()));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
