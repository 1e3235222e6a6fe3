//! The work budget: how many steps one operation may take. The limits of
//! each operation (sizes, depths, nodes, backtracking) bound the work of
//! every input we know of; the budget is there for the ones we do not, so
//! that such an input ends as an error result with path `$` rather than as a
//! host's deadline, fuel or memory trap (SECURITY.md, "Limits").
//!
//! A step is about one unit of an operation's work: one keyword applied to
//! one value when validating, one member of the input read, one type, member
//! or base class described and one diagnostic reported when describing. Real
//! inputs take a small fraction of the default.
//!
//! The budget is a setting of the thread (of the instance, in the
//! component): [`set_budget`], or [`with_budget`] for the operations one
//! closure runs. Each operation counts its steps from the budget afresh; an
//! operation called inside another (the validation `encode-result` does, the
//! description `describe-source` does) spends from the outer one's.

use std::cell::Cell;

/// The steps each operation may take unless a host sets another budget.
pub const DEFAULT_BUDGET: u64 = 20_000_000;

thread_local! {
    static BUDGET: Cell<u64> = const { Cell::new(DEFAULT_BUDGET) };
    /// Steps left in the operation running on this thread; `None` when none is.
    static LEFT: Cell<Option<u64>> = const { Cell::new(None) };
    /// The running operation wanted a step more than it had.
    static OVER: Cell<bool> = const { Cell::new(false) };
}

/// The budget of each operation started on this thread from now on.
pub fn set_budget(steps: u64) {
    BUDGET.set(steps);
}

/// The budget each operation started on this thread gets.
pub fn budget() -> u64 {
    BUDGET.get()
}

/// Runs `f` with `steps` as the budget of every operation it starts, then
/// puts the budget back as it was.
pub fn with_budget<T>(steps: u64, f: impl FnOnce() -> T) -> T {
    struct Restore(u64);
    impl Drop for Restore {
        fn drop(&mut self) {
            BUDGET.set(self.0);
        }
    }
    let _restore = Restore(BUDGET.replace(steps));
    f()
}

/// Runs one operation: `f`'s answer, and whether it wanted more steps than
/// the budget had. Called inside another operation, it spends from that one.
pub(crate) fn operation<T>(f: impl FnOnce() -> T) -> (T, bool) {
    if LEFT.get().is_some() {
        let answer = f();
        return (answer, OVER.get());
    }
    struct End;
    impl Drop for End {
        fn drop(&mut self) {
            LEFT.set(None);
            OVER.set(false);
        }
    }
    let _end = End;
    LEFT.set(Some(budget()));
    OVER.set(false);
    let answer = f();
    (answer, OVER.get())
}

/// Spends `n` steps of the running operation: false once the budget is
/// spent (and from then on). Outside an operation nothing is counted.
pub(crate) fn spend(n: u64) -> bool {
    match LEFT.get() {
        None => true,
        Some(_) if OVER.get() => false,
        Some(left) if left >= n => {
            LEFT.set(Some(left - n));
            true
        }
        Some(_) => {
            LEFT.set(Some(0));
            OVER.set(true);
            false
        }
    }
}

/// Whether the running operation has spent its budget.
pub(crate) fn spent() -> bool {
    OVER.get()
}

/// The steps the running operation has left (the budget, outside one).
pub(crate) fn left() -> u64 {
    LEFT.get().unwrap_or_else(budget)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_operation_stops_at_its_budget_and_the_next_starts_afresh() {
        with_budget(10, || {
            let ((), over) = operation(|| {
                assert!(spend(4));
                assert!(spend(6));
                assert_eq!(left(), 0);
                assert!(!spend(1));
                assert!(!spend(0), "once over, it stays over");
            });
            assert!(over);
            let ((), over) = operation(|| assert!(spend(10)));
            assert!(!over);
        });
        assert_eq!(budget(), DEFAULT_BUDGET);
    }

    #[test]
    fn an_inner_operation_spends_from_the_outer_one() {
        with_budget(5, || {
            let (inner, over) = operation(|| {
                assert!(spend(3));
                operation(|| spend(3)).0
            });
            assert!(!inner);
            assert!(over);
        });
    }

    #[test]
    fn nothing_is_counted_outside_an_operation() {
        with_budget(0, || assert!(spend(u64::MAX)));
    }
}
