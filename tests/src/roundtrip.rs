//! Round trips through a provider: arguments generated to fit a schema (from
//! a seed, reproducibly), written the way a model answering the converted
//! schema writes them, and restored. The model's shape is derived from the
//! contract's rules for each target, not from the converter's code.

use tool_schema::json::{Number, Value};

/// A small deterministic generator (xorshift64*).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next_u64() % n }
    }

    pub fn coin(&mut self) -> bool {
        self.next_u64() & 1 == 1
    }
}

fn num(n: i128) -> Value {
    Value::Number(Number::from_i128(n))
}

fn types(schema: &Value) -> Vec<&str> {
    match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

fn int_of(schema: &Value, key: &str) -> Option<i128> {
    match schema.get(key) {
        Some(Value::Number(n)) => n.as_i128(),
        _ => None,
    }
}

/// A value that fits `schema` (the subset `describe` writes, plus `anyOf`).
pub fn generate(schema: &Value, rng: &mut Rng, depth: usize) -> Value {
    if schema.get(CUT).is_some() {
        return Value::String(CUT.into());
    }
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        return values[rng.below(values.len() as u64) as usize].clone();
    }
    // A union, unless the node says what its value is (then the union only
    // adds constraints, and a round the generator gets wrong is skipped).
    if let Some(branches) = schema.get("anyOf").and_then(Value::as_array)
        && schema.get("type").is_none()
        && schema.get("properties").is_none()
    {
        return generate(&branches[rng.below(branches.len() as u64) as usize], rng, depth + 1);
    }
    let mut ts = types(schema);
    if ts.is_empty() && schema.get("properties").is_some() {
        ts = vec!["object"];
    }
    if ts.is_empty() {
        // Any JSON value.
        return match rng.below(4) {
            0 => Value::Object(vec![("k".into(), num(rng.below(100) as i128))]),
            1 => Value::Array(vec![Value::String("x".into()), Value::Null]),
            2 => Value::String("free".into()),
            _ => num(7),
        };
    }
    let t = ts[rng.below(ts.len() as u64) as usize];
    match t {
        "null" => Value::Null,
        "boolean" => Value::Bool(rng.coin()),
        "integer" => {
            let lo = int_of(schema, "minimum").unwrap_or(-1000).max(-1_000_000);
            let hi = int_of(schema, "maximum").unwrap_or(1000).min(1_000_000);
            num(lo + rng.below((hi - lo + 1).max(1) as u64) as i128)
        }
        "number" => {
            // A bound itself is in range; with none, any number.
            let bounds: Vec<&Value> = ["minimum", "maximum"].iter().filter_map(|k| schema.get(k)).collect();
            match bounds.as_slice() {
                [] => Value::Number(
                    Number::parse(&format!("{}.{}", rng.below(100), rng.below(100)))
                        .unwrap_or_else(|| Number::from_i128(1)),
                ),
                some => some[rng.below(some.len() as u64) as usize].clone(),
            }
        }
        "string" => Value::String(string(schema, rng)),
        "array" => {
            let min = int_of(schema, "minItems").unwrap_or(0) as u64;
            let max = int_of(schema, "maxItems").map_or(min + 3, |m| m as u64).min(min + 3);
            // Deep down (a recursive schema), as few items as allowed.
            let max = if depth > 6 { min } else { max };
            let n = min + rng.below(max - min + 1);
            let empty = Value::Object(vec![]);
            let items = schema.get("items").unwrap_or(&empty);
            if let Some(prefix) = schema.get("prefixItems").and_then(Value::as_array) {
                return Value::Array(prefix.iter().map(|p| generate(p, rng, depth + 1)).collect());
            }
            let mut out: Vec<Value> = Vec::new();
            let mut tries = 0;
            while (out.len() as u64) < n && tries < 50 {
                tries += 1;
                let v = generate(items, rng, depth + 1);
                if matches!(schema.get("uniqueItems"), Some(Value::Bool(true))) && out.contains(&v) {
                    continue;
                }
                out.push(v);
            }
            Value::Array(out)
        }
        "object" => {
            let mut out = Vec::new();
            let required: Vec<&str> = schema
                .get("required")
                .and_then(Value::as_array)
                .unwrap_or_default()
                .iter()
                .filter_map(Value::as_str)
                .collect();
            if let Some(props) = schema.get("properties").and_then(Value::as_object) {
                for (name, sub) in props {
                    if required.contains(&name.as_str()) || (depth < 6 && rng.coin()) {
                        out.push((name.clone(), generate(sub, rng, depth + 1)));
                    }
                }
            } else if let Some(sub @ Value::Object(_)) = schema.get("additionalProperties") {
                for i in 0..rng.below(3) {
                    out.push((format!("key{i}"), generate(sub, rng, depth + 1)));
                }
            }
            Value::Object(out)
        }
        _ => Value::Null,
    }
}

