//! The component: wit-bindgen glue only. Every rule lives in the core crate;
//! this file converts between WIT types and core types at the boundary.

wit_bindgen::generate!({
    world: "tool-schema",
    path: "../wit",
});

use exports::onellm::tool_schema::describe::{
    FromSource, Guest as Describe, SourceDiagnostic, SourceFile, SourceOptions,
};
use exports::onellm::tool_schema::downconvert::{
    AlsoValidFor, Change, ChangeAction, DeadBranch, Downconverted, DownconvertedJson, Guest as Downconvert, OverLimit,
    Placement, ProviderInfo, RequestPlan, Target, ToolBudget,
};
use exports::onellm::tool_schema::encode::{Guest as Encode, Outcome, Part, ToolResult};
use exports::onellm::tool_schema::tools::{
    Converted as ConvertedHandle, Guest as Tools, GuestConverted, GuestTool, Tool as ToolHandle, ToolInfo,
};
use exports::onellm::tool_schema::types::{Diagnostic, Mode, TypeContext};
use exports::onellm::tool_schema::validate::{
    ArgError, ArgParams, BacktrackingParams, BoundParams, Checked, ConstParams, ContainsParams, CountParams,
    EnumParams, FormatMode, FormatParams, Guest as Validate, GuestValidator, JsonType, LimitKind, LimitParams, Limits,
    PatternParams, PropertyNameParams, RequiredParams, Segment, Shown, TypeParams, UniqueParams, ValidateOptions,
    Validator as ValidatorHandle,
};
use exports::onellm::tool_schema::work::Guest as Work;

#[cfg(target_arch = "wasm32")]
mod bytes;
mod pools;

#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: pools::Pools = pools::Pools::new();

struct Component;

fn diagnostic(d: tool_schema::Diagnostic) -> Diagnostic {
    Diagnostic { code: d.code.as_str().to_owned(), message: d.message, path: d.path }
}

fn diagnostics(ds: Vec<tool_schema::Diagnostic>) -> Vec<Diagnostic> {
    ds.into_iter().map(diagnostic).collect()
}

fn mode(m: Mode) -> tool_schema::Mode {
    match m {
        Mode::Generator => tool_schema::Mode::Generator,
        Mode::Reflection => tool_schema::Mode::Reflection,
    }
}

#[inline(never)]
fn arg_errors(es: Vec<tool_schema::ArgError>) -> Vec<ArgError> {
    es.into_iter().map(arg_error).collect()
}

fn arg_error(e: tool_schema::ArgError) -> ArgError {
    let params = arg_params(&e.params, &e.location);
    let location = e
        .location
        .into_iter()
        .map(|s| match s {
            tool_schema::path::Segment::Key(k) => Segment::Member(k),
            tool_schema::path::Segment::Index(i) => Segment::Index(u32::try_from(i).unwrap_or(u32::MAX)),
        })
        .collect();
    ArgError {
        path: e.path,
        keyword: e.keyword,
        message: e.message,
        location,
        schema_location: e.schema_location,
        params,
    }
}

fn json_type(t: tool_schema::validate::JsonType) -> JsonType {
    use tool_schema::validate::JsonType as T;
    match t {
        T::Null => JsonType::Null,
        T::Boolean => JsonType::Boolean,
        T::Integer => JsonType::Integer,
        T::Number => JsonType::Number,
        T::String => JsonType::String,
        T::Array => JsonType::Array,
        T::Object => JsonType::Object,
    }
}

fn shown(v: &tool_schema::validate::Shown) -> Shown {
    Shown { type_: json_type(v.kind), text: v.text.clone() }
}

