//! bench/results.md and bench/results.svg from one run's samples.
//!
//! A ratio is taken within each round (a contender's time over the native
//! core's on the same input in the same round, so drift of the machine between
//! rounds cancels) and then summarised over the rounds: median, min–max.

use crate::{Group, Host, Results, Stats};
use std::fmt::Write;

const ORDER: &[&str] = &[
    "core",
    "core-oneshot",
    "core-free",
    "jsonschema",
    "boon",
    "serde-parse",
    "serde-floor",
    "wasm",
    "wasm-fuel",
    "wasm-epoch",
    "wasm-oneshot",
    "host-demo",
    "host-demo-free",
    "jco",
    "ajv",
    "py",
    "py-unbounded",
    "jsonschema-rs-py",
    "openai-agents-py",
    "pydantic-ai-py",
];

fn order(r: &Results) -> Vec<usize> {
    let mut v: Vec<usize> = (0..r.contenders.len()).collect();
    v.sort_by_key(|&c| ORDER.iter().position(|id| *id == r.contenders[c].id).unwrap_or(ORDER.len()));
    v
}

pub fn fmt_ns(ns: f64) -> String {
    if !ns.is_finite() {
        "–".into()
    } else if ns < 1e3 {
        format!("{ns:.0} ns")
    } else if ns < 1e4 {
        format!("{:.2} µs", ns / 1e3)
    } else if ns < 1e6 {
        format!("{:.1} µs", ns / 1e3)
    } else if ns < 1e7 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns < 1e9 {
        format!("{:.1} ms", ns / 1e6)
    } else {
        format!("{:.2} s", ns / 1e9)
    }
}

pub fn fmt_x(x: f64) -> String {
    if !x.is_finite() {
        "–".into()
    } else if x >= 100.0 {
        format!("{x:.0}×")
    } else if x >= 10.0 {
        format!("{x:.1}×")
    } else if x >= 0.1 {
        format!("{x:.2}×")
    } else {
        format!("{x:.3}×")
    }
}

fn fmt_range_x(s: &Stats) -> String {
    format!("{} ({}–{})", fmt_x(s.median), fmt_x(s.min).trim_end_matches('×'), fmt_x(s.max))
}

fn fmt_range_ns(s: &Stats) -> String {
    format!("{} ({}–{})", fmt_ns(s.median), fmt_ns(s.min), fmt_ns(s.max))
}

impl Results {
    pub fn index(&self, id: &str) -> Option<usize> {
        self.contenders.iter().position(|c| c.id == id)
    }

    fn item(&self, id: &str) -> Option<usize> {
        self.items.iter().position(|i| i.id == id)
    }

    pub fn times(&self, c: usize, item: usize) -> Option<Stats> {
        let s = &self.samples[c][item];
        (!s.is_empty()).then(|| Stats::of(s))
    }

    /// Per round: time of `a` over time of `b`, summarised.
    pub fn time_ratio(&self, a: usize, b: usize, item: usize) -> Option<Stats> {
        let (sa, sb) = (&self.samples[a][item], &self.samples[b][item]);
        if sa.is_empty() || sa.len() != sb.len() {
            return None;
        }
        let r: Vec<f64> = sa.iter().zip(sb).map(|(x, y)| x / y).collect();
        Some(Stats::of(&r))
    }

    /// Relative to the native core (time ratio: above 1 is slower).
    pub fn vs_core(&self, c: usize, item: usize) -> Option<Stats> {
        self.time_ratio(c, self.index("core")?, item)
    }

    /// Throughput of `a` relative to `b` (above 1: `a` is faster), by ids.
    fn throughput(&self, a: &str, b: &str, item: &str) -> Option<Stats> {
        self.time_ratio(self.index(b)?, self.index(a)?, self.item(item)?)
    }
}

fn schemas_and_sizes(r: &Results) -> (Vec<String>, Vec<String>) {
    let (mut schemas, mut sizes) = (Vec::new(), Vec::new());
    for (id, _, _) in &r.inputs {
        let mut parts = id.rsplitn(3, '-');
        let (_, size, schema) = (parts.next(), parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        if !schemas.iter().any(|s| s == schema) {
            schemas.push(schema.to_owned());
        }
        if !sizes.iter().any(|s| s == size) {
            sizes.push(size.to_owned());
        }
    }
    (schemas, sizes)
}

fn size_label(size: &str) -> String {
    match size {
        "80b" => "80 B".into(),
        "1.5kb" => "1.5 KB".into(),
        "64kb" => "64 KB".into(),
        s => s.into(),
    }
}

/// A contender's host, as the per-host tables name it.
fn short(c: &crate::ContenderInfo) -> String {
    match c.id.as_str() {
        "wasm-fuel" => "wasmtime (Rust), fuel metering".into(),
        "wasm-epoch" => "wasmtime (Rust), epoch interruption".into(),
        "core-free" => "native Rust, free functions".into(),
        "host-demo" => "host-demo's Host (wasmtime)".into(),
        "host-demo-free" => "host-demo's Host (wasmtime), free functions".into(),
        "jco" => "jco (Node)".into(),
        "py" => "wasmtime-py (Python)".into(),
        "py-unbounded" => "wasmtime-py (Python), no per-call bound".into(),
        "openai-agents-py" => "openai-agents (Python)".into(),
        "pydantic-ai-py" => "pydantic-ai (Python)".into(),
        _ => host_name(c.host).into(),
    }
}

fn host_name(h: Host) -> &'static str {
    match h {
        Host::Native => "native Rust",
        Host::Wasmtime => "wasmtime (Rust)",
        Host::Node => "Node",
        Host::Python => "Python",
    }
}

