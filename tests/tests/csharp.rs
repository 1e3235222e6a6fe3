//! C# source through `describe-source` and `source-descriptor`, natively and
//! through the component.
//!
//! - `csharp/NAME`: every case of `tests/csharp` (see `src/csharp.rs`) gives
//!   the golden answers of `NAME.expected.json`, and the component the same
//!   bytes. `BLESS=1` rewrites the golden files from the native core.
//! - `csharp/NAME/round-trip`: the descriptor the source reads into describes
//!   (`describe-tool`) to the same tools, or the same problems.
//! - `examples/NAME`: `examples/NAME.cs` describes to exactly what
//!   `examples/NAME.json` does.
//! - `hostile/*`: broken and huge sources answer quickly, never trap, and
//!   the component answers its next call.

use conformance::csharp::{SourceCase, component_answer, golden_form, native_answer, source_cases};
use conformance::{blessing, parse, runtime};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::Path;
use std::time::{Duration, Instant};
use tool_schema::json::Value;
use tool_schema::{SourceFile, SourceOptions};

fn main() {
    let args = Arguments::from_args();
    let cases = source_cases();
    if blessing() {
        for c in &cases {
            std::fs::write(&c.expected, golden(c).to_json_pretty() + "\n").expect("write golden");
        }
    }
    let mut trials = Vec::new();
    for c in cases {
        let name = c.name.clone();
        let c = std::sync::Arc::new(c);
        let (a, b) = (c.clone(), c.clone());
        trials.push(Trial::test(format!("csharp/{name}"), move || check_case(&a)));
        trials.push(Trial::test(format!("csharp/{name}/round-trip"), move || round_trip(&b)));
    }
    trials.extend(example_trials());
    trials.extend(hostile_trials());
    trials.push(Trial::test("hostile/past-a-lowered-work-budget", past_the_work_budget));
    trials.push(Trial::test("coverage/every-source-code", every_code_covered));
    libtest_mimic::run(&args, trials).exit();
}

fn golden(c: &SourceCase) -> Value {
    let describe = native_answer(tool_schema::describe_source(&c.files(), &c.options()));
    let descriptor = native_answer(tool_schema::source_descriptor(&c.files(), &c.options()));
    Value::Object(vec![("describe".into(), golden_form(&describe)), ("descriptor".into(), golden_form(&descriptor))])
}

fn check_case(c: &SourceCase) -> Result<(), Failed> {
    let rt = runtime()?;
    let mut host = rt.instantiate().map_err(|e| e.to_string())?;
    let native = [
        native_answer(tool_schema::describe_source(&c.files(), &c.options())),
        native_answer(tool_schema::source_descriptor(&c.files(), &c.options())),
    ];
    let component = [
        component_answer(host.describe_source(&c.wit_files(), &c.wit_options()).map_err(|e| e.to_string())?),
        component_answer(host.source_descriptor(&c.wit_files(), &c.wit_options()).map_err(|e| e.to_string())?),
    ];
    for (n, w) in native.iter().zip(&component) {
        if n.to_json() != w.to_json() {
            return Err(format!(
                "native and component differ\n native:    {}\n component: {}",
                n.to_json(),
                w.to_json()
            )
            .into());
        }
    }
    let text = std::fs::read_to_string(&c.expected)
        .map_err(|e| format!("{}: {e} (BLESS=1 writes it)", c.expected.display()))?;
    let want = parse(&text)?;
    let got = golden(c);
    if got.to_json() != want.to_json() {
        return Err(format!(
            "answer differs from the golden file (BLESS=1 rewrites it)\n--- expected\n{}\n--- got\n{}",
            want.to_json_pretty(),
            got.to_json_pretty()
        )
        .into());
    }
    Ok(())
}

/// `(code, message, path)` of each problem, sorted: what a descriptor and its
/// source must agree on.
fn triples(v: &Value) -> Vec<(String, String, String)> {
    let list = v
        .get("err")
        .or_else(|| v.get("diagnostics"))
        .and_then(Value::as_array)
        .map(<[Value]>::to_vec)
        .unwrap_or_default();
    let t = |d: &Value, k: &str| d.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
    let mut out: Vec<_> = list
        .iter()
        .filter(|d| !t(d, "code").starts_with("OLC"))
        .map(|d| (t(d, "code"), t(d, "message"), t(d, "path")))
        .collect();
    out.sort();
    out
}

/// What `describe-tool` gives for a descriptor text: the tools, or `{"diagnostics"}`.
fn describe_descriptors(json: &str) -> Result<Value, Value> {
    let v = parse(json).map_err(Value::String)?;
    let list = match &v {
        Value::Array(items) => items.clone(),
        one => vec![one.clone()],
    };
    let mut tools = Vec::new();
    let mut diags = Vec::new();
    for d in &list {
        match tool_schema::describe_tool(&d.to_json()) {
            Ok(t) => match parse(&t).expect("tool JSON") {
                Value::Array(a) => tools.extend(a),
                one => tools.push(one),
            },
            Err(e) => diags.extend(e.iter().map(tool_schema::Diagnostic::to_value)),
        }
    }
    if !diags.is_empty() {
        return Err(Value::Object(vec![("diagnostics".into(), Value::Array(diags))]));
    }
    Ok(if matches!(v, Value::Array(_)) || tools.len() != 1 { Value::Array(tools) } else { tools.remove(0) })
}

