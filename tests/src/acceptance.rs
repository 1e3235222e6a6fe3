//! What each provider accepts, written from the contract's table ("What each
//! provider rejects" in `tool-schemas.md`) and `providers.md`, and nothing
//! else: this checker shares no code and no data with the converter, so a
//! converter that follows a wrong rule fails here.

use std::collections::HashSet;
use tool_schema::json::Value;

/// Keywords each target's surface takes, anywhere in a schema.
fn allowed(target: &str) -> &'static [&'static str] {
    match target {
        // Anthropic strict: numbers, string lengths, maxItems and uniqueItems
        // are rejected; minItems only 0 or 1; default accepted.
        "anthropic" => &[
            "type",
            "properties",
            "required",
            "items",
            "enum",
            "const",
            "anyOf",
            "allOf",
            "$ref",
            "$defs",
            "definitions",
            "description",
            "default",
            "additionalProperties",
            "minItems",
            "format",
            "pattern",
        ],
        // OpenAI strict: minLength/maxLength/uniqueItems not listed, default
        // rejected, every property required, no uri format.
        "openai" => &[
            "type",
            "properties",
            "required",
            "items",
            "enum",
            "anyOf",
            "$ref",
            "$defs",
            "definitions",
            "description",
            "title",
            "minimum",
            "maximum",
            "exclusiveMinimum",
            "exclusiveMaximum",
            "multipleOf",
            "minItems",
            "maxItems",
            "additionalProperties",
            "format",
            "pattern",
        ],
        // Gemini: pattern, default and contentEncoding not listed; lengths and
        // uniqueItems accepted (though not enforced); propertyOrdering;
        // prefixItems in its JSON Schema list.
        "gemini" => &[
            "type",
            "properties",
            "required",
            "items",
            "enum",
            "anyOf",
            "$ref",
            "$defs",
            "description",
            "title",
            "minimum",
            "maximum",
            "minItems",
            "maxItems",
            "minLength",
            "maxLength",
            "uniqueItems",
            "additionalProperties",
            "propertyOrdering",
            "format",
            "prefixItems",
        ],
        _ => &[],
    }
}

fn formats(target: &str) -> &'static [&'static str] {
    match target {
        "anthropic" => &["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"],
        "openai" => &["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"],
        "gemini" => &["date-time", "date", "time"],
        _ => &[],
    }
}

/// Anthropic: "simple regex only"; OpenAI: no look-around.
fn pattern_ok(target: &str, p: &str) -> bool {
    let lookaround = ["(?=", "(?!", "(?<=", "(?<!"].iter().any(|l| p.contains(l));
    match target {
        "anthropic" => {
            let backref = p
                .as_bytes()
                .windows(2)
                .any(|w| w[0] == b'\\' && (w[1].is_ascii_digit() && w[1] != b'0' || w[1] == b'k'));
            let boundary = p.contains("\\b") || p.contains("\\B");
            let fancy =
                ["(?>", "(?i", "(?m", "(?s", "(?x", "(?(", "(?R", "*+", "++", "?+"].iter().any(|f| p.contains(f));
            !lookaround && !backref && !boundary && !fancy
        }
        "openai" => !lookaround,
        _ => false,
    }
}

/// Every way `schema` breaks `target`'s rules, each with the place it is.
pub fn violations(target: &str, schema: &Value) -> Vec<String> {
    let mut found = Vec::new();
    if schema.get("type").and_then(Value::as_str) != Some("object") {
        found.push("$: the root is not an object schema".to_owned());
    }
    if target == "openai" && schema.get("anyOf").is_some() {
        found.push("$: anyOf at the root".to_owned());
    }
    walk(target, schema, "", &mut found, 0);
    if target == "anthropic" && has_cycle(schema, false) {
        found.push("$: a recursive schema".to_owned());
    }
    if target == "gemini" && has_cycle(schema, true) {
        found.push("$: a schema that refers to itself through required properties only".to_owned());
    }
    found
}