fn string(schema: &Value, rng: &mut Rng) -> String {
    let pick = |rng: &mut Rng, options: &[&str]| options[rng.below(options.len() as u64) as usize].to_owned();
    match schema.get("format").and_then(Value::as_str) {
        Some("uuid") => {
            return pick(rng, &["2eb8aa08-aa98-11ea-b4aa-73b441d16380", "00000000-0000-0000-0000-000000000000"]);
        }
        Some("date") => return pick(rng, &["2024-02-29", "1999-12-31"]),
        Some("time") => return pick(rng, &["08:30:06", "23:59:59.1234567"]),
        Some("date-time") => return pick(rng, &["2024-05-01T08:30:06Z", "2024-05-01T08:30:06.5+02:00"]),
        Some("uri") => return pick(rng, &["https://example.com/a?b=c", "urn:isbn:0451450523"]),
        Some("email") => return pick(rng, &["ana@example.com"]),
        _ => {}
    }
    if schema.get("contentEncoding").and_then(Value::as_str) == Some("base64") {
        return pick(rng, &["Zm9vYmFy", ""]);
    }
    if schema.get("pattern").and_then(Value::as_str).is_some_and(|p| p.contains("\\d{2}:\\d{2}:\\d{2}")) {
        return pick(rng, &["1.02:03:04", "-00:00:01.5"]);
    }
    let min = int_of(schema, "minLength").unwrap_or(0) as usize;
    let max = int_of(schema, "maxLength").map_or(min + 8, |m| m as usize).min(min + 8);
    let n = min + rng.below((max - min + 1) as u64) as usize;
    let made: String = (0..n).map(|i| char::from(b'a' + ((i as u64 + rng.below(26)) % 26) as u8)).collect();
    match schema.get("pattern").and_then(Value::as_str) {
        // The generator reads no regex: of a few strings, the first the pattern takes.
        Some(pattern) => {
            let check = Value::Object(vec![("pattern".into(), Value::String(pattern.into()))]).to_json();
            let options = tool_schema::Options { any_value: true, ..Default::default() };
            let Ok(v) = tool_schema::Validator::compile(&check, options) else { return made };
            let pool = [made.as_str(), "USD123", "123USD", "123", "Passw0rd1", "abc", "A-1"];
            let fits = |c: &str| v.validate(&Value::String(c.into()).to_json()).is_ok();
            pool.into_iter().find(|c| fits(c)).unwrap_or(&made).to_owned()
        }
        None => made,
    }
}

/// How a target's strict mode reshapes values (the contract's rules).
#[derive(Clone, Copy)]
pub struct ModelShape {
    /// OpenAI: every property present, `null` for an absent optional one.
    pub all_properties: bool,
    /// OpenAI and Anthropic: dictionaries as `[{key, value}]`, and a schema
    /// that leaves the value open as JSON text.
    pub closed: bool,
    /// Anthropic: enum and const values are primitives only; a node whose
    /// values are objects or arrays says nothing the target takes, and is
    /// JSON text.
    pub primitive_enums: bool,
}

impl ModelShape {
    /// The shape a model answering a built-in surface's schema writes, from
    /// its profile's reshaping rules (open for a name no surface has).
    pub fn of(target: &str) -> ModelShape {
        use tool_schema::downconvert::profile::Support;
        let Some(p) = tool_schema::downconvert::Profile::built_in_ref(target) else {
            return ModelShape { all_properties: false, closed: false, primitive_enums: false };
        };
        let primitive_enums = match p.support_of("enum") {
            Support::Kinds(kinds) => !kinds.iter().any(|k| k == "object" || k == "array"),
            _ => false,
        };
        ModelShape { all_properties: p.require_all_properties, closed: p.closed_objects, primitive_enums }
    }
}

fn open(schema: &Value) -> bool {
    let m = schema.as_object().map(<[_]>::to_vec).unwrap_or_default();
    let ts = types(schema);
    let has = |k: &str| m.iter().any(|(mk, _)| mk == k);
    let any = ts.is_empty()
        && !has("properties")
        && !has("anyOf")
        && !has("enum")
        && !has("items")
        && !has("additionalProperties");
    let open_object = ts.contains(&"object")
        && !has("anyOf")
        && !has("properties")
        && !matches!(schema.get("additionalProperties"), Some(Value::Bool(false)) | Some(Value::Object(_)));
    let open_array = ts.contains(&"array") && !has("anyOf") && !has("items") && !has("prefixItems");
    any || open_object || open_array
}

