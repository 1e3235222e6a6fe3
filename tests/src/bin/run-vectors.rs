//! Runs a vectors file (`make vectors` writes `target/conformance/vectors.json`)
//! through the native core and through the component in wasmtime, and
//! compares each answer with the file's, string for string:
//! `run-vectors [FILE]`. Prints each difference, then `N passed, N failed`
//! on a line by itself; exits 1 on any failure. The JavaScript and Python
//! packages have runners of their own over the same file
//! (`js/scripts/run-vectors.mjs`, `python/scripts/run_vectors.py`).

use conformance::vectorfile::{
    answer, arg_error, change, core_outcome, core_part_out, core_target, diagnostic, downconverted, obj, opt_text,
    part, s, text, tool_result, u64_of,
};
use host_demo::{Host, LoadOptions, Runtime};
use std::path::PathBuf;
use tool_schema::json::{self, Value};

type Answer = Result<Value, String>;

fn main() {
    let path = std::env::args_os().nth(1).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/conformance/vectors.json"),
        PathBuf::from,
    );
    let file = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => fail(&format!("cannot read {}: {e} (make vectors writes it)", path.display())),
    };
    let limits = json::ParseLimits { max_bytes: usize::MAX, max_depth: 1024 };
    let doc = json::parse(&file, limits).unwrap_or_else(|e| fail(&format!("{}: {e}", path.display())));
    let cases = doc.get("cases").and_then(Value::as_array).unwrap_or_else(|| fail("the file has no cases"));
    let runtime = Runtime::load(&LoadOptions::from_env()).unwrap_or_else(|e| fail(&e.0));
    let mut host = runtime.instantiate().unwrap_or_else(|e| fail(&e.0));
    let (mut passed, mut failed) = (0, 0);
    for case in cases {
        let id = text(case, "id");
        let want = case.get("expect").map(Value::to_json).unwrap_or_default();
        let mut problems = Vec::new();
        for (who, got) in [("native", native(case)), ("wasmtime", component(&mut host, case))] {
            match got {
                Ok(v) if v.to_json() == want => {}
                Ok(v) => problems.push(format!("  {who}: {}\n  file:   {want}", v.to_json())),
                Err(e) => problems.push(format!("  {who}: {e}")),
            }
        }
        if problems.is_empty() {
            passed += 1;
        } else {
            failed += 1;
            println!("FAIL {id}\n{}", problems.join("\n"));
        }
    }
    println!("{} vectors from {}, natively and through wasmtime", cases.len(), path.display());
    println!("{passed} passed, {failed} failed");
    std::process::exit(i32::from(failed > 0 || passed == 0));
}

fn fail(message: &str) -> ! {
    eprintln!("run-vectors: {message}");
    std::process::exit(2);
}

// ---- the native core

fn core_diags(d: &[tool_schema::Diagnostic]) -> Value {
    Value::Array(d.iter().map(|d| diagnostic(d.code.as_str(), &d.message, &d.path)).collect())
}

fn core_errors(e: &[tool_schema::ArgError]) -> Value {
    Value::Array(e.iter().map(|e| arg_error(&e.path, &e.keyword, &e.message)).collect())
}

fn core_mode(m: &str) -> tool_schema::Mode {
    if m == "reflection" { tool_schema::Mode::Reflection } else { tool_schema::Mode::Generator }
}

fn core_options(o: &Value) -> tool_schema::Options {
    let l = o.get("limits").cloned().unwrap_or(Value::Null);
    let n = |k: &str| usize::try_from(u64_of(&l, k)).unwrap_or(usize::MAX);
    tool_schema::Options {
        formats: if text(o, "formats") == "annotate" {
            tool_schema::FormatMode::Annotate
        } else {
            tool_schema::FormatMode::Assert
        },
        any_value: matches!(o.get("anyValue"), Some(Value::Bool(true))),
        limits: tool_schema::Limits {
            max_argument_bytes: n("maxArgumentBytes"),
            max_argument_depth: n("maxArgumentDepth"),
            max_schema_bytes: n("maxSchemaBytes"),
            max_schema_depth: n("maxSchemaDepth"),
            regex_backtrack_limit: n("regexBacktrackLimit"),
            ..tool_schema::Limits::default()
        },
    }
}

