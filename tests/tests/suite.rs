//! The JSON-Schema-Test-Suite, draft 2020-12 (vendored in `tests/suite/`),
//! through the native core and through the component.
//!
//! - required tests (`draft2020-12/*.json`) run as the specification
//!   prescribes by default: formats are annotations;
//! - optional tests (`optional/*.json`) the same way;
//! - optional format tests (`optional/format/*.json`) with formats asserted,
//!   as the contract does.
//!
//! Every test validates its data natively and through wasmtime; the two
//! answers must be byte-identical and have the verdict the suite expects. A
//! test listed in `tests/suite/expected-failures.json` (each with its reason)
//! must fail: if it passes, the list is out of date and the run fails.

use conformance::{parse, runtime};
use host_demo::{FormatMode, ValidateOptions};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use tool_schema::json::Value;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Group {
    Required,
    Optional,
    Format,
}

impl Group {
    fn name(self) -> &'static str {
        match self {
            Group::Required => "required",
            Group::Optional => "optional",
            Group::Format => "format",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Group::Required => "required tests, formats as annotations (the specification's default)",
            Group::Optional => "optional tests, formats as annotations",
            Group::Format => "optional format tests, formats asserted (the contract's choice)",
        }
    }

    fn formats(self) -> tool_schema::FormatMode {
        match self {
            Group::Format => tool_schema::FormatMode::Assert,
            _ => tool_schema::FormatMode::Annotate,
        }
    }
}

#[derive(Default)]
struct Tally {
    passed: AtomicUsize,
    failed: AtomicUsize,
    expected: AtomicUsize,
}

struct Listed {
    group: String,
    file: String,
    case: String,
    test: String,
}

fn suite_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("suite")
}