/// The `anyOf` branch an object or array value belongs to: one of its JSON
/// type whose properties hold all the object's members, else the first of
/// its type.
fn union_branch<'s>(value: &Value, schema: &'s Value) -> Option<&'s Value> {
    let own_shape = match value {
        Value::Object(_) => schema.get("properties").is_some(),
        _ => schema.get("items").is_some() || schema.get("prefixItems").is_some(),
    };
    if own_shape {
        return None;
    }
    let branches = schema.get("anyOf").and_then(Value::as_array)?;
    let k = tool_schema::downconvert::profile::value_kind(value);
    let typed = |b: &&Value| {
        let ts = types(b);
        ts.contains(&k) || (ts.is_empty() && (k != "object" || b.get("properties").is_some()))
    };
    if let Value::Object(members) = value {
        // All members are the branch's properties, with values its enums allow.
        let holds = |b: &&Value| {
            let props = b.get("properties").and_then(Value::as_object).unwrap_or_default();
            !props.is_empty()
                && members.iter().all(|(m, v)| {
                    props.iter().any(|(p, sub)| {
                        p == m && sub.get("enum").and_then(Value::as_array).is_none_or(|e| e.contains(v))
                    })
                })
        };
        if let Some(b) = branches.iter().filter(typed).find(holds) {
            return Some(b);
        }
    }
    branches.iter().find(typed)
}

/// The parameter a closed-object target gets when the root declares none
/// and leaves the arguments open: the arguments object, as JSON text.
pub const ROOT_TEXT: &str = "arguments";

/// Arguments as a model answering the converted schema writes them: at the
/// root, an open object under a closed-object target is one parameter of
/// JSON text.
pub fn as_model_writes_args(args: &Value, schema: &Value, shape: ModelShape) -> Value {
    if shape.closed && schema.get("properties").is_none() && open(schema) {
        return Value::Object(vec![(ROOT_TEXT.into(), Value::String(args.to_json()))]);
    }
    as_model_writes(args, schema, shape)
}

/// `value` as a model answering the converted schema writes it.
pub fn as_model_writes(value: &Value, schema: &Value, shape: ModelShape) -> Value {
    let composite_enum = shape.primitive_enums
        && types(schema).is_empty()
        && schema
            .get("enum")
            .and_then(Value::as_array)
            .is_some_and(|vs| vs.iter().any(|v| matches!(v, Value::Object(_) | Value::Array(_))));
    if shape.closed && (open(schema) || composite_enum) {
        if matches!(value, Value::Null) && types(schema).contains(&"null") {
            return Value::Null;
        }
        return Value::String(value.to_json());
    }
    if matches!(value, Value::Object(_) | Value::Array(_))
        && let Some(branch) = union_branch(value, schema)
    {
        return as_model_writes(value, branch, shape);
    }
    match value {
        Value::Object(members) => {
            if shape.closed
                && schema.get("properties").is_none()
                && matches!(schema.get("additionalProperties"), Some(Value::Object(_)))
            {
                let sub = schema.get("additionalProperties").unwrap_or(&Value::Null);
                return Value::Array(
                    members
                        .iter()
                        .map(|(k, v)| {
                            Value::Object(vec![
                                ("key".into(), Value::String(k.clone())),
                                ("value".into(), as_model_writes(v, sub, shape)),
                            ])
                        })
                        .collect(),
                );
            }
            let Some(props) = schema.get("properties").and_then(Value::as_object) else {
                // A dictionary the target keeps, or an object with nothing said of its members.
                return match schema.get("additionalProperties") {
                    Some(sub @ Value::Object(_)) => Value::Object(
                        members.iter().map(|(k, v)| (k.clone(), as_model_writes(v, sub, shape))).collect(),
                    ),
                    _ => value.clone(),
                };
            };
            let mut out = Vec::new();
            for (name, sub) in props {
                match members.iter().find(|(k, _)| k == name) {
                    Some((_, v)) => out.push((name.clone(), as_model_writes(v, sub, shape))),
                    None if shape.all_properties => out.push((name.clone(), Value::Null)),
                    None => {}
                }
            }
            Value::Object(out)
        }
        Value::Array(items) if shape.closed && schema.get("prefixItems").is_some() => {
            // A tuple, where the target takes no prefixItems: an object of
            // its positions, "0", "1", …, and "rest" for the items after them.
            let prefix = schema.get("prefixItems").and_then(Value::as_array).unwrap_or_default();
            let empty = Value::Object(vec![]);
            let rest = schema.get("items").unwrap_or(&empty);
            let min = int_of(schema, "minItems").unwrap_or(0) as usize;
            let max = int_of(schema, "maxItems").map(|m| m as usize);
            let mut out = Vec::new();
            for (i, sub) in prefix.iter().enumerate().take(max.unwrap_or(usize::MAX)) {
                match items.get(i) {
                    Some(item) => out.push((i.to_string(), as_model_writes(item, sub, shape))),
                    None if shape.all_properties => out.push((i.to_string(), Value::Null)),
                    None => {}
                }
            }
            let more = !matches!(rest, Value::Bool(false)) && max.is_none_or(|m| m > prefix.len());
            if more {
                let after: Vec<Value> =
                    items.iter().skip(prefix.len()).map(|i| as_model_writes(i, rest, shape)).collect();
                if !after.is_empty() || min > prefix.len() {
                    out.push(("rest".into(), Value::Array(after)));
                } else if shape.all_properties {
                    out.push(("rest".into(), Value::Null));
                }
            }
            Value::Object(out)
        }
        Value::Array(items) => {
            // Where the target takes prefixItems, those items are written as they are.
            let prefix = schema.get("prefixItems").and_then(Value::as_array).map_or(0, <[Value]>::len);
            let empty = Value::Object(vec![]);
            let sub = schema.get("items").unwrap_or(&empty);
            Value::Array(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, item)| if i < prefix { item.clone() } else { as_model_writes(item, sub, shape) })
                    .collect(),
            )
        }
        other => {
            if let Some(branches) = schema.get("anyOf").and_then(Value::as_array) {
                // The branch whose type the value has.
                for b in branches {
                    let ts = types(b);
                    let kind = match other {
                        Value::Null => "null",
                        Value::Bool(_) => "boolean",
                        Value::Number(_) => "number",
                        Value::String(_) => "string",
                        _ => "",
                    };
                    if ts.contains(&kind) || (kind == "number" && ts.contains(&"integer")) {
                        return as_model_writes(other, b, shape);
                    }
                }
            }
            other.clone()
        }
    }
}

