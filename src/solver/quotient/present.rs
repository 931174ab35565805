//! A presentation of a misère quotient: generators (the heaps whose element is not a product of
//! the elements of smaller heaps, named `a`, `b`, `c`, ...), each element's normal form (its
//! least word in a graded monomial order), and the relations: the least words that are not
//! normal, each equal to its normal form. These relations rewrite any word to its normal form
//! (they are a Gröbner basis of the monoid's congruence for that order), so they present it.

use rustc_hash::{FxHashMap, FxHashSet};

use super::Quotient;

/// A presentation of a quotient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Presentation {
    /// The heap each generator is the element of, in order (`a` first).
    pub generators: Vec<u32>,
    /// Each element's normal form, as exponents of the generators.
    pub normal: Vec<Vec<u32>>,
    /// The relations: a word and the element it equals.
    pub relations: Vec<(Vec<u32>, u32)>,
}

/// The name of generator `i`: `a`..`z`, then `g26`, `g27`, ...
pub fn letter(i: usize) -> String {
    if i < 26 {
        char::from(b'a' + i as u8).to_string()
    } else {
        format!("g{i}")
    }
}

/// A word written as CGSuite and the papers write monoid elements: `1`, `a`, `a^2b`, `bc^3`.
pub fn word(exps: &[u32]) -> String {
    let mut s = String::new();
    for (i, &e) in exps.iter().enumerate() {
        match e {
            0 => {}
            1 => s.push_str(&letter(i)),
            _ => s.push_str(&format!("{}^{e}", letter(i))),
        }
    }
    if s.is_empty() {
        s.push('1');
    }
    s
}

/// The order the normal forms are least in: degree first, then the last generator's exponent,
/// then the one before, ... (compatible with multiplication, so a monomial order).
fn key(w: &[u32]) -> (u32, Vec<u32>) {
    (w.iter().sum(), w.iter().rev().copied().collect())
}

impl Presentation {
    /// The presentation of `q`.
    pub fn of(q: &Quotient) -> Presentation {
        let mut generators = Vec::new();
        let mut gen_elem: Vec<u32> = Vec::new();
        let mut reach = vec![false; q.size];
        reach[0] = true;
        for h in 1..q.images.len() {
            let e = q.images[h];
            if reach[e as usize] {
                continue;
            }
            generators.push(h as u32);
            gen_elem.push(e);
            // The submonoid the generators so far generate.
            let mut stack: Vec<u32> = (0..q.size as u32).filter(|&x| reach[x as usize]).collect();
            while let Some(x) = stack.pop() {
                for &g in &gen_elem {
                    let y = q.times(x, g);
                    if !reach[y as usize] {
                        reach[y as usize] = true;
                        stack.push(y);
                    }
                }
            }
        }
        let gens = generators.len();
        let mut normal: Vec<Option<Vec<u32>>> = vec![None; q.size];
        normal[0] = Some(vec![0; gens]);
        let mut normal_words: FxHashSet<Vec<u32>> = FxHashSet::default();
        normal_words.insert(vec![0; gens]);
        let mut relations = Vec::new();
        let mut layer: Vec<u32> = vec![0];
        while !layer.is_empty() {
            let mut cands: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
            for &e in &layer {
                let w = normal[e as usize].clone().expect("normal form");
                for (i, &g) in gen_elem.iter().enumerate() {
                    let mut v = w.clone();
                    v[i] += 1;
                    cands.insert(v, q.times(e, g));
                }
            }
            let mut cands: Vec<(Vec<u32>, u32)> = cands.into_iter().collect();
            cands.sort_by_key(|(w, _)| key(w));
            let mut next = Vec::new();
            for (w, e) in cands {
                if normal[e as usize].is_none() {
                    normal[e as usize] = Some(w.clone());
                    normal_words.insert(w);
                    next.push(e);
                    continue;
                }
                let minimal = (0..gens).filter(|&i| w[i] > 0).all(|i| {
                    let mut d = w.clone();
                    d[i] -= 1;
                    normal_words.contains(&d)
                });
                if minimal {
                    relations.push((w, e));
                }
            }
            layer = next;
        }
        Presentation {
            generators,
            normal: normal
                .into_iter()
                .map(|w| w.expect("every element is a product of heaps"))
                .collect(),
            relations,
        }
    }

    /// An element's name: its normal form.
    pub fn name(&self, e: u32) -> String {
        word(&self.normal[e as usize])
    }

    /// The relations written out, `a^2 = 1`.
    pub fn relation_texts(&self) -> Vec<String> {
        self.relations
            .iter()
            .map(|(w, e)| format!("{} = {}", word(w), self.name(*e)))
            .collect()
    }
}
