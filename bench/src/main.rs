//! `make bench`: every contender on the same texts, interleaved in rounds, as
//! ratios to the native core measured in the same run (bench/README.md).
//!
//!     bench [--rounds N] [--warmup N] [--batch-ms MS] [--budget-s S]
//!           [--root DIR] [--component WASM] [--python PATH] [--floor PATH]
//!           [--no-node] [--no-python] [--no-floor]
//!     bench --only CONTENDER ITEM SECONDS [--component WASM]   (for a profiler)
//!
//! The Rust contenders run in this process; Node's (ajv, the jco package),
//! Python's (the package, jsonschema-rs, the two strict-schema converters) and
//! the plain serde_json floor (bench/floor, a binary of its own) each in one
//! long-running worker that this process drives over a pipe, so that all of
//! them take turns within every round. Run it pinned to one core (`taskset -c 1`, as `make bench`
//! does): the workers inherit the pinning.

mod report;
mod serde_features;
mod wasm;
mod worker;

use serde_json::{Value, json};
use std::cell::RefCell;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::rc::Rc;
use std::time::{Duration, Instant};
use tool_schema::{Options, Outcome, Target, Validator};
use worker::Worker;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Group {
    Validate,
    Ops,
    Empty,
    /// Downconverting every real tool schema (tests/real-tool-schemas) for one target.
    Real,
    /// A tool made once: an answer to its converted schema restored, and a
    /// returned value encoded (the resource against the free functions).
    Tool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Host {
    Native,
    Wasmtime,
    Node,
    Python,
}

impl Host {
    fn parse(s: &str) -> Host {
        match s {
            "node" => Host::Node,
            "python" => Host::Python,
            "wasmtime" => Host::Wasmtime,
            _ => Host::Native,
        }
    }
}

/// One argument text and the schema it belongs to.
pub struct Input {
    pub id: String,
    pub schema: usize,
    pub schema_name: String,
    pub size: String,
    pub args: String,
    pub valid: bool,
    pub bytes: usize,
}

/// What one timed call does.
pub struct Item {
    pub id: String,
    pub group: Group,
    pub label: String,
}

pub struct Data {
    pub inputs: Vec<Input>,
    /// (file name, text)
    pub schemas: Vec<(String, String)>,
    pub descriptor: String,
    pub descriptor_file: String,
    pub down_schema: String,
    pub down_schema_file: String,
    pub down_target: String,
    pub empty_arg: String,
    /// The real tool schemas: (file name, text), sorted by name.
    pub real: Vec<(String, String)>,
    pub real_dir: String,
    pub real_target: String,
    /// The tool whose answers are restored: its name, input schema (file
    /// name, text), the target it is converted for once, and the answer.
    pub restore_tool: String,
    pub restore_schema_file: String,
    pub restore_schema: String,
    pub restore_target: String,
    pub restore_answer: String,
    /// The tool whose returned record is encoded: its descriptor (file name,
    /// text), the descriptor's `types` as JSON text, and the value returned.
    pub encode_descriptor_file: String,
    pub encode_descriptor: String,
    pub encode_types: String,
    pub encode_returned: String,
}

enum Kind<'a> {
    Input(&'a Input),
    Describe,
    Downconvert,
    Empty,
    Real,
    Restore,
    Encode,
}

impl Data {
    fn load(dir: &Path) -> Result<Data, String> {
        let read = |name: &str| {
            std::fs::read_to_string(dir.join(name))
                .map_err(|e| format!("cannot read {}: {e}", dir.join(name).display()))
        };
        let manifest: Value = serde_json::from_str(&read("manifest.json")?).map_err(|e| e.to_string())?;
        let mut schemas: Vec<(String, String)> = Vec::new();
        let mut inputs = Vec::new();
        for i in manifest["inputs"].as_array().ok_or("manifest: no inputs")? {
            let file = i["schema"].as_str().ok_or("manifest: input without schema")?.to_owned();
            let schema = match schemas.iter().position(|(f, _)| *f == file) {
                Some(p) => p,
                None => {
                    schemas.push((file.clone(), read(&file)?));
                    schemas.len() - 1
                }
            };
            let id = i["id"].as_str().ok_or("manifest: input without id")?.to_owned();
            let args = read(i["args"].as_str().ok_or("manifest: input without args")?)?;
            let mut parts = id.rsplitn(3, '-');
            let (_, size, schema_name) = (parts.next(), parts.next().unwrap_or(""), parts.next().unwrap_or(""));
            inputs.push(Input {
                size: size.to_owned(),
                schema_name: schema_name.to_owned(),
                bytes: args.trim_end().len(),
                id,
                schema,
                args,
                valid: i["valid"].as_bool().ok_or("manifest: input without valid")?,
            });
        }
        let descriptor_file = manifest["describe"].as_str().ok_or("manifest: no describe")?.to_owned();
        let down_schema_file = manifest["downconvert"]["schema"].as_str().ok_or("manifest: no downconvert")?.to_owned();
        let real_dir = manifest["downconvert_real"]["schemas"].as_str().ok_or("manifest: no downconvert_real")?;
        let mut real = Vec::new();
        let entries =
            std::fs::read_dir(dir.join(real_dir)).map_err(|e| format!("{}: {e}", dir.join(real_dir).display()))?;
        for entry in entries {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.extension().is_some_and(|x| x == "json") {
                let name = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
                let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                real.push((name, text));
            }
        }
        real.sort();
        if real.is_empty() {
            return Err(format!("no schemas in {}", dir.join(real_dir).display()));
        }
        let restore = &manifest["restore"];
        let restore_schema_file = restore["schema"].as_str().ok_or("manifest: no restore schema")?;
        let encode = &manifest["encode_record"];
        let encode_descriptor_file = encode["descriptor"].as_str().ok_or("manifest: no encode_record descriptor")?;
        let encode_descriptor = read(encode_descriptor_file)?;
        let descriptor: Value =
            serde_json::from_str(&encode_descriptor).map_err(|e| format!("{encode_descriptor_file}: {e}"))?;
        let short = |f: &str| f.trim_start_matches("../").to_owned();
        Ok(Data {
            restore_tool: restore["tool"].as_str().unwrap_or("tool").to_owned(),
            restore_schema: read(restore_schema_file)?,
            restore_schema_file: short(restore_schema_file),
            restore_target: restore["target"].as_str().unwrap_or("openai").to_owned(),
            restore_answer: read(restore["answer"].as_str().ok_or("manifest: no restore answer")?)?
                .trim_end()
                .to_owned(),
            encode_types: descriptor["types"].to_string(),
            encode_descriptor,
            encode_descriptor_file: short(encode_descriptor_file),
            encode_returned: encode["returned"].as_str().ok_or("manifest: no encode_record value")?.to_owned(),
            real,
            real_dir: real_dir.trim_start_matches("../").to_owned(),
            real_target: manifest["downconvert_real"]["target"].as_str().unwrap_or("openai").to_owned(),
            inputs,
            schemas,
            descriptor: read(&descriptor_file)?,
            descriptor_file,
            down_schema: read(&down_schema_file)?,
            down_schema_file,
            down_target: manifest["downconvert"]["target"].as_str().unwrap_or("openai").to_owned(),
            empty_arg: manifest["empty"]["arg"].as_str().unwrap_or("x").to_owned(),
        })
    }

    fn kind(&self, item: usize) -> Kind<'_> {
        let n = self.inputs.len();
        match item {
            i if i < n => Kind::Input(&self.inputs[i]),
            i if i == n => Kind::Describe,
            i if i == n + 1 => Kind::Downconvert,
            i if i == n + 2 => Kind::Empty,
            i if i == n + 3 => Kind::Real,
            i if i == n + 4 => Kind::Restore,
            _ => Kind::Encode,
        }
    }

    fn items(&self) -> Vec<Item> {
        let mut items: Vec<Item> = self
            .inputs
            .iter()
            .map(|i| Item {
                id: i.id.clone(),
                group: Group::Validate,
                label: format!("{} {} {}", i.schema_name, i.size, if i.valid { "valid" } else { "invalid" }),
            })
            .collect();
        items.push(Item {
            id: "describe-tool".into(),
            group: Group::Ops,
            label: format!("describe-tool {}", self.descriptor_file),
        });
        items.push(Item {
            id: "downconvert".into(),
            group: Group::Ops,
            label: format!("downconvert {} → {}", self.down_schema_file, self.down_target),
        });
        items.push(Item {
            id: "empty".into(),
            group: Group::Empty,
            label: format!("flatten-doc({:?})", self.empty_arg),
        });
        items.push(Item {
            id: "downconvert-real".into(),
            group: Group::Real,
            label: format!("downconvert all {} schemas of {}/ → {}", self.real.len(), self.real_dir, self.real_target),
        });
        items.push(Item {
            id: "restore".into(),
            group: Group::Tool,
            label: format!(
                "restore an answer to {} ({}, converted once for {})",
                self.restore_tool, self.restore_schema_file, self.restore_target
            ),
        });
        items.push(Item {
            id: "encode-record".into(),
            group: Group::Tool,
            label: format!("encode a returned record ({}: Task<Docket>)", self.encode_descriptor_file),
        });
        items
    }
}

