//! Schemas and instances for them, generated from a seed (reproducibly), for
//! comparing verdicts with independent implementations. Schemas are small
//! and mix every applicator and assertion, with what real schemas have:
//! references to several `$defs`, to anchors and to the root, `unevaluated*`
//! beside compositions, `contains` with its bounds, numbers at the edges of
//! machine integers and `multipleOf` with decimals. Most declare 2020-12;
//! some declare draft 7 or 2019-09 and are written in that draft's spelling.
//! Instances are partly built to fit the schema and partly drawn from a fixed
//! pool of awkward values, so both verdicts occur.

use crate::roundtrip::Rng;
use tool_schema::json::{Number, Value};

fn num(text: &str) -> Value {
    Value::Number(Number::parse(text).expect("a number literal"))
}

fn int(n: i64) -> Value {
    Value::Number(Number::from_i128(i128::from(n)))
}

fn st(text: &str) -> Value {
    Value::String(text.into())
}

fn object(members: Vec<(&str, Value)>) -> Value {
    Value::Object(members.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

const NAMES: [&str; 4] = ["a", "b", "c", "x1"];
/// Patterns every validator reads the same (ECMA-262 and the `regex` crate
/// agree on them: no `\d`, `\w`, `\s` or `.` against astral characters).
const PATTERNS: [&str; 8] = ["^a", "b$", "^[a-c]*$", "[0-9]", "^(a|bb)+$", "^.{2}$", "^[^a]*$", "^x[0-9]?$"];
const TYPES: [&str; 7] = ["null", "boolean", "integer", "number", "string", "array", "object"];
/// Numbers at the edges of machine integers and of `f64`.
const EDGES: [&str; 9] = [
    "9223372036854775807",
    "9223372036854775807.0",
    "9.223372036854775807e18",
    "9223372036854775808",
    "18446744073709551615",
    "-0",
    "1e308",
    "1e309",
    "-9223372036854775808",
];
/// Decimals that binary floating point holds only approximately.
const DECIMALS: [&str; 7] = ["0.1", "0.3", "0.07", "1.1", "1e-9", "3.000000001", "0.30000000000000004"];
/// Definitions a root may have, and the anchor each may carry.
const DEFS: [&str; 3] = ["D", "E", "F"];
const ANCHORS: [&str; 3] = ["anchorD", "anchorE", "anchorF"];

/// The draft a seed's schema declares through `$schema`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draft {
    D7,
    D2019,
    D2020,
}

impl Draft {
    pub fn uri(self) -> &'static str {
        match self {
            Draft::D7 => "http://json-schema.org/draft-07/schema#",
            Draft::D2019 => "https://json-schema.org/draft/2019-09/schema",
            Draft::D2020 => "https://json-schema.org/draft/2020-12/schema",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Draft::D7 => "draft 7",
            Draft::D2019 => "2019-09",
            Draft::D2020 => "2020-12",
        }
    }
}

/// One seed's schema and its instances.
pub struct Case {
    pub seed: u64,
    pub draft: Draft,
    /// The schema as made, in the 2020-12 spelling (with the draft's `$schema`).
    pub source: Value,
    /// The schema as the validators read it (in its draft's spelling), and its text.
    pub schema: Value,
    pub text: String,
    pub instances: Vec<Value>,
}

pub struct Gen {
    rng: Rng,
    draft: Draft,
    /// How many of [`DEFS`] the root has, which of them carry an anchor, and
    /// (once made) the definitions themselves.
    def_count: usize,
    anchored: [bool; 3],
    defs: Vec<Value>,
    /// The first definition a reference may name here without the
    /// instance's descending first: references that spend no input only go
    /// forward (root, then D, E, F), so they never loop.
    level: usize,
    /// Whether the schema being made applies to a part of the instance (a
    /// property, an item, a name): there a reference may go anywhere, `#` too.
    guarded: bool,
    /// The root as made (2020-12 spelling), for instances of `#`.
    root: Option<Value>,
}

