//! Golden vectors for `validate-args`, natively and through the component.
//!
//! `vectors/validate/*.json` are tables: a `schema` (or a `tool` descriptor
//! whose input schema is used, `schemaFile` relative to `tests/`, or
//! `schemaText` for texts that are not JSON),
//! `options` (`formats`, `anyValue`, `limits`), and `cases`, each with `args`
//! (or `argsText`) and `expect`: `{"bound": …}`, `{"errors": […]}`, or
//! `{"diagnostics": […], "validateArgs": …}` for a schema that cannot be used
//! (with the one-shot answer beside the validator's). A case may override the
//! table's schema and options.
//!
//! Each case runs through the `validator` resource (compile, then validate)
//! and through the one-shot `validate-args`, natively and in wasmtime; all
//! answers must agree byte for byte and equal the golden one. `BLESS=1`
//! rewrites the golden answers from the native core.
//!
//! `real/*` compiles every real tool schema in `tests/real-tool-schemas`, and
//! `hostile/*` feeds inputs past the limits, each of which must be answered
//! with an error quickly, with the instance still working afterwards.

use conformance::cases::{ValidateCase as Case, case_names, validate_cases as cases};
use conformance::{bless_table, blessing, codes_covered, parse, runtime, sorted_json_files, vectors_dir};
use host_demo::{FormatMode, Limits, ValidateOptions};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::Path;
use tool_schema::json::Value;

fn main() {
    let args = Arguments::from_args();
    let dir = vectors_dir().join("validate");
    if blessing() {
        for path in sorted_json_files(&dir) {
            bless_table(&path, |file| {
                cases(file)
                    .iter()
                    .map(|c| {
                        let (staged, one_shot) = native(c);
                        golden(&staged, &one_shot)
                    })
                    .collect()
            });
        }
    }
    let mut trials = Vec::new();
    for path in sorted_json_files(&dir) {
        let table = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
        let file = parse(&std::fs::read_to_string(&path).expect("read table")).expect("table parses");
        let names = case_names(&file);
        for (i, (case, name)) in cases(&file).into_iter().zip(names).enumerate() {
            trials.push(Trial::test(format!("validate/{table}/{i:02}:{name}"), move || run_case(&case)));
        }
    }
    trials.extend(real_schema_trials());
    trials.extend(hostile_trials());
    trials.push(Trial::test("coverage/every-schema-code", || Ok(codes_covered(&["validate"], &["OLS"])?)));
    trials.push(Trial::test("coverage/message-templates-in-the-docs", templates_match_vectors));
    libtest_mimic::run(&args, trials).exit();
}

fn bound_json(bound: &str) -> String {
    format!("{{\"bound\":{bound}}}")
}

fn wit_options(o: &tool_schema::Options) -> ValidateOptions {
    let l = o.limits;
    ValidateOptions {
        formats: match o.formats {
            tool_schema::FormatMode::Assert => FormatMode::Assert,
            tool_schema::FormatMode::Annotate => FormatMode::Annotate,
        },
        any_value: o.any_value,
        limits: Some(Limits {
            max_argument_bytes: l.max_argument_bytes as u64,
            max_argument_depth: l.max_argument_depth as u32,
            max_schema_bytes: l.max_schema_bytes as u64,
            max_schema_depth: l.max_schema_depth as u32,
            regex_backtrack_limit: l.regex_backtrack_limit as u64,
        }),
    }
}

/// The native answers: through compile-then-validate, and one-shot.
fn native(c: &Case) -> (String, String) {
    let staged = match tool_schema::Validator::compile(&c.schema, c.options) {
        Err(d) => tool_schema::diag::diagnostics_json(&d),
        Ok(v) => match v.validate(&c.args) {
            Ok(b) => bound_json(&b),
            Err(e) => tool_schema::validate::errors_json(&e),
        },
    };
    let one_shot = match tool_schema::validate_args(&c.schema, &c.args, c.options) {
        Ok(b) => bound_json(&b),
        Err(e) => tool_schema::validate::errors_json(&e),
    };
    (staged, one_shot)
}

fn to_core_errors(errors: Vec<host_demo::ArgError>) -> Vec<tool_schema::ArgError> {
    errors.into_iter().map(|e| conformance::arg_error(e.path, e.keyword, e.message)).collect()
}

fn component(c: &Case) -> Result<(String, String), String> {
    let rt = runtime()?;
    let mut host = rt.instantiate().map_err(|e| e.to_string())?;
    let staged = match host.compile(&c.schema, Some(wit_options(&c.options))).map_err(|e| e.to_string())? {
        Err(d) => conformance::component_answer(Err(d)),
        Ok(v) => {
            let answer = match host.validate(&v, &c.args).map_err(|e| e.to_string())? {
                Ok(b) => bound_json(&b),
                Err(e) => tool_schema::validate::errors_json(&to_core_errors(e)),
            };
            host.release(v).map_err(|e| e.to_string())?;
            answer
        }
    };
    // The one-shot export always uses the default options.
    let one_shot = if c.options == tool_schema::Options::default() {
        match host.validate_args(&c.schema, &c.args).map_err(|e| e.to_string())? {
            Ok(b) => bound_json(&b),
            Err(e) => tool_schema::validate::errors_json(&to_core_errors(e)),
        }
    } else {
        native(c).1
    };
    Ok((staged, one_shot))
}

