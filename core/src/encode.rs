//! `encode-result`: a tool's outcome as content for the model
//! (`tool-schemas.md`, "Results" and "Errors become results";
//! `decisions.md` §4).
//!
//! The return type decides what a returned value becomes, exactly as its row
//! of the Results table says; a tool's own failure becomes an error result in
//! the contract's words. A value that does not fit the declared return type is
//! the host's bug: it is refused with a diagnostic, not turned into a result
//! the model would read.

use crate::describe::descriptor::{Mode, TypeRef};
use crate::describe::resolve::Resolver;
use crate::describe::typeexpr::TypeExpr;
use crate::describe::{ReturnKind, classify_return, context_from};
use crate::diag::{self, Code, Diagnostic, Sink};
use crate::json::{self, ParseLimits, Value};
use crate::path::Path;
use crate::validate::{FormatMode, Limits, Options, Refused, Validator};
use crate::work;

/// One piece of content for the model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// Text, as the model reads it.
    Text(String),
    /// A JSON value, as compact JSON text.
    Json(String),
}

/// What the model receives for one tool call.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ToolResult {
    pub parts: Vec<Part>,
    pub is_error: bool,
    /// For a tool with `EndsLoop`: the returned value as JSON text.
    pub typed_result: Option<String>,
}

/// What happened when the tool ran.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// It returned a value, given as JSON text (a `string` as a JSON string).
    Returned(String),
    /// It returned nothing (`void`, `Task`, `ValueTask`).
    ReturnedNothing,
    /// It returned content parts (`Part`, a sequence of them).
    ReturnedParts(Vec<Part>),
    /// It returned a `ToolResult`.
    ReturnedToolResult(ToolResult),
    /// It threw: the exception's type name and message.
    Threw { type_name: String, message: String },
    /// It ran past its `TimeoutSeconds`.
    TimedOut(u32),
    /// Its arguments were refused before it ran: the messages of the errors
    /// validation gave.
    InvalidArguments(Vec<String>),
}

/// The tool a result is for.
#[derive(Clone, Copy, Debug)]
pub struct Signature<'a> {
    pub tool_name: &'a str,
    /// The declared return type, as a C# type expression (`Task<Docket>`).
    pub return_type: &'a str,
    /// The `types` map the return type's names are declared in (JSON text).
    pub types: Option<&'a str>,
    /// The serializer context's naming policy (`CamelCase` when absent).
    pub naming: Option<&'a str>,
    pub mode: Mode,
    /// The tool ends the loop: its returned value is also the typed result.
    pub ends_loop: bool,
}

/// Limits on the JSON texts an outcome carries.
const LIMITS: ParseLimits = ParseLimits { max_bytes: 64 << 20, max_depth: 256 };

/// Turns an outcome into the tool result the model receives.
pub fn encode_result(sig: Signature<'_>, outcome: Outcome) -> Result<ToolResult, Vec<Diagnostic>> {
    encode_outcome(sig.tool_name, outcome, |outcome| encode_returned(sig, outcome))
}

/// An outcome as the tool result: a failure in the contract's words
/// whatever the return type (the return type is not even read, so a tool
/// whose signature has a problem still reports its own failure), anything
/// returned by `returned`, within the work budget.
#[inline(never)]
pub(crate) fn encode_outcome(
    tool_name: &str,
    outcome: Outcome,
    returned: impl FnOnce(Outcome) -> Result<ToolResult, (Vec<Diagnostic>, usize)>,
) -> Result<ToolResult, Vec<Diagnostic>> {
    match outcome {
        Outcome::Threw { type_name, message } => {
            Ok(error(format!("Tool '{tool_name}' failed: {}", exception_text(&type_name, &message))))
        }
        Outcome::TimedOut(seconds) => Ok(error(format!("Tool '{tool_name}' timed out after {seconds} s."))),
        Outcome::InvalidArguments(errors) => Ok(error(errors.join("\n"))),
        outcome => {
            let (answer, over) = work::operation(|| returned(outcome));
            if over {
                return Err(vec![diag::over_budget(Code::Ole004, "encoding the outcome")]);
            }
            answer.map_err(|(listed, more)| diag::with_unlisted(listed, more, Code::Ole004))
        }
    }
}

