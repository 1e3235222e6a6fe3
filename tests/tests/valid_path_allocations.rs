//! The valid path builds no error objects and no paths: a validation of valid
//! arguments allocates the same few blocks whatever the arguments' size
//! (when nothing is bound: no default, no number such as `2.0`), while one
//! of invalid arguments allocates for every error it renders.
//! Counted by this test binary's own global allocator, per thread (the
//! harness runs tests in parallel).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use tool_schema::{ArgError, Options, Validator};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: every call is passed on to the system allocator unchanged; the
// count is a thread-local cell with a constant initialiser and no destructor,
// so reading it allocates nothing.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's contract is `System.alloc`'s.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: as above.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// The allocations (and reallocations) `f` makes on this thread.
fn allocations<T>(f: impl FnOnce() -> T) -> (u64, T) {
    let before = ALLOCATIONS.with(Cell::get);
    let out = f();
    (ALLOCATIONS.with(Cell::get) - before, out)
}

/// The allocations of validating `small` and then `large`, each after a
/// first call (anything a validator makes once is made then), with the
/// answers.
fn counted(v: &Validator, small: &str, large: &str) -> [(u64, Result<String, Vec<ArgError>>); 2] {
    v.validate(small).expect("valid");
    v.validate(large).expect("valid");
    [allocations(|| v.validate(small)), allocations(|| v.validate(large))]
}

/// An order with every kind of check the valid path runs per value: a
/// pattern, a format, numeric and length bounds, an enum, required and
/// closed objects, a nested array.
const SCHEMA: &str = r#"{
  "type": "object",
  "properties": {
    "customerId": {"type": "string", "format": "uuid"},
    "note": {"type": "string", "maxLength": 200},
    "lines": {
      "type": "array",
      "minItems": 1,
      "items": {
        "type": "object",
        "properties": {
          "sku": {"type": "string", "pattern": "^[A-Z]{2,4}-[0-9]{1,6}$"},
          "qty": {"type": "integer", "minimum": 1, "maximum": 1000},
          "unitPrice": {"type": "number", "exclusiveMinimum": 0},
          "colour": {"enum": ["red", "green", "blue"]},
          "tags": {"type": "array", "items": {"type": "string", "minLength": 1}}
        },
        "required": ["sku", "qty"],
        "additionalProperties": false
      }
    }
  },
  "required": ["customerId", "lines"],
  "additionalProperties": false
}"#;

/// Arguments with `n` order lines; `sku` of every line refused when `broken`.
fn order(n: usize, broken: bool) -> String {
    let colours = ["red", "green", "blue"];
    let lines: Vec<String> = (0..n)
        .map(|i| {
            let sku = if broken { format!("bad sku {i}") } else { format!("AB-{}", 100 + i % 900) };
            format!(
                r#"{{"sku":"{sku}","qty":{},"unitPrice":{}.{:02},"colour":"{}","tags":["a","bc"]}}"#,
                1 + i % 999,
                1 + i % 50,
                // Never `.00`: a number such as `5.00` is found again after
                // the check, for binding (whether its slot is an integer's).
                1 + i % 99,
                colours[i % 3]
            )
        })
        .collect();
    format!(
        r#"{{"customerId":"2eb8aa08-aa98-11ea-b4aa-73b441d16380","note":"leave at the door","lines":[{}]}}"#,
        lines.join(",")
    )
}

#[test]
fn a_valid_call_allocates_the_same_few_blocks_whatever_the_size_of_the_arguments() {
    let v = Validator::compile(SCHEMA, Options::default()).expect("the schema compiles");
    let (small, large) = (order(4, false), order(2_000, false));
    assert!(large.len() > 100 * small.len() / 2, "the large input is {} bytes", large.len());
    let [(on_small, bound_small), (on_large, bound_large)] = counted(&v, &small, &large);
    // Nothing to bind here (no default, no integer written as 2.0): the
    // bound arguments are the input.
    assert_eq!(bound_small.expect("valid"), small);
    assert_eq!(bound_large.expect("valid"), large);
    assert_eq!(
        on_small,
        on_large,
        "a valid call of {} bytes allocated {on_small} times, of {} bytes {on_large} times",
        small.len(),
        large.len()
    );
    assert!(on_large <= 8, "a valid call allocated {on_large} times");
}

#[test]
fn an_invalid_call_allocates_for_the_errors_it_renders() {
    // The counter's own check: the same validator, arguments whose every
    // line breaks the pattern, allocates at least once per error.
    let v = Validator::compile(SCHEMA, Options::default()).expect("the schema compiles");
    let broken = order(50, true);
    v.validate(&broken).expect_err("invalid");
    let (count, result) = allocations(|| v.validate(&broken));
    let errors = result.expect_err("invalid");
    assert_eq!(errors.len(), 50, "one error per line");
    assert!(count >= errors.len() as u64, "{count} allocations for {} errors", errors.len());
}

#[test]
fn filling_a_default_writes_the_bound_arguments_once_whatever_their_size() {
    // The same order with a default for the absent `note`: the bound
    // arguments are written (not the input), still in a fixed number of blocks.
    let schema = SCHEMA.replace(
        r#""note": {"type": "string", "maxLength": 200}"#,
        r#""note": {"type": "string", "maxLength": 200, "default": "none"}"#,
    );
    let v = Validator::compile(&schema, Options::default()).expect("the schema compiles");
    let without_note = |n| order(n, false).replace(r#""note":"leave at the door","#, "");
    let (small, large) = (without_note(4), without_note(2_000));
    let [(on_small, bound_small), (on_large, bound_large)] = counted(&v, &small, &large);
    for (input, bound) in [(&small, bound_small), (&large, bound_large)] {
        let bound = bound.expect("valid");
        assert!(bound.contains(r#""note":"none""#), "the default is filled in");
        assert_eq!(bound.len(), input.len() + r#","note":"none""#.len());
    }
    assert_eq!(on_small, on_large, "{on_small} allocations at {} bytes, {on_large} at {}", small.len(), large.len());
}

#[test]
fn numbers_written_as_2_0_are_bound_without_an_allocation_each() {
    // Every quantity written as `5.0` (an integer slot: bound as `5`) and
    // every price as `7.00` (a number slot: left as written). Each such
    // number is looked up again after the check; the lookups share their
    // buffers, so only the lists that hold them grow (by doubling).
    let v = Validator::compile(SCHEMA, Options::default()).expect("the schema compiles");
    let written = |n: usize| {
        order(n, false)
            .split(',')
            .map(|part| match part.split_once(':') {
                Some((r#""qty""#, q)) => format!(r#""qty":{q}.0"#),
                Some((r#""unitPrice""#, p)) => format!(r#""unitPrice":{}.00"#, p.split('.').next().unwrap_or(p)),
                _ => part.to_owned(),
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let (small, large) = (written(4), written(2_000));
    assert!(large.contains(r#""qty":1.0,"unitPrice":1.00"#), "{}", &large[..200]);
    let [(on_small, bound_small), (on_large, bound_large)] = counted(&v, &small, &large);
    for (input, bound) in [(&small, bound_small), (&large, bound_large)] {
        let bound = bound.expect("valid");
        assert_eq!(bound, input.replace(".0,\"unitPrice\"", ",\"unitPrice\""), "quantities bound as integers");
    }
    // 2,000 quantities rewritten and 2,000 prices looked up: more
    // allocations than for 4 of each only as the two lists grow (by
    // doubling: 10 to 12 times each here), not once per number.
    assert!(
        on_large <= on_small + 24,
        "{on_small} allocations for 4 lines, {on_large} for 2,000 ({} bytes)",
        large.len()
    );
}
