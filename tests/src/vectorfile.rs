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

pub fn downconverted(schema: &str, changes: Vec<Value>, lossless: bool) -> Value {
    obj(vec![("schema", s(schema)), ("changes", Value::Array(changes)), ("lossless", Value::Bool(lossless))])
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
