//! `validate-args`: any JSON Schema 2020-12, with the contract's meanings
//! (`decisions.md` §3), messages a model can act on, and the bound arguments.
//!
//! The keywords themselves are checked by the `jsonschema` crate (draft
//! 2020-12, no retrieval of remote schemas, exact numbers). This module
//! owns everything around it: reading the texts under limits, the contract's
//! formats and base64 check, reference loops, the order and wording of every
//! error, and the arguments handed to the tool.

mod bind;
mod formats;
pub(crate) mod legacy;
mod messages;
mod refcheck;

use crate::diag::{Code, Diagnostic};
use crate::json::{self, ParseErrorKind, ParseLimits, Value};
use crate::path::Path;
use std::sync::Arc;

pub use formats::is_base64;
pub use messages::{ArgError, errors_json};
pub(crate) use messages::{Found, schema_unusable, unreadable};
pub(crate) use refcheck::percent_decode;

/// Most schemas that checking one value against one schema may take, each
/// counted as often as references and applicators reach it (`OLS002` past
/// it). Real tool schemas take under a dozen; 2^40 is a two-kilobyte schema.
pub const MAX_REF_EXPANSION: u64 = 10_000;

/// How `format` (and `contentEncoding`) are treated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FormatMode {
    /// The contract's choice: formats are assertions, with the contract's
    /// meanings for `date`, `time`, `date-time` and `uuid`, and
    /// `contentEncoding: base64` is checked.
    #[default]
    Assert,
    /// The specification's default: `format` and `contentEncoding` are
    /// annotations only.
    Annotate,
}

/// Limits on what one validation reads (`decisions.md` §6). Past any of them
/// the answer is an error with path `$`, never a trap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Longest argument text, in bytes.
    pub max_argument_bytes: usize,
    /// Deepest nesting of arrays and objects in the arguments.
    pub max_argument_depth: usize,
    /// Longest schema text, in bytes.
    pub max_schema_bytes: usize,
    /// Deepest nesting of arrays and objects in the schema.
    pub max_schema_depth: usize,
    /// Most backtracking steps one `pattern` match may take.
    pub regex_backtrack_limit: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_argument_bytes: 10 << 20,
            max_argument_depth: 128,
            max_schema_bytes: 4 << 20,
            max_schema_depth: 512,
            regex_backtrack_limit: 1_000_000,
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub formats: FormatMode,
    /// Validate any JSON value, not only an argument object (for conformance
    /// testing and uses other than tool calls).
    pub any_value: bool,
    pub limits: Limits,
}

/// A compiled schema, ready to validate many argument texts.
pub struct Validator {
    compiled: jsonschema::Validator,
    schema: Arc<Value>,
    /// The schema as the validator reads it, for the messages' details.
    serde_schema: serde_json::Value,
    options: Options,
}

impl Validator {
    /// Compiles `schema_text`. A schema that cannot be used is refused with
    /// diagnostics (`OLS001`–`OLS005`).
    pub fn compile(schema_text: &str, options: Options) -> Result<Validator, Vec<Diagnostic>> {
        let limits =
            ParseLimits { max_bytes: options.limits.max_schema_bytes, max_depth: options.limits.max_schema_depth };
        let mut schema = json::parse(schema_text, limits).map_err(|e| {
            let code = match e.kind {
                ParseErrorKind::TooLarge { .. } | ParseErrorKind::TooDeep { .. } => Code::Ols002,
                _ => Code::Ols001,
            };
            vec![Diagnostic::new(code, &Path::root(), format!("The schema is not accepted as JSON: {e}."))]
        })?;
        legacy::normalize(&mut schema);
        if let Some((pointer, chain)) = refcheck::find_loop(&schema) {
            return Err(vec![Diagnostic {
                code: Code::Ols005,
                message: format!(
                    "The schema's references loop without reaching any value ({chain}); no argument could ever be checked against it."
                ),
                path: pointer,
            }]);
        }
        if let Some((pointer, _)) = refcheck::widest_expansion(&schema, MAX_REF_EXPANSION) {
            return Err(vec![Diagnostic {
                code: Code::Ols002,
                message: format!(
                    "Checking one value against the schema here could take more than {MAX_REF_EXPANSION} schemas: its references and applicators fan out past the limit."
                ),
                path: pointer,
            }]);
        }
        let serde_schema = to_serde(&schema);
        let compiled = build(&serde_schema, options).map_err(|e| vec![e])?;
        Ok(Validator { compiled, schema: Arc::new(schema), serde_schema, options })
    }

    pub fn options(&self) -> Options {
        self.options
    }

