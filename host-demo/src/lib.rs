//! A wasmtime host for the tool-schema component.
//!
//! [`Runtime::load`] compiles the component once and keeps the compiled form in
//! a cache directory, keyed by the component's SHA-256 and the engine's
//! compatibility hash, so that the next process deserializes instead of
//! compiling. [`Host`] owns one store and instance and calls the component's
//! exports. Every call runs under a memory limit and a deadline (wasmtime's
//! epoch interruption); if a call traps, the instance is dropped and a fresh
//! one made before the error is returned, so the next call works, and a
//! schema compiled before the trap is compiled again when it is next used.

use sha2::{Digest, Sha256};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use wasmtime::component::{Component, Linker};
use wasmtime::{Config, Engine, Store, StoreLimits, StoreLimitsBuilder};

wasmtime::component::bindgen!({
    world: "tool-schema",
    path: "../wit",
});

pub use exports::onellm::tool_schema::describe::{FromSource, SourceDiagnostic, SourceFile, SourceOptions};
pub use exports::onellm::tool_schema::downconvert::{Change, Downconverted, OverLimit, Target};
pub use exports::onellm::tool_schema::encode::{Exception, Outcome, Part, ToolResult};
pub use exports::onellm::tool_schema::types::{Diagnostic, Mode, TypeContext};
pub use exports::onellm::tool_schema::validate::{ArgError, FormatMode, Limits, ValidateOptions};
use wasmtime::component::ResourceAny;

/// Where `make component` writes the component in this workspace.
pub const DEFAULT_COMPONENT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../target/component/tool_schema.wasm");

/// The component path to use: `TOOL_SCHEMA_COMPONENT` or [`DEFAULT_COMPONENT`],
/// without `..` segments when it exists.
pub fn default_component() -> PathBuf {
    let p = std::env::var_os("TOOL_SCHEMA_COMPONENT").map_or_else(|| PathBuf::from(DEFAULT_COMPONENT), PathBuf::from);
    std::fs::canonicalize(&p).unwrap_or(p)
}

/// The most linear memory one instance may grow to, by default.
pub const MEMORY_LIMIT_BYTES: usize = 512 << 20;

/// The longest one call may run, by default, before it is interrupted (a
/// trap). The component's own limits answer every input well within it.
pub const CALL_DEADLINE: Duration = Duration::from_secs(10);

/// How often the engine's epoch advances: the deadline's granularity.
const EPOCH_TICK: Duration = Duration::from_millis(10);

/// A host-side failure: the component is missing or invalid, or a call trapped.
#[derive(Debug)]
pub struct HostError(pub String);

impl fmt::Display for HostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for HostError {}

fn host_error(context: &str, e: impl fmt::Display) -> HostError {
    HostError(format!("{context}: {e}"))
}

/// How to find and cache the component, and the bounds every call runs in.
#[derive(Clone, Debug)]
pub struct LoadOptions {
    pub component: PathBuf,
    /// `None` compiles every time.
    pub cache_dir: Option<PathBuf>,
    /// The most linear memory one instance may grow to ([`MEMORY_LIMIT_BYTES`]).
    pub memory_limit: usize,
    /// The longest one call may run ([`CALL_DEADLINE`]), to within 10 ms.
    pub call_deadline: Duration,
    /// The steps one call may take inside the component
    /// ([`WORK_BUDGET`]): past it the call answers with an error with path
    /// `$`, before the deadline would trap it.
    pub work_budget: u64,
}

/// The component's own default work budget per call, in steps.
pub const WORK_BUDGET: u64 = tool_schema::work::DEFAULT_BUDGET;

impl LoadOptions {
    /// The component from `TOOL_SCHEMA_COMPONENT` or [`DEFAULT_COMPONENT`], cached
    /// in [`default_cache_dir`], with the default bounds.
    pub fn from_env() -> LoadOptions {
        LoadOptions {
            component: default_component(),
            cache_dir: Some(default_cache_dir()),
            memory_limit: MEMORY_LIMIT_BYTES,
            call_deadline: CALL_DEADLINE,
            work_budget: WORK_BUDGET,
        }
    }
}

/// `TOOL_SCHEMA_CACHE_DIR`, else `$XDG_CACHE_HOME/tool-schema`, else
/// `$HOME/.cache/tool-schema`, else a directory under the system temp dir.
pub fn default_cache_dir() -> PathBuf {
    let env = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty()).map(PathBuf::from);
    env("TOOL_SCHEMA_CACHE_DIR")
        .or_else(|| env("XDG_CACHE_HOME").map(|d| d.join("tool-schema")))
        .or_else(|| env("HOME").map(|d| d.join(".cache").join("tool-schema")))
        .unwrap_or_else(|| std::env::temp_dir().join("tool-schema-cache"))
}

