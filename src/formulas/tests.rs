//! Tests of the formulas against independent brute forces.
