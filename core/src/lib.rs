//! The tool-schema contract in pure Rust: every rule of
//! `tool-schemas.md` and `decisions.md`, compiled natively for tests and Rust
//! users, and into the WebAssembly component that every other host calls.
//!
//! The operations take and return JSON text, as they do across the component
//! boundary, so that a native caller and a host of the component get the same
//! bytes.

mod applicators;
pub mod describe;
pub mod diag;
pub mod downconvert;
pub mod encode;
pub mod json;
pub mod path;
mod sort;
pub mod source;
pub mod tool;
pub mod validate;
pub mod work;

pub use describe::descriptor::Mode;
pub use describe::{describe_tool, describe_type};
pub use diag::{Code, Diagnostic};
pub use downconvert::{
    AlsoValidFor, BUILT_IN as PROVIDERS, Change, ChangeAction, Downconverted, ProviderInfo, Report, Target,
    forward_args, provider_profile, providers, restore_args,
};
pub use encode::{Outcome, Part, Signature, ToolResult, encode_result};
pub use source::{FromSource, SourceDiagnostic, SourceFile, SourceOptions, describe_source, source_descriptor};
pub use tool::{Converted, Tool, ToolInfo};
pub use validate::{ArgError, FormatMode, Limits, Options, Params, Validator, validate_args};

/// Converts a schema for a provider's strict mode ([`downconvert::downconvert`]),
/// within the work budget, its diagnostics at most
/// [`diag::MAX_DIAGNOSTICS`] then one saying how many more.
pub fn downconvert(schema_text: &str, target: Target<'_>) -> Result<Downconverted, Vec<Diagnostic>> {
    downconvert_with(schema_text, target, true)
}

/// [`downconvert`], listing the changes only when `changes`: without, the
/// answer's `changes` is empty (nothing is spent on them), and its schema and
/// `lossless` are the same: for a caller that sends the schema on and reads
/// the changes seldom (by converting again when it does).
pub fn downconvert_with(
    schema_text: &str,
    target: Target<'_>,
    changes: bool,
) -> Result<Downconverted, Vec<Diagnostic>> {
    conversion("converting the schema", || downconvert::downconvert_with(schema_text, target, changes))
}

/// Measures the tools of one request against the limits the provider
/// documents ([`downconvert::budget`]), within the work budget, its
/// diagnostics at most [`diag::MAX_DIAGNOSTICS`] then one saying how many more.
pub fn budget(schemas: &[&str], target: Target<'_>) -> Result<Vec<downconvert::budget::OverLimit>, Vec<Diagnostic>> {
    conversion("measuring the tools", || downconvert::budget(schemas, target))
}

/// [`budget`] per tool, with a plan of which tools to send strict,
/// non-strict or in another request ([`downconvert::budget_plan`]), within
/// the work budget, its diagnostics capped as [`budget`]'s are.
pub fn budget_plan(
    schemas: &[&str],
    names: &[&str],
    target: Target<'_>,
) -> Result<downconvert::plan::BudgetPlan, Vec<Diagnostic>> {
    conversion("planning the tools", || downconvert::budget_plan(schemas, names, target))
}

/// One conversion operation: past the work budget one `OLP004` saying what
/// it was `doing`, else its answer with the diagnostics capped.
fn conversion<T>(doing: &str, f: impl FnOnce() -> Result<T, Vec<Diagnostic>>) -> Result<T, Vec<Diagnostic>> {
    let (answer, over) = work::operation(f);
    if over {
        return Err(vec![diag::over_budget(Code::Olp004, doing)]);
    }
    answer.map_err(|d| diag::capped(d, Code::Olp004))
}

/// The contract's default name for a tool method (`GetDocketAsync` →
/// `get_docket`), or `OLT008` when that name is not 1–64 letters, digits,
/// `_` or `-`.
pub fn tool_name(method: &str) -> Result<String, Diagnostic> {
    let name = describe::naming::tool_name(method);
    if describe::naming::is_valid_tool_name(&name) {
        Ok(name)
    } else {
        Err(Diagnostic::new(
            Code::Olt008,
            &path::Path::root(),
            format!("The tool name '{name}' is not 1–64 letters, digits, '_' or '-'."),
        ))
    }
}

/// Flattens doc-comment XML (`<summary>`, `<param>` text) to one line, as the
/// contract's generator mode does.
pub fn flatten_doc(xml: &str) -> String {
    describe::doc::flatten(xml)
}
