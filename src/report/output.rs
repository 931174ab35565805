//! `--output FILE`: the text is written whole or not at all, and only ever to a regular file
//! the user may write. A path that exists and is not a regular file (`/dev/null`, a directory,
//! a pipe), a file the user may not write (read-only), and a symbolic link that names nothing
//! (dangling, or a loop) are refused before anything is computed into them; a symbolic link to
//! a regular file is written through (the file it names is replaced, the link kept). The text
//! goes to a temporary file in the target's directory (`tempfile`'s [`NamedTempFile`]: created
//! exclusively under an unpredictable name, removed if the write fails), is flushed to disk,
//! and is then renamed over FILE (`persist`), with FILE's permissions when it existed; an error
//! or an interruption before the rename leaves FILE as it was. [`Streamed`] does the same for
//! text written piece by piece (`solve`: opened before the solve, committed after it).

use std::fs::OpenOptions;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

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

/// Refuses `path` unless it is absent, or a regular file (through symbolic links) that the
/// user may write; returns the path to replace: the file a symbolic link names, else `path`.
pub fn check_target(path: &Path) -> Result<PathBuf, OutputError> {
    let resolve = |error| OutputError::Resolve {
        path: path.to_path_buf(),
        error,
    };
    let link = match std::fs::symlink_metadata(path) {
        Ok(m) => m.file_type().is_symlink(),
        // Absent: created. Other errors show when it is written.
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
        return Err(OutputError::NotAFile {
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
    let read_only = |why| OutputError::ReadOnly {
        path: path.to_path_buf(),
        why,
    };
    if meta.permissions().readonly() {
        return Err(read_only(None));
    }
    match OpenOptions::new().write(true).open(&target) {
        Err(e) if e.kind() == ErrorKind::PermissionDenied => Err(read_only(Some(e))),
        Err(error) => Err(OutputError::Write {
            what: "write",
            path: path.to_path_buf(),
            error,
        }),
        Ok(_) => Ok(target),
    }
}

/// A new temporary file beside `target`, under a name no other process can predict, with the
/// permissions of `target` when it exists (else those of a new file).
fn create_temp(target: &Path) -> std::io::Result<NamedTempFile> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    // At most 100 characters of the name, so that the temporary name stays within limits.
    let name: String = target
        .file_name()
        .map(|n| n.to_string_lossy().chars().take(100).collect())
        .unwrap_or_else(|| "output".to_string());
    let mut builder = tempfile::Builder::new();
    let prefix = format!(".{name}.heapgame-");
    builder.prefix(&prefix).suffix(".tmp");
    // A new file gets what a plain `File::create` gives (0666 less the umask), not the
    // temporary file's 0600.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let tmp = builder.tempfile_in(dir)?;
    if let Ok(meta) = std::fs::metadata(target) {
        tmp.as_file().set_permissions(meta.permissions())?;
    }
    Ok(tmp)
}

/// Writes to `path` atomically what `fill` writes (through a buffer); an error from `fill`
/// leaves `path` as it was (an `Interrupted` one is returned with its message alone).
pub fn write_streamed(
    path: &Path,
    fill: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> Result<(), OutputError> {
    let mut file = Streamed::open(path)?;
    match fill(&mut file) {
        Ok(()) => file.commit(),
        Err(e) => Err(file.failed(e)),
    }
}

/// A file written piece by piece, whole or not at all: opened (the target checked, a
/// temporary file made beside it) before anything is computed into it, written through a
/// buffer, then committed (flushed to disk and renamed over the target); dropped uncommitted,
/// the temporary file is removed and the target left as it was.
pub(crate) struct Streamed {
    path: PathBuf,
    target: PathBuf,
    out: std::io::BufWriter<NamedTempFile>,
}

impl Streamed {
    /// Checks `path` ([`check_target`]) and makes the temporary file beside it.
    pub fn open(path: &Path) -> Result<Streamed, OutputError> {
        let target = check_target(path)?;
        let tmp = create_temp(&target).map_err(|error| OutputError::Write {
            what: "write",
            path: path.to_path_buf(),
            error,
        })?;
        Ok(Streamed {
            path: path.to_path_buf(),
            target,
            out: std::io::BufWriter::with_capacity(1 << 16, tmp),
        })
    }

    /// A write's error `e` as the file's: a stopped run (Ctrl-C, `--time`: `Interrupted`) is
    /// the caller's to report. The temporary file is removed.
    pub fn failed(self, e: std::io::Error) -> OutputError {
        if e.kind() == ErrorKind::Interrupted {
            return OutputError::Stopped(e);
        }
        self.fail("write", e)
    }

    fn fail(&self, what: &'static str, error: std::io::Error) -> OutputError {
        OutputError::Write {
            what,
            path: self.path.clone(),
            error,
        }
    }

    /// Flushes the text to disk and renames it over the target.
    pub fn commit(self) -> Result<(), OutputError> {
        let (path, target) = (self.path.clone(), self.target.clone());
        let fail = |what, error| OutputError::Write {
            what,
            path: path.clone(),
            error,
        };
        let tmp = (self.out)
            .into_inner()
            .map_err(|e| fail("write", e.into_error()))?;
        tmp.as_file().sync_all().map_err(|e| fail("write", e))?;
        tmp.persist(&target)
            .map(drop)
            .map_err(|e| fail("replace", e.error))
    }
}

impl std::io::Write for Streamed {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.out.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.out.write_all(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_names_differ_and_lie_beside_the_target() {
        let dir = std::env::temp_dir().join(format!("heapgame-output-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("t.txt");
        let a = create_temp(&target).unwrap();
        let b = create_temp(&target).unwrap();
        assert_ne!(a.path(), b.path());
        assert_eq!(a.path().parent(), Some(dir.as_path()));
        drop((a, b));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
