//! Where an answer is to be written (`solve --output FILE`, `plot --output FILE`), checked as a
//! question's first refusal, before anything is computed: a path that exists and is not a
//! regular file (`/dev/null`, a directory, a pipe), a file the user may not write (read-only),
//! a symbolic link that names nothing (dangling, or a loop), or a directory that cannot take a
//! new file is refused; a symbolic link to a regular file is written through. The checked
//! [`Destination`] is data: the query floor hands it back with the answer, and `report`'s
//! `output.rs` writes there, whole or not at all.

use std::fs::OpenOptions;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use miette::Diagnostic;
use thiserror::Error;

/// Why an answer cannot be written where it was asked: every message worded here, its code
/// from the variant.
#[derive(Debug, Error, Diagnostic)]
pub enum DestinationError {
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
    /// A file its owner made read-only, or that the user may not write: not replaced, though
    /// the directory would allow it.
    #[error("`{}` is read-only{}; nothing was written", path.display(), why.as_ref().map(|e| format!(" ({e})")).unwrap_or_default())]
    #[diagnostic(
        code(heapgame::io),
        help("make it writable (`chmod u+w`) to have it replaced, or give another path")
    )]
    ReadOnly {
        /// The path given.
        path: PathBuf,
        /// What the system said, when it refused to open the file for writing.
        why: Option<std::io::Error>,
    },
    /// A symbolic link that cannot be followed.
    #[error("cannot resolve `{}`: {error}; nothing was written", path.display())]
    #[diagnostic(
        code(heapgame::io),
        help(
            "the symbolic link names no file (it is dangling, or a loop of links): point it at \
             a file, remove it, or give another path"
        )
    )]
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
}

/// A path checked to be writable as a whole file: the path given, and the file to replace
/// (the one a symbolic link names, else the path).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Destination {
    /// The path given, for messages.
    pub path: PathBuf,
    /// The regular file to create or replace.
    pub target: PathBuf,
}

impl Destination {
    /// Refuses `path` unless it is absent, or a regular file (through symbolic links) that
    /// the user may write, and its directory takes a new file (one is made and removed).
    pub fn check(path: &Path) -> Result<Destination, DestinationError> {
        let target = check_target(path)?;
        probe_directory(path, &target)?;
        Ok(Destination {
            path: path.to_path_buf(),
            target,
        })
    }

    /// The directory the file is written in (a temporary file beside it, then renamed).
    pub fn directory(&self) -> PathBuf {
        match self.target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        }
    }
}

/// The file to replace for `path`: the file a symbolic link names, else `path`; refused when
/// it is not a regular file, names nothing, or may not be written.
fn check_target(path: &Path) -> Result<PathBuf, DestinationError> {
    let resolve = |error| DestinationError::Resolve {
        path: path.to_path_buf(),
        error,
    };
    let link = match std::fs::symlink_metadata(path) {
        Ok(m) => m.file_type().is_symlink(),
        // Absent: created. Other errors show when its directory is probed.
        Err(_) => return Ok(path.to_path_buf()),
    };
    // Through the link, if it is one: a link that names nothing (dangling, or a loop) is not
    // replaced by a regular file, and what it would name is not guessed.
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(error) if link => return Err(resolve(error)),
        Err(_) => return Ok(path.to_path_buf()),
    };
    if !meta.is_file() {
        return Err(DestinationError::NotAFile {
            path: path.to_path_buf(),
            kind: crate::source::kind_of(&meta.file_type()),
        });
    }
    let target = if link {
        std::fs::canonicalize(path).map_err(resolve)?
    } else {
        path.to_path_buf()
    };
    // Replacing a file needs only the directory's permission; a file made read-only (no write
    // bit for anyone, which the superuser could still write) or that the user may not write
    // must not be replaced. Opened for writing without truncating, so nothing in it changes.
    let read_only = |why| DestinationError::ReadOnly {
        path: path.to_path_buf(),
        why,
    };
    if meta.permissions().readonly() {
        return Err(read_only(None));
    }
    match OpenOptions::new().write(true).open(&target) {
        Err(e) if e.kind() == ErrorKind::PermissionDenied => Err(read_only(Some(e))),
        Err(error) => Err(DestinationError::Write {
            what: "write",
            path: path.to_path_buf(),
            error,
        }),
        Ok(_) => Ok(target),
    }
}

/// Refuses a directory that cannot take the new file (absent, not writable): a temporary
/// file is made beside `target` under an unpredictable name and removed at once.
fn probe_directory(path: &Path, target: &Path) -> Result<(), DestinationError> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let probe = tempfile::Builder::new()
        .prefix(".heapgame-probe-")
        .tempfile_in(dir);
    match probe {
        Ok(file) => file.close().map_err(|error| DestinationError::Write {
            what: "write",
            path: path.to_path_buf(),
            error,
        }),
        Err(error) => Err(DestinationError::Write {
            what: "write",
            path: path.to_path_buf(),
            error,
        }),
    }
}