/// How the compiled component was obtained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Deserialized from this cache file.
    Cache(PathBuf),
    /// Compiled now, and written to this cache file (if caching is on and the
    /// write succeeded).
    Compiled(Option<PathBuf>),
}

/// A compiled component, ready to instantiate.
pub struct Runtime {
    engine: Engine,
    pre: ToolSchemaPre<StoreLimits>,
    pub origin: Origin,
    pub component_bytes: usize,
    memory_limit: usize,
    /// The deadline of one call, in epoch ticks.
    deadline_ticks: u64,
    work_budget: u64,
    /// Stops the thread that advances the epoch.
    ticking: Arc<AtomicBool>,
}

impl Drop for Runtime {
    fn drop(&mut self) {
        self.ticking.store(false, Ordering::Relaxed);
    }
}

fn engine() -> Result<Engine, HostError> {
    let mut config = Config::new();
    config.wasm_component_model(true);
    // No async exports: skip the per-store state concurrent calls need, which
    // makes every call cheaper.
    config.concurrency_support(false);
    // Calls are bounded in time: a store traps once the epoch passes its deadline.
    config.epoch_interruption(true);
    Engine::new(&config).map_err(|e| host_error("cannot create the engine", e))
}

/// Advances the engine's epoch every [`EPOCH_TICK`] until `ticking` is cleared.
fn start_ticking(engine: &Engine) -> Arc<AtomicBool> {
    let ticking = Arc::new(AtomicBool::new(true));
    let (engine, flag) = (engine.clone(), ticking.clone());
    std::thread::spawn(move || {
        while flag.load(Ordering::Relaxed) {
            std::thread::sleep(EPOCH_TICK);
            engine.increment_epoch();
        }
    });
    ticking
}

/// Feeds `Hash` output into SHA-256, so the engine's compatibility hash can be
/// part of a cache key that is stable across processes.
struct ShaHasher(Sha256);

impl Hasher for ShaHasher {
    fn finish(&self) -> u64 {
        0
    }

    fn write(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }
}

impl Runtime {
    pub fn load(opts: &LoadOptions) -> Result<Runtime, HostError> {
        let bytes = std::fs::read(&opts.component).map_err(|e| {
            host_error(
                &format!("cannot read the component {} (build it with `make component`)", opts.component.display()),
                e,
            )
        })?;
        let engine = engine()?;
        let mut key = ShaHasher(Sha256::new());
        key.write(&bytes);
        engine.precompile_compatibility_hash().hash(&mut key);
        let key: String = key.0.finalize().iter().take(16).map(|b| format!("{b:02x}")).collect();
        let cache_file = opts.cache_dir.as_ref().map(|d| d.join(format!("tool_schema-{key}.cwasm")));

        let cached = cache_file.as_ref().filter(|f| f.is_file()).and_then(|f| {
            // SAFETY: the file is one this function wrote from `Component::serialize`
            // under a key that includes the component's hash and the engine's
            // compatibility hash; wasmtime also checks the header and refuses a
            // file from another version or configuration, in which case we compile.
            unsafe { Component::deserialize_file(&engine, f) }.ok().map(|c| (c, f.clone()))
        });
        let (component, origin) = match cached {
            Some((c, f)) => (c, Origin::Cache(f)),
            None => {
                let c = Component::new(&engine, &bytes).map_err(|e| host_error("the component does not compile", e))?;
                let written = cache_file.and_then(|f| write_atomically(&f, &c.serialize().ok()?).ok().map(|()| f));
                (c, Origin::Compiled(written))
            }
        };
        // The component imports nothing, so an empty linker instantiates it; an
        // import would make this fail, which is what we want.
        let linker = Linker::<StoreLimits>::new(&engine);
        let pre =
            linker.instantiate_pre(&component).map_err(|e| host_error("the component cannot be instantiated", e))?;
        let pre = ToolSchemaPre::new(pre)
            .map_err(|e| host_error("the component does not have the tool-schema exports", e))?;
        let ticking = start_ticking(&engine);
        let deadline_ticks = (opts.call_deadline.as_millis() / EPOCH_TICK.as_millis()).max(1) as u64;
        Ok(Runtime {
            engine,
            pre,
            origin,
            component_bytes: bytes.len(),
            memory_limit: opts.memory_limit,
            deadline_ticks,
            work_budget: opts.work_budget,
            ticking,
        })
    }