type CheckFn = Box<dyn FnMut(usize) -> (bool, Option<String>)>;
type RunFn = Box<dyn FnMut(usize) -> bool>;

enum Runner {
    Local { check: CheckFn, run: RunFn },
    Remote(Rc<RefCell<Worker>>),
}

pub struct Contender {
    pub id: String,
    pub label: String,
    pub host: Host,
    pub groups: Vec<Group>,
    /// One of our own hosts: its answers must be byte-identical to the core's.
    pub ours: bool,
    /// Parses only: its verdict is not a validation verdict.
    pub floor: bool,
    runner: Runner,
}

impl Contender {
    fn check(&mut self, item: usize, items: &[Item]) -> Result<(bool, Option<String>), String> {
        match &mut self.runner {
            Runner::Local { check, .. } => Ok(check(item)),
            Runner::Remote(w) => w.borrow_mut().check(&self.id, &items[item].id),
        }
    }

    /// Nanoseconds for `iters` calls.
    fn run(&mut self, item: usize, iters: u64, items: &[Item]) -> Result<f64, String> {
        match &mut self.runner {
            Runner::Local { run, .. } => {
                let start = Instant::now();
                let mut ok = 0u64;
                for _ in 0..iters {
                    ok += u64::from(black_box(run(black_box(item))));
                }
                black_box(ok);
                Ok(start.elapsed().as_nanos() as f64)
            }
            Runner::Remote(w) => w.borrow_mut().run(&self.id, &items[item].id, iters),
        }
    }
}

fn answer_of(r: Result<String, String>) -> (bool, Option<String>) {
    match r {
        Ok(s) => (true, Some(format!("ok\n{s}"))),
        Err(e) => (false, Some(format!("errors\n{e}"))),
    }
}

/// One real schema's line in the answer to `downconvert-real`: its file name,
/// then the converted schema or `refused` and the codes (every host alike).
fn real_line(file: &str, r: Result<String, String>) -> String {
    match r {
        Ok(schema) => format!("{file}\t{schema}"),
        Err(codes) => format!("{file}\trefused\t{codes}"),
    }
}

/// The real schemas are converted as the Python package converts them: the
/// changes not listed (the same schema and `lossless`; the package makes the
/// list when it is read), so that every row of their table does the same work.
fn core_downconvert(schema: &str, target: &str) -> Result<String, String> {
    tool_schema::downconvert_with(schema, Target::BuiltIn(target), false)
        .map(|x| x.schema)
        .map_err(|e| e.iter().map(|d| d.code.as_str()).collect::<Vec<_>>().join(","))
}

/// A tool result as text, the same for every host: a line per part
/// (`text\t…` or `json\t…`), then `isError\t…` and `typedResult\t…`.
pub fn tool_result_text<'a>(
    parts: impl Iterator<Item = (&'static str, &'a str)>,
    is_error: bool,
    typed_result: Option<&str>,
) -> String {
    let mut lines: Vec<String> = parts.map(|(kind, text)| format!("{kind}\t{text}")).collect();
    lines.push(format!("isError\t{is_error}"));
    lines.push(format!("typedResult\t{}", typed_result.unwrap_or("none")));
    lines.join("\n")
}

fn core_tool_result(r: Result<tool_schema::ToolResult, Vec<tool_schema::Diagnostic>>) -> Result<String, String> {
    r.map(|r| {
        let parts = r.parts.iter().map(|p| match p {
            tool_schema::Part::Text(t) => ("text", t.as_str()),
            tool_schema::Part::Json(j) => ("json", j.as_str()),
        });
        tool_result_text(parts, r.is_error, r.typed_result.as_deref())
    })
    .map_err(|e| e.iter().map(|d| d.code.as_str()).collect::<Vec<_>>().join(","))
}

fn host_tool_result(r: Result<host_demo::ToolResult, Vec<host_demo::Diagnostic>>) -> Result<String, String> {
    r.map(|r| {
        let parts = r.parts.iter().map(|p| match p {
            host_demo::Part::Text(t) => ("text", t.as_str()),
            host_demo::Part::Json(j) => ("json", j.as_str()),
        });
        tool_result_text(parts, r.is_error, r.typed_result.as_deref())
    })
    .map_err(|e| e.iter().map(|d| d.code.as_str()).collect::<Vec<_>>().join(","))
}

fn host_errors(errors: &[host_demo::ArgError]) -> String {
    errors.iter().map(|e| format!("{}\t{}\t{}", e.path, e.keyword, e.message)).collect::<Vec<_>>().join("\n")
}

fn core_errors(errors: &[tool_schema::ArgError]) -> String {
    errors.iter().map(|e| format!("{}\t{}\t{}", e.path, e.keyword, e.message)).collect::<Vec<_>>().join("\n")
}

fn local(
    check: impl FnMut(usize) -> (bool, Option<String>) + 'static,
    run: impl FnMut(usize) -> bool + 'static,
) -> Runner {
    Runner::Local { check: Box::new(check), run: Box::new(run) }
}

