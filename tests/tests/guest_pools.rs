//! The component's packing of an answer's strings (guest/src/pools.rs),
//! checked natively on a `Pools` of its own (not the global allocator here:
//! the packed strings point into its region, so they are never dropped).

#[allow(dead_code)]
#[path = "../../guest/src/pools.rs"]
mod pools;

use std::cell::Cell;
use std::mem::ManuallyDrop;

/// Where `s` starts, counted from `start` (the region's first packed string).
fn offset_in(s: &str, start: *const u8) -> usize {
    s.as_ptr() as usize - start as usize
}

/// The rows come back with copies of their strings, in order, one after
/// another in one region (the empty ones pointing into it too).
#[test]
fn rows_are_built_of_copies_packed_one_after_another() {
    let p = pools::Pools::new();
    let rows = [["/properties/a", "type", "widened: null"], ["", "required", "every property é"]];
    let built = ManuallyDrop::new(p.packed(rows.len(), |i| rows[i], |i, copies| (i, copies)));
    assert_eq!(built.len(), 2);
    for (i, (row, copies)) in built.iter().enumerate() {
        assert_eq!(*row, i);
        assert_eq!(copies.each_ref().map(String::as_str), rows[i]);
    }
    let start = built[0].1[0].as_ptr();
    let mut at = 0;
    for (_, copies) in built.iter() {
        for c in copies {
            if !c.is_empty() {
                assert_eq!(offset_in(c, start), at, "{c:?}");
            }
            at += c.len();
        }
    }
}

/// A `strings` that gives longer strings when asked again than when the
/// region was sized never makes a copy past the region: what no longer fits
/// is a copy of its own, and every row still holds what was asked for.
#[test]
fn strings_longer_the_second_time_are_copied_apart() {
    let p = pools::Pools::new();
    let asked = [Cell::new(0), Cell::new(0)];
    let (short, long) = (["ab", "c"], ["abcdefgh", "c"]);
    let strings = |i: usize| {
        asked[i].set(asked[i].get() + 1);
        if asked[i].get() == 1 { short } else { long }
    };
    let built = ManuallyDrop::new(p.packed(2, strings, |_, copies| copies));
    assert_eq!(asked.each_ref().map(Cell::get), [2, 2]);
    for copies in built.iter() {
        assert_eq!(copies.each_ref().map(String::as_str), long);
    }
    // The region was sized for 6 bytes: the first long string does not fit
    // and is a copy of its own; the ones after it that still fit are packed.
    let packed_start = built[0][1].as_ptr();
    assert_eq!(offset_in(&built[1][1], packed_start), 1);
}