fn arg_params(p: &tool_schema::Params, at: &[tool_schema::path::Segment]) -> ArgParams {
    use tool_schema::Params as P;
    match p {
        P::Type { expected, value } => ArgParams::Type(TypeParams {
            expected: expected.iter().map(|t| json_type(*t)).collect(),
            value: shown(value),
        }),
        P::Const { expected, value } => {
            ArgParams::Const(ConstParams { expected: expected.to_json(), value: shown(value) })
        }
        P::Enum { allowed, more, value } => ArgParams::Enum(EnumParams {
            allowed: allowed.iter().map(|v| v.to_json()).collect(),
            more: *more,
            value: shown(value),
        }),
        P::Bound { limit, value } => ArgParams::Bound(BoundParams { limit: limit.clone(), value: value.clone() }),
        P::Count { limit, count } => ArgParams::Count(CountParams { limit: *limit, count: *count }),
        P::Pattern { pattern, value } => {
            ArgParams::Pattern(PatternParams { pattern: pattern.clone(), value: shown(value) })
        }
        P::Format { format, value } => ArgParams::Format(FormatParams { format: format.clone(), value: shown(value) }),
        P::Required { name, given } => ArgParams::Required(RequiredParams { name: name.clone(), given: given.clone() }),
        P::Unexpected { allowed } => ArgParams::Unexpected(allowed.clone()),
        P::Unique { first, second } => ArgParams::Unique(UniqueParams { first: *first, second: *second }),
        P::Contains { schema, limit } => {
            ArgParams::Contains(ContainsParams { schema: schema.as_ref().map(|v| v.to_json()), limit: *limit })
        }
        P::Not { schema } => ArgParams::Not(schema.to_json()),
        P::ExtraItem { limit } => ArgParams::ExtraItem(*limit),
        P::False => ArgParams::FalseSchema,
        P::NoMatch => ArgParams::NoMatch,
        P::ManyMatch { branches } => ArgParams::ManyMatch(branches.clone()),
        P::PropertyName { name, inner, inner_keyword } => ArgParams::PropertyName(PropertyNameParams {
            name: name.clone(),
            keyword: inner_keyword.clone(),
            reason: tool_schema::validate::params::wanted(
                inner,
                inner_keyword,
                &tool_schema::path::Path::from_segments(at.to_vec()),
            ),
        }),
        P::Backtracking { pattern, at, steps } => {
            ArgParams::Backtracking(BacktrackingParams { pattern: pattern.clone(), at: at.clone(), steps: *steps })
        }
        P::Limit { kind, limit, count } => ArgParams::Limit(LimitParams {
            what: match kind {
                tool_schema::validate::LimitKind::Bytes => LimitKind::Bytes,
                tool_schema::validate::LimitKind::Depth => LimitKind::Depth,
                tool_schema::validate::LimitKind::Steps => LimitKind::Steps,
                tool_schema::validate::LimitKind::Errors => LimitKind::Errors,
            },
            limit: *limit,
            count: *count,
        }),
        P::Json { reason } => ArgParams::Json(reason.clone()),
        P::Schema { code, message, path } => {
            ArgParams::Schema(Diagnostic { code: code.clone(), message: message.clone(), path: path.clone() })
        }
        P::Conversion { reason } => ArgParams::Conversion(reason.clone()),
    }
}

#[inline(never)]
fn checked(r: Result<String, Vec<tool_schema::ArgError>>) -> Checked {
    match r {
        Ok(bound) => Checked::Valid(bound),
        Err(errors) => Checked::Invalid(arg_errors(errors)),
    }
}

impl Describe for Component {
    fn describe_tool(descriptor: String) -> Result<String, Vec<Diagnostic>> {
        tool_schema::describe_tool(&descriptor).map_err(diagnostics)
    }

    fn describe_type(type_expr: String, context: TypeContext) -> Result<String, Vec<Diagnostic>> {
        tool_schema::describe_type(&type_expr, context.types.as_deref(), context.naming.as_deref(), mode(context.mode))
            .map_err(diagnostics)
    }

    fn describe_source(files: Vec<SourceFile>, options: SourceOptions) -> Result<FromSource, Vec<SourceDiagnostic>> {
        let (files, options) = source_input(&files, options);
        tool_schema::describe_source(&files, &options).map(from_source).map_err(source_diagnostics)
    }

    fn source_descriptor(files: Vec<SourceFile>, options: SourceOptions) -> Result<FromSource, Vec<SourceDiagnostic>> {
        let (files, options) = source_input(&files, options);
        tool_schema::source_descriptor(&files, &options).map(from_source).map_err(source_diagnostics)
    }