fn wasm_validator(
    data: &Rc<Data>,
    instance: &Rc<RefCell<wasm::Instance>>,
    id: &str,
    label: &str,
    groups: Vec<Group>,
) -> Result<Contender, String> {
    let handles: Rc<Vec<_>> = Rc::new(
        data.schemas
            .iter()
            .map(|(_, s)| instance.borrow_mut().compile(s))
            .collect::<Result<_, _>>()
            .map_err(|e| format!("{e:#}"))?,
    );
    // A tool made once and converted once (restore), and a tool made once from
    // its descriptor (encode), when this contender runs them.
    let tools = if groups.contains(&Group::Tool) {
        let mut inst = instance.borrow_mut();
        let e = |e: wasm::Error| format!("{e:#}");
        let restoring = inst.tool_from_schema(&data.restore_tool, &data.restore_schema).map_err(e)?;
        let converted = inst.tool_convert(restoring, &data.restore_target).map_err(e)?;
        let docket = inst.tool_from_descriptor(&data.encode_descriptor).map_err(e)?;
        Some((converted, docket))
    } else {
        None
    };
    let (d, h, inst) = (data.clone(), handles.clone(), instance.clone());
    let check = move |i: usize| {
        let mut inst = inst.borrow_mut();
        match d.kind(i) {
            Kind::Input(inp) => answer_of(inst.validate(h[inp.schema], &inp.args).expect("wasm validate")),
            Kind::Describe => {
                let r = inst.describe_tool(&d.descriptor).expect("wasm describe");
                (r.is_some(), r)
            }
            Kind::Downconvert => {
                let r = inst.downconvert(&d.down_schema, &d.down_target).expect("wasm downconvert");
                (r.is_some(), r)
            }
            Kind::Empty => (true, Some(inst.flatten_doc(&d.empty_arg).expect("wasm flatten-doc"))),
            Kind::Real => {
                let lines: Vec<String> = d
                    .real
                    .iter()
                    .map(|(f, t)| real_line(f, inst.downconvert_answer(t, &d.real_target).expect("wasm downconvert")))
                    .collect();
                (true, Some(lines.join("\n")))
            }
            Kind::Restore => {
                let (converted, _) = tools.expect("tools made");
                answer_of(inst.restore(converted, &d.restore_answer).expect("wasm restore"))
            }
            Kind::Encode => {
                let (_, docket) = tools.expect("tools made");
                answer_of(inst.tool_encode(docket, &d.encode_returned).expect("wasm encode"))
            }
        }
    };
    let (d, h, inst) = (data.clone(), handles.clone(), instance.clone());
    let run = move |i: usize| {
        let mut inst = inst.borrow_mut();
        match d.kind(i) {
            Kind::Input(inp) => inst.validate_ok(h[inp.schema], &inp.args).expect("wasm validate"),
            Kind::Describe => inst.describe_tool(&d.descriptor).expect("wasm describe").is_some(),
            Kind::Downconvert => inst.downconvert(&d.down_schema, &d.down_target).expect("wasm downconvert").is_some(),
            Kind::Empty => !inst.flatten_doc(&d.empty_arg).expect("wasm flatten-doc").is_empty(),
            Kind::Real => {
                let mut ok = 0usize;
                for (_, t) in &d.real {
                    ok += usize::from(inst.downconvert_answer(t, &d.real_target).expect("wasm downconvert").is_ok());
                }
                black_box(ok);
                true
            }
            Kind::Restore => {
                let (converted, _) = tools.expect("tools made");
                inst.restore(converted, &d.restore_answer).expect("wasm restore").is_ok()
            }
            Kind::Encode => {
                let (_, docket) = tools.expect("tools made");
                inst.tool_encode(docket, &d.encode_returned).expect("wasm encode").is_ok()
            }
        }
    };
    Ok(Contender {
        id: id.into(),
        label: label.into(),
        host: Host::Wasmtime,
        groups,
        ours: true,
        floor: false,
        runner: local(check, run),
    })
}

/// The tools made once, natively: `restore_tool` converted once for the
/// restore target, and the tool of the encode descriptor.
struct NativeTools {
    converted: tool_schema::Converted,
    docket: tool_schema::Tool,
}

/// The same through host-demo's `Host`, and what its free functions take.
struct HostTools {
    host: host_demo::Host<'static>,
    converted: host_demo::Converted,
    docket: host_demo::Tool,
    target: host_demo::Target,
    context: host_demo::TypeContext,
    outcome: host_demo::Outcome,
}