    /// Validates one argument text. On success, the bound arguments as
    /// compact JSON: absent parameters with a `default` filled in, and
    /// integral numbers in integer slots written as integers. Otherwise every
    /// error, in document order.
    pub fn validate(&self, args_text: &str) -> Result<String, Vec<ArgError>> {
        let limits = &self.options.limits;
        let args = json::parse(
            args_text,
            ParseLimits { max_bytes: limits.max_argument_bytes, max_depth: limits.max_argument_depth },
        )
        .map_err(|e| vec![messages::unreadable(&e)])?;
        self.validate_value(args).map_err(|errors| errors.into_iter().map(|(_, e, _)| e).collect())
    }

    /// Validates an argument value already read. Each error comes with its
    /// position in the document (member and item indices, for ordering) and
    /// its schema location (a JSON pointer to the keyword that failed; empty
    /// for errors about the value as a whole).
    pub(crate) fn validate_value(&self, args: Value) -> Result<String, Vec<Found>> {
        if !self.options.any_value && !matches!(args, Value::Object(_)) {
            return Err(vec![(Vec::new(), messages::not_an_object(&args), String::new())]);
        }
        let instance = to_serde(&args);
        let errors: Vec<_> = self.compiled.iter_errors(&instance).collect();
        if !errors.is_empty() {
            return Err(messages::convert(errors, &args, &self.serde_schema, &self.schema, &self.options));
        }
        Ok(bind::bind(&self.schema, args).to_json())
    }
}

/// Compiles `schema_text` and validates `args_text` against it in one call.
/// A schema that cannot be used becomes one error with path `$` and keyword
/// `schema`, whose message carries the diagnostic.
pub fn validate_args(schema_text: &str, args_text: &str, options: Options) -> Result<String, Vec<ArgError>> {
    let validator = Validator::compile(schema_text, options)
        .map_err(|diags| diags.iter().map(messages::schema_unusable).collect::<Vec<_>>())?;
    validator.validate(args_text)
}

/// The draft is the one `$schema` names (draft 7, 2019-09 or 2020-12, whose
/// meta-schemas are built in), and 2020-12 when there is none: MCP servers
/// still send draft-07 schemas, whose `items` arrays mean what 2020-12 spells
/// `prefixItems`.
fn build(schema: &serde_json::Value, options: Options) -> Result<jsonschema::Validator, Diagnostic> {
    let assert = options.formats == FormatMode::Assert;
    let mut builder = jsonschema::options().should_validate_formats(assert).with_pattern_options(
        jsonschema::PatternOptions::fancy_regex().backtrack_limit(options.limits.regex_backtrack_limit),
    );
    if assert {
        for (name, check) in formats::CONTRACT_FORMATS {
            builder = builder.with_format(*name, *check);
        }
        builder = builder.with_keyword("contentEncoding", content_encoding);
    }
    builder.build(schema).map_err(|e| messages::schema_error(&e))
}

/// `contentEncoding: base64` as an assertion; other encodings stay annotations.
fn content_encoding<'a>(
    _parent: &'a serde_json::Map<String, serde_json::Value>,
    value: &'a serde_json::Value,
    _path: jsonschema::paths::Location,
) -> Result<Box<dyn for<'i> jsonschema::Keyword<'i>>, jsonschema::ValidationError<'a>> {
    Ok(Box::new(Base64Check { active: value.as_str() == Some("base64") }))
}

struct Base64Check {
    active: bool,
}

impl<'i> jsonschema::Keyword<'i> for Base64Check {
    fn validate(&self, instance: &'i serde_json::Value) -> Result<(), jsonschema::ValidationError<'i>> {
        if self.is_valid(instance) { Ok(()) } else { Err(jsonschema::ValidationError::custom("base64")) }
    }

    fn is_valid(&self, instance: &'i serde_json::Value) -> bool {
        !self.active || instance.as_str().is_none_or(is_base64)
    }
}

/// Our value as the validator's. Numbers keep their text (serde_json's
/// `arbitrary_precision`), members their order.
fn to_serde(v: &Value) -> serde_json::Value {
    use serde_json::Value as S;
    match v {
        Value::Null => S::Null,
        Value::Bool(b) => S::Bool(*b),
        // Our numbers are valid JSON number text, which serde_json always
        // accepts under `arbitrary_precision`; the fallback is unreachable.
        Value::Number(n) => n.as_str().parse().map(S::Number).unwrap_or(S::Null),
        Value::String(s) => S::String(s.clone()),
        Value::Array(items) => S::Array(items.iter().map(to_serde).collect()),
        Value::Object(members) => S::Object(members.iter().map(|(k, v)| (k.clone(), to_serde(v))).collect()),
    }
}
