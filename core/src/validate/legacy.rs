//! Draft-07 spellings in schemas that name no `$schema`.
//!
//! Schema generators that target draft-07 (zod-to-json-schema, pydantic v1,
//! LangChain's OpenAI functions) write tuples as `items: [..]` and
//! dependencies as `dependencies`, often without a `$schema`. Read as 2020-12
//! the first is an invalid schema and the second is silently ignored. A
//! schema without `$schema` is read as 2020-12 with these two spellings
//! mapped to their 2020-12 keywords, as the 2020-12 release notes map them:
//!
//! - `items: [A, B]` → `prefixItems: [A, B]`, and `additionalItems: C` beside
//!   it → `items: C`;
//! - `dependencies: {p: [..]}` → `dependentRequired`, `dependencies: {p: {..}}`
//!   → `dependentSchemas`.
//!
//! Only schema positions are visited: a `const`, `enum`, `default` or
//! `examples` value holding the same words is left alone.

use crate::applicators::{Holds, holds};
use crate::json::Value;

/// Rewrites the draft-07 spellings in `schema` when it names no `$schema`;
/// returns whether anything changed.
pub(crate) fn normalize(schema: &mut Value) -> bool {
    if schema.get("$schema").is_some() {
        return false;
    }
    let mut changed = false;
    visit(schema, 0, &mut changed);
    changed
}

/// Whether the schema's `$schema` names a draft before 2020-12, where
/// `items: [..]` and `dependencies` are the draft's own keywords.
pub(crate) fn earlier_draft(schema: &Value) -> bool {
    schema
        .get("$schema")
        .and_then(Value::as_str)
        .and_then(super::program::Draft::from_uri)
        .is_some_and(|d| d != super::program::Draft::D2020)
}

/// Rewrites those spellings into 2020-12's whatever `$schema` says (for the
/// conversion, whose output is 2020-12); returns whether anything changed.
pub(crate) fn to_2020(schema: &mut Value) -> bool {
    let mut changed = false;
    visit(schema, 0, &mut changed);
    changed
}

/// Adds `entries` to the keyword `k` of `members`: a name it has already
/// keeps both (the names of both lists; both schemas, as `allOf`).
fn join(members: &mut Vec<(String, Value)>, k: &str, entries: Vec<(String, Value)>) {
    if entries.is_empty() {
        return;
    }
    let Some((_, Value::Object(existing))) = members.iter_mut().find(|(mk, _)| mk == k) else {
        members.push((k.into(), Value::Object(entries)));
        return;
    };
    for (name, dep) in entries {
        match existing.iter_mut().find(|(n, _)| *n == name) {
            None => existing.push((name, dep)),
            Some((_, Value::Array(names))) => {
                for n in dep.as_array().unwrap_or_default() {
                    if !names.contains(n) {
                        names.push(n.clone());
                    }
                }
            }
            Some((_, given)) => {
                let both = Value::Object(vec![("allOf".into(), Value::Array(vec![given.clone(), dep]))]);
                *given = both;
            }
        }
    }
}

fn visit(schema: &mut Value, depth: usize, changed: &mut bool) {
    let Value::Object(members) = schema else { return };
    if depth > 1024 {
        return;
    }
    let tuple = members.iter().any(|(k, v)| k == "items" && matches!(v, Value::Array(_)));
    if tuple && !members.iter().any(|(k, _)| k == "prefixItems") {
        *changed = true;
        // `additionalItems` only meant something beside an `items` array.
        let additional = members.iter().position(|(k, _)| k == "additionalItems").map(|i| members.remove(i).1);
        for (k, _) in members.iter_mut() {
            if k == "items" {
                *k = "prefixItems".into();
            }
        }
        if let Some(rest) = additional {
            members.push(("items".into(), rest));
        }
    }
    if let Some(i) = members.iter().position(|(k, v)| k == "dependencies" && matches!(v, Value::Object(_))) {
        *changed = true;
        let (_, deps) = members.remove(i);
        let (mut required, mut schemas) = (Vec::new(), Vec::new());
        for (name, dep) in deps.as_object().unwrap_or_default() {
            match dep {
                Value::Array(_) => required.push((name.clone(), dep.clone())),
                _ => schemas.push((name.clone(), dep.clone())),
            }
        }
        join(members, "dependentRequired", required);
        join(members, "dependentSchemas", schemas);
    }
    for (k, v) in members.iter_mut() {
        let k = k.as_str();
        // draft-07's `additionalItems` holds one schema too.
        let held = holds(k);
        if held == Holds::One || k == "additionalItems" {
            visit(v, depth + 1, changed);
        } else if held == Holds::List {
            if let Value::Array(items) = v {
                for item in items {
                    visit(item, depth + 1, changed);
                }
            }
        } else if held == Holds::Map
            && let Value::Object(map) = v
        {
            for (_, item) in map {
                visit(item, depth + 1, changed);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{ParseLimits, parse};

    fn normalized(s: &str) -> String {
        let mut v = parse(s, ParseLimits { max_bytes: 1 << 20, max_depth: 64 }).unwrap();
        normalize(&mut v);
        v.to_json()
    }

    #[test]
    fn tuples_become_prefix_items() {
        assert_eq!(
            normalized(r#"{"properties":{"t":{"type":"array","items":[{"type":"string"}],"additionalItems":false}}}"#),
            r#"{"properties":{"t":{"type":"array","prefixItems":[{"type":"string"}],"items":false}}}"#
        );
        assert_eq!(normalized(r#"{"items":{"items":[true]}}"#), r#"{"items":{"prefixItems":[true]}}"#);
    }

    #[test]
    fn dependencies_split_by_kind() {
        assert_eq!(
            normalized(r#"{"dependencies":{"a":["b"],"c":{"required":["d"]}}}"#),
            r#"{"dependentRequired":{"a":["b"]},"dependentSchemas":{"c":{"required":["d"]}}}"#
        );
    }

    #[test]
    fn values_and_declared_drafts_are_left_alone() {
        let text = r#"{"const":{"items":[1]},"default":{"dependencies":{}},"enum":[{"items":[2]}]}"#;
        assert_eq!(normalized(text), text);
        let declared = r#"{"$schema":"http://json-schema.org/draft-07/schema#","items":[true]}"#;
        assert_eq!(normalized(declared), declared);
    }
}
