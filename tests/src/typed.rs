//! An argument error with everything it carries (instance location, schema
//! location, typed params), written as the vectors file writes it, so that
//! every host's answer can be compared byte for byte:
//!
//! ```text
//! {"path", "keyword", "message", "location": ["items", 2, "qty"], "schemaLocation",
//!  "params": {"kind": "bound", "limit": "100", "value": "500"}}
//! ```
//!
//! `params` has the WIT case's name as `kind`, then its record's fields in
//! WIT order; a value shown is `{"type", "text"}`; a JSON value (a `const`,
//! an `enum` member, a schema) is its JSON text; an absent option is null.

use crate::vectorfile::{number, obj, s};
use tool_schema::json::Value;
use tool_schema::path::Segment;
use tool_schema::validate::Params;

/// The params of an error at `at`, as the vectors write them (the core's
/// own JSON form of them, `Params::to_value`).
pub fn params(p: &Params, at: &[Segment]) -> Value {
    p.to_value(&tool_schema::path::Path::from_segments(at.to_vec()))
}

/// An instance location: member names as strings, item indices as numbers.
pub fn location(segments: &[Segment]) -> Value {
    Value::Array(
        segments
            .iter()
            .map(|seg| match seg {
                Segment::Key(k) => s(k),
                Segment::Index(i) => number(*i as u64),
            })
            .collect(),
    )
}

/// Everything an argument error carries.
pub fn arg_error(e: &tool_schema::ArgError) -> Value {
    obj(vec![
        ("path", s(&e.path)),
        ("keyword", s(&e.keyword)),
        ("message", s(&e.message)),
        ("location", location(&e.location)),
        ("schemaLocation", s(&e.schema_location)),
        ("params", params(&e.params, &e.location)),
    ])
}

/// Bound arguments or every error, fully: `{"bound": …}` or `{"errors": […]}`.
pub fn outcome(r: &Result<String, Vec<tool_schema::ArgError>>) -> Value {
    match r {
        Ok(bound) => obj(vec![("bound", s(bound))]),
        Err(errors) => obj(vec![("errors", Value::Array(errors.iter().map(arg_error).collect()))]),
    }
}

/// A checked answer as the `tool` op writes it: `{"valid": BOUND}` or
/// `{"invalid": [E…]}`.
pub fn checked(r: &Result<String, Vec<tool_schema::ArgError>>) -> Value {
    match r {
        Ok(bound) => obj(vec![("valid", s(bound))]),
        Err(errors) => obj(vec![("invalid", Value::Array(errors.iter().map(arg_error).collect()))]),
    }
}

fn diags(d: &[tool_schema::Diagnostic]) -> Value {
    Value::Array(d.iter().map(|d| crate::vectorfile::diagnostic(d.code.as_str(), &d.message, &d.path)).collect())
}

/// The native core's answer to a `tool` case (src/bin/export-vectors.rs):
/// the tool made once, then each call in turn.
pub fn tool_native(input: &Value) -> Result<Value, String> {
    use crate::vectorfile::{
        answer, change, core_outcome, core_part_out, core_target, downconverted, text, tool_result,
    };
    let made = match (input.get("descriptor"), input.get("schema")) {
        (Some(d), _) => tool_schema::Tool::from_descriptor(d.as_str().unwrap_or_default()).map(|mut t| t.remove(0)),
        (None, Some(schema)) => tool_schema::Tool::from_schema(
            "t",
            "",
            schema.as_str().unwrap_or_default(),
            None,
            tool_schema::Options::default(),
        ),
        (None, None) => return Err("a tool case has a descriptor or a schema".into()),
    };
    let tool = match made {
        Ok(t) => t,
        Err(d) => return Ok(obj(vec![("err", diags(&d))])),
    };
    let mut answers = Vec::new();
    for call in input.get("calls").and_then(Value::as_array).unwrap_or_default() {
        answers.push(if let Some(args) = call.get("validate") {
            checked(&tool.validate(args.as_str().unwrap_or_default()))
        } else if let Some(target) = call.get("convert") {
            match tool.convert(core_target(target)) {
                Err(d) => obj(vec![("err", diags(&d))]),
                Ok(c) => {
                    let d = c.converted();
                    let changes = d
                        .changes
                        .iter()
                        .map(|x| change(&x.pointer, &x.keyword, x.action.as_str(), &x.detail))
                        .collect();
                    obj(vec![
                        (
                            "converted",
                            downconverted(&d.schema, changes, d.lossless, crate::vectorfile::ReportOf::core(&d.report)),
                        ),
                        ("restored", checked(&c.restore(text(call, "restore")))),
                    ])
                }
            }
        } else if let Some(outcome) = call.get("encode") {
            answer(tool.encode(core_outcome(outcome)?).map_err(|d| diags(&d)), |r| {
                tool_result(r.parts.iter().map(core_part_out).collect(), r.is_error, r.typed_result.as_deref())
            })
        } else {
            return Err(format!("unknown call {}", call.to_json()));
        });
    }
    Ok(obj(vec![("ok", Value::Array(answers))]))
}