impl Gen {
    pub fn new(seed: u64) -> Gen {
        Gen {
            rng: Rng::new(seed),
            draft: Draft::D2020,
            def_count: 0,
            anchored: [false; 3],
            defs: Vec::new(),
            level: 0,
            guarded: false,
            root: None,
        }
    }

    /// The schema of `seed` and `n` instances for it.
    pub fn case(seed: u64, n: usize) -> Case {
        let mut g = Gen::new(seed);
        let made = g.root();
        let instances = (0..n).map(|_| g.instance(&made, 0)).collect();
        let schema = spell(g.draft, &made, true);
        Case { seed, draft: g.draft, text: schema.to_json(), schema, source: made, instances }
    }

    fn below(&mut self, n: u64) -> u64 {
        self.rng.below(n)
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.rng.below(100) < percent
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }

    /// A value from a pool of ones that tell implementations apart.
    pub fn pooled(&mut self) -> Value {
        match self.below(28) {
            0 => Value::Null,
            1 => Value::Bool(true),
            2 => Value::Bool(false),
            3 => int(0),
            4 => int(1),
            5 => int(-1),
            6 => int(7),
            7 => num("2.5"),
            8 => num("1.0"),
            9 => num("-0.5"),
            10 => num("1e2"),
            11 => num("12345678901234567890"),
            12 => st(""),
            13 => st("a"),
            14 => st("abc"),
            15 => st("bb"),
            16 => st("x1"),
            17 => st("é€"),
            18 => Value::Array(vec![]),
            19 => Value::Array(vec![int(1), int(1)]),
            20 => Value::Array(vec![int(1), st("a"), Value::Null]),
            21 => Value::Object(vec![]),
            22 => object(vec![("a", int(1))]),
            23 => object(vec![("a", st("x")), ("b", Value::Array(vec![]))]),
            24 => object(vec![("x1", Value::Bool(true)), ("c", num("0.25"))]),
            25 => num(self.pick(&EDGES)),
            26 => num(self.pick(&DECIMALS)),
            _ => Value::Array(vec![object(vec![("a", int(2))]), Value::Array(vec![])]),
        }
    }

    fn small_int(&mut self) -> Value {
        int(self.below(5) as i64)
    }

    fn bound(&mut self) -> Value {
        match self.below(20) {
            0..=12 => int(self.below(12) as i64 - 3),
            13..=16 => num(self.pick(&["0.5", "2.5", "-1.5", "1e1"])),
            _ => num(self.pick(&EDGES)),
        }
    }

    /// A root schema: `$schema`, maybe `$defs`, and a schema.
    pub fn root(&mut self) -> Value {
        self.draft = match self.below(20) {
            0..=2 => Draft::D7,
            3..=5 => Draft::D2019,
            _ => Draft::D2020,
        };
        self.def_count = if self.chance(35) { 1 + self.below(3) as usize } else { 0 };
        for i in 0..self.def_count {
            self.anchored[i] = self.chance(40);
        }
        let mut defs = Vec::new();
        for i in 0..self.def_count {
            (self.level, self.guarded) = (i + 1, false);
            let d = match self.schema(2) {
                Value::Object(mut m) if self.anchored[i] => {
                    m.insert(0, ("$anchor".into(), st(ANCHORS[i])));
                    Value::Object(m)
                }
                Value::Bool(b) if self.anchored[i] => {
                    let mut m = vec![("$anchor".to_owned(), st(ANCHORS[i]))];
                    if !b {
                        m.push(("not".into(), Value::Object(vec![])));
                    }
                    Value::Object(m)
                }
                d => d,
            };
            defs.push((DEFS[i].to_owned(), d));
        }
        self.defs = defs.iter().map(|(_, d)| d.clone()).collect();
        (self.level, self.guarded) = (0, false);
        let mut members = vec![("$schema".to_owned(), st(self.draft.uri()))];
        if !defs.is_empty() {
            members.push(("$defs".into(), Value::Object(defs)));
        }
        match self.schema(0) {
            Value::Object(m) => members.extend(m),
            Value::Bool(false) => members.push(("not".into(), Value::Object(vec![]))),
            _ => {}
        }
        let root = Value::Object(members);
        self.root = Some(root.clone());
        root
    }

