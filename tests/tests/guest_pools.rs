//! The component's allocator (guest/src/pools.rs), checked natively on a
//! `Pools` of its own (not the global allocator here), over the system's.

#[path = "../../guest/src/pools.rs"]
mod pools;

use std::alloc::{GlobalAlloc, Layout};

fn layout(size: usize, align: usize) -> Layout {
    Layout::from_size_align(size, align).expect("a valid layout")
}

/// A freed block of a class is the next one that class gives (the lists are
/// last in, first out), never one of another class; blocks of one class are
/// distinct while held.
#[test]
fn a_freed_block_is_reused_by_its_own_class_only() {
    let p = pools::Pools::new();
    unsafe {
        let a = p.alloc(layout(24, 8));
        let b = p.alloc(layout(24, 8));
        assert!(!a.is_null() && !b.is_null() && a != b);
        // 17 to 32 bytes are one class; 33 another.
        p.dealloc(a, layout(24, 8));
        let other = p.alloc(layout(33, 8));
        assert_ne!(other, a);
        let again = p.alloc(layout(32, 16));
        assert_eq!(again, a);
        for (block, l) in [(b, layout(24, 8)), (other, layout(33, 8)), (again, layout(32, 16))] {
            p.dealloc(block, l);
        }
    }
}

/// Resizing within a class keeps the block; to another class, or to or from
/// the system's sizes (past 512 bytes, or aligned to more than 16), moves it
/// with its bytes.
#[test]
fn realloc_keeps_the_block_within_its_class_and_moves_the_bytes_otherwise() {
    let p = pools::Pools::new();
    unsafe {
        let a = p.alloc(layout(20, 4));
        for i in 0..20 {
            a.add(i).write(i as u8);
        }
        assert_eq!(p.realloc(a, layout(20, 4), 30), a);
        let mut block = a;
        let mut l = layout(30, 4);
        for size in [100, 600, 5000, 40] {
            let moved = p.realloc(block, l, size);
            assert!(!moved.is_null());
            let bytes = std::slice::from_raw_parts(moved, 20);
            assert_eq!(bytes, (0..20).map(|i| i as u8).collect::<Vec<_>>().as_slice(), "to {size} bytes");
            block = moved;
            l = layout(size, 4);
        }
        p.dealloc(block, l);
        // Aligned past the classes: the system's, and usable.
        let wide = p.alloc(layout(64, 64));
        assert!(!wide.is_null() && (wide as usize).is_multiple_of(64));
        p.dealloc(wide, layout(64, 64));
        // Zeroed from a list too, after a block was written and freed.
        let w = p.alloc(layout(48, 8));
        std::ptr::write_bytes(w, 0xAB, 48);
        p.dealloc(w, layout(48, 8));
        let z = p.alloc_zeroed(layout(48, 8));
        assert_eq!(z, w);
        assert!(std::slice::from_raw_parts(z, 48).iter().all(|&b| b == 0));
        p.dealloc(z, layout(48, 8));
    }
}
