//! Nimber arithmetic on nim-values: nim-sum (exclusive or) and Conway's nim-product.

/// The nim-product a ⊗ b of nim-values below 2^128 (Conway, ONAG ch. 6): nimbers below a
/// Fermat 2-power F = 2^(2^k) form a field, and for x, y < F the product (x1.F + x0)(y1.F + y0)
/// expands with F⊗F = F ⊕ F/2 ("F^2 = 3F/2").
///
/// ```
/// use cg::core::nimber::nim_product;
/// assert_eq!(nim_product(2, 2), 3);
/// assert_eq!(nim_product(4, 4), 6);
/// assert_eq!(nim_product(8, 8), 13);
/// ```
pub fn nim_product(a: u128, b: u128) -> u128 {
    multiply(a, b, 7)
}

/// a ⊗ b for a, b < 2^(2^level).
fn multiply(a: u128, b: u128, level: u32) -> u128 {
    if a < 2 || b < 2 {
        return a * b;
    }
    if level == 0 {
        return a & b;
    }
    let half = 1u32 << (level - 1);
    let low_mask = (1u128 << half) - 1;
    let (a1, a0) = (a >> half, a & low_mask);
    let (b1, b0) = (b >> half, b & low_mask);
    let high = multiply(a1, b1, level - 1);
    let middle = multiply(a1, b0, level - 1) ^ multiply(a0, b1, level - 1);
    let low = multiply(a0, b0, level - 1);
    // (a1 F + a0)(b1 F + b0) = high (F + F/2) + middle F + low, with F/2 = 2^(half - 1) < F.
    ((high ^ middle) << half) ^ low ^ multiply(high, 1u128 << (half - 1), level - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_products_from_the_literature() {
        // ONAG ch. 6, the nim-multiplication table for 0..16.
        assert_eq!(nim_product(2, 3), 1);
        assert_eq!(nim_product(3, 3), 2);
        assert_eq!(nim_product(16, 16), 24);
        assert_eq!(nim_product(5, 7), 13);
        // Below a Fermat 2-power F, x⊗F is the ordinary product.
        assert_eq!(nim_product(3, 4), 12);
        assert_eq!(nim_product(200, 256), 200 * 256);
    }

    #[test]
    fn nimbers_below_sixteen_form_a_field() {
        for a in 1..16u128 {
            let inverses = (1..16u128).filter(|&b| nim_product(a, b) == 1).count();
            assert_eq!(inverses, 1, "{a} has exactly one inverse");
            for b in 0..16u128 {
                assert_eq!(nim_product(a, b), nim_product(b, a));
                for c in 0..16u128 {
                    assert_eq!(nim_product(a, b ^ c), nim_product(a, b) ^ nim_product(a, c));
                }
            }
        }
    }
}