    /// A reference that may stand here, if any: to a definition (by pointer
    /// or by anchor), or under a part of the instance to the root.
    fn reference(&mut self) -> Option<String> {
        let from = if self.guarded { 0 } else { self.level };
        let targets = self.def_count.saturating_sub(from) + usize::from(self.guarded);
        if targets == 0 {
            return None;
        }
        let i = from + self.below(targets as u64) as usize;
        Some(if i == self.def_count {
            "#".to_owned()
        } else if self.anchored[i] && self.chance(50) {
            format!("#{}", ANCHORS[i])
        } else {
            format!("#/$defs/{}", DEFS[i])
        })
    }

    /// A schema for a part of the instance (a property, an item, a name).
    fn part(&mut self, depth: usize) -> Value {
        let was = std::mem::replace(&mut self.guarded, true);
        let s = self.schema(depth);
        self.guarded = was;
        s
    }

    pub fn schema(&mut self, depth: usize) -> Value {
        if depth > 0 && self.chance(6) {
            return Value::Bool(self.chance(70));
        }
        if depth > 0
            && self.chance(8)
            && let Some(r) = self.reference()
        {
            return object(vec![("$ref", st(&r))]);
        }
        let deep = depth >= 3;
        let mut m: Vec<(String, Value)> = Vec::new();
        let put = |m: &mut Vec<(String, Value)>, k: &str, v: Value| {
            if !m.iter().any(|(mk, _)| mk == k) {
                m.push((k.to_owned(), v));
            }
        };
        let focus = self.pick(&TYPES);
        match self.below(10) {
            0..=5 => put(&mut m, "type", st(focus)),
            6 => {
                let other = self.pick(&TYPES);
                // A repeated type is not a valid schema: now and then, to compare refusals too.
                if other != focus || self.chance(10) {
                    put(&mut m, "type", Value::Array(vec![st(focus), st(other)]));
                }
            }
            _ => {}
        }
        let n = 1 + self.below(3);
        for _ in 0..n {
            match focus {
                "integer" | "number" => match self.below(5) {
                    0 => put(&mut m, "minimum", self.bound()),
                    1 => put(&mut m, "maximum", self.bound()),
                    2 => put(&mut m, "exclusiveMinimum", self.bound()),
                    3 => put(&mut m, "exclusiveMaximum", self.bound()),
                    _ => put(&mut m, "multipleOf", num(self.pick(&["2", "3", "0.5", "0.25", "0.1", "0.01", "1e-9"]))),
                },
                "string" => match self.below(4) {
                    0 => put(&mut m, "minLength", self.small_int()),
                    1 => put(&mut m, "maxLength", self.small_int()),
                    2 => put(&mut m, "pattern", st(self.pick(&PATTERNS))),
                    _ => put(&mut m, "format", st(self.pick(&["date", "email", "uuid"]))),
                },
                "array" if !deep => match self.below(11) {
                    0 | 1 => put(&mut m, "items", self.part(depth + 1)),
                    2 => {
                        let k = 1 + self.below(2);
                        let list = (0..k).map(|_| self.part(depth + 1)).collect();
                        put(&mut m, "prefixItems", Value::Array(list));
                    }
                    3 => {
                        put(&mut m, "contains", self.part(depth + 1));
                        // Bounds beside it, as real schemas write them.
                        if self.chance(60) {
                            put(&mut m, "minContains", self.small_int());
                        }
                        if self.chance(50) {
                            put(&mut m, "maxContains", int(1 + self.below(3) as i64));
                        }
                    }
                    4 => put(&mut m, "minContains", self.small_int()),
                    5 => put(&mut m, "maxContains", self.small_int()),
                    6 => put(&mut m, if self.chance(50) { "minItems" } else { "maxItems" }, self.small_int()),
                    7 => put(&mut m, "uniqueItems", Value::Bool(self.chance(80))),
                    8 => put(&mut m, "unevaluatedItems", self.part(depth + 1)),
                    _ => {
                        for (k, v) in self.evaluated_array(depth) {
                            put(&mut m, &k, v);
                        }
                    }
                },
                "object" if !deep => match self.below(12) {
                    0..=2 => {
                        let k = 1 + self.below(3);
                        let props =
                            (0..k).map(|i| (NAMES[i as usize].to_owned(), self.part(depth + 1))).collect::<Vec<_>>();
                        put(&mut m, "properties", Value::Object(props));
                    }
                    3 => {
                        let k = self.below(3);
                        let list = (0..k).map(|i| st(NAMES[i as usize])).collect();
                        put(&mut m, "required", Value::Array(list));
                    }
                    4 => put(&mut m, "additionalProperties", self.part(depth + 1)),
                    5 => put(&mut m, "patternProperties", object(vec![("^x", self.part(depth + 1))])),
                    6 => {
                        let names = match self.below(4) {
                            0 => self.part(depth + 1),
                            1 => object(vec![("pattern", st(self.pick(&PATTERNS)))]),
                            2 => object(vec![("maxLength", int(1))]),
                            _ => object(vec![("enum", Value::Array(vec![st("a"), st("b"), st("x1")]))]),
                        };
                        put(&mut m, "propertyNames", names);
                    }
                    7 => put(&mut m, if self.chance(50) { "minProperties" } else { "maxProperties" }, self.small_int()),
                    8 => {
                        let name = self.pick(&NAMES);
                        if self.chance(50) {
                            let k = 1 + self.below(2) as usize;
                            let list = (0..k).map(|_| st(self.pick(&NAMES))).collect::<Vec<_>>();
                            put(&mut m, "dependentRequired", object(vec![(name, Value::Array(dedup(list)))]));
                        } else {
                            put(&mut m, "dependentSchemas", object(vec![(name, self.schema(depth + 1))]));
                        }
                    }
                    9 => put(&mut m, "unevaluatedProperties", self.part(depth + 1)),
                    _ => {
                        for (k, v) in self.evaluated_object(depth) {
                            put(&mut m, &k, v);
                        }
                    }
                },
                _ => match self.below(3) {
                    0 => {
                        let k = 1 + self.below(3);
                        // Distinct values, as real enums have (`1` and `1.0` may still meet).
                        let list = (0..k).map(|_| self.pooled()).collect();
                        put(&mut m, "enum", Value::Array(dedup(list)));
                    }
                    1 => put(&mut m, "const", self.pooled()),
                    _ => put(&mut m, "type", st(focus)),
                },
            }
        }
        if !deep {
            match self.below(14) {
                0 | 1 => {
                    let key = self.pick(&["allOf", "anyOf", "oneOf"]);
                    let k = 1 + self.below(3);
                    let list = (0..k).map(|_| self.schema(depth + 1)).collect();
                    put(&mut m, key, Value::Array(list));
                }
                2 => put(&mut m, "not", self.schema(depth + 1)),
                3 => {
                    put(&mut m, "if", self.schema(depth + 1));
                    if self.chance(70) {
                        put(&mut m, "then", self.schema(depth + 1));
                    }
                    if self.chance(50) {
                        put(&mut m, "else", self.schema(depth + 1));
                    }
                }
                4 | 5 => {
                    if let Some(r) = self.reference() {
                        put(&mut m, "$ref", st(&r));
                    }
                }
                _ => {}
            }
        }
        Value::Object(m)
    }

