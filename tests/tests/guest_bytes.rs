//! The component's `memcmp` (guest/src/bytes.rs), checked natively against
//! the order of byte slices.

#[path = "../../guest/src/bytes.rs"]
mod bytes;

use bytes::compare_bytes;

fn compare(a: &[u8], b: &[u8]) -> i32 {
    assert_eq!(a.len(), b.len());
    // SAFETY: both slices hold `a.len()` bytes.
    unsafe { compare_bytes(a.as_ptr(), b.as_ptr(), a.len()) }
}

/// Every length up to 40, and a difference at every place, of either sign
/// and of the high bit: the sign is always the slices' order.
#[test]
fn compares_as_byte_slices_are_ordered() {
    for n in 0..40usize {
        let a: Vec<u8> = (0..n).map(|i| (i * 7 + 3) as u8).collect();
        assert_eq!(compare(&a, &a.clone()), 0, "n = {n}");
        for at in 0..n {
            for delta in [1u8, 0x7f, 0x80, 0xff] {
                let mut b = a.clone();
                b[at] = b[at].wrapping_add(delta);
                assert_eq!(compare(&a, &b).signum(), a.cmp(&b) as i32, "n = {n}, at = {at}, delta = {delta}");
                assert_eq!(compare(&b, &a).signum(), b.cmp(&a) as i32, "n = {n}, at = {at}, delta = {delta}");
            }
        }
    }
}

/// Two differences: the first one decides, also when the second lies in
/// the overlapping tail word.
#[test]
fn the_first_difference_decides() {
    for n in 2..40usize {
        for first in 0..n - 1 {
            for second in first + 1..n {
                let a = vec![0x40u8; n];
                let mut b = a.clone();
                b[first] = 0x41;
                b[second] = 0x00;
                assert!(compare(&a, &b) < 0, "n = {n}, first = {first}, second = {second}");
                assert!(compare(&b, &a) > 0, "n = {n}, first = {first}, second = {second}");
            }
        }
    }
}
