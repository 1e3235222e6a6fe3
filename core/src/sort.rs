//! The sorts of the cold paths (diagnostics, errors, compiling): a stable
//! merge sort and an unstable heap sort, each calling its comparison through
//! a reference, so that each element type adds a few hundred bytes to the
//! component rather than the several kilobytes of the standard library's
//! sorts.

/// Sorts `v` by `less`, keeping equal elements in their order. The merge
/// sort orders the elements' positions (one copy of it for every element
/// type), then the elements are moved into that order by swaps.
pub(crate) fn stable_by<T>(v: &mut [T], less: &dyn Fn(&T, &T) -> bool) {
    if v.len() > 1 {
        let order = merged((0..v.len()).collect(), &|a, b| less(&v[a], &v[b]));
        permute(v, order);
    }
}

fn merged(mut v: Vec<usize>, less: &dyn Fn(usize, usize) -> bool) -> Vec<usize> {
    if v.len() <= 12 {
        for i in 1..v.len() {
            let mut j = i;
            while j > 0 && less(v[j], v[j - 1]) {
                v.swap(j, j - 1);
                j -= 1;
            }
        }
        return v;
    }
    let right = v.split_off(v.len() / 2);
    let (left, right) = (merged(v, less), merged(right, less));
    let mut out = Vec::with_capacity(left.len() + right.len());
    let (mut a, mut b) = (left.into_iter().peekable(), right.into_iter().peekable());
    while let (Some(&x), Some(&y)) = (a.peek(), b.peek()) {
        // Equal: the left one first.
        let next = if less(y, x) { b.next() } else { a.next() };
        out.extend(next);
    }
    out.extend(a);
    out.extend(b);
    out
}

/// Puts into each position `k` of `v` the element that was at `order[k]`
/// (`order` a permutation), following each cycle of the permutation.
fn permute<T>(v: &mut [T], mut order: Vec<usize>) {
    const DONE: usize = usize::MAX;
    for start in 0..v.len() {
        if order[start] == DONE {
            continue;
        }
        // The element from `start` travels along the cycle, each position
        // taking its own element by a swap, until the one that wants it.
        let mut k = start;
        while order[k] != start {
            let from = order[k];
            v.swap(k, from);
            order[k] = DONE;
            k = from;
        }
        order[k] = DONE;
    }
}

/// Sorts `v` in place, in ascending order; equal elements in any order.
pub(crate) fn unstable<T: Ord>(v: &mut [T]) {
    unstable_by(v, &|a, b| a < b);
}

/// Sorts `v` in place by `less`, in O(n log n) whatever the input (a heap
/// sort; insertion for a few elements); equal elements in any order.
pub(crate) fn unstable_by<T>(v: &mut [T], less: &dyn Fn(&T, &T) -> bool) {
    let n = v.len();
    if n <= 12 {
        for i in 1..n {
            let mut j = i;
            while j > 0 && less(&v[j], &v[j - 1]) {
                v.swap(j, j - 1);
                j -= 1;
            }
        }
        return;
    }
    // The largest at the root of each heap `v[..end]`: built from the
    // last parent up, then taken off to the end one at a time.
    let sift = |v: &mut [T], mut at: usize, end: usize| loop {
        let mut child = 2 * at + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && less(&v[child], &v[child + 1]) {
            child += 1;
        }
        if !less(&v[at], &v[child]) {
            return;
        }
        v.swap(at, child);
        at = child;
    };
    for at in (0..n / 2).rev() {
        sift(v, at, n);
    }
    for end in (1..n).rev() {
        v.swap(0, end);
        sift(v, 0, end);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn sorts_and_keeps_equal_elements_in_order() {
        // Keys in a scatter (many cycles), descending (pairs), all equal
        // (nothing moves) and a rotation (one long cycle).
        for n in [0usize, 1, 2, 5, 12, 13, 40, 1000] {
            for shape in 0..4 {
                let key = |i: usize| match shape {
                    0 => (i * 7919) % 13,
                    1 => n - i,
                    2 => 7,
                    _ => (i + 1) % n.max(1),
                } as u32;
                let mut v: Vec<(u32, usize)> = (0..n).map(|i| (key(i), i)).collect();
                let mut want = v.clone();
                want.sort_by_key(|p| p.0);
                super::stable_by(&mut v, &|a, b| a.0 < b.0);
                assert_eq!(v, want, "n = {n}, shape {shape}");
            }
        }
    }

    #[test]
    fn the_unstable_sort_orders_every_input() {
        for n in [0usize, 1, 2, 3, 12, 13, 14, 40, 257, 1000] {
            for shape in 0..4 {
                let mut v: Vec<u32> = (0..n as u32)
                    .map(|i| match shape {
                        0 => i.wrapping_mul(2_654_435_761) % 97,
                        1 => i,
                        2 => n as u32 - i,
                        _ => 7,
                    })
                    .collect();
                let mut want = v.clone();
                want.sort();
                super::unstable(&mut v);
                assert_eq!(v, want, "n = {n}, shape {shape}");
            }
        }
        let mut pairs: Vec<(u32, u32)> = (0..100).map(|i| (i % 7, 100 - i)).collect();
        let mut want = pairs.clone();
        want.sort();
        super::unstable(&mut pairs);
        assert_eq!(pairs, want);
    }
}
