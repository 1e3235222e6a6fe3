//! A wasmtime host for the tool-schema component.
//!
//! [`Runtime::load`] compiles the component once and keeps the compiled form in
//! a cache directory, keyed by the component's SHA-256 and the engine's
//! compatibility hash, so that the next process deserializes instead of
//! compiling. [`Host`] owns one store and instance and calls the component's
//! exports; if a call traps, the instance is dropped and a fresh one made
//! before the error is returned, so the next call works.

use sha2::{Digest, Sha256};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use wasmtime::component::{Component, Linker};
use wasmtime::{Config, Engine, Store, StoreLimits, StoreLimitsBuilder};

wasmtime::component::bindgen!({
    world: "tool-schema",
    path: "../wit",
});

pub use exports::onellm::tool_schema::downconvert::{Change, Downconverted, Target};
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

/// The most linear memory one instance may grow to.
pub const MEMORY_LIMIT_BYTES: usize = 512 << 20;

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

/// How to find and cache the component.
#[derive(Clone, Debug)]
pub struct LoadOptions {
    pub component: PathBuf,
    /// `None` compiles every time.
    pub cache_dir: Option<PathBuf>,
}

impl LoadOptions {
    /// The component from `TOOL_SCHEMA_COMPONENT` or [`DEFAULT_COMPONENT`], cached
    /// in [`default_cache_dir`].
    pub fn from_env() -> LoadOptions {
        LoadOptions { component: default_component(), cache_dir: Some(default_cache_dir()) }
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
}

fn engine() -> Result<Engine, HostError> {
    let mut config = Config::new();
    config.wasm_component_model(true);
    // No async exports: skip the per-store state concurrent calls need, which
    // makes every call cheaper.
    config.concurrency_support(false);
    Engine::new(&config).map_err(|e| host_error("cannot create the engine", e))
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
        Ok(Runtime { engine, pre, origin, component_bytes: bytes.len() })
    }

    /// A fresh store and instance.
    pub fn instantiate(&self) -> Result<Host<'_>, HostError> {
        let (store, bindings) = self.fresh()?;
        Ok(Host { runtime: self, store, bindings, generation: 0 })
    }

    fn fresh(&self) -> Result<(Store<StoreLimits>, ToolSchema), HostError> {
        let limits = StoreLimitsBuilder::new().memory_size(MEMORY_LIMIT_BYTES).build();
        let mut store = Store::new(&self.engine, limits);
        store.limiter(|l| l);
        let bindings = self.pre.instantiate(&mut store).map_err(|e| host_error("instantiation failed", e))?;
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
    /// Counts the instances this host has had; a handle from an earlier one
    /// (before a trap) is refused rather than used.
    generation: u64,
}

/// A schema compiled inside the component (a `validator` resource).
pub struct CompiledSchema {
    handle: ResourceAny,
    generation: u64,
}

impl Host<'_> {
    /// Runs one call. A trap poisons an instance, so after one the instance is
    /// replaced before the error is returned.
    fn call<T>(
        &mut self,
        f: impl FnOnce(&ToolSchema, &mut Store<StoreLimits>) -> wasmtime::Result<T>,
    ) -> Result<T, HostError> {
        match f(&self.bindings, &mut self.store) {
            Ok(v) => Ok(v),
            Err(e) => {
                let (store, bindings) = self.runtime.fresh()?;
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
        let answer = self.call(|b, s| b.onellm_tool_schema_validate().validator().call_compile(s, schema, options))?;
        Ok(answer.map(|handle| CompiledSchema { handle, generation }))
    }

    /// Validates one argument text against a compiled schema.
    pub fn validate(
        &mut self,
        compiled: &CompiledSchema,
        args: &str,
    ) -> Result<Result<String, Vec<ArgError>>, HostError> {
        self.check_generation(compiled)?;
        let handle = compiled.handle;
        self.call(|b, s| b.onellm_tool_schema_validate().validator().call_validate(s, handle, args))
    }

    /// Frees a compiled schema inside the component.
    pub fn release(&mut self, compiled: CompiledSchema) -> Result<(), HostError> {
        if compiled.generation != self.generation {
            return Ok(()); // its instance is gone, and its memory with it
        }
        compiled.handle.resource_drop(&mut self.store).map_err(|e| host_error("cannot release the validator", e))
    }

    fn check_generation(&self, compiled: &CompiledSchema) -> Result<(), HostError> {
        if compiled.generation == self.generation {
            Ok(())
        } else {
            Err(HostError("this compiled schema belonged to an instance that trapped; compile it again".into()))
        }
    }
}
