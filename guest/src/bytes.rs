//! Byte comparison for the component's `memcmp` (guest/src/lib.rs). Plain
//! Rust with no dependencies, so that the tests crate can include it and
//! check it natively (tests/tests/guest_bytes.rs).

/// `memcmp`'s comparison: negative, zero or positive as the first
/// differing byte of `a` is below, absent or above `b`'s.
///
/// # Safety
///
/// `a` and `b` must each be valid for reads of `n` bytes.
#[inline(always)]
pub unsafe fn compare_bytes(a: *const u8, b: *const u8, n: usize) -> i32 {
    // SAFETY (both): the caller makes `[p, p + n)` readable, and each read
    // below lies inside it.
    let word = |p: *const u8, i: usize| unsafe { p.add(i).cast::<u64>().read_unaligned() };
    let half = |p: *const u8, i: usize| unsafe { p.add(i).cast::<u32>().read_unaligned() };
    // Little-endian: the lowest differing byte of two words is the first one.
    let order = |x: u64, y: u64| {
        let shift = (x ^ y).trailing_zeros() & !7;
        i32::from((x >> shift) as u8) - i32::from((y >> shift) as u8)
    };
    if n >= 8 {
        if n <= 16 {
            // Two words that may overlap, no loop (in the component each turn
            // of a loop checks the host's epoch): most names are this long.
            let (x, y) = (word(a, 0), word(b, 0));
            if x != y {
                return order(x, y);
            }
            let (x, y) = (word(a, n - 8), word(b, n - 8));
            return if x == y { 0 } else { order(x, y) };
        }
        let mut i = 0;
        while i + 8 <= n {
            let (x, y) = (word(a, i), word(b, i));
            if x != y {
                return order(x, y);
            }
            i += 8;
        }
        // The last eight bytes, overlapping those already found equal: the
        // first difference among them is the first of all.
        let (x, y) = (word(a, n - 8), word(b, n - 8));
        return if x == y { 0 } else { order(x, y) };
    }
    if n >= 4 {
        let (x, y) = (half(a, 0), half(b, 0));
        let (x, y) = if x != y { (x, y) } else { (half(a, n - 4), half(b, n - 4)) };
        return if x == y { 0 } else { order(u64::from(x), u64::from(y)) };
    }
    for i in 0..n {
        // SAFETY: `i < n`.
        let (x, y) = unsafe { (*a.add(i), *b.add(i)) };
        if x != y {
            return i32::from(x) - i32::from(y);
        }
    }
    0
}