/// What survives a round trip through a target that requires every
/// property: an optional property given as `null` reads as absent there.
pub fn without_optional_nulls(value: &Value, schema: &Value) -> Value {
    if matches!(value, Value::Object(_) | Value::Array(_))
        && let Some(branch) = union_branch(value, schema)
    {
        return without_optional_nulls(value, branch);
    }
    match value {
        Value::Object(members) => {
            let props = schema.get("properties").and_then(Value::as_object);
            let required: Vec<&str> = schema
                .get("required")
                .and_then(Value::as_array)
                .unwrap_or_default()
                .iter()
                .filter_map(Value::as_str)
                .collect();
            let mut out = Vec::new();
            for (k, v) in members {
                match props.and_then(|p| p.iter().find(|(name, _)| name == k)) {
                    Some(_) if matches!(v, Value::Null) && !required.contains(&k.as_str()) => {}
                    Some((_, sub)) => out.push((k.clone(), without_optional_nulls(v, sub))),
                    None => match schema.get("additionalProperties") {
                        Some(sub @ Value::Object(_)) => out.push((k.clone(), without_optional_nulls(v, sub))),
                        _ => out.push((k.clone(), v.clone())),
                    },
                }
            }
            Value::Object(out)
        }
        Value::Array(items) => {
            let empty = Value::Object(vec![]);
            let sub = schema.get("items").unwrap_or(&empty);
            Value::Array(items.iter().map(|i| without_optional_nulls(i, sub)).collect())
        }
        other => other.clone(),
    }
}

/// How many times one reference is written out along a path: a recursive
/// schema is cut below that (the generator writes [`CUT`] there, and a
/// round that reaches it is skipped).
const RECURSION_CUT: usize = 3;
/// The mark of a cut schema, and the value the generator writes there.
pub const CUT: &str = "x-recursion-cut";

/// Deepest nesting written out.
const INLINE_DEPTH: usize = 64;

fn resolve<'v>(root: &'v Value, reference: &str) -> Option<&'v Value> {
    let pointer = reference.strip_prefix('#')?;
    let decoded = pointer.replace("%25", "%");
    root.pointer(&decoded)
}

fn members(v: &Value) -> Vec<(String, Value)> {
    v.as_object().map(<[_]>::to_vec).unwrap_or_default()
}