fn read(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn text(v: &Value, key: &str) -> String {
    v.get(key).and_then(Value::as_str).unwrap_or_default().to_owned()
}

fn expected_failures() -> Vec<Listed> {
    let list = read(&suite_dir().join("expected-failures.json"));
    let mut out = Vec::new();
    for (group, entries) in list.as_object().expect("an object of groups") {
        for e in entries.as_array().expect("a list of entries") {
            assert!(!text(e, "reason").is_empty(), "every expected failure has a reason: {}", e.to_json());
            out.push(Listed {
                group: group.clone(),
                file: text(e, "file"),
                case: text(e, "case"),
                test: text(e, "test"),
            });
        }
    }
    out
}

fn listed(list: &[Listed], group: Group, file: &str, case: &str, test: &str) -> bool {
    list.iter().any(|l| {
        l.group == group.name()
            && l.file == file
            && (l.case == "*" || l.case == case)
            && (l.test.is_empty() || l.test == "*" || l.test == test)
    })
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    out.sort();
    out
}

/// One suite test, run natively and through the component.
fn run_one(group: Group, schema: &str, data: &str, want_valid: bool) -> Result<(), String> {
    let options = tool_schema::Options { formats: group.formats(), any_value: true, ..Default::default() };
    let native = match tool_schema::Validator::compile(schema, options) {
        Ok(v) => match v.validate(data) {
            Ok(bound) => format!("valid {bound}"),
            Err(errors) => format!("invalid {}", tool_schema::validate::errors_json(&errors)),
        },
        Err(d) => format!("schema refused {}", tool_schema::diag::diagnostics_json(&d)),
    };
    let rt = runtime()?;
    let mut host = rt.instantiate().map_err(|e| e.to_string())?;
    let formats = if group == Group::Format { FormatMode::Assert } else { FormatMode::Annotate };
    let component = match host
        .compile(schema, Some(ValidateOptions { formats, any_value: true, limits: None }))
        .map_err(|e| e.to_string())?
    {
        Ok(compiled) => match host.validate(&compiled, data).map_err(|e| e.to_string())? {
            Ok(bound) => format!("valid {bound}"),
            Err(errors) => {
                let errors: Vec<tool_schema::ArgError> =
                    errors.into_iter().map(|e| conformance::arg_error(e.path, e.keyword, e.message)).collect();
                format!("invalid {}", tool_schema::validate::errors_json(&errors))
            }
        },
        Err(d) => {
            let d: Vec<tool_schema::Diagnostic> = d
                .into_iter()
                .map(|d| tool_schema::Diagnostic {
                    code: tool_schema::Code::ALL
                        .into_iter()
                        .find(|c| c.as_str() == d.code)
                        .unwrap_or(tool_schema::Code::Ols003),
                    message: d.message,
                    path: d.path,
                })
                .collect();
            format!("schema refused {}", tool_schema::diag::diagnostics_json(&d))
        }
    };
    if native != component {
        return Err(format!("native and component differ\n native:    {native}\n component: {component}"));
    }
    if native.starts_with("schema refused") {
        return Err(format!("the schema cannot be used: {native}"));
    }
    let valid = native.starts_with("valid ");
    if valid != want_valid {
        return Err(format!("expected {}, got: {native}", if want_valid { "valid" } else { "invalid" }));
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let list = Arc::new(expected_failures());
    let tallies: Arc<[Tally; 3]> = Arc::new(Default::default());
    let mut trials = Vec::new();
    let root = suite_dir().join("draft2020-12");
    let groups = [
        (Group::Required, root.clone()),
        (Group::Optional, root.join("optional")),
        (Group::Format, root.join("optional/format")),
    ];
    for (gi, (group, dir)) in groups.into_iter().enumerate() {
        for path in files(&dir) {
            let file = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
            let cases = read(&path);
            for (ci, case) in cases.as_array().expect("a list of cases").iter().enumerate() {
                let case_desc = text(case, "description");
                let schema = case.get("schema").expect("a schema").to_json();
                for (ti, test) in case.get("tests").and_then(Value::as_array).expect("tests").iter().enumerate() {
                    let test_desc = text(test, "description");
                    let data = test.get("data").expect("data").to_json();
                    let want_valid = matches!(test.get("valid"), Some(Value::Bool(true)));
                    let expect_failure = listed(&list, group, &file, &case_desc, &test_desc);
                    let name = format!("{}/{file}/{ci}:{case_desc}/{ti}:{test_desc}", group.name());
                    let schema = schema.clone();
                    let tallies = Arc::clone(&tallies);
                    trials.push(Trial::test(name, move || {
                        let tally = &tallies[gi];
                        let outcome = run_one(group, &schema, &data, want_valid);
                        match (outcome, expect_failure) {
                            (Ok(()), false) => {
                                tally.passed.fetch_add(1, Ordering::Relaxed);
                                Ok(())
                            }
                            (Err(why), false) => {
                                tally.failed.fetch_add(1, Ordering::Relaxed);
                                Err(Failed::from(why))
                            }
                            (Err(_), true) => {
                                tally.expected.fetch_add(1, Ordering::Relaxed);
                                Ok(())
                            }
                            (Ok(()), true) => {
                                tally.failed.fetch_add(1, Ordering::Relaxed);
                                Err(Failed::from(
                                    "passes, but is listed in expected-failures.json: remove it from the list",
                                ))
                            }
                        }
                    }));
                }
            }
        }
    }
    let conclusion = libtest_mimic::run(&args, trials);
    for (i, group) in [Group::Required, Group::Optional, Group::Format].into_iter().enumerate() {
        let t = &tallies[i];
        let (passed, failed, expected) =
            (t.passed.load(Ordering::Relaxed), t.failed.load(Ordering::Relaxed), t.expected.load(Ordering::Relaxed));
        if passed + failed + expected == 0 {
            continue;
        }
        println!("\nJSON-Schema-Test-Suite draft2020-12, {}:", group.title());
        println!("{passed} passed, {failed} failed");
        println!("({expected} more fail as listed, each with its reason, in tests/suite/expected-failures.json)");
    }
    conclusion.exit();
}