    /// An object schema whose properties are declared partly beside
    /// `unevaluatedProperties` and partly in the subschemas of an `allOf`,
    /// `anyOf`, `oneOf`, `if`/`then`/`else`, `dependentSchemas` or `$ref`.
    fn evaluated_object(&mut self, depth: usize) -> Vec<(String, Value)> {
        let mut m = vec![("type".to_owned(), st("object"))];
        if self.chance(60) {
            m.push(("properties".into(), object(vec![("a", self.part(depth + 1))])));
        }
        let branch = |g: &mut Gen, name: &str| {
            let mut b = vec![("properties", object(vec![(name, g.part(depth + 2))]))];
            if g.chance(40) {
                b.push(("required", Value::Array(vec![st(name)])));
            }
            object(b)
        };
        match self.below(6) {
            0..=2 => {
                let key = self.pick(&["allOf", "anyOf", "oneOf"]);
                let other = self.pick(&["c", "x1"]);
                let list = vec![branch(self, "b"), branch(self, other)];
                m.push((key.into(), Value::Array(list)));
            }
            3 => {
                let cond = object(vec![("properties", object(vec![("a", object(vec![("const", int(1))]))]))]);
                m.push(("if".into(), cond));
                m.push(("then".into(), branch(self, "b")));
                if self.chance(60) {
                    m.push(("else".into(), branch(self, "c")));
                }
            }
            4 => m.push(("dependentSchemas".into(), object(vec![("a", branch(self, "b"))]))),
            _ => {
                if self.chance(50) {
                    m.push(("patternProperties".into(), object(vec![("^x", self.part(depth + 1))])));
                }
                if let Some(r) = self.reference() {
                    m.push(("$ref".into(), st(&r)));
                }
            }
        }
        let rest = if self.chance(60) { Value::Bool(false) } else { self.part(depth + 1) };
        m.push(("unevaluatedProperties".into(), rest));
        m
    }

