//! What a running computation has done so far, readable from another thread.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

/// Positions of rulesets valued (table entries made) since the statement began.
static POSITIONS: AtomicU64 = AtomicU64::new(0);
/// The current sequence (heaps 0..=n): how many are done, and how many in all (0: none).
static SEQUENCE_DONE: AtomicU64 = AtomicU64::new(0);
static SEQUENCE_TOTAL: AtomicU64 = AtomicU64::new(0);
/// What the current sequence counts (a `Counted` as its index).
static SEQUENCE_COUNTS: AtomicU8 = AtomicU8::new(0);

/// What the items of a sequence are, as the progress line names them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Counted {
    /// Heaps of a nim-sequence (`grundy(octal 0.6, 0..=n)`).
    #[default]
    Heaps,
    /// Positions of a list given to `values`.
    Positions,
    /// Elements of a list a function is mapped over (`map(f, xs)`).
    Elements,
}

impl Counted {
    const ALL: [Counted; 3] = [Counted::Heaps, Counted::Positions, Counted::Elements];

    /// The name of one item: "heap 40,000 of 100,001".
    pub fn noun(self) -> &'static str {
        match self {
            Counted::Heaps => "heap",
            Counted::Positions => "position",
            Counted::Elements => "element",
        }
    }
}

/// One more position of a ruleset has been valued.
#[inline]
pub fn count_position() {
    POSITIONS.fetch_add(1, Relaxed);
}

/// A sequence of `total` items (heaps 0..total, or the elements of a list) begins.
pub fn sequence_started(total: u64, counted: Counted) {
    SEQUENCE_DONE.store(0, Relaxed);
    SEQUENCE_TOTAL.store(total, Relaxed);
    SEQUENCE_COUNTS.store(counted as u8, Relaxed);
}

/// `done` items of the current sequence are known.
#[inline]
pub fn sequence_done(done: u64) {
    SEQUENCE_DONE.store(done, Relaxed);
}

/// The counters as one reading.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    pub positions: u64,
    pub sequence_done: u64,
    pub sequence_total: u64,
    pub sequence_counts: Counted,
}

pub fn snapshot() -> Snapshot {
    Snapshot {
        positions: POSITIONS.load(Relaxed),
        sequence_done: SEQUENCE_DONE.load(Relaxed),
        sequence_total: SEQUENCE_TOTAL.load(Relaxed),
        sequence_counts: Counted::ALL[usize::from(SEQUENCE_COUNTS.load(Relaxed)) % 3],
    }
}

/// Starts counting afresh (at the beginning of a statement).
pub fn reset() {
    POSITIONS.store(0, Relaxed);
    SEQUENCE_DONE.store(0, Relaxed);
    SEQUENCE_TOTAL.store(0, Relaxed);
}

/// "12,345": thousands separated, as people read counts.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::grouped;

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(1234567), "1,234,567");
    }
}
