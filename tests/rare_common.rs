//! The rare/common-value engine of take-and-break sequences (`solver::sum::rare`) against the
//! plain kernel (every option's value, the method it replaces), value by value: on every
//! bundled ruleset the kernel recognises, on octal codes of the literature, on random octal
//! and hexadecimal codes (proptest), at lengths where the rare set forms and where it does
//! not; and Grundy's game against OEIS A002188 and an independent brute force to 10^4.

use std::path::Path;

use heapgame::solver::sum::kernel::{Kernel, TakeBreak};
use heapgame::solver::sum::values::Values;
use heapgame::solver::Budget;
use heapgame::Game;
use proptest::prelude::*;

use crate::common::load;

/// The values of heaps `0..=max` by the engine and by the plain kernel, and the engine's
/// count of heaps it decided (0 when it never ran). The engine runs twice: on values held a
/// byte each where they fit (as `sequence` holds them: its scan and rare pairs then read
/// bytes), and on `u32`s (the sum oracle's); both must give the same values.
fn both(game: &Game, max: u32) -> Option<(Vec<u32>, Vec<u32>, u64)> {
    let rules = TakeBreak::of(game.generator())?;
    let budget = Budget::default();
    let mut fast = Kernel::new(rules.clone());
    let mut a = Vec::new();
    let ra = fast.extend(&mut a, max, &budget, &mut |_| true);
    let mut narrow = Values::default();
    let rn = Kernel::new(rules.clone()).extend(&mut narrow, max, &budget, &mut |_| true);
    assert_eq!(ra.is_ok(), rn.is_ok(), "{}", game.checked.name);
    if ra.is_ok() {
        let n = narrow.to_vec(0..narrow.len());
        if let Some(i) = a.iter().zip(&n).position(|(x, y)| x != y) {
            panic!(
                "{}: heap {i}: u32s {} against bytes {}",
                game.checked.name, a[i], n[i]
            );
        }
        assert_eq!(a.len(), n.len(), "{}", game.checked.name);
    }
    let mut b = Vec::new();
    let rb = Kernel::plain(rules).extend(&mut b, max, &budget, &mut |_| true);
    // Both refuse the same rulesets (a take of 0 leaving the heap).
    assert_eq!(ra.is_ok(), rb.is_ok(), "{}", game.checked.name);
    ra.ok()?;
    let decided = fast
        .rare_facts()
        .map_or(0, |f| f.stats.fast + f.stats.scanned);
    Some((a, b, decided))
}

/// Asserts the engine's values equal the plain kernel's; returns the heaps it decided.
fn agree(game: &Game, max: u32, what: &str) -> u64 {
    let Some((a, b, decided)) = both(game, max) else {
        return 0;
    };
    if let Some(i) = a.iter().zip(&b).position(|(x, y)| x != y) {
        panic!(
            "{what}: heap {i}: rare/common {} against plain {}",
            a[i], b[i]
        );
    }
    assert_eq!(a.len(), b.len(), "{what}");
    decided
}

fn code_game(kind: &str, code: &str) -> Option<Game> {
    let text = format!("ruleset \"C\" {{ heaps any move {{ {kind} {code} }} }}");
    Game::from_source("code.game", &text, &[]).ok()
}

fn bundled(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).expect("rulesets/ is read").flatten() {
        let p = e.path();
        if p.is_dir() {
            bundled(&p, out);
        } else if p.extension().is_some_and(|x| x == "game") {
            out.push(p);
        }
    }
}

#[test]
fn every_bundled_take_and_break_ruleset_agrees() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets");
    let mut files = Vec::new();
    bundled(&root, &mut files);
    files.sort();
    let mut recognised = 0;
    for f in files {
        let rel = f.strip_prefix(env!("CARGO_MANIFEST_DIR")).expect("inside");
        let game = load(&rel.to_string_lossy(), &[]);
        if TakeBreak::of(game.generator()).is_none() {
            continue;
        }
        recognised += 1;
        // Short (the engine never starts) and long enough for a rare set to form.
        for max in [200, 3000] {
            agree(&game, max, &format!("{} to {max}", rel.display()));
        }
    }
    // Kayles, Dawson's Kayles, Grundy's game, Lasker's Nim, the octal file, Treblecross ...
    assert!(recognised >= 5, "{recognised} rulesets recognised");
}

