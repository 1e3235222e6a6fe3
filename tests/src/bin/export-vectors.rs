//! Writes every golden vector, with the native core's answer, as one JSON file
//! that any host can run: `export-vectors [OUT]` (default
//! `target/conformance/vectors.json`).
//!
//! Inputs that are JSON (descriptors, schemas, arguments, values) are given
//! as JSON *text*, and every answer too, so a host compares strings byte for
//! byte and never parses a number it could round. Each case:
//!
//! ```text
//! {"id", "op": "describe-tool",  "input": {"descriptor"},                            "expect": A}
//! {"id", "op": "describe-type",  "input": {"typeExpr", "types", "naming", "mode"},    "expect": A}
//! {"id", "op": "validate",       "input": {"schema", "args", "options"},
//!                                "expect": {"compile": A, "validate": A|null, "validateArgs": A|null}}
//! {"id", "op": "encode-result",  "input": {"toolName", "returnType", "context", "outcome", "endsLoop"},
//!                                "expect": A}
//! {"id", "op": "downconvert",    "input": {"schema", "target"},                      "expect": A}
//! {"id", "op": "restore-args",   "input": {"originalSchema", "target", "args"},      "expect": A}
//! {"id", "op": "provider-profile", "input": {"name"},                                "expect": A}
//! {"id", "op": "tool",           "input": {"schema" | "descriptor", "calls": [C…]},   "expect": A}
//! {"id", "op": "describe-source" | "source-descriptor",
//!                                "input": {"files": [{"path", "text"}], "options": {"mode", "naming"}},
//!                                "expect": A}
//! ```
//!
//! describe-source's and source-descriptor's answer is `{"json": TEXT,
//! "warnings": [D]}`; their records `D` are `{"code", "message", "file",
//! "line", "column", "path"}`, line and column as numbers.
//!
//! A `target` is `{"provider": NAME}`, a built-in surface's name or alias
//! (`anthropic`, `openai`, `gemini` are the WIT cases of those names, any
//! other the case `surface`), or `{"provider": "custom", "profile": TEXT}`;
//! downconvert's answer is `{"schema": TEXT, "changes": [{"pointer",
//! "keyword", "action", "detail"}], "lossless", "alsoValidFor": {"original":
//! [NAME…], "converted": [NAME…]}, "dead": [{"pointer", "reason"}]}`. (Cases naming a provider no target has are native only: the
//! name cannot cross the interface.)
//!
//!
//! A `tool` case makes one tool (from a schema: `from-schema("t", "", schema)`;
//! from a descriptor: its first tool), then makes each call `C` on it:
//! `{"validate": ARGS}`, `{"convert": TARGET, "restore": ARGS}` or
//! `{"encode": OUTCOME}`. Its answer is `{"err": [diagnostics]}` when the
//! tool is refused, else `{"ok": [answer per call]}`: `{"valid": BOUND}` or
//! `{"invalid": [E…]}` for validate and restore, where `E` is an argument
//! error with everything it carries (`{"path", "keyword", "message",
//! "location", "schemaLocation", "params"}`, src/typed.rs); for convert,
//! `{"converted": {"schema", "changes", "lossless"}, "restored": …}` or
//! `{"err": […]}`; for encode, as `encode-result` answers.
//!
//! where an answer `A` is `{"ok": …}` or `{"err": [records…]}` with the
//! records' fields as WIT names them (`code`, `message`, `path`; `path`,
//! `keyword`, `message`). `compile` is `{"ok": true}` when the schema
//! compiles. `validateArgs` (the one-shot export) is given only for cases
//! with the default options; `validate` is null when the schema is refused.

use conformance::cases::{self, case_names};
use conformance::vectorfile::{
    answer, arg_error, change, diagnostic, downconverted, number, obj, opt, part, s, tool_result,
};
use conformance::{parse, sorted_json_files, vectors_dir};
use std::path::PathBuf;
use tool_schema::json::Value;

fn diags(d: &[tool_schema::Diagnostic]) -> Value {
    Value::Array(d.iter().map(|d| diagnostic(d.code.as_str(), &d.message, &d.path)).collect())
}

fn arg_errors(e: &[tool_schema::ArgError]) -> Value {
    Value::Array(e.iter().map(|e| arg_error(&e.path, &e.keyword, &e.message)).collect())
}

fn mode(m: tool_schema::Mode) -> Value {
    s(match m {
        tool_schema::Mode::Generator => "generator",
        tool_schema::Mode::Reflection => "reflection",
    })
}