fn round_trip(c: &SourceCase) -> Result<(), Failed> {
    let described = tool_schema::describe_source(&c.files(), &c.options());
    let Ok(descriptor) = tool_schema::source_descriptor(&c.files(), &c.options()) else {
        return match described {
            Err(_) => Ok(()),
            Ok(_) => Err("the source describes, but has no descriptor".into()),
        };
    };
    match (described, describe_descriptors(&descriptor.json)) {
        (Ok(tools), Ok(again)) if tools.json == again.to_json() => Ok(()),
        (Ok(tools), Ok(again)) => Err(format!(
            "describe-tool of the descriptor differs\n source:     {}\n descriptor: {}",
            tools.json,
            again.to_json()
        )
        .into()),
        (Err(diags), Err(again)) => {
            let source = triples(&native_answer(Err(diags)));
            let desc = triples(&again);
            if source == desc {
                Ok(())
            } else {
                Err(format!("the problems differ\n source:     {source:?}\n descriptor: {desc:?}").into())
            }
        }
        (Err(diags), Ok(_)) if diags.iter().all(|d| d.code.as_str().starts_with("OLC")) => Ok(()),
        (a, b) => Err(format!(
            "one answer is a refusal and the other is not\n source: {:?}\n descriptor: {b:?}",
            a.map(|f| f.json)
        )
        .into()),
    }
}

fn example_trials() -> Vec<Trial> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("examples/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| p.file_stem().unwrap_or_default().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let dir = dir.clone();
            Trial::test(format!("examples/{name}"), move || {
                let json = std::fs::read_to_string(dir.join(format!("{name}.json"))).map_err(|e| e.to_string())?;
                let cs_path = dir.join(format!("{name}.cs"));
                let cs = std::fs::read_to_string(&cs_path)
                    .map_err(|e| format!("examples/{name}.json has no examples/{name}.cs beside it: {e}"))?;
                let file = format!("{name}.cs");
                let source =
                    tool_schema::describe_source(&[SourceFile { path: &file, text: &cs }], &SourceOptions::default());
                match (source, tool_schema::describe_tool(&json)) {
                    (Ok(s), Ok(d)) if s.json == d && s.warnings.is_empty() => Ok(()),
                    (Ok(s), Ok(d)) => {
                        Err(format!("differs\n .cs:   {}\n .json: {d}\n warnings: {:?}", s.json, s.warnings).into())
                    }
                    (Err(s), Err(d)) => {
                        let d = Value::Object(vec![(
                            "diagnostics".into(),
                            Value::Array(d.iter().map(tool_schema::Diagnostic::to_value).collect()),
                        )]);
                        let (a, b) = (triples(&native_answer(Err(s))), triples(&d));
                        if a == b {
                            Ok(())
                        } else {
                            Err(format!("the problems differ\n .cs:   {a:?}\n .json: {b:?}").into())
                        }
                    }
                    (s, d) => Err(format!(
                        "one is refused and the other is not\n .cs: {:?}\n .json: {d:?}",
                        s.map(|f| f.json)
                    )
                    .into()),
                }
            })
        })
        .collect()
}

fn tool_class(body: &str) -> String {
    format!("public partial class T\n{{\n    [Tool]\n    public int Ping(int x) => x;\n{body}\n}}\n")
}

