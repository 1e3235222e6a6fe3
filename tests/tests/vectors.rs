//! Golden vectors through the native core and through the component.
//!
//! - `vectors/describe-tool/NAME.json` is a descriptor; `NAME.expected.json`
//!   beside it is the answer (the tool JSON, or `{"diagnostics": […]}`).
//! - `vectors/describe-type/*.json` are tables: shared `types`, `naming` and
//!   `mode`, and `cases`, each `{"type", "expect"}` (a case may override
//!   `types`, `naming`, `mode`).
//!
//! Every vector runs twice, natively and through wasmtime, and the two answers
//! must be byte-identical and equal to the golden answer (compared as compact
//! JSON, so key order counts). `BLESS=1` rewrites the golden answers from the
//! native core first.
//!
//! `hostile/*` are generated inputs at and past the limits, each answered with
//! a diagnostic (never a trap) and identically by both.

use conformance::cases::{TypeCase, type_cases};
use conformance::hostile::{base_chain, empty_parameters};
use conformance::{
    bless_table, blessing, check, codes_covered, component_answer, native_answer, parse, runtime, sorted_json_files,
    vectors_dir,
};
use host_demo::{Mode, TypeContext};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};

fn main() {
    let args = Arguments::from_args();
    if blessing() {
        bless_tools();
        bless_types();
    }
    let mut trials = tool_trials();
    trials.extend(type_trials());
    trials.extend(hostile_trials());
    trials.push(Trial::test("hostile/past-a-lowered-work-budget", past_the_work_budget));
    trials.push(Trial::test("coverage/every-diagnostic-code", every_code_covered));
    trials.push(Trial::test("component/instantiates-with-no-imports", || {
        let rt = runtime()?;
        rt.instantiate().map(drop).map_err(|e| Failed::from(e.to_string()))
    }));
    libtest_mimic::run(&args, trials).exit();
}

