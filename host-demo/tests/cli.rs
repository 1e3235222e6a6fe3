//! The CLI as a user runs it: exit codes, output, the compiled-component cache.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use tool_schema::json::{self, Value};

const EXE: &str = env!("CARGO_BIN_EXE_host-demo");

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples")
}

/// Where the tests write: under the target directory (Cargo's scratch
/// directory for integration tests), by fixed names, so that each run
/// replaces the last one's files instead of adding to them.
fn scratch() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("host-demo-cli")
}

/// The compiled-component cache the tests share: compiled by the first run,
/// read by the others.
fn shared_cache() -> PathBuf {
    scratch().join("shared-cache")
}

/// An empty directory of the test's own.
fn fresh_dir(test: &str) -> PathBuf {
    let dir = scratch().join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a test directory");
    dir
}

fn run_with(_test: &str, args: &[&str], stdin: Option<&str>) -> Output {
    // Compile the component into the shared cache once, before the tests run
    // host-demo side by side (the last run's cache, of another build
    // perhaps, removed first).
    static WARM: std::sync::Once = std::sync::Once::new();
    WARM.call_once(|| {
        let _ = std::fs::remove_dir_all(shared_cache());
        let _ = Command::new(EXE).arg("info").env("TOOL_SCHEMA_CACHE_DIR", shared_cache()).output();
    });
    let mut child = Command::new(EXE)
        .args(args)
        .env("TOOL_SCHEMA_CACHE_DIR", shared_cache())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("host-demo starts");
    if let Some(text) = stdin {
        // A run that refuses its arguments exits without reading its input:
        // the pipe broken under the write is its answer, not a failure here.
        match child.stdin.take().expect("stdin").write_all(text.as_bytes()) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
            written => written.expect("write stdin"),
        }
    }
    drop(child.stdin.take());
    child.wait_with_output().expect("host-demo finishes")
}

fn run(test: &str, args: &[&str]) -> Output {
    run_with(test, args, None)
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8 stdout")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8 stderr")
}

fn parse(text: &str) -> Value {
    json::parse(text.trim(), json::ParseLimits { max_bytes: 1 << 24, max_depth: 256 }).expect("stdout is JSON")
}

fn codes_and_paths(v: &Value) -> Vec<(String, String)> {
    v.get("diagnostics")
        .and_then(Value::as_array)
        .expect("a diagnostics list")
        .iter()
        .map(|d| {
            (
                d.get("code").and_then(Value::as_str).unwrap().to_owned(),
                d.get("path").and_then(Value::as_str).unwrap().to_owned(),
            )
        })
        .collect()
}

const GET_DOCKET: &str = r#"{
  "method": "GetDocketAsync",
  "parameters": [
    {"name": "caseId", "type": "Guid"},
    {"name": "limit", "type": "int", "default": 10, "attributes": [{"name": "Range", "args": [1, 100]}]},
    {"name": "ctx", "type": "ToolContext"},
    {"name": "ct", "type": "CancellationToken"}
  ],
  "returns": "Task<Docket>",
  "types": {"Docket": {"kind": "record", "parameters": [{"name": "Number", "type": "string"}]}}
}"#;