fn walk(target: &str, v: &Value, at: &str, found: &mut Vec<String>, depth: usize) {
    if depth > 1000 {
        found.push(format!("{at}: nested deeper than 1000"));
        return;
    }
    let Some(members) = v.as_object() else {
        if !matches!(v, Value::Bool(_)) {
            found.push(format!("{at}: a schema that is not an object"));
        }
        return;
    };
    let ok = allowed(target);
    for (k, sub) in members {
        let here = format!("{at}/{k}");
        if !ok.contains(&k.as_str()) {
            found.push(format!("{here}: {target} does not take {k}"));
            continue;
        }
        match k.as_str() {
            "format" if !sub.as_str().is_some_and(|f| formats(target).contains(&f)) => {
                found.push(format!("{here}: {target} does not take the format {}", sub.to_json()));
            }
            "pattern" if !sub.as_str().is_some_and(|p| pattern_ok(target, p)) => {
                found.push(format!("{here}: {target} does not take this pattern"));
            }
            "minItems" if target == "anthropic" && !matches!(sub.to_json().as_str(), "0" | "1") => {
                found.push(format!("{here}: anthropic takes minItems 0 or 1 only"));
            }
            "additionalProperties" if target != "gemini" && !matches!(sub, Value::Bool(false)) => {
                found.push(format!("{here}: {target} takes additionalProperties false only"));
            }
            "properties" | "$defs" | "definitions" => {
                for (name, s) in sub.as_object().unwrap_or_default() {
                    walk(target, s, &format!("{here}/{name}"), found, depth + 1);
                }
            }
            "enum" | "const" => {
                let values = if k == "enum" { sub.as_array().unwrap_or_default().to_vec() } else { vec![sub.clone()] };
                for value in &values {
                    if !enum_value_ok(target, value) {
                        found.push(format!("{here}: {target} does not take {} as an {k} value", value.to_json()));
                    }
                }
            }
            "items" | "additionalProperties" => walk(target, sub, &here, found, depth + 1),
            "anyOf" | "allOf" | "prefixItems" => {
                for (i, s) in sub.as_array().unwrap_or_default().iter().enumerate() {
                    walk(target, s, &format!("{here}/{i}"), found, depth + 1);
                }
            }
            _ => {}
        }
    }
    let is_object = match v.get("type") {
        Some(Value::String(t)) => t == "object",
        Some(Value::Array(ts)) => ts.iter().any(|t| t.as_str() == Some("object")),
        _ => false,
    };
    let is_array = match v.get("type") {
        Some(Value::String(t)) => t == "array",
        Some(Value::Array(ts)) => ts.iter().any(|t| t.as_str() == Some("array")),
        _ => false,
    };
    if is_array && target == "openai" && v.get("items").is_none() {
        found.push(format!("{at}: openai needs items on every array"));
    }
    let names: Vec<&str> =
        v.get("properties").and_then(Value::as_object).unwrap_or_default().iter().map(|(k, _)| k.as_str()).collect();
    if is_object && target != "gemini" && !matches!(v.get("additionalProperties"), Some(Value::Bool(false))) {
        found.push(format!("{at}: {target} needs additionalProperties false on every object"));
    }
    if is_object && target == "openai" {
        let required: HashSet<&str> =
            v.get("required").and_then(Value::as_array).unwrap_or_default().iter().filter_map(Value::as_str).collect();
        if names.iter().any(|n| !required.contains(n)) {
            found.push(format!("{at}: openai needs every property in required"));
        }
    }
    if target == "gemini" && v.get("properties").is_some() {
        let ordering: Vec<&str> = v
            .get("propertyOrdering")
            .and_then(Value::as_array)
            .unwrap_or_default()
            .iter()
            .filter_map(Value::as_str)
            .collect();
        if ordering != names {
            found.push(format!("{at}: gemini output lists its properties in propertyOrdering"));
        }
    }
}

/// Anthropic: enum and const values are strings, numbers, booleans or null;
/// Gemini: enum values are strings or numbers.
fn enum_value_ok(target: &str, v: &Value) -> bool {
    match target {
        "anthropic" => !matches!(v, Value::Object(_) | Value::Array(_)),
        "gemini" => matches!(v, Value::String(_) | Value::Number(_)),
        _ => true,
    }
}

/// Whether a `$ref` leads back to a schema it is inside of.
/// With `required_only`, only references under required properties count:
/// a property that may be left out ends the recursion.
fn has_cycle(schema: &Value, required_only: bool) -> bool {
    fn refs(v: &Value, required_only: bool, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                let required: Vec<&Value> =
                    v.get("required").and_then(Value::as_array).unwrap_or_default().iter().collect();
                for (k, s) in m {
                    match (k.as_str(), s) {
                        ("$ref", Value::String(r)) => out.push(r.trim_start_matches('#').to_owned()),
                        ("$defs" | "definitions", _) => {}
                        ("properties", Value::Object(props)) if required_only => {
                            for (name, sub) in props {
                                if required.iter().any(|r| r.as_str() == Some(name)) {
                                    refs(sub, required_only, out);
                                }
                            }
                        }
                        _ => refs(s, required_only, out),
                    }
                }
            }
            Value::Array(a) => a.iter().for_each(|s| refs(s, required_only, out)),
            _ => {}
        }
    }
    let mut stack = vec![(String::new(), vec![String::new()])];
    while let Some((at, path)) = stack.pop() {
        let node = schema.pointer(&at).unwrap_or(&Value::Null);
        let mut next = Vec::new();
        refs(node, required_only, &mut next);
        for n in next {
            if path.contains(&n) {
                return true;
            }
            if path.len() < 64 {
                let mut p = path.clone();
                p.push(n.clone());
                stack.push((n, p));
            }
        }
    }
    false
}
