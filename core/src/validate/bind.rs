//! The bound arguments (`decisions.md` §3): what the tool receives once its
//! arguments are valid. Absent parameters with a `default` get it, integral
//! numbers in integer slots are written as integers (`2.0` → `2`, `1e2` →
//! `100`), and nothing else changes: member order and every other number's
//! text stay as the caller wrote them.

use crate::json::{Decimal, Number, Value};

/// Most schema-and-value pairs one binding visits; past it the rest of the
/// value is left as written (it is valid either way).
const MAX_STEPS: usize = 1_000_000;
/// Integers longer than this many digits are left as written rather than
/// expanded (`1e999999` stays `1e999999`).
const MAX_INTEGER_DIGITS: i64 = 1_000;

pub(crate) fn bind(schema: &Value, mut args: Value) -> Value {
    let mut steps = 0;
    integers(schema, schema, &mut args, &mut steps, 0);
    fill_defaults(schema, schema, &mut args);
    args
}

/// Absent top-level parameters with a `default` get it, after the members the
/// caller gave, in the schema's order.
fn fill_defaults(root: &Value, schema: &Value, args: &mut Value) {
    let schema = follow_refs(root, schema);
    let (Some(properties), Value::Object(members)) = (schema.get("properties").and_then(Value::as_object), args) else {
        return;
    };
    for (name, property) in properties {
        let property = follow_refs(root, property);
        if let Some(default) = property.get("default")
            && !members.iter().any(|(k, _)| k == name)
        {
            members.push((name.clone(), default.clone()));
        }
    }
}

/// A local `$ref` chain followed to the schema it names (at most a few hops).
fn follow_refs<'a>(root: &'a Value, mut schema: &'a Value) -> &'a Value {
    for _ in 0..16 {
        match schema.get("$ref").and_then(Value::as_str).and_then(|r| resolve(root, r)) {
            Some(target) => schema = target,
            None => break,
        }
    }
    schema
}

/// A fragment reference (`#/$defs/x`, `#anchor`) in `root`.
fn resolve<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let fragment = reference.strip_prefix('#')?;
    if fragment.is_empty() {
        return Some(root);
    }
    if let Some(pointer) = fragment.strip_prefix('/') {
        let mut cur = root;
        for raw in pointer.split('/') {
            let seg = super::refcheck::percent_decode(raw).replace("~1", "/").replace("~0", "~");
            cur = match cur {
                Value::Object(_) => cur.get(&seg)?,
                Value::Array(items) => items.get(seg.parse::<usize>().ok()?)?,
                _ => return None,
            };
        }
        return Some(cur);
    }
    find_anchor(root, fragment, 0)
}

fn find_anchor<'a>(v: &'a Value, name: &str, depth: usize) -> Option<&'a Value> {
    if depth > 512 {
        return None;
    }
    match v {
        Value::Object(members) => {
            if members.iter().any(|(k, a)| (k == "$anchor" || k == "$dynamicAnchor") && a.as_str() == Some(name)) {
                return Some(v);
            }
            members.iter().find_map(|(_, sub)| find_anchor(sub, name, depth + 1))
        }
        Value::Array(items) => items.iter().find_map(|sub| find_anchor(sub, name, depth + 1)),
        _ => None,
    }
}

/// Whether a schema's `type` makes its slot an integer one.
fn integer_slot(schema: &Value) -> bool {
    match schema.get("type") {
        Some(Value::String(t)) => t == "integer",
        Some(Value::Array(ts)) => {
            ts.iter().any(|t| t.as_str() == Some("integer")) && !ts.iter().any(|t| t.as_str() == Some("number"))
        }
        _ => false,
    }
}

