//! The bounds every call runs in, met for real: a call past its deadline and
//! a call past the memory limit each trap, and the same host answers the
//! next call on a fresh instance, with a schema compiled before the trap
//! still usable (compiled again from what it was compiled from).

use host_demo::{LoadOptions, Runtime};
use std::time::Duration;

const SCHEMA: &str = r#"{"type":"object","properties":{"n":{"type":"integer","maximum":10}},"required":["n"]}"#;

fn runtime(memory_limit: usize, call_deadline: Duration) -> Runtime {
    let opts = LoadOptions { memory_limit, call_deadline, ..LoadOptions::from_env() };
    // (A runtime of its own per test: the bounds are the runtime's.)
    Runtime::load(&opts).expect("the component loads (make component builds it)")
}

/// Arguments that take a while to check: many items against a pattern.
fn slow_args() -> String {
    let item = format!("\"{}\"", "ab".repeat(40));
    format!("{{\"items\":[{}]}}", vec![item; 60_000].join(","))
}

const SLOW_SCHEMA: &str =
    r#"{"type":"object","properties":{"items":{"type":"array","items":{"type":"string","pattern":"^(ab)+$"}}}}"#;

fn check_recovery(host: &mut host_demo::Host<'_>, compiled: &host_demo::CompiledSchema) {
    assert_eq!(host.generation(), 1, "the trap replaced the instance");
    // A call on the fresh instance works.
    let bound = host.validate_args(SCHEMA, r#"{"n":3}"#).expect("the next call runs").expect("valid");
    assert_eq!(bound, r#"{"n":3}"#);
    // The schema compiled before the trap is compiled again and still answers.
    let errors = host.validate(compiled, r#"{"n":11}"#).expect("the validator runs").expect_err("11 > 10");
    assert_eq!(errors[0].path, "n");
    assert_eq!(host.validate(compiled, r#"{"n":1}"#).expect("runs").expect("valid"), r#"{"n":1}"#);
}

#[test]
fn a_call_past_its_deadline_traps_and_the_next_call_works() {
    let rt = runtime(host_demo::MEMORY_LIMIT_BYTES, host_demo::CALL_DEADLINE);
    let mut host = rt.instantiate().expect("an instance");
    let compiled = host.compile(SCHEMA, None).expect("compiles").expect("a usable schema");
    let args = slow_args();
    host.set_call_deadline(Duration::from_millis(10));
    let err = host.validate_args(SLOW_SCHEMA, &args).expect_err("interrupted at the deadline");
    assert!(err.0.contains("trapped") && err.0.contains("interrupt"), "{err}");
    host.set_call_deadline(host_demo::CALL_DEADLINE);
    check_recovery(&mut host, &compiled);
}

#[test]
fn a_call_past_the_memory_limit_traps_and_the_next_call_works() {
    let rt = runtime(24 << 20, host_demo::CALL_DEADLINE);
    let mut host = rt.instantiate().expect("an instance");
    let compiled = host.compile(SCHEMA, None).expect("compiles").expect("a usable schema");
    // 9 MiB of arguments (under the 10 MiB text limit) do not fit in 24 MiB of memory once read.
    let args = format!("{{\"n\":[{}]}}", vec!["1"; 4_700_000].join(","));
    let err = host.validate_args(SCHEMA, &args).expect_err("out of memory");
    assert!(err.0.contains("trapped"), "{err}");
    check_recovery(&mut host, &compiled);
}

#[test]
fn the_default_bounds_leave_every_hostile_input_an_answer() {
    let rt = runtime(host_demo::MEMORY_LIMIT_BYTES, host_demo::CALL_DEADLINE);
    let mut host = rt.instantiate().expect("an instance");
    let answer = host.validate_args(SLOW_SCHEMA, &slow_args()).expect("no trap under the default deadline");
    assert!(answer.is_ok(), "{answer:?}");
    assert_eq!(host.generation(), 0);
}
