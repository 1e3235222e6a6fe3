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
use wasmtime::{Config, Engine, ResourceLimiter, Store, StoreLimits, StoreLimitsBuilder};

wasmtime::component::bindgen!({
    world: "tool-schema",
    path: "../wit",
});

pub use exports::onellm::tool_schema::describe::{FromSource, SourceDiagnostic, SourceFile, SourceOptions};
pub use exports::onellm::tool_schema::downconvert::ChangeAction;
pub use exports::onellm::tool_schema::downconvert::{
    AlsoValidFor, Change, DeadBranch, Downconverted, OverLimit, Placement, ProviderInfo, RequestPlan, Target,
    ToolBudget,
};
pub use exports::onellm::tool_schema::encode::{Exception, Outcome, Part, ToolResult};
pub use exports::onellm::tool_schema::tools::ToolInfo;
pub use exports::onellm::tool_schema::types::{Diagnostic, Mode, TypeContext};
pub use exports::onellm::tool_schema::validate::{
    ArgError, ArgParams, Checked, FormatMode, JsonType, LimitKind, Limits, Segment, Shown, ValidateOptions,
};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
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
    pre: ToolSchemaPre<Limited>,
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
        let linker = Linker::<Limited>::new(&engine);
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
            id: HOSTS.fetch_add(1, Ordering::Relaxed),
            orphans: Rc::default(),
            runtime: self,
            store,
            bindings,
            generation: 0,
            deadline_ticks: self.deadline_ticks,
            work_budget: self.work_budget,
        })
    }

    /// A store and an instance whose calls each have `work_budget` steps.
    fn fresh(&self, work_budget: u64) -> Result<(Store<Limited>, ToolSchema), HostError> {
        let limits = StoreLimitsBuilder::new().memory_size(self.memory_limit).build();
        let mut store = Store::new(&self.engine, Limited { limits, memory: 0 });
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

/// A store's limits, and how large its instance's linear memory has grown.
pub struct Limited {
    limits: StoreLimits,
    memory: usize,
}

impl ResourceLimiter for Limited {
    fn memory_growing(&mut self, current: usize, desired: usize, maximum: Option<usize>) -> wasmtime::Result<bool> {
        let grows = self.limits.memory_growing(current, desired, maximum)?;
        if grows {
            self.memory = desired;
        }
        Ok(grows)
    }

    fn table_growing(&mut self, current: usize, desired: usize, maximum: Option<usize>) -> wasmtime::Result<bool> {
        self.limits.table_growing(current, desired, maximum)
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

/// Each host's identity, so that a handle is never used with another.
static HOSTS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// Handles whose owners were dropped without being released: released at
/// the host's next call (a handle cannot reach the store on its own).
type Orphans = Rc<RefCell<Vec<(u64, ResourceAny)>>>;

/// One instance of the component and the store it lives in.
pub struct Host<'r> {
    /// This host's identity.
    id: u64,
    orphans: Orphans,
    runtime: &'r Runtime,
    store: Store<Limited>,
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
/// compiled again in the new one when it is next used. It belongs to the
/// host that compiled it: another host refuses it.
pub struct CompiledSchema {
    host: u64,
    handle: Cell<ResourceAny>,
    generation: Cell<u64>,
    schema: String,
    options: Option<ValidateOptions>,
}

/// How a tool was made, to make it again in a fresh instance.
#[derive(Clone, Debug)]
enum ToolSource {
    /// The `index`th tool of a descriptor.
    Descriptor { text: String, index: usize },
    Schemas {
        name: String,
        description: String,
        input: String,
        output: Option<String>,
        options: Option<ValidateOptions>,
    },
}

/// A resource handle in one host's instance, released when its owner is
/// released or dropped.
struct Handle {
    host: u64,
    handle: Cell<ResourceAny>,
    generation: Cell<u64>,
    orphans: Orphans,
    released: Cell<bool>,
}

impl Drop for Handle {
    fn drop(&mut self) {
        if !self.released.get() {
            self.orphans.borrow_mut().push((self.generation.get(), self.handle.get()));
        }
    }
}

/// A tool compiled once inside the component (a `tool` resource): made by
/// [`Host::tools`] or [`Host::tool_from_schema`], used with the host that
/// made it, released by [`Host::release_tool`] or when dropped. After a
/// trap replaces the instance, it is made again from what it was made from.
pub struct Tool {
    handle: Handle,
    source: ToolSource,
}

/// A tool's input schema converted for one provider (a `converted`
/// resource), with the way back ([`Host::restore`]).
pub struct Converted {
    handle: Handle,
    source: ToolSource,
    target: Target,
}

/// The answer to a validation: the bound arguments, or every error.
pub type Validation = Result<String, Vec<ArgError>>;

fn validation(c: Checked) -> Validation {
    match c {
        Checked::Valid(bound) => Ok(bound),
        Checked::Invalid(errors) => Err(errors),
    }
}

impl Host<'_> {
    /// Runs one call. A trap poisons an instance, so after one the instance is
    /// replaced before the error is returned.
    fn call<T>(
        &mut self,
        f: impl FnOnce(&ToolSchema, &mut Store<Limited>) -> wasmtime::Result<T>,
    ) -> Result<T, HostError> {
        self.store.set_epoch_deadline(self.deadline_ticks);
        let orphans = std::mem::take(&mut *self.orphans.borrow_mut());
        for (generation, handle) in orphans {
            if generation == self.generation {
                handle.resource_drop(&mut self.store).map_err(|e| host_error("cannot release a dropped handle", e))?;
            }
        }
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

    pub fn budget_plan(
        &mut self,
        schemas: &[String],
        names: &[String],
        target: &Target,
    ) -> Result<Result<RequestPlan, Vec<Diagnostic>>, HostError> {
        self.call(|b, s| b.onellm_tool_schema_downconvert().call_budget_plan(s, schemas, names, target))
    }

    /// Every built-in request surface.
    pub fn providers(&mut self) -> Result<Vec<ProviderInfo>, HostError> {
        self.call(|b, s| b.onellm_tool_schema_downconvert().call_providers(s))
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
            host: self.id,
            handle: Cell::new(handle),
            generation: Cell::new(generation),
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
        self.owns(compiled.host, "schema")?;
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

    /// The size of the instance's linear memory, in bytes.
    pub fn memory_bytes(&self) -> usize {
        self.store.data().memory
    }

    /// How many instances have replaced the first one after a trap.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// A schema compiled in an instance a trap has since replaced is compiled
    /// again in this one, from what it was compiled from.
    fn recompile_if_stale(&mut self, compiled: &CompiledSchema) -> Result<(), HostError> {
        self.owns(compiled.host, "schema")?;
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

    /// A handle from another host is refused.
    fn owns(&self, host: u64, what: &str) -> Result<(), HostError> {
        if host == self.id {
            Ok(())
        } else {
            Err(HostError(format!("this {what} belongs to another host: use it with the host that made it")))
        }
    }

    fn handle(&self, handle: ResourceAny) -> Handle {
        Handle {
            host: self.id,
            handle: Cell::new(handle),
            generation: Cell::new(self.generation),
            orphans: self.orphans.clone(),
            released: Cell::new(false),
        }
    }

    /// Makes the tools of `source` in this instance.
    fn make(&mut self, source: &ToolSource) -> Result<Result<Vec<ResourceAny>, Vec<Diagnostic>>, HostError> {
        match source {
            ToolSource::Descriptor { text, .. } => {
                self.call(|b, s| b.onellm_tool_schema_tools().tool().call_from_descriptor(s, text))
            }
            ToolSource::Schemas { name, description, input, output, options } => Ok(self
                .call(|b, s| {
                    b.onellm_tool_schema_tools().tool().call_from_schema(
                        s,
                        name,
                        description,
                        input,
                        output.as_deref(),
                        *options,
                    )
                })?
                .map(|t| vec![t])),
        }
    }

    /// Every tool a descriptor (JSON text) describes: one for a method
    /// descriptor, one per tool method of a class descriptor.
    pub fn tools(&mut self, descriptor: &str) -> Result<Result<Vec<Tool>, Vec<Diagnostic>>, HostError> {
        let source = ToolSource::Descriptor { text: descriptor.to_owned(), index: 0 };
        Ok(self.make(&source)?.map(|handles| {
            handles
                .into_iter()
                .enumerate()
                .map(|(index, h)| Tool {
                    handle: self.handle(h),
                    source: ToolSource::Descriptor { text: descriptor.to_owned(), index },
                })
                .collect()
        }))
    }

    /// A tool described by its schemas (JSON texts), its arguments validated
    /// with `options`.
    pub fn tool_from_schema(
        &mut self,
        name: &str,
        description: &str,
        input_schema: &str,
        output_schema: Option<&str>,
        options: Option<ValidateOptions>,
    ) -> Result<Result<Tool, Vec<Diagnostic>>, HostError> {
        let source = ToolSource::Schemas {
            name: name.to_owned(),
            description: description.to_owned(),
            input: input_schema.to_owned(),
            output: output_schema.map(str::to_owned),
            options,
        };
        Ok(self.make(&source)?.map(|mut handles| Tool { handle: self.handle(handles.remove(0)), source }))
    }

    /// The handle of `h` in this instance: refused from another host or
    /// after release; made again from `source` after a trap.
    fn live(&mut self, h: &Handle, source: &ToolSource, target: Option<&Target>) -> Result<ResourceAny, HostError> {
        self.owns(h.host, "tool")?;
        if h.released.get() {
            return Err(HostError("this tool was released: make it again to use it".into()));
        }
        if h.generation.get() == self.generation {
            return Ok(h.handle.get());
        }
        let stale = || HostError("the tool no longer compiles in a fresh instance".into());
        let mut tools = self.make(source)?.map_err(|_| stale())?;
        let index = match source {
            ToolSource::Descriptor { index, .. } => *index,
            ToolSource::Schemas { .. } => 0,
        };
        if index >= tools.len() {
            return Err(stale());
        }
        let tool = tools.swap_remove(index);
        let fresh = match target {
            None => tool,
            Some(target) => {
                let converted = self.call(|b, s| b.onellm_tool_schema_tools().tool().call_convert(s, tool, target))?;
                converted.map_err(|_| stale())?
            }
        };
        h.handle.set(fresh);
        h.generation.set(self.generation);
        Ok(fresh)
    }

    pub fn tool_info(&mut self, tool: &Tool) -> Result<ToolInfo, HostError> {
        let h = self.live(&tool.handle, &tool.source, None)?;
        self.call(|b, s| b.onellm_tool_schema_tools().tool().call_info(s, h))
    }

    /// Validates the model's arguments (JSON text) and binds them.
    pub fn tool_validate(&mut self, tool: &Tool, args: &str) -> Result<Validation, HostError> {
        let h = self.live(&tool.handle, &tool.source, None)?;
        self.call(|b, s| b.onellm_tool_schema_tools().tool().call_validate(s, h, args)).map(validation)
    }

    /// The outcome of one call as the tool result, for the tool's return type.
    pub fn tool_encode(
        &mut self,
        tool: &Tool,
        outcome: &Outcome,
    ) -> Result<Result<ToolResult, Vec<Diagnostic>>, HostError> {
        let h = self.live(&tool.handle, &tool.source, None)?;
        self.call(|b, s| b.onellm_tool_schema_tools().tool().call_encode(s, h, outcome))
    }

    /// The tool's input schema converted for `target`.
    pub fn tool_convert(
        &mut self,
        tool: &Tool,
        target: &Target,
    ) -> Result<Result<Converted, Vec<Diagnostic>>, HostError> {
        let h = self.live(&tool.handle, &tool.source, None)?;
        let answer = self.call(|b, s| b.onellm_tool_schema_tools().tool().call_convert(s, h, target))?;
        Ok(answer.map(|c| Converted { handle: self.handle(c), source: tool.source.clone(), target: target.clone() }))
    }

    /// The converted schema, its changes, and whether it is lossless.
    pub fn converted(&mut self, converted: &Converted) -> Result<Downconverted, HostError> {
        let h = self.live(&converted.handle, &converted.source, Some(&converted.target))?;
        let schema = self.call(|b, s| b.onellm_tool_schema_tools().converted().call_schema(s, h))?;
        let changes = self.call(|b, s| b.onellm_tool_schema_tools().converted().call_changes(s, h))?;
        let lossless = self.call(|b, s| b.onellm_tool_schema_tools().converted().call_lossless(s, h))?;
        let also_valid_for = self.call(|b, s| b.onellm_tool_schema_tools().converted().call_also_valid_for(s, h))?;
        let dead = self.call(|b, s| b.onellm_tool_schema_tools().converted().call_dead(s, h))?;
        Ok(Downconverted { schema, changes, lossless, also_valid_for, dead })
    }

    /// The model's answer to the converted schema, turned back into the
    /// tool's bound arguments.
    pub fn restore(&mut self, converted: &Converted, args: &str) -> Result<Validation, HostError> {
        let h = self.live(&converted.handle, &converted.source, Some(&converted.target))?;
        self.call(|b, s| b.onellm_tool_schema_tools().converted().call_restore(s, h, args)).map(validation)
    }

    fn release_handle(&mut self, h: &Handle) -> Result<(), HostError> {
        self.owns(h.host, "tool")?;
        if h.released.replace(true) || h.generation.get() != self.generation {
            return Ok(()); // released already, or its instance is gone and its memory with it
        }
        let handle = h.handle.get();
        self.call(|_, s| handle.resource_drop(s))
    }

    /// Releases a tool inside the component now (dropping it releases it at
    /// the host's next call).
    pub fn release_tool(&mut self, tool: Tool) -> Result<(), HostError> {
        self.release_handle(&tool.handle)
    }

    /// Releases a converted schema inside the component now.
    pub fn release_converted(&mut self, converted: Converted) -> Result<(), HostError> {
        self.release_handle(&converted.handle)
    }

    /// How many schemas this host's instance has compiled.
    pub fn schemas_compiled(&mut self) -> Result<u64, HostError> {
        self.call(|b, s| b.onellm_tool_schema_tools().call_schemas_compiled(s))
    }
}

/// The name an action has in JSON (`removed`, `relaxed`, …): the core's
/// name for the same action (`tool_schema::ChangeAction::as_str`).
pub fn action_name(a: ChangeAction) -> &'static str {
    use tool_schema::ChangeAction as Core;
    match a {
        ChangeAction::Removed => Core::Removed,
        ChangeAction::Relaxed => Core::Relaxed,
        ChangeAction::Unenforced => Core::Unenforced,
        ChangeAction::Dropped => Core::Dropped,
        ChangeAction::Closed => Core::Closed,
        ChangeAction::Required => Core::Required,
        ChangeAction::Widened => Core::Widened,
        ChangeAction::Reshaped => Core::Reshaped,
        ChangeAction::Merged => Core::Merged,
        ChangeAction::Inlined => Core::Inlined,
        ChangeAction::Typed => Core::Typed,
        ChangeAction::Ordered => Core::Ordered,
        ChangeAction::Moved => Core::Moved,
    }
    .as_str()
}

fn type_name(t: JsonType) -> &'static str {
    match t {
        JsonType::Null => "null",
        JsonType::Boolean => "boolean",
        JsonType::Integer => "integer",
        JsonType::Number => "number",
        JsonType::String => "string",
        JsonType::Array => "array",
        JsonType::Object => "object",
    }
}

/// An argument error as JSON, everything it carries, in the form every host
/// writes (docs/validation.md, "Params"): `{"path", "keyword", "message",
/// "location", "schemaLocation", "params"}`.
pub fn arg_error_value(e: &ArgError) -> tool_schema::json::Value {
    use tool_schema::json::{Number, Value};
    let s = |t: &str| Value::String(t.to_owned());
    let n = |n: u64| Value::Number(Number::from_i128(i128::from(n)));
    let opt = |t: &Option<String>| t.as_deref().map_or(Value::Null, s);
    let texts = |l: &[String]| Value::Array(l.iter().map(|t| s(t)).collect());
    let shown = |v: &Shown| Value::Object(vec![("type".into(), s(type_name(v.type_))), ("text".into(), opt(&v.text))]);
    let (kind, fields): (&str, Vec<(&str, Value)>) = match &e.params {
        ArgParams::Type(p) => (
            "type",
            vec![
                ("expected", Value::Array(p.expected.iter().map(|t| s(type_name(*t))).collect())),
                ("value", shown(&p.value)),
            ],
        ),
        ArgParams::Const(p) => ("const", vec![("expected", s(&p.expected)), ("value", shown(&p.value))]),
        ArgParams::Enum(p) => {
            ("enum", vec![("allowed", texts(&p.allowed)), ("more", n(p.more)), ("value", shown(&p.value))])
        }
        ArgParams::Bound(p) => ("bound", vec![("limit", s(&p.limit)), ("value", s(&p.value))]),
        ArgParams::Count(p) => ("count", vec![("limit", n(p.limit)), ("count", n(p.count))]),
        ArgParams::Pattern(p) => ("pattern", vec![("pattern", s(&p.pattern)), ("value", shown(&p.value))]),
        ArgParams::Format(p) => ("format", vec![("format", s(&p.format)), ("value", shown(&p.value))]),
        ArgParams::Required(p) => ("required", vec![("name", s(&p.name)), ("given", opt(&p.given))]),
        ArgParams::Unexpected(allowed) => {
            ("unexpected", vec![("allowed", allowed.as_deref().map_or(Value::Null, texts))])
        }
        ArgParams::Unique(p) => ("unique", vec![("first", n(p.first)), ("second", n(p.second))]),
        ArgParams::Contains(p) => ("contains", vec![("schema", opt(&p.schema)), ("limit", n(p.limit))]),
        ArgParams::Not(schema) => ("not", vec![("schema", s(schema))]),
        ArgParams::ExtraItem(limit) => ("extra-item", vec![("limit", n(*limit))]),
        ArgParams::FalseSchema => ("false-schema", vec![]),
        ArgParams::NoMatch => ("no-match", vec![]),
        ArgParams::ManyMatch(b) => ("many-match", vec![("branches", Value::Array(b.iter().map(|b| n(*b)).collect()))]),
        ArgParams::PropertyName(p) => {
            ("property-name", vec![("name", s(&p.name)), ("keyword", s(&p.keyword)), ("reason", s(&p.reason))])
        }
        ArgParams::Backtracking(p) => {
            ("backtracking", vec![("pattern", s(&p.pattern)), ("at", s(&p.at)), ("steps", n(p.steps))])
        }
        ArgParams::Limit(p) => {
            let what = match p.what {
                LimitKind::Bytes => "bytes",
                LimitKind::Depth => "depth",
                LimitKind::Steps => "steps",
                LimitKind::Errors => "errors",
            };
            ("limit", vec![("what", s(what)), ("limit", n(p.limit)), ("count", n(p.count))])
        }
        ArgParams::Json(reason) => ("json", vec![("reason", s(reason))]),
        ArgParams::Schema(d) => {
            ("schema", vec![("code", s(&d.code)), ("message", s(&d.message)), ("path", s(&d.path))])
        }
        ArgParams::Conversion(reason) => ("conversion", vec![("reason", s(reason))]),
    };
    let mut params = vec![("kind".to_owned(), s(kind))];
    params.extend(fields.into_iter().map(|(k, v)| (k.to_owned(), v)));
    let location = e
        .location
        .iter()
        .map(|seg| match seg {
            Segment::Member(m) => s(m),
            Segment::Index(i) => n(u64::from(*i)),
        })
        .collect();
    Value::Object(vec![
        ("path".into(), s(&e.path)),
        ("keyword".into(), s(&e.keyword)),
        ("message".into(), s(&e.message)),
        ("location".into(), Value::Array(location)),
        ("schemaLocation".into(), s(&e.schema_location)),
        ("params".into(), Value::Object(params)),
    ])
}