fn core_part(p: &tool_schema::Part) -> Value {
    match p {
        tool_schema::Part::Text(t) => part(true, t),
        tool_schema::Part::Json(j) => part(false, j),
    }
}

fn core_tool_result(r: &tool_schema::ToolResult) -> Value {
    tool_result(r.parts.iter().map(core_part).collect(), r.is_error, r.typed_result.as_deref())
}

fn outcome(o: &tool_schema::Outcome) -> Value {
    use tool_schema::Outcome as O;
    match o {
        O::Returned(v) => obj(vec![("returned", s(v))]),
        O::ReturnedNothing => obj(vec![("returnedNothing", Value::Bool(true))]),
        O::ReturnedParts(p) => obj(vec![("returnedParts", Value::Array(p.iter().map(core_part).collect()))]),
        O::ReturnedToolResult(r) => obj(vec![("returnedToolResult", core_tool_result(r))]),
        O::Threw { type_name, message } => {
            obj(vec![("threw", obj(vec![("typeName", s(type_name)), ("message", s(message))]))])
        }
        O::TimedOut(n) => obj(vec![("timedOut", number(u64::from(*n)))]),
        O::InvalidArguments(e) => obj(vec![("invalidArguments", Value::Array(e.iter().map(s).collect()))]),
    }
}

fn core_downconverted(d: &tool_schema::Downconverted) -> Value {
    let changes = d.changes.iter().map(|c| change(&c.pointer, &c.keyword, c.action.as_str(), &c.detail)).collect();
    downconverted(&d.schema, changes, d.lossless, conformance::vectorfile::ReportOf::core(&d.report))
}

