//! Reference loops: a chain of `$ref`s (and in-place applicators such as
//! `allOf` or `not`) that comes back to where it started without moving into
//! the instance. Such a schema can never finish checking a value, so it is
//! refused when it is compiled (`OLS005`).
//!
//! Only fragment references (`#…`) in a schema with one resource (no `$id`
//! below the root) are followed: there every fragment and anchor names one
//! place in this document. Other references are left to the validator, which
//! stops on the loops it meets.

use crate::json::Value;
use std::collections::HashMap;

/// Keywords whose value is a schema applied to the same instance.
const IN_PLACE_ONE: &[&str] = &["not", "if", "then", "else"];
/// Keywords whose value is an array of schemas applied to the same instance.
const IN_PLACE_MANY: &[&str] = &["allOf", "anyOf", "oneOf"];
/// Keywords whose value is an object of schemas applied to the same instance.
const IN_PLACE_MAP: &[&str] = &["dependentSchemas"];
/// Keywords whose subschemas apply to parts of the instance.
const MOVING_ONE: &[&str] = &[
    "items",
    "additionalProperties",
    "unevaluatedItems",
    "unevaluatedProperties",
    "propertyNames",
    "contains",
    "additionalItems",
];
const MOVING_MANY: &[&str] = &["prefixItems"];
const MOVING_MAP: &[&str] = &["properties", "patternProperties"];
/// Keywords that hold schemas that apply only when referenced.
const DEFINITIONS: &[&str] = &["$defs", "definitions"];

struct Node<'a> {
    pointer: String,
    schema: &'a [(String, Value)],
    in_place: Vec<usize>,
}

/// The schema's nodes with their in-place edges (`$ref`s and applicators
/// on the same instance); `None` when the schema has more than one resource.
fn graph(root: &Value) -> Option<Vec<Node<'_>>> {
    let mut nodes: Vec<Node<'_>> = Vec::new();
    let mut by_pointer: HashMap<String, usize> = HashMap::new();
    let mut anchors: HashMap<String, usize> = HashMap::new();
    let mut nested_id = false;
    // Collect every schema object, iteratively (schemas may nest deeply).
    let mut pending: Vec<(String, &Value)> = vec![(String::new(), root)];
    while let Some((pointer, v)) = pending.pop() {
        let Value::Object(members) = v else { continue };
        let id = nodes.len();
        for (k, sub) in members {
            let child = |key: &str| format!("{pointer}/{}", escape(key));
            match (k.as_str(), sub) {
                ("$id", _) if !pointer.is_empty() => nested_id = true,
                ("$anchor" | "$dynamicAnchor", Value::String(name)) => {
                    anchors.entry(name.clone()).or_insert(id);
                }
                (k, _) if IN_PLACE_ONE.contains(&k) || MOVING_ONE.contains(&k) => pending.push((child(k), sub)),
                (k, Value::Array(items)) if IN_PLACE_MANY.contains(&k) || MOVING_MANY.contains(&k) => {
                    for (i, item) in items.iter().enumerate() {
                        pending.push((format!("{}/{i}", child(k)), item));
                    }
                }
                (k, Value::Object(map))
                    if IN_PLACE_MAP.contains(&k) || MOVING_MAP.contains(&k) || DEFINITIONS.contains(&k) =>
                {
                    for (name, item) in map {
                        pending.push((format!("{}/{}", child(k), escape(name)), item));
                    }
                }
                _ => {}
            }
        }
        by_pointer.insert(pointer.clone(), id);
        nodes.push(Node { pointer, schema: members, in_place: Vec::new() });
    }
    if nested_id {
        return None;
    }
    // In-place edges.
    for node in nodes.iter_mut() {
        let mut edges = Vec::new();
        let pointer = &node.pointer;
        for (k, sub) in node.schema {
            let at = |suffix: String| by_pointer.get(&format!("{pointer}/{}{suffix}", escape(k))).copied();
            match (k.as_str(), sub) {
                ("$ref" | "$dynamicRef", Value::String(r)) => {
                    if let Some(fragment) = r.strip_prefix('#') {
                        let target = if fragment.is_empty() || fragment.starts_with('/') {
                            by_pointer.get(&percent_decode(fragment)).copied()
                        } else {
                            anchors.get(fragment).copied()
                        };
                        edges.extend(target);
                    }
                }
                (k, _) if IN_PLACE_ONE.contains(&k) => edges.extend(at(String::new())),
                (k, Value::Array(items)) if IN_PLACE_MANY.contains(&k) => {
                    edges.extend((0..items.len()).filter_map(|j| at(format!("/{j}"))));
                }
                (k, Value::Object(map)) if IN_PLACE_MAP.contains(&k) => {
                    edges.extend(map.iter().filter_map(|(name, _)| at(format!("/{}", escape(name)))));
                }
                _ => {}
            }
        }
        node.in_place = edges;
    }
    Some(nodes)
}