fn native_contenders(
    data: &Rc<Data>,
    instance: &Rc<RefCell<wasm::Instance>>,
    instance_fuel: &Rc<RefCell<wasm::Instance>>,
    instance_epoch: &Rc<RefCell<wasm::Instance>>,
    component: &Path,
) -> Result<Vec<Contender>, String> {
    let mut out = Vec::new();
    let all = vec![Group::Validate, Group::Ops, Group::Empty, Group::Real, Group::Tool];

    // The tools, made once natively (outside every timed loop).
    let restoring =
        tool_schema::Tool::from_schema(&data.restore_tool, "", &data.restore_schema, None, Options::default())
            .map_err(|d| format!("{}: {d:?}", data.restore_schema_file))?;
    let converted = restoring
        .convert(Target::BuiltIn(&data.restore_target))
        .map_err(|d| format!("{} does not convert: {d:?}", data.restore_schema_file))?;
    let mut dockets = tool_schema::Tool::from_descriptor(&data.encode_descriptor)
        .map_err(|d| format!("{}: {d:?}", data.encode_descriptor_file))?;
    if dockets.is_empty() {
        return Err(format!("{} describes no tool", data.encode_descriptor_file));
    }
    let tools = Rc::new(NativeTools { converted, docket: dockets.remove(0) });

    // Our core, natively: the baseline.
    let validators: Rc<Vec<Validator>> = Rc::new(
        data.schemas
            .iter()
            .map(|(f, s)| Validator::compile(s, Options::default()).map_err(|d| format!("{f}: {d:?}")))
            .collect::<Result<_, _>>()?,
    );
    let (d, v, t) = (data.clone(), validators.clone(), tools.clone());
    let check = move |i: usize| match d.kind(i) {
        Kind::Input(inp) => answer_of(v[inp.schema].validate(&inp.args).map_err(|e| core_errors(&e))),
        Kind::Describe => {
            let r = tool_schema::describe_tool(&d.descriptor).ok();
            (r.is_some(), r)
        }
        Kind::Downconvert => {
            let r = tool_schema::downconvert(&d.down_schema, Target::BuiltIn(&d.down_target)).ok().map(|x| x.schema);
            (r.is_some(), r)
        }
        Kind::Empty => (true, Some(tool_schema::flatten_doc(&d.empty_arg))),
        Kind::Real => {
            let lines: Vec<String> =
                d.real.iter().map(|(f, t)| real_line(f, core_downconvert(t, &d.real_target))).collect();
            (true, Some(lines.join("\n")))
        }
        Kind::Restore => answer_of(t.converted.restore(&d.restore_answer).map_err(|e| core_errors(&e))),
        Kind::Encode => answer_of(core_tool_result(t.docket.encode(Outcome::Returned(d.encode_returned.clone())))),
    };
    let (d, v, t) = (data.clone(), validators.clone(), tools.clone());
    let run = move |i: usize| match d.kind(i) {
        Kind::Input(inp) => v[inp.schema].validate(&inp.args).is_ok(),
        Kind::Describe => tool_schema::describe_tool(&d.descriptor).is_ok(),
        Kind::Downconvert => tool_schema::downconvert(&d.down_schema, Target::BuiltIn(&d.down_target)).is_ok(),
        Kind::Empty => !tool_schema::flatten_doc(&d.empty_arg).is_empty(),
        Kind::Real => {
            let mut ok = 0usize;
            for (_, t) in &d.real {
                ok += usize::from(tool_schema::downconvert_with(t, Target::BuiltIn(&d.real_target), false).is_ok());
            }
            black_box(ok);
            true
        }
        Kind::Restore => t.converted.restore(&d.restore_answer).is_ok(),
        Kind::Encode => t.docket.encode(Outcome::Returned(d.encode_returned.clone())).is_ok(),
    };
    out.push(Contender {
        id: "core".into(),
        label: "our core, native (baseline)".into(),
        host: Host::Native,
        groups: all.clone(),
        ours: true,
        floor: false,
        runner: local(check, run),
    });

    // The component through wasmtime: the validator resource, one store; and
    // the same compiled with fuel metering (what a Python Runtime(fuel=…)
    // runs) and with epoch interruption (what the Python package's deadline
    // runs).
    out.push(wasm_validator(data, instance, "wasm", "component, wasmtime: validator resource", all.clone())?);
    out.push(wasm_validator(
        data,
        instance_fuel,
        "wasm-fuel",
        "component, wasmtime with fuel metering (as a Python Runtime(fuel=…)): validator resource",
        vec![Group::Validate, Group::Empty],
    )?);
    out.push(wasm_validator(
        data,
        instance_epoch,
        "wasm-epoch",
        "component, wasmtime with epoch interruption (as the Python package's deadline): validator resource",
        vec![Group::Validate, Group::Empty],
    )?);

    // The one-shot validate-args, through wasmtime and natively.
    let (d, inst) = (data.clone(), instance.clone());
    let check = move |i: usize| {
        let Kind::Input(inp) = d.kind(i) else { unreachable!() };
        answer_of(inst.borrow_mut().validate_args(&d.schemas[inp.schema].1, &inp.args).expect("wasm validate-args"))
    };
    let (d, inst) = (data.clone(), instance.clone());
    let run = move |i: usize| {
        let Kind::Input(inp) = d.kind(i) else { unreachable!() };
        inst.borrow_mut().validate_args_ok(&d.schemas[inp.schema].1, &inp.args).expect("wasm validate-args")
    };
    out.push(Contender {
        id: "wasm-oneshot".into(),
        label: "component, wasmtime: validate-args (compiles each call)".into(),
        host: Host::Wasmtime,
        groups: vec![Group::Validate],
        ours: true,
        floor: false,
        runner: local(check, run),
    });
    let d = data.clone();
    let check = move |i: usize| {
        let Kind::Input(inp) = d.kind(i) else { unreachable!() };
        let r = tool_schema::validate_args(&d.schemas[inp.schema].1, &inp.args, Options::default());
        answer_of(r.map_err(|e| core_errors(&e)))
    };
    let d = data.clone();
    let run = move |i: usize| {
        let Kind::Input(inp) = d.kind(i) else { unreachable!() };
        tool_schema::validate_args(&d.schemas[inp.schema].1, &inp.args, Options::default()).is_ok()
    };
    out.push(Contender {
        id: "core-oneshot".into(),
        label: "our core, native: validate_args (compiles each call)".into(),
        host: Host::Native,
        groups: vec![Group::Validate],
        ours: true,
        floor: false,
        runner: local(check, run),
    });
    out.extend(tool_contenders(data, &tools, component)?);

    // The jsonschema crate directly: the same build core uses (features unify
    // in this binary: serde_json with arbitrary_precision and preserve_order).
    let js: Rc<Vec<jsonschema::Validator>> = Rc::new(
        data.schemas
            .iter()
            .map(|(f, s)| {
                let v: serde_json::Value = serde_json::from_str(s).map_err(|e| format!("{f}: {e}"))?;
                jsonschema::options()
                    .with_draft(jsonschema::Draft::Draft202012)
                    .should_validate_formats(true)
                    .build(&v)
                    .map_err(|e| format!("{f}: {e}"))
            })
            .collect::<Result<_, _>>()?,
    );
    let jsonschema_verdict = move |d: &Data, i: usize| {
        let Kind::Input(inp) = d.kind(i) else { unreachable!() };
        match serde_json::from_str::<serde_json::Value>(&inp.args) {
            Ok(v) => js[inp.schema].iter_errors(&v).count() == 0,
            Err(_) => false,
        }
    };
    let jsonschema_verdict = Rc::new(jsonschema_verdict);
    let (d, f) = (data.clone(), jsonschema_verdict.clone());
    let (d2, f2) = (data.clone(), jsonschema_verdict);
    out.push(Contender {
        id: "jsonschema".into(),
        label: "jsonschema 0.60.2 crate, native (all errors; arbitrary-precision)".into(),
        host: Host::Native,
        groups: vec![Group::Validate],
        ours: false,
        floor: false,
        runner: local(move |i| (f(&d, i), None), move |i| f2(&d2, i)),
    });

    // boon.
    let mut schemas = boon::Schemas::new();
    let mut indices = Vec::new();
    for (k, (f, s)) in data.schemas.iter().enumerate() {
        let mut compiler = boon::Compiler::new();
        compiler.set_default_draft(boon::Draft::V2020_12);
        compiler.enable_format_assertions();
        let url = format!("http://bench.invalid/{k}/{f}");
        let v: serde_json::Value = serde_json::from_str(s).map_err(|e| format!("{f}: {e}"))?;
        compiler.add_resource(&url, v).map_err(|e| format!("{f}: {e}"))?;
        indices.push(compiler.compile(&url, &mut schemas).map_err(|e| format!("boon cannot compile {f}: {e:#}"))?);
    }
    let boon_state = Rc::new((schemas, indices));
    let boon_verdict = move |d: &Data, i: usize| {
        let Kind::Input(inp) = d.kind(i) else { unreachable!() };
        match serde_json::from_str::<serde_json::Value>(&inp.args) {
            Ok(v) => boon_state.0.validate(&v, boon_state.1[inp.schema]).is_ok(),
            Err(_) => false,
        }
    };
    let boon_verdict = Rc::new(boon_verdict);
    let (d, f) = (data.clone(), boon_verdict.clone());
    let (d2, f2) = (data.clone(), boon_verdict);
    out.push(Contender {
        id: "boon".into(),
        label: "boon 0.6.1, native".into(),
        host: Host::Native,
        groups: vec![Group::Validate],
        ours: false,
        floor: false,
        runner: local(move |i| (f(&d, i), None), move |i| f2(&d2, i)),
    });

    // A floor: parse only, with this binary's serde_json, whose features the
    // peers above unify (the honest floor, plain serde_json, is bench/floor).
    let parse = |d: &Data, i: usize| {
        let Kind::Input(inp) = d.kind(i) else { unreachable!() };
        serde_json::from_str::<serde_json::Value>(&inp.args).is_ok()
    };
    let (d, d2) = (data.clone(), data.clone());
    out.push(Contender {
        id: "serde-parse".into(),
        label: format!(
            "floor: serde_json parse only, in the bench binary ({}: what its dependencies unify)",
            serde_features::describe(&serde_features::serde_json_features())
        ),
        host: Host::Native,
        groups: vec![Group::Validate],
        ours: false,
        floor: true,
        runner: local(move |i| (parse(&d, i), None), move |i| parse(&d2, i)),
    });
    Ok(out)
}