    /// An array schema whose items are evaluated partly beside
    /// `unevaluatedItems` and partly in the subschemas of a composition.
    fn evaluated_array(&mut self, depth: usize) -> Vec<(String, Value)> {
        let mut m = vec![("type".to_owned(), st("array"))];
        if self.chance(50) {
            m.push(("prefixItems".into(), Value::Array(vec![self.part(depth + 1)])));
        }
        let branch = |g: &mut Gen| match g.below(3) {
            0 => object(vec![("prefixItems", Value::Array(vec![g.part(depth + 2), g.part(depth + 2)]))]),
            1 => object(vec![("contains", g.part(depth + 2))]),
            _ => object(vec![("items", g.part(depth + 2))]),
        };
        match self.below(4) {
            0..=2 => {
                let key = self.pick(&["allOf", "anyOf", "oneOf"]);
                let list = vec![branch(self), branch(self)];
                m.push((key.into(), Value::Array(list)));
            }
            _ => {
                m.push((
                    "if".into(),
                    object(vec![("prefixItems", Value::Array(vec![object(vec![("const", int(1))])]))]),
                ));
                m.push(("then".into(), branch(self)));
            }
        }
        let rest = if self.chance(60) { Value::Bool(false) } else { self.part(depth + 1) };
        m.push(("unevaluatedItems".into(), rest));
        m
    }

    /// The schema a reference made here names (2020-12 spelling).
    fn target(&self, r: &str) -> Option<Value> {
        if r == "#" {
            return self.root.clone();
        }
        let i = DEFS
            .iter()
            .position(|d| r == format!("#/$defs/{d}"))
            .or_else(|| ANCHORS.iter().position(|a| r[1..] == **a))?;
        self.defs.get(i).cloned()
    }

