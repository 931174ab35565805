//! `--output FILE`: the text is written whole or not at all. It goes to a temporary file in
//! the same directory (so that the rename stays on one file system), is flushed to disk, and
//! is then renamed over FILE; an error or an interruption before the rename leaves FILE as it
//! was. [`write_streamed`] does the same for text written piece by piece (`solve`).

use std::path::{Path, PathBuf};

use miette::Report;

/// Writes `text` (or any bytes: a picture) to `path` atomically.
pub fn write_whole(path: &Path, text: impl AsRef<[u8]>) -> Result<(), Report> {
    write_streamed(path, |f| f.write_all(text.as_ref()))
}

/// Writes to `path` atomically what `fill` writes (through a buffer); an error from `fill`
/// leaves `path` as it was (an `Interrupted` one is returned with its message alone).
pub fn write_streamed(
    path: &Path,
    fill: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> Result<(), Report> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".to_string());
    let tmp = dir.join(format!(".{name}.heapgame-{}.tmp", std::process::id()));
    let fail = |what: &str, e: std::io::Error| {
        miette::miette!(
            code = "heapgame::io",
            help = "check that the directory exists and is writable; nothing was written",
            "cannot {what} `{}`: {e}",
            path.display()
        )
    };
    let write = || -> std::io::Result<()> {
        let mut f = std::io::BufWriter::with_capacity(1 << 16, std::fs::File::create(&tmp)?);
        fill(&mut f)?;
        f.into_inner().map_err(|e| e.into_error())?.sync_all()
    };
    if let Err(e) = write() {
        let _ = std::fs::remove_file(&tmp);
        // A stopped run (Ctrl-C, --time) is the caller's to report.
        if e.kind() == std::io::ErrorKind::Interrupted {
            return Err(miette::miette!("{e}"));
        }
        return Err(fail("write", e));
    }
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        fail("replace", e)
    })
}