/// A tool made once against today's free functions: natively
/// (`restore_args`, `encode_result`), and through host-demo's `Host` (a
/// wasmtime host as an application uses it: `host.restore`,
/// `host.tool_encode` against `host.restore_args`, `host.encode_result`).
fn tool_contenders(data: &Rc<Data>, tools: &Rc<NativeTools>, component: &Path) -> Result<Vec<Contender>, String> {
    let mut out = Vec::new();
    let descriptor: Value = serde_json::from_str(&data.encode_descriptor).map_err(|e| e.to_string())?;
    let return_type = descriptor["returns"].as_str().ok_or("the encode descriptor has no returns")?.to_owned();
    let naming = descriptor["naming"].as_str().map(str::to_owned);
    let reflection = descriptor["mode"].as_str() == Some("reflection");
    let info = tools.docket.info();
    let (tool_name, ends_loop) = (info.name.clone(), info.ends_loop);

    // Natively, the free functions: the schema compiled and the return type
    // resolved on every call.
    let free = Rc::new((tool_name.clone(), return_type.clone(), naming.clone()));
    let encode_free = move |d: &Data, f: &(String, String, Option<String>)| {
        let sig = tool_schema::Signature {
            tool_name: &f.0,
            return_type: &f.1,
            types: Some(&d.encode_types),
            naming: f.2.as_deref(),
            mode: if reflection { tool_schema::Mode::Reflection } else { tool_schema::Mode::Generator },
            ends_loop,
        };
        tool_schema::encode_result(sig, Outcome::Returned(d.encode_returned.clone()))
    };
    let restore_free =
        |d: &Data| tool_schema::restore_args(&d.restore_schema, Target::BuiltIn(&d.restore_target), &d.restore_answer);
    let (d, f) = (data.clone(), free.clone());
    let check = move |i: usize| match d.kind(i) {
        Kind::Restore => answer_of(restore_free(&d).map_err(|e| core_errors(&e))),
        Kind::Encode => answer_of(core_tool_result(encode_free(&d, &f))),
        _ => unreachable!(),
    };
    let (d, f) = (data.clone(), free);
    let run = move |i: usize| match d.kind(i) {
        Kind::Restore => restore_free(&d).is_ok(),
        Kind::Encode => encode_free(&d, &f).is_ok(),
        _ => unreachable!(),
    };
    out.push(Contender {
        id: "core-free".into(),
        label: "our core, native: the free functions restore_args, encode_result (compile each call)".into(),
        host: Host::Native,
        groups: vec![Group::Tool],
        ours: true,
        floor: false,
        runner: local(check, run),
    });

    // Through host-demo's Host: its runtime lives as long as the process.
    let e = |e: host_demo::HostError| e.to_string();
    let options = host_demo::LoadOptions {
        component: component.to_owned(),
        cache_dir: None,
        ..host_demo::LoadOptions::from_env()
    };
    let runtime: &'static host_demo::Runtime = Box::leak(Box::new(host_demo::Runtime::load(&options).map_err(e)?));
    let mut host = runtime.instantiate().map_err(e)?;
    let target = match data.restore_target.as_str() {
        "anthropic" => host_demo::Target::Anthropic,
        "openai" => host_demo::Target::Openai,
        "gemini" => host_demo::Target::Gemini,
        other => host_demo::Target::Custom(other.to_owned()),
    };
    let restoring = host
        .tool_from_schema(&data.restore_tool, "", &data.restore_schema, None, None)
        .map_err(e)?
        .map_err(|d| format!("host-demo: {}: {d:?}", data.restore_schema_file))?;
    let converted = host
        .tool_convert(&restoring, &target)
        .map_err(e)?
        .map_err(|d| format!("host-demo: {} does not convert: {d:?}", data.restore_schema_file))?;
    let mut dockets = host
        .tools(&data.encode_descriptor)
        .map_err(e)?
        .map_err(|d| format!("host-demo: {}: {d:?}", data.encode_descriptor_file))?;
    if dockets.is_empty() {
        return Err(format!("host-demo: {} describes no tool", data.encode_descriptor_file));
    }
    let docket = dockets.remove(0);
    // The restoring tool is no longer needed: its converted schema keeps what it restores with.
    host.release_tool(restoring).map_err(e)?;
    let context = host_demo::TypeContext {
        types: Some(data.encode_types.clone()),
        naming,
        mode: if reflection { host_demo::Mode::Reflection } else { host_demo::Mode::Generator },
    };
    let outcome = host_demo::Outcome::Returned(data.encode_returned.clone());
    let ht = Rc::new(RefCell::new(HostTools { host, converted, docket, target, context, outcome }));

    // The resources: made once, above.
    let (d, h) = (data.clone(), ht.clone());
    let check = move |i: usize| {
        let h = &mut *h.borrow_mut();
        match d.kind(i) {
            Kind::Restore => answer_of(
                h.host.restore(&h.converted, &d.restore_answer).expect("host.restore").map_err(|e| host_errors(&e)),
            ),
            Kind::Encode => {
                answer_of(host_tool_result(h.host.tool_encode(&h.docket, &h.outcome).expect("host.tool_encode")))
            }
            _ => unreachable!(),
        }
    };
    let (d, h) = (data.clone(), ht.clone());
    let run = move |i: usize| {
        let h = &mut *h.borrow_mut();
        match d.kind(i) {
            Kind::Restore => h.host.restore(&h.converted, &d.restore_answer).expect("host.restore").is_ok(),
            Kind::Encode => h.host.tool_encode(&h.docket, &h.outcome).expect("host.tool_encode").is_ok(),
            _ => unreachable!(),
        }
    };
    out.push(Contender {
        id: "host-demo".into(),
        label: "component, host-demo's Host (wasmtime, epoch interruption): a tool made once, converted once (host.restore, host.tool_encode)".into(),
        host: Host::Wasmtime,
        groups: vec![Group::Tool],
        ours: true,
        floor: false,
        runner: local(check, run),
    });

    // The free functions through the same host and instance.
    let (d, h, f) = (data.clone(), ht.clone(), (tool_name.clone(), return_type.clone()));
    let check = move |i: usize| {
        let h = &mut *h.borrow_mut();
        match d.kind(i) {
            Kind::Restore => answer_of(
                h.host
                    .restore_args(&d.restore_schema, &h.target, &d.restore_answer)
                    .expect("host.restore_args")
                    .map_err(|e| host_errors(&e)),
            ),
            Kind::Encode => answer_of(host_tool_result(
                h.host.encode_result(&f.0, &f.1, &h.context, &h.outcome, ends_loop).expect("host.encode_result"),
            )),
            _ => unreachable!(),
        }
    };
    let (d, h, f) = (data.clone(), ht, (tool_name, return_type));
    let run = move |i: usize| {
        let h = &mut *h.borrow_mut();
        match d.kind(i) {
            Kind::Restore => {
                h.host.restore_args(&d.restore_schema, &h.target, &d.restore_answer).expect("host.restore_args").is_ok()
            }
            Kind::Encode => {
                h.host.encode_result(&f.0, &f.1, &h.context, &h.outcome, ends_loop).expect("host.encode_result").is_ok()
            }
            _ => unreachable!(),
        }
    };
    out.push(Contender {
        id: "host-demo-free".into(),
        label:
            "component, host-demo's Host: the free functions (host.restore_args, host.encode_result; compile each call)"
                .into(),
        host: Host::Wasmtime,
        groups: vec![Group::Tool],
        ours: true,
        floor: false,
        runner: local(check, run),
    });
    Ok(out)
}

fn remote_contenders(w: &Rc<RefCell<Worker>>) -> Vec<Contender> {
    let hello = w.borrow().hello.clone();
    hello["contenders"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| Contender {
            id: c["id"].as_str().unwrap_or("?").to_owned(),
            label: c["label"].as_str().unwrap_or("?").to_owned(),
            host: Host::parse(c["host"].as_str().unwrap_or("")),
            groups: c["groups"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|g| match g.as_str() {
                    Some("validate") => Some(Group::Validate),
                    Some("ops") => Some(Group::Ops),
                    Some("empty") => Some(Group::Empty),
                    Some("real") => Some(Group::Real),
                    Some("tool") => Some(Group::Tool),
                    _ => None,
                })
                .collect(),
            ours: c["ours"].as_bool().unwrap_or(false),
            floor: c["floor"].as_bool().unwrap_or(false),
            runner: Runner::Remote(w.clone()),
        })
        .collect()
}

struct Args {
    rounds: usize,
    warmup: usize,
    batch_ms: f64,
    budget_s: f64,
    root: PathBuf,
    python: Option<PathBuf>,
    /// The plain serde_json floor (bench/floor), or none.
    floor: Option<PathBuf>,
    node: bool,
    component: Option<PathBuf>,
    /// `--only CONTENDER ITEM SECONDS`: run one native or wasmtime contender
    /// on one item in a loop, for a profiler (bench/README.md).
    only: Option<(String, String, f64)>,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        rounds: 41,
        warmup: 2,
        batch_ms: 5.0,
        budget_s: 300.0,
        root: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/..")),
        python: None,
        floor: None,
        node: true,
        component: None,
        only: None,
    };
    let mut it = std::env::args().skip(1);
    let mut python_off = false;
    let mut floor_off = false;
    while let Some(arg) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--rounds" => a.rounds = value()?.parse().map_err(|e| format!("--rounds: {e}"))?,
            "--warmup" => a.warmup = value()?.parse().map_err(|e| format!("--warmup: {e}"))?,
            "--batch-ms" => a.batch_ms = value()?.parse().map_err(|e| format!("--batch-ms: {e}"))?,
            "--budget-s" => a.budget_s = value()?.parse().map_err(|e| format!("--budget-s: {e}"))?,
            "--root" => a.root = PathBuf::from(value()?),
            "--python" => a.python = Some(PathBuf::from(value()?)),
            "--no-node" => a.node = false,
            "--floor" => a.floor = Some(PathBuf::from(value()?)),
            "--no-floor" => floor_off = true,
            "--component" => a.component = Some(PathBuf::from(value()?)),
            "--only" => {
                let c = value()?;
                let item = value()?;
                let secs = value()?.parse().map_err(|e| format!("--only: seconds: {e}"))?;
                a.only = Some((c, item, secs));
            }
            "--no-python" => python_off = true,
            "-h" | "--help" => {
                println!("{}", include_str!("main.rs").lines().take(14).collect::<Vec<_>>().join("\n"));
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    a.root = std::fs::canonicalize(&a.root).map_err(|e| format!("{}: {e}", a.root.display()))?;
    if a.rounds == 0 {
        return Err("--rounds must be at least 1".into());
    }
    if !python_off && a.python.is_none() {
        a.python = Some(a.root.join("bench/.venv/bin/python"));
    }
    if python_off {
        a.python = None;
    }
    if !floor_off && a.floor.is_none() {
        a.floor = Some(a.root.join("target/bench-floor/release/bench-floor"));
    }
    if floor_off {
        a.floor = None;
    }
    // The worker starts in the repository root: a relative path is this process's.
    a.floor = a.floor.map(|p| std::fs::canonicalize(&p).unwrap_or(p));
    Ok(a)
}