    /// A fresh store and instance.
    pub fn instantiate(&self) -> Result<Host<'_>, HostError> {
        let (store, bindings) = self.fresh(self.work_budget)?;
        Ok(Host {
            runtime: self,
            store,
            bindings,
            generation: 0,
            deadline_ticks: self.deadline_ticks,
            work_budget: self.work_budget,
        })
    }

    /// A store and an instance whose calls each have `work_budget` steps.
    fn fresh(&self, work_budget: u64) -> Result<(Store<StoreLimits>, ToolSchema), HostError> {
        let limits = StoreLimitsBuilder::new().memory_size(self.memory_limit).build();
        let mut store = Store::new(&self.engine, limits);
        store.limiter(|l| l);
        store.set_epoch_deadline(self.deadline_ticks);
        let bindings = self.pre.instantiate(&mut store).map_err(|e| host_error("instantiation failed", e))?;
        if work_budget != WORK_BUDGET {
            bindings
                .onellm_tool_schema_work()
                .call_set_work_budget(&mut store, work_budget)
                .map_err(|e| host_error("cannot set the work budget", e))?;
        }
        Ok((store, bindings))
    }
}

fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
}

/// One instance of the component and the store it lives in.
pub struct Host<'r> {
    runtime: &'r Runtime,
    store: Store<StoreLimits>,
    bindings: ToolSchema,
    /// Counts the instances this host has had; a schema compiled in an
    /// earlier one (before a trap) is compiled again before it is used.
    generation: u64,
    /// The deadline of each call, in epoch ticks.
    deadline_ticks: u64,
    /// The work budget of each call, in steps (set again in a fresh instance).
    work_budget: u64,
}

/// A schema compiled inside the component (a `validator` resource). It keeps
/// what it was compiled from: after a trap replaces the instance, it is
/// compiled again in the new one when it is next used.
pub struct CompiledSchema {
    handle: std::cell::Cell<ResourceAny>,
    generation: std::cell::Cell<u64>,
    schema: String,
    options: Option<ValidateOptions>,
}

