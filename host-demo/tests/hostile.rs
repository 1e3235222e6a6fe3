//! The hostile inputs of the validation tests (`tests/src/hostile.rs`), as a
//! user would send them: `host-demo validate SCHEMA @ARGS`, each answered
//! with a result (exit status 0 or 1) within a second of wall time, the
//! component compiled beforehand into the cache as a long-running host has it;
//! and large descriptors and outcomes through `describe-tool` and `encode`.
//! The second is a bound, not a benchmark.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

#[path = "../../tests/src/hostile.rs"]
mod hostile;

const EXE: &str = env!("CARGO_BIN_EXE_host-demo");

/// The tests here time whole processes: they take turns, so that one's
/// work is not counted in the other's second.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

#[test]
fn every_hostile_input_is_answered_within_a_second() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let dir: PathBuf = std::env::temp_dir().join(format!("host-demo-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a test directory");
    let cache = dir.join("cache");
    let warm = Command::new(EXE).arg("info").env("TOOL_SCHEMA_CACHE_DIR", &cache).output().expect("host-demo runs");
    assert!(warm.status.success(), "{}", String::from_utf8_lossy(&warm.stderr));
    let mut failures = Vec::new();
    for (name, schema, args, expect) in hostile::cases() {
        let (schema_file, args_file) = (dir.join("schema.json"), dir.join("args.json"));
        std::fs::write(&schema_file, &schema).expect("write the schema");
        std::fs::write(&args_file, &args).expect("write the arguments");
        let started = Instant::now();
        let out = Command::new(EXE)
            .args(["validate", schema_file.to_str().unwrap(), &format!("@{}", args_file.display())])
            .env("TOOL_SCHEMA_CACHE_DIR", &cache)
            .output()
            .expect("host-demo runs");
        let took = started.elapsed();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let problem = if !matches!(out.status.code(), Some(0 | 1)) {
            Some(format!("exit status {:?}: {}", out.status.code(), String::from_utf8_lossy(&out.stderr)))
        } else if took > Duration::from_secs(1) {
            Some(format!("answered in {took:?}, more than a second"))
        } else {
            let limits = tool_schema::json::ParseLimits { max_bytes: 1 << 26, max_depth: 256 };
            match tool_schema::json::parse(stdout.trim(), limits) {
                // The CLI compiles the schema first: an unusable one is
                // reported as its diagnostics.
                Ok(answer) if matches!(expect, hostile::Expect::First("schema")) => {
                    let codes = answer.get("diagnostics").and_then(tool_schema::json::Value::as_array);
                    let first = codes.and_then(|d| d.first()).and_then(|d| d.get("code"));
                    match first.and_then(tool_schema::json::Value::as_str) {
                        Some(code) if code.starts_with("OLS") => None,
                        _ => Some(format!(
                            "expected the schema's diagnostics, got {}",
                            stdout.chars().take(300).collect::<String>()
                        )),
                    }
                }
                Ok(answer) => hostile::check(expect, &answer).err(),
                Err(e) => {
                    Some(format!("the output is not JSON ({e:?}): {}", stdout.chars().take(300).collect::<String>()))
                }
            }
        };
        eprintln!("{name:60} {took:>10.1?}");
        if let Some(p) = problem {
            failures.push(format!("{name}: {p}"));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Describing and encoding inputs built to be large, through `host-demo`:
/// each is refused with diagnostics (exit status 1) within a second of wall
/// time, the most diagnostics listed 100, then one saying how many more.
#[test]
fn large_descriptors_and_outcomes_are_refused_within_a_second() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let dir: PathBuf = std::env::temp_dir().join(format!("host-demo-hostile-describe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a test directory");
    let cache = dir.join("cache");
    let warm = Command::new(EXE).arg("info").env("TOOL_SCHEMA_CACHE_DIR", &cache).output().expect("host-demo runs");
    assert!(warm.status.success(), "{}", String::from_utf8_lossy(&warm.stderr));
    // 20,000 classes in one base chain (818 KB), used by 50 parameters.
    let chain = hostile::base_chain(20_000, 50);
    let values = format!("[{}]", vec!["\"a\""; 1_000_000].join(","));
    let members = hostile::empty_parameters(150_000);
    let (chain_file, values_file, members_file) =
        (dir.join("chain.json"), dir.join("values.json"), dir.join("members.json"));
    std::fs::write(&chain_file, &chain).expect("write the descriptor");
    std::fs::write(&values_file, &values).expect("write the value");
    std::fs::write(&members_file, &members).expect("write the descriptor");
    let at = |f: &PathBuf| format!("@{}", f.display());
    let cases: Vec<(&str, Vec<String>, &str, &str)> = vec![
        (
            "base-class-chain-of-20000-used-by-50",
            vec!["describe-tool".into(), chain_file.display().to_string()],
            "OLD007",
            "The type 'C0' has more than 64 base classes above it.",
        ),
        (
            "a-million-mismatched-values",
            ["encode", "--tool", "x", "--returns", "List<int>", "--value"]
                .map(String::from)
                .into_iter()
                .chain([at(&values_file)])
                .collect(),
            "OLE004",
            "999900 more problems are not listed (at most 100 are).",
        ),
        (
            "300000-members-refused",
            vec!["describe-tool".into(), members_file.display().to_string()],
            "OLD007",
            "299900 more problems are not listed (at most 100 are).",
        ),
    ];
    let mut failures = Vec::new();
    for (name, args, code, last) in cases {
        let started = Instant::now();
        let out = Command::new(EXE).args(&args).env("TOOL_SCHEMA_CACHE_DIR", &cache).output().expect("host-demo runs");
        let took = started.elapsed();
        eprintln!("{name:60} {took:>10.1?}");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let limits = tool_schema::json::ParseLimits { max_bytes: 1 << 26, max_depth: 256 };
        let diags = tool_schema::json::parse(stdout.trim(), limits)
            .ok()
            .and_then(|v| v.get("diagnostics").and_then(tool_schema::json::Value::as_array).map(<[_]>::to_vec))
            .unwrap_or_default();
        let said = |k: &str| diags.last().and_then(|d| d.get(k)).and_then(tool_schema::json::Value::as_str);
        if out.status.code() != Some(1) {
            failures.push(format!(
                "{name}: exit status {:?}: {}",
                out.status.code(),
                String::from_utf8_lossy(&out.stderr)
            ));
        } else if took > Duration::from_secs(1) {
            failures.push(format!("{name}: answered in {took:?}, more than a second"));
        } else if diags.len() > 101 || said("code") != Some(code) || said("message") != Some(last) {
            failures.push(format!("{name}: {} diagnostics, the last {:?}", diags.len(), diags.last()));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