/// Median, min and max of a sample.
#[derive(Clone, Copy, Debug)]
pub struct Stats {
    pub median: f64,
    pub min: f64,
    pub max: f64,
    pub n: usize,
}

impl Stats {
    pub fn of(xs: &[f64]) -> Stats {
        let mut v: Vec<f64> = xs.to_vec();
        v.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let n = v.len();
        let median = if n == 0 {
            f64::NAN
        } else if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        };
        Stats { median, min: *v.first().unwrap_or(&f64::NAN), max: *v.last().unwrap_or(&f64::NAN), n }
    }
}

/// A start-up figure: a host, what was timed, and the times (ns).
pub struct StartupRow {
    pub host: String,
    pub what: String,
    pub stats: Stats,
}

pub struct Sizes {
    pub raw: usize,
    pub gzip: Option<usize>,
    pub precompiled: usize,
}

/// Everything the report needs.
pub struct Results {
    pub items: Vec<Item>,
    pub contenders: Vec<ContenderInfo>,
    /// samples[c][item]: ns per call, one per round (empty when not measured).
    pub samples: Vec<Vec<Vec<f64>>>,
    pub rounds_done: usize,
    pub warmup: usize,
    pub batch_ms: f64,
    pub startup: Vec<StartupRow>,
    pub sizes: Sizes,
    pub checksum: String,
    pub answers_checksum: String,
    pub notes: Vec<String>,
    pub env: Vec<(String, String)>,
    pub inputs: Vec<(String, usize, bool)>,
    pub elapsed: Duration,
    /// How many real tool schemas `downconvert-real` converts.
    pub real_schemas: usize,
    /// describe-source on a 5,000-line file, natively, step by step.
    pub source: Vec<StartupRow>,
}

pub struct ContenderInfo {
    pub id: String,
    pub label: String,
    pub host: Host,
    pub groups: Vec<Group>,
    pub ours: bool,
    pub floor: bool,
}

fn fnv(bytes: &[u8], mut h: u64) -> u64 {
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

const FNV_OFFSET: u64 = 0xcbf29ce484222325;

fn lock_versions(root: &Path, names: &[&str]) -> Vec<(String, String)> {
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).unwrap_or_default();
    let mut out = Vec::new();
    for name in names {
        let needle = format!("name = \"{name}\"\nversion = \"");
        if let Some(p) = lock.find(&needle) {
            let rest = &lock[p + needle.len()..];
            out.push((name.to_string(), rest[..rest.find('"').unwrap_or(0)].to_owned()));
        }
    }
    out
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("model name")).map(|l| l.split(':').nth(1).unwrap_or("").trim().to_owned())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_owned())
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}

fn cpu_count() -> usize {
    std::fs::read_to_string("/proc/cpuinfo").map_or(0, |s| s.lines().filter(|l| l.starts_with("processor")).count())
}

fn affinity() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Cpus_allowed_list"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_owned())
        })
        .unwrap_or_else(|| "?".into())
}

fn gzip_size(path: &Path) -> Option<usize> {
    let out = Command::new("gzip").arg("-9").arg("-c").arg(path).output().ok()?;
    out.status.success().then_some(out.stdout.len())
}

fn time<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let start = Instant::now();
    let v = f();
    (v, start.elapsed().as_nanos() as f64)
}

/// The file the describe-source figures are taken on (bench/data/make_source.py writes it).
const SOURCE_FILE: &str = "tools-5000.cs";

/// describe-source natively on a 5,000-line C# file, each step on its own:
/// lexing, lexing and reading the declarations, writing the descriptor
/// (source-descriptor) and describing every tool (describe-source). The
/// steps are interleaved, one of each per round.
fn source_figures(data_dir: &Path, rounds: usize) -> Result<Vec<StartupRow>, String> {
    let path = data_dir.join(SOURCE_FILE);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let files = [tool_schema::SourceFile { path: SOURCE_FILE, text: &text }];
    let options = tool_schema::SourceOptions::default();
    let described = tool_schema::describe_source(&files, &options)
        .map_err(|d| format!("{SOURCE_FILE} does not describe: {:?}", d.first()))?;
    let tools = described.json.matches("\"inputSchema\"").count();
    let (mut lex, mut read, mut descriptor, mut describe) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..rounds.max(5) {
        let (l, ns) = time(|| tool_schema::source::lex::lex(&text));
        lex.push(ns);
        black_box(l.tokens.len());
        let (u, ns) = time(|| {
            let l = tool_schema::source::lex::lex(&text);
            tool_schema::source::syntax::parse(&text, &l)
        });
        read.push(ns);
        black_box(u.types.len());
        let (d, ns) = time(|| tool_schema::source_descriptor(&files, &options));
        descriptor.push(ns);
        black_box(d.is_ok());
        let (d, ns) = time(|| tool_schema::describe_source(&files, &options));
        describe.push(ns);
        black_box(d.is_ok());
    }
    let lines = text.lines().count();
    let row = |what: String, xs: &[f64]| StartupRow { host: "native".into(), what, stats: Stats::of(xs) };
    Ok(vec![
        row(format!("lex {SOURCE_FILE} ({lines} lines, {} bytes)", text.len()), &lex),
        row("lex and read every declaration (the target: ≤ 5 ms)".into(), &read),
        row("source-descriptor: read, and write the descriptor as JSON text".into(), &descriptor),
        row(format!("describe-source: read, and describe all {tools} tools"), &describe),
    ])
}

/// Start-up through wasmtime: each step on its own, repeated.
fn wasmtime_startup(pre: &wasm::Precompiled, data: &Data) -> Result<Vec<StartupRow>, String> {
    let e = |e: wasm::Error| format!("{e:#}");
    let row = |what: &str, xs: &[f64]| StartupRow { host: "wasmtime".into(), what: what.into(), stats: Stats::of(xs) };
    let mut rows = vec![row(
        "compile the .wasm (Component::new; once, then kept precompiled)",
        &[pre.compile_time.as_nanos() as f64],
    )];
    let mut load = Vec::new();
    for _ in 0..10 {
        let (l, ns) = time(|| wasm::Loaded::from_precompiled(pre));
        l.map_err(e)?;
        load.push(ns);
    }
    rows.push(row("load precompiled (Component::deserialize + Linker::instantiate_pre)", &load));
    let loaded = wasm::Loaded::from_precompiled(pre).map_err(e)?;
    let mut inst = Vec::new();
    for _ in 0..200 {
        let (i, ns) = time(|| loaded.instantiate());
        black_box(i.map_err(e)?);
        inst.push(ns);
    }
    rows.push(row("instantiate (new Store + InstancePre::instantiate)", &inst));
    let input = data.inputs.iter().find(|i| i.size == "1.5kb" && i.valid).unwrap_or(&data.inputs[0]);
    let schema = &data.schemas[input.schema].1;
    let (mut first, mut warm, mut flatten_first, mut whole) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..20 {
        let mut i = loaded.instantiate().map_err(e)?;
        let (r, ns) = time(|| i.validate_args(schema, &input.args));
        r.map_err(e)?.map_err(|x| format!("first call refused: {x}"))?;
        first.push(ns);
        let (r, ns) = time(|| i.validate_args(schema, &input.args));
        r.map_err(e)?.ok();
        warm.push(ns);
        let mut i = loaded.instantiate().map_err(e)?;
        let (r, ns) = time(|| i.flatten_doc("x"));
        r.map_err(e)?;
        flatten_first.push(ns);
    }
    for _ in 0..10 {
        let (r, ns) = time(|| -> Result<bool, wasm::Error> {
            let l = wasm::Loaded::from_precompiled(pre)?;
            let mut i = l.instantiate()?;
            Ok(i.validate_args(schema, &input.args)?.is_ok())
        });
        r.map_err(e)?;
        whole.push(ns);
    }
    rows.push(row("first call on a fresh instance: flatten-doc(\"x\")", &flatten_first));
    rows.push(row(&format!("first call on a fresh instance: validate-args, {}", input.id), &first));
    rows.push(row(&format!("second call, same instance: validate-args, {}", input.id), &warm));
    rows.push(row("precompiled bytes → first answer (load + instantiate + validate-args)", &whole));
    Ok(rows)
}

