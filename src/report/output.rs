//! `--output FILE`: the text is written whole or not at all, at a [`Destination`] the query
//! floor checked before anything was computed (a regular file the user may write, or none
//! yet; a symbolic link to one written through: the file it names is replaced, the link
//! kept). The text goes to a temporary file in the target's directory (`tempfile`'s
//! [`NamedTempFile`]: created exclusively under an unpredictable name, removed if the write
//! fails), is flushed to disk, and is then renamed over FILE (`persist`), with FILE's
//! permissions when it existed; an error or an interruption before the rename leaves FILE as
//! it was. [`Streamed`] does the same for text written piece by piece (`solve`'s table,
//! opened, written and committed once the box is solved).

use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use crate::query::destination::{Destination, DestinationError};

use tempfile::NamedTempFile;

use miette::Diagnostic;
use thiserror::Error;

/// Why a picture or a table could not be written: every message worded here or in
/// [`DestinationError`] (the refusals of the path, before any work), its code from the
/// variant.
#[derive(Debug, Error, Diagnostic)]
pub enum OutputError {
    /// The path refused, or its file not written or replaced.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Destination(#[from] DestinationError),
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

/// The file of `path` not written (`what`: "write") or not replaced ("replace").
fn unwritten(what: &'static str, path: &Path, error: std::io::Error) -> OutputError {
    OutputError::Destination(DestinationError::Write {
        what,
        path: path.to_path_buf(),
        error,
    })
}

/// Writes `text` (or any bytes: a picture) to `path` atomically.
pub fn write_whole(path: &Path, text: impl AsRef<[u8]>) -> Result<(), OutputError> {
    write_whole_to(&Destination::check(path)?, text)
}

/// Writes `text` atomically to `to`, checked before the work.
pub fn write_whole_to(to: &Destination, text: impl AsRef<[u8]>) -> Result<(), OutputError> {
    write_streamed(to, |f| f.write_all(text.as_ref()))
}

/// A new temporary file beside `target`, under a name no other process can predict, with the
/// permissions of `target` when it exists (else those of a new file).
fn create_temp(to: &Destination) -> std::io::Result<NamedTempFile> {
    let (dir, target) = (to.directory(), &to.target);
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

/// Writes to `to` atomically what `fill` writes (through a buffer); an error from `fill`
/// leaves the file as it was (an `Interrupted` one is returned with its message alone).
pub fn write_streamed(
    to: &Destination,
    fill: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> Result<(), OutputError> {
    let mut file = Streamed::open(to)?;
    match fill(&mut file) {
        Ok(()) => file.commit(),
        Err(e) => Err(file.failed(e)),
    }
}

/// A file written piece by piece, whole or not at all: opened at a checked [`Destination`] (a
/// temporary file made beside it), written through a buffer, then committed (flushed to disk and renamed over the target); dropped uncommitted,
/// the temporary file is removed and the target left as it was.
pub(crate) struct Streamed {
    path: PathBuf,
    target: PathBuf,
    out: std::io::BufWriter<NamedTempFile>,
}

impl Streamed {
    /// Makes the temporary file beside the destination, checked before the work
    /// ([`Destination::check`]).
    pub fn open(to: &Destination) -> Result<Streamed, OutputError> {
        let tmp = create_temp(to).map_err(|e| unwritten("write", &to.path, e))?;
        Ok(Streamed {
            path: to.path.clone(),
            target: to.target.clone(),
            out: std::io::BufWriter::with_capacity(1 << 16, tmp),
        })
    }

    /// A write's error `e` as the file's: a stopped run (Ctrl-C, `--time`: `Interrupted`) is
    /// the caller's to report. The temporary file is removed.
    pub fn failed(self, e: std::io::Error) -> OutputError {
        if e.kind() == ErrorKind::Interrupted {
            return OutputError::Stopped(e);
        }
        unwritten("write", &self.path, e)
    }

    /// Flushes the text to disk and renames it over the target.
    pub fn commit(self) -> Result<(), OutputError> {
        let (path, target) = (self.path.clone(), self.target.clone());
        let fail = |what, error| unwritten(what, &path, error);
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
        let to = Destination::check(&dir.join("t.txt")).unwrap();
        let a = create_temp(&to).unwrap();
        let b = create_temp(&to).unwrap();
        assert_ne!(a.path(), b.path());
        assert_eq!(a.path().parent(), Some(dir.as_path()));
        drop((a, b));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
