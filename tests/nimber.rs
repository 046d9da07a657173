//! Nimber products against the mex definition and the field laws: the
//! nimbers below 2^64 are the field GF(2^64) with xor as addition.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::mex;
use proptest::prelude::*;
use sprague::nimber::{inv, mul};

/// Products of all nimbers below `size` by the definition
/// a ⊗ b = mex { a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b }.
fn mex_table(size: usize) -> Vec<Vec<u64>> {
    let mut table = vec![vec![0u64; size]; size];
    for a in 0..size {
        for b in 0..size {
            let mut seen = Vec::new();
            for x in 0..a {
                for y in 0..b {
                    seen.push(table[x][b] ^ table[a][y] ^ table[x][y]);
                }
            }
            table[a][b] = mex(seen);
        }
    }
    table
}

#[test]
fn products_below_64_match_the_mex_definition() {
    let table = mex_table(64);
    for (a, row) in table.iter().enumerate() {
        for (b, &expected) in row.iter().enumerate() {
            assert_eq!(mul(a as u64, b as u64), expected, "{a} ⊗ {b}");
        }
    }
    // Spot values from the printed 16 × 16 table (Conway, ONAG ch. 6).
    assert_eq!(mul(2, 2), 3);
    assert_eq!(mul(4, 4), 6);
    assert_eq!(mul(8, 8), 13);
}

#[test]
fn fermat_two_powers_square_to_one_and_a_half_times_themselves() {
    // F ⊗ F = 3F/2 for every Fermat 2-power F = 2^(2^n).
    for n in 0..6 {
        let f = 1u64 << (1 << n);
        assert_eq!(mul(f, f), f ^ (f >> 1), "F = 2^{}", 1 << n);
    }
    assert_eq!(mul(1 << 32, 1 << 32), 3 << 31);
    // Distinct Fermat 2-powers multiply as ordinary numbers.
    assert_eq!(mul(1 << 32, 1 << 16), 1 << 48);
    assert_eq!(mul(1 << 32, 1 << 31), 1 << 63);
}

#[test]
fn zero_has_no_inverse_and_one_is_its_own() {
    assert_eq!(inv(0), None);
    assert_eq!(inv(1), Some(1));
    assert_eq!(inv(2), Some(3));
}

proptest! {
    #[test]
    fn multiplication_is_associative_and_commutative(a: u64, b: u64, c: u64) {
        prop_assert_eq!(mul(mul(a, b), c), mul(a, mul(b, c)));
        prop_assert_eq!(mul(a, b), mul(b, a));
    }

    #[test]
    fn multiplication_distributes_over_xor(a: u64, b: u64, c: u64) {
        prop_assert_eq!(mul(a, b ^ c), mul(a, b) ^ mul(a, c));
    }

    #[test]
    fn one_is_neutral_and_zero_absorbs(a: u64) {
        prop_assert_eq!(mul(a, 1), a);
        prop_assert_eq!(mul(a, 0), 0);
    }

    #[test]
    fn every_nonzero_value_has_an_inverse(a in 1u64..) {
        let inverse = inv(a).unwrap_or(0);
        prop_assert_eq!(mul(a, inverse), 1);
    }

    #[test]
    fn subfields_are_closed(a in 0u64..1 << 32, b in 0u64..1 << 32, c in 0u64..1 << 16, d in 0u64..1 << 16) {
        prop_assert!(mul(a, b) < 1 << 32);
        prop_assert!(mul(c, d) < 1 << 16);
    }
}

/// Runs a script that must fail and returns its diagnostics.
fn errors_of(script: &str) -> String {
    let (_, errors) = sprague::run::run_to_strings("t.sg", script, Default::default());
    errors.unwrap_or_else(|| panic!("{script:?} should fail"))
}

#[test]
fn the_built_ins_compute_through_the_interpreter() {
    let lines = common::run_json(
        "nim_mul(4294967296, 4294967296)\nnim_mul(123456789, 987654321)\nnim_inv(1000)\n",
    );
    assert_eq!(lines[0], 3u64 << 31);
    assert_eq!(lines[1], mul(123456789, 987654321));
    assert_eq!(lines[2], inv(1000).unwrap_or(0));
}

#[test]
fn bad_arguments_are_errors_at_the_argument() {
    let negative = errors_of("nim_mul(3, -2)\n");
    assert!(
        negative.contains("a nimber cannot be negative, found -2"),
        "{negative}"
    );
    assert!(
        negative.contains("t.sg:1:12"),
        "the argument's column: {negative}"
    );
    let zero = errors_of("nim_inv(0)\n");
    assert!(zero.contains("0 has no nim inverse"), "{zero}");
    // 2^32 ⊗ 2^31 = 2^63: Fermat 2-power times a smaller number.
    let large = errors_of("nim_mul(4294967296, 2147483648)\n");
    assert!(
        large.contains("does not fit in a 64-bit signed integer"),
        "{large}"
    );
}
