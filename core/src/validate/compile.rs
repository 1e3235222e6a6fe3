//! Schema → [`Program`]. First every document is indexed (its resources by
//! `$id`, its anchors), then nodes are compiled from the root outwards, each
//! reference resolved to the node it names as it is met, iteratively (no
//! recursion follows the schema's depth).

use super::ecma::{self, Pattern};
use super::meta;
use super::number::Num;
use super::program::*;
use super::uri;
use crate::diag::{Code, Diagnostic};
use crate::json::Value;
use std::collections::HashMap;

/// What compiling depends on besides the schema.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settings {
    /// `format` and `contentEncoding` are assertions.
    pub assert_formats: bool,
    pub backtrack_limit: u64,
}

/// Why a schema cannot be compiled.
pub(crate) fn ols(code: Code, message: String, path: &str) -> Diagnostic {
    Diagnostic { code, message, path: if path.is_empty() { "$".into() } else { path.to_owned() } }
}

fn unresolvable(what: String) -> Diagnostic {
    ols(Code::Ols004, format!("The schema has a reference that cannot be resolved: {what}."), "")
}

struct ResInfo {
    uri: String,
    doc: u16,
    pointer: String,
    draft: Draft,
}

/// Every document's resources and anchors.
struct Index<'v> {
    docs: Vec<&'v Value>,
    /// `<uri>#` prefix of node locations per document (empty for the schema's own).
    prefixes: Vec<String>,
    res: Vec<ResInfo>,
    by_uri: HashMap<String, u32>,
    anchors: HashMap<(u32, String), String>,
    dynamic: Vec<Vec<(String, String)>>,
    recursive: Vec<bool>,
    located: HashMap<(u16, String), u32>,
    /// Every reference written in the documents: its resource and text.
    refs: Vec<(u32, String)>,
}

