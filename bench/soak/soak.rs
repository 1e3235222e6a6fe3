//! `make soak`, the Rust host: one tool validated 1,000,000 times, then
//! 100,000 tools made and dropped (released by `Drop` alone), through
//! host-demo's `Host`. Prints one JSON line per loop: the process's resident
//! set size and the instance's linear memory after a warm-up and at the end
//! (bench/soak/report.py turns the three hosts' lines into bench/soak.md).

use host_demo::{Host, LoadOptions, Runtime};
use std::time::Instant;

const VALID: &str = r#"{"caseId":"3f2504e0-4f89-11d3-9a0c-0305e82c3301","limit":5}"#;
const INVALID: &str = r#"{"limit": 500}"#;
const SCHEMA: &str = r#"{"type":"object","properties":{"q":{"type":"string","maxLength":100}},"required":["q"]}"#;

/// The resident set size of this process, in bytes (`VmRSS`).
fn rss() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

fn line(name: &str, count: u64, before: (u64, usize), after: (u64, usize), seconds: f64) {
    println!(
        r#"{{"host":"rust","loop":"{name}","count":{count},"rssBefore":{},"rssAfter":{},"memoryBefore":{},"memoryAfter":{},"seconds":{seconds:.2}}}"#,
        before.0, after.0, before.1, after.1
    );
}

fn fail(what: impl std::fmt::Display) -> ! {
    eprintln!("soak: {what}");
    std::process::exit(1);
}

fn validate_loop(host: &mut Host<'_>, descriptor: &str) {
    let tool = host.tools(descriptor).unwrap_or_else(|e| fail(e)).unwrap_or_else(|d| fail(format!("{d:?}"))).remove(0);
    let (calls, warm) = (1_000_000u64, 100_000u64);
    let started = Instant::now();
    let mut before = (0, 0);
    for i in 0..calls {
        if i == warm {
            before = (rss(), host.memory_bytes());
        }
        let valid = i % 2 == 0;
        let answer = host.tool_validate(&tool, if valid { VALID } else { INVALID }).unwrap_or_else(|e| fail(e));
        if answer.is_ok() != valid {
            fail(format!("call {i}: {answer:?}"));
        }
    }
    line("validate", calls, before, (rss(), host.memory_bytes()), started.elapsed().as_secs_f64());
    host.release_tool(tool).unwrap_or_else(|e| fail(e));
}

fn tools_loop(host: &mut Host<'_>) {
    let (count, warm) = (100_000u64, 10_000u64);
    let started = Instant::now();
    let mut before = (0, 0);
    for i in 0..count {
        if i == warm {
            before = (rss(), host.memory_bytes());
        }
        let tool = host.tool_from_schema("t", "", SCHEMA, None, None).unwrap_or_else(|e| fail(e));
        let tool = tool.unwrap_or_else(|d| fail(format!("{d:?}")));
        if host.tool_validate(&tool, r#"{"q":"x"}"#).unwrap_or_else(|e| fail(e)).is_err() {
            fail(format!("tool {i} refused valid arguments"));
        }
        // Dropped, not released: `Drop` queues it for the host's next call.
    }
    host.schemas_compiled().unwrap_or_else(|e| fail(e));
    line("tools", count, before, (rss(), host.memory_bytes()), started.elapsed().as_secs_f64());
}

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let descriptor = std::fs::read_to_string(root.join("examples/get-docket.json")).unwrap_or_else(|e| fail(e));
    let runtime = Runtime::load(&LoadOptions::from_env()).unwrap_or_else(|e| fail(e));
    let mut host = runtime.instantiate().unwrap_or_else(|e| fail(e));
    validate_loop(&mut host, &descriptor);
    tools_loop(&mut host);
}