/// The files and options of a describe-source case.
fn source_input(i: &Value) -> (Vec<(String, String)>, tool_schema::Mode, Option<String>) {
    let files = i
        .get("files")
        .and_then(Value::as_array)
        .unwrap_or_default()
        .iter()
        .map(|f| (text(f, "path").to_owned(), text(f, "text").to_owned()))
        .collect();
    let o = i.get("options").cloned().unwrap_or(Value::Null);
    (files, core_mode(text(&o, "mode")), opt_text(&o, "naming").map(str::to_owned))
}

fn native(case: &Value) -> Answer {
    let i = case.get("input").ok_or("no input")?;
    if let op @ ("describe-source" | "source-descriptor") = text(case, "op") {
        let (files, mode, naming) = source_input(i);
        let files: Vec<tool_schema::SourceFile<'_>> =
            files.iter().map(|(p, t)| tool_schema::SourceFile { path: p, text: t }).collect();
        let options = tool_schema::SourceOptions { mode, naming };
        let r = if op == "describe-source" {
            tool_schema::describe_source(&files, &options)
        } else {
            tool_schema::source_descriptor(&files, &options)
        };
        return Ok(conformance::csharp::native_answer(r));
    }
    Ok(match text(case, "op") {
        "describe-tool" => answer(tool_schema::describe_tool(text(i, "descriptor")).map_err(|d| core_diags(&d)), s),
        "describe-type" => answer(
            tool_schema::describe_type(
                text(i, "typeExpr"),
                opt_text(i, "types"),
                opt_text(i, "naming"),
                core_mode(text(i, "mode")),
            )
            .map_err(|d| core_diags(&d)),
            s,
        ),
        "validate" => {
            let options = core_options(i.get("options").unwrap_or(&Value::Null));
            let (schema, args) = (text(i, "schema"), text(i, "args"));
            let (compile, validate) = match tool_schema::Validator::compile(schema, options) {
                Err(d) => (obj(vec![("err", core_diags(&d))]), Value::Null),
                Ok(v) => {
                    (obj(vec![("ok", Value::Bool(true))]), answer(v.validate(args).map_err(|e| core_errors(&e)), s))
                }
            };
            let one_shot = if options == tool_schema::Options::default() {
                answer(tool_schema::validate_args(schema, args, options).map_err(|e| core_errors(&e)), s)
            } else {
                Value::Null
            };
            obj(vec![("compile", compile), ("validate", validate), ("validateArgs", one_shot)])
        }
        "encode-result" => {
            let ctx = i.get("context").cloned().unwrap_or(Value::Null);
            let sig = tool_schema::Signature {
                tool_name: text(i, "toolName"),
                return_type: text(i, "returnType"),
                types: opt_text(&ctx, "types"),
                naming: opt_text(&ctx, "naming"),
                mode: core_mode(text(&ctx, "mode")),
                ends_loop: matches!(i.get("endsLoop"), Some(Value::Bool(true))),
            };
            let outcome = core_outcome(i.get("outcome").unwrap_or(&Value::Null))?;
            answer(tool_schema::encode_result(sig, outcome).map_err(|d| core_diags(&d)), |r| {
                tool_result(r.parts.iter().map(core_part_out).collect(), r.is_error, r.typed_result.as_deref())
            })
        }
        "downconvert" => {
            let target = i.get("target").cloned().unwrap_or(Value::Null);
            answer(tool_schema::downconvert(text(i, "schema"), core_target(&target)).map_err(|d| core_diags(&d)), |d| {
                let changes =
                    d.changes.iter().map(|c| change(&c.pointer, &c.keyword, c.action.as_str(), &c.detail)).collect();
                downconverted(&d.schema, changes, d.lossless, conformance::vectorfile::ReportOf::core(&d.report))
            })
        }
        "restore-args" => {
            let target = i.get("target").cloned().unwrap_or(Value::Null);
            answer(
                tool_schema::restore_args(text(i, "originalSchema"), core_target(&target), text(i, "args"))
                    .map_err(|e| core_errors(&e)),
                s,
            )
        }
        "provider-profile" => answer(tool_schema::provider_profile(text(i, "name")).map_err(|d| core_diags(&[d])), s),
        "tool" => conformance::typed::tool_native(i)?,
        other => return Err(format!("unknown op '{other}'")),
    })
}

