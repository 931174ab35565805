//! Abuku, Sakai, Shinoda and Suetsugu, Some extensions of Delete Nim: terminal positions,
//! rule identities, arithmetic lemmas.

use super::*;

#[test]
fn abuku_terminal_positions() {
    // Section 3.1: the terminal positions of ABO-delete Nim are those with 1 <= z_i <= n - 1.
    // Section 6.1: the only terminal position of Single-delete Nim is <1, ..., 1>.
    for n in 2..=4u32 {
        let abo = load("abuku/abo-delete.game", &[("n", &n.to_string())]);
        let single = load("abuku/single-delete.game", &[("n", &n.to_string())]);
        for (game, terminal) in [
            (
                &abo,
                Box::new(move |p: &[u32]| p.iter().all(|&z| z < n)) as Box<dyn Fn(&[u32]) -> bool>,
            ),
            (&single, Box::new(|p: &[u32]| p.iter().all(|&z| z == 1))),
        ] {
            for p in box_positions(game.shape(), 8, 0) {
                let fs = game
                    .followers(&p)
                    .unwrap_or_else(|e| panic!("followers of {p:?}: {e:?}"));
                assert_eq!(
                    fs.is_empty(),
                    terminal(&p),
                    "{} n = {n}: {p:?}",
                    game.checked.name
                );
            }
        }
    }
}

#[test]
fn abuku_rule_identities() {
    // "VDN and Delete Nim are equivalent games": <x, y> of VDN is <x - 1, y - 1> of Delete Nim.
    // The n = 2 cases of ABO-, NMTH-, Half- and Single-delete Nim are VDN; NMTH-delete Nim with
    // n = 3 is Single-delete Nim with n = 3; (k-1)/k n-delete Nim is Half-delete Nim for k = 2
    // and ABO-delete Nim for k = n. Compared follower by follower.
    let vdn = load("abuku/vdn.game", &[]);
    let delete = load("abuku/delete-nim.game", &[]);
    for p in box_positions(vdn.shape(), 12, 0) {
        let shifted: Vec<u32> = p.iter().map(|&h| h - 1).collect();
        let mut via: Vec<Vec<u32>> = followers(&delete, &canon(&delete, &shifted))
            .into_iter()
            .map(|f| f.iter().map(|&h| h + 1).collect::<Vec<u32>>())
            .map(|f| canon(&vdn, &f))
            .collect();
        via.sort();
        via.dedup();
        assert_eq!(followers(&vdn, &p), via, "VDN vs Delete Nim at {p:?}");
    }
    let pairs: [(&str, Params, &str, Params); 7] = [
        (
            "abuku/abo-delete.game",
            &[("n", "2")],
            "abuku/vdn.game",
            &[],
        ),
        (
            "abuku/nmth-delete.game",
            &[("n", "2")],
            "abuku/vdn.game",
            &[],
        ),
        (
            "abuku/half-delete.game",
            &[("n", "2")],
            "abuku/vdn.game",
            &[],
        ),
        (
            "abuku/single-delete.game",
            &[("n", "2")],
            "abuku/vdn.game",
            &[],
        ),
        (
            "abuku/nmth-delete.game",
            &[("n", "3")],
            "abuku/single-delete.game",
            &[("n", "3")],
        ),
        (
            "abuku/k-delete.game",
            &[("k", "2"), ("n", "4")],
            "abuku/half-delete.game",
            &[("n", "4")],
        ),
        (
            "abuku/k-delete.game",
            &[("k", "3"), ("n", "3")],
            "abuku/abo-delete.game",
            &[("n", "3")],
        ),
    ];
    for (a, pa, b, pb) in pairs {
        let (ga, gb) = (load(a, pa), load(b, pb));
        for p in box_positions(ga.shape(), 9, 0) {
            assert_eq!(
                followers(&ga, &p),
                followers(&gb, &p),
                "{a} {pa:?} vs {b} {pb:?} at {p:?}"
            );
        }
    }
}

/// The 2-adic valuation of z > 0.
fn v2(z: u32) -> u32 {
    z.trailing_zeros()
}

/// Whether z is k-oddoid (Definition 5.4): z mod k(k-1) in 1..=k-1.
fn oddoid(z: u32, k: u32) -> bool {
    (1..k).contains(&(z % (k * (k - 1))))
}

/// Which sums up to `top` are sums of exactly `parts` members of `allowed` (repeats allowed).
fn sums_of(parts: u32, top: u32, allowed: &dyn Fn(u32) -> bool) -> Vec<bool> {
    let mut reach = vec![false; top as usize + 1];
    reach[0] = true;
    for _ in 0..parts {
        let mut next = vec![false; top as usize + 1];
        for (s, _) in reach.iter().enumerate().filter(|(_, &r)| r) {
            for a in (1..=top - s as u32).filter(|&a| allowed(a)) {
                next[s + a as usize] = true;
            }
        }
        reach = next;
    }
    reach
}

#[test]
fn abuku_arithmetic_lemmas() {
    // The arithmetic the proofs rest on, checked directly (no game involved).
    // Proposition 4.3: x + y = z; (i) v2(x) = v2(y) gives v2(z) > v2(x); (ii) v2(x) != v2(y)
    // gives v2(z) = min(v2(x), v2(y)). Proposition 4.4: for k < v2(z), (z - 2^k, 2^k) splits z
    // into two parts of valuation k.
    for x in 1..=200u32 {
        for y in 1..=200u32 {
            let z = x + y;
            if v2(x) == v2(y) {
                assert!(v2(z) > v2(x), "Proposition 4.3 (i): {x} + {y}");
            } else {
                assert_eq!(v2(z), v2(x).min(v2(y)), "Proposition 4.3 (ii): {x} + {y}");
            }
        }
        for k in 0..v2(x) {
            let (a, b) = (x - (1 << k), 1u32 << k);
            assert!(v2(a) == k && v2(b) == k, "Proposition 4.4: {x}, k = {k}");
        }
    }
    // Lemma 5.5 for k = 2..5: (1) no k-oddoid number is a sum of k k-oddoid numbers; (2) every x
    // in k..=k(k-1) is a sum of k numbers in 1..=k-1; (3) every k-evenoid y < k^s is a sum of k
    // k-oddoid numbers below k^(s-1) (s = 1..4).
    for k in 2..=5u32 {
        let top = k.pow(4);
        let odd_sums = sums_of(k, top, &|a| oddoid(a, k));
        for x in (1..=top).filter(|&x| oddoid(x, k)) {
            assert!(!odd_sums[x as usize], "Lemma 5.5 (1): k = {k}, {x}");
        }
        let small = sums_of(k, k * (k - 1), &|a| a < k);
        for x in k..=k * (k - 1) {
            assert!(small[x as usize], "Lemma 5.5 (2): k = {k}, {x}");
        }
        for s in 1..=4 {
            let below = k.pow(s - 1);
            let sums = sums_of(k, k.pow(s), &|a| oddoid(a, k) && a < below);
            for y in (1..k.pow(s)).filter(|&y| !oddoid(y, k)) {
                assert!(sums[y as usize], "Lemma 5.5 (3): k = {k}, s = {s}, {y}");
            }
        }
    }
}
