//! Long output in the REPL (`:sequence 30000000`): written in pieces, the Ctrl-C flag looked
//! at between them, so that a press stops the output and the session goes on.

use std::sync::atomic::Ordering;

use miette::Report;

use super::Ui;

impl Ui {
    /// Writes long output as a computation Ctrl-C may stop: in pieces, the cancel flag looked
    /// at between them, so that a press stops the output (and the session goes on) rather
    /// than go unseen until the whole text is written, or end a session read from a pipe.
    pub(super) fn emit_long(&mut self, text: &str) -> Result<(), Report> {
        const PIECE: usize = 1 << 16;
        if text.len() <= PIECE {
            super::emit(text);
            return Ok(());
        }
        // A Ctrl-C while the text was built (the computation before) stops it unwritten.
        let cancel = self.cancel.clone();
        self.computing.store(true, Ordering::SeqCst);
        let mut written = None;
        let mut at = 0;
        while at < text.len() {
            if cancel.load(Ordering::SeqCst) {
                written = Some(at);
                break;
            }
            let mut end = (at + PIECE).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            super::emit(&text[at..end]);
            at = end;
        }
        self.computing.store(false, Ordering::SeqCst);
        match written {
            None => Ok(()),
            Some(written) => {
                super::emit("\n");
                Err(Report::new(super::error::ReplError::OutputStopped {
                    written,
                    total: text.len(),
                }))
            }
        }
    }
}
