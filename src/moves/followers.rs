//! A reusable buffer of follower positions: one flat array of heap sizes and the end of each
//! follower, so that generating followers allocates nothing once the buffer has grown.

/// The followers of one position.
#[derive(Clone, Debug, Default)]
pub struct Followers {
    data: Vec<u32>,
    ends: Vec<usize>,
}

impl Followers {
    /// An empty buffer.
    pub fn new() -> Followers {
        Followers::default()
    }

    /// Empties the buffer, keeping its memory.
    pub fn clear(&mut self) {
        self.data.clear();
        self.ends.clear();
    }

    /// Appends a follower.
    pub fn push(&mut self, pos: &[u32]) {
        self.data.extend_from_slice(pos);
        self.ends.push(self.data.len());
    }

    /// Keeps the first `n` followers.
    pub fn truncate(&mut self, n: usize) {
        if n < self.ends.len() {
            self.data
                .truncate(if n == 0 { 0 } else { self.ends[n - 1] });
            self.ends.truncate(n);
        }
    }

    /// How many followers.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The `i`-th follower.
    pub fn get(&self, i: usize) -> &[u32] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.data[start..self.ends[i]]
    }

    /// Every follower, in the order generated.
    pub fn iter(&self) -> impl Iterator<Item = &[u32]> + '_ {
        (0..self.len()).map(move |i| self.get(i))
    }

    /// The followers sorted and without repeats, as owned positions.
    pub fn to_sorted_vecs(&self) -> Vec<Vec<u32>> {
        let mut v: Vec<Vec<u32>> = self.iter().map(<[u32]>::to_vec).collect();
        v.sort();
        v.dedup();
        v
    }
}