    fn tool_name(method: String) -> Result<String, Diagnostic> {
        tool_schema::tool_name(&method).map_err(diagnostic)
    }

    fn flatten_doc(xml: String) -> String {
        tool_schema::flatten_doc(&xml)
    }
}

fn source_input(
    files: &[SourceFile],
    o: SourceOptions,
) -> (Vec<tool_schema::SourceFile<'_>>, tool_schema::SourceOptions) {
    let files = files.iter().map(|f| tool_schema::SourceFile { path: &f.path, text: &f.text }).collect();
    (files, tool_schema::SourceOptions { mode: mode(o.mode), naming: o.naming })
}

fn source_diagnostics(ds: Vec<tool_schema::SourceDiagnostic>) -> Vec<SourceDiagnostic> {
    ds.into_iter()
        .map(|d| SourceDiagnostic {
            code: d.code.as_str().to_owned(),
            message: d.message,
            file: d.file,
            line: d.line,
            column: d.column,
            path: d.path,
        })
        .collect()
}

fn from_source(f: tool_schema::FromSource) -> FromSource {
    FromSource { json: f.json, warnings: source_diagnostics(f.warnings) }
}

/// A count from the interface, as this 32-bit guest can hold it.
fn size(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

fn options(o: Option<ValidateOptions>) -> tool_schema::Options {
    let Some(o) = o else {
        return tool_schema::Options::default();
    };
    let limits = o.limits.map_or_else(tool_schema::Limits::default, |l| tool_schema::Limits {
        max_argument_bytes: size(l.max_argument_bytes),
        max_argument_depth: l.max_argument_depth as usize,
        max_schema_bytes: size(l.max_schema_bytes),
        max_schema_depth: l.max_schema_depth as usize,
        regex_backtrack_limit: size(l.regex_backtrack_limit),
        ..tool_schema::Limits::default()
    });
    let formats = match o.formats {
        FormatMode::Assert => tool_schema::FormatMode::Assert,
        FormatMode::Annotate => tool_schema::FormatMode::Annotate,
    };
    tool_schema::Options { formats, any_value: o.any_value, limits }
}

/// A compiled schema behind a resource handle.
struct CompiledSchema(tool_schema::Validator);

impl GuestValidator for CompiledSchema {
    fn compile(schema: String, o: Option<ValidateOptions>) -> Result<ValidatorHandle, Vec<Diagnostic>> {
        tool_schema::Validator::compile(&schema, options(o))
            .map(|v| ValidatorHandle::new(CompiledSchema(v)))
            .map_err(diagnostics)
    }

    fn validate(&self, args: String) -> Result<String, Vec<ArgError>> {
        self.0.validate(&args).map_err(arg_errors)
    }
}

impl Validate for Component {
    type Validator = CompiledSchema;

    fn validate_args(schema: String, args: String) -> Result<String, Vec<ArgError>> {
        tool_schema::validate_args(&schema, &args, tool_schema::Options::default()).map_err(arg_errors)
    }

    fn default_limits() -> Limits {
        let l = tool_schema::Limits::default();
        Limits {
            max_argument_bytes: l.max_argument_bytes as u64,
            max_argument_depth: u32::try_from(l.max_argument_depth).unwrap_or(u32::MAX),
            max_schema_bytes: l.max_schema_bytes as u64,
            max_schema_depth: u32::try_from(l.max_schema_depth).unwrap_or(u32::MAX),
            regex_backtrack_limit: l.regex_backtrack_limit as u64,
        }
    }
}

fn part_in(p: Part) -> tool_schema::Part {
    match p {
        Part::Text(t) => tool_schema::Part::Text(t),
        Part::Json(j) => tool_schema::Part::Json(j),
    }
}

fn part_out(p: tool_schema::Part) -> Part {
    match p {
        tool_schema::Part::Text(t) => Part::Text(t),
        tool_schema::Part::Json(j) => Part::Json(j),
    }
}

/// An outcome from the interface.
#[inline(never)]
fn outcome(o: Outcome) -> tool_schema::Outcome {
    match o {
        Outcome::Returned(v) => tool_schema::Outcome::Returned(v),
        Outcome::ReturnedNothing => tool_schema::Outcome::ReturnedNothing,
        Outcome::ReturnedParts(p) => tool_schema::Outcome::ReturnedParts(p.into_iter().map(part_in).collect()),
        Outcome::ReturnedToolResult(r) => tool_schema::Outcome::ReturnedToolResult(tool_schema::ToolResult {
            parts: r.parts.into_iter().map(part_in).collect(),
            is_error: r.is_error,
            typed_result: r.typed_result,
        }),
        Outcome::Threw(e) => tool_schema::Outcome::Threw { type_name: e.type_name, message: e.message },
        Outcome::TimedOut(s) => tool_schema::Outcome::TimedOut(s),
        Outcome::InvalidArguments(messages) => tool_schema::Outcome::InvalidArguments(messages),
    }
}

fn tool_result(r: tool_schema::ToolResult) -> ToolResult {
    ToolResult {
        parts: r.parts.into_iter().map(part_out).collect(),
        is_error: r.is_error,
        typed_result: r.typed_result,
    }
}

impl Encode for Component {
    fn encode_result(
        tool_name: String,
        return_type: String,
        context: TypeContext,
        o: Outcome,
        ends_loop: bool,
    ) -> Result<ToolResult, Vec<Diagnostic>> {
        let sig = tool_schema::Signature {
            tool_name: &tool_name,
            return_type: &return_type,
            types: context.types.as_deref(),
            naming: context.naming.as_deref(),
            mode: mode(context.mode),
            ends_loop,
        };
        tool_schema::encode_result(sig, outcome(o)).map(tool_result).map_err(diagnostics)
    }
}

fn target(t: &Target) -> tool_schema::Target<'_> {
    match t {
        Target::Anthropic => tool_schema::Target::BuiltIn("anthropic"),
        Target::Openai => tool_schema::Target::BuiltIn("openai"),
        Target::Gemini => tool_schema::Target::BuiltIn("gemini"),
        Target::Custom(profile) => tool_schema::Target::Custom(profile),
        Target::Surface(name) => tool_schema::Target::BuiltIn(name),
    }
}