    /// An instance for `schema`: built to fit it where that is easy,
    /// sometimes changed a little, sometimes from the pool.
    pub fn instance(&mut self, schema: &Value, depth: usize) -> Value {
        if depth > 4 || self.chance(20) {
            return self.pooled();
        }
        let Value::Object(_) = schema else { return self.pooled() };
        if let Some(Value::Array(values)) = schema.get("enum")
            && !values.is_empty()
            && self.chance(80)
        {
            return values[self.below(values.len() as u64) as usize].clone();
        }
        if let Some(v) = schema.get("const")
            && self.chance(80)
        {
            return v.clone();
        }
        if let Some(Value::String(r)) = schema.get("$ref")
            && self.chance(40)
            && let Some(target) = self.target(r)
        {
            return self.instance(&target, depth + 1);
        }
        for key in ["anyOf", "oneOf", "allOf"] {
            if let Some(Value::Array(list)) = schema.get(key)
                && !list.is_empty()
                && self.chance(50)
            {
                let b = &list[self.below(list.len() as u64) as usize];
                return self.instance(b, depth + 1);
            }
        }
        let ty = match schema.get("type") {
            Some(Value::String(t)) => t.clone(),
            Some(Value::Array(ts)) if !ts.is_empty() => {
                ts[self.below(ts.len() as u64) as usize].as_str().unwrap_or("null").to_owned()
            }
            _ => (self.pick(&TYPES)).to_owned(),
        };
        match ty.as_str() {
            "null" => Value::Null,
            "boolean" => Value::Bool(self.chance(50)),
            "integer" if self.chance(10) => num(self.pick(&EDGES)),
            "integer" => int(self.below(14) as i64 - 4),
            "number" if self.chance(15) => num(self.pick(&DECIMALS)),
            "number" => num(self.pick(&["0", "1.5", "-2", "3", "0.25", "4.0", "10"])),
            "string" => st(self.pick(&["", "a", "ab", "bb", "abc", "x1", "2024-02-29", "a@b.co", "a1b2"])),
            "array" => {
                let items = schema.get("items").cloned().unwrap_or(Value::Bool(true));
                let prefix = match schema.get("prefixItems") {
                    Some(Value::Array(p)) => p.clone(),
                    _ => Vec::new(),
                };
                let n = self.below(4) as usize;
                let list = (0..n.max(prefix.len().min(3)))
                    .map(|i| {
                        let sub = prefix.get(i).cloned().unwrap_or_else(|| items.clone());
                        self.instance(&sub, depth + 1)
                    })
                    .collect();
                Value::Array(list)
            }
            _ => {
                let mut out: Vec<(String, Value)> = Vec::new();
                for (name, sub) in declared(schema) {
                    if self.chance(75) && !out.iter().any(|(k, _)| *k == name) {
                        let v = self.instance(&sub, depth + 1);
                        out.push((name, v));
                    }
                }
                if self.chance(30) {
                    let name = self.pick(&NAMES);
                    if !out.iter().any(|(k, _)| k == name) {
                        let v = self.pooled();
                        out.push((name.to_owned(), v));
                    }
                }
                Value::Object(out)
            }
        }
    }
}

fn dedup(mut list: Vec<Value>) -> Vec<Value> {
    let mut seen = Vec::new();
    list.retain(|v| {
        let new = !seen.contains(v);
        seen.push(v.clone());
        new
    });
    list
}

/// The properties `schema` declares, itself and in the subschemas that
/// apply to the same object (so an instance has names they evaluate).
fn declared(schema: &Value) -> Vec<(String, Value)> {
    let mut out: Vec<(String, Value)> = Vec::new();
    let mut add = |s: &Value| {
        if let Some(Value::Object(props)) = s.get("properties") {
            out.extend(props.iter().cloned());
        }
    };
    add(schema);
    for key in ["allOf", "anyOf", "oneOf"] {
        for s in schema.get(key).and_then(Value::as_array).unwrap_or_default() {
            add(s);
        }
    }
    for key in ["then", "else"] {
        if let Some(s) = schema.get(key) {
            add(s);
        }
    }
    for (_, s) in schema.get("dependentSchemas").and_then(Value::as_object).unwrap_or_default() {
        add(s);
    }
    out
}

