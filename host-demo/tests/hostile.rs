//! The hostile inputs of the validation tests (`tests/src/hostile.rs`), as a
//! user would send them: `host-demo validate SCHEMA @ARGS`, each answered
//! with a result (exit status 0 or 1) within a second of wall time, the
//! component compiled beforehand into the cache as a long-running host has it.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

#[path = "../../tests/src/hostile.rs"]
mod hostile;

const EXE: &str = env!("CARGO_BIN_EXE_host-demo");

#[test]
fn every_hostile_input_is_answered_within_a_second() {
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
