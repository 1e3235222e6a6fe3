//! A tool compiled once, for its whole life: described (from a descriptor,
//! or from the schemas an MCP server, Pydantic or Zod already wrote), its
//! input schema compiled, its return type resolved; then every call the
//! model makes is validated, every outcome encoded, and the schema converted
//! for a provider once, with each answer to it restored, without compiling
//! anything again.

use crate::describe::ReturnKind;
use crate::diag::{self, Code, Diagnostic, Sink};
use crate::downconvert::{Downconverted, Restoring, Target};
use crate::encode::{Outcome, Returning, ToolResult};
use crate::json::{self, Value};
use crate::path::Path;
use crate::validate::{ArgError, Options, Validator};
use std::sync::{Arc, OnceLock};

/// What describes a tool to a model, and how it is run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToolInfo {
    pub name: String,
    pub description: String,
    /// The input schema (compact JSON).
    pub input_schema: String,
    /// The output schema (compact JSON), when the tool has one.
    pub output_schema: Option<String>,
    /// Its returned value ends the agent's loop (`[Tool(EndsLoop = true)]`).
    pub ends_loop: bool,
    pub requires_approval: bool,
    pub parallel_safe: bool,
    /// 0: no timeout of its own.
    pub timeout_seconds: i64,
}

/// How the tool's returned values become content.
enum Returns {
    /// Described from C#: the return type, what it is, and its schema's
    /// validator, compiled when a value is first checked against it.
    Declared { return_type: String, kind: ReturnKind, fits: OnceLock<Result<Validator, Vec<Diagnostic>>> },
    /// Described by schemas only: any JSON value, checked against the
    /// output schema when there is one.
    Schemas { output: Option<Validator> },
}

/// A tool compiled once.
pub struct Tool {
    info: ToolInfo,
    validator: Arc<Validator>,
    returns: Returns,
}

impl std::fmt::Debug for Tool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tool").field("info", &self.info).finish_non_exhaustive()
    }
}

impl Tool {
    /// The tools a descriptor describes (JSON text): one for a method
    /// descriptor, one per tool method of a class descriptor. Refused with
    /// `describe-tool`'s diagnostics.
    pub fn from_descriptor(descriptor: &str) -> Result<Vec<Tool>, Vec<Diagnostic>> {
        let (answer, over) = crate::work::operation(|| {
            let mut sink = Sink::default();
            let Some(root) = crate::describe::parse_input(descriptor, "descriptor", &mut sink) else {
                return Err(sink.into_listed());
            };
            let (described, _) = crate::describe::described_tools(&root)?;
            let mut tools = Vec::with_capacity(described.len());
            for (object, kind, return_type) in described {
                let info = info_of(&object);
                let validator = Validator::compile(&info.input_schema, Options::default()).map_err(|d| (d, 0))?;
                let returns = Returns::Declared { return_type, kind, fits: OnceLock::new() };
                tools.push(Tool { info, validator: Arc::new(validator), returns });
            }
            Ok(tools)
        });
        if over {
            return Err(vec![diag::over_budget(Code::Old007, "describing the descriptor")]);
        }
        answer.map_err(|(listed, more)| diag::with_unlisted(listed, more, Code::Old007))
    }