// ---- the component, through wasmtime

fn wit_diags(d: &[host_demo::Diagnostic]) -> Value {
    Value::Array(d.iter().map(|d| diagnostic(&d.code, &d.message, &d.path)).collect())
}

fn wit_errors(e: &[host_demo::ArgError]) -> Value {
    Value::Array(e.iter().map(|e| arg_error(&e.path, &e.keyword, &e.message)).collect())
}

fn wit_changes(c: &[host_demo::Change]) -> Vec<Value> {
    c.iter().map(|c| change(&c.pointer, &c.keyword, host_demo::action_name(c.action), &c.detail)).collect()
}

fn wit_checked(r: &host_demo::Validation) -> Value {
    match r {
        Ok(bound) => obj(vec![("valid", s(bound))]),
        Err(errors) => obj(vec![("invalid", Value::Array(errors.iter().map(host_demo::arg_error_value).collect()))]),
    }
}

/// A `tool` case through the component's `tool` and `converted` resources.
fn tool_component(host: &mut Host<'_>, i: &Value) -> Result<Value, host_demo::HostError> {
    let bad = |m: String| host_demo::HostError(m);
    let made = match (opt_text(i, "descriptor"), opt_text(i, "schema")) {
        (Some(d), _) => host.tools(d)?.map(|mut t| t.remove(0)),
        (None, Some(schema)) => host.tool_from_schema("t", "", schema, None, None)?,
        (None, None) => return Err(bad("a tool case has a descriptor or a schema".into())),
    };
    let tool = match made {
        Ok(t) => t,
        Err(d) => return Ok(obj(vec![("err", wit_diags(&d))])),
    };
    let mut answers = Vec::new();
    for call in i.get("calls").and_then(Value::as_array).unwrap_or_default() {
        answers.push(if let Some(args) = call.get("validate") {
            wit_checked(&host.tool_validate(&tool, args.as_str().unwrap_or_default())?)
        } else if let Some(target) = call.get("convert") {
            match host.tool_convert(&tool, &wit_target(target).map_err(bad)?)? {
                Err(d) => obj(vec![("err", wit_diags(&d))]),
                Ok(c) => {
                    let d = host.converted(&c)?;
                    let restored = wit_checked(&host.restore(&c, text(call, "restore"))?);
                    host.release_converted(c)?;
                    obj(vec![
                        ("converted", downconverted(&d.schema, wit_changes(&d.changes), d.lossless, wit_report(&d))),
                        ("restored", restored),
                    ])
                }
            }
        } else if let Some(outcome) = call.get("encode") {
            let r = host.tool_encode(&tool, &wit_outcome(outcome).map_err(bad)?)?;
            answer(r.map_err(|d| wit_diags(&d)), |r| {
                tool_result(r.parts.iter().map(wit_part_out).collect(), r.is_error, r.typed_result.as_deref())
            })
        } else {
            return Err(bad(format!("unknown call {}", call.to_json())));
        });
    }
    host.release_tool(tool)?;
    Ok(obj(vec![("ok", Value::Array(answers))]))
}

fn wit_mode(m: &str) -> host_demo::Mode {
    if m == "reflection" { host_demo::Mode::Reflection } else { host_demo::Mode::Generator }
}

fn wit_part(p: tool_schema::Part) -> host_demo::Part {
    match p {
        tool_schema::Part::Text(t) => host_demo::Part::Text(t),
        tool_schema::Part::Json(j) => host_demo::Part::Json(j),
    }
}