/// How a figure of "The targets" is measured.
enum Measure {
    /// Throughput of `a` relative to `b` (b's time over a's, per round) on
    /// `{schema}-{suffix}`, for each schema.
    PerInput { a: &'static str, b: &'static str, suffix: &'static str },
    /// Time of `a` over time of `b` (per round) on `{schema}-{suffix}`.
    TimePerInput { a: &'static str, b: &'static str, suffix: &'static str },
    /// Throughput of `a` relative to `b` on one item.
    OnItem { a: &'static str, b: &'static str, item: &'static str },
    /// The component's size, raw or gzipped.
    Bytes { gzip: bool },
    /// The median time of contender `a` on one item, in nanoseconds.
    Nanos { a: &'static str, item: &'static str },
    /// The median of the start-up row of `host` whose text begins with
    /// "instantiate", in nanoseconds.
    Instantiate { host: &'static str },
}

/// A figure must be at least (`at_least`) or at most its target.
struct Target {
    label: String,
    measure: Measure,
    target: f64,
    at_least: bool,
}

impl Target {
    fn met(&self, v: f64) -> bool {
        if self.at_least { v >= self.target } else { v <= self.target }
    }

    fn target_text(&self) -> String {
        let t = match self.measure {
            Measure::Bytes { .. } => format!("{} bytes", thousands(self.target as u64)),
            Measure::Nanos { .. } | Measure::Instantiate { .. } => fmt_ns(self.target),
            _ => fmt_x(self.target),
        };
        format!("{} {t}", if self.at_least { "≥" } else { "≤" })
    }
}

fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (k, ch) in s.chars().enumerate() {
        if k > 0 && (s.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The figures with a target, in the order of the table.
fn targets(r: &Results) -> Vec<Target> {
    let t = |label: &str, measure, target, at_least| Target { label: label.to_owned(), measure, target, at_least };
    let floor = r
        .index("serde-floor")
        .map_or_else(|| "not built".to_owned(), |c| r.contenders[c].label.trim_start_matches("floor: ").to_owned());
    let down = r.item("downconvert").map_or(String::new(), |k| r.items[k].label.replace("downconvert ", ""));
    let n = r.real_schemas;
    vec![
        t(
            "native core / ajv on valid arguments",
            Measure::PerInput { a: "core", b: "ajv", suffix: "1.5kb-valid" },
            1.5,
            true,
        ),
        t(
            "native core / ajv on invalid arguments, all errors rendered",
            Measure::PerInput { a: "core", b: "ajv", suffix: "1.5kb-invalid" },
            1.0,
            true,
        ),
        t(
            "native core / jsonschema crate",
            Measure::PerInput { a: "core", b: "jsonschema", suffix: "1.5kb-valid" },
            3.0,
            true,
        ),
        t("native core / boon", Measure::PerInput { a: "core", b: "boon", suffix: "1.5kb-valid" }, 3.0, true),
        t(
            &format!(
                "native core on 64 KB valid / serde_json parse into a Value (a time ratio, ours over serde's; the floor: {floor})"
            ),
            Measure::TimePerInput { a: "core", b: "serde-floor", suffix: "64kb-valid" },
            1.0,
            false,
        ),
        t(
            "component through wasmtime / native core",
            Measure::PerInput { a: "wasm", b: "core", suffix: "1.5kb-valid" },
            0.7,
            true,
        ),
        t(
            "one-shot validate-args through wasmtime / native one-shot",
            Measure::PerInput { a: "wasm-oneshot", b: "core-oneshot", suffix: "1.5kb-valid" },
            0.5,
            true,
        ),
        t(
            &format!("downconvert through wasmtime / native ({down})"),
            Measure::OnItem { a: "wasm", b: "core", item: "downconvert" },
            0.5,
            true,
        ),
        t(
            "converted.restore through wasmtime / native (a tool converted once for openai)",
            Measure::OnItem { a: "wasm", b: "core", item: "restore" },
            0.5,
            true,
        ),
        t(
            "tool.encode of a record result / encode-result (through wasmtime)",
            Measure::OnItem { a: "host-demo", b: "host-demo-free", item: "encode-record" },
            5.0,
            true,
        ),
        t(
            &format!("Python downconvert for OpenAI of the {n} real schemas / openai-agents ensure_strict_json_schema"),
            Measure::OnItem { a: "py", b: "openai-agents-py", item: "downconvert-real" },
            1.0,
            true,
        ),
        t(
            &format!(
                "Python downconvert for OpenAI of the {n} real schemas / pydantic-ai OpenAIJsonSchemaTransformer(strict=True).walk()"
            ),
            Measure::OnItem { a: "py", b: "pydantic-ai-py", item: "downconvert-real" },
            1.0,
            true,
        ),
        t(
            "jco package (Node) / ajv on valid arguments",
            Measure::PerInput { a: "jco", b: "ajv", suffix: "1.5kb-valid" },
            1.0,
            true,
        ),
        t(
            "Python package / jsonschema-rs (Python) on valid arguments",
            Measure::PerInput { a: "py", b: "jsonschema-rs-py", suffix: "1.5kb-valid" },
            1.0,
            true,
        ),
        t(
            "Python package with its per-call bound (the deadline) / the same package without",
            Measure::PerInput { a: "py", b: "py-unbounded", suffix: "1.5kb-valid" },
            0.9,
            true,
        ),
        t(
            "empty call (flatten-doc(\"x\")), Python package, time",
            Measure::Nanos { a: "py", item: "empty" },
            3e3,
            false,
        ),
        t(
            "empty call (flatten-doc(\"x\")), jco package (Node), time",
            Measure::Nanos { a: "jco", item: "empty" },
            1e3,
            false,
        ),
        t("instantiation from the compiled component, Node, time", Measure::Instantiate { host: "node" }, 2e6, false),
        t(
            "instantiation from the compiled component, Python, time",
            Measure::Instantiate { host: "python" },
            5e4,
            false,
        ),
        t("component size: target/component/tool_schema.wasm, raw bytes", Measure::Bytes { gzip: false }, 1.2e6, false),
        t(
            "component size: target/component/tool_schema.wasm, gzip -9 bytes",
            Measure::Bytes { gzip: true },
            4e5,
            false,
        ),
    ]
}

/// The flag text of a figure that misses its target (the same wherever the
/// figure appears, so that "Far from its peer" names it once).
fn miss_text(label: &str, schema: Option<&str>, value: &str, t: &Target) -> String {
    match schema {
        Some(sc) => format!("{label} on {sc}: {value} (target {})", t.target_text()),
        None => format!("{label}: {value} (target {})", t.target_text()),
    }
}

fn push_once(v: &mut Vec<String>, s: String) {
    if !v.contains(&s) {
        v.push(s);
    }
}

/// "The targets": one row per figure, every schema's value in one cell.
fn targets_table(s: &mut String, r: &Results, schemas: &[String], flagged: &mut Vec<String>) {
    let _ = writeln!(s, "## The targets\n");
    let _ = writeln!(
        s,
        "Each figure with its target: median over the rounds (min–max), a ratio taken within each round; \
         ⚠ where the median misses the target. A figure per input is given for both 1.5 KB inputs (the 64 KB one for the \
         serde_json floor). \"/\" is a throughput ratio (the second's time over the first's: above 1, the first is faster) \
         except where it says it is a time ratio.\n"
    );
    let _ = writeln!(s, "| figure | measured | target |\n|---|---|---|");
    for t in targets(r) {
        let mut cells = Vec::new();
        // A time is written as one, a ratio as a ratio.
        let times = matches!(t.measure, Measure::Nanos { .. } | Measure::Instantiate { .. });
        let mut per = |schema: Option<&str>, st: Option<Stats>, cells: &mut Vec<String>| {
            let prefix = schema.map_or(String::new(), |sc| format!("{sc} "));
            match st {
                Some(st) => {
                    let flag = if t.met(st.median) {
                        ""
                    } else {
                        let value = if times { fmt_ns(st.median) } else { fmt_x(st.median) };
                        push_once(flagged, miss_text(&t.label, schema, &value, &t));
                        " ⚠"
                    };
                    let range = if times { fmt_range_ns(&st) } else { fmt_range_x(&st) };
                    cells.push(format!("{prefix}{range}{flag}"));
                }
                None => cells.push(format!("{prefix}not measured")),
            }
        };
        match t.measure {
            Measure::PerInput { a, b, suffix } => {
                for sc in schemas {
                    per(Some(sc), r.throughput(a, b, &format!("{sc}-{suffix}")), &mut cells);
                }
            }
            Measure::TimePerInput { a, b, suffix } => {
                for sc in schemas {
                    let st = match (r.index(a), r.index(b), r.item(&format!("{sc}-{suffix}"))) {
                        (Some(a), Some(b), Some(k)) => r.time_ratio(a, b, k),
                        _ => None,
                    };
                    per(Some(sc), st, &mut cells);
                }
            }
            Measure::OnItem { a, b, item } => per(None, r.throughput(a, b, item), &mut cells),
            Measure::Nanos { a, item } => {
                per(None, r.index(a).zip(r.item(item)).and_then(|(c, k)| r.times(c, k)), &mut cells)
            }
            Measure::Instantiate { host } => {
                let row = r.startup.iter().find(|row| row.host == host && row.what.starts_with("instantiate"));
                per(None, row.map(|row| row.stats), &mut cells)
            }
            Measure::Bytes { gzip } => {
                let v = if gzip { r.sizes.gzip } else { Some(r.sizes.raw) };
                match v {
                    Some(v) => {
                        let flag = if t.met(v as f64) {
                            ""
                        } else {
                            push_once(
                                flagged,
                                miss_text(&t.label, None, &format!("{} bytes", thousands(v as u64)), &t),
                            );
                            " ⚠"
                        };
                        cells.push(format!("{} bytes{flag}", thousands(v as u64)));
                    }
                    None => cells.push("not measured (gzip failed)".into()),
                }
            }
        }
        let _ = writeln!(s, "| {} | {} | {} |", t.label, cells.join("; "), t.target_text());
    }
    let _ = writeln!(s);
}

/// The real schemas converted for OpenAI: each contender's time for all of
/// them, its mean per schema, and our Python package relative to it.
fn real_table(s: &mut String, r: &Results, ord: &[usize]) {
    let Some(k) = r.item("downconvert-real") else { return };
    let n = r.real_schemas.max(1) as f64;
    let _ = writeln!(s, "## {}\n", r.items[k].label);
    let _ = writeln!(
        s,
        "From Python, every schema converted for OpenAI's strict mode, one after the other: our package's \
         `downconvert(schema, \"openai\")` against the two converters of the Python ecosystem, each given a fresh \
         deep copy of every schema dictionary (made before the clock starts). The native core and the component \
         through wasmtime (Rust) convert the same schemas' texts, for scale, as the package does: without listing \
         the changes (`downconvert-json` with `changes` false; the package lists them when they are read). Median \
         over the rounds (min–max).\n"
    );
    let _ = writeln!(
        s,
        "| contender | all {} schemas | mean per schema | our Python package / it, throughput |\n|---|---|---|---|",
        r.real_schemas
    );
    for &c in ord {
        let Some(st) = r.times(c, k) else { continue };
        let vs = if r.contenders[c].id == "py" {
            "1.00× (the package)".to_owned()
        } else {
            r.throughput("py", &r.contenders[c].id, "downconvert-real").map_or("–".into(), |x| fmt_range_x(&x))
        };
        let label = match r.contenders[c].id.as_str() {
            "core" => "our core, native (Rust)".to_owned(),
            "wasm" => "the component, wasmtime (Rust)".to_owned(),
            "py" => "our Python package (wasmtime-py): downconvert(dict, \"openai\")".to_owned(),
            _ => r.contenders[c].label.clone(),
        };
        let _ = writeln!(s, "| {label} | {} | {} | {vs} |", fmt_range_ns(&st), fmt_ns(st.median / n));
    }
    let _ = writeln!(s);
    for note in r.notes.iter().filter(|n| n.contains("real schema")) {
        let _ = writeln!(s, "- {note}");
    }
    let _ = writeln!(s);
}

/// A tool made once: each contender's time on each of the tool items, and
/// how the resource compares with the free functions in each host.
fn tool_table(s: &mut String, r: &Results, ord: &[usize]) {
    let items: Vec<usize> = (0..r.items.len()).filter(|&k| r.items[k].group == Group::Tool).collect();
    if items.is_empty() {
        return;
    }
    let _ = writeln!(s, "## A tool made once: restore and encode\n");
    let _ = writeln!(
        s,
        "The tool is made (and converted) once, before the rounds; each call restores one answer to the converted \
         schema, or encodes one returned value. The free functions (`restore-args`, `encode-result`) compile the \
         schema or resolve the return type on every call. \"× native\" is the time relative to the native core's \
         resource call in the same round (below 1 is faster). Median over the rounds (min–max).\n"
    );
    let _ = write!(s, "| contender |");
    for &k in &items {
        let _ = write!(s, " {} | × native |", r.items[k].label);
    }
    let _ = writeln!(s, "\n|---|{}", "---|---|".repeat(items.len()));
    for &c in ord {
        if !r.contenders[c].groups.contains(&Group::Tool) {
            continue;
        }
        let label = match r.contenders[c].id.as_str() {
            "core" => "our core, native (baseline): the tool made once (converted.restore, tool.encode)".to_owned(),
            "wasm" => {
                "component, wasmtime as in the other figures (no epoch interruption): the tool resource".to_owned()
            }
            _ => r.contenders[c].label.clone(),
        };
        let _ = write!(s, "| {label} |");
        for &k in &items {
            let t = r.times(c, k).map_or("–".into(), |st| fmt_range_ns(&st));
            let x = r.vs_core(c, k).map_or("–".into(), |st| fmt_range_x(&st));
            let _ = write!(s, " {t} | {x} |");
        }
        let _ = writeln!(s);
    }
    let _ = writeln!(s);
    let mut lines = Vec::new();
    for (host, resource, free) in
        [("natively", "core", "core-free"), ("through host-demo", "host-demo", "host-demo-free")]
    {
        let cells: Vec<String> = items
            .iter()
            .filter_map(|&k| {
                let st = r.throughput(resource, free, &r.items[k].id)?;
                Some(format!("{} {}", r.items[k].id, fmt_range_x(&st)))
            })
            .collect();
        if !cells.is_empty() {
            lines.push(format!("{host}: {}", cells.join(", ")));
        }
    }
    if !lines.is_empty() {
        let _ = writeln!(s, "The tool made once / the free function, throughput: {}.\n", lines.join("; "));
    }
}

pub fn markdown(r: &Results) -> String {
    let mut s = String::new();
    let (schemas, sizes) = schemas_and_sizes(r);
    let ord = order(r);
    let _ = writeln!(s, "# make bench: results\n");
    let _ = writeln!(
        s,
        "Written by `make bench` ({} rounds after {} warm-up rounds, about {} ms per contender per input per round; {:.0} s in all). \
         Every figure is a ratio within one run: in each round every contender runs on every input in turn, pinned to one core, \
         and a ratio is taken between two contenders **in the same round**, then summarised over the rounds as \
         median (min–max). Absolute times drift on this shared machine; the ratios are what to read. \
         Method, data and what dominates each cost: [README.md](README.md). Chart: [results.svg](results.svg).\n",
        r.rounds_done,
        r.warmup,
        r.batch_ms,
        r.elapsed.as_secs_f64()
    );
    let _ = writeln!(s, "![time relative to the native core, log scale](results.svg)\n");

    let mut flagged = Vec::new();
    targets_table(&mut s, r, &schemas, &mut flagged);
    let all_targets = targets(r);

    // The figures the issue asks for.
    let _ = writeln!(s, "## The figures asked for, on the 1.5 KB valid arguments\n");
    let _ = write!(s, "| figure |");
    for sc in &schemas {
        let _ = write!(s, " {sc} |");
    }
    let _ = writeln!(s, "\n|---|{}", "---|".repeat(schemas.len()));
    // A row that is also a figure of "The targets" is flagged against its target there.
    let pairs: &[(&str, &str, &str, f64)] = &[
        ("component through wasmtime (validator resource) / native core, throughput", "wasm", "core", 0.5),
        ("native core / jsonschema crate, throughput", "core", "jsonschema", 0.0),
        ("jco package (Node) / ajv, throughput", "jco", "ajv", 0.25),
        ("Python package / jsonschema-rs (Python), throughput", "py", "jsonschema-rs-py", 0.0),
        ("one-shot validate-args through wasmtime / native one-shot, throughput", "wasm-oneshot", "core-oneshot", 0.5),
        ("native core / boon, throughput", "core", "boon", 0.0),
        ("*where the jco/ajv gap comes from:* native core / ajv", "core", "ajv", 0.0),
        ("… jco package / the component through wasmtime (Rust)", "jco", "wasm", 0.0),
        ("*what a per-call bound costs:* wasmtime with fuel metering / without", "wasm-fuel", "wasm", 0.0),
        ("… wasmtime with epoch interruption / without", "wasm-epoch", "wasm", 0.0),
        ("… the Python package with its deadline / without a per-call bound", "py", "py-unbounded", 0.0),
        (
            "*where the Python gap comes from:* Python package / the component through wasmtime (Rust)",
            "py",
            "wasm",
            0.0,
        ),
    ];
    for (label, a, b, floor) in pairs {
        let _ = write!(s, "| {label} |");
        let target = all_targets.iter().find(
            |t| matches!(t.measure, Measure::PerInput { a: ta, b: tb, suffix: "1.5kb-valid" } if ta == *a && tb == *b),
        );
        for sc in &schemas {
            match r.throughput(a, b, &format!("{sc}-1.5kb-valid")) {
                Some(st) => {
                    let missed = match target {
                        Some(t) => !t.met(st.median),
                        None => st.median < *floor,
                    };
                    let flag = if missed {
                        match target {
                            Some(t) => push_once(&mut flagged, miss_text(&t.label, Some(sc), &fmt_x(st.median), t)),
                            None => push_once(&mut flagged, format!("{label} on {sc}: {}", fmt_x(st.median))),
                        }
                        " ⚠"
                    } else {
                        ""
                    };
                    let _ = write!(s, " {}{flag} |", fmt_range_x(&st));
                }
                None => {
                    let _ = write!(s, " not measured |");
                }
            }
        }
        let _ = writeln!(s);
    }
    let _ = writeln!(s, "\nPer call, on the same input (median):\n");
    let _ = write!(s, "| contender |");
    for sc in &schemas {
        let _ = write!(s, " {sc} |");
    }
    let _ = writeln!(s, "\n|---|{}", "---|".repeat(schemas.len()));
    for &c in &ord {
        if !r.contenders[c].groups.contains(&Group::Validate) {
            continue;
        }
        let _ = write!(s, "| {} |", r.contenders[c].label);
        for sc in &schemas {
            let st = r.item(&format!("{sc}-1.5kb-valid")).and_then(|i| r.times(c, i));
            let over20 = r.contenders[c].id == "py" && st.is_some_and(|t| t.median > 20e3);
            let _ = write!(s, " {}{} |", st.map_or("–".into(), |t| fmt_ns(t.median)), if over20 { " ⚠" } else { "" });
        }
        let _ = writeln!(s);
    }
    let _ = writeln!(s);
    if let Some(e) = r.item("empty") {
        let _ = write!(s, "Per-call overhead of an empty call (`flatten-doc(\"x\")`), median:");
        let mut first = true;
        for &c in &ord {
            if let Some(t) = r.times(c, e) {
                let _ = write!(
                    s,
                    "{} {}{} {}",
                    if first { "" } else { ";" },
                    host_name(r.contenders[c].host),
                    match r.contenders[c].id.as_str() {
                        "wasm-fuel" => " with fuel metering",
                        "wasm-epoch" => " with epoch interruption",
                        _ => "",
                    },
                    fmt_ns(t.median)
                );
                if r.contenders[c].host == Host::Python && t.median > 20e3 {
                    push_once(&mut flagged, format!("an empty Python call takes {}", fmt_ns(t.median)));
                }
                first = false;
            }
        }
        let _ = writeln!(s, ".\n");
    }
    let ops: Vec<String> = (0..r.items.len())
        .filter(|&k| r.items[k].group == Group::Ops)
        .filter_map(|k| {
            let st = r.throughput("wasm", "core", &r.items[k].id)?;
            let target = all_targets
                .iter()
                .find(|t| matches!(t.measure, Measure::OnItem { a: "wasm", b: "core", item } if item == r.items[k].id));
            match target {
                Some(t) if !t.met(st.median) => {
                    push_once(&mut flagged, miss_text(&t.label, None, &fmt_x(st.median), t))
                }
                None if st.median < 0.5 => push_once(
                    &mut flagged,
                    format!("{} through wasmtime: {} the native throughput", r.items[k].id, fmt_x(st.median)),
                ),
                _ => {}
            }
            Some(format!("{} {}", r.items[k].id, fmt_range_x(&st)))
        })
        .collect();
    if !ops.is_empty() {
        let _ = writeln!(s, "Through wasmtime / native core, throughput: {}.\n", ops.join("; "));
    }
    let inst: Vec<String> = r
        .startup
        .iter()
        .filter(|row| row.what.starts_with("instantiate"))
        .map(|row| format!("{} {} ({})", row.host, fmt_ns(row.stats.median), row.what))
        .collect();
    if !inst.is_empty() {
        let _ = writeln!(s, "Instantiation from the compiled component, median: {}.\n", inst.join("; "));
    }
    if let (Some(py), Some(k)) =
        (r.index("py"), r.item(&format!("{}-1.5kb-valid", schemas.first().map_or("", String::as_str))))
        && let Some(t) = r.times(py, k).filter(|t| t.median > 20e3)
    {
        push_once(&mut flagged, format!("a Python package validation of 1.5 KB takes {}", fmt_ns(t.median)));
    }
    if !flagged.is_empty() {
        let _ = writeln!(
            s,
            "⚠ Far from its peer (a figure below its target in \"The targets\", the component below half the native speed \
             on describe-tool, jco below a quarter of ajv, a Python call above 20 µs): {}. \
             What dominates each, as measured with a profiler, and what would lower it: README.md, \"Where the time goes\".\n",
            flagged.join("; ")
        );
    }

    real_table(&mut s, r, &ord);

    // Validation, all inputs.
    for (title, ratio) in
        [("time relative to the native core (×; below 1 is faster)", true), ("median time per call", false)]
    {
        let _ = writeln!(s, "## Validation: {title}\n");
        let _ = writeln!(
            s,
            "Median over the rounds, (min–max) in brackets{}.\n",
            if ratio { "; each round's ratio is taken against the native core in that round" } else { "" }
        );
        for sc in &schemas {
            let _ = write!(s, "**{sc}**\n\n| contender |");
            let mut cols = Vec::new();
            for size in &sizes {
                for valid in [true, false] {
                    let id = format!("{sc}-{size}-{}", if valid { "valid" } else { "invalid" });
                    if let Some(k) = r.item(&id) {
                        let bytes = r.inputs.iter().find(|i| i.0 == id).map_or(0, |i| i.1);
                        let _ = write!(
                            s,
                            " {} {} ({bytes} B) |",
                            size_label(size),
                            if valid { "valid" } else { "invalid" }
                        );
                        cols.push(k);
                    }
                }
            }
            let _ = writeln!(s, "\n|---|{}", "---|".repeat(cols.len()));
            for &c in &ord {
                if !r.contenders[c].groups.contains(&Group::Validate) {
                    continue;
                }
                let _ = write!(s, "| {} |", r.contenders[c].label);
                for &k in &cols {
                    let cell = if ratio {
                        r.vs_core(c, k).map_or("–".into(), |st| fmt_range_x(&st))
                    } else {
                        r.times(c, k).map_or("–".into(), |st| fmt_range_ns(&st))
                    };
                    let _ = write!(s, " {cell} |");
                }
                let _ = writeln!(s);
            }
            let _ = writeln!(s);
        }
    }

    // describe-tool, downconvert, the empty call.
    let _ = writeln!(s, "## describe-tool, downconvert and an empty call, per host\n");
    let op_items: Vec<usize> =
        (0..r.items.len()).filter(|&k| !matches!(r.items[k].group, Group::Validate | Group::Tool)).collect();
    let _ = write!(s, "| host |");
    for &k in &op_items {
        let _ = write!(s, " {} | × native |", r.items[k].label);
    }
    let _ = writeln!(s, "\n|---|{}", "---|---|".repeat(op_items.len()));
    for &c in &ord {
        if !op_items.iter().any(|&k| r.contenders[c].groups.contains(&r.items[k].group)) {
            continue;
        }
        let _ = write!(s, "| {} |", short(&r.contenders[c]));
        for &k in &op_items {
            let t = r.times(c, k).map_or("–".into(), |st| fmt_range_ns(&st));
            let x = r.vs_core(c, k).map_or("–".into(), |st| fmt_range_x(&st));
            let _ = write!(s, " {t} | {x} |");
        }
        let _ = writeln!(s);
    }
    let _ = writeln!(s);
    let throughput: Vec<String> = op_items
        .iter()
        .filter(|&&k| r.items[k].group == Group::Ops)
        .filter_map(|&k| {
            let c = r.index("core")?;
            let w = r.index("wasm")?;
            Some(format!(
                "{}: {:.0}/s natively, {:.0}/s through wasmtime",
                r.items[k].label,
                1e9 / r.times(c, k)?.median,
                1e9 / r.times(w, k)?.median
            ))
        })
        .collect();
    if !throughput.is_empty() {
        let _ = writeln!(s, "Throughput (one core): {}.\n", throughput.join("; "));
    }

    tool_table(&mut s, r, &ord);

    // Start-up.
    let _ = writeln!(s, "## Start-up\n");
    step_table(&mut s, &r.startup, true);
    let _ = writeln!(s, "## describe-source: a 5,000-line C# file, natively\n");
    step_table(&mut s, &r.source, false);
    let _ = writeln!(s, "## Size\n");
    let _ = writeln!(
        s,
        "`target/component/tool_schema.wasm`: {} bytes raw, {} bytes gzipped (`gzip -9`); wasmtime's precompiled form: {} bytes.\n",
        r.sizes.raw,
        r.sizes.gzip.map_or("?".into(), |g| g.to_string()),
        r.sizes.precompiled
    );

    // Checks and setup.
    let _ = writeln!(s, "## Checks\n");
    let _ = writeln!(s, "- Verdict checksum {}. The serde_json floors only parse and are not compared.", r.checksum);
    let _ = writeln!(s, "- Answer checksum {}.", r.answers_checksum);
    for n in r.notes.iter().filter(|n| !n.contains("real schema")) {
        let _ = writeln!(s, "- {n}");
    }
    let _ = writeln!(s, "\n## Setup\n");
    for (k, v) in &r.env {
        let _ = writeln!(s, "- {k}: {v}");
    }
    let _ = writeln!(
        s,
        "\nContenders (each takes the argument text and gives a verdict, collecting every error; the Python \
         converters take the real schemas instead):\n"
    );
    for &c in &ord {
        let c = &r.contenders[c];
        let _ = writeln!(s, "- `{}`: {} — {}", c.id, c.label, host_name(c.host));
    }
    s
}

/// A table of timed steps: (host,) step, median, min–max, n.
fn step_table(s: &mut String, rows: &[crate::StartupRow], with_host: bool) {
    let (head, rule) = if with_host { ("| host ", "|---") } else { ("", "") };
    let _ = writeln!(s, "{head}| step | median | min–max | n |\n{rule}|---|---|---|---|");
    for row in rows {
        let host = if with_host { format!("| {} ", row.host) } else { String::new() };
        let _ = writeln!(
            s,
            "{host}| {} | {} | {}–{} | {} |",
            row.what,
            fmt_ns(row.stats.median),
            fmt_ns(row.stats.min),
            fmt_ns(row.stats.max),
            row.stats.n
        );
    }
    let _ = writeln!(s);
}

/// The chart's row label for a contender.
fn chart_label(c: &crate::ContenderInfo) -> String {
    match c.id.as_str() {
        "core-oneshot" => "core, native: one-shot".into(),
        "jsonschema" => "jsonschema crate (Rust)".into(),
        "boon" => "boon (Rust)".into(),
        "serde-parse" => "serde_json in the bench binary (floor)".into(),
        "serde-floor" => "serde_json plain (floor)".into(),
        "wasm" => "component, wasmtime".into(),
        "wasm-fuel" => "component, wasmtime + fuel".into(),
        "wasm-epoch" => "component, wasmtime + epochs".into(),
        "wasm-oneshot" => "component, wasmtime: one-shot".into(),
        "jco" => "component, jco (Node)".into(),
        "ajv" => "ajv (Node)".into(),
        "py" => "component, Python package".into(),
        "py-unbounded" => "component, Python package, unbounded".into(),
        "jsonschema-rs-py" => "jsonschema-rs (Python)".into(),
        _ => c.label.clone(),
    }
}

/// 0.01×, 0.1×, 1×, 10×: an axis label.
fn axis_x(v: f64) -> String {
    if v >= 1.0 { format!("{v:.0}×") } else { format!("{}×", format!("{v:.3}").trim_end_matches('0')) }
}

fn esc(t: &str) -> String {
    t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

fn color(h: Host, floor: bool) -> &'static str {
    if floor {
        return "#8c8c8c";
    }
    match h {
        Host::Native => "#4c78a8",
        Host::Wasmtime => "#e45756",
        Host::Node => "#54a24b",
        Host::Python => "#b279a2",
    }
}

/// A bar chart of every validation ratio to the native core: one panel per
/// schema and size, a bar per contender for the valid (solid) and invalid
/// (light) arguments, min–max as a whisker, log scale.
pub fn svg(r: &Results) -> String {
    let (schemas, sizes) = schemas_and_sizes(r);
    let core = r.index("core");
    let rows: Vec<usize> = order(r)
        .into_iter()
        .filter(|&c| Some(c) != core && r.contenders[c].groups.contains(&Group::Validate))
        .collect();
    let mut lo = f64::INFINITY;
    let mut hi = f64::NEG_INFINITY;
    for &c in &rows {
        for k in 0..r.items.len() {
            if r.items[k].group == Group::Validate
                && let Some(st) = r.vs_core(c, k)
            {
                lo = lo.min(st.min);
                hi = hi.max(st.max);
            }
        }
    }
    if !lo.is_finite() {
        lo = 0.1;
        hi = 10.0;
    }
    let (lo, hi) = (lo.log10().floor().min(-1.0), hi.log10().ceil().max(1.0));

    let label_w = 190.0;
    let panel_w = 310.0;
    let gap = 40.0;
    let row_h = 20.0;
    let bar_h = 7.0;
    let panel_title = 22.0;
    let axis_h = 20.0;
    let panel_h = panel_title + rows.len() as f64 * row_h + axis_h;
    let top = 64.0;
    let width = label_w + schemas.len() as f64 * (panel_w + gap) + 10.0;
    let height = top + sizes.len() as f64 * (panel_h + 14.0) + 30.0;
    let x_of = |v: f64, x0: f64| x0 + (v.max(1e-9).log10() - lo) / (hi - lo) * panel_w;

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="Helvetica, Arial, sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="10" y="20" font-size="15" font-weight="bold">Validation time relative to the native core (log scale; left of 1× is faster)</text>"#
    );
    let _ = writeln!(
        s,
        r##"<text x="10" y="38" fill="#444">Median of per-round ratios over {} rounds; whiskers: min–max. Solid: valid arguments; light: invalid.</text>"##,
        r.rounds_done
    );
    // Legend.
    let mut lx = 10.0;
    for (name, col) in [
        ("native Rust", color(Host::Native, false)),
        ("floor (parse only)", color(Host::Native, true)),
        ("wasmtime", color(Host::Wasmtime, false)),
        ("Node", color(Host::Node, false)),
        ("Python", color(Host::Python, false)),
    ] {
        let _ = writeln!(
            s,
            r#"<rect x="{lx}" y="46" width="10" height="10" fill="{col}"/><text x="{}" y="55">{name}</text>"#,
            lx + 14.0
        );
        lx += 30.0 + name.len() as f64 * 6.0;
    }

    for (si, size) in sizes.iter().enumerate() {
        let y0 = top + si as f64 * (panel_h + 14.0);
        // Row labels, once per band.
        for (ri, &c) in rows.iter().enumerate() {
            let y = y0 + panel_title + ri as f64 * row_h + row_h / 2.0 + 4.0;
            let _ = writeln!(
                s,
                r#"<text x="{:.0}" y="{y:.1}" text-anchor="end">{}</text>"#,
                label_w - 8.0,
                esc(&chart_label(&r.contenders[c]))
            );
        }
        for (pi, schema) in schemas.iter().enumerate() {
            let x0 = label_w + pi as f64 * (panel_w + gap);
            let _ = writeln!(
                s,
                r#"<text x="{x0}" y="{:.1}" font-weight="bold">{} · {}</text>"#,
                y0 + 14.0,
                esc(schema),
                size_label(size)
            );
            let plot_top = y0 + panel_title;
            let plot_bottom = plot_top + rows.len() as f64 * row_h;
            let _ = writeln!(
                s,
                r##"<rect x="{x0}" y="{plot_top:.1}" width="{panel_w}" height="{:.1}" fill="#fafafa" stroke="#ddd"/>"##,
                plot_bottom - plot_top
            );
            // Grid: decades, and 2× and 5× lightly.
            let mut e = lo as i32;
            while e as f64 <= hi {
                for m in [1.0, 2.0, 5.0] {
                    let v = m * 10f64.powi(e);
                    if v.log10() > hi + 1e-9 {
                        break;
                    }
                    let x = x_of(v, x0);
                    let stroke = if m == 1.0 { "#ccc" } else { "#eee" };
                    let _ = writeln!(
                        s,
                        r#"<line x1="{x:.1}" y1="{plot_top:.1}" x2="{x:.1}" y2="{plot_bottom:.1}" stroke="{stroke}"/>"#
                    );
                    if m == 1.0 {
                        let _ = writeln!(
                            s,
                            r##"<text x="{x:.1}" y="{:.1}" text-anchor="middle" fill="#555">{}</text>"##,
                            plot_bottom + 13.0,
                            axis_x(v)
                        );
                    }
                }
                e += 1;
            }
            let one = x_of(1.0, x0);
            let _ = writeln!(
                s,
                r##"<line x1="{one:.1}" y1="{plot_top:.1}" x2="{one:.1}" y2="{plot_bottom:.1}" stroke="#333" stroke-width="1.2"/>"##
            );
            for (ri, &c) in rows.iter().enumerate() {
                for (vi, valid) in [true, false].into_iter().enumerate() {
                    let id = format!("{schema}-{size}-{}", if valid { "valid" } else { "invalid" });
                    let Some(k) = r.item(&id) else { continue };
                    let Some(st) = r.vs_core(c, k) else { continue };
                    let cy = plot_top + ri as f64 * row_h + 2.5 + vi as f64 * (bar_h + 1.5);
                    let x = x_of(st.median, x0);
                    let (bx, bw) = if x >= one { (one, x - one) } else { (x, one - x) };
                    let col = color(r.contenders[c].host, r.contenders[c].floor);
                    let opacity = if valid { 1.0 } else { 0.45 };
                    let _ = writeln!(
                        s,
                        r#"<rect x="{bx:.1}" y="{cy:.1}" width="{:.1}" height="{bar_h}" fill="{col}" fill-opacity="{opacity}"><title>{}, {}: median {} (min {}, max {})</title></rect>"#,
                        bw.max(0.8),
                        esc(&r.contenders[c].label),
                        esc(&id),
                        fmt_x(st.median),
                        fmt_x(st.min),
                        fmt_x(st.max)
                    );
                    let wy = cy + bar_h / 2.0;
                    let _ = writeln!(
                        s,
                        r##"<line x1="{:.1}" y1="{wy:.1}" x2="{:.1}" y2="{wy:.1}" stroke="#222" stroke-width="0.8"/>"##,
                        x_of(st.min, x0),
                        x_of(st.max, x0)
                    );
                    if valid {
                        let tx = x_of(st.max, x0).max(x).max(one) + 3.0;
                        if tx < x0 + panel_w - 28.0 {
                            let _ = writeln!(
                                s,
                                r##"<text x="{tx:.1}" y="{:.1}" font-size="9" fill="#333">{}</text>"##,
                                wy + 3.5,
                                fmt_x(st.median)
                            );
                        }
                    }
                }
            }
        }
    }
    let _ = writeln!(s, "</svg>");
    s
}
