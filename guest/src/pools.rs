//! The component's allocator: small blocks from free lists, one per size
//! class, over the standard allocator (dlmalloc on `wasm32-unknown-unknown`).
//!
//! Schemas and answers are trees of small strings and vectors: most of what
//! the component allocates is 512 bytes or less, freed soon after. A block of
//! a class is taken from the class's list, or cut from a 64 KiB chunk, and
//! goes back on the list when freed: a few instructions each way, where
//! dlmalloc splits, coalesces and bins every block. Small blocks are kept for
//! their class (the memory of a class is its peak use, reused by every later
//! call); everything larger, or aligned to more than 16, is dlmalloc's.
//!
//! The component runs on one thread (the target has no threads), so the
//! lists need no lock.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::UnsafeCell;
use std::ptr;

/// Block sizes: 16, 32, …, 512 bytes. (Up to 128 bytes, the 89 real
/// schemas' conversions took 1.5–4% longer through the component and a
/// validation 1–2%: a schema object's members, eight or sixteen of them, and
/// its longer descriptions are 129–512 bytes. Up to 1024, no faster.)
const STEP: usize = 16;
const CLASSES: usize = 32;
const LARGEST: usize = STEP * CLASSES;
const CHUNK: usize = 64 * 1024;

struct Lists {
    /// The first free block of each class; each free block holds the next.
    free: [*mut u8; CLASSES],
    /// The unused rest of the current chunk.
    next: *mut u8,
    end: *mut u8,
}

pub struct Pools(UnsafeCell<Lists>);

// SAFETY: wasm32-unknown-unknown has one thread; nothing is shared.
unsafe impl Sync for Pools {}

impl Pools {
    pub const fn new() -> Pools {
        Pools(UnsafeCell::new(Lists { free: [ptr::null_mut(); CLASSES], next: ptr::null_mut(), end: ptr::null_mut() }))
    }
}

/// The class of a layout, or `None` for dlmalloc's.
fn class(layout: Layout) -> Option<usize> {
    (layout.size() != 0 && layout.size() <= LARGEST && layout.align() <= STEP).then(|| (layout.size() - 1) / STEP)
}

impl Pools {
    /// A block of class `c` cut from the current chunk (a new chunk when it
    /// has too little left); null when there is no memory for a chunk.
    #[inline(never)]
    fn cut(&self, c: usize) -> *mut u8 {
        // SAFETY: one thread, and no reentry: System does not call back.
        let lists = unsafe { &mut *self.0.get() };
        let size = (c + 1) * STEP;
        if (lists.end as usize) - (lists.next as usize) < size {
            // SAFETY: a non-zero size and a valid alignment.
            let chunk = unsafe { System.alloc(Layout::from_size_align_unchecked(CHUNK, STEP)) };
            if chunk.is_null() {
                return chunk;
            }
            lists.next = chunk;
            // SAFETY: within (one past) the chunk just allocated.
            lists.end = unsafe { chunk.add(CHUNK) };
        }
        let block = lists.next;
        // SAFETY: `size` bytes are left in the chunk.
        lists.next = unsafe { block.add(size) };
        block
    }

    /// Puts `block` on the free list of class `c`.
    ///
    /// SAFETY: `block` is a block of class `c` no longer used: at least 16
    /// bytes and 16-aligned, so it can hold the list's next address.
    #[inline(always)]
    unsafe fn push(&self, block: *mut u8, c: usize) {
        // SAFETY: one thread; the borrow ends at once.
        let lists = unsafe { &mut *self.0.get() };
        unsafe { block.cast::<*mut u8>().write(lists.free[c]) };
        lists.free[c] = block;
    }
}

// The common cases, a block taken from or put back on its class's list, are
// a few instructions where every vector and string is freed; the rest is out
// of line.
unsafe impl GlobalAlloc for Pools {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let Some(c) = class(layout) else {
            // SAFETY: the caller's layout, as GlobalAlloc::alloc requires.
            return unsafe { System.alloc(layout) };
        };
        // SAFETY: one thread, and no reentry: System does not call back.
        let lists = unsafe { &mut *self.0.get() };
        let head = lists.free[c];
        if !head.is_null() {
            // SAFETY: a free block of this class holds the next one's address.
            lists.free[c] = unsafe { head.cast::<*mut u8>().read() };
            return head;
        }
        self.cut(c)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if class(layout).is_none() {
            // SAFETY: the caller's layout; dlmalloc knows which memory is fresh.
            return unsafe { System.alloc_zeroed(layout) };
        }
        // SAFETY: as `alloc`; the block is valid for `layout.size()` bytes.
        unsafe {
            let block = self.alloc(layout);
            if !block.is_null() {
                ptr::write_bytes(block, 0, layout.size());
            }
            block
        }
    }

    #[inline]
    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        match class(layout) {
            // SAFETY: a block of class `c`, allocated by `alloc` (or `cut`).
            Some(c) => unsafe { self.push(block, c) },
            // SAFETY: the caller's block and layout, allocated by System.
            None => unsafe { System.dealloc(block, layout) },
        }
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: GlobalAlloc::realloc's contract: the alignment is valid and
        // the new size, rounded up to it, does not overflow.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        match (class(layout), class(new_layout)) {
            // SAFETY: a System block, resized by System.
            (None, None) => unsafe { System.realloc(block, layout, new_size) },
            (Some(a), Some(b)) if a == b => block,
            // Another class.
            _ => {
                // SAFETY: as `alloc` and `dealloc`; both blocks are valid for
                // the smaller of the two sizes.
                unsafe {
                    let moved = self.alloc(new_layout);
                    if !moved.is_null() {
                        ptr::copy_nonoverlapping(block, moved, layout.size().min(new_size));
                        self.dealloc(block, layout);
                    }
                    moved
                }
            }
        }
    }
}