/// Keywords whose value is one schema, a list of schemas, a map of schemas.
const ONE: [&str; 11] = [
    "items",
    "additionalItems",
    "additionalProperties",
    "unevaluatedItems",
    "unevaluatedProperties",
    "propertyNames",
    "contains",
    "not",
    "if",
    "then",
    "else",
];
const LIST: [&str; 4] = ["allOf", "anyOf", "oneOf", "prefixItems"];
const MAP: [&str; 5] = ["properties", "patternProperties", "$defs", "dependentSchemas", "dependencies"];

/// `schema` (2020-12 spelling) as a schema of `draft` writes it: for 2019-09
/// and draft 7 `prefixItems` is an `items` array (and `items` beside it
/// `additionalItems`); for draft 7 also `$defs` is `definitions`, `$anchor`
/// is an `$id` fragment, `dependentRequired` and `dependentSchemas` are
/// `dependencies`, and a `$ref` beside other keywords (which draft 7
/// ignores, `$id` and `definitions` too) goes down into an `allOf`.
/// Other 2020-12 keywords stay, unknown to the older draft.
pub fn spell(draft: Draft, schema: &Value, root: bool) -> Value {
    let Value::Object(members) = schema else { return schema.clone() };
    let sub = |v: &Value| spell(draft, v, false);
    let mut out: Vec<(String, Value)> = Vec::new();
    let tuple = draft != Draft::D2020 && members.iter().any(|(k, _)| k == "prefixItems");
    for (k, v) in members {
        let v = if ONE.contains(&k.as_str()) {
            sub(v)
        } else if LIST.contains(&k.as_str()) {
            Value::Array(v.as_array().unwrap_or_default().iter().map(sub).collect())
        } else if MAP.contains(&k.as_str()) {
            Value::Object(v.as_object().unwrap_or_default().iter().map(|(n, s)| (n.clone(), sub(s))).collect())
        } else {
            v.clone()
        };
        let key = match k.as_str() {
            "prefixItems" if tuple => "items",
            "items" if tuple => "additionalItems",
            "$defs" if draft == Draft::D7 => "definitions",
            "$ref" if draft == Draft::D7 => {
                let r = v.as_str().unwrap_or_default().replace("#/$defs/", "#/definitions/");
                out.push((k.clone(), Value::String(r)));
                continue;
            }
            "$anchor" if draft == Draft::D7 => {
                out.push(("$id".into(), Value::String(format!("#{}", v.as_str().unwrap_or_default()))));
                continue;
            }
            key => key,
        };
        out.push((key.to_owned(), v));
    }
    if draft == Draft::D7 {
        out = dependencies(out);
        if out.iter().any(|(k, _)| k == "$ref") && out.len() > 1 {
            let outer = |k: &str| k == "$id" || k == "definitions" || (root && k == "$schema");
            let (keep, inner): (Vec<_>, Vec<_>) = out.into_iter().partition(|(k, _)| outer(k));
            out = keep;
            out.push(("allOf".into(), Value::Array(vec![Value::Object(inner)])));
        }
    }
    Value::Object(out)
}

/// Draft 7's `dependencies` in place of `dependentRequired` and
/// `dependentSchemas` (a name in both: the schema and a `required`).
fn dependencies(members: Vec<(String, Value)>) -> Vec<(String, Value)> {
    let (deps, mut out): (Vec<_>, Vec<_>) =
        members.into_iter().partition(|(k, _)| k == "dependentRequired" || k == "dependentSchemas");
    if deps.is_empty() {
        return out;
    }
    let mut merged: Vec<(String, Value)> = Vec::new();
    for (_, map) in deps {
        for (name, dep) in map.as_object().unwrap_or_default() {
            match merged.iter_mut().find(|(n, _)| n == name) {
                Some((_, had)) => {
                    let both = vec![had.clone(), dep.clone()];
                    let list = both
                        .into_iter()
                        .map(|d| if let Value::Array(_) = d { object(vec![("required", d)]) } else { d })
                        .collect();
                    *had = object(vec![("allOf", Value::Array(list))]);
                }
                None => merged.push((name.clone(), dep.clone())),
            }
        }
    }
    out.push(("dependencies".into(), Value::Object(merged)));
    out
}