fn main() {
    let out = std::env::args_os().nth(1).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/conformance/vectors.json"),
        PathBuf::from,
    );
    let mut all = Vec::new();
    let dir = vectors_dir();
    let stem = |p: &std::path::Path| p.file_stem().unwrap_or_default().to_string_lossy().into_owned();

    for path in sorted_json_files(&dir.join("describe-tool")) {
        let descriptor = std::fs::read_to_string(&path).expect("read descriptor");
        let expect = answer(tool_schema::describe_tool(&descriptor).map_err(|d| diags(&d)), s);
        all.push(obj(vec![
            ("id", s(format!("describe-tool/{}", stem(&path)))),
            ("op", s("describe-tool")),
            ("input", obj(vec![("descriptor", s(descriptor))])),
            ("expect", expect),
        ]));
    }

    for path in sorted_json_files(&dir.join("describe-type")) {
        let file = parse(&std::fs::read_to_string(&path).expect("read table")).expect("table");
        for (i, c) in cases::type_cases(&file).into_iter().enumerate() {
            let r = tool_schema::describe_type(&c.ty, c.types.as_deref(), c.naming.as_deref(), c.mode);
            all.push(obj(vec![
                ("id", s(format!("describe-type/{}/{i:02}:{}", stem(&path), c.ty))),
                ("op", s("describe-type")),
                (
                    "input",
                    obj(vec![
                        ("typeExpr", s(&c.ty)),
                        ("types", opt(c.types.as_deref())),
                        ("naming", opt(c.naming.as_deref())),
                        ("mode", mode(c.mode)),
                    ]),
                ),
                ("expect", answer(r.map_err(|d| diags(&d)), s)),
            ]));
        }
    }

    for path in sorted_json_files(&dir.join("validate")) {
        let file = parse(&std::fs::read_to_string(&path).expect("read table")).expect("table");
        for (i, (c, name)) in cases::validate_cases(&file).into_iter().zip(case_names(&file)).enumerate() {
            let (compile, validate) = match tool_schema::Validator::compile(&c.schema, c.options) {
                Err(d) => (obj(vec![("err", diags(&d))]), Value::Null),
                Ok(v) => {
                    (obj(vec![("ok", Value::Bool(true))]), answer(v.validate(&c.args).map_err(|e| arg_errors(&e)), s))
                }
            };
            let one_shot = if c.options == tool_schema::Options::default() {
                answer(tool_schema::validate_args(&c.schema, &c.args, c.options).map_err(|e| arg_errors(&e)), s)
            } else {
                Value::Null
            };
            let l = c.options.limits;
            let options = obj(vec![
                (
                    "formats",
                    s(match c.options.formats {
                        tool_schema::FormatMode::Assert => "assert",
                        tool_schema::FormatMode::Annotate => "annotate",
                    }),
                ),
                ("anyValue", Value::Bool(c.options.any_value)),
                (
                    "limits",
                    obj(vec![
                        ("maxArgumentBytes", number(l.max_argument_bytes as u64)),
                        ("maxArgumentDepth", number(l.max_argument_depth as u64)),
                        ("maxSchemaBytes", number(l.max_schema_bytes as u64)),
                        ("maxSchemaDepth", number(l.max_schema_depth as u64)),
                        ("regexBacktrackLimit", number(l.regex_backtrack_limit as u64)),
                    ]),
                ),
            ]);
            all.push(obj(vec![
                ("id", s(format!("validate/{}/{i:02}:{name}", stem(&path)))),
                ("op", s("validate")),
                ("input", obj(vec![("schema", s(&c.schema)), ("args", s(&c.args)), ("options", options)])),
                ("expect", obj(vec![("compile", compile), ("validate", validate), ("validateArgs", one_shot)])),
            ]));
        }
    }

    for path in sorted_json_files(&dir.join("encode")) {
        let file = parse(&std::fs::read_to_string(&path).expect("read table")).expect("table");
        for (i, (c, name)) in cases::encode_cases(&file).into_iter().zip(case_names(&file)).enumerate() {
            let r = tool_schema::encode_result(c.signature(), c.outcome.clone());
            all.push(obj(vec![
                ("id", s(format!("encode/{}/{i:02}:{name}", stem(&path)))),
                ("op", s("encode-result")),
                (
                    "input",
                    obj(vec![
                        ("toolName", s(&c.tool)),
                        ("returnType", s(&c.returns)),
                        (
                            "context",
                            obj(vec![
                                ("types", opt(c.types.as_deref())),
                                ("naming", opt(c.naming.as_deref())),
                                ("mode", s("generator")),
                            ]),
                        ),
                        ("outcome", outcome(&c.outcome)),
                        ("endsLoop", Value::Bool(c.ends_loop)),
                    ]),
                ),
                ("expect", answer(r.map_err(|d| diags(&d)), |r| core_tool_result(&r))),
            ]));
        }
    }

    for path in sorted_json_files(&dir.join("downconvert")) {
        let file = parse(&std::fs::read_to_string(&path).expect("read table")).expect("table");
        for (i, (c, name)) in cases::downconvert_cases(&file).into_iter().zip(case_names(&file)).enumerate() {
            let Some(target) = target_value(&c) else { continue };
            let id = s(format!("downconvert/{}/{i:02}:{name}", stem(&path)));
            all.push(match &c.answer {
                Some(args) => {
                    let r = tool_schema::restore_args(&c.schema, c.target(), args);
                    obj(vec![
                        ("id", id),
                        ("op", s("restore-args")),
                        ("input", obj(vec![("originalSchema", s(&c.schema)), ("target", target), ("args", s(args))])),
                        ("expect", answer(r.map_err(|e| arg_errors(&e)), s)),
                    ])
                }
                None => {
                    let r = tool_schema::downconvert(&c.schema, c.target());
                    obj(vec![
                        ("id", id),
                        ("op", s("downconvert")),
                        ("input", obj(vec![("schema", s(&c.schema)), ("target", target)])),
                        ("expect", answer(r.map_err(|d| diags(&d)), |d| core_downconverted(&d))),
                    ])
                }
            });
        }
    }

    tool_cases(&dir, &mut all);

    let aliases: Vec<String> = tool_schema::providers().into_iter().flat_map(|p| p.aliases).collect();
    let names = tool_schema::PROVIDERS.iter().map(|(n, _)| *n).chain(aliases.iter().map(String::as_str));
    for name in names.chain(["nonesuch"]) {
        let r = tool_schema::provider_profile(name);
        all.push(obj(vec![
            ("id", s(format!("provider-profile/{name}"))),
            ("op", s("provider-profile")),
            ("input", obj(vec![("name", s(name))])),
            ("expect", answer(r.map_err(|d| diags(&[d])), s)),
        ]));
    }

    for c in conformance::csharp::source_cases() {
        for op in ["describe-source", "source-descriptor"] {
            let r = if op == "describe-source" {
                tool_schema::describe_source(&c.files(), &c.options())
            } else {
                tool_schema::source_descriptor(&c.files(), &c.options())
            };
            all.push(obj(vec![
                ("id", s(format!("{op}/{}", c.name))),
                ("op", s(op)),
                ("input", c.input()),
                ("expect", conformance::csharp::native_answer(r)),
            ]));
        }
    }

    let count = all.len();
    let doc = obj(vec![
        (
            "about",
            s(
                "Every golden vector of tests/vectors with the native core's answer; see tests/src/bin/export-vectors.rs.",
            ),
        ),
        ("cases", Value::Array(all)),
    ]);
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir).expect("create the output directory");
    }
    std::fs::write(&out, doc.to_json_pretty() + "\n").expect("write the vectors");
    println!("{count} vectors written to {}", out.display());
}

