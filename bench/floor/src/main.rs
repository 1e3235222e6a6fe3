//! The serde_json floor of `make bench`, in a binary of its own so that its
//! serde_json has the default features only (bench/floor/Cargo.toml). A worker
//! like bench/node/worker.mjs and bench/python/worker.py: the driver
//! (bench/src/worker.rs) sends one JSON object a line, and this process
//! answers one a line; every loop is timed here, so the pipe is not measured.
//!
//!     target/bench-floor/release/bench-floor bench/data

#[path = "../../src/serde_features.rs"]
mod serde_features;

use serde_json::{Value, json};
use std::collections::HashMap;
use std::hint::black_box;
use std::io::{BufRead, Write};
use std::path::Path;
use std::time::Instant;

fn serde_json_version() -> String {
    let lock = include_str!("../Cargo.lock");
    let needle = "name = \"serde_json\"\nversion = \"";
    lock.find(needle)
        .map(|p| lock[p + needle.len()..].split('"').next().unwrap_or("?").to_owned())
        .unwrap_or_else(|| "?".into())
}

fn main() {
    let dir = std::env::args().nth(1).expect("usage: bench-floor DATA_DIR");
    let dir = Path::new(&dir);
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    let manifest: Value = serde_json::from_str(&read("manifest.json")).expect("manifest.json");
    let mut inputs: HashMap<String, String> = HashMap::new();
    for i in manifest["inputs"].as_array().expect("manifest: inputs") {
        let id = i["id"].as_str().expect("input id").to_owned();
        inputs.insert(id, read(i["args"].as_str().expect("input args")));
    }
    let features = serde_features::serde_json_features();
    let version = serde_json_version();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut send = |v: Value| {
        writeln!(out, "{v}").and_then(|()| out.flush()).expect("stdout");
    };
    send(json!({
        "contenders": [{
            "id": "serde-floor",
            "label": format!(
                "floor: serde_json {version} parse into a Value, plain ({}; its own binary, LTO)",
                serde_features::describe(&features)
            ),
            "host": "native",
            "groups": ["validate"],
            "ours": false,
            "floor": true,
        }],
        "notes": [],
        "versions": { "serde_json (floor binary, bench/floor)": format!("{version}, features: {}",
            if features.is_empty() { "std (default) only".to_owned() } else { features.join(", ") }) },
        "startup": [],
    }));
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("stdin");
        let req: Value = match serde_json::from_str(&line) {
            Ok(v) => v,
            Err(e) => {
                send(json!({"error": format!("bad request {line:?}: {e}")}));
                continue;
            }
        };
        let item = req["item"].as_str().unwrap_or("");
        match req["op"].as_str().unwrap_or("") {
            "quit" => break,
            "check" => match inputs.get(item) {
                Some(text) => send(json!({"verdict": serde_json::from_str::<Value>(text).is_ok(), "answer": null})),
                None => send(json!({"error": format!("check: no input {item}")})),
            },
            "run" => match inputs.get(item) {
                Some(text) => {
                    let iters = req["iters"].as_u64().unwrap_or(1);
                    let mut ok = 0u64;
                    let start = Instant::now();
                    for _ in 0..iters {
                        ok += u64::from(serde_json::from_str::<Value>(black_box(text)).is_ok());
                    }
                    let ns = start.elapsed().as_nanos() as f64;
                    black_box(ok);
                    send(json!({"ns": ns}));
                }
                None => send(json!({"error": format!("run: no input {item}")})),
            },
            "startup" => send(json!({"rows": []})),
            op => send(json!({"error": format!("unknown op {op}")})),
        }
    }
}