/// `schema` (inside `root`) written out as the generator and the model
/// read it: references in place, `allOf` branches merged into their node,
/// `oneOf` as `anyOf`, `const` as a one-value `enum`, and a root union of
/// objects as the parameters of all its branches (the form strict targets
/// take). `None` for a reference that cannot be followed. Written from JSON
/// Schema's meaning, not from the converter.
pub fn flatten(root: &Value) -> Option<Value> {
    let flat = flatten_at(root, root, 0, &mut Vec::new())?;
    let m = members(&flat);
    let union = m.iter().find(|(k, _)| k == "anyOf").map(|(_, v)| v.clone());
    match union {
        Some(Value::Array(branches))
            if !m.iter().any(|(k, _)| k == "properties") && branches.iter().all(|b| b.get("properties").is_some()) =>
        {
            let mut properties: Vec<(String, Value)> = Vec::new();
            for b in &branches {
                for (name, sub) in members(b.get("properties").unwrap_or(&Value::Null)) {
                    if !properties.iter().any(|(n, _)| *n == name) {
                        properties.push((name, sub));
                    }
                }
            }
            let mut out: Vec<(String, Value)> = m.into_iter().filter(|(k, _)| k != "anyOf").collect();
            out.push(("properties".into(), Value::Object(properties)));
            Some(Value::Object(out))
        }
        _ => Some(flat),
    }
}

fn flatten_at(root: &Value, schema: &Value, depth: usize, refs: &mut Vec<String>) -> Option<Value> {
    if depth > INLINE_DEPTH {
        return None;
    }
    let Value::Object(m) = schema else { return Some(schema.clone()) };
    let mut out: Vec<(String, Value)> = Vec::new();
    let put = |out: &mut Vec<(String, Value)>, k: String, v: Value| match out.iter_mut().find(|(ok, _)| *ok == k) {
        None => out.push((k, v)),
        Some((_, Value::Object(existing))) if k == "properties" => {
            for (name, sub) in members(&v) {
                if !existing.iter().any(|(n, _)| *n == name) {
                    existing.push((name, sub));
                }
            }
        }
        Some((_, Value::Array(existing))) if k == "required" => {
            for name in v.as_array().unwrap_or_default() {
                if !existing.contains(name) {
                    existing.push(name.clone());
                }
            }
        }
        Some(_) => {}
    };
    for (k, v) in m {
        match k.as_str() {
            "$ref" => {
                let r = v.as_str()?.to_owned();
                if refs.iter().filter(|x| **x == r).count() >= RECURSION_CUT {
                    put(&mut out, CUT.into(), Value::Bool(true));
                    continue;
                }
                refs.push(r.clone());
                let target = flatten_at(root, resolve(root, &r)?, depth + 1, refs);
                refs.pop();
                let target = target?;
                for (tk, tv) in members(&target) {
                    put(&mut out, tk, tv);
                }
            }
            "allOf" => {
                for branch in v.as_array()? {
                    for (bk, bv) in members(&flatten_at(root, branch, depth + 1, refs)?) {
                        put(&mut out, bk, bv);
                    }
                }
            }
            "$defs" | "definitions" => {}
            "const" => put(&mut out, "enum".into(), Value::Array(vec![v.clone()])),
            "anyOf" | "oneOf" | "prefixItems" => {
                let list =
                    v.as_array()?.iter().map(|b| flatten_at(root, b, depth + 1, refs)).collect::<Option<Vec<_>>>()?;
                let key = if k == "oneOf" { "anyOf" } else { k.as_str() };
                put(&mut out, key.into(), Value::Array(list));
            }
            "properties" | "patternProperties" => {
                let mut props = Vec::new();
                for (name, sub) in members(v) {
                    props.push((name, flatten_at(root, &sub, depth + 1, refs)?));
                }
                put(&mut out, k.clone(), Value::Object(props));
            }
            // Draft 7's tuple form.
            "items" if matches!(v, Value::Array(_)) => {
                let list =
                    v.as_array()?.iter().map(|b| flatten_at(root, b, depth + 1, refs)).collect::<Option<Vec<_>>>()?;
                put(&mut out, "prefixItems".into(), Value::Array(list));
            }
            "additionalItems" => put(&mut out, "items".into(), flatten_at(root, v, depth + 1, refs)?),
            "items" | "additionalProperties" | "not" => put(&mut out, k.clone(), flatten_at(root, v, depth + 1, refs)?),
            _ => put(&mut out, k.clone(), v.clone()),
        }
    }
    Some(Value::Object(out))
}