#[test]
fn octal_codes_of_the_literature_agree_and_the_engine_runs() {
    // Officers (0.6), Grundy's game, and codes with long or unknown periods (Flammenkamp's
    // table): 0.16, 0.106, 0.165, 0.454, 0.354, 4.7; and splits without a take (4.x).
    let mut decided = Vec::new();
    // Officers' rare set becomes sparse (one heap in 8) near 13,000, Grundy's game's near 6000.
    let officers = code_game("octal", "0.6").expect("a code");
    decided.push(("0.6", agree(&officers, 16_000, "0.6")));
    for code in [
        "0.16", "0.106", "0.165", "0.454", "0.354", "4.7", "0.1777", "0.56",
    ] {
        let game = code_game("octal", code).expect("a code");
        decided.push((code, agree(&game, 4000, code)));
    }
    let grundy = load("rulesets/classic/grundy-game.game", &[]);
    let g = agree(&grundy, 10_000, "Grundy's game");
    // The engine decides most heaps of Officers and of Grundy's game once its rare set forms
    // (not a check of speed: of which method computed the values compared above).
    let officers = decided[0].1;
    assert!(officers > 1000, "Officers: {decided:?}");
    assert!(g > 1000, "Grundy's game: {g}");
}

#[test]
fn the_mask_and_the_rare_values_of_grundys_game() {
    let game = load("rulesets/classic/grundy-game.game", &[]);
    let rules = TakeBreak::of(game.generator()).expect("take-and-break");
    let mut k = Kernel::new(rules);
    let mut seq = Vec::new();
    k.extend(&mut seq, 20_000, &Budget::default(), &mut |_| true)
        .expect("computed");
    let facts = k.rare_facts().expect("the engine runs on Grundy's game");
    // One group: the only split takes nothing (amounts of parity 0).
    assert_eq!(facts.groups.len(), 1);
    let f = &facts.groups[0];
    assert_eq!(f.amounts_parity, Some(0));
    // The rare heaps are exactly those whose value has an even number of bits under the mask
    // (the definition, checked on the values computed), and they are few.
    let parity = |v: u32| (v & f.mask).count_ones() % 2;
    let rare: Vec<u32> = (0..seq.len() as u32)
        .filter(|&i| {
            let pos = f.position.map_or(0, |q| (i ^ q) & 1);
            parity(seq[i as usize]) ^ pos == 0
        })
        .collect();
    assert_eq!(rare, f.rare_heaps);
    assert!(
        f.rare_heaps.len() * 8 <= seq.len(),
        "{}",
        f.rare_heaps.len()
    );
    assert!(f.rare_values.iter().all(|&v| parity(v) == 0));
    // Flammenkamp's table of Grundy's game: the sparse values are those with an even number
    // of ones without the lowest digit (m = ...11110), and its first sparse heaps are these.
    let top = (seq.iter().max().expect("values") + 1).next_power_of_two() - 1;
    assert_eq!((f.mask & top, f.position), (top & !1, None));
    let flammenkamp = [
        0, 1, 2, 3, 4, 6, 7, 9, 10, 12, 15, 20, 23, 26, 28, 31, 34, 37, 40, 43, 46, 49, 50, 52, 53,
        55, 58, 61, 87, 90, 93, 146, 149, 152, 158, 161, 164, 167, 176, 179, 181, 182, 185, 188,
        190, 193, 196, 231,
    ];
    let first: Vec<u32> = f
        .rare_heaps
        .iter()
        .copied()
        .take_while(|&h| h <= 231)
        .collect();
    assert_eq!(first, flammenkamp);
}

/// Grundy's game by its definition: the mex over every split into two unequal heaps.
fn grundy_brute(max: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(max + 1);
    let mut seen = vec![false; 1024];
    for n in 0..=max {
        seen.iter_mut().for_each(|s| *s = false);
        for a in 1..n.div_ceil(2) {
            seen[(g[a] ^ g[n - a]) as usize] = true;
        }
        g.push(seen.iter().position(|&s| !s).expect("below 1024") as u32);
    }
    g
}