impl<'v> Index<'v> {
    fn new() -> Index<'v> {
        Index {
            docs: Vec::new(),
            prefixes: Vec::new(),
            res: Vec::new(),
            by_uri: HashMap::new(),
            anchors: HashMap::new(),
            dynamic: Vec::new(),
            recursive: Vec::new(),
            located: HashMap::new(),
            refs: Vec::new(),
        }
    }

    fn add_resource(&mut self, uri: String, doc: u16, pointer: &str, draft: Draft) -> u32 {
        if let Some(&r) = self.by_uri.get(&uri) {
            return r;
        }
        let r = self.res.len() as u32;
        self.by_uri.insert(uri.clone(), r);
        self.res.push(ResInfo { uri, doc, pointer: pointer.to_owned(), draft });
        self.dynamic.push(Vec::new());
        self.recursive.push(false);
        r
    }

    /// Indexes one document, whose base is `base` and whose draft (when it
    /// names none) is `draft`.
    fn add_document(&mut self, root: &'v Value, base: &str, prefix: String, draft: Draft) -> Result<u16, Diagnostic> {
        let doc = self.docs.len() as u16;
        self.docs.push(root);
        self.prefixes.push(prefix);
        let root_draft = match root.get("$schema").and_then(Value::as_str) {
            Some(s) => Draft::from_uri(s).ok_or_else(|| unknown_meta(s))?,
            None => draft,
        };
        let mut pending: Vec<(String, &'v Value, u32, Draft, String)> = Vec::new();
        let root_res = self.add_resource(base.to_owned(), doc, "", root_draft);
        pending.push((String::new(), root, root_res, root_draft, base.to_owned()));
        while let Some((pointer, v, mut res, mut draft, mut base)) = pending.pop() {
            let Value::Object(members) = v else { continue };
            let id_key = if draft == Draft::D4 { "id" } else { "$id" };
            if let Some(id) = v.get(id_key).and_then(Value::as_str) {
                if draft <= Draft::D7 && id.starts_with('#') {
                    self.anchors.entry((res, id[1..].to_owned())).or_insert_with(|| pointer.clone());
                } else {
                    let resolved = uri::resolve(&base, id);
                    let (resource, fragment) = uri::split_fragment(&resolved);
                    let resource = resource.to_owned();
                    if !pointer.is_empty() {
                        if let Some(s) = v.get("$schema").and_then(Value::as_str) {
                            draft = Draft::from_uri(s).ok_or_else(|| unknown_meta(s))?;
                        }
                        res = self.add_resource(resource.clone(), doc, &pointer, draft);
                    } else if resource != base {
                        // The root's own `$id`: the document is known by both.
                        self.by_uri.insert(resource.clone(), res);
                        self.res[res as usize].uri = resource.clone();
                    }
                    base = resource;
                    if let Some(f) = fragment.filter(|f| !f.is_empty() && !f.starts_with('/')) {
                        self.anchors.entry((res, f.to_owned())).or_insert_with(|| pointer.clone());
                    }
                }
            }
            self.located.insert((doc, pointer.clone()), res);
            if draft >= Draft::D2019
                && let Some(name) = v.get("$anchor").and_then(Value::as_str)
            {
                self.anchors.entry((res, name.to_owned())).or_insert_with(|| pointer.clone());
            }
            if draft >= Draft::D2020
                && let Some(name) = v.get("$dynamicAnchor").and_then(Value::as_str)
            {
                self.anchors.entry((res, name.to_owned())).or_insert_with(|| pointer.clone());
                self.dynamic[res as usize].push((name.to_owned(), pointer.clone()));
            }
            if draft == Draft::D2019
                && matches!(v.get("$recursiveAnchor"), Some(Value::Bool(true)))
                && self.res[res as usize].pointer == pointer
            {
                self.recursive[res as usize] = true;
            }
            for key in ["$ref", "$dynamicRef", "$recursiveRef"] {
                if let Some(r) = v.get(key).and_then(Value::as_str) {
                    self.refs.push((res, uri::resolve(&base, r)));
                }
            }
            for (k, sub) in members.iter().rev() {
                let child = |seg: &str| format!("{pointer}/{}", crate::json::pointer_escaped(seg));
                match (k.as_str(), sub) {
                    (
                        "additionalProperties"
                        | "unevaluatedProperties"
                        | "unevaluatedItems"
                        | "propertyNames"
                        | "contains"
                        | "not"
                        | "if"
                        | "then"
                        | "else"
                        | "items"
                        | "additionalItems"
                        | "contentSchema",
                        Value::Object(_) | Value::Bool(_),
                    ) => pending.push((child(k), sub, res, draft, base.clone())),
                    ("items" | "prefixItems" | "allOf" | "anyOf" | "oneOf", Value::Array(list)) => {
                        for (i, item) in list.iter().enumerate().rev() {
                            pending.push((format!("{}/{i}", child(k)), item, res, draft, base.clone()));
                        }
                    }
                    (
                        "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas"
                        | "dependencies",
                        Value::Object(map),
                    ) => {
                        for (name, item) in map.iter().rev() {
                            if matches!(item, Value::Object(_) | Value::Bool(_)) {
                                pending.push((
                                    format!("{}/{}", child(k), crate::json::pointer_escaped(name)),
                                    item,
                                    res,
                                    draft,
                                    base.clone(),
                                ));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        Ok(doc)
    }

    /// The resource a location is in: that of the nearest indexed schema at
    /// or above it.
    fn resource_at(&self, doc: u16, pointer: &str) -> u32 {
        let mut p = pointer;
        loop {
            if let Some(&r) = self.located.get(&(doc, p.to_owned())) {
                return r;
            }
            match p.rfind('/') {
                Some(i) => p = &p[..i],
                None => return self.located.get(&(doc, String::new())).copied().unwrap_or(0),
            }
        }
    }
}

fn unknown_meta(s: &str) -> Diagnostic {
    unresolvable(format!(
        "its $schema '{s}' is not a built-in meta-schema (draft 7, 2019-09, 2020-12), and remote schemas are never retrieved"
    ))
}

/// The members of large objects by name, built as pointers go through them.
pub(crate) type MemberIndex<'v> = HashMap<*const Value, HashMap<&'v str, &'v Value>>;

/// Objects with more members than this are indexed when a pointer goes through them.
const INDEXED_MEMBERS: usize = 32;

/// The value a JSON pointer names inside `root`; through `index`, a member
/// of a large object (a `$defs` of thousands, each referred to) is found in
/// constant time.
pub(crate) fn navigate<'v>(
    root: &'v Value,
    pointer: &str,
    mut index: Option<&mut MemberIndex<'v>>,
) -> Option<&'v Value> {
    let mut cur = root;
    for seg in uri::pointer_segments(pointer)? {
        cur = match (cur, index.as_deref_mut()) {
            (Value::Object(_), Some(index)) => member(cur, &seg, index)?,
            (Value::Object(_), _) => cur.get(&seg)?,
            (Value::Array(items), _) => {
                if seg.len() > 1 && seg.starts_with('0') {
                    return None;
                }
                items.get(seg.parse::<usize>().ok()?)?
            }
            _ => return None,
        };
    }
    Some(cur)
}

/// The member `name` of the object `object` (the first of duplicate names,
/// as `Value::get` has it); through `index` when the object is large.
pub(crate) fn member<'v>(object: &'v Value, name: &str, index: &mut MemberIndex<'v>) -> Option<&'v Value> {
    match object {
        Value::Object(members) if members.len() > INDEXED_MEMBERS => {
            let by_name = index
                .entry(object as *const Value)
                .or_insert_with(|| members.iter().rev().map(|(k, v)| (k.as_str(), v)).collect());
            by_name.get(name).copied()
        }
        _ => object.get(name),
    }
}

struct Compiler<'v> {
    index: Index<'v>,
    settings: Settings,
    nodes: Vec<Node>,
    by_location: HashMap<(u16, String), NodeId>,
    queue: Vec<(NodeId, u16, String, &'v Value)>,
    patterns: Vec<(Box<str>, Pattern)>,
    pattern_ids: HashMap<String, u32>,
    dynamic: bool,
    /// The members of large objects, for `navigate`.
    members: MemberIndex<'v>,
}

impl<'v> Compiler<'v> {
    /// The value a JSON pointer names inside document `doc`.
    fn navigate(&mut self, doc: u16, pointer: &str) -> Option<&'v Value> {
        navigate(self.index.docs[doc as usize], pointer, Some(&mut self.members))
    }
}

/// Compiles the schema document `root` (its draft-07 spellings already
/// mapped). References to the built-in meta-schemas resolve; any other
/// document is never retrieved.
pub(crate) fn compile(root: &Value, settings: Settings) -> Result<Program, Diagnostic> {
    let mut index = Index::new();
    index.add_document(root, uri::DEFAULT_BASE, String::new(), Draft::D2020)?;
    build(index, settings)
}

/// Compiles a built-in meta-schema (its formats are annotations).
pub(crate) fn compile_builtin(uri: &str, value: &'static Value) -> Result<Program, Diagnostic> {
    let mut index = Index::new();
    let draft = value.get("$schema").and_then(Value::as_str).and_then(Draft::from_uri).unwrap_or(Draft::D2020);
    index.add_document(value, uri, format!("{uri}#"), draft)?;
    build(index, Settings { assert_formats: false, backtrack_limit: 1_000_000 })
}

/// Binds the dynamic references that the root's resource decides. Checking
/// always starts at the root, so its resource is the outermost of every
/// dynamic scope: where it defines the anchor a `$dynamicRef` names (or has
/// `$recursiveAnchor: true`, for a `$recursiveRef`), that is the target
/// whatever the way there (the meta-schemas' own references are all of this
/// kind). `true` when no reference is left to the dynamic scope.
fn settle_dynamic_references(nodes: &mut [Node], resources: &[Resource], root: NodeId) -> bool {
    let outermost = &resources[nodes[root as usize].resource as usize];
    let mut settled = true;
    for n in nodes.iter_mut() {
        for op in n.ops.iter_mut() {
            match op {
                Op::DynamicRef { anchor: Some(name), .. } => {
                    match outermost.dynamic_anchors.iter().find(|(a, _)| a == name) {
                        Some(&(_, to)) => *op = Op::DynamicRef { target: to, anchor: None },
                        None => settled = false,
                    }
                }
                Op::RecursiveRef { dynamic: true, .. } => match outermost.recursive_anchor {
                    Some(to) => *op = Op::RecursiveRef { target: to, dynamic: false },
                    None => settled = false,
                },
                _ => {}
            }
        }
    }
    settled
}

fn build(mut index: Index<'_>, settings: Settings) -> Result<Program, Diagnostic> {
    // References to other documents: the built-in ones are added, any other
    // cannot be resolved (it would have to be retrieved).
    let mut i = 0;
    while i < index.refs.len() {
        let (resource, _) = uri::split_fragment(&index.refs[i].1);
        let resource = resource.to_owned();
        if !index.by_uri.contains_key(&resource) {
            match meta::document(&resource) {
                Some((canonical, value)) => {
                    let draft = value.get("$schema").and_then(Value::as_str).and_then(Draft::from_uri);
                    let doc =
                        index.add_document(value, canonical, format!("{canonical}#"), draft.unwrap_or(Draft::D2020))?;
                    let r = index.located.get(&(doc, String::new())).copied().unwrap_or(0);
                    index.by_uri.insert(resource, r);
                }
                None => {
                    return Err(unresolvable(format!(
                        "'{}' is not part of the schema, and remote schemas are never retrieved",
                        uri::shown(&resource)
                    )));
                }
            }
        }
        i += 1;
    }
    let root_value = index.docs[0];
    let mut c = Compiler {
        index,
        settings,
        nodes: Vec::new(),
        by_location: HashMap::new(),
        queue: Vec::new(),
        patterns: Vec::new(),
        pattern_ids: HashMap::new(),
        dynamic: false,
        members: HashMap::new(),
    };
    let root = c.node(0, String::new(), root_value);
    while let Some((id, doc, pointer, value)) = c.queue.pop() {
        c.compile_node(id, doc, &pointer, value)?;
    }
    let mut resources: Vec<Resource> =
        c.index.res.iter().map(|_| Resource { dynamic_anchors: Vec::new(), recursive_anchor: None }).collect();
    // Dynamic anchors and recursive anchors, as nodes (compiled on demand).
    for (r, resource) in resources.iter_mut().enumerate() {
        let doc = c.index.res[r].doc;
        let anchors = c.index.dynamic[r].clone();
        for (name, pointer) in anchors {
            if let Some(v) = c.navigate(doc, &pointer) {
                let n = c.node(doc, pointer, v);
                resource.dynamic_anchors.push((name.into(), n));
            }
        }
        if c.index.recursive[r] {
            let pointer = c.index.res[r].pointer.clone();
            if let Some(v) = c.navigate(doc, &pointer) {
                resource.recursive_anchor = Some(c.node(doc, pointer, v));
            }
        }
        while let Some((id, doc, pointer, value)) = c.queue.pop() {
            c.compile_node(id, doc, &pointer, value)?;
        }
    }
    let dynamic = c.dynamic && !settle_dynamic_references(&mut c.nodes, &resources, root);
    let (integer_names, integer_elsewhere) = integer_places(&c.nodes, root);
    let defaults = top_level_defaults(&c, root);
    let unevaluated = c.nodes.iter().any(|n| n.unevaluated);
    for n in &mut c.nodes {
        n.plan = Plan::of(&n.ops);
    }
    let mut program = Program {
        nodes: c.nodes,
        root,
        patterns: c.patterns,
        resources,
        dynamic,
        defaults: Vec::new(),
        integer_names,
        integer_elsewhere,
        unevaluated,
    };
    // A default its own property refuses is never filled in: binding hands
    // back nothing that was not validated.
    program.defaults = defaults
        .into_iter()
        .filter(|(_, node, value)| default_fits(&program, *node, value))
        .map(|(name, _, value)| (name, value))
        .collect();
    Ok(program)
}

/// Whether a `default` is valid for the schema it sits in (where the plain
/// recursion can tell; otherwise it is kept, as it was given).
fn default_fits(program: &Program, node: NodeId, value: &Value) -> bool {
    if program.dynamic || program.unevaluated {
        return true;
    }
    let text = value.to_json();
    let limits = crate::json::ParseLimits { max_bytes: usize::MAX, max_depth: 256 };
    let Ok(tape) = super::tape::Tape::parse(&text, limits) else { return true };
    let mut ev = super::eval::Eval::new(program, &tape, 1_000_000);
    ev.quick(node, 0, 0) != Some(false)
}

/// Absent top-level parameters with a `default`: the root's `properties`
/// (through `$ref`s), each property's `default` (through its `$ref`s).
fn top_level_defaults(c: &Compiler<'_>, root: NodeId) -> Vec<(Box<str>, NodeId, Value)> {
    let follow = |mut n: NodeId| {
        for _ in 0..16 {
            match c.nodes[n as usize].ops.iter().find_map(|op| match op {
                Op::Ref(t) => Some(*t),
                _ => None,
            }) {
                Some(t) => n = t,
                None => break,
            }
        }
        n
    };
    let root = follow(root);
    let Some(object) = c.nodes[root as usize].ops.iter().find_map(|op| match op {
        Op::Object(o) => Some(o),
        _ => None,
    }) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (name, node) in object.properties.iter() {
        let node = follow(*node);
        if let Some(default) = c.value_of(node).and_then(|v| v.get("default")) {
            out.push((name.clone(), node, default.clone()));
        }
    }
    out
}

/// The priority of an op: errors are reported in this order.
fn priority(op: &Op) -> u8 {
    match op {
        Op::Type(_) => 1,
        Op::Const(_) => 5,
        Op::Enum(_) => 6,
        Op::Minimum(_) | Op::ExclusiveMinimumD4(_) => 10,
        Op::Maximum(_) | Op::ExclusiveMaximumD4(_) => 11,
        Op::ExclusiveMinimum(_) => 12,
        Op::ExclusiveMaximum(_) => 13,
        Op::MultipleOf(_) => 14,
        Op::MinLength(_) => 20,
        Op::MaxLength(_) => 21,
        Op::MinItems(_) => 22,
        Op::MaxItems(_) => 23,
        Op::MinProperties(_) => 24,
        Op::MaxProperties(_) => 25,
        Op::Required(_) => 26,
        Op::DependentRequired(_) => 27,
        Op::Pattern(_) => 30,
        Op::Format(_) => 31,
        Op::ContentMediaType(_) => 33,
        Op::UniqueItems => 35,
        Op::Object(_) => 40,
        Op::PropertyNames(_) => 43,
        Op::Items(_) => 44,
        Op::Contains { .. } => 47,
        Op::Dependencies(_) => 48,
        Op::DependentSchemas(_) => 49,
        Op::AllOf(_) => 50,
        Op::AnyOf(_) => 51,
        Op::OneOf(_) => 52,
        Op::Not(_) => 53,
        Op::If { .. } => 54,
        Op::UnevaluatedProperties(_) => 60,
        Op::UnevaluatedItems(_) => 61,
        Op::Ref(_) => 70,
        Op::RecursiveRef { .. } => 71,
        Op::DynamicRef { .. } => 72,
        Op::ContentEncoding => 80,
    }
}

fn as_count(v: &Value) -> Option<u64> {
    match v {
        Value::Number(n) => {
            let d = n.decimal();
            if d.negative && !d.is_zero() || !d.is_integer() {
                return None;
            }
            Some(d.to_i128().map_or(u64::MAX, |i| u64::try_from(i).unwrap_or(u64::MAX)))
        }
        _ => None,
    }
}

fn names(v: &Value) -> Box<[Box<str>]> {
    v.as_array().unwrap_or_default().iter().filter_map(Value::as_str).map(Into::into).collect()
}

fn limit(v: &Value) -> Option<Box<Limit>> {
    match v {
        Value::Number(n) => {
            let num = Num::parse(n.as_str());
            let dec = match num {
                Num::Small { negative, mantissa, exponent } if mantissa < 10_000_000_000_000_000_000 => {
                    Some(super::number::Dec { negative, mantissa, exponent })
                }
                _ => None,
            };
            Some(Box::new(Limit { num, text: n.as_str().into(), dec }))
        }
        _ => None,
    }
}

/// The canonical form of a value, for equality as JSON Schema means it:
/// numbers by value, object members in any order.
pub(crate) fn canonical(v: &Value, out: &mut Vec<u8>) {
    match v {
        Value::Null => out.push(b'n'),
        Value::Bool(true) => out.push(b't'),
        Value::Bool(false) => out.push(b'f'),
        Value::Number(n) => canonical_number(&Num::parse(n.as_str()), out),
        Value::String(s) => canonical_string(s, out),
        Value::Array(items) => {
            out.push(b'[');
            for item in items {
                canonical(item, out);
            }
            out.push(b']');
        }
        Value::Object(members) => {
            let mut sorted: Vec<&(String, Value)> = members.iter().collect();
            crate::sort::stable_by(&mut sorted, &|a, b| a.0 < b.0);
            out.push(b'{');
            for (k, v) in sorted {
                canonical_string(k, out);
                canonical(v, out);
            }
            out.push(b'}');
        }
    }
}

pub(crate) fn canonical_string(s: &str, out: &mut Vec<u8>) {
    out.push(b's');
    out.extend_from_slice(&(s.len() as u64).to_le_bytes());
    out.extend_from_slice(s.as_bytes());
}

pub(crate) fn canonical_number(n: &Num, out: &mut Vec<u8>) {
    match n {
        Num::Small { negative, mantissa, exponent } => {
            out.push(if *negative { b'-' } else { b'+' });
            out.extend_from_slice(mantissa.to_string().as_bytes());
            out.push(b'e');
            out.extend_from_slice(exponent.to_string().as_bytes());
        }
        Num::Big(d) => {
            out.push(if d.negative { b'-' } else { b'+' });
            out.extend(d.digits.iter().map(|x| b'0' + x));
            out.push(b'e');
            out.extend_from_slice(d.exponent.to_string().as_bytes());
        }
    }
    out.push(b';');
}

fn literal(v: &Value) -> Literal {
    let mut canon = Vec::new();
    canonical(v, &mut canon);
    Literal { value: v.clone(), canon: canon.into() }
}

impl<'v> Compiler<'v> {
    /// The node for the schema at `pointer` in `doc`, compiled later if new.
    fn node(&mut self, doc: u16, pointer: String, value: &'v Value) -> NodeId {
        if let Some(&id) = self.by_location.get(&(doc, pointer.clone())) {
            return id;
        }
        let id = self.nodes.len() as NodeId;
        let resource = self.index.resource_at(doc, &pointer);
        let draft = self.index.res[resource as usize].draft;
        let location: Box<str> = format!("{}{pointer}", self.index.prefixes[doc as usize]).into();
        self.nodes.push(Node {
            shape: Shape::True,
            ops: Box::new([]),
            leaf: true,
            location,
            resource,
            unevaluated: false,
            integer_slot: false,
            draft,
            plan: Plan::default(),
        });
        self.by_location.insert((doc, pointer.clone()), id);
        self.queue.push((id, doc, pointer, value));
        id
    }

    /// The schema value of a node (its own document only).
    fn value_of(&self, node: NodeId) -> Option<&'v Value> {
        let n = &self.nodes[node as usize];
        if !self.index.prefixes[0].is_empty() {
            return None;
        }
        if n.location.contains('#') {
            return None;
        }
        navigate(self.index.docs[0], &n.location, None)
    }

    fn child(&mut self, id: NodeId, doc: u16, at: &str, kw: Kw, segs: &[&str], value: &'v Value) -> NodeId {
        let mut pointer = at.to_owned();
        for s in segs {
            pointer.push('/');
            crate::json::push_pointer_segment(&mut pointer, s);
        }
        let _ = (id, kw);
        self.node(doc, pointer, value)
    }

    /// Resolves a reference written in node `id` to the node it names.
    fn reference(&mut self, id: NodeId, doc: u16, at: &str, reference: &str) -> Result<NodeId, Diagnostic> {
        let resource = self.index.resource_at(doc, at);
        let base = self.index.res[resource as usize].uri.clone();
        let resolved = uri::resolve(&base, reference);
        let (target_uri, fragment) = uri::split_fragment(&resolved);
        let Some(&r) = self.index.by_uri.get(target_uri) else {
            return Err(unresolvable(format!(
                "'{}' is not part of the schema, and remote schemas are never retrieved",
                uri::shown(target_uri)
            )));
        };
        let info = &self.index.res[r as usize];
        let (tdoc, root_pointer) = (info.doc, info.pointer.clone());
        let fragment = fragment.unwrap_or("");
        let pointer = if fragment.is_empty() {
            root_pointer
        } else if fragment.starts_with('/') {
            let decoded = uri::percent_decode(fragment);
            format!("{root_pointer}{decoded}")
        } else {
            let name = uri::percent_decode(fragment);
            match self.index.anchors.get(&(r, name.clone().into_owned())) {
                Some(p) => p.clone(),
                None => return Err(unresolvable(format!("Anchor '{name}' does not exist"))),
            }
        };
        let Some(value) = self.navigate(tdoc, &pointer) else {
            return Err(unresolvable(format!("Pointer '{}' does not exist", uri::percent_decode(fragment))));
        };
        if !matches!(value, Value::Object(_) | Value::Bool(_)) {
            return Err(ols(
                Code::Ols003,
                format!(
                    "The schema is not valid JSON Schema {} at '{}': {} is not of types \"boolean\", \"object\".",
                    self.nodes[id as usize].draft.name(),
                    pointer,
                    value.to_json()
                ),
                &pointer,
            ));
        }
        Ok(self.node(tdoc, pointer, value))
    }

    fn pattern(&mut self, source: &str, at: &str, draft: Draft) -> Result<u32, Diagnostic> {
        if let Some(&p) = self.pattern_ids.get(source) {
            return Ok(p);
        }
        let compiled = Pattern::compile(source, self.settings.backtrack_limit).map_err(|e| {
            let _ = e;
            ols(
                Code::Ols003,
                format!(
                    "The schema is not valid JSON Schema {} at '{at}': {} is not a \"regex\".",
                    draft.name(),
                    crate::json::quote(source)
                ),
                at,
            )
        })?;
        let id = self.patterns.len() as u32;
        self.patterns.push((source.into(), compiled));
        self.pattern_ids.insert(source.to_owned(), id);
        Ok(id)
    }

    fn compile_node(&mut self, id: NodeId, doc: u16, at: &str, value: &'v Value) -> Result<(), Diagnostic> {
        let draft = self.nodes[id as usize].draft;
        let members = match value {
            Value::Bool(true) => return Ok(()),
            Value::Bool(false) => {
                self.nodes[id as usize].shape = Shape::False;
                return Ok(());
            }
            Value::Object(m) => m,
            other => {
                return Err(ols(
                    Code::Ols003,
                    format!(
                        "The schema is not valid JSON Schema {} at '{at}': {} is not of types \"boolean\", \"object\".",
                        draft.name(),
                        other.to_json()
                    ),
                    at,
                ));
            }
        };
        let get = |k: &str| members.iter().find(|(mk, _)| mk == k).map(|(_, v)| v);
        let mut ops: Vec<Op> = Vec::new();
        let integer_slot = match get("type") {
            Some(Value::String(t)) => t == "integer",
            Some(Value::Array(ts)) => {
                ts.iter().any(|t| t.as_str() == Some("integer")) && !ts.iter().any(|t| t.as_str() == Some("number"))
            }
            _ => false,
        };
        if draft <= Draft::D7
            && let Some(Value::String(r)) = get("$ref")
        {
            let target = self.reference(id, doc, at, r)?;
            ops.push(Op::Ref(target));
            return self.finish(id, ops, integer_slot);
        }
        let mut object_done = false;
        let mut items_done = false;
        for (k, v) in members {
            let k = k.as_str();
            match k {
                "type" => {
                    let mask = match v {
                        Value::String(t) => types::from_name(t).unwrap_or(0),
                        Value::Array(ts) => {
                            ts.iter().filter_map(Value::as_str).filter_map(types::from_name).fold(0, |a, b| a | b)
                        }
                        _ => continue,
                    };
                    let mask = if draft == Draft::D4 { mask | types::DRAFT4_INTEGERS } else { mask };
                    ops.push(Op::Type(mask));
                }
                "const" if draft >= Draft::D6 => ops.push(Op::Const(Box::new(literal(v)))),
                "enum" => {
                    let Some(list) = v.as_array() else { continue };
                    ops.push(Op::Enum(Box::new(EnumOp::new(list.iter().map(literal).collect()))));
                }
                "minimum" => {
                    let Some(l) = limit(v) else { continue };
                    if draft == Draft::D4 && matches!(get("exclusiveMinimum"), Some(Value::Bool(true))) {
                        ops.push(Op::ExclusiveMinimumD4(l));
                    } else {
                        ops.push(Op::Minimum(l));
                    }
                }
                "maximum" => {
                    let Some(l) = limit(v) else { continue };
                    if draft == Draft::D4 && matches!(get("exclusiveMaximum"), Some(Value::Bool(true))) {
                        ops.push(Op::ExclusiveMaximumD4(l));
                    } else {
                        ops.push(Op::Maximum(l));
                    }
                }
                "exclusiveMinimum" if draft >= Draft::D6 => {
                    if let Some(l) = limit(v) {
                        ops.push(Op::ExclusiveMinimum(l));
                    }
                }
                "exclusiveMaximum" if draft >= Draft::D6 => {
                    if let Some(l) = limit(v) {
                        ops.push(Op::ExclusiveMaximum(l));
                    }
                }
                "multipleOf" => {
                    if let Some(l) = limit(v)
                        && !l.num.is_zero()
                    {
                        ops.push(Op::MultipleOf(l));
                    }
                }
                "minLength" | "maxLength" | "minItems" | "maxItems" | "minProperties" | "maxProperties" => {
                    let Some(n) = as_count(v) else { continue };
                    ops.push(match k {
                        "minLength" => Op::MinLength(n),
                        "maxLength" => Op::MaxLength(n),
                        "minItems" => Op::MinItems(n),
                        "maxItems" => Op::MaxItems(n),
                        "minProperties" => Op::MinProperties(n),
                        _ => Op::MaxProperties(n),
                    });
                }
                "required" => {
                    let list = names(v);
                    if !list.is_empty() {
                        let slots = vec![NO_SLOT; list.len()].into();
                        ops.push(Op::Required(Box::new(RequiredOp { names: list, slots, mask: 0 })));
                    }
                }
                "dependentRequired" if draft >= Draft::D2019 => {
                    let Some(map) = v.as_object() else { continue };
                    let deps: Box<[NamesDependency]> =
                        map.iter().map(|(name, list)| (name.as_str().into(), names(list))).collect();
                    ops.push(Op::DependentRequired(deps));
                }
                "pattern" => {
                    let Some(source) = v.as_str() else { continue };
                    let p = self.pattern(source, &format!("{at}/pattern"), draft)?;
                    ops.push(Op::Pattern(p));
                }
                "format" if self.settings.assert_formats => {
                    let Some(name) = v.as_str() else { continue };
                    if let Some(format) = format_of(name, draft) {
                        let standard = super::stdformats::checker(name);
                        ops.push(Op::Format(Box::new(FormatOp { format, name: name.into(), standard })));
                    }
                }
                "contentEncoding" => {
                    let custom = self.settings.assert_formats;
                    let builtin = matches!(draft, Draft::D6 | Draft::D7) && get("contentMediaType").is_none();
                    if v.as_str() == Some("base64") && (custom || builtin) {
                        ops.push(Op::ContentEncoding);
                    }
                }
                "contentMediaType"
                    if matches!(draft, Draft::D6 | Draft::D7) && v.as_str() == Some("application/json") =>
                {
                    ops.push(Op::ContentMediaType("application/json".into()));
                }
                "uniqueItems" => {
                    if matches!(v, Value::Bool(true)) {
                        ops.push(Op::UniqueItems);
                    }
                }
                "properties" | "patternProperties" | "additionalProperties" => {
                    if object_done {
                        continue;
                    }
                    object_done = true;
                    let mut properties = Vec::new();
                    if let Some(Value::Object(map)) = get("properties") {
                        for (name, sub) in map {
                            let n = self.child(id, doc, at, Kw::Properties, &["properties", name], sub);
                            properties.push((name.as_str().into(), n));
                        }
                    }
                    let mut patterns = Vec::new();
                    let mut sources = Vec::new();
                    if let Some(Value::Object(map)) = get("patternProperties") {
                        for (source, sub) in map {
                            let p = self.pattern(source, &format!("{at}/patternProperties"), draft)?;
                            let n = self.child(id, doc, at, Kw::PatternProperties, &["patternProperties", source], sub);
                            patterns.push((p, n));
                            sources.push(source.as_str());
                        }
                    }
                    let pattern_index = super::program::PatternIndex::of(&sources).map(Box::new);
                    let additional = match get("additionalProperties") {
                        Some(sub @ (Value::Object(_) | Value::Bool(_))) => {
                            Some(self.child(id, doc, at, Kw::AdditionalProperties, &["additionalProperties"], sub))
                        }
                        _ => None,
                    };
                    ops.push(Op::Object(Box::new(ObjectOp::new(properties, patterns, pattern_index, additional))));
                }
                "propertyNames" if draft >= Draft::D6 => {
                    let n = self.child(id, doc, at, Kw::PropertyNames, &["propertyNames"], v);
                    ops.push(Op::PropertyNames(n));
                }
                "items" | "prefixItems" | "additionalItems" => {
                    if items_done {
                        continue;
                    }
                    if let Some(op) = self.items_op(id, doc, at, draft, &get)? {
                        items_done = true;
                        ops.push(Op::Items(Box::new(op)));
                    }
                }
                "contains" if draft >= Draft::D6 => {
                    let n = self.child(id, doc, at, Kw::Contains, &["contains"], v);
                    let (min, max) = if draft >= Draft::D2019 {
                        (get("minContains").and_then(as_count), get("maxContains").and_then(as_count))
                    } else {
                        (None, None)
                    };
                    ops.push(Op::Contains { node: n, min, max });
                }
                "dependencies" => {
                    let Some(map) = v.as_object() else { continue };
                    let mut deps = Vec::new();
                    for (name, dep) in map {
                        match dep {
                            Value::Array(_) => deps.push((name.as_str().into(), Dependency::Required(names(dep)))),
                            Value::Object(_) | Value::Bool(_) => {
                                let n = self.child(id, doc, at, Kw::Dependencies, &["dependencies", name], dep);
                                deps.push((name.as_str().into(), Dependency::Schema(n)));
                            }
                            _ => {}
                        }
                    }
                    ops.push(Op::Dependencies(deps.into()));
                }
                "dependentSchemas" if draft >= Draft::D2019 => {
                    let Some(map) = v.as_object() else { continue };
                    let mut deps = Vec::new();
                    for (name, sub) in map {
                        let n = self.child(id, doc, at, Kw::DependentSchemas, &["dependentSchemas", name], sub);
                        deps.push((name.as_str().into(), n));
                    }
                    ops.push(Op::DependentSchemas(deps.into()));
                }
                "allOf" | "anyOf" | "oneOf" => {
                    let Some(list) = v.as_array() else { continue };
                    let kw = match k {
                        "allOf" => Kw::AllOf,
                        "anyOf" => Kw::AnyOf,
                        _ => Kw::OneOf,
                    };
                    let mut branches = Vec::new();
                    for (i, sub) in list.iter().enumerate() {
                        branches.push(self.child(id, doc, at, kw, &[k, &i.to_string()], sub));
                    }
                    let branches: Box<[NodeId]> = branches.into();
                    ops.push(match kw {
                        Kw::AllOf => Op::AllOf(branches),
                        Kw::AnyOf => Op::AnyOf(branches),
                        _ => Op::OneOf(branches),
                    });
                }
                "not" => {
                    let n = self.child(id, doc, at, Kw::Not, &["not"], v);
                    ops.push(Op::Not(n));
                }
                "if" if draft >= Draft::D7 => {
                    let cond = self.child(id, doc, at, Kw::If, &["if"], v);
                    let then = get("then").map(|sub| self.child(id, doc, at, Kw::Then, &["then"], sub));
                    let els = get("else").map(|sub| self.child(id, doc, at, Kw::Else, &["else"], sub));
                    ops.push(Op::If { cond, then, els });
                }
                "unevaluatedProperties" if draft >= Draft::D2019 => {
                    let n = self.child(id, doc, at, Kw::UnevaluatedProperties, &["unevaluatedProperties"], v);
                    ops.push(Op::UnevaluatedProperties(n));
                }
                "unevaluatedItems" if draft >= Draft::D2019 => {
                    let n = self.child(id, doc, at, Kw::UnevaluatedItems, &["unevaluatedItems"], v);
                    ops.push(Op::UnevaluatedItems(n));
                }
                "$ref" => {
                    let Some(r) = v.as_str() else { continue };
                    let target = self.reference(id, doc, at, r)?;
                    ops.push(Op::Ref(target));
                }
                "$recursiveRef" if draft == Draft::D2019 => {
                    let Some(r) = v.as_str() else { continue };
                    let target = self.reference(id, doc, at, r)?;
                    let resource = self.nodes[target as usize].resource;
                    let dynamic = self.index.recursive[resource as usize]
                        && self.index.res[resource as usize].pointer == self.location_pointer(target);
                    if dynamic {
                        self.dynamic = true;
                    }
                    ops.push(Op::RecursiveRef { target, dynamic });
                }
                "$dynamicRef" if draft >= Draft::D2020 => {
                    let Some(r) = v.as_str() else { continue };
                    let target = self.reference(id, doc, at, r)?;
                    // Dynamic only when the fragment is a name that the
                    // static target defines with `$dynamicAnchor`.
                    let fragment = uri::split_fragment(r).1.unwrap_or("");
                    let anchor = (!fragment.is_empty() && !fragment.starts_with('/'))
                        .then(|| uri::percent_decode(fragment).into_owned())
                        .filter(|name| {
                            let res = self.nodes[target as usize].resource;
                            let target_pointer = self.location_pointer(target);
                            self.index.dynamic[res as usize].iter().any(|(n, p)| n == name && *p == target_pointer)
                        });
                    if anchor.is_some() {
                        self.dynamic = true;
                    }
                    ops.push(Op::DynamicRef { target, anchor: anchor.map(Into::into) });
                }
                _ => {}
            }
        }
        self.finish(id, ops, integer_slot)
    }

    /// A node's pointer within its document.
    fn location_pointer(&self, node: NodeId) -> String {
        let loc = &self.nodes[node as usize].location;
        match loc.find('#') {
            Some(i) => loc[i + 1..].to_owned(),
            None => loc.to_string(),
        }
    }

    fn items_op(
        &mut self,
        id: NodeId,
        doc: u16,
        at: &str,
        draft: Draft,
        get: &dyn Fn(&str) -> Option<&'v Value>,
    ) -> Result<Option<ItemsOp>, Diagnostic> {
        let schema = |v: &Value| matches!(v, Value::Object(_) | Value::Bool(_));
        if draft >= Draft::D2020 {
            let mut prefix = Vec::new();
            if let Some(Value::Array(list)) = get("prefixItems") {
                for (i, sub) in list.iter().enumerate() {
                    prefix.push(self.child(id, doc, at, Kw::PrefixItems, &["prefixItems", &i.to_string()], sub));
                }
            }
            let rest = match get("items") {
                Some(sub) if schema(sub) => Some(self.child(id, doc, at, Kw::Items, &["items"], sub)),
                _ => None,
            };
            if prefix.is_empty() && rest.is_none() && get("prefixItems").is_none() {
                return Ok(None);
            }
            return Ok(Some(ItemsOp { prefix: prefix.into(), rest, rest_kw: Kw::Items }));
        }
        match get("items") {
            Some(Value::Array(list)) => {
                let mut prefix = Vec::new();
                for (i, sub) in list.iter().enumerate() {
                    prefix.push(self.child(id, doc, at, Kw::Items, &["items", &i.to_string()], sub));
                }
                let rest = match get("additionalItems") {
                    Some(sub) if schema(sub) => {
                        Some(self.child(id, doc, at, Kw::AdditionalItems, &["additionalItems"], sub))
                    }
                    _ => None,
                };
                Ok(Some(ItemsOp { prefix: prefix.into(), rest, rest_kw: Kw::AdditionalItems }))
            }
            Some(sub) if schema(sub) => {
                let rest = Some(self.child(id, doc, at, Kw::Items, &["items"], sub));
                Ok(Some(ItemsOp { prefix: Box::new([]), rest, rest_kw: Kw::Items }))
            }
            _ => Ok(None),
        }
    }

    fn finish(&mut self, id: NodeId, mut ops: Vec<Op>, integer_slot: bool) -> Result<(), Diagnostic> {
        // With `properties`, `required` is checked after the members are read,
        // from what that read saw (its errors, about missing members, sort
        // after the members whatever the order).
        let with_object = ops.iter().any(|op| matches!(op, Op::Object(_)));
        if with_object {
            let names: Vec<Box<str>> = ops
                .iter()
                .find_map(|op| match op {
                    Op::Object(o) => Some(o.properties.iter().map(|(n, _)| n.clone()).collect()),
                    _ => None,
                })
                .unwrap_or_default();
            for op in ops.iter_mut() {
                if let Op::Required(r) = op {
                    r.slots = r
                        .names
                        .iter()
                        .map(|n| names.iter().position(|p| p == n).filter(|&i| i < 64).map_or(NO_SLOT, |i| i as u8))
                        .collect();
                    r.mask = if r.slots.contains(&NO_SLOT) { 0 } else { r.slots.iter().fold(0, |m, &s| m | 1 << s) };
                }
            }
        }
        let rank = |op: &Op| match op {
            Op::Required(_) if with_object => 41,
            Op::DependentRequired(_) if with_object => 42,
            other => priority(other),
        };
        crate::sort::stable_by(&mut ops, &|a, b| rank(a) < rank(b));
        // `unevaluated*` need every other keyword's annotations: they run
        // last (their errors are put back in place when reported).
        let (mut late, mut rest): (Vec<Op>, Vec<Op>) =
            ops.into_iter().partition(|op| matches!(op, Op::UnevaluatedProperties(_) | Op::UnevaluatedItems(_)));
        let unevaluated = !late.is_empty();
        rest.append(&mut late);
        let node = &mut self.nodes[id as usize];
        node.leaf = rest.iter().all(Op::is_leaf);
        node.shape = Shape::Ops;
        node.ops = rest.into();
        node.unevaluated = unevaluated;
        node.integer_slot = integer_slot;
        Ok(())
    }
}

/// What `format: <name>` checks in a draft, if anything.
fn format_of(name: &str, draft: Draft) -> Option<Format> {
    Some(match name {
        "date" => Format::Date,
        "time" => Format::Time,
        "date-time" => Format::DateTime,
        "uuid" => Format::Uuid,
        "regex" => Format::Regex,
        "duration" if draft >= Draft::D2019 => Format::Standard,
        "email" | "hostname" | "ipv4" | "ipv6" | "uri" => Format::Standard,
        "iri" | "iri-reference" | "relative-json-pointer" if draft >= Draft::D7 => Format::Standard,
        "json-pointer" | "uri-reference" | "uri-template" if draft >= Draft::D6 => Format::Standard,
        _ => return None,
    })
}

/// Where binding (`bind::integers`) can meet an integer slot: the codes of
/// the property names whose schemas are integer slots, and whether one is
/// met otherwise (at the top level, through `additionalProperties`, as an
/// array's item, or applied in place by another schema: a `$ref`, `allOf`,
/// `anyOf`, `oneOf` or `if`). Binding follows `properties`,
/// `additionalProperties`, `prefixItems` and `items` from the root, taking
/// at every step the schemas each applies in place ([`Op::in_place`]). So a
/// number whose member name is none of these names, where no slot is met
/// otherwise, is in no integer slot, and binding need not look for its
/// slots.
fn integer_places(nodes: &[Node], root: NodeId) -> (Box<[u32]>, bool) {
    let slot = |n: &NodeId| nodes[*n as usize].integer_slot;
    let mut names = Vec::new();
    let mut elsewhere = slot(&root);
    let mut targets = Vec::new();
    for node in nodes {
        for op in node.ops.iter() {
            match op {
                Op::Object(o) => {
                    for (child, &code) in o.properties.iter().map(|(_, c)| c).zip(o.codes.iter()) {
                        if slot(child) {
                            names.push(code);
                        }
                    }
                    elsewhere |= o.additional.iter().any(slot);
                }
                Op::Items(it) => elsewhere |= it.prefix.iter().chain(it.rest.iter()).any(slot),
                _ => {
                    targets.clear();
                    op.in_place(false, &mut targets);
                    elsewhere |= targets.iter().any(slot);
                }
            }
        }
    }
    crate::sort::unstable(&mut names);
    names.dedup();
    (names.into(), elsewhere)
}

#[allow(dead_code)]
fn _uses(_: ecma::CompileError) {}