fn error(text: String) -> ToolResult {
    ToolResult { parts: vec![Part::Text(text)], is_error: true, typed_result: None }
}

/// `InvalidOperationException: message` with no namespace and no stack trace,
/// whatever the host hands in: the message ends before the first line of a
/// .NET stack trace (`   at …`, `--- End of …`).
fn exception_text(type_name: &str, message: &str) -> String {
    let simple = type_name.trim().rsplit('.').next().unwrap_or("").trim();
    let simple = if simple.is_empty() { "Exception" } else { simple };
    let mut kept: Vec<&str> = Vec::new();
    for line in message.lines() {
        let t = line.trim_start();
        if (t.starts_with("at ") && line.len() > t.len()) || t.starts_with("--- End of") {
            break;
        }
        kept.push(line);
    }
    let message = kept.join("\n");
    let message = message.trim_end();
    if message.is_empty() { simple.to_owned() } else { format!("{simple}: {message}") }
}

/// A returned outcome as the tool result, or every problem found: the first
/// [`diag::MAX_DIAGNOSTICS`], and how many more.
fn encode_returned(sig: Signature<'_>, outcome: Outcome) -> Result<ToolResult, (Vec<Diagnostic>, usize)> {
    let mut sink = Sink::default();
    let context = context_from(sig.types, sig.naming, sig.mode, &mut sink);
    let returns = Path::root().key("returnType");
    let kind = context.as_ref().and_then(|context| {
        let expr = match TypeExpr::parse(sig.return_type) {
            Ok(e) => Some(e),
            Err(why) => {
                sink.report(
                    Code::Old003,
                    &returns,
                    format!("The type expression '{}' cannot be read: {why}.", sig.return_type),
                );
                None
            }
        };
        let tr = TypeRef { expr, text: sig.return_type.to_owned(), path: returns.clone() };
        classify_return(&tr, false, &mut Resolver::new(context, &mut sink))
    });
    let kind = match kind {
        Some(k) if sink.is_empty() => k,
        _ => return Err(sink.into_listed()),
    };
    let fits = |text: &str, at: &Path, sink: &mut Sink| match &kind {
        ReturnKind::Json(d) | ReturnKind::Value(d) => match fits_validator(&d.schema.to_value().to_json()) {
            Ok(v) => check_fits(&v, text, sig.return_type, at, sink),
            Err(diags) => diags.into_iter().for_each(|d| sink.push(d)),
        },
        _ => {}
    };
    let returning =
        Returning { return_type: sig.return_type, ends_loop: sig.ends_loop, kind: Some(&kind), fits: &fits };
    encode_kind(&returning, outcome, sink)
}

/// How a tool's returned values become content.
pub(crate) struct Returning<'a> {
    /// The return type as the messages name it.
    pub return_type: &'a str,
    pub ends_loop: bool,
    /// What the return type is; `None`: a tool described by schemas only,
    /// whose value is any JSON (a string as text).
    pub kind: Option<&'a ReturnKind>,
    /// Checks a returned value's text against the return type's schema.
    pub fits: &'a dyn Fn(&str, &Path, &mut Sink),
}

