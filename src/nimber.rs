//! Nimber arithmetic on 64-bit values: the nimbers below 2^64 form the field
//! GF(2^64), whose addition is xor and whose product is computed here by
//! splitting at Fermat 2-powers (Karatsuba-style), over a 256 × 256 table,
//! never by the mex definition (which needs every smaller product).

use std::sync::OnceLock;

/// Widths at or below this are read from the table.
const TABLE_BITS: u32 = 8;

/// The nim product `a ⊗ b`.
pub fn mul(a: u64, b: u64) -> u64 {
    let table = table();
    split_mul(a, b, 64, TABLE_BITS, &|x, y| {
        u64::from(table[((x as usize) << TABLE_BITS) | y as usize])
    })
}

/// The nim inverse of `a` (`a ⊗ inv(a) = 1`), or `None` for 0. Every
/// non-zero element of GF(2^64) satisfies a^(2^64 - 1) = 1, so the inverse is
/// a^(2^64 - 2) = a^2 ⊗ a^4 ⊗ … ⊗ a^(2^63): 126 products.
pub fn inv(a: u64) -> Option<u64> {
    if a == 0 {
        return None;
    }
    let mut power = a;
    let mut inverse = 1;
    for _ in 1..64 {
        power = mul(power, power);
        inverse = mul(inverse, power);
    }
    Some(inverse)
}

/// The product in the field of nimbers below 2^width (width a power of two),
/// with products of width `leaf_bits` or less delegated to `leaf`.
///
/// Write a = a1·F ⊕ a0 and b = b1·F ⊕ b0 with F = 2^(width/2), a Fermat
/// 2-power, so that c·F is the ordinary shift for c < F and F ⊗ F = F ⊕ F/2.
/// Then a ⊗ b = (a1b1 ⊕ a1b0 ⊕ a0b1)·F ⊕ (a0b0 ⊕ a1b1 ⊗ F/2), and the middle
/// terms come from one product: (a1 ⊕ a0)(b1 ⊕ b0) ⊕ a1b1 ⊕ a0b0.
fn split_mul(a: u64, b: u64, width: u32, leaf_bits: u32, leaf: &impl Fn(u64, u64) -> u64) -> u64 {
    if width <= leaf_bits {
        return leaf(a, b);
    }
    let half = width / 2;
    if (a | b) >> half == 0 {
        // Both lie in the subfield below F, which is closed under products.
        return split_mul(a, b, half, leaf_bits, leaf);
    }
    let mask = (1u64 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let low = split_mul(a0, b0, half, leaf_bits, leaf);
    let high = split_mul(a1, b1, half, leaf_bits, leaf);
    let crossed = split_mul(a1 ^ a0, b1 ^ b0, half, leaf_bits, leaf);
    let high_times_half = split_mul(high, 1 << (half - 1), half, leaf_bits, leaf);
    ((crossed ^ low) << half) | (low ^ high_times_half)
}

/// Products of all nimbers below 2^8, indexed by `a << 8 | b`, built once by
/// the same splitting down to single bits (where ⊗ is `and`).
fn table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let size = 1u64 << TABLE_BITS;
        let mut products = Vec::with_capacity((size * size) as usize);
        for a in 0..size {
            for b in 0..size {
                let product = split_mul(a, b, TABLE_BITS, 1, &|x, y| x & y);
                products.push(product as u8);
            }
        }
        products
    })
}
