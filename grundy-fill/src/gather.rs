//! The box's values read out of the filled cube: one row of the box a call.

/// Appends to `values` the `len` values of `g` at `start`, `start + stride`, ... (one row of
/// the box, heapgame's `src/solver/kernels/output.rs`). A call of its own a row (never
/// inlined): the browser optimises a function from its next call on, and a box read in one
/// call ran in its first, unoptimised compilation (Wythoff (3000, 4000): 8 million values).
#[inline(never)]
pub fn row(values: &mut Vec<u32>, g: &[u32], start: usize, stride: usize, len: usize) {
    values.extend((0..len).map(|i| g[start + i * stride]));
}