    /// A tool described by its schemas (an MCP server's, Pydantic's, Zod's):
    /// a name, a description, the input schema and, if it has one, the
    /// output schema (JSON texts). The arguments are validated with
    /// `options`. A schema that cannot be used is refused with `OLS…`
    /// diagnostics, their paths under `inputSchema` or `outputSchema`.
    pub fn from_schema(
        name: &str,
        description: &str,
        input_schema: &str,
        output_schema: Option<&str>,
        options: Options,
    ) -> Result<Tool, Vec<Diagnostic>> {
        let under = |at: &'static str| {
            move |ds: Vec<Diagnostic>| -> Vec<Diagnostic> {
                ds.into_iter()
                    .map(|mut d| {
                        d.path = match d.path.as_str() {
                            "$" | "" => at.to_owned(),
                            p if p.starts_with('/') => format!("{at}{p}"),
                            p => format!("{at}.{}", p.trim_start_matches("$.")),
                        };
                        d
                    })
                    .collect()
            }
        };
        let validator = Validator::compile(input_schema, options).map_err(under("inputSchema"))?;
        let output = match output_schema {
            Some(text) => {
                Some(Validator::compile(text, Options { any_value: true, ..options }).map_err(under("outputSchema"))?)
            }
            None => None,
        };
        let compact = |text: &str| {
            json::parse(text, json::ParseLimits { max_bytes: usize::MAX, max_depth: usize::MAX })
                .map(|v| v.to_json())
                .unwrap_or_default()
        };
        let info = ToolInfo {
            name: name.to_owned(),
            description: description.to_owned(),
            input_schema: compact(input_schema),
            output_schema: output_schema.map(compact),
            ends_loop: false,
            requires_approval: false,
            parallel_safe: false,
            timeout_seconds: 0,
        };
        Ok(Tool { info, validator: Arc::new(validator), returns: Returns::Schemas { output } })
    }

    pub fn info(&self) -> &ToolInfo {
        &self.info
    }

    /// Validates the model's arguments (JSON text) and binds them, as
    /// [`Validator::validate`] does.
    pub fn validate(&self, args: &str) -> Result<String, Vec<ArgError>> {
        self.validator.validate(args)
    }

    /// The outcome of one call as the tool result for the model, as
    /// `encode-result` gives it for this tool's return type.
    pub fn encode(&self, outcome: Outcome) -> Result<ToolResult, Vec<Diagnostic>> {
        let (return_type, kind) = match &self.returns {
            Returns::Declared { return_type, kind, .. } => (return_type.as_str(), Some(kind)),
            Returns::Schemas { .. } => ("outputSchema", None),
        };
        let check = |text: &str, at: &Path, sink: &mut Sink| match self.fits() {
            Some(Ok(v)) => crate::encode::check_fits(v, text, return_type, at, sink),
            Some(Err(diags)) => diags.iter().cloned().for_each(|d| sink.push(d)),
            None => {}
        };
        let r = Returning { return_type, ends_loop: self.info.ends_loop, kind, fits: &check };
        crate::encode::encode_outcome(&self.info.name, outcome, |outcome| {
            crate::encode::encode_kind(&r, outcome, Sink::default())
        })
    }

    /// The validator a returned value is checked with, when the return type
    /// has a schema: a declared one's is compiled at its first use.
    fn fits(&self) -> Option<Result<&Validator, &[Diagnostic]>> {
        match &self.returns {
            Returns::Declared { kind: ReturnKind::Json(d) | ReturnKind::Value(d), fits, .. } => Some(
                fits.get_or_init(|| crate::encode::fits_validator(&d.schema.to_value().to_json()))
                    .as_ref()
                    .map_err(Vec::as_slice),
            ),
            Returns::Declared { .. } => None,
            Returns::Schemas { output } => output.as_ref().map(Ok),
        }
    }

    /// The input schema converted for `target`, ready to restore the model's
    /// answers to it. Refused as `downconvert` refuses the schema.
    pub fn convert(&self, target: Target<'_>) -> Result<Converted, Vec<Diagnostic>> {
        let converted = crate::downconvert(&self.info.input_schema, target)?;
        let restoring = Restoring::new(Arc::clone(&self.validator), target)?;
        Ok(Converted { converted, restoring })
    }
}

/// The description of a tool object `describe-tool` wrote.
fn info_of(object: &Value) -> ToolInfo {
    let text = |k: &str| object.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
    let flag = |k: &str| matches!(object.get(k), Some(Value::Bool(true)));
    ToolInfo {
        name: text("name"),
        description: text("description"),
        input_schema: object.get("inputSchema").map(Value::to_json).unwrap_or_default(),
        output_schema: object.get("outputSchema").map(Value::to_json),
        ends_loop: flag("endsLoop"),
        requires_approval: flag("requiresApproval"),
        parallel_safe: flag("parallelSafe"),
        timeout_seconds: match object.get("timeoutSeconds") {
            Some(Value::Number(n)) => n.as_i128().and_then(|n| i64::try_from(n).ok()).unwrap_or(0),
            _ => 0,
        },
    }
}

/// A tool's input schema converted for one provider, and the way back.
pub struct Converted {
    converted: Downconverted,
    restoring: Restoring,
}

impl Converted {
    /// The schema for the provider, its changes, and whether it is lossless.
    pub fn converted(&self) -> &Downconverted {
        &self.converted
    }

    /// The model's answer to the converted schema, turned back into the
    /// tool's bound arguments, as `restore-args` gives them.
    pub fn restore(&self, args: &str) -> Result<String, Vec<ArgError>> {
        self.restoring.restore(args)
    }
}