fn hostile_trials() -> Vec<Trial> {
    let big_method = "    public void Work()\n    {\n        var s = \"a string\"; // a comment\n        if (s.Length > 0) { s += $\"{s}\"; }\n    }\n";
    let cases: Vec<(&str, String, &str)> = vec![
        ("nested-braces-100000", format!("{}{}", tool_class(""), "{".repeat(100_000)), "OLC001"),
        ("nested-classes-100000", format!("{}{}", tool_class(""), "class A {".repeat(100_000)), "OLC005"),
        ("nested-parentheses-100000", tool_class(&format!("    int F() => {};", "(".repeat(100_000))), "OLC001"),
        (
            "generic-nesting-100000",
            tool_class(&format!("    [Tool] public void G(List<{}int x) {{}}", "List<".repeat(100_000))),
            "OLC005",
        ),
        ("unterminated-string", tool_class("    string S = \"no end"), "OLC001"),
        ("unterminated-raw-string", tool_class("    string S = \"\"\"\n no end"), "OLC001"),
        ("unterminated-comment", tool_class("    /* no end"), "OLC001"),
        ("unbalanced-close", format!("{}}}}}}}", tool_class("")), "OLC001"),
        ("interpolation-nesting", tool_class(&format!("    string S = {}", "$\"{".repeat(10_000))), "OLC001"),
        ("ten-megabytes", tool_class(&big_method.repeat(10 * 1024 * 1024 / big_method.len())), ""),
        ("past-the-size-limit", tool_class(&" ".repeat(17 << 20)), "OLC005"),
        (
            "many-tools",
            format!("public partial class T\n{{\n{}}}\n", "    [Tool] public int P(int x) => x;\n".repeat(20_000)),
            "OLD007",
        ),
        (
            "duplicate-tools",
            format!("public partial class T\n{{\n{}}}\n", "    [Tool] public int P(int x) => x;\n".repeat(2_000)),
            "OLT007",
        ),
        ("garbage", "\u{0}\u{1}{[(<@#$%^&*".repeat(100_000), "OLC002"),
    ];
    cases
        .into_iter()
        .map(|(name, text, code)| {
            Trial::test(format!("hostile/{name}"), move || {
                let files = [SourceFile { path: "Hostile.cs", text: &text }];
                let start = Instant::now();
                let native = tool_schema::describe_source(&files, &SourceOptions::default());
                let took = start.elapsed();
                if took > Duration::from_secs(1) {
                    return Err(format!("took {took:?} natively").into());
                }
                let found = match &native {
                    Ok(f) => f.warnings.iter().map(|d| d.code.as_str()).collect::<Vec<_>>(),
                    Err(d) => d.iter().map(|d| d.code.as_str()).collect(),
                };
                if !code.is_empty() && !found.contains(&code) {
                    return Err(format!("expected {code}, got {found:?}").into());
                }
                if code.is_empty() && native.is_err() {
                    return Err(format!("expected tools, got {:?}", native.err()).into());
                }
                let rt = runtime()?;
                let mut host = rt.instantiate().map_err(|e| e.to_string())?;
                let wit = [host_demo::SourceFile { path: "Hostile.cs".into(), text: text.clone() }];
                let options = host_demo::SourceOptions { mode: host_demo::Mode::Generator, naming: None };
                let component = host.describe_source(&wit, &options).map_err(|e| e.to_string())?;
                if native_answer(native).to_json() != component_answer(component).to_json() {
                    return Err("the component's answer differs from the native one".into());
                }
                let next = host.tool_name("GetDocketAsync").map_err(|e| e.to_string())?;
                if next.as_deref().ok() != Some("get_docket") {
                    return Err(format!("the next call answered {next:?}").into());
                }
                Ok(())
            })
        })
        .collect()
}

fn every_code_covered() -> Result<(), Failed> {
    let mut seen = String::new();
    for c in source_cases() {
        seen.push_str(&std::fs::read_to_string(&c.expected).unwrap_or_default());
    }
    let missing: Vec<&str> = tool_schema::Code::ALL
        .iter()
        .map(|c| c.as_str())
        .filter(|c| c.starts_with("OLC") || c.starts_with("OLT"))
        .filter(|c| !seen.contains(&format!("\"code\": \"{c}\"")))
        .collect();
    if missing.is_empty() { Ok(()) } else { Err(format!("no C# case produces {}", missing.join(", ")).into()) }
}

/// With the work budget lowered, source that needs more to describe is one
/// diagnostic about the whole source (`OLC005`, path `$`, no file), natively
/// and through the component; with the budget back at its default, the same
/// instance describes it.
fn past_the_work_budget() -> Result<(), Failed> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/get-docket.cs"))
        .map_err(|e| e.to_string())?;
    let files = [SourceFile { path: "get-docket.cs", text: &text }];
    let native = tool_schema::work::with_budget(20, || {
        native_answer(tool_schema::describe_source(&files, &SourceOptions::default()))
    });
    let codes = native.get("err").and_then(Value::as_array).map(|d| {
        d.iter()
            .map(|d| (d.get("code").and_then(Value::as_str), d.get("file").and_then(Value::as_str)))
            .collect::<Vec<_>>()
    });
    if codes != Some(vec![(Some("OLC005"), Some(""))]) {
        return Err(format!("natively: {}", native.to_json()).into());
    }
    let rt = runtime()?;
    let mut host = rt.instantiate().map_err(|e| e.to_string())?;
    host.set_work_budget(20).map_err(|e| e.to_string())?;
    let wit = [host_demo::SourceFile { path: "get-docket.cs".into(), text: text.clone() }];
    let options = host_demo::SourceOptions { mode: host_demo::Mode::Generator, naming: None };
    let component = component_answer(host.describe_source(&wit, &options).map_err(|e| e.to_string())?);
    if component.to_json() != native.to_json() {
        return Err(format!("the component answered {}", component.to_json()).into());
    }
    host.set_work_budget(tool_schema::work::DEFAULT_BUDGET).map_err(|e| e.to_string())?;
    match host.describe_source(&wit, &options).map_err(|e| e.to_string())? {
        Ok(_) => Ok(()),
        Err(d) => Err(format!("with the default budget: {d:?}").into()),
    }
}
