//! Shared pieces of the conformance harness: where the vectors are, how an
//! answer is written down, and one compiled component for every test thread.

pub mod acceptance;
pub mod cases;
pub mod csharp;
pub mod differential;
pub mod hints;
pub mod hostile;
pub mod roundtrip;
pub mod typed;
pub mod vectorfile;

use host_demo::{Diagnostic, LoadOptions, Runtime};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use tool_schema::json::{self, Value};

pub const LIMITS: json::ParseLimits = json::ParseLimits { max_bytes: 64 << 20, max_depth: 512 };

pub fn vectors_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("vectors")
}

/// Whether expected files are to be rewritten (`BLESS=1`).
pub fn blessing() -> bool {
    std::env::var_os("BLESS").is_some_and(|v| !v.is_empty() && v != "0")
}

/// The component, compiled once for the whole run.
pub fn runtime() -> Result<&'static Runtime, String> {
    static RUNTIME: OnceLock<Result<Runtime, String>> = OnceLock::new();
    RUNTIME
        .get_or_init(|| Runtime::load(&LoadOptions::from_env()).map_err(|e| e.to_string()))
        .as_ref()
        .map_err(Clone::clone)
}

/// The answers to one call under a lowered work budget of `steps`:
/// natively, through a fresh instance, and through the same instance once
/// its budget is back at the default (it must still answer).
pub struct PastTheBudget {
    pub native: String,
    pub lowered: String,
    pub restored: String,
}

/// Makes the call `native` and `component` make, as [`PastTheBudget`] says.
pub fn past_the_budget(
    steps: u64,
    native: impl FnOnce() -> String,
    mut component: impl FnMut(&mut host_demo::Host<'_>) -> Result<String, String>,
) -> Result<PastTheBudget, String> {
    let native = tool_schema::work::with_budget(steps, native);
    let mut host = runtime()?.instantiate().map_err(|e| e.to_string())?;
    host.set_work_budget(steps).map_err(|e| e.to_string())?;
    let lowered = component(&mut host)?;
    host.set_work_budget(tool_schema::work::DEFAULT_BUDGET).map_err(|e| e.to_string())?;
    let restored = component(&mut host)?;
    Ok(PastTheBudget { native, lowered, restored })
}

/// An answer as the golden files write it: the result's JSON text, or
/// `{"diagnostics":[…]}`.
pub fn native_answer(r: Result<String, Vec<tool_schema::Diagnostic>>) -> String {
    match r {
        Ok(text) => text,
        Err(diags) => tool_schema::diag::diagnostics_json(&diags),
    }
}

pub fn component_answer(r: Result<String, Vec<Diagnostic>>) -> String {
    match r {
        Ok(text) => text,
        Err(diags) => {
            let converted: Vec<tool_schema::Diagnostic> = diags
                .into_iter()
                .map(|d| {
                    let code = tool_schema::Code::ALL.into_iter().find(|c| c.as_str() == d.code);
                    tool_schema::Diagnostic {
                        // An unknown code would be a bug in the component; keep it visible.
                        code: code.unwrap_or(tool_schema::Code::Old001),
                        message: if code.is_some() {
                            d.message
                        } else {
                            format!("[unknown code {}] {}", d.code, d.message)
                        },
                        path: d.path,
                    }
                })
                .collect();
            tool_schema::diag::diagnostics_json(&converted)
        }
    }
}

pub fn parse(text: &str) -> Result<Value, String> {
    json::parse(text, LIMITS).map_err(|e| e.to_string())
}

/// Compares the native answer, the component's answer and the expected value.
pub fn check(native: &str, component: &str, expected: &Value) -> Result<(), String> {
    if native != component {
        return Err(format!("native and component answers differ\n native:    {native}\n component: {component}"));
    }
    let want = expected.to_json();
    if native != want {
        let got = parse(native).map(|v| v.to_json_pretty()).unwrap_or_else(|_| native.to_owned());
        return Err(format!(
            "answer differs from the golden file (BLESS=1 rewrites it)\n--- expected\n{}\n--- got\n{got}",
            expected.to_json_pretty()
        ));
    }
    Ok(())
}

/// The `.json` files of a directory, sorted, without the `.expected.json` ones.
pub fn sorted_json_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json") && !p.to_string_lossy().ends_with(".expected.json"))
        .collect();
    files.sort();
    files
}

/// Rewrites the `expect` of every case of a table file with the answers
/// `answer` gives for the parsed file (one per case, as JSON text).
pub fn bless_table(path: &Path, answer: impl Fn(&Value) -> Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut file = parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let answers: Vec<Value> = answer(&file).iter().map(|a| parse(a).expect("answers are JSON")).collect();
    if let Value::Object(members) = &mut file
        && let Some((_, Value::Array(cases))) = members.iter_mut().find(|(k, _)| k == "cases")
    {
        for (case, answer) in cases.iter_mut().zip(answers) {
            if let Value::Object(m) = case {
                m.retain(|(k, _)| k != "expect");
                m.push(("expect".into(), answer));
            }
        }
    }
    std::fs::write(path, file.to_json_pretty() + "\n").expect("write table");
}

/// Checks that every diagnostic code with one of `prefixes` appears in the
/// golden files under the vector directories `dirs`.
pub fn codes_covered(dirs: &[&str], prefixes: &[&str]) -> Result<(), String> {
    let mut seen = String::new();
    for dir in dirs {
        for entry in std::fs::read_dir(vectors_dir().join(dir)).map_err(|e| e.to_string())? {
            let path = entry.map_err(|e| e.to_string())?.path();
            seen.push_str(&std::fs::read_to_string(path).map_err(|e| e.to_string())?);
        }
    }
    let missing: Vec<&str> = tool_schema::Code::ALL
        .iter()
        .map(|c| c.as_str())
        .filter(|c| prefixes.iter().any(|p| c.starts_with(p)))
        .filter(|c| !seen.contains(&format!("\"code\": \"{c}\"")))
        .collect();
    if missing.is_empty() { Ok(()) } else { Err(format!("no golden vector produces {}", missing.join(", "))) }
}

/// An argument error as a host or a table gives it: its path, keyword and
/// message only (what the vectors compare); the rest is not known.
pub fn arg_error(path: String, keyword: String, message: String) -> tool_schema::ArgError {
    let params = tool_schema::validate::Params::Conversion { reason: message.clone() };
    tool_schema::ArgError { path, keyword, message, location: Vec::new(), schema_location: String::new(), params }
}
