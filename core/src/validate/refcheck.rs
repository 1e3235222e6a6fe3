//! Reference loops: a chain of `$ref`s (and in-place applicators such as
//! `allOf` or `not`) that comes back to where it started without moving into
//! the instance. Such a schema can never finish checking a value, so it is
//! refused when it is compiled (`OLS005`); so is one whose references fan
//! out past the expansion limit (`OLS002`).
//!
//! In a schema with one resource (no `$id` below the root) every fragment
//! and anchor names one place in the document, and the check runs on the
//! schema before it is compiled. With resources of their own, or a pointer
//! to a place no keyword holds (`#/components/schemas/A`), it runs on the
//! compiled program, whose references are resolved.

use super::program::Program;
use crate::json::{Value, pointer_escaped};
use std::borrow::Cow;
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
            let child = |key: &str| format!("{pointer}/{}", pointer_escaped(key));
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
                        pending.push((format!("{}/{}", child(k), pointer_escaped(name)), item));
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
            let at = |suffix: String| by_pointer.get(&format!("{pointer}/{}{suffix}", pointer_escaped(k))).copied();
            match (k.as_str(), sub) {
                ("$ref" | "$dynamicRef", Value::String(r)) => {
                    if let Some(fragment) = r.strip_prefix('#') {
                        let target = if fragment.is_empty() || fragment.starts_with('/') {
                            // A pointer to a place no keyword holds
                            // (`#/components/…`), or to none, is followed on
                            // the compiled program, which resolves it.
                            Some(by_pointer.get(&*percent_decode(fragment)).copied()?)
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
                    edges.extend(map.iter().filter_map(|(name, _)| at(format!("/{}", pointer_escaped(name)))));
                }
                _ => {}
            }
        }
        node.in_place = edges;
    }
    Some(nodes)
}

/// What the references of a schema come to.
#[derive(Debug, PartialEq, Eq)]
pub enum References {
    /// They loop: the pointer of a schema on the loop, and the loop written out.
    Loop(String, String),
    /// Checking one value can take more schemas than the limit, from here.
    FanOut(String),
    /// Neither.
    Bounded,
    /// The schema has resources of its own (`$id` below the root), or a
    /// reference to a place no keyword holds: the compiled program is
    /// checked instead ([`program_loop`], [`program_expansion`]).
    Unfollowed,
}

/// Follows the schema's references (see the module's introduction). The
/// fan-out is how many schemas checking one value against a node can take,
/// at most: the node and, through every in-place edge, the nodes those take,
/// each counted as often as it is reached. References make it grow
/// exponentially (an `anyOf` of two references to a node that is such an
/// `anyOf`, forty deep, is 2^40), so past `limit` the schema is refused.
pub fn references(root: &Value, limit: u64) -> References {
    let Some(nodes) = graph(root) else { return References::Unfollowed };
    let edges: Vec<&[usize]> = nodes.iter().map(|n| n.in_place.as_slice()).collect();
    if let Some((at, chain)) = loop_in(&edges) {
        let chain: Vec<String> = chain.iter().map(|&n| format!("#{}", nodes[n].pointer)).collect();
        return References::Loop(pointer_or_root(&nodes[at].pointer), chain.join(" → "));
    }
    match widest_in(&edges, limit) {
        Some((at, _)) => References::FanOut(pointer_or_root(&nodes[at].pointer)),
        None => References::Bounded,
    }
}