/// The answer a golden file records: the validator's, and for a schema it
/// refuses, also what `validate-args` answers (`validateArgs`).
fn golden(staged: &str, one_shot: &str) -> String {
    match staged.strip_prefix("{\"diagnostics\"").and_then(|rest| rest.strip_suffix('}')) {
        Some(rest) => format!("{{\"diagnostics\"{rest},\"validateArgs\":{one_shot}}}"),
        None => staged.to_owned(),
    }
}

fn run_case(c: &Case) -> Result<(), Failed> {
    let (staged, one_shot) = native(c);
    let (c_staged, c_one_shot) = component(c)?;
    if staged != c_staged {
        return Err(format!("native and component differ\n native:    {staged}\n component: {c_staged}").into());
    }
    if one_shot != c_one_shot {
        return Err(format!("one-shot answers differ\n native:    {one_shot}\n component: {c_one_shot}").into());
    }
    if !staged.starts_with("{\"diagnostics\"") && staged != one_shot {
        return Err(format!(
            "validate-args and the validator differ\n validator:     {staged}\n validate-args: {one_shot}"
        )
        .into());
    }
    let expected = c.expect.as_ref().ok_or("the case has no 'expect' (BLESS=1 writes it)")?;
    let answer = golden(&staged, &one_shot);
    if answer != expected.to_json() {
        let got = parse(&answer).map(|v| v.to_json_pretty()).unwrap_or(answer);
        return Err(format!(
            "answer differs from the golden file (BLESS=1 rewrites it)\n--- expected\n{}\n--- got\n{got}",
            expected.to_json_pretty()
        )
        .into());
    }
    Ok(())
}

/// Every real tool schema compiles natively and in the component.
fn real_schema_trials() -> Vec<Trial> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("real-tool-schemas/schemas");
    sorted_json_files(&dir)
        .into_iter()
        .map(|path| {
            let name = format!("real/compiles/{}", path.file_stem().unwrap_or_default().to_string_lossy());
            Trial::test(name, move || {
                let schema = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
                if let Err(d) = tool_schema::Validator::compile(&schema, tool_schema::Options::default()) {
                    return Err(format!("refused natively: {}", tool_schema::diag::diagnostics_json(&d)).into());
                }
                let rt = runtime()?;
                let mut host = rt.instantiate().map_err(|e| e.to_string())?;
                match host.compile(&schema, None).map_err(|e| e.to_string())? {
                    Ok(v) => Ok(host.release(v).map_err(|e| e.to_string())?),
                    Err(d) => Err(format!("refused in the component: {d:?}").into()),
                }
            })
        })
        .collect()
}

