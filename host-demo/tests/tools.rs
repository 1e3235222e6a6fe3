//! The `tool` and `converted` resources through wasmtime: a tool made once
//! compiles nothing when called; handles are released when dropped; a
//! handle is refused by a host that did not make it; a tool outlives a trap.

use host_demo::{ArgParams, LoadOptions, Outcome, Runtime, Target};

fn runtime() -> Runtime {
    Runtime::load(&LoadOptions::from_env()).expect("the component loads (make component builds it)")
}

fn example(name: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples").join(name))
        .expect("read the example")
}

const ARGS: &str = r#"{"caseId":"3f2504e0-4f89-11d3-9a0c-0305e82c3301","limit":5}"#;
const VALUE: &str = r#"{"number":"1","filed":"2024-01-02","status":"Open"}"#;

#[test]
fn the_get_docket_limit_error_says_maximum_100_and_the_value_500() {
    let rt = runtime();
    let mut host = rt.instantiate().expect("an instance");
    let tools = host.tools(&example("get-docket.json")).expect("runs").expect("a tool");
    let errors = host.tool_validate(&tools[0], r#"{"limit": 500}"#).expect("runs").expect_err("500 > 100");
    let e = errors.iter().find(|e| e.keyword == "maximum").expect("a maximum error");
    assert_eq!(e.message, "Argument 'limit' must be at most 100, not 500.");
    match &e.params {
        ArgParams::Bound(b) => assert_eq!((b.limit.as_str(), b.value.as_str()), ("100", "500")),
        other => panic!("params {other:?}"),
    }
    assert_eq!(e.schema_location, "/properties/limit/maximum");
    // A schema that is not JSON Schema is refused, not made into a tool.
    let refused = host.tool_from_schema("t", "", r#"{"type": 5}"#, None, None).expect("runs");
    assert!(refused.is_err_and(|d| d.iter().all(|d| d.code.starts_with("OLS"))));
}

#[test]
fn a_tool_made_once_compiles_nothing_in_10000_calls_of_each_kind() {
    let rt = runtime();
    let mut host = rt.instantiate().expect("an instance");
    let before = host.schemas_compiled().expect("runs");
    let tool = host.tools(&example("get-docket.json")).expect("runs").expect("a tool").remove(0);
    let converted = host.tool_convert(&tool, &Target::Openai).expect("runs").expect("converted");
    let returned = Outcome::Returned(VALUE.into());
    // The output schema compiles at the first value returned.
    host.tool_encode(&tool, &returned).expect("runs").expect("encoded");
    let made = host.schemas_compiled().expect("runs");
    assert!(made > before, "making the tool compiled its schemas");
    for _ in 0..10_000 {
        assert!(host.tool_validate(&tool, ARGS).expect("runs").is_ok());
        assert!(host.tool_encode(&tool, &returned).expect("runs").is_ok());
        assert!(host.restore(&converted, ARGS).expect("runs").is_ok());
    }
    assert_eq!(host.schemas_compiled().expect("runs"), made, "10,000 calls compiled nothing");
    // The one-shot function compiles on every call: the count counts.
    let input_schema = host.tool_info(&tool).expect("runs").input_schema;
    host.restore_args(&input_schema, &Target::Openai, ARGS).expect("runs").ok();
    assert!(host.schemas_compiled().expect("runs") > made);
}

#[test]
fn dropped_tools_are_released_and_memory_stays_flat() {
    let rt = runtime();
    let mut host = rt.instantiate().expect("an instance");
    let schema = r#"{"type":"object","properties":{"q":{"type":"string","maxLength":100}},"required":["q"]}"#;
    let make = |host: &mut host_demo::Host<'_>| {
        for _ in 0..1_000 {
            let tool = host.tool_from_schema("t", "", schema, None, None).expect("runs").expect("a tool");
            let c = host.tool_convert(&tool, &Target::Anthropic).expect("runs").expect("converted");
            drop((tool, c)); // neither released: dropping them releases them at the next call
        }
    };
    make(&mut host);
    let warm = host.memory_bytes();
    for _ in 0..20 {
        make(&mut host);
    }
    host.schemas_compiled().expect("a call releases what was dropped");
    assert!(
        host.memory_bytes() <= warm + warm / 10,
        "{} bytes after 21,000 tools, {warm} after 1,000",
        host.memory_bytes()
    );
}

#[test]
fn a_handle_from_another_host_is_refused() {
    let rt = runtime();
    let mut a = rt.instantiate().expect("an instance");
    let mut b = rt.instantiate().expect("another");
    let tool = a.tools(&example("get-docket.json")).expect("runs").expect("a tool").remove(0);
    let err = b.tool_validate(&tool, ARGS).expect_err("b did not make it");
    assert!(err.0.contains("another host"), "{err}");
    let compiled = a.compile("{}", None).expect("runs").expect("compiles");
    let err = b.validate(&compiled, "{}").expect_err("b did not compile it");
    assert!(err.0.contains("another host"), "{err}");
    // The host that made them still answers.
    assert!(a.tool_validate(&tool, ARGS).expect("runs").is_ok());
    assert!(a.validate(&compiled, "{}").expect("runs").is_ok());
}

#[test]
fn a_tool_made_before_a_trap_is_made_again_after_it() {
    let rt = Runtime::load(&LoadOptions { memory_limit: 24 << 20, ..LoadOptions::from_env() }).expect("loads");
    let mut host = rt.instantiate().expect("an instance");
    let tool = host.tools(&example("get-docket.json")).expect("runs").expect("a tool").remove(0);
    let converted = host.tool_convert(&tool, &Target::Gemini).expect("runs").expect("converted");
    let args = format!("{{\"n\":[{}]}}", vec!["1"; 4_700_000].join(","));
    host.validate_args("{}", &args).expect_err("out of memory: a trap");
    assert_eq!(host.generation(), 1);
    let bound = host.tool_validate(&tool, ARGS).expect("runs").expect("valid");
    assert_eq!(bound, ARGS);
    assert!(host.restore(&converted, ARGS).expect("runs").is_ok());
}