/// The pointer of a schema on a loop, and the loop written out, if the schema
/// has one.
pub fn find_loop(root: &Value) -> Option<(String, String)> {
    let nodes = graph(root)?;
    // Depth-first search for a cycle, without recursion.
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    let mut mark = vec![Mark::New; nodes.len()];
    for start in 0..nodes.len() {
        if mark[start] != Mark::New {
            continue;
        }
        let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
        mark[start] = Mark::Open;
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            if let Some(&to) = nodes[node].in_place.get(*next) {
                *next += 1;
                match mark[to] {
                    Mark::New => {
                        mark[to] = Mark::Open;
                        stack.push((to, 0));
                    }
                    Mark::Open => {
                        let from = stack.iter().position(|(n, _)| *n == to).unwrap_or(0);
                        let mut chain: Vec<String> =
                            stack[from..].iter().map(|(n, _)| format!("#{}", nodes[*n].pointer)).collect();
                        chain.push(format!("#{}", nodes[to].pointer));
                        let at =
                            if nodes[node].pointer.is_empty() { "$".to_owned() } else { nodes[node].pointer.clone() };
                        return Some((at, chain.join(" → ")));
                    }
                    Mark::Done => {}
                }
            } else {
                mark[node] = Mark::Done;
                stack.pop();
            }
        }
    }
    None
}

/// How many schemas checking one value against a node can take, at most:
/// the node and, through every in-place edge, the nodes those take, each
/// counted as often as it is reached. References make this grow
/// exponentially (an `anyOf` of two references to a node that is such an
/// `anyOf`, forty deep, is 2^40), so past `limit` the schema is refused.
/// Returns the first node past the limit and its weight (`limit + 1` when
/// the count stopped there). Call only on a schema without a loop.
pub fn widest_expansion(root: &Value, limit: u64) -> Option<(String, u64)> {
    let nodes = graph(root)?;
    let mut weight: Vec<Option<u64>> = vec![None; nodes.len()];
    for start in 0..nodes.len() {
        if weight[start].is_some() {
            continue;
        }
        // Post-order over the in-place edges, without recursion.
        let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            if let Some(&to) = nodes[node].in_place.get(*next) {
                *next += 1;
                if weight[to].is_none() && !stack.iter().any(|(n, _)| *n == to) {
                    stack.push((to, 0));
                }
            } else {
                let total = nodes[node]
                    .in_place
                    .iter()
                    .fold(1u64, |sum, &to| sum.saturating_add(weight[to].unwrap_or(1)))
                    .min(limit + 1);
                weight[node] = Some(total);
                stack.pop();
                if total > limit {
                    let at = if nodes[node].pointer.is_empty() { "$".to_owned() } else { nodes[node].pointer.clone() };
                    return Some((at, total));
                }
            }
        }
    }
    None
}

fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// `%XX` escapes in a URI fragment, decoded (a bad escape is kept as written).
pub(crate) fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && let Some(hex) = s.get(i + 1..i + 3)
            && let Ok(v) = u8::from_str_radix(hex, 16)
        {
            out.push(v);
            i += 3;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| s.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(schema: &str) -> Option<(String, String)> {
        find_loop(&crate::json::parse(schema, crate::json::ParseLimits { max_bytes: 1 << 20, max_depth: 64 }).unwrap())
    }

    #[test]
    fn finds_ref_loops() {
        let (at, chain) =
            check(r##"{"$ref":"#/$defs/a","$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}}}"##).unwrap();
        assert_eq!(at, "/$defs/b");
        assert_eq!(chain, "#/$defs/a → #/$defs/b → #/$defs/a");
        assert!(check(r##"{"allOf":[{"$ref":"#"}]}"##).is_some());
        assert!(check(r##"{"$defs":{"x":{"$anchor":"x","not":{"$ref":"#x"}}}}"##).is_some());
        assert!(check(r##"{"$defs":{"a b":{"anyOf":[{"$ref":"#/$defs/a%20b"}]}}}"##).is_some());
    }

    #[test]
    fn recursion_through_the_instance_is_no_loop() {
        assert_eq!(check(r##"{"properties":{"child":{"$ref":"#"}}}"##), None);
        assert_eq!(check(r##"{"$dynamicAnchor":"n","items":{"$dynamicRef":"#n"}}"##), None);
        assert_eq!(check(r##"{"$ref":"#/$defs/a","$defs":{"a":{"type":"integer"}}}"##), None);
    }

    #[test]
    fn schemas_with_nested_ids_are_left_to_the_validator() {
        assert_eq!(check(r##"{"$defs":{"a":{"$id":"https://x.test/a","$ref":"#"}}}"##), None);
    }
}
