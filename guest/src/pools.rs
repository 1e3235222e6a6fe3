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
//! The strings of one answer's list of records (a conversion's changes) can
//! be copied into one region instead, one after another ([`Pools::packed`]):
//! a host reads them all with one copy of that region. Each is freed as any
//! string is, which only counts it; the region is reused once all are.
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
    /// The region of packed strings and its size (System's), and how many of
    /// the strings in it are not freed yet.
    packed: *mut u8,
    packed_size: usize,
    packed_live: usize,
}

pub struct Pools(UnsafeCell<Lists>);

// SAFETY: wasm32-unknown-unknown has one thread; nothing is shared.
unsafe impl Sync for Pools {}

impl Pools {
    pub const fn new() -> Pools {
        Pools(UnsafeCell::new(Lists {
            free: [ptr::null_mut(); CLASSES],
            next: ptr::null_mut(),
            end: ptr::null_mut(),
            packed: ptr::null_mut(),
            packed_size: 0,
            packed_live: 0,
        }))
    }

    /// `rows` made of copies of their strings, in order, one after another
    /// in one region: the strings of an answer a host then reads with one
    /// copy. `strings(i)` gives row `i`'s strings and `build(i, copies)`
    /// makes the row of their copies. Plain copies (each its own block) when
    /// the strings of an earlier answer are still in the region or it cannot
    /// be had.
    pub fn packed<'s, T, const N: usize>(
        &self,
        rows: usize,
        strings: impl Fn(usize) -> [&'s str; N],
        mut build: impl FnMut(usize, [String; N]) -> T,
    ) -> Vec<T> {
        let mut out: Vec<T> = Vec::with_capacity(rows);
        let total: usize = (0..rows).map(|i| strings(i).iter().map(|p| p.len()).sum::<usize>()).sum();
        let region = self.region(total);
        if region.is_null() {
            out.extend((0..rows).map(|i| build(i, strings(i).map(str::to_owned))));
            return out;
        }
        let mut at = region;
        let (mut live, mut left) = (0, total);
        for i in 0..rows {
            let copies = strings(i).map(|part| {
                if part.len() > left {
                    // `strings` gave longer strings than when they were
                    // counted: a copy of its own, never past the region.
                    return part.to_owned();
                }
                left -= part.len();
                live += usize::from(!part.is_empty());
                // SAFETY: `left` bytes of the region are still free from
                // `at`, and `part` takes no more of them; each string owns
                // its own `len` bytes of it, with capacity `len`, and is freed
                // by `dealloc` below, which knows the region (an empty one,
                // capacity 0, is never freed: it only points into the region,
                // so that every string of the answer does). The parts are not
                // in the region (it holds no live strings), so the copies do
                // not overlap them.
                unsafe {
                    ptr::copy_nonoverlapping(part.as_ptr(), at, part.len());
                    let copy = String::from_raw_parts(at, part.len(), part.len());
                    at = at.add(part.len());
                    copy
                }
            });
            out.push(build(i, copies));
        }
        // SAFETY: one thread; no allocation while the lists are borrowed.
        unsafe { (*self.0.get()).packed_live = live };
        out
    }

    /// The region, at least `size` bytes, for strings to be packed; null for
    /// none (nothing to pack, strings still live in it, or no memory).
    fn region(&self, size: usize) -> *mut u8 {
        // SAFETY: one thread; System does not call back into the lists.
        let lists = unsafe { &mut *self.0.get() };
        if size == 0 || lists.packed_live != 0 {
            return ptr::null_mut();
        }
        if lists.packed_size < size {
            if !lists.packed.is_null() {
                // SAFETY: allocated below with this size and alignment 1.
                unsafe { System.dealloc(lists.packed, Layout::from_size_align_unchecked(lists.packed_size, 1)) };
            }
            let want = size.max(4096).next_power_of_two();
            // SAFETY: a non-zero size, alignment 1.
            lists.packed = unsafe { System.alloc(Layout::from_size_align_unchecked(want, 1)) };
            lists.packed_size = if lists.packed.is_null() { 0 } else { want };
        }
        lists.packed
    }
}

/// Whether `block` is one of the packed strings: freeing it only counts it.
fn in_region(lists: &Lists, block: *mut u8) -> bool {
    let at = block as usize;
    let start = lists.packed as usize;
    at >= start && at < start + lists.packed_size
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

    /// Frees what the free lists do not take at once: a packed string (only
    /// counted), or a block of System's.
    #[inline(never)]
    unsafe fn release(&self, block: *mut u8, layout: Layout) {
        {
            // SAFETY: one thread; the borrow ends before anything else runs.
            let lists = unsafe { &mut *self.0.get() };
            if in_region(lists, block) {
                lists.packed_live = lists.packed_live.saturating_sub(1);
                return;
            }
        }
        match class(layout) {
            // SAFETY: a block of class `c` (see `dealloc`).
            Some(c) => unsafe { self.push(block, c) },
            // SAFETY: allocated by System with this layout.
            None => unsafe { System.dealloc(block, layout) },
        }
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
        // While no packed string is live, no block is one (each of them is
        // counted until freed): a block of a class goes on its list.
        // SAFETY: one thread; the borrow ends before anything else runs.
        let lists = unsafe { &mut *self.0.get() };
        let none_packed = lists.packed_live == 0;
        if !none_packed && in_region(lists, block) {
            // A packed string (an answer's, freed by the host's post-return):
            // only counted, here rather than by a call.
            lists.packed_live -= 1;
            return;
        }
        match class(layout) {
            // SAFETY: a block of class `c`, allocated by `alloc` (or `cut`).
            Some(c) if none_packed => unsafe { self.push(block, c) },
            // SAFETY: the caller's block and layout.
            _ => unsafe { self.release(block, layout) },
        }
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: GlobalAlloc::realloc's contract: the alignment is valid and
        // the new size, rounded up to it, does not overflow.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        // SAFETY: one thread; the borrow ends at once.
        let packed = in_region(unsafe { &*self.0.get() }, block);
        match (class(layout), class(new_layout)) {
            // SAFETY: a System block, resized by System.
            (None, None) if !packed => unsafe { System.realloc(block, layout, new_size) },
            (Some(a), Some(b)) if a == b && !packed => block,
            // Another class, or a packed string (moved out of the region).
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