fn startup_rows(host: &str, v: &Value) -> Vec<StartupRow> {
    v.as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| {
            let xs: Vec<f64> = r["ns"].as_array()?.iter().filter_map(Value::as_f64).collect();
            Some(StartupRow { host: host.into(), what: r["what"].as_str()?.into(), stats: Stats::of(&xs) })
        })
        .collect()
}

/// One contender on one item, in a loop, for `perf record` and the like.
fn only(contenders: &mut [Contender], items: &[Item], id: &str, item: &str, secs: f64) -> Result<(), String> {
    let c = contenders.iter_mut().find(|c| c.id == id).ok_or_else(|| format!("--only: no native contender {id}"))?;
    let k = items.iter().position(|i| i.id == item).ok_or_else(|| format!("--only: no item {item}"))?;
    eprintln!("bench: --only {id} {item}: looping for {secs} s (pid {})", std::process::id());
    let start = Instant::now();
    let (mut calls, mut ns) = (0u64, 0.0);
    while start.elapsed().as_secs_f64() < secs {
        ns += c.run(k, 100, items)?;
        calls += 100;
    }
    println!("{id} on {item}: {calls} calls, {} per call", report::fmt_ns(ns / calls as f64));
    Ok(())
}

fn main() {
    if let Err(e) = run() {
        eprintln!("bench: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let began = Instant::now();
    let args = parse_args()?;
    let root = args.root.clone();
    let data_dir = root.join("bench/data");
    let component = args.component.clone().unwrap_or_else(|| root.join("target/component/tool_schema.wasm"));
    let data = Rc::new(Data::load(&data_dir)?);
    let items = data.items();
    let mut notes: Vec<String> = Vec::new();
    let load_at_start = load_average();
    eprintln!("bench: running on CPUs {} ({}); load average {load_at_start}", affinity(), cpu_model());

    // The component, precompiled, loaded, one store.
    let wasm_bytes =
        std::fs::read(&component).map_err(|e| format!("cannot read {} (make component): {e}", component.display()))?;
    eprintln!("bench: compiling the component with wasmtime (once)…");
    let pre = wasm::precompile(&wasm_bytes, wasm::Bound::None).map_err(|e| format!("{e:#}"))?;
    let loaded = wasm::Loaded::from_precompiled(&pre).map_err(|e| format!("{e:#}"))?;
    let instance = Rc::new(RefCell::new(loaded.instantiate().map_err(|e| format!("{e:#}"))?));
    // The same with each per-call bound the Python package's engine can have.
    let bounded = |bound| -> Result<Rc<RefCell<wasm::Instance>>, String> {
        let pre = wasm::precompile(&wasm_bytes, bound).map_err(|e| format!("{e:#}"))?;
        let loaded = wasm::Loaded::from_precompiled(&pre).map_err(|e| format!("{e:#}"))?;
        Ok(Rc::new(RefCell::new(loaded.instantiate().map_err(|e| format!("{e:#}"))?)))
    };
    let instance_fuel = bounded(wasm::Bound::Fuel)?;
    let instance_epoch = bounded(wasm::Bound::Epoch)?;

    let mut contenders = native_contenders(&data, &instance, &instance_fuel, &instance_epoch, &component)?;
    if let Some((id, item, secs)) = &args.only {
        return only(&mut contenders, &items, id, item, *secs);
    }

    // The workers.
    let mut workers: Vec<Rc<RefCell<Worker>>> = Vec::new();
    if args.node {
        let mut cmd = Command::new("node");
        cmd.arg(root.join("bench/node/worker.mjs")).arg(&data_dir).current_dir(&root);
        match Worker::spawn("node", cmd) {
            Ok(w) => workers.push(Rc::new(RefCell::new(w))),
            Err(e) => notes.push(format!("Node contenders missing: {e}")),
        }
    }
    if let Some(python) = &args.python {
        if python.exists() {
            let mut cmd = Command::new(python);
            cmd.arg(root.join("bench/python/worker.py"))
                .arg(&data_dir)
                .arg(&component)
                .env("PYTHONPATH", root.join("python/src"))
                .current_dir(&root);
            match Worker::spawn("python", cmd) {
                Ok(w) => workers.push(Rc::new(RefCell::new(w))),
                Err(e) => notes.push(format!("Python contenders missing: {e}")),
            }
        } else {
            notes.push(format!("Python contenders missing: {} does not exist", python.display()));
        }
    }
    if let Some(floor) = &args.floor {
        if floor.exists() {
            let mut cmd = Command::new(floor);
            cmd.arg(&data_dir).current_dir(&root);
            match Worker::spawn("floor", cmd) {
                Ok(w) => workers.push(Rc::new(RefCell::new(w))),
                Err(e) => notes.push(format!("The plain serde_json floor is missing: {e}")),
            }
        } else {
            notes.push(format!(
                "The plain serde_json floor is missing: {} does not exist (bench/bench.mk builds it)",
                floor.display()
            ));
        }
    }
    for w in &workers {
        contenders.extend(remote_contenders(w));
        for n in w.borrow().hello["notes"].as_array().into_iter().flatten() {
            notes.push(n.as_str().unwrap_or_default().to_owned());
        }
    }
    for n in &notes {
        eprintln!("bench: note: {n}");
    }

    // Every contender on every input: the verdicts must be the expected ones,
    // and our hosts' answers byte-identical to the native core's.
    eprintln!("bench: checking that every contender agrees on every input…");
    let mut failures = Vec::new();
    let mut verdict_sums: Vec<(String, u64)> = Vec::new();
    let mut answers_sum = FNV_OFFSET;
    let mut core_answers: Vec<Option<String>> = Vec::new();
    let mut expected_sum = FNV_OFFSET;
    for input in &data.inputs {
        expected_sum = fnv(&[u8::from(input.valid)], expected_sum);
    }
    for c in contenders.iter_mut() {
        let mut sum = FNV_OFFSET;
        let mut reference: Vec<Option<String>> = Vec::new();
        for (k, item) in items.iter().enumerate() {
            if !c.groups.contains(&item.group) {
                reference.push(None);
                continue;
            }
            let (verdict, answer) = c.check(k, &items)?;
            if item.group == Group::Validate {
                sum = fnv(&[u8::from(verdict)], sum);
                if !c.floor && verdict != data.inputs[k].valid {
                    failures.push(format!(
                        "{} says {} is {}",
                        c.id,
                        item.id,
                        if verdict { "valid" } else { "invalid" }
                    ));
                }
            } else if !verdict {
                failures.push(format!("{} refused {}", c.id, item.id));
            }
            reference.push(answer);
        }
        if !c.floor && c.groups.contains(&Group::Validate) {
            verdict_sums.push((c.id.clone(), sum));
        }
        if c.ours {
            // Compare with the core's answers (the core is checked first).
            if c.id == "core" {
                for a in reference.iter().flatten() {
                    answers_sum = fnv(a.as_bytes(), answers_sum);
                }
                core_answers = reference;
            } else {
                for (k, a) in reference.iter().enumerate() {
                    if let (Some(a), Some(Some(b))) = (a, core_answers.get(k))
                        && a != b
                    {
                        let at = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
                        failures.push(format!(
                            "{} answers {} differently from the native core (from byte {at}: {:?} vs {:?})",
                            c.id,
                            items[k].id,
                            a.get(at..(at + 60).min(a.len())).unwrap_or(""),
                            b.get(at..(at + 60).min(b.len())).unwrap_or("")
                        ));
                    }
                }
            }
        }
    }
    for (id, sum) in &verdict_sums {
        if *sum != expected_sum {
            failures.push(format!("{id}: verdict checksum {sum:016x}, expected {expected_sum:016x}"));
        }
    }
    if !failures.is_empty() {
        return Err(format!("the contenders do not agree:\n  {}", failures.join("\n  ")));
    }
    let checksum = format!(
        "{expected_sum:016x}: the verdicts of all {} validators on all {} inputs ({} valid, {} invalid)",
        verdict_sums.len(),
        data.inputs.len(),
        data.inputs.iter().filter(|i| i.valid).count(),
        data.inputs.iter().filter(|i| !i.valid).count()
    );
    let answers_checksum = format!(
        "{answers_sum:016x}: the answers (bound arguments, or every error's path, keyword and message; describe-tool's and downconvert's output; every real schema converted or refused; the answer restored and the record encoded, by the tool made once and by the free functions) of {} — byte-identical",
        contenders.iter().filter(|c| c.ours).map(|c| c.id.as_str()).collect::<Vec<_>>().join(", ")
    );
    eprintln!("bench: verdict checksum {checksum}");

    // Calibrate: iterations per batch so that one batch takes about batch_ms.
    eprintln!("bench: calibrating…");
    let target = args.batch_ms * 1e6;
    let mut iters = vec![vec![0u64; items.len()]; contenders.len()];
    for (ci, c) in contenders.iter_mut().enumerate() {
        for (k, item) in items.iter().enumerate() {
            if !c.groups.contains(&item.group) {
                continue;
            }
            let mut n = 1u64;
            loop {
                let ns = c.run(k, n, &items)?.max(1.0);
                if ns >= target / 8.0 || n >= 1 << 26 {
                    iters[ci][k] = ((n as f64 * target / ns).round() as u64).max(1);
                    break;
                }
                n = (n * 4).max((n as f64 * target / 8.0 / ns) as u64);
            }
        }
    }

    // The rounds: within each, every item, and for each item every contender,
    // in an order shuffled for each round and item (the same orders in every
    // run), so that no contender always follows the same one: what ran just
    // before a batch (another process, another runtime) decides what its
    // caches hold.
    let mut samples = vec![vec![Vec::new(); items.len()]; contenders.len()];
    let budget = Duration::from_secs_f64(args.budget_s);
    let rounds_start = Instant::now();
    let mut rounds_done = 0;
    for r in 0..args.warmup + args.rounds {
        let round_start = Instant::now();
        for (k, item) in items.iter().enumerate() {
            let cs: Vec<usize> =
                (0..contenders.len()).filter(|&c| contenders[c].groups.contains(&item.group)).collect();
            for ci in shuffled(cs, (r * items.len() + k) as u64) {
                let ns = contenders[ci].run(k, iters[ci][k], &items)?;
                if r >= args.warmup {
                    samples[ci][k].push(ns / iters[ci][k] as f64);
                }
            }
        }
        if r >= args.warmup {
            rounds_done += 1;
        }
        eprintln!(
            "bench: round {}/{}{} took {:.1} s",
            r + 1,
            args.warmup + args.rounds,
            if r < args.warmup { " (warm-up)" } else { "" },
            round_start.elapsed().as_secs_f64()
        );
        if r >= args.warmup && rounds_done >= 5 && rounds_start.elapsed() > budget {
            notes.push(format!(
                "Stopped after {rounds_done} of {} rounds: the rounds took longer than the budget of {} s.",
                args.rounds, args.budget_s
            ));
            break;
        }
    }

    // Start-up, per host.
    eprintln!("bench: start-up…");
    let mut startup = wasmtime_startup(&pre, &data)?;
    for w in &workers {
        let mut w = w.borrow_mut();
        let name = w.name.clone();
        let first = w.hello["startup"].clone();
        startup.extend(startup_rows(&name, &first));
        let more = w.request(json!({"op": "startup"}))?;
        startup.extend(startup_rows(&name, &more["rows"]));
    }

    eprintln!("bench: describe-source on {SOURCE_FILE}…");
    let source = source_figures(&data_dir, 41)?;

    let sizes = Sizes { raw: wasm_bytes.len(), gzip: gzip_size(&component), precompiled: pre.bytes.len() };

    let mut env = vec![
        ("CPU".to_owned(), format!("{} ({} cores; this run pinned to CPU {})", cpu_model(), cpu_count(), affinity())),
        ("OS".to_owned(), std::env::consts::OS.to_owned() + " " + std::env::consts::ARCH),
        (
            "Load average (1, 5, 15 min; /proc/loadavg)".to_owned(),
            format!("{load_at_start} at the start, {} at the end", load_average()),
        ),
    ];
    for (name, version) in lock_versions(&root, &["wasmtime", "jsonschema", "boon", "serde_json"]) {
        let version = if name == "serde_json" {
            format!("{version} (in the bench binary: {})", serde_features::serde_json_features().join(", "))
        } else {
            version
        };
        env.push((format!("{name} (Rust)"), version));
    }
    for w in &workers {
        for (k, v) in w.borrow().hello["versions"].as_object().into_iter().flatten() {
            env.push((k.clone(), v.as_str().unwrap_or_default().to_owned()));
        }
    }
    drop(workers);
    let contenders_info = contenders
        .iter()
        .map(|c| ContenderInfo {
            id: c.id.clone(),
            label: c.label.clone(),
            host: c.host,
            groups: c.groups.clone(),
            ours: c.ours,
            floor: c.floor,
        })
        .collect();
    let results = Results {
        inputs: data.inputs.iter().map(|i| (i.id.clone(), i.bytes, i.valid)).collect(),
        items,
        contenders: contenders_info,
        samples,
        rounds_done,
        warmup: args.warmup,
        batch_ms: args.batch_ms,
        startup,
        sizes,
        checksum,
        answers_checksum,
        notes,
        env,
        elapsed: began.elapsed(),
        real_schemas: data.real.len(),
        source,
    };
    let mut md = report::markdown(&results);
    // The last `make soak`'s figures (bench/soak/report.py writes them).
    if let Ok(soak) = std::fs::read_to_string(root.join("bench/soak.md")) {
        md.push('\n');
        md.push_str(&soak);
    }
    let svg = report::svg(&results);
    println!("{md}");
    let md_path = root.join("bench/results.md");
    let svg_path = root.join("bench/results.svg");
    std::fs::write(&md_path, &md).map_err(|e| format!("{}: {e}", md_path.display()))?;
    std::fs::write(&svg_path, &svg).map_err(|e| format!("{}: {e}", svg_path.display()))?;
    eprintln!(
        "bench: wrote {} and {} in {:.0} s",
        md_path.display(),
        svg_path.display(),
        began.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `v` in an order drawn from `seed` (Fisher–Yates over splitmix64): every
/// order equally likely, the same one for the same seed.
fn shuffled(mut v: Vec<usize>, seed: u64) -> Vec<usize> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for i in (1..v.len()).rev() {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        v.swap(i, (z % (i as u64 + 1)) as usize);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::shuffled;

    #[test]
    fn each_round_s_order_is_a_permutation_and_no_pair_keeps_its_order() {
        let mut before = 0;
        for seed in 0..400 {
            let order = shuffled((0..13).collect(), seed);
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..13).collect::<Vec<_>>());
            assert_eq!(order, shuffled((0..13).collect(), seed));
            let at = |c| order.iter().position(|&x| x == c).unwrap();
            if at(11) < at(12) {
                before += 1;
            }
        }
        // Two neighbours in the list: each first about half the time.
        assert!((150..250).contains(&before), "{before}");
    }
}
