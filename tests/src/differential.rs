//! Schemas in the 2020-12 vocabulary and instances for them, generated from
//! a seed (reproducibly), for comparing verdicts with an independent
//! implementation. Schemas are small and mix every applicator and
//! assertion; instances are partly built to fit the schema and partly
//! drawn from a fixed pool of awkward values, so both verdicts occur.

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
const PATTERNS: [&str; 6] = ["^a", "b$", "^[a-c]*$", "[0-9]", "^(a|bb)+$", "^.{2}$"];
const TYPES: [&str; 7] = ["null", "boolean", "integer", "number", "string", "array", "object"];

pub struct Gen {
    rng: Rng,
    /// Whether `$defs/D` exists at the root, for `$ref`s to point at.
    defs: bool,
}

impl Gen {
    pub fn new(seed: u64) -> Gen {
        Gen { rng: Rng::new(seed), defs: false }
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
        match self.below(26) {
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
            _ => Value::Array(vec![object(vec![("a", int(2))]), Value::Array(vec![])]),
        }
    }

    fn small_int(&mut self) -> Value {
        int(self.below(5) as i64)
    }

    fn bound(&mut self) -> Value {
        if self.chance(70) { int(self.below(12) as i64 - 3) } else { num(self.pick(&["0.5", "2.5", "-1.5", "1e1"])) }
    }

    /// A root schema: `$schema`, maybe `$defs`, and a schema.
    pub fn root(&mut self) -> Value {
        self.defs = self.chance(30);
        let mut members = vec![("$schema".to_owned(), st("https://json-schema.org/draft/2020-12/schema"))];
        if self.defs {
            self.defs = false; // a definition refers to nothing further
            let d = self.schema(2);
            self.defs = true;
            members.push(("$defs".into(), object(vec![("D", d)])));
        }
        match self.schema(0) {
            Value::Object(m) => members.extend(m),
            Value::Bool(false) => members.push(("not".into(), Value::Object(vec![]))),
            _ => {}
        }
        Value::Object(members)
    }

    pub fn schema(&mut self, depth: usize) -> Value {
        if depth > 0 && self.chance(6) {
            return Value::Bool(self.chance(70));
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
                    _ => put(&mut m, "multipleOf", num(self.pick(&["2", "3", "0.5", "0.25"]))),
                },
                "string" => match self.below(4) {
                    0 => put(&mut m, "minLength", self.small_int()),
                    1 => put(&mut m, "maxLength", self.small_int()),
                    2 => put(&mut m, "pattern", st(self.pick(&PATTERNS))),
                    _ => put(&mut m, "format", st(self.pick(&["date", "email", "uuid"]))),
                },
                "array" if !deep => match self.below(9) {
                    0 | 1 => put(&mut m, "items", self.schema(depth + 1)),
                    2 => {
                        let k = 1 + self.below(2);
                        let list = (0..k).map(|_| self.schema(depth + 1)).collect();
                        put(&mut m, "prefixItems", Value::Array(list));
                    }
                    3 => put(&mut m, "contains", self.schema(depth + 1)),
                    4 => put(&mut m, "minContains", self.small_int()),
                    5 => put(&mut m, "maxContains", self.small_int()),
                    6 => put(&mut m, if self.chance(50) { "minItems" } else { "maxItems" }, self.small_int()),
                    7 => put(&mut m, "uniqueItems", Value::Bool(self.chance(80))),
                    _ => put(&mut m, "unevaluatedItems", self.schema(depth + 1)),
                },
                "object" if !deep => match self.below(10) {
                    0..=2 => {
                        let k = 1 + self.below(3);
                        let props =
                            (0..k).map(|i| (NAMES[i as usize].to_owned(), self.schema(depth + 1))).collect::<Vec<_>>();
                        put(&mut m, "properties", Value::Object(props));
                    }
                    3 => {
                        let k = self.below(3);
                        let list = (0..k).map(|i| st(NAMES[i as usize])).collect();
                        put(&mut m, "required", Value::Array(list));
                    }
                    4 => put(&mut m, "additionalProperties", self.schema(depth + 1)),
                    5 => put(&mut m, "patternProperties", object(vec![("^x", self.schema(depth + 1))])),
                    6 => put(&mut m, "propertyNames", self.schema(depth + 1)),
                    7 => put(&mut m, if self.chance(50) { "minProperties" } else { "maxProperties" }, self.small_int()),
                    8 => {
                        if self.chance(50) {
                            put(&mut m, "dependentRequired", object(vec![("a", Value::Array(vec![st("b")]))]));
                        } else {
                            put(&mut m, "dependentSchemas", object(vec![("a", self.schema(depth + 1))]));
                        }
                    }
                    _ => put(&mut m, "unevaluatedProperties", self.schema(depth + 1)),
                },
                _ => match self.below(3) {
                    0 => {
                        let k = 1 + self.below(3);
                        let list = (0..k).map(|_| self.pooled()).collect();
                        put(&mut m, "enum", Value::Array(list));
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
                4 if self.defs => put(&mut m, "$ref", st("#/$defs/D")),
                _ => {}
            }
        }
        Value::Object(m)
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
            "integer" => int(self.below(14) as i64 - 4),
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
                if let Some(Value::Object(props)) = schema.get("properties") {
                    for (name, sub) in props {
                        if self.chance(75) {
                            let v = self.instance(sub, depth + 1);
                            out.push((name.clone(), v));
                        }
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
