//! The component through wasmtime, set up the way a host that cares about
//! per-call cost would: compiled once and kept precompiled (`serialize` /
//! `deserialize`), an `InstancePre` (imports resolved once), one store reused
//! for every call, `concurrency_support(false)`, and the same 512 MiB memory
//! limit as host-demo. Written here on wasmtime directly so that each step can
//! be timed on its own.

use std::time::{Duration, Instant};
use wasmtime::component::{Component, Linker, ResourceAny};
use wasmtime::{Config, Engine, Store, StoreLimits, StoreLimitsBuilder};

wasmtime::component::bindgen!({
    world: "tool-schema",
    path: "../wit",
});

use exports::onellm::tool_schema::downconvert::Target;
use exports::onellm::tool_schema::encode::{Outcome, Part, ToolResult};
use exports::onellm::tool_schema::validate::Checked;

pub type Error = wasmtime::Error;

/// A built-in target by name (a profile of one's own otherwise).
fn target(name: &str) -> Target {
    match name {
        "anthropic" => Target::Anthropic,
        "openai" => Target::Openai,
        "gemini" => Target::Gemini,
        other => Target::Custom(other.to_owned()),
    }
}

/// A tool result as text, in the form every host's is compared in
/// (`crate::tool_result_text`).
pub fn tool_result_text(r: &ToolResult) -> String {
    let parts = r.parts.iter().map(|p| match p {
        Part::Text(t) => ("text", t.as_str()),
        Part::Json(j) => ("json", j.as_str()),
    });
    crate::tool_result_text(parts, r.is_error, r.typed_result.as_deref())
}

fn checked(c: Checked) -> Result<String, String> {
    match c {
        Checked::Valid(bound) => Ok(bound),
        Checked::Invalid(errors) => Err(arg_errors_text(&errors)),
    }
}

/// What a verdict-returning call answers: the bound arguments, or the errors
/// as `path\tkeyword\tmessage` lines (the same form every host reports).
pub fn arg_errors_text(errors: &[exports::onellm::tool_schema::validate::ArgError]) -> String {
    errors.iter().map(|e| format!("{}\t{}\t{}", e.path, e.keyword, e.message)).collect::<Vec<_>>().join("\n")
}

/// How each call is bounded, as the Python package can bound it: not at all,
/// by fuel metering (`Runtime(fuel=…)`), or by epoch interruption (its
/// default deadline). Each compiles the component differently.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    None,
    Fuel,
    Epoch,
}

pub struct Precompiled {
    pub engine: Engine,
    pub bound: Bound,
    pub bytes: Vec<u8>,
    pub compile_time: Duration,
}

/// `bound`: compile with fuel metering or epoch interruption, as the Python
/// package's engine is (for `Runtime(fuel=…)` and for its deadline), to
/// measure what that costs.
pub fn engine(bound: Bound) -> Result<Engine, Error> {
    let mut config = Config::new();
    config.wasm_component_model(true);
    config.concurrency_support(false);
    // For `perf`: TOOL_SCHEMA_BENCH_PERFMAP=1 writes /tmp/perf-PID.map, which
    // names the compiled wasm functions (bench/README.md).
    if std::env::var_os("TOOL_SCHEMA_BENCH_PERFMAP").is_some() {
        config.profiler(wasmtime::ProfilingStrategy::PerfMap);
    }
    config.consume_fuel(bound == Bound::Fuel);
    config.epoch_interruption(bound == Bound::Epoch);
    Engine::new(&config)
}

/// Compiles the component once (timed) and returns its serialized form.
pub fn precompile(wasm: &[u8], bound: Bound) -> Result<Precompiled, Error> {
    let engine = engine(bound)?;
    let start = Instant::now();
    let component = Component::new(&engine, wasm)?;
    let compile_time = start.elapsed();
    let bytes = component.serialize()?;
    // For bench/codecompare.py: TOOL_SCHEMA_BENCH_CWASM=DIR writes the
    // compiled code (an ELF object with a symbol per wasm function) as
    // DIR/component-{none,fuel,epoch}.cwasm.
    if let Some(dir) = std::env::var_os("TOOL_SCHEMA_BENCH_CWASM") {
        let name = format!("component-{}.cwasm", format!("{bound:?}").to_lowercase());
        std::fs::write(std::path::Path::new(&dir).join(name), &bytes)?;
    }
    Ok(Precompiled { bytes, engine, bound, compile_time })
}

/// A loaded component: what a long-running host keeps.
pub struct Loaded {
    pub engine: Engine,
    pub pre: ToolSchemaPre<StoreLimits>,
    bound: Bound,
}

impl Loaded {
    /// Deserializes the precompiled component and resolves its (empty) imports.
    pub fn from_precompiled(precompiled: &Precompiled) -> Result<Loaded, Error> {
        let (engine, bytes) = (&precompiled.engine, &precompiled.bytes);
        // SAFETY: `bytes` is what `Component::serialize` wrote in this process,
        // with this engine's configuration.
        let component = unsafe { Component::deserialize(engine, bytes)? };
        let linker = Linker::<StoreLimits>::new(engine);
        let pre = ToolSchemaPre::new(linker.instantiate_pre(&component)?)?;
        Ok(Loaded { engine: engine.clone(), pre, bound: precompiled.bound })
    }

    /// A fresh store and instance.
    pub fn instantiate(&self) -> Result<Instance, Error> {
        let limits = StoreLimitsBuilder::new().memory_size(512 << 20).build();
        let mut store = Store::new(&self.engine, limits);
        store.limiter(|l| l);
        match self.bound {
            Bound::None => {}
            Bound::Fuel => store.set_fuel(u64::MAX)?,
            // Every check runs; none is ever reached (nothing advances the
            // epoch), as in a call well inside its deadline.
            Bound::Epoch => store.set_epoch_deadline(u64::MAX / 2),
        }
        let bindings = self.pre.instantiate(&mut store)?;
        Ok(Instance { store, bindings })
    }
}

