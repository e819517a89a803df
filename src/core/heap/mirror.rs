//! Nim-values in 16 bits mirrored, for searching the splits of a heap.
//!
//! The pairs `(a, m - a)` of a stretch of smaller heaps `a` read `G` forward at `a` and
//! backward at `m - a`. With a mirrored copy, `mirrored[top - b] = G(b)`, both are forward
//! slices of equal length, and a test over the stretch is a plain loop over fixed-size chunks
//! that the compiler vectorises (eight or sixteen pairs per instruction in 16 bits).

/// Pairs tested together: a multiple of every vector width, so chunks need no masking.
const LANES: usize = 32;

/// `G(0..len)` in 16 bits mirrored about `top`: the forward values are the sequence itself,
/// stored in 16 bits (see `NimValues`), so only the mirrored copy is kept here.
pub(crate) struct Mirror {
    mirrored: Vec<u16>,
    /// How many values are copied.
    len: usize,
    top: usize,
}

impl Mirror {
    /// Room for the values `G(0..=top)`.
    pub fn new(top: usize) -> Mirror {
        Mirror {
            mirrored: vec![0; top + 1],
            len: 0,
            top,
        }
    }

    /// Copies the values of `g` not yet copied. False (and nothing copied) when they go
    /// beyond `top`: the mirror cannot serve then.
    pub fn sync(&mut self, g: &[u16]) -> bool {
        if g.len() > self.top + 1 {
            return false;
        }
        for (a, &v) in g.iter().enumerate().skip(self.len) {
            self.mirrored[self.top - a] = v;
        }
        self.len = g.len();
        true
    }

    /// Removes from `need` every value `G(a) ^ G(m - a)` with `a` in `small`, `g` being the
    /// values synced; every heap of the pairs must be copied already (`small.end <= m + 1`,
    /// `m < len`).
    pub fn strike_pair_values(
        &self,
        g: &[u16],
        m: usize,
        small: std::ops::Range<usize>,
        need: &mut Vec<u32>,
    ) {
        debug_assert!(small.end <= m + 1 && m < self.len && g.len() >= self.len);
        let xs = &g[small.clone()];
        let ys = &self.mirrored[self.top - m + small.start..self.top - m + small.end];
        need.retain(|&v| !any_xor_equals(xs, ys, v as u16));
    }
}

/// Whether `xs[i] ^ ys[i] == v` for some `i`: with AVX2 where the processor has it (16 pairs
/// an instruction rather than 8; a tenth of Officers' samples are here), else portably.
fn any_xor_equals(xs: &[u16], ys: &[u16], v: u16) -> bool {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, as just checked.
        return unsafe { any_xor_equals_avx2(xs, ys, v) };
    }
    any_xor_equals_portable(xs, ys, v)
}

/// [`any_xor_equals_portable`] compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn any_xor_equals_avx2(xs: &[u16], ys: &[u16], v: u16) -> bool {
    any_xor_equals_portable(xs, ys, v)
}

#[inline(always)]
fn any_xor_equals_portable(xs: &[u16], ys: &[u16], v: u16) -> bool {
    // No early exit inside a chunk: the comparisons of a chunk are a few vector operations.
    let found = xs
        .chunks_exact(LANES)
        .zip(ys.chunks_exact(LANES))
        .any(|(x, y)| {
            x.iter()
                .zip(y)
                .fold(0u16, |hits, (&x, &y)| hits | ((x ^ y) == v) as u16)
                != 0
        });
    let rest = xs.len() - xs.len() % LANES;
    found
        || xs[rest..]
            .iter()
            .zip(&ys[rest..])
            .any(|(&x, &y)| x ^ y == v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strikes_exactly_the_pair_values() {
        let g: Vec<u16> = (0..200u16).map(|a| (a * 37 + a / 3) % 61).collect();
        let mut mirror = Mirror::new(250);
        assert!(mirror.sync(&g));
        let m = 180;
        for small in [1..91, 5..6, 40..77, 3..3] {
            let values: Vec<u32> = small.clone().map(|a| u32::from(g[a] ^ g[m - a])).collect();
            let mut need: Vec<u32> = (0..64).collect();
            mirror.strike_pair_values(&g, m, small, &mut need);
            let expected: Vec<u32> = (0..64).filter(|v| !values.contains(v)).collect();
            assert_eq!(need, expected);
        }
    }

    #[test]
    fn refuses_overflow() {
        let mut mirror = Mirror::new(3);
        assert!(mirror.sync(&[0, 1, 2]));
        assert!(!mirror.sync(&[0, 1, 2, 3, 4]));
    }
}