#[test]
fn grundys_game_is_oeis_a002188_to_ten_thousand() {
    // A002188, n = 0..=104, the data of the OEIS entry (Grundy's game).
    let oeis: Vec<u32> = "0,0,0,1,0,2,1,0,2,1,0,2,1,3,2,1,3,2,4,3,0,4,3,0,4,3,0,4,1,2,3,1,2,4,\
         1,2,4,1,2,4,1,5,4,1,5,4,1,5,4,1,0,2,1,0,2,1,5,2,1,3,2,1,3,2,4,3,2,4,\
         3,2,4,3,2,4,3,2,4,3,2,4,5,2,4,5,2,4,3,7,4,3,7,4,3,7,4,3,5,2,3,5,2,3,5,2,3"
        .split(',')
        .map(|t| t.trim().parse().expect("a number"))
        .collect();
    assert_eq!(oeis.len(), 105);
    let brute = grundy_brute(10_000);
    assert_eq!(&brute[..oeis.len()], &oeis[..], "the brute force");
    let game = load("rulesets/classic/grundy-game.game", &[]);
    let got = heapgame::sequence::sequence(&game, 10_000, &Budget::default())
        .map_err(|e| format!("{e:?}"))
        .expect("a sum")
        .values;
    assert_eq!(&got[..oeis.len()], &oeis[..]);
    if let Some(i) = got.iter().zip(&brute).position(|(a, b)| a != b) {
        panic!("heap {i}: {} against the brute force {}", got[i], brute[i]);
    }
    assert_eq!(got.len(), brute.len());
}

/// A code: the digit before the point (none, or a split without a take), then 1 to 4
/// digits, the last not 0.
fn code(radix: u32, first: &'static [u32]) -> impl Strategy<Value = String> {
    (
        prop::sample::select(first),
        prop::collection::vec(0..radix, 0..4),
        1..radix,
    )
        .prop_map(move |(d0, mid, last)| {
            let digit = |d: u32| char::from_digit(d, radix).expect("a digit");
            let mut s = format!("{}.", digit(d0));
            s.extend(mid.into_iter().map(digit));
            s.push(digit(last));
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_octal_codes_agree(c in code(8, &[0, 0, 0, 4]), max in prop::sample::select(vec![150u32, 1500])) {
        let game = code_game("octal", &c).expect("an octal code");
        agree(&game, max, &format!("octal {c} to {max}"));
    }

    #[test]
    fn random_hexadecimal_codes_agree(c in code(16, &[0, 0, 4, 8]), max in prop::sample::select(vec![150u32, 1200])) {
        // Digits a to f may not lex as a number: such codes are skipped, not failed.
        if let Some(game) = code_game("hex", &c) {
            agree(&game, max, &format!("hex {c} to {max}"));
        }
    }
}

/// The engine's values of heaps `0..=max`, held as `u32`s (its rare pairs heap by heap and
/// the scan reading the values backwards) and held a byte each (its rare pairs a block of
/// heaps at once, the scan's partners from the reversed byte copy).
fn by_u32s_and_by_bytes(game: &Game, max: u32) -> (Vec<u32>, Vec<u32>) {
    let rules = TakeBreak::of(game.generator()).expect("a take-and-break ruleset");
    let budget = Budget::default();
    let mut wide = Vec::new();
    Kernel::new(rules.clone())
        .extend(&mut wide, max, &budget, &mut |_| true)
        .expect("the values");
    let mut narrow = Values::default();
    Kernel::new(rules)
        .extend(&mut narrow, max, &budget, &mut |_| true)
        .expect("the values");
    assert_eq!(
        narrow.width(),
        1,
        "every value below 256: {:?}",
        narrow.max()
    );
    (wide, narrow.to_vec(0..narrow.len()))
}

#[test]
fn values_held_a_byte_each_agree_past_the_reversed_copy_and_many_blocks() {
    // Past 2 * 2^16 heaps the reversed copy has been refilled twice, and some 2,000 blocks
    // of 64 heaps have been built; Grundy's game (parts unequal) and 0.354 (takes before the
    // split, two groups of splits). (Officers' values reach 256 at heap 10,344, before its
    // rare set forms: the byte paths never run for it.)
    let games = [
        (
            "Grundy's game",
            load("rulesets/classic/grundy-game.game", &[]),
        ),
        ("0.354", code_game("octal", "0.354").expect("a code")),
    ];
    for (name, game) in games {
        let (wide, narrow) = by_u32s_and_by_bytes(&game, 140_000);
        if let Some(i) = wide.iter().zip(&narrow).position(|(x, y)| x != y) {
            panic!(
                "{name}: heap {i}: u32s {} against bytes {}",
                wide[i], narrow[i]
            );
        }
        assert_eq!(wide.len(), narrow.len(), "{name}");
    }
}