/// Whether the references of a schema with one resource and no anchors are
/// [`References::Bounded`]: the same graph as [`references`], its nodes
/// known by where they are in memory instead of by their pointers, for a
/// verdict that words nothing; and with the schemas references name where
/// no keyword holds one (which [`references`] leaves to the compiled
/// program, which compiles them as schemas) taken in as nodes.
pub(crate) fn bounded(root: &Value, limit: u64) -> bool {
    let mut nodes: Vec<(&Value, &[(String, Value)])> = Vec::new();
    gather(root, &mut nodes, None);
    // Each node by its address, for the edges to find it.
    let address = |v: &Value| std::ptr::from_ref(v) as usize;
    let sorted = |nodes: &[(&Value, &[(String, Value)])]| {
        let mut by_address: Vec<(usize, usize)> = nodes.iter().enumerate().map(|(i, (v, _))| (address(v), i)).collect();
        crate::sort::unstable(&mut by_address);
        by_address
    };
    let mut by_address = sorted(&nodes);
    // Members of large objects (a `$defs` of thousands) found through an
    // index, in constant time.
    let mut index = super::compile::MemberIndex::default();
    // Each node's references to a pointer, each resolved once: the node and
    // the schema it names, if any.
    let mut refs: Vec<(usize, Option<&Value>)> = Vec::new();
    // A reference may name a schema no keyword holds (under a keyword of no
    // meaning: `#/components/schemas/A`), which the program compiles as a
    // schema: each such target is a node too, with the schemas it holds, and
    // so on for the references among them. `known`: every node's address,
    // once there is such a target (rarely).
    let mut known: Option<std::collections::HashSet<usize>> = None;
    let mut seen = 0;
    loop {
        let mut outside: Vec<&Value> = Vec::new();
        for (n, (_, members)) in nodes.iter().enumerate().skip(seen) {
            for (k, sub) in members.iter() {
                let ("$ref" | "$dynamicRef", Value::String(r)) = (k.as_str(), sub) else { continue };
                let Some(fragment) = r.strip_prefix('#').filter(|f| f.is_empty() || f.starts_with('/')) else {
                    continue;
                };
                let target = super::compile::navigate(root, &percent_decode(fragment), Some(&mut index));
                if let Some(t @ Value::Object(_)) = target
                    && !match &known {
                        Some(known) => known.contains(&address(t)),
                        None => by_address.binary_search_by_key(&address(t), |&(a, _)| a).is_ok(),
                    }
                {
                    outside.push(t);
                }
                refs.push((n, target));
            }
        }
        if outside.is_empty() {
            break;
        }
        let known = known.get_or_insert_with(|| nodes.iter().map(|(v, _)| address(v)).collect());
        seen = nodes.len();
        // One target may hold another, or be named twice: each schema
        // gathered once.
        for target in outside {
            gather(target, &mut nodes, Some(&mut *known));
        }
    }
    if known.is_some() {
        by_address = sorted(&nodes);
    }
    let node_of = |v: &Value| -> Option<usize> {
        let at = by_address.binary_search_by_key(&address(v), |&(a, _)| a).ok()?;
        Some(by_address[at].1)
    };
    let mut edges: Vec<Vec<usize>> = nodes
        .iter()
        .map(|(_, members)| {
            let mut edges = Vec::new();
            for (k, sub) in members.iter() {
                match (k.as_str(), sub) {
                    (k, _) if IN_PLACE_ONE.contains(&k) => edges.extend(node_of(sub)),
                    (k, Value::Array(items)) if IN_PLACE_MANY.contains(&k) => {
                        edges.extend(items.iter().filter_map(node_of));
                    }
                    (k, Value::Object(map)) if IN_PLACE_MAP.contains(&k) => {
                        edges.extend(map.iter().filter_map(|(_, item)| node_of(item)));
                    }
                    _ => {}
                }
            }
            edges
        })
        .collect();
    let mut unfollowed = false;
    for (n, target) in refs {
        match target.and_then(node_of) {
            Some(t) => edges[n].push(t),
            // Not a node (see `references`): left to the compiled program.
            None => unfollowed = true,
        }
    }
    let edges: Vec<&[usize]> = edges.iter().map(Vec::as_slice).collect();
    !unfollowed && loop_in(&edges).is_none() && widest_in(&edges, limit).is_none()
}

