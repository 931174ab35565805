//! The type of the callback that receives each move a compiled clause enumerates (the heaps
//! chosen and what the clause shows of the amounts). On native targets it is a generic
//! `impl FnMut`, so that each kernel's loop is compiled with its callback inlined; on
//! wasm32 (the playground) it is one `dyn FnMut`, so that the enumeration is compiled once
//! instead of once per caller's closure (about 24 copies, a fifth of the module's code).

/// `impl FnMut(&[usize], Shown<'_>) -> bool` natively, `dyn FnMut(...)` on wasm32.
#[cfg(not(target_arch = "wasm32"))]
macro_rules! sink {
    () => { impl FnMut(&[usize], Shown<'_>) -> bool };
}

/// `impl FnMut(&[usize], Shown<'_>) -> bool` natively, `dyn FnMut(...)` on wasm32.
#[cfg(target_arch = "wasm32")]
macro_rules! sink {
    () => { dyn FnMut(&[usize], Shown<'_>) -> bool };
}