fn integers(root: &Value, schema: &Value, value: &mut Value, steps: &mut usize, depth: usize) {
    *steps += 1;
    if *steps > MAX_STEPS || depth > 512 || !matches!(schema, Value::Object(_)) {
        return;
    }
    if let Value::Number(n) = value
        && integer_slot(schema)
        && let Some(text) = integer_text(&n.decimal())
    {
        *n = Number::parse(&text).unwrap_or_else(|| n.clone());
    }
    for key in ["$ref", "$dynamicRef"] {
        if let Some(target) = schema.get(key).and_then(Value::as_str).and_then(|r| resolve(root, r)) {
            integers(root, target, value, steps, depth + 1);
        }
    }
    for key in ["allOf", "anyOf", "oneOf"] {
        for sub in schema.get(key).and_then(Value::as_array).unwrap_or_default() {
            integers(root, sub, value, steps, depth + 1);
        }
    }
    for key in ["if", "then", "else"] {
        if let Some(sub) = schema.get(key) {
            integers(root, sub, value, steps, depth + 1);
        }
    }
    match value {
        Value::Object(members) => {
            let properties = schema.get("properties").and_then(Value::as_object).unwrap_or_default();
            let additional = schema.get("additionalProperties");
            for (name, member) in members.iter_mut() {
                match properties.iter().find(|(k, _)| k == name) {
                    Some((_, sub)) => integers(root, sub, member, steps, depth + 1),
                    None => {
                        if let Some(sub) = additional {
                            integers(root, sub, member, steps, depth + 1);
                        }
                    }
                }
            }
        }
        Value::Array(items) => {
            let prefix = schema.get("prefixItems").and_then(Value::as_array).unwrap_or_default();
            let rest = schema.get("items");
            for (i, item) in items.iter_mut().enumerate() {
                match prefix.get(i) {
                    Some(sub) => integers(root, sub, item, steps, depth + 1),
                    None => {
                        if let Some(sub) = rest {
                            integers(root, sub, item, steps, depth + 1);
                        }
                    }
                }
            }
        }
        _ => {}
    }
}

/// The integer an integral decimal is, written out, if it is not too long.
fn integer_text(d: &Decimal) -> Option<String> {
    if !d.is_integer() {
        return None;
    }
    if d.digits.is_empty() {
        return Some("0".into());
    }
    if d.exponent > MAX_INTEGER_DIGITS {
        return None;
    }
    let mut s = String::with_capacity(d.digits.len() + d.exponent as usize + 1);
    if d.negative {
        s.push('-');
    }
    s.extend(d.digits.iter().map(|&x| char::from(b'0' + x)));
    s.extend(std::iter::repeat_n('0', d.exponent as usize));
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{ParseLimits, parse};

    fn bound(schema: &str, args: &str) -> String {
        let limits = ParseLimits { max_bytes: 1 << 20, max_depth: 64 };
        bind(&parse(schema, limits).unwrap(), parse(args, limits).unwrap()).to_json()
    }

    #[test]
    fn integral_numbers_in_integer_slots_become_integers() {
        let schema = r##"{"type":"object","properties":{"n":{"type":"integer"},"x":{"type":"number"},"m":{"type":["integer","null"]},
            "list":{"type":"array","items":{"$ref":"#/$defs/i"}},"pair":{"prefixItems":[{"type":"integer"},{"type":"number"}]},
            "any":{"anyOf":[{"type":"integer"},{"type":"string"}]}},"additionalProperties":{"type":"integer"},"$defs":{"i":{"type":"integer"}}}"##;
        assert_eq!(
            bound(
                schema,
                r##"{"n":2.0,"x":2.0,"m":1e2,"list":[1.0,-3.00,-0.0],"pair":[5.0,5.0],"any":7.0,"extra":1.50e1}"##
            ),
            r##"{"n":2,"x":2.0,"m":100,"list":[1,-3,0],"pair":[5,5.0],"any":7,"extra":15}"##
        );
    }

    #[test]
    fn defaults_fill_absent_parameters_after_the_given_ones() {
        let schema = r##"{"type":"object","properties":{"a":{"type":"integer","default":10},"b":{"type":"string"},"c":{"$ref":"#/$defs/c"}},"$defs":{"c":{"default":"x"}}}"##;
        assert_eq!(bound(schema, r##"{"b":"hi"}"##), r##"{"b":"hi","a":10,"c":"x"}"##);
        assert_eq!(bound(schema, r##"{"a":3,"c":null}"##), r##"{"a":3,"c":null}"##);
    }

    #[test]
    fn huge_integers_stay_as_written() {
        assert_eq!(bound(r##"{"type":"integer"}"##, "1e999999"), "1e999999");
        assert_eq!(bound(r##"{"type":"integer"}"##, "1e3"), "1000");
    }
}
