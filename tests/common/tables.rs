//! The papers' printed tables, typed in once, value by value, for the tests that check them:
//! `tests/brute_force.rs` (against independent brute forces) and `tests/paper_tables/`
//! (through the bundled rulesets).
#![allow(dead_code)]

// Fraenkel and Zusman, A New Heap Game.

/// Fraenkel and Zusman, Section 4, Table 1: "The first few P-positions of Wyt", n, A_n, B_n.
pub const WYTHOFF_TABLE_1: [(u32, u32, u32); 11] = [
    (0, 0, 0),
    (1, 1, 2),
    (2, 3, 5),
    (3, 4, 7),
    (4, 6, 10),
    (5, 8, 13),
    (6, 9, 15),
    (7, 11, 18),
    (8, 12, 20),
    (9, 14, 23),
    (10, 16, 26),
];

// Fraenkel and Larsson, Take-away games on Beatty's Theorem.

/// Fraenkel and Larsson, Table 1, beta = pi, n = 0..29, as printed: the row A_n (the rows
/// Delta_n and Delta^2_n are in `tests/paper_tables/`, the only test that reads them).
pub const FL_TABLE_1_A: [u32; 30] = [
    0, 1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17, 19, 20, 22, 23, 24, 26, 27, 29, 30, 32, 33, 35,
    36, 38, 39, 41, 42,
];
/// Fraenkel and Larsson, Table 1, beta = pi, n = 0..29: the row B_n.
pub const FL_TABLE_1_B: [u32; 30] = [
    0, 3, 6, 9, 12, 15, 18, 21, 25, 28, 31, 34, 37, 40, 43, 47, 50, 53, 56, 59, 62, 65, 69, 72, 75,
    78, 81, 84, 87, 91,
];

// Propp, A New Take-Away Game.

/// Propp, Table 1: every reduced position with at most 4 components, with its circled (winning)
/// components, as sizes, and its type.
pub const PROPP_TABLE_1: [(&[u32], &[u32], char); 22] = [
    (&[1], &[1], 'N'),
    (&[1, 2], &[2], 'N'),
    (&[2, 2], &[], 'P'),
    (&[1, 2, 3], &[], 'P'),
    (&[1, 3, 3], &[1], 'N'),
    (&[2, 2, 3], &[], 'P'),
    (&[2, 3, 3], &[2], 'N'),
    (&[3, 3, 3], &[3], 'N'),
    (&[1, 2, 3, 4], &[1, 2], 'N'),
    (&[1, 2, 4, 4], &[2], 'N'),
    (&[1, 3, 3, 4], &[1, 3, 4], 'N'),
    (&[1, 3, 4, 4], &[3, 4], 'N'),
    (&[1, 4, 4, 4], &[4], 'N'),
    (&[2, 2, 3, 4], &[2], 'N'),
    (&[2, 2, 4, 4], &[], 'P'),
    (&[2, 3, 3, 4], &[2, 3, 4], 'N'),
    (&[2, 3, 4, 4], &[4], 'N'),
    (&[2, 4, 4, 4], &[], 'P'),
    (&[3, 3, 3, 4], &[3, 4], 'N'),
    (&[3, 3, 4, 4], &[4], 'N'),
    (&[3, 4, 4, 4], &[], 'P'),
    (&[4, 4, 4, 4], &[], 'P'),
];

/// Propp, Table 3: the winning components of the AP-position a, a+1, ..., a+n-1 (rows a = 1..10,
/// columns n = 1..10); "" is a blank entry (a P-position).
pub const PROPP_TABLE_3: [[&str; 10]; 10] = [
    ["1", "2", "", "1-2", "4-5", "", "1-4", "6-8", "", "1-6"],
    ["2", "", "2", "4-5", "", "2-4", "6-8", "", "2-6", "8-11"],
    ["3", "", "3-5", "", "3-4", "6-8", "", "3-6", "8-11", ""],
    ["4", "", "4-6", "", "4-8", "", "4-6", "8-11", "", "4-8"],
    ["5", "", "5-7", "", "5-9", "", "5-11", "", "5-8", "10-14"],
    ["6", "", "6-8", "", "6-10", "", "6-12", "", "6-14", ""],
    ["7", "", "7-9", "", "7-11", "", "7-13", "", "7-15", ""],
    ["8", "", "8-10", "", "8-12", "", "8-14", "", "8-16", ""],
    ["9", "", "9-11", "", "9-13", "", "9-15", "", "9-17", ""],
    ["10", "", "10-12", "", "10-14", "", "10-16", "", "10-18", ""],
];

/// Propp, Table 4: Grundy values of the AP-positions (rows a = 1..10, columns n = 1..10).
pub const PROPP_TABLE_4: [[u32; 10]; 10] = [
    [1, 2, 0, 1, 3, 0, 1, 2, 0, 1],
    [1, 0, 1, 3, 0, 1, 2, 0, 1, 3],
    [1, 0, 1, 0, 1, 2, 0, 1, 3, 0],
    [1, 0, 1, 0, 1, 0, 1, 3, 0, 1],
    [1, 0, 1, 0, 1, 0, 1, 0, 1, 2],
    [1, 0, 1, 0, 1, 0, 1, 0, 1, 0],
    [1, 0, 1, 0, 1, 0, 1, 0, 1, 0],
    [1, 0, 1, 0, 1, 0, 1, 0, 1, 0],
    [1, 0, 1, 0, 1, 0, 1, 0, 1, 0],
    [1, 0, 1, 0, 1, 0, 1, 0, 1, 0],
];