fn also_valid_for(a: &tool_schema::AlsoValidFor) -> AlsoValidFor {
    AlsoValidFor { original: a.original.clone(), converted: a.converted.clone() }
}

fn dead(ds: &[tool_schema::downconvert::dead::DeadBranch]) -> Vec<DeadBranch> {
    ds.iter().map(|d| DeadBranch { pointer: d.pointer.clone(), reason: d.reason.clone() }).collect()
}

fn count(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn over_limits(found: Vec<tool_schema::downconvert::budget::OverLimit>) -> Vec<OverLimit> {
    found
        .into_iter()
        .map(|o| OverLimit {
            limit: o.limit,
            scope: o.scope.as_str().to_owned(),
            allowed: count(o.allowed),
            measured: count(o.measured),
            tool: o.tool.map(|i| count(i as u64)),
            message: o.message,
        })
        .collect()
}

/// The changes as WIT records.
fn changes(cs: &[tool_schema::Change]) -> Vec<Change> {
    cs.iter()
        .map(|c| Change {
            pointer: c.pointer.clone(),
            keyword: c.keyword.clone(),
            action: action(c.action),
            detail: c.detail.clone(),
        })
        .collect()
}

fn action(a: tool_schema::ChangeAction) -> ChangeAction {
    use tool_schema::ChangeAction as A;
    match a {
        A::Removed => ChangeAction::Removed,
        A::Relaxed => ChangeAction::Relaxed,
        A::Unenforced => ChangeAction::Unenforced,
        A::Dropped => ChangeAction::Dropped,
        A::Closed => ChangeAction::Closed,
        A::Required => ChangeAction::Required,
        A::Widened => ChangeAction::Widened,
        A::Reshaped => ChangeAction::Reshaped,
        A::Merged => ChangeAction::Merged,
        A::Inlined => ChangeAction::Inlined,
        A::Typed => ChangeAction::Typed,
        A::Ordered => ChangeAction::Ordered,
        A::Moved => ChangeAction::Moved,
    }
}

impl Downconvert for Component {
    fn downconvert(schema: String, t: Target) -> Result<Downconverted, Vec<Diagnostic>> {
        tool_schema::downconvert(&schema, target(&t))
            .map(|d| Downconverted {
                changes: changes(&d.changes),
                also_valid_for: also_valid_for(&d.report.also_valid_for),
                dead: dead(&d.report.dead),
                schema: d.schema,
                lossless: d.lossless,
            })
            .map_err(diagnostics)
    }

    fn downconvert_json(schema: String, t: Target, changes: bool) -> Result<DownconvertedJson, Vec<Diagnostic>> {
        // Without `changes` the conversion is the same, but lists none and
        // writes no text of them (about as long as the schema's).
        tool_schema::downconvert_with(&schema, target(&t), changes)
            .map(|d| DownconvertedJson {
                changes_json: if changes { tool_schema::downconvert::changes_json(&d.changes) } else { String::new() },
                report_json: if changes { d.report.to_json() } else { String::new() },
                schema: d.schema,
                lossless: d.lossless,
            })
            .map_err(diagnostics)
    }

    fn restore_args(original_schema: String, t: Target, args: String) -> Result<String, Vec<ArgError>> {
        tool_schema::restore_args(&original_schema, target(&t), &args).map_err(arg_errors)
    }

    fn provider_profile(name: String) -> Result<String, Diagnostic> {
        tool_schema::provider_profile(&name).map_err(diagnostic)
    }

    fn budget(schemas: Vec<String>, t: Target) -> Result<Vec<OverLimit>, Vec<Diagnostic>> {
        let texts: Vec<&str> = schemas.iter().map(String::as_str).collect();
        tool_schema::budget(&texts, target(&t)).map(over_limits).map_err(diagnostics)
    }

    fn budget_plan(schemas: Vec<String>, names: Vec<String>, t: Target) -> Result<RequestPlan, Vec<Diagnostic>> {
        use tool_schema::downconvert::plan::Placement as P;
        let texts: Vec<&str> = schemas.iter().map(String::as_str).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        tool_schema::budget_plan(&texts, &names, target(&t))
            .map(|plan| RequestPlan {
                tools: plan
                    .tools
                    .into_iter()
                    .map(|b| ToolBudget {
                        tool: count(b.tool as u64),
                        placement: match b.placement {
                            P::Strict => Placement::Strict,
                            P::NonStrict => Placement::NonStrict,
                            P::LeftOut => Placement::LeftOut,
                        },
                        over: over_limits(b.over),
                        reason: b.reason,
                    })
                    .collect(),
                over: over_limits(plan.over),
            })
            .map_err(diagnostics)
    }

    fn providers() -> Vec<ProviderInfo> {
        tool_schema::providers()
            .into_iter()
            .map(|p| ProviderInfo {
                name: p.name,
                aliases: p.aliases,
                surface: p.surface,
                oldest_rule: p.oldest,
                unchecked_rules: p.unchecked,
            })
            .collect()
    }
}

impl Work for Component {
    // The component is one thread: the core's setting for its thread is the
    // instance's.
    fn set_work_budget(steps: u64) {
        tool_schema::work::set_budget(steps);
    }

    fn work_budget() -> u64 {
        tool_schema::work::budget()
    }
}

/// A tool behind a resource handle.
struct ToolObject(tool_schema::Tool);

/// A converted schema behind a resource handle.
struct ConvertedObject(tool_schema::Converted);

impl GuestTool for ToolObject {
    fn from_descriptor(descriptor: String) -> Result<Vec<ToolHandle>, Vec<Diagnostic>> {
        tool_schema::Tool::from_descriptor(&descriptor)
            .map(|tools| tools.into_iter().map(|t| ToolHandle::new(ToolObject(t))).collect())
            .map_err(diagnostics)
    }

    fn from_schema(
        name: String,
        description: String,
        input_schema: String,
        output_schema: Option<String>,
        o: Option<ValidateOptions>,
    ) -> Result<ToolHandle, Vec<Diagnostic>> {
        tool_schema::Tool::from_schema(&name, &description, &input_schema, output_schema.as_deref(), options(o))
            .map(|t| ToolHandle::new(ToolObject(t)))
            .map_err(diagnostics)
    }

    fn info(&self) -> ToolInfo {
        let i = self.0.info();
        ToolInfo {
            name: i.name.clone(),
            description: i.description.clone(),
            input_schema: i.input_schema.clone(),
            output_schema: i.output_schema.clone(),
            ends_loop: i.ends_loop,
            requires_approval: i.requires_approval,
            parallel_safe: i.parallel_safe,
            timeout_seconds: u32::try_from(i.timeout_seconds).unwrap_or(u32::MAX),
        }
    }

    fn validate(&self, args: String) -> Checked {
        checked(self.0.validate(&args))
    }

    fn encode(&self, o: Outcome) -> Result<ToolResult, Vec<Diagnostic>> {
        self.0.encode(outcome(o)).map(tool_result).map_err(diagnostics)
    }

    fn convert(&self, t: Target) -> Result<ConvertedHandle, Vec<Diagnostic>> {
        self.0.convert(target(&t)).map(|c| ConvertedHandle::new(ConvertedObject(c))).map_err(diagnostics)
    }
}

impl GuestConverted for ConvertedObject {
    fn schema(&self) -> String {
        self.0.converted().schema.clone()
    }

    fn changes(&self) -> Vec<Change> {
        changes(&self.0.converted().changes)
    }

    fn lossless(&self) -> bool {
        self.0.converted().lossless
    }

    fn also_valid_for(&self) -> AlsoValidFor {
        also_valid_for(&self.0.converted().report.also_valid_for)
    }

    fn dead(&self) -> Vec<DeadBranch> {
        dead(&self.0.converted().report.dead)
    }

    fn restore(&self, args: String) -> Checked {
        checked(self.0.restore(&args))
    }
}

impl Tools for Component {
    type Tool = ToolObject;
    type Converted = ConvertedObject;

    fn schemas_compiled() -> u64 {
        tool_schema::validate::schemas_compiled()
    }
}

export!(Component);

/// The entropy hook of `getrandom` (selected in `.cargo/config.toml`). The
/// component imports nothing, so there is no entropy to give: hash maps get a
/// fixed seed stream, which also keeps every answer reproducible. Nothing
/// secret depends on it.
#[cfg(target_arch = "wasm32")]
#[unsafe(no_mangle)]
unsafe extern "Rust" fn __getrandom_v03_custom(dest: *mut u8, len: usize) -> Result<(), getrandom::Error> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static STATE: AtomicU64 = AtomicU64::new(0x9E37_79B9_7F4A_7C15);
    for i in 0..len {
        // splitmix64, one byte per step.
        let mut z = STATE.fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed).wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        // SAFETY: getrandom hands us `len` writable bytes at `dest`.
        unsafe { *dest.add(i) = (z ^ (z >> 31)) as u8 };
    }
    Ok(())
}

/// `memcmp` for the component. On `wasm32-unknown-unknown` the one from
/// `compiler_builtins` compares a byte at a time, and the core calls it for
/// every comparison of two byte strings (property names, object keys, `enum`
/// and `const` values), mostly a few to a few dozen bytes long. This one
/// compares eight bytes at a time, and the rest as one word that overlaps
/// what is already compared (guest/src/bytes.rs); defined here, it is the
/// one the module links. WebAssembly loads need no alignment.
///
/// # Safety
///
/// `a` and `b` must each be valid for reads of `n` bytes (memcmp's contract).
#[cfg(target_arch = "wasm32")]
#[unsafe(no_mangle)]
#[inline(never)]
unsafe extern "C" fn memcmp(a: *const u8, b: *const u8, n: usize) -> i32 {
    // SAFETY: memcmp's contract is `compare_bytes`'.
    unsafe { bytes::compare_bytes(a, b, n) }
}
