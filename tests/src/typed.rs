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

use crate::vectorfile::{number, obj, opt, s};
use tool_schema::json::Value;
use tool_schema::path::Segment;
use tool_schema::validate::{LimitKind, Params, Shown};

fn shown(v: &Shown) -> Value {
    obj(vec![("type", s(v.kind.name())), ("text", opt(v.text.as_deref()))])
}

fn strings(list: impl IntoIterator<Item = String>) -> Value {
    Value::Array(list.into_iter().map(s).collect())
}

fn numbers(list: &[u64]) -> Value {
    Value::Array(list.iter().map(|n| number(*n)).collect())
}

/// The params of an error at `at`, as the vectors write them.
pub fn params(p: &Params, at: &[Segment]) -> Value {
    let kind = |k: &str, mut rest: Vec<(&str, Value)>| {
        rest.insert(0, ("kind", s(k)));
        obj(rest)
    };
    match p {
        Params::Type { expected, value } => kind(
            "type",
            vec![("expected", strings(expected.iter().map(|t| t.name().to_owned()))), ("value", shown(value))],
        ),
        Params::Const { expected, value } => {
            kind("const", vec![("expected", s(expected.to_json())), ("value", shown(value))])
        }
        Params::Enum { allowed, more, value } => kind(
            "enum",
            vec![
                ("allowed", strings(allowed.iter().map(Value::to_json))),
                ("more", number(*more)),
                ("value", shown(value)),
            ],
        ),
        Params::Bound { limit, value } => kind("bound", vec![("limit", s(limit)), ("value", s(value))]),
        Params::Count { limit, count } => kind("count", vec![("limit", number(*limit)), ("count", number(*count))]),
        Params::Pattern { pattern, value } => kind("pattern", vec![("pattern", s(pattern)), ("value", shown(value))]),
        Params::Format { format, value } => kind("format", vec![("format", s(format)), ("value", shown(value))]),
        Params::Required { name, given } => kind("required", vec![("name", s(name)), ("given", opt(given.as_deref()))]),
        Params::Unexpected { allowed } => {
            kind("unexpected", vec![("allowed", allowed.as_ref().map_or(Value::Null, |a| strings(a.iter().cloned())))])
        }
        Params::Unique { first, second } => {
            kind("unique", vec![("first", number(*first)), ("second", number(*second))])
        }
        Params::Contains { schema, limit } => kind(
            "contains",
            vec![("schema", schema.as_ref().map_or(Value::Null, |v| s(v.to_json()))), ("limit", number(*limit))],
        ),
        Params::Not { schema } => kind("not", vec![("schema", s(schema.to_json()))]),
        Params::ExtraItem { limit } => kind("extra-item", vec![("limit", number(*limit))]),
        Params::False => kind("false-schema", vec![]),
        Params::NoMatch => kind("no-match", vec![]),
        Params::ManyMatch { branches } => kind("many-match", vec![("branches", numbers(branches))]),
        Params::PropertyName { name, inner, inner_keyword } => kind(
            "property-name",
            vec![
                ("name", s(name)),
                ("keyword", s(inner_keyword)),
                (
                    "reason",
                    s(tool_schema::validate::params::wanted(
                        inner,
                        inner_keyword,
                        &tool_schema::path::Path::from_segments(at.to_vec()),
                    )),
                ),
            ],
        ),
        Params::Backtracking { pattern, at, steps } => {
            kind("backtracking", vec![("pattern", s(pattern)), ("at", s(at)), ("steps", number(*steps))])
        }
        Params::Limit { kind: what, limit, count } => kind(
            "limit",
            vec![
                (
                    "what",
                    s(match what {
                        LimitKind::Bytes => "bytes",
                        LimitKind::Depth => "depth",
                        LimitKind::Steps => "steps",
                        LimitKind::Errors => "errors",
                    }),
                ),
                ("limit", number(*limit)),
                ("count", number(*count)),
            ],
        ),
        Params::Json { reason } => kind("json", vec![("reason", s(reason))]),
        Params::Schema { code, message, path } => {
            kind("schema", vec![("code", s(code)), ("message", s(message)), ("path", s(path))])
        }
        Params::Conversion { reason } => kind("conversion", vec![("reason", s(reason))]),
    }
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