/// Inputs built to be slow, deep or large (`conformance::hostile`). Each
/// must be answered as expected within a second natively, identically
/// natively and in the component, and the same instance must answer the
/// next call.
fn hostile_trials() -> Vec<Trial> {
    use conformance::hostile::cases;
    let lowered = Trial::test("hostile/past-a-lowered-work-budget", || {
        let schema = r#"{"type":"object","properties":{"a":{"type":"array","items":{"type":"integer"}}}}"#;
        let args = format!(r#"{{"a":[{}]}}"#, vec!["1"; 10_000].join(","));
        let run = || match tool_schema::validate_args(schema, &args, tool_schema::Options::default()) {
            Ok(b) => bound_json(&b),
            Err(e) => tool_schema::validate::errors_json(&e),
        };
        let native = tool_schema::work::with_budget(1_000, run);
        let want = r#"{"errors":[{"path":"$","keyword":"limit","message":"Argument '$' could not be checked: checking it against the schema takes more than 1000 steps."}]}"#;
        if native != want {
            return Err(format!("natively: {native}").into());
        }
        let rt = runtime()?;
        let mut host = rt.instantiate().map_err(|e| e.to_string())?;
        host.set_work_budget(1_000).map_err(|e| e.to_string())?;
        let one_shot = match host.validate_args(schema, &args).map_err(|e| e.to_string())? {
            Ok(b) => bound_json(&b),
            Err(e) => tool_schema::validate::errors_json(&to_core_errors(e)),
        };
        // A validator compiled under the lowered budget keeps it.
        let compiled = host.compile(schema, None).map_err(|e| e.to_string())?.map_err(|d| format!("{d:?}"))?;
        host.set_work_budget(tool_schema::work::DEFAULT_BUDGET).map_err(|e| e.to_string())?;
        let kept = match host.validate(&compiled, &args).map_err(|e| e.to_string())? {
            Ok(b) => bound_json(&b),
            Err(e) => tool_schema::validate::errors_json(&to_core_errors(e)),
        };
        if one_shot != native || kept != native {
            return Err(format!("through the component: {one_shot} and {kept}").into());
        }
        match host.validate_args(schema, &args) {
            Ok(Ok(_)) => Ok(()),
            other => Err(format!("with the default budget: {other:?}").into()),
        }
    });
    cases()
        .into_iter()
        .map(|(name, schema, args, expect)| {
            Trial::test(format!("hostile/{name}"), move || {
                let started = std::time::Instant::now();
                let native = match tool_schema::validate_args(&schema, &args, tool_schema::Options::default()) {
                    Ok(b) => bound_json(&b),
                    Err(e) => tool_schema::validate::errors_json(&e),
                };
                let took = started.elapsed();
                if took > std::time::Duration::from_secs(1) {
                    return Err(format!("answered natively in {took:?}, more than a second").into());
                }
                let rt = runtime()?;
                let mut host = rt.instantiate().map_err(|e| e.to_string())?;
                let component = match host.validate_args(&schema, &args).map_err(|e| e.to_string())? {
                    Ok(b) => bound_json(&b),
                    Err(e) => tool_schema::validate::errors_json(&to_core_errors(e)),
                };
                if native != component {
                    let cut = |s: &str| s.chars().take(2_000).collect::<String>();
                    return Err(format!(
                        "native and component differ\n native:    {}\n component: {}",
                        cut(&native),
                        cut(&component)
                    )
                    .into());
                }
                conformance::hostile::check(expect, &parse(&native)?)?;
                match host.validate_args(r#"{"type":"object"}"#, "{}") {
                    Ok(Ok(_)) => Ok(()),
                    other => Err(format!("the next call on the same instance failed: {other:?}").into()),
                }
            })
        })
        .chain([lowered])
        .collect()
}

/// The templates of `docs/validation.md` ("Message templates"), each as a
/// pattern: literal text, with every `<…>` standing for any text.
fn doc_templates() -> Result<Vec<(String, Vec<String>)>, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/validation.md");
    let doc = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let section = doc.split("### Message templates").nth(1).ok_or("no 'Message templates' section")?;
    let section = section.split("\n## ").next().unwrap_or(section);
    let mut templates = Vec::new();
    for line in section.lines().filter(|l| l.starts_with("| ") && l.contains("| `Argument")) {
        let cell = line.rsplit(" | ").next().unwrap_or("").trim_end_matches(" |").trim();
        let template = cell.trim_matches('`').to_owned();
        // Split at the placeholders: the literal pieces must appear in order.
        let mut pieces = Vec::new();
        let mut rest = template.as_str();
        while let Some(open) = rest.find('<') {
            pieces.push(rest[..open].to_owned());
            let close = rest[open..].find('>').ok_or(format!("unclosed placeholder in {template}"))?;
            rest = &rest[open + close + 1..];
        }
        pieces.push(rest.to_owned());
        templates.push((template, pieces));
    }
    if templates.is_empty() {
        return Err("the docs list no templates".into());
    }
    Ok(templates)
}

/// Whether `message` is `pieces` joined by non-empty fillers.
fn fits(message: &str, pieces: &[String]) -> bool {
    fn go(m: &str, pieces: &[String], first: bool) -> bool {
        match pieces.split_first() {
            None => m.is_empty(),
            Some((p, rest)) if first => m.strip_prefix(p.as_str()).is_some_and(|m| go(m, rest, false)),
            Some((p, rest)) => {
                if rest.is_empty() {
                    return m.len() > p.len() && m.ends_with(p.as_str());
                }
                // The filler before `p` is non-empty; try every place `p` occurs.
                m.char_indices()
                    .skip(1)
                    .any(|(i, _)| m[i..].starts_with(p.as_str()) && go(&m[i + p.len()..], rest, false))
            }
        }
    }
    go(message, pieces, true)
}

/// Every golden message fits a template of the docs, and every template of
/// the docs is met by some golden message: the table is the behaviour.
fn templates_match_vectors() -> Result<(), Failed> {
    let templates = doc_templates()?;
    let mut messages = Vec::new();
    for path in sorted_json_files(&vectors_dir().join("validate")) {
        let file = parse(&std::fs::read_to_string(&path).map_err(|e| e.to_string())?)?;
        for case in file.get("cases").and_then(Value::as_array).unwrap_or_default() {
            let expect = case.get("expect");
            let one_shot = expect.and_then(|e| e.get("validateArgs"));
            for answer in [expect, one_shot].into_iter().flatten() {
                let errors = answer.get("errors").and_then(Value::as_array).unwrap_or_default();
                messages
                    .extend(errors.iter().filter_map(|e| e.get("message").and_then(Value::as_str).map(str::to_owned)));
            }
        }
    }
    let unmatched: Vec<&String> = messages.iter().filter(|m| !templates.iter().any(|(_, p)| fits(m, p))).collect();
    if !unmatched.is_empty() {
        return Err(format!("messages no template of docs/validation.md describes:\n{unmatched:#?}").into());
    }
    let unused: Vec<&String> =
        templates.iter().filter(|(_, p)| !messages.iter().any(|m| fits(m, p))).map(|(t, _)| t).collect();
    if !unused.is_empty() {
        return Err(format!("templates of docs/validation.md no golden vector shows:\n{unused:#?}").into());
    }
    Ok(())
}
