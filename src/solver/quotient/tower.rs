//! The states that order and decide one step of the quotient's construction. Level 0 is the
//! quotient built so far (its elements). A level-`d` state of a sum `y` of smaller heaps is
//! the pair (its element, the set of level-`d - 1` states of its options); the pairs multiply
//! as sums do, `(a, T)(b, U) = (ab, T·v ∪ u·U)` with `u`, `v` the level-`d - 1` states of the
//! factors, so each level is a finite commutative monoid onto which the sums map. Level 1 is
//! Plambeck and Siegel's pair of an element and its options' elements; the higher levels are
//! asked only when level 1 cannot tell apart sums that a new heap separates.

use rustc_hash::FxHashMap;

/// One level above 0: interned states, their products and projections one level down.
#[derive(Default)]
struct Level {
    /// (element, sorted option states one level down).
    states: Vec<(u32, Box<[u32]>)>,
    ids: FxHashMap<(u32, Box<[u32]>), u32>,
    prod: FxHashMap<(u32, u32), u32>,
    /// The state one level down, `u32::MAX` until asked.
    proj: Vec<u32>,
}

/// Levels `0..=depth` over one quotient (level 0 is its multiplication table).
pub(crate) struct Tower<'q> {
    mul: &'q [u32],
    size: usize,
    levels: Vec<Level>,
}

/// The identity at every level: element 0, no options (the empty sum).
pub(crate) const IDENTITY: u32 = 0;

impl<'q> Tower<'q> {
    /// Levels `1..=depth` above the quotient whose table is `mul` (`size` elements).
    pub(crate) fn new(mul: &'q [u32], size: usize, depth: usize) -> Tower<'q> {
        let mut t = Tower {
            mul,
            size,
            levels: (0..=depth).map(|_| Level::default()).collect(),
        };
        for d in 1..=depth {
            let id = t.intern(d, 0, Vec::new());
            debug_assert_eq!(id, IDENTITY);
        }
        t
    }

    /// The number of states interned at level `d` (`d >= 1`).
    pub(crate) fn len(&self, d: usize) -> usize {
        if d == 0 {
            self.size
        } else {
            self.levels[d].states.len()
        }
    }

    /// The element (level 0) of a state of level `d`.
    pub(crate) fn element(&self, d: usize, s: u32) -> u32 {
        if d == 0 {
            s
        } else {
            self.levels[d].states[s as usize].0
        }
    }

    /// The option states (level `d - 1`) of a state of level `d >= 1`.
    pub(crate) fn options(&self, d: usize, s: u32) -> &[u32] {
        &self.levels[d].states[s as usize].1
    }

    /// The state of level `d` with this element and these option states.
    pub(crate) fn intern(&mut self, d: usize, element: u32, mut opts: Vec<u32>) -> u32 {
        opts.sort_unstable();
        opts.dedup();
        let key = (element, opts.into_boxed_slice());
        let level = &mut self.levels[d];
        if let Some(&id) = level.ids.get(&key) {
            return id;
        }
        let id = level.states.len() as u32;
        level.states.push(key.clone());
        level.proj.push(u32::MAX);
        level.ids.insert(key, id);
        id
    }

    /// The state one level down of a state of level `d >= 1`.
    pub(crate) fn proj(&mut self, d: usize, s: u32) -> u32 {
        let known = self.levels[d].proj[s as usize];
        if known != u32::MAX {
            return known;
        }
        let (a, opts) = self.levels[d].states[s as usize].clone();
        let r = if d == 1 {
            a
        } else {
            let down: Vec<u32> = opts.iter().map(|&t| self.proj(d - 1, t)).collect();
            self.intern(d - 1, a, down)
        };
        self.levels[d].proj[s as usize] = r;
        r
    }

    /// The product of two states of level `d`.
    pub(crate) fn prod(&mut self, d: usize, i: u32, j: u32) -> u32 {
        if d == 0 {
            return self.mul[i as usize * self.size + j as usize];
        }
        let key = if i <= j { (i, j) } else { (j, i) };
        if let Some(&r) = self.levels[d].prod.get(&key) {
            return r;
        }
        let (a, ti) = self.levels[d].states[i as usize].clone();
        let (b, tj) = self.levels[d].states[j as usize].clone();
        let (pi, pj) = (self.proj(d, i), self.proj(d, j));
        let mut opts = Vec::with_capacity(ti.len() + tj.len());
        for &t in &ti {
            opts.push(self.prod(d - 1, t, pj));
        }
        for &u in &tj {
            opts.push(self.prod(d - 1, pi, u));
        }
        let ab = self.mul[a as usize * self.size + b as usize];
        let r = self.intern(d, ab, opts);
        self.levels[d].prod.insert(key, r);
        r
    }

    /// The state at level `d` of the sum of `heaps`, given each heap's state per level.
    pub(crate) fn of_sum(&mut self, d: usize, gens: &[Vec<u32>], heaps: &[u32]) -> u32 {
        let mut x = IDENTITY;
        for &h in heaps {
            x = self.prod(d, x, gens[d][h as usize]);
        }
        x
    }

    /// Each heap's state at levels `0..=depth`: `gens[d][h]`, from the heap's element and its
    /// options (sums of smaller heaps), for heaps `1..images.len()` (index 0 unused).
    pub(crate) fn heap_states(
        &mut self,
        images: &[u32],
        options: &[Vec<Vec<u32>>],
    ) -> Vec<Vec<u32>> {
        let depth = self.levels.len() - 1;
        let mut gens: Vec<Vec<u32>> = vec![images.to_vec()];
        for d in 1..=depth {
            let mut row = vec![IDENTITY; images.len()];
            for h in 1..images.len() {
                let opts: Vec<u32> = options[h]
                    .iter()
                    .map(|o| self.of_sum(d - 1, &gens, o))
                    .collect();
                row[h] = self.intern(d, images[h], opts);
            }
            gens.push(row);
        }
        gens
    }
}
