//! One stable sort for the cold paths (diagnostics, errors, compiling):
//! a merge sort whose comparison is called through a reference, so that each
//! element type adds a few hundred bytes to the component rather than the
//! several kilobytes of the standard library's sort.

/// Sorts `v` by `less`, keeping equal elements in their order.
pub(crate) fn stable_by<T>(v: &mut Vec<T>, less: &dyn Fn(&T, &T) -> bool) {
    if v.len() > 1 {
        *v = merged(std::mem::take(v), less);
    }
}

fn merged<T>(mut v: Vec<T>, less: &dyn Fn(&T, &T) -> bool) -> Vec<T> {
    if v.len() <= 12 {
        for i in 1..v.len() {
            let mut j = i;
            while j > 0 && less(&v[j], &v[j - 1]) {
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
    while let (Some(x), Some(y)) = (a.peek(), b.peek()) {
        // Equal: the left one first.
        let next = if less(y, x) { b.next() } else { a.next() };
        out.extend(next);
    }
    out.extend(a);
    out.extend(b);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn sorts_and_keeps_equal_elements_in_order() {
        for n in [0usize, 1, 2, 5, 12, 13, 40, 1000] {
            let mut v: Vec<(u32, usize)> = (0..n).map(|i| (((i * 7919) % 13) as u32, i)).collect();
            let mut want = v.clone();
            want.sort_by_key(|p| p.0);
            super::stable_by(&mut v, &|a, b| a.0 < b.0);
            assert_eq!(v, want, "n = {n}");
        }
    }
}