/// One store and instance, reused for every call.
pub struct Instance {
    store: Store<StoreLimits>,
    bindings: ToolSchema,
}

impl Instance {
    pub fn compile(&mut self, schema: &str) -> Result<ResourceAny, Error> {
        let v = self.bindings.onellm_tool_schema_validate().validator();
        match v.call_compile(&mut self.store, schema, None)? {
            Ok(handle) => Ok(handle),
            Err(d) => Err(wasmtime::format_err!("the schema does not compile: {d:?}")),
        }
    }

    /// `validator.validate`: the verdict, and the answer when asked for.
    pub fn validate(&mut self, handle: ResourceAny, args: &str) -> Result<Result<String, String>, Error> {
        let v = self.bindings.onellm_tool_schema_validate().validator();
        Ok(v.call_validate(&mut self.store, handle, args)?.map_err(|e| arg_errors_text(&e)))
    }

    pub fn validate_ok(&mut self, handle: ResourceAny, args: &str) -> Result<bool, Error> {
        let v = self.bindings.onellm_tool_schema_validate().validator();
        Ok(v.call_validate(&mut self.store, handle, args)?.is_ok())
    }

    pub fn validate_args(&mut self, schema: &str, args: &str) -> Result<Result<String, String>, Error> {
        let v = self.bindings.onellm_tool_schema_validate();
        Ok(v.call_validate_args(&mut self.store, schema, args)?.map_err(|e| arg_errors_text(&e)))
    }

    pub fn validate_args_ok(&mut self, schema: &str, args: &str) -> Result<bool, Error> {
        let v = self.bindings.onellm_tool_schema_validate();
        Ok(v.call_validate_args(&mut self.store, schema, args)?.is_ok())
    }

    pub fn describe_tool(&mut self, descriptor: &str) -> Result<Option<String>, Error> {
        Ok(self.bindings.onellm_tool_schema_describe().call_describe_tool(&mut self.store, descriptor)?.ok())
    }

    /// The converted schema, or `None` when refused.
    pub fn downconvert(&mut self, schema: &str, target_name: &str) -> Result<Option<String>, Error> {
        let target = target(target_name);
        let d = self.bindings.onellm_tool_schema_downconvert();
        Ok(d.call_downconvert(&mut self.store, schema, &target)?.ok().map(|d| d.schema))
    }

    /// The converted schema, or the refusal's codes (`OLS001,OLS002`): by
    /// `downconvert-json` without the changes, as the Python package converts.
    pub fn downconvert_answer(&mut self, schema: &str, target_name: &str) -> Result<Result<String, String>, Error> {
        let target = target(target_name);
        let d = self.bindings.onellm_tool_schema_downconvert();
        Ok(d.call_downconvert_json(&mut self.store, schema, &target, false)?
            .map(|d| d.schema)
            .map_err(|e| e.iter().map(|x| x.code.as_str()).collect::<Vec<_>>().join(",")))
    }

    /// `tool.from-descriptor`: the first tool the descriptor describes.
    pub fn tool_from_descriptor(&mut self, descriptor: &str) -> Result<ResourceAny, Error> {
        let t = self.bindings.onellm_tool_schema_tools().tool();
        match t.call_from_descriptor(&mut self.store, descriptor)? {
            Ok(tools) => tools.into_iter().next().ok_or_else(|| wasmtime::format_err!("the descriptor has no tool")),
            Err(d) => Err(wasmtime::format_err!("the descriptor does not describe: {d:?}")),
        }
    }

    /// `tool.from-schema`, with the default options.
    pub fn tool_from_schema(&mut self, name: &str, input_schema: &str) -> Result<ResourceAny, Error> {
        let t = self.bindings.onellm_tool_schema_tools().tool();
        match t.call_from_schema(&mut self.store, name, "", input_schema, None, None)? {
            Ok(tool) => Ok(tool),
            Err(d) => Err(wasmtime::format_err!("the schema does not make a tool: {d:?}")),
        }
    }

    /// `tool.convert`: the tool's input schema converted for `target`.
    pub fn tool_convert(&mut self, tool: ResourceAny, target_name: &str) -> Result<ResourceAny, Error> {
        let t = self.bindings.onellm_tool_schema_tools().tool();
        match t.call_convert(&mut self.store, tool, &target(target_name))? {
            Ok(converted) => Ok(converted),
            Err(d) => Err(wasmtime::format_err!("the tool does not convert: {d:?}")),
        }
    }

    /// `converted.restore`: the bound arguments, or the errors as text.
    pub fn restore(&mut self, converted: ResourceAny, args: &str) -> Result<Result<String, String>, Error> {
        let c = self.bindings.onellm_tool_schema_tools().converted();
        Ok(checked(c.call_restore(&mut self.store, converted, args)?))
    }

    /// `tool.encode` of a returned value (JSON text): the tool result as
    /// text, or the diagnostics' codes.
    pub fn tool_encode(&mut self, tool: ResourceAny, returned: &str) -> Result<Result<String, String>, Error> {
        let t = self.bindings.onellm_tool_schema_tools().tool();
        let outcome = Outcome::Returned(returned.to_owned());
        Ok(t.call_encode(&mut self.store, tool, &outcome)?
            .map(|r| tool_result_text(&r))
            .map_err(|e| e.iter().map(|x| x.code.as_str()).collect::<Vec<_>>().join(",")))
    }

    pub fn flatten_doc(&mut self, xml: &str) -> Result<String, Error> {
        self.bindings.onellm_tool_schema_describe().call_flatten_doc(&mut self.store, xml)
    }
}