/// A downconvert case's target as the vectors write it; `None` for a
/// provider no target names (its refusal is native only).
fn target_value(c: &cases::DownconvertCase) -> Option<Value> {
    match (&c.profile, c.provider.as_str()) {
        (Some(p), _) => Some(obj(vec![("provider", s("custom")), ("profile", s(p))])),
        (None, name) if tool_schema::downconvert::Profile::built_in_ref(name).is_some() => {
            Some(obj(vec![("provider", s(name))]))
        }
        (None, _) => None,
    }
}

/// One `tool` case, answered by the native core.
fn tool_case(id: String, input: Value) -> Value {
    let expect = conformance::typed::tool_native(&input).expect("a well-formed tool case");
    obj(vec![("id", s(id)), ("op", s("tool")), ("input", input), ("expect", expect)])
}

/// The `tool` cases: every params vector, every restore vector through a tool
/// converted once, every encode vector through a tool described with that
/// return type, and the get-docket example end to end.
fn tool_cases(dir: &std::path::Path, all: &mut Vec<Value>) {
    let file = parse(&std::fs::read_to_string(dir.join("tool/params.json")).expect("read params")).expect("table");
    for (i, (c, name)) in
        file.get("cases").and_then(Value::as_array).unwrap_or_default().iter().zip(case_names(&file)).enumerate()
    {
        let schema = c.get("schema").map(Value::to_json).unwrap_or_default();
        let args = c.get("args").map(Value::to_json).unwrap_or_default();
        let calls = Value::Array(vec![obj(vec![("validate", s(args))])]);
        all.push(tool_case(format!("tool/params/{i:02}:{name}"), obj(vec![("schema", s(schema)), ("calls", calls)])));
    }
    for path in sorted_json_files(&dir.join("downconvert")) {
        let table = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
        let file = parse(&std::fs::read_to_string(&path).expect("read table")).expect("table");
        for (i, (c, name)) in cases::downconvert_cases(&file).into_iter().zip(case_names(&file)).enumerate() {
            let (Some(target), Some(answer)) = (target_value(&c), &c.answer) else { continue };
            let calls = Value::Array(vec![obj(vec![("convert", target), ("restore", s(answer))])]);
            let input = obj(vec![("schema", s(&c.schema)), ("calls", calls)]);
            all.push(tool_case(format!("tool/restore/{table}/{i:02}:{name}"), input));
        }
    }
    for path in sorted_json_files(&dir.join("encode")) {
        let table = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
        let file = parse(&std::fs::read_to_string(&path).expect("read table")).expect("table");
        for (i, (c, name)) in cases::encode_cases(&file).into_iter().zip(case_names(&file)).enumerate() {
            let calls = Value::Array(vec![obj(vec![("encode", outcome(&c.outcome))])]);
            let input = obj(vec![("descriptor", s(c.descriptor())), ("calls", calls)]);
            all.push(tool_case(format!("tool/encode/{table}/{i:02}:{name}"), input));
        }
    }
    let docket = std::fs::read_to_string(dir.join("../../examples/get-docket.json")).expect("read get-docket.json");
    let case_id = r#""caseId":"3f2504e0-4f89-11d3-9a0c-0305e82c3301""#;
    let calls = Value::Array(vec![
        obj(vec![("validate", s(r#"{"limit": 500}"#))]),
        obj(vec![("validate", s(format!("{{{case_id},\"limit\":2.0}}")))]),
        obj(vec![
            ("convert", obj(vec![("provider", s("openai"))])),
            ("restore", s(format!("{{{case_id},\"limit\":null}}"))),
        ]),
        obj(vec![("encode", obj(vec![("returned", s(r#"{"number":"1","filed":"2024-01-02","status":"Open"}"#))]))]),
        obj(vec![("encode", obj(vec![("returned", s(r#"{"number":1}"#))]))]),
    ]);
    all.push(tool_case("tool/get-docket".into(), obj(vec![("descriptor", s(docket)), ("calls", calls)])));
}