/// `start` and the schemas its keywords hold, down the tree, as nodes of
/// [`bounded`]'s graph; with `known`, none of the schemas it holds (by
/// address), and each gathered added to it.
fn gather<'v>(
    start: &'v Value,
    nodes: &mut Vec<(&'v Value, &'v [(String, Value)])>,
    mut known: Option<&mut std::collections::HashSet<usize>>,
) {
    let mut pending: Vec<&Value> = vec![start];
    while let Some(v) = pending.pop() {
        let Value::Object(members) = v else { continue };
        if let Some(known) = known.as_deref_mut()
            && !known.insert(std::ptr::from_ref(v) as usize)
        {
            continue;
        }
        for (k, sub) in members {
            match (k.as_str(), sub) {
                (k, _) if IN_PLACE_ONE.contains(&k) || MOVING_ONE.contains(&k) => pending.push(sub),
                (k, Value::Array(items)) if IN_PLACE_MANY.contains(&k) || MOVING_MANY.contains(&k) => {
                    pending.extend(items);
                }
                (k, Value::Object(map))
                    if IN_PLACE_MAP.contains(&k) || MOVING_MAP.contains(&k) || DEFINITIONS.contains(&k) =>
                {
                    pending.extend(map.iter().map(|(_, item)| item));
                }
                _ => {}
            }
        }
        nodes.push((v, members));
    }
}

/// The subschemas a compiled node applies to its own value.
fn program_edges(prog: &Program) -> Vec<Vec<usize>> {
    prog.nodes
        .iter()
        .map(|n| {
            let mut edges = Vec::new();
            for op in n.ops.iter() {
                op.in_place(true, &mut edges);
            }
            edges.into_iter().map(|t| t as usize).collect()
        })
        .collect()
}

fn location(prog: &Program, n: usize) -> String {
    let at = &prog.nodes[n].location;
    if at.is_empty() || at.starts_with('/') { format!("#{at}") } else { at.to_string() }
}

/// A loop (see [`references`]) in a compiled program: the location of a node on a loop,
/// and the loop written out.
pub(crate) fn program_loop(prog: &Program) -> Option<(String, String)> {
    let edges = program_edges(prog);
    let edges: Vec<&[usize]> = edges.iter().map(Vec::as_slice).collect();
    let (at, chain) = loop_in(&edges)?;
    let chain: Vec<String> = chain.iter().map(|&n| location(prog, n)).collect();
    Some((pointer_or_root(&prog.nodes[at].location), chain.join(" → ")))
}

/// The fan-out (see [`references`]) of a compiled program without loops.
pub(crate) fn program_expansion(prog: &Program, limit: u64) -> Option<String> {
    let edges = program_edges(prog);
    let edges: Vec<&[usize]> = edges.iter().map(Vec::as_slice).collect();
    let (at, _) = widest_in(&edges, limit)?;
    Some(pointer_or_root(&prog.nodes[at].location))
}

fn pointer_or_root(pointer: &str) -> String {
    if pointer.is_empty() { "$".to_owned() } else { pointer.to_owned() }
}