/// A returned outcome as content, as `r` says.
#[inline(never)]
pub(crate) fn encode_kind(
    r: &Returning<'_>,
    outcome: Outcome,
    mut sink: Sink,
) -> Result<ToolResult, (Vec<Diagnostic>, usize)> {
    let at = Path::root().key("outcome");
    let mismatch = |mut sink: Sink, what: &str, wants: &str| {
        sink.report(
            Code::Ole002,
            &at,
            format!("The tool returned {what}, but its return type '{}' {wants}.", r.return_type),
        );
        Err(sink.into_listed())
    };
    let wants = |kind: &ReturnKind| match kind {
        ReturnKind::Nothing => "returns nothing",
        ReturnKind::Text { .. } => "returns a string",
        ReturnKind::Parts => "returns content parts",
        ReturnKind::ToolResult => "returns a ToolResult",
        ReturnKind::Json(_) | ReturnKind::Value(_) => "returns a value",
    };
    match (outcome, r.kind) {
        (Outcome::ReturnedNothing, Some(ReturnKind::Nothing) | None) => Ok(ToolResult::default()),
        (Outcome::ReturnedParts(parts), Some(ReturnKind::Parts) | None) => {
            let parts = normalize_parts(parts, &at.key("parts"), &mut sink);
            if sink.is_empty() {
                Ok(ToolResult { parts, is_error: false, typed_result: None })
            } else {
                Err(sink.into_listed())
            }
        }
        (Outcome::ReturnedToolResult(t), Some(ReturnKind::ToolResult) | None) => {
            let typed_result = t.typed_result.and_then(|t| parse_value(&t, &at.key("typedResult"), &mut sink));
            let parts = normalize_parts(t.parts, &at.key("parts"), &mut sink);
            if !sink.is_empty() {
                return Err(sink.into_listed());
            }
            Ok(ToolResult { parts, is_error: t.is_error, typed_result: typed_result.map(|v| v.to_json()) })
        }
        (Outcome::Returned(text), kind) => {
            let Some(value) = parse_value(&text, &at.key("value"), &mut sink) else {
                return Err(sink.into_listed());
            };
            let typed = r.ends_loop.then(|| value.to_json());
            let part = match (kind, &value) {
                (Some(k @ (ReturnKind::Nothing | ReturnKind::Parts | ReturnKind::ToolResult)), _) => {
                    return mismatch(sink, "a value", wants(k));
                }
                // `T?` that is null: the text `null`.
                (Some(ReturnKind::Text { nullable: true }), Value::Null) => Part::Text("null".into()),
                (Some(ReturnKind::Json(d) | ReturnKind::Value(d)), Value::Null) if d.nullable => {
                    Part::Text("null".into())
                }
                (Some(ReturnKind::Text { .. }), Value::String(s)) => Part::Text(s.clone()),
                (Some(ReturnKind::Text { .. }), other) => {
                    sink.report(
                        Code::Ole003,
                        &at.key("value"),
                        format!(
                            "The value returned for '{}' does not fit it: it must be a string, not {}.",
                            r.return_type,
                            crate::describe::descriptor::article(other)
                        ),
                    );
                    return Err(sink.into_listed());
                }
                (Some(ReturnKind::Json(_) | ReturnKind::Value(_)), _) => {
                    (r.fits)(&text, &at.key("value"), &mut sink);
                    if !sink.is_empty() {
                        return Err(sink.into_listed());
                    }
                    Part::Json(value.to_json())
                }
                // Described by schemas only: checked against the output
                // schema, if any; a string is text.
                (None, value) => {
                    (r.fits)(&text, &at.key("value"), &mut sink);
                    if !sink.is_empty() {
                        return Err(sink.into_listed());
                    }
                    match value {
                        Value::String(s) => Part::Text(s.clone()),
                        other => Part::Json(other.to_json()),
                    }
                }
            };
            Ok(ToolResult { parts: vec![part], is_error: false, typed_result: typed })
        }
        (Outcome::ReturnedNothing, Some(k)) => mismatch(sink, "nothing", wants(k)),
        (Outcome::ReturnedParts(_), Some(k)) => mismatch(sink, "content parts", wants(k)),
        (Outcome::ReturnedToolResult(_), Some(k)) => mismatch(sink, "a ToolResult", wants(k)),
        (Outcome::Threw { .. } | Outcome::TimedOut(_) | Outcome::InvalidArguments(_), _) => {
            unreachable!("failures are encoded before the return type is read")
        }
    }
}

fn parse_value(text: &str, at: &Path, sink: &mut Sink) -> Option<Value> {
    match json::parse(text, LIMITS) {
        Ok(v) => Some(v),
        Err(e) => {
            sink.report_with(Code::Ole001, at, || format!("The tool's value is not accepted as JSON: {e}."));
            None
        }
    }
}

