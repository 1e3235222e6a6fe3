//! The shape of `target/conformance/vectors.json` (documented in
//! `src/bin/export-vectors.rs`): how an answer is written down, shared by
//! `export-vectors`, which writes the native core's answers, and
//! `run-vectors`, which asks the core and the component again and compares.

use tool_schema::json::{Number, Value};

pub fn s(text: impl Into<String>) -> Value {
    Value::String(text.into())
}

pub fn obj(members: Vec<(&str, Value)>) -> Value {
    Value::Object(members.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

pub fn opt(text: Option<&str>) -> Value {
    text.map_or(Value::Null, s)
}

pub fn number(n: u64) -> Value {
    Value::Number(Number::from_i128(i128::from(n)))
}

/// `{"ok": …}` or `{"err": …}`.
pub fn answer<T>(r: Result<T, Value>, ok: impl FnOnce(T) -> Value) -> Value {
    match r {
        Ok(v) => obj(vec![("ok", ok(v))]),
        Err(e) => obj(vec![("err", e)]),
    }
}

pub fn diagnostic(code: &str, message: &str, path: &str) -> Value {
    obj(vec![("code", s(code)), ("message", s(message)), ("path", s(path))])
}

pub fn arg_error(path: &str, keyword: &str, message: &str) -> Value {
    obj(vec![("path", s(path)), ("keyword", s(keyword)), ("message", s(message))])
}

pub fn change(pointer: &str, keyword: &str, action: &str, detail: &str) -> Value {
    obj(vec![("pointer", s(pointer)), ("keyword", s(keyword)), ("action", s(action)), ("detail", s(detail))])
}

/// What a conversion reports beside its changes: the surfaces that take the
/// original and the converted schema as they are, and its dead branches
/// (pointer, reason).
pub struct ReportOf<'a> {
    pub original: &'a [String],
    pub converted: &'a [String],
    pub dead: Vec<(&'a str, &'a str)>,
}

impl<'a> ReportOf<'a> {
    pub fn core(r: &'a tool_schema::Report) -> ReportOf<'a> {
        ReportOf {
            original: &r.also_valid_for.original,
            converted: &r.also_valid_for.converted,
            dead: r.dead.iter().map(|d| (d.pointer.as_str(), d.reason.as_str())).collect(),
        }
    }
}

/// A conversion's answer as the vectors write it: `{"schema", "changes",
/// "lossless", "alsoValidFor": {"original", "converted"}, "dead": [{"pointer",
/// "reason"}]}`.
pub fn downconverted(schema: &str, changes: Vec<Value>, lossless: bool, report: ReportOf<'_>) -> Value {
    let names = |list: &[String]| Value::Array(list.iter().map(s).collect());
    let dead = report.dead.iter().map(|(p, r)| obj(vec![("pointer", s(*p)), ("reason", s(*r))])).collect();
    obj(vec![
        ("schema", s(schema)),
        ("changes", Value::Array(changes)),
        ("lossless", Value::Bool(lossless)),
        ("alsoValidFor", obj(vec![("original", names(report.original)), ("converted", names(report.converted))])),
        ("dead", Value::Array(dead)),
    ])
}

/// A part: `{"text": …}` or `{"json": …}`.
pub fn part(is_text: bool, content: &str) -> Value {
    obj(vec![(if is_text { "text" } else { "json" }, s(content))])
}

pub fn tool_result(parts: Vec<Value>, is_error: bool, typed_result: Option<&str>) -> Value {
    obj(vec![("parts", Value::Array(parts)), ("isError", Value::Bool(is_error)), ("typedResult", opt(typed_result))])
}

// ---- reading inputs

pub fn text<'v>(v: &'v Value, key: &str) -> &'v str {
    v.get(key).and_then(Value::as_str).unwrap_or_default()
}

pub fn opt_text<'v>(v: &'v Value, key: &str) -> Option<&'v str> {
    v.get(key).and_then(Value::as_str)
}

pub fn u64_of(v: &Value, key: &str) -> u64 {
    match v.get(key) {
        Some(Value::Number(n)) => n.as_i128().and_then(|n| u64::try_from(n).ok()).unwrap_or(0),
        _ => 0,
    }
}

/// A part of the file as `(is_text, content)`.
pub fn part_in(p: &Value) -> (bool, String) {
    match (p.get("text").and_then(Value::as_str), p.get("json").and_then(Value::as_str)) {
        (Some(t), _) => (true, t.to_owned()),
        (None, Some(j)) => (false, j.to_owned()),
        _ => (true, String::new()),
    }
}

// ---- reading inputs into the core's types

pub fn core_part(p: &Value) -> tool_schema::Part {
    match part_in(p) {
        (true, t) => tool_schema::Part::Text(t),
        (false, j) => tool_schema::Part::Json(j),
    }
}

pub fn core_part_out(p: &tool_schema::Part) -> Value {
    match p {
        tool_schema::Part::Text(t) => part(true, t),
        tool_schema::Part::Json(j) => part(false, j),
    }
}

pub fn parts_of(v: &Value) -> Vec<&Value> {
    v.as_array().map(|a| a.iter().collect()).unwrap_or_default()
}

pub fn core_outcome(o: &Value) -> Result<tool_schema::Outcome, String> {
    use tool_schema::Outcome as O;
    let (kind, v) = o.as_object().and_then(|m| m.first()).ok_or("an outcome is an object of one member")?;
    Ok(match kind.as_str() {
        "returned" => O::Returned(v.as_str().unwrap_or_default().to_owned()),
        "returnedNothing" => O::ReturnedNothing,
        "returnedParts" => O::ReturnedParts(parts_of(v).into_iter().map(core_part).collect()),
        "returnedToolResult" => O::ReturnedToolResult(tool_schema::ToolResult {
            parts: parts_of(v.get("parts").unwrap_or(&Value::Null)).into_iter().map(core_part).collect(),
            is_error: matches!(v.get("isError"), Some(Value::Bool(true))),
            typed_result: opt_text(v, "typedResult").map(str::to_owned),
        }),
        "threw" => O::Threw { type_name: text(v, "typeName").into(), message: text(v, "message").into() },
        "timedOut" => O::TimedOut(match v {
            Value::Number(n) => n.as_i128().and_then(|n| u32::try_from(n).ok()).ok_or("timedOut is a u32")?,
            _ => return Err("timedOut is a number".into()),
        }),
        "invalidArguments" => {
            O::InvalidArguments(parts_of(v).into_iter().map(|m| m.as_str().unwrap_or_default().to_owned()).collect())
        }
        other => return Err(format!("unknown outcome '{other}'")),
    })
}

pub fn core_target(t: &Value) -> tool_schema::Target<'_> {
    match text(t, "provider") {
        "custom" => tool_schema::Target::Custom(text(t, "profile")),
        name => tool_schema::Target::BuiltIn(name),
    }
}
