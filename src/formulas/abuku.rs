//! (being written)

use super::FormulaDef;

/// The registry entries of this file.
pub(super) static FORMULAS: &[&FormulaDef] = &[];