fn wit_part_out(p: &host_demo::Part) -> Value {
    match p {
        host_demo::Part::Text(t) => part(true, t),
        host_demo::Part::Json(j) => part(false, j),
    }
}

fn wit_outcome(o: &Value) -> Result<host_demo::Outcome, String> {
    use host_demo::Outcome as O;
    Ok(match core_outcome(o)? {
        tool_schema::Outcome::Returned(v) => O::Returned(v),
        tool_schema::Outcome::ReturnedNothing => O::ReturnedNothing,
        tool_schema::Outcome::ReturnedParts(p) => O::ReturnedParts(p.into_iter().map(wit_part).collect()),
        tool_schema::Outcome::ReturnedToolResult(r) => O::ReturnedToolResult(host_demo::ToolResult {
            parts: r.parts.into_iter().map(wit_part).collect(),
            is_error: r.is_error,
            typed_result: r.typed_result,
        }),
        tool_schema::Outcome::Threw { type_name, message } => O::Threw(host_demo::Exception { type_name, message }),
        tool_schema::Outcome::TimedOut(n) => O::TimedOut(n),
        tool_schema::Outcome::InvalidArguments(messages) => O::InvalidArguments(messages),
    })
}

fn wit_report(d: &host_demo::Downconverted) -> conformance::vectorfile::ReportOf<'_> {
    conformance::vectorfile::ReportOf {
        original: &d.also_valid_for.original,
        converted: &d.also_valid_for.converted,
        dead: d.dead.iter().map(|x| (x.pointer.as_str(), x.reason.as_str())).collect(),
    }
}

fn wit_target(t: &Value) -> Result<host_demo::Target, String> {
    Ok(match text(t, "provider") {
        "anthropic" => host_demo::Target::Anthropic,
        "openai" => host_demo::Target::Openai,
        "gemini" => host_demo::Target::Gemini,
        "custom" => host_demo::Target::Custom(text(t, "profile").to_owned()),
        "" => return Err("a target without a provider".into()),
        other => host_demo::Target::Surface(other.to_owned()),
    })
}

fn wit_options(o: &Value) -> host_demo::ValidateOptions {
    let l = o.get("limits").cloned().unwrap_or(Value::Null);
    let n32 = |k: &str| u32::try_from(u64_of(&l, k)).unwrap_or(u32::MAX);
    host_demo::ValidateOptions {
        formats: if text(o, "formats") == "annotate" {
            host_demo::FormatMode::Annotate
        } else {
            host_demo::FormatMode::Assert
        },
        any_value: matches!(o.get("anyValue"), Some(Value::Bool(true))),
        limits: Some(host_demo::Limits {
            max_argument_bytes: u64_of(&l, "maxArgumentBytes"),
            max_argument_depth: n32("maxArgumentDepth"),
            max_schema_bytes: u64_of(&l, "maxSchemaBytes"),
            max_schema_depth: n32("maxSchemaDepth"),
            regex_backtrack_limit: u64_of(&l, "regexBacktrackLimit"),
        }),
    }
}