/// A cycle in a graph of in-place edges: the node where it closes and the
/// nodes on it (the first repeated at the end). Depth-first, without recursion.
fn loop_in(edges: &[&[usize]]) -> Option<(usize, Vec<usize>)> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    let mut mark = vec![Mark::New; edges.len()];
    // One stack for every start (each walk leaves it empty).
    let mut stack: Vec<(usize, usize)> = Vec::with_capacity(16);
    for start in 0..edges.len() {
        if mark[start] != Mark::New {
            continue;
        }
        stack.push((start, 0));
        mark[start] = Mark::Open;
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            if let Some(&to) = edges[node].get(*next) {
                *next += 1;
                match mark[to] {
                    Mark::New => {
                        mark[to] = Mark::Open;
                        stack.push((to, 0));
                    }
                    Mark::Open => {
                        let from = stack.iter().position(|(n, _)| *n == to).unwrap_or(0);
                        let mut chain: Vec<usize> = stack[from..].iter().map(|(n, _)| *n).collect();
                        chain.push(to);
                        return Some((node, chain));
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

/// The first node of a loop-free graph whose expansion passes `limit`, and
/// its weight (see [`references`]).
fn widest_in(edges: &[&[usize]], limit: u64) -> Option<(usize, u64)> {
    let mut weight: Vec<Option<u64>> = vec![None; edges.len()];
    // One stack for every start (each walk leaves it empty).
    let mut stack: Vec<(usize, usize)> = Vec::with_capacity(16);
    for start in 0..edges.len() {
        if weight[start].is_some() {
            continue;
        }
        // Post-order over the in-place edges, without recursion.
        stack.push((start, 0));
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            if let Some(&to) = edges[node].get(*next) {
                *next += 1;
                if weight[to].is_none() && !stack.iter().any(|(n, _)| *n == to) {
                    stack.push((to, 0));
                }
            } else {
                let total = edges[node]
                    .iter()
                    .fold(1u64, |sum, &to| sum.saturating_add(weight[to].unwrap_or(1)))
                    .min(limit + 1);
                weight[node] = Some(total);
                stack.pop();
                if total > limit {
                    return Some((node, total));
                }
            }
        }
    }
    None
}

/// `%XX` escapes in a URI fragment, decoded (a bad escape is kept as written).
/// A fragment with no `%` (nearly every `$ref`) is given back as it is.
pub(crate) fn percent_decode(s: &str) -> Cow<'_, str> {
    if !s.contains('%') {
        return Cow::Borrowed(s);
    }
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
    String::from_utf8(out).map_or(Cow::Borrowed(s), Cow::Owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Escapes are decoded, a bad one or one that is not UTF-8 kept as
    /// written, and a fragment without `%` is handed back, not copied.
    #[test]
    fn fragments_are_decoded_and_plain_ones_borrowed() {
        for (written, decoded) in [
            ("/$defs/a%25b", "/$defs/a%b"),
            ("/%7e%2F", "/~/"),
            ("/a%zz%2", "/a%zz%2"),
            ("/%ff", "/%ff"),
            ("/%C3%A9", "/é"),
        ] {
            assert_eq!(percent_decode(written), decoded, "{written}");
        }
        assert!(matches!(percent_decode("/$defs/Item"), Cow::Borrowed("/$defs/Item")));
    }

    fn check(schema: &str) -> Option<(String, String)> {
        let value = crate::json::parse(schema, crate::json::ParseLimits { max_bytes: 1 << 20, max_depth: 64 }).unwrap();
        match references(&value, 10_000) {
            References::Loop(at, chain) => Some((at, chain)),
            _ => None,
        }
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
    fn schemas_with_nested_ids_are_checked_once_compiled() {
        let value =
            |s: &str| crate::json::parse(s, crate::json::ParseLimits { max_bytes: 1 << 20, max_depth: 64 }).unwrap();
        let program = |s: &str| {
            let settings = super::super::compile::Settings { assert_formats: false, backtrack_limit: 1_000 };
            super::super::compile::compile(&value(s), settings).unwrap()
        };
        let looped = r##"{"$defs":{"a":{"$id":"https://x.test/a","$ref":"https://x.test/b"},"b":{"$id":"https://x.test/b","allOf":[{"$ref":"https://x.test/a"}]}},"$ref":"https://x.test/a"}"##;
        assert_eq!(references(&value(looped), 10_000), References::Unfollowed);
        assert_eq!(check(looped), None);
        let (_, chain) = program_loop(&program(looped)).unwrap();
        assert!(chain.contains("https://x.test/a") || chain.contains("/$defs/a"), "{chain}");
        let recursive = r##"{"$defs":{"a":{"$id":"https://x.test/a","properties":{"c":{"$ref":"https://x.test/a"}}}},"$ref":"https://x.test/a"}"##;
        assert_eq!(program_loop(&program(recursive)), None);
        let defs: Vec<String> = (0..40)
            .map(|i| {
                format!(
                    r##""L{i}":{{"$id":"https://x.test/L{i}","anyOf":[{{"$ref":"L{n}"}},{{"$ref":"L{n}"}}]}}"##,
                    n = i + 1
                )
            })
            .chain([r#""L40":{"$id":"https://x.test/L40","type":"string"}"#.to_owned()])
            .collect();
        let fan = format!(r##"{{"$defs":{{{}}},"$ref":"https://x.test/L0"}}"##, defs.join(","));
        assert!(program_expansion(&program(&fan), 10_000).is_some());
        assert_eq!(program_expansion(&program(recursive), 10_000), None);
    }
}