/// JSON parts are checked and written compactly; text parts pass unchanged.
fn normalize_parts(parts: Vec<Part>, at: &Path, sink: &mut Sink) -> Vec<Part> {
    let mut out = Vec::with_capacity(parts.len());
    for (i, part) in parts.into_iter().enumerate() {
        if !work::spend(1) {
            break;
        }
        match part {
            Part::Text(t) => out.push(Part::Text(t)),
            Part::Json(j) => {
                if let Some(v) = parse_value(&j, &at.index(i), sink) {
                    out.push(Part::Json(v.to_json()));
                }
            }
        }
    }
    out
}

/// The validator a returned value is checked with: the return type's schema
/// (the tool's output schema), as arguments are, every error listed up to
/// [`diag::MAX_DIAGNOSTICS`], with the steps the operation has left.
pub(crate) fn fits_validator(schema: &str) -> Result<Validator, Vec<Diagnostic>> {
    let limits = Limits { max_errors: diag::MAX_DIAGNOSTICS, max_work: work::left(), ..Limits::default() };
    Validator::compile(schema, Options { formats: FormatMode::Assert, any_value: true, limits })
}

/// A returned value must fit its declared type: every way it does not is
/// an `OLE003`.
pub(crate) fn check_fits(validator: &Validator, text: &str, return_type: &str, at: &Path, sink: &mut Sink) {
    let (found, more) = match validator.refusal(text) {
        Ok(_) => return,
        Err(Refused::Listed(found, more)) => (found, more),
        Err(Refused::OverBudget) => {
            // The operation's answer is then the budget's diagnostic.
            work::spend(u64::MAX);
            return;
        }
    };
    for (_, e) in found {
        let predicate = e.predicate();
        let (subject, path) = match e.path.as_str() {
            "$" => ("it".to_owned(), at.to_string()),
            p if p.starts_with('[') => (format!("'{p}'"), format!("{at}{p}")),
            p => (format!("'{p}'"), format!("{at}.{p}")),
        };
        sink.push(Diagnostic {
            code: Code::Ole003,
            message: format!("The value returned for '{return_type}' does not fit it: {subject} {predicate}."),
            path,
        });
    }
    sink.add_unlisted(usize::try_from(more).unwrap_or(usize::MAX));
}

/// The result as the CLI and the golden files write it:
/// `{"parts":[{"type":"text","text":…}|{"type":"json","json":…}],"isError":…,"typedResult"?:…}`.
pub fn result_to_value(r: &ToolResult) -> Value {
    let parts = r
        .parts
        .iter()
        .map(|p| match p {
            Part::Text(t) => Value::Object(vec![
                ("type".into(), Value::String("text".into())),
                ("text".into(), Value::String(t.clone())),
            ]),
            Part::Json(j) => Value::Object(vec![
                ("type".into(), Value::String("json".into())),
                ("json".into(), json::parse(j, LIMITS).unwrap_or(Value::Null)),
            ]),
        })
        .collect();
    let mut m = vec![("parts".into(), Value::Array(parts)), ("isError".into(), Value::Bool(r.is_error))];
    if let Some(t) = &r.typed_result {
        m.push(("typedResult".into(), json::parse(t, LIMITS).unwrap_or(Value::Null)));
    }
    Value::Object(m)
}

#[cfg(test)]
mod tests {
    use super::exception_text;

    #[test]
    fn exceptions_lose_namespace_and_stack_trace() {
        assert_eq!(exception_text("InvalidOperationException", "message"), "InvalidOperationException: message");
        assert_eq!(exception_text("System.InvalidOperationException", "bad"), "InvalidOperationException: bad");
        assert_eq!(
            exception_text(
                "System.IO.IOException",
                "Disk full.\n   at Tools.Save(String path) in /src/Tools.cs:line 12\n   at Tools.Run()"
            ),
            "IOException: Disk full."
        );
        assert_eq!(
            exception_text(
                "HttpRequestException",
                "first line\nsecond line\n--- End of stack trace from previous location ---"
            ),
            "HttpRequestException: first line\nsecond line"
        );
        assert_eq!(exception_text("TimeoutException", ""), "TimeoutException");
        assert_eq!(exception_text("", "x"), "Exception: x");
        assert_eq!(exception_text("FormatException", "at least 3 digits"), "FormatException: at least 3 digits");
    }
}