impl Host<'_> {
    /// Runs one call. A trap poisons an instance, so after one the instance is
    /// replaced before the error is returned.
    fn call<T>(
        &mut self,
        f: impl FnOnce(&ToolSchema, &mut Store<StoreLimits>) -> wasmtime::Result<T>,
    ) -> Result<T, HostError> {
        self.store.set_epoch_deadline(self.deadline_ticks);
        match f(&self.bindings, &mut self.store) {
            Ok(v) => Ok(v),
            Err(e) => {
                let (store, bindings) = self.runtime.fresh(self.work_budget)?;
                self.store = store;
                self.bindings = bindings;
                self.generation += 1;
                Err(host_error("the component trapped (a fresh instance replaces it)", format!("{e:?}")))
            }
        }
    }

    pub fn describe_tool(&mut self, descriptor: &str) -> Result<Result<String, Vec<Diagnostic>>, HostError> {
        self.call(|b, s| b.onellm_tool_schema_describe().call_describe_tool(s, descriptor))
    }

    /// `describe-source`: every `[Tool]` method in C# source files.
    pub fn describe_source(
        &mut self,
        files: &[SourceFile],
        options: &SourceOptions,
    ) -> Result<Result<FromSource, Vec<SourceDiagnostic>>, HostError> {
        self.call(|b, s| b.onellm_tool_schema_describe().call_describe_source(s, files, options))
    }

    /// `source-descriptor`: the descriptor C# source files describe to.
    pub fn source_descriptor(
        &mut self,
        files: &[SourceFile],
        options: &SourceOptions,
    ) -> Result<Result<FromSource, Vec<SourceDiagnostic>>, HostError> {
        self.call(|b, s| b.onellm_tool_schema_describe().call_source_descriptor(s, files, options))
    }

    pub fn describe_type(
        &mut self,
        type_expr: &str,
        context: &TypeContext,
    ) -> Result<Result<String, Vec<Diagnostic>>, HostError> {
        self.call(|b, s| b.onellm_tool_schema_describe().call_describe_type(s, type_expr, context))
    }

    pub fn tool_name(&mut self, method: &str) -> Result<Result<String, Diagnostic>, HostError> {
        self.call(|b, s| b.onellm_tool_schema_describe().call_tool_name(s, method))
    }

    pub fn flatten_doc(&mut self, xml: &str) -> Result<String, HostError> {
        self.call(|b, s| b.onellm_tool_schema_describe().call_flatten_doc(s, xml))
    }

    /// Encodes a tool's outcome for the model.
    pub fn encode_result(
        &mut self,
        tool_name: &str,
        return_type: &str,
        context: &TypeContext,
        outcome: &Outcome,
        ends_loop: bool,
    ) -> Result<Result<ToolResult, Vec<Diagnostic>>, HostError> {
        self.call(|b, s| {
            b.onellm_tool_schema_encode().call_encode_result(s, tool_name, return_type, context, outcome, ends_loop)
        })
    }

    pub fn downconvert(
        &mut self,
        schema: &str,
        target: &Target,
    ) -> Result<Result<Downconverted, Vec<Diagnostic>>, HostError> {
        self.call(|b, s| b.onellm_tool_schema_downconvert().call_downconvert(s, schema, target))
    }

    pub fn restore_args(
        &mut self,
        original_schema: &str,
        target: &Target,
        args: &str,
    ) -> Result<Result<String, Vec<ArgError>>, HostError> {
        self.call(|b, s| b.onellm_tool_schema_downconvert().call_restore_args(s, original_schema, target, args))
    }

    pub fn budget(
        &mut self,
        schemas: &[String],
        target: &Target,
    ) -> Result<Result<Vec<OverLimit>, Vec<Diagnostic>>, HostError> {
        self.call(|b, s| b.onellm_tool_schema_downconvert().call_budget(s, schemas, target))
    }

    pub fn provider_profile(&mut self, name: &str) -> Result<Result<String, Diagnostic>, HostError> {
        self.call(|b, s| b.onellm_tool_schema_downconvert().call_provider_profile(s, name))
    }

    pub fn validate_args(&mut self, schema: &str, args: &str) -> Result<Result<String, Vec<ArgError>>, HostError> {
        self.call(|b, s| b.onellm_tool_schema_validate().call_validate_args(s, schema, args))
    }

    pub fn default_limits(&mut self) -> Result<Limits, HostError> {
        self.call(|b, s| b.onellm_tool_schema_validate().call_default_limits(s))
    }

    /// Compiles a schema once for many validations.
    pub fn compile(
        &mut self,
        schema: &str,
        options: Option<ValidateOptions>,
    ) -> Result<Result<CompiledSchema, Vec<Diagnostic>>, HostError> {
        let generation = self.generation;
        let o = options;
        let answer = self.call(|b, s| b.onellm_tool_schema_validate().validator().call_compile(s, schema, o))?;
        Ok(answer.map(|handle| CompiledSchema {
            handle: std::cell::Cell::new(handle),
            generation: std::cell::Cell::new(generation),
            schema: schema.to_owned(),
            options,
        }))
    }

    /// Validates one argument text against a compiled schema.
    pub fn validate(
        &mut self,
        compiled: &CompiledSchema,
        args: &str,
    ) -> Result<Result<String, Vec<ArgError>>, HostError> {
        self.recompile_if_stale(compiled)?;
        let handle = compiled.handle.get();
        self.call(|b, s| b.onellm_tool_schema_validate().validator().call_validate(s, handle, args))
    }

    /// Frees a compiled schema inside the component.
    pub fn release(&mut self, compiled: CompiledSchema) -> Result<(), HostError> {
        if compiled.generation.get() != self.generation {
            return Ok(()); // its instance is gone, and its memory with it
        }
        compiled.handle.get().resource_drop(&mut self.store).map_err(|e| host_error("cannot release the validator", e))
    }

    /// Sets the longest each call of this host may run (the runtime's
    /// `call_deadline` until then), to within 10 ms.
    pub fn set_call_deadline(&mut self, deadline: Duration) {
        self.deadline_ticks = (deadline.as_millis() / EPOCH_TICK.as_millis()).max(1) as u64;
    }

    /// Sets the work budget of each later call of this host, in steps (the
    /// runtime's `work_budget` until then): past it a call answers with an
    /// error with path `$`. A schema compiled before keeps its budget.
    pub fn set_work_budget(&mut self, steps: u64) -> Result<(), HostError> {
        self.call(|b, s| b.onellm_tool_schema_work().call_set_work_budget(s, steps))?;
        self.work_budget = steps;
        Ok(())
    }

    /// The work budget of each call, as the component has it.
    pub fn work_budget(&mut self) -> Result<u64, HostError> {
        self.call(|b, s| b.onellm_tool_schema_work().call_work_budget(s))
    }

    /// How many instances have replaced the first one after a trap.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// A schema compiled in an instance a trap has since replaced is compiled
    /// again in this one, from what it was compiled from.
    fn recompile_if_stale(&mut self, compiled: &CompiledSchema) -> Result<(), HostError> {
        if compiled.generation.get() == self.generation {
            return Ok(());
        }
        let generation = self.generation;
        let (schema, options) = (compiled.schema.as_str(), compiled.options);
        match self.call(|b, s| b.onellm_tool_schema_validate().validator().call_compile(s, schema, options))? {
            Ok(handle) => {
                compiled.handle.set(handle);
                compiled.generation.set(generation);
                Ok(())
            }
            // It compiled before, and the component is deterministic.
            Err(diags) => Err(HostError(format!("the schema no longer compiles: {diags:?}"))),
        }
    }
}