fn component(host: &mut Host<'_>, case: &Value) -> Answer {
    let i = case.get("input").ok_or("no input")?;
    let e = |e: host_demo::HostError| e.0;
    if let op @ ("describe-source" | "source-descriptor") = text(case, "op") {
        let (files, mode, naming) = source_input(i);
        let files: Vec<host_demo::SourceFile> =
            files.into_iter().map(|(path, text)| host_demo::SourceFile { path, text }).collect();
        let options = host_demo::SourceOptions {
            mode: match mode {
                tool_schema::Mode::Generator => host_demo::Mode::Generator,
                tool_schema::Mode::Reflection => host_demo::Mode::Reflection,
            },
            naming,
        };
        let r = if op == "describe-source" {
            host.describe_source(&files, &options)
        } else {
            host.source_descriptor(&files, &options)
        };
        return Ok(conformance::csharp::component_answer(r.map_err(e)?));
    }
    Ok(match text(case, "op") {
        "describe-tool" => answer(host.describe_tool(text(i, "descriptor")).map_err(e)?.map_err(|d| wit_diags(&d)), s),
        "describe-type" => {
            let context = host_demo::TypeContext {
                types: opt_text(i, "types").map(str::to_owned),
                naming: opt_text(i, "naming").map(str::to_owned),
                mode: wit_mode(text(i, "mode")),
            };
            answer(host.describe_type(text(i, "typeExpr"), &context).map_err(e)?.map_err(|d| wit_diags(&d)), s)
        }
        "validate" => {
            let options = i.get("options").unwrap_or(&Value::Null);
            let (schema, args) = (text(i, "schema"), text(i, "args"));
            let (compile, validate) = match host.compile(schema, Some(wit_options(options))).map_err(e)? {
                Err(d) => (obj(vec![("err", wit_diags(&d))]), Value::Null),
                Ok(compiled) => {
                    let v = host.validate(&compiled, args).map_err(e)?;
                    host.release(compiled).map_err(e)?;
                    // A tool made from the same schema answers the same, to the params.
                    let tool = host.tool_from_schema("t", "", schema, None, Some(wit_options(options))).map_err(e)?;
                    let tool = tool.map_err(|d| format!("the validator compiled what the tool refuses: {d:?}"))?;
                    let by_tool = host.tool_validate(&tool, args).map_err(e)?;
                    host.release_tool(tool).map_err(e)?;
                    if wit_checked(&by_tool) != wit_checked(&v) {
                        return Err(format!("the tool answers {}", wit_checked(&by_tool).to_json()));
                    }
                    (obj(vec![("ok", Value::Bool(true))]), answer(v.map_err(|x| wit_errors(&x)), s))
                }
            };
            let one_shot = if core_options(options) == tool_schema::Options::default() {
                answer(host.validate_args(schema, args).map_err(e)?.map_err(|x| wit_errors(&x)), s)
            } else {
                Value::Null
            };
            obj(vec![("compile", compile), ("validate", validate), ("validateArgs", one_shot)])
        }
        "encode-result" => {
            let ctx = i.get("context").cloned().unwrap_or(Value::Null);
            let context = host_demo::TypeContext {
                types: opt_text(&ctx, "types").map(str::to_owned),
                naming: opt_text(&ctx, "naming").map(str::to_owned),
                mode: wit_mode(text(&ctx, "mode")),
            };
            let outcome = wit_outcome(i.get("outcome").unwrap_or(&Value::Null))?;
            let ends_loop = matches!(i.get("endsLoop"), Some(Value::Bool(true)));
            let r = host
                .encode_result(text(i, "toolName"), text(i, "returnType"), &context, &outcome, ends_loop)
                .map_err(e)?;
            answer(r.map_err(|d| wit_diags(&d)), |r| {
                tool_result(r.parts.iter().map(wit_part_out).collect(), r.is_error, r.typed_result.as_deref())
            })
        }
        "downconvert" => {
            let target = wit_target(i.get("target").unwrap_or(&Value::Null))?;
            answer(host.downconvert(text(i, "schema"), &target).map_err(e)?.map_err(|d| wit_diags(&d)), |d| {
                downconverted(&d.schema, wit_changes(&d.changes), d.lossless, wit_report(&d))
            })
        }
        "restore-args" => {
            let target = wit_target(i.get("target").unwrap_or(&Value::Null))?;
            let r = host.restore_args(text(i, "originalSchema"), &target, text(i, "args")).map_err(e)?;
            answer(r.map_err(|x| wit_errors(&x)), s)
        }
        "provider-profile" => {
            answer(host.provider_profile(text(i, "name")).map_err(e)?.map_err(|d| wit_diags(&[d])), s)
        }
        "tool" => tool_component(host, i).map_err(e)?,
        other => return Err(format!("unknown op '{other}'")),
    })
}