fn expected_path(input: &Path) -> PathBuf {
    input.with_extension("expected.json")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn tool_trials() -> Vec<Trial> {
    sorted_json_files(&vectors_dir().join("describe-tool"))
        .into_iter()
        .map(|input| {
            let name = format!("describe-tool/{}", input.file_stem().unwrap_or_default().to_string_lossy());
            Trial::test(name, move || {
                let text = read(&input);
                let native = native_answer(tool_schema::describe_tool(&text));
                let mut host = runtime()?.instantiate().map_err(|e| e.to_string())?;
                let component = component_answer(host.describe_tool(&text).map_err(|e| e.to_string())?);
                let expected = parse(&read(&expected_path(&input)))?;
                Ok(check(&native, &component, &expected)?)
            })
        })
        .collect()
}

fn bless_tools() {
    for input in sorted_json_files(&vectors_dir().join("describe-tool")) {
        let native = native_answer(tool_schema::describe_tool(&read(&input)));
        let pretty = parse(&native).expect("the core writes valid JSON").to_json_pretty();
        std::fs::write(expected_path(&input), pretty + "\n").expect("write expected file");
    }
}

fn native_type(c: &TypeCase) -> String {
    native_answer(tool_schema::describe_type(&c.ty, c.types.as_deref(), c.naming.as_deref(), c.mode))
}

fn type_trials() -> Vec<Trial> {
    let mut trials = Vec::new();
    for path in sorted_json_files(&vectors_dir().join("describe-type")) {
        let table = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
        let file = parse(&read(&path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for (i, case) in type_cases(&file).into_iter().enumerate() {
            let name = format!("describe-type/{table}/{i:02}:{}", case.ty);
            trials.push(Trial::test(name, move || {
                let native = native_type(&case);
                let mode = match case.mode {
                    tool_schema::Mode::Generator => Mode::Generator,
                    tool_schema::Mode::Reflection => Mode::Reflection,
                };
                let context = TypeContext { types: case.types.clone(), naming: case.naming.clone(), mode };
                let mut host = runtime()?.instantiate().map_err(|e| e.to_string())?;
                let component = component_answer(host.describe_type(&case.ty, &context).map_err(|e| e.to_string())?);
                let expected = case.expect.as_ref().ok_or("the case has no 'expect' (BLESS=1 writes it)")?;
                Ok(check(&native, &component, expected)?)
            }));
        }
    }
    trials
}

fn bless_types() {
    for path in sorted_json_files(&vectors_dir().join("describe-type")) {
        bless_table(&path, |file| type_cases(file).iter().map(native_type).collect());
    }
}

/// Every diagnostic code of describing (`OLT…`, `OLD…`) is produced by at
/// least one golden vector.
fn every_code_covered() -> Result<(), Failed> {
    Ok(codes_covered(&["describe-tool", "describe-type"], &["OLT", "OLD"])?)
}

/// Inputs built to be slow, deep or large: each must be answered with the
/// named code, within a second natively, identically natively and through
/// the component, and the instance must answer the next call.
fn hostile_trials() -> Vec<Trial> {
    let param = |i: usize, ty: &str| format!(r#"{{"name":"p{i}","type":"{ty}"}}"#);
    let many_params = |n: usize, ty: &str| {
        let ps: Vec<String> = (0..n).map(|i| param(i, ty)).collect();
        format!(r#"{{"method":"Many","parameters":[{}]}}"#, ps.join(","))
    };
    let cases: Vec<(&str, String, &str)> = vec![
        ("twenty-thousand-bad-parameters", many_params(20_000, "Queue<int>"), "OLD007"),
        ("five-thousand-bad-parameters", many_params(5_000, "Queue<int>"), "OLT002"),
        ("nesting-100000", format!(r#"{{"method":"Deep","doc":{{"summary":{}}}}}"#, "[".repeat(100_000)), "OLD007"),
        (
            "past-the-size-limit",
            format!(r#"{{"method":"Big","doc":{{"summary":"{}"}}}}"#, "x".repeat(1 << 20)),
            "OLD007",
        ),
        (
            "array-suffixes",
            format!(r#"{{"method":"Arr","parameters":[{}]}}"#, param(0, &format!("int{}", "[]".repeat(100_000)))),
            "OLD003",
        ),
        (
            "generic-nesting",
            format!(
                r#"{{"method":"Gen","parameters":[{}]}}"#,
                param(0, &format!("{}int{}", "List<".repeat(50_000), ">".repeat(50_000)))
            ),
            "OLD003",
        ),
        (
            "markup-flood",
            format!(
                r#"{{"method":"Doc","doc":{{"summary":"{}"}},"parameters":[{}]}}"#,
                "<".repeat(500_000),
                param(0, "Nope")
            ),
            "OLD004",
        ),
        (
            "wide-record",
            {
                let props: Vec<String> = (0..20_000).map(|i| format!(r#"{{"name":"P{i}","type":"int"}}"#)).collect();
                format!(
                    r#"{{"method":"Wide","parameters":[{}],"types":{{"W":{{"kind":"class","properties":[{}]}}}}}}"#,
                    param(0, "W"),
                    props.join(",")
                )
            },
            "OLD007",
        ),
        (
            "long-type-chain",
            {
                let decls: Vec<String> = (0..5_000)
                    .map(|i| {
                        format!(r#""T{i}":{{"kind":"record","parameters":[{{"name":"Next","type":"T{}"}}]}}"#, i + 1)
                    })
                    .collect();
                format!(r#"{{"method":"Chain","parameters":[{}],"types":{{{}}}}}"#, param(0, "T0"), decls.join(","))
            },
            "OLD007",
        ),
        ("base-class-chain-of-20000-used-by-50", base_chain(20_000, 50), "OLD007"),
        ("base-class-chain-of-5000-used-by-40", base_chain(5_000, 40), "OLD007"),
        ("300000-members-refused", empty_parameters(150_000), "OLD002"),
    ];
    cases
        .into_iter()
        .map(|(name, text, code)| {
            Trial::test(format!("hostile/{name}"), move || {
                let started = std::time::Instant::now();
                let native = native_answer(tool_schema::describe_tool(&text));
                let took = started.elapsed();
                // A bound, not a benchmark: these take milliseconds.
                if took > std::time::Duration::from_secs(1) {
                    return Err(format!("answered natively in {took:?}, more than a second").into());
                }
                let mut host = runtime()?.instantiate().map_err(|e| e.to_string())?;
                let component = component_answer(host.describe_tool(&text).map_err(|e| e.to_string())?);
                if native != component {
                    return Err("native and component answers differ".into());
                }
                if !native.starts_with(&format!(r#"{{"diagnostics":[{{"code":"{code}""#)) {
                    return Err(format!("expected {code} first, got {}", &native[..native.len().min(300)]).into());
                }
                let next = host.describe_type("int", &TypeContext { types: None, naming: None, mode: Mode::Generator });
                match next {
                    Ok(Ok(_)) => Ok(()),
                    other => Err(format!("the next call on the same instance failed: {other:?}").into()),
                }
            })
        })
        .collect()
}

/// With the work budget lowered, a descriptor that needs more is one
/// diagnostic at `$`, natively and through the component; with the budget
/// back at its default, the same instance describes it.
fn past_the_work_budget() -> Result<(), Failed> {
    let text = read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/get-docket.json"));
    let native = tool_schema::work::with_budget(20, || native_answer(tool_schema::describe_tool(&text)));
    let want = r#"{"diagnostics":[{"code":"OLD007","message":"Not answered: describing the descriptor takes more than the work budget of 20 steps (a bound for inputs no other limit foresees).","path":"$"}]}"#;
    if native != want {
        return Err(format!("natively: {native}").into());
    }
    let mut host = runtime()?.instantiate().map_err(|e| e.to_string())?;
    host.set_work_budget(20).map_err(|e| e.to_string())?;
    let component = component_answer(host.describe_tool(&text).map_err(|e| e.to_string())?);
    if component != native {
        return Err(format!("the component answered {component}").into());
    }
    host.set_work_budget(tool_schema::work::DEFAULT_BUDGET).map_err(|e| e.to_string())?;
    let described = component_answer(host.describe_tool(&text).map_err(|e| e.to_string())?);
    if described != native_answer(tool_schema::describe_tool(&text)) || described.contains("diagnostics") {
        return Err(format!("with the default budget the component answered {described}").into());
    }
    Ok(())
}