#[test]
fn describe_tool_get_docket() {
    let o = run_with("get-docket", &["describe-tool", "-"], Some(GET_DOCKET));
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    let tool = parse(&stdout(&o));
    assert_eq!(tool.get("name").and_then(Value::as_str), Some("get_docket"));
    let input = tool.get("inputSchema").expect("inputSchema");
    assert_eq!(
        input.get("properties").and_then(|p| p.get("limit")).map(Value::to_json).as_deref(),
        Some(r#"{"type":"integer","minimum":1,"maximum":100,"default":10}"#)
    );
    assert_eq!(input.get("required").map(Value::to_json).as_deref(), Some(r#"["caseId"]"#));
    let props: Vec<&str> =
        input.get("properties").and_then(Value::as_object).unwrap().iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(props, ["caseId", "limit"], "ctx and ct are filled in by the runtime");
}

#[test]
fn refusal_lists_every_problem_with_its_path() {
    let file = examples().join("refused.json");
    let o = run("refused", &["describe-tool", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let found = codes_and_paths(&parse(&stdout(&o)));
    let want = [
        ("OLT002", "parameters[0].type"),
        ("OLT002", "parameters[1].modifier"),
        ("OLT006", "types.Node.parameters[1].type"),
    ];
    assert_eq!(found, want.map(|(c, p)| (c.to_owned(), p.to_owned())));
}

#[test]
fn a_bad_descriptor_is_a_diagnostic_not_a_crash() {
    for (text, code) in [
        ("{\"method\": ", "OLD001"),
        ("[]", "OLD002"),
        ("{\"method\": \"X\", \"parameters\": [{\"name\": \"a\", \"type\": \"Nope\"}]}", "OLD004"),
    ] {
        let o = run_with("bad-descriptor", &["describe-tool", "-"], Some(text));
        assert_eq!(o.status.code(), Some(1), "{text}: {}", stderr(&o));
        let found = codes_and_paths(&parse(&stdout(&o)));
        assert_eq!(found[0].0, code, "{text}");
    }
}

#[test]
fn describe_type_prints_the_fragment() {
    let o = run("ulong", &["describe-type", "ulong"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "{\"type\":\"integer\",\"minimum\":0,\"maximum\":18446744073709551615}\n");

    let types = temp_file(
        "types-file",
        "types.json",
        r#"{"Item": {"kind": "record", "parameters": [{"name": "Qty", "type": "int"}]}}"#,
    );
    let o = run("types", &["describe-type", "List<Item>", "--types", types.to_str().unwrap(), "--naming", "None"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o).trim(),
        r#"{"type":"array","items":{"type":"object","properties":{"Qty":{"type":"integer","minimum":-2147483648,"maximum":2147483647}},"required":["Qty"],"additionalProperties":false}}"#
    );

    let o = run("queue", &["describe-type", "Queue<int>"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(codes_and_paths(&parse(&stdout(&o))), [("OLT002".to_owned(), "type".to_owned())]);
}

#[test]
fn pretty_output_is_the_same_json() {
    let file = examples().join("get-docket.json");
    let compact = stdout(&run("pretty", &["describe-tool", file.to_str().unwrap()]));
    let pretty = stdout(&run("pretty", &["describe-tool", file.to_str().unwrap(), "--pretty"]));
    assert!(pretty.lines().count() > 10);
    assert_eq!(parse(&pretty).to_json(), compact.trim());
}

#[test]
fn tool_name_and_flatten_doc() {
    let o = run("tool-name", &["tool-name", "HTTPRequest"]);
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(0), "http_request\n"));
    let o = run("tool-name-bad", &["tool-name", "Café"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(codes_and_paths(&parse(&stdout(&o)))[0].0, "OLT008");
    let o = run("flatten", &["flatten-doc", "Looks up a <see cref=\"Docket\"/>\n   quickly."]);
    assert_eq!(stdout(&o), "Looks up a Docket quickly.\n");
}

#[test]
fn usage_errors_exit_2_with_one_line() {
    for args in [
        &[][..],
        &["frobnicate"],
        &["describe-tool"],
        &["describe-tool", "a.json", "b.json"],
        &["describe-tool", "a.json", "--frob"],
        &["describe-type", "int", "--mode", "fast"],
        &["describe-type", "int", "--types"],
        &["describe-tool", "/nonexistent/descriptor.json"],
        &["info", "extra"],
    ] {
        let o = run("usage", args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("host-demo: "), "{args:?}: {err}");
    }
    let o = run("help", &["help"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("describe-tool <FILE|->"));
}

#[test]
fn a_missing_component_is_a_host_failure() {
    let o = run("missing", &["--component", "/nonexistent/tool_schema.wasm", "describe-type", "int"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("make component"), "{}", stderr(&o));
}

#[test]
fn the_second_run_loads_the_compiled_component_from_the_cache() {
    let dir = fresh_dir("cache");
    std::fs::remove_dir(&dir).expect("the cache directory starts absent");
    let info = |dir: &Path| {
        let o = Command::new(EXE).args(["--cache-dir", dir.to_str().unwrap(), "info"]).output().expect("runs");
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        stdout(&o)
    };
    let first = info(&dir);
    assert!(first.contains("compiled: now, cached as"), "{first}");
    let cached: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(cached.len(), 1, "one compiled file: {cached:?}");
    let written = std::fs::metadata(&cached[0]).unwrap().modified().unwrap();
    let second = info(&dir);
    assert!(second.contains("compiled: loaded from cache"), "{second}");
    assert_eq!(std::fs::metadata(&cached[0]).unwrap().modified().unwrap(), written, "not rewritten");

    // A damaged cache file is not trusted: the component is compiled again.
    std::fs::write(&cached[0], b"not a compiled component").unwrap();
    let third = info(&dir);
    assert!(third.contains("compiled: now, cached as"), "{third}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn demo_tours_the_examples() {
    let o = run("demo", &["demo"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    for expected in [
        "\"name\": \"get_docket\"",
        "no imports",
        "OLT006",
        "http_request",
        "send_alert",
        "18446744073709551615",
        "Argument 'limit' must be at most 100, not 500.",
        "bound: {\"caseId\":\"2eb8aa08-aa98-11ea-b4aa-73b441d16380\",\"limit\":10}",
    ] {
        assert!(out.contains(expected), "the tour shows {expected}");
    }
}

fn temp_file(test: &str, name: &str, text: &str) -> PathBuf {
    let path = fresh_dir(test).join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn errors_of(v: &Value) -> Vec<(String, String, String)> {
    v.get("errors")
        .and_then(Value::as_array)
        .expect("an errors list")
        .iter()
        .map(|e| {
            let s = |k: &str| e.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
            (s("path"), s("keyword"), s("message"))
        })
        .collect()
}

#[test]
fn validate_names_the_argument_to_fix() {
    let order = examples().join("order.json");
    let o = run(
        "order",
        &["validate", "--tool", order.to_str().unwrap(), r#"{"items":[{"qty":1},{"qty":2},{"qty":"three"}]}"#],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let errors = errors_of(&parse(&stdout(&o)));
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].0, "items[2].qty");
    assert!(errors[0].2.starts_with("Argument 'items[2].qty' must be an integer"), "{}", errors[0].2);
}

#[test]
fn validate_compares_numbers_exactly_and_binds_integers() {
    let descriptor = |ty: &str| format!(r#"{{"method":"F","parameters":[{{"name":"n","type":"{ty}"}}]}}"#);
    let ulong = temp_file("exact-ulong", "ulong.json", &descriptor("ulong"));
    let int = temp_file("exact-int", "int.json", &descriptor("int"));
    let check = |file: &PathBuf, args: &str| {
        let o = run("exact", &["validate", "--tool", file.to_str().unwrap(), args]);
        (o.status.code(), stdout(&o).trim().to_owned())
    };
    let (code, out) = check(&ulong, r#"{"n": 18446744073709551616}"#);
    assert_eq!(code, Some(1));
    assert_eq!(
        errors_of(&parse(&out)),
        [(
            "n".to_owned(),
            "maximum".to_owned(),
            "Argument 'n' must be at most 18446744073709551615, not 18446744073709551616.".to_owned()
        )]
    );
    assert_eq!(check(&ulong, r#"{"n": 18446744073709551615}"#), (Some(0), r#"{"n":18446744073709551615}"#.to_owned()));
    assert_eq!(check(&int, r#"{"n": 2.0}"#), (Some(0), r#"{"n":2}"#.to_owned()));
}

#[test]
fn validate_reads_schemas_and_arguments_from_files_and_stdin() {
    let schema = r#"{"type":"object","properties":{"limit":{"type":"integer","default":10}}}"#;
    let args = temp_file("files", "args.json", "{}");
    let o = run_with("files", &["validate", "-", &format!("@{}", args.display())], Some(schema));
    assert_eq!((o.status.code(), stdout(&o).trim()), (Some(0), r#"{"limit":10}"#), "{}", stderr(&o));
    let o = run_with("files", &["validate", "-", "@-"], Some(schema));
    assert_eq!(o.status.code(), Some(2), "both from stdin is a usage error");
}

#[test]
fn an_unusable_schema_is_reported_as_such() {
    let o = run_with("loop", &["validate", "-", "{}"], Some(r##"{"$ref":"#/$defs/a","$defs":{"a":{"$ref":"#"}}}"##));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(codes_and_paths(&parse(&stdout(&o)))[0].0, "OLS005");
}

#[test]
fn encode_a_failure_in_the_contracts_words() {
    let o = run(
        "encode-threw",
        &["encode", "--tool", "x", "--returns", "int", "--threw", "InvalidOperationException", "message"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let result = parse(&stdout(&o));
    assert_eq!(result.get("isError"), Some(&Value::Bool(true)));
    let parts = result.get("parts").and_then(Value::as_array).expect("parts");
    assert_eq!(parts.len(), 1);
    assert_eq!(parts[0].get("type").and_then(Value::as_str), Some("text"));
    assert_eq!(
        parts[0].get("text").and_then(Value::as_str),
        Some("Tool 'x' failed: InvalidOperationException: message")
    );
}

#[test]
fn encode_keeps_a_numbers_digits() {
    let o = run("encode-ulong", &["encode", "--tool", "x", "--returns", "ulong", "--value", "18446744073709551615"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), r#"{"parts":[{"type":"json","json":18446744073709551615}],"isError":false}"#);
}

#[test]
fn encode_refuses_a_value_that_does_not_fit() {
    let types = temp_file("encode-types", "types.json", r#"{"Color":{"kind":"enum","members":["Red","Green"]}}"#);
    let o = run(
        "encode-enum",
        &[
            "encode",
            "--tool",
            "x",
            "--returns",
            "Task<Color>",
            "--types",
            types.to_str().unwrap(),
            "--value",
            "\"Purple\"",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(codes_and_paths(&parse(&stdout(&o))), [("OLE003".to_owned(), "outcome.value".to_owned())]);
}

#[test]
fn encode_turns_validate_errors_into_one_error_result() {
    let docket = examples().join("get-docket.json");
    let errors = stdout(&run("encode-args", &["validate", "--tool", docket.to_str().unwrap(), r#"{"limit": 500}"#]));
    let o = run_with(
        "encode-args",
        &["encode", "--tool", "get_docket", "--returns", "int", "--invalid-args", "@-"],
        Some(&errors),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o).trim(),
        r#"{"parts":[{"type":"text","text":"Argument 'limit' must be at most 100, not 500.\nArgument 'caseId' is required."}],"isError":true}"#
    );
}

#[test]
fn encode_usage_errors() {
    for args in [
        &["encode", "--returns", "int", "--void"][..],
        &["encode", "--tool", "x", "--void"],
        &["encode", "--tool", "x", "--returns", "int"],
        &["encode", "--tool", "x", "--returns", "int", "--void", "--value", "1"],
        &["encode", "--tool", "x", "--returns", "int", "--threw", "E"],
        &["encode", "--tool", "x", "--returns", "int", "--timeout", "soon"],
        &["encode", "--tool", "x", "--returns", "int", "--parts", "{}"],
    ] {
        let o = run("encode-usage", args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
        assert_eq!(stderr(&o).lines().count(), 1, "{args:?}");
    }
}

fn changes_of(v: &Value) -> Vec<(String, String, String)> {
    v.get("changes")
        .and_then(Value::as_array)
        .expect("a changes list")
        .iter()
        .map(|c| {
            let s = |k: &str| c.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
            (s("pointer"), s("keyword"), s("action"))
        })
        .collect()
}

#[test]
fn downconvert_for_anthropic_keeps_the_range_as_a_hint_and_reshapes_the_dictionary() {
    let tool = examples().join("tag-counts.json");
    let o = run("dc-anthropic", &["downconvert", "--provider", "anthropic", "--tool", tool.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let answer = parse(&stdout(&o));
    let schema = answer.get("schema").expect("schema");
    let n = schema.pointer("/properties/n").expect("n");
    assert!(n.get("minimum").is_none() && n.get("maximum").is_none(), "{}", n.to_json());
    let description = n.get("description").and_then(Value::as_str).unwrap_or_default();
    assert!(description.ends_with("(minimum: 1, maximum: 10)"), "{description}");
    let counts = schema.pointer("/properties/counts").expect("counts");
    assert_eq!(counts.get("type").and_then(Value::as_str), Some("array"));
    let pair = counts.pointer("/items/properties").and_then(Value::as_object).expect("pairs");
    assert_eq!(pair.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(), ["key", "value"]);
    let changes = changes_of(&answer);
    for (pointer, keyword, action) in [
        ("/properties/n", "minimum", "removed"),
        ("/properties/n", "maximum", "removed"),
        ("/properties/counts", "additionalProperties", "reshaped"),
    ] {
        assert!(
            changes.contains(&(pointer.into(), keyword.into(), action.into())),
            "{pointer} {keyword} {action} not in {changes:?}"
        );
    }
    assert!(matches!(answer.get("lossless"), Some(Value::Bool(false))));
}

#[test]
fn downconvert_for_openai_requires_every_property_and_restore_applies_the_default() {
    let docket = examples().join("get-docket.json");
    let docket = docket.to_str().unwrap();
    let o = run("dc-openai", &["downconvert", "--provider", "openai", "--tool", docket]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let schema = parse(&stdout(&o)).get("schema").cloned().expect("schema");
    let required: Vec<&str> =
        schema.get("required").and_then(Value::as_array).unwrap().iter().filter_map(Value::as_str).collect();
    assert!(required.contains(&"limit"), "{required:?}");
    assert_eq!(schema.pointer("/properties/limit/type").map(Value::to_json).as_deref(), Some(r#"["integer","null"]"#));

    let answer = r#"{"caseId":"0f8fad5b-d9cb-469f-a165-70867728950e","limit":null}"#;
    let o = run("restore-openai", &["restore", "--provider", "openai", "--tool", docket, answer]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), r#"{"caseId":"0f8fad5b-d9cb-469f-a165-70867728950e","limit":10}"#);

    // A value over the range the schema gave: refused against the original.
    let answer = r#"{"caseId":"0f8fad5b-d9cb-469f-a165-70867728950e","limit":500}"#;
    let o = run("restore-openai-bad", &["restore", "--provider", "openai", "--tool", docket, answer]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(errors_of(&parse(&stdout(&o)))[0].0, "limit");
}

#[test]
fn restore_says_when_the_model_saw_a_constraint_only_as_a_hint() {
    let tool = examples().join("tag-counts.json");
    let answer = r#"{"n":30,"tags":[],"counts":[{"key":"a","value":1},{"key":"a","value":2}]}"#;
    let o = run("restore-hint", &["restore", "--provider", "anthropic", "--tool", tool.to_str().unwrap(), answer]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let errors = errors_of(&parse(&stdout(&o)));
    assert_eq!(errors[0].0, "n");
    assert!(
        errors[0].2.ends_with("(a constraint the schema sent to anthropic gave only as a hint)."),
        "{}",
        errors[0].2
    );
    assert_eq!((errors[1].0.as_str(), errors[1].1.as_str()), ("counts", "pairs"));
}

#[test]
fn downconvert_reads_a_schema_from_stdin_and_a_custom_profile() {
    let schema = r#"{"type":"object","properties":{"site":{"type":"string","format":"uri"}},"required":["site"]}"#;
    let o = run_with("dc-stdin", &["downconvert", "--provider", "openai", "-"], Some(schema));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(parse(&stdout(&o)).pointer("/schema/properties/site/format").is_none(), "openai takes no uri");

    let profile = run("profile", &["provider-profile", "openai"]);
    assert_eq!(profile.status.code(), Some(0));
    let with_uri = stdout(&profile).replacen(r#""formats": ["#, r#""formats": ["uri", "#, 1);
    assert_ne!(with_uri, stdout(&profile), "the profile lists formats");
    let file = temp_file("dc-custom", "profile.json", &with_uri);
    let o = run_with(
        "dc-custom",
        &["downconvert", "--provider", "custom", "--profile", file.to_str().unwrap(), "-"],
        Some(schema),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(parse(&stdout(&o)).pointer("/schema/properties/site/format").and_then(Value::as_str), Some("uri"));
}

#[test]
fn downconvert_refusals_are_diagnostics() {
    let recursive = r##"{"$defs":{"N":{"type":"object","properties":{"next":{"$ref":"#/$defs/N"}}}},"type":"object","properties":{"n":{"$ref":"#/$defs/N"}}}"##;
    let o = run_with("dc-refuse", &["downconvert", "--provider", "anthropic", "-"], Some(recursive));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(codes_and_paths(&parse(&stdout(&o))), [("OLP002".to_owned(), "$".to_owned())]);
    let o = run_with("dc-keep", &["downconvert", "--provider", "openai", "-"], Some(recursive));
    assert_eq!(o.status.code(), Some(0), "openai keeps the recursion through $defs");

    let o = run("dc-unknown", &["provider-profile", "nonesuch"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(codes_and_paths(&parse(&stdout(&o))), [("OLP001".to_owned(), "target".to_owned())]);
    // A name no surface has is the component's refusal, as any other.
    let o = run_with("dc-nonesuch", &["downconvert", "--provider", "nonesuch", "-"], Some(recursive));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(codes_and_paths(&parse(&stdout(&o))), [("OLP001".to_owned(), "target".to_owned())]);
    let o = run("dc-usage", &["downconvert", "--provider", "", "-"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o).lines().count(), 1);
}

/// Runs host-demo with arguments as the system gives them (any bytes, on Unix).
#[cfg(unix)]
fn run_os(args: &[std::ffi::OsString]) -> Output {
    let _ = run("warm", &["info"]);
    Command::new(EXE).args(args).env("TOOL_SCHEMA_CACHE_DIR", shared_cache()).output().expect("host-demo runs")
}

#[cfg(unix)]
#[test]
fn an_argument_that_must_be_text_and_is_not_utf8_is_a_usage_error_naming_it() {
    use std::os::unix::ffi::OsStrExt;
    let os = |b: &[u8]| std::ffi::OsStr::from_bytes(b).to_owned();
    let cases: Vec<(Vec<std::ffi::OsString>, &str)> = vec![
        (vec![os(b"\xff")], r"host-demo: the command is not UTF-8 text: '\xFF' (see 'host-demo help')"),
        (vec![os(b"describe-type"), os(b"List<\xc3(>")], r"the type expression is not UTF-8 text: 'List<\xC3(>'"),
        (
            vec![os(b"validate"), os(b"-"), os(b"{\"a\":\"\xff\"}")],
            r#"the JSON text of the arguments is not UTF-8 text: '{"a":"\xFF"}'"#,
        ),
        (
            vec![os(b"encode"), os(b"--tool"), os(b"x\xfe"), os(b"--returns"), os(b"int"), os(b"--void")],
            r"the value of --tool is not UTF-8 text: 'x\xFE'",
        ),
        (vec![os(b"describe-tool"), os(b"--\xff")], r"unknown option '--\xFF'"),
    ];
    for (args, says) in cases {
        let o = run_os(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    // A file is read whatever the bytes of its name, and named in
    // diagnostics with each byte that is not UTF-8 shown as \xFF.
    let dir = fresh_dir("non-utf8-name");
    let file = dir.join(os(b"tool-\xff.json"));
    std::fs::write(&file, GET_DOCKET).expect("write the descriptor");
    let o = run_os(&[os(b"describe-tool"), file.clone().into_os_string()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let missing = dir.join(os(b"gone-\xff.json"));
    let o = run_os(&[os(b"describe-tool"), missing.into_os_string()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains(r"gone-\xFF.json"), "{}", stderr(&o));
    let cs = dir.join(os(b"Tools-\xff.cs"));
    std::fs::write(&cs, "public partial class T { [Tool] public void F(Queue<int> q) {} }").expect("write the source");
    let o = run_os(&[os(b"describe-source"), cs.into_os_string()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).contains(r#""file":"#) && stdout(&o).contains(r"Tools-\\xFF.cs"), "{}", stdout(&o));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_work_budget_is_an_option_and_past_it_is_one_diagnostic_at_the_root() {
    let docket = examples().join("get-docket.json");
    let docket = docket.to_str().unwrap();
    let o = run("budget-describe", &["--work-budget", "10", "describe-tool", docket]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v = parse(&stdout(&o));
    assert_eq!(codes_and_paths(&v), [("OLD007".to_owned(), "$".to_owned())]);
    assert!(stdout(&o).contains("work budget of 10 steps"), "{}", stdout(&o));
    // The same descriptor with the default budget, and a budget it fits in.
    for args in [&["describe-tool", docket][..], &["--work-budget", "100000", "describe-tool", docket]] {
        let o = run("budget-enough", args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stdout(&o));
    }
    let o = run_with(
        "budget-validate",
        &["--work-budget", "3", "validate", "-", r#"{"a":[1,2,3,4,5]}"#],
        Some(r#"{"type":"object","properties":{"a":{"type":"array","items":{"type":"integer"}}}}"#),
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).contains("takes more than 3 steps"), "{}", stdout(&o));
    let o = run("budget-info", &["--work-budget", "12345", "info"]);
    assert!(stdout(&o).contains("12345 steps of work per call"), "{}", stdout(&o));
    let o = run("budget-usage", &["--work-budget", "lots", "info"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o).lines().count(), 1);
}
