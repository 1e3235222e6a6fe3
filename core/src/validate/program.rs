//! A schema compiled once into a flat table of nodes: every subschema a
//! value can be checked against is one [`Node`], referred to by index, with
//! its keywords decoded into [`Op`]s (numbers exact, patterns compiled,
//! property tables built) in the order their errors are reported, and every
//! reference resolved to the index of the node it names.

use super::ecma::Pattern;
use super::number::Num;
use crate::json::Value;

pub(crate) type NodeId = u32;

/// Type bits, in the order messages list types (null, boolean, integer,
/// number, string, array, object).
pub(crate) mod types {
    pub const NULL: u8 = 1;
    pub const BOOLEAN: u8 = 2;
    pub const INTEGER: u8 = 4;
    pub const NUMBER: u8 = 8;
    pub const STRING: u8 = 16;
    pub const ARRAY: u8 = 32;
    pub const OBJECT: u8 = 64;
    /// Not a type: integers are draft 4's (no fraction or exponent written).
    pub const DRAFT4_INTEGERS: u8 = 128;

    pub fn from_name(name: &str) -> Option<u8> {
        Some(match name {
            "null" => NULL,
            "boolean" => BOOLEAN,
            "integer" => INTEGER,
            "number" => NUMBER,
            "string" => STRING,
            "array" => ARRAY,
            "object" => OBJECT,
            _ => return None,
        })
    }

    pub fn name(bit: u8) -> &'static str {
        match bit {
            NULL => "null",
            BOOLEAN => "boolean",
            INTEGER => "integer",
            NUMBER => "number",
            STRING => "string",
            ARRAY => "array",
            _ => "object",
        }
    }
}

/// The drafts whose meaning a schema can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Draft {
    D4,
    D6,
    D7,
    D2019,
    D2020,
}

impl Draft {
    /// The draft a `$schema` URI names, with or without a trailing `#`.
    pub(crate) fn from_uri(uri: &str) -> Option<Draft> {
        Some(match uri.trim_end_matches('#') {
            "https://json-schema.org/draft/2020-12/schema" | "http://json-schema.org/draft/2020-12/schema" => {
                Draft::D2020
            }
            "https://json-schema.org/draft/2019-09/schema" | "http://json-schema.org/draft/2019-09/schema" => {
                Draft::D2019
            }
            "https://json-schema.org/draft-07/schema" | "http://json-schema.org/draft-07/schema" => Draft::D7,
            "https://json-schema.org/draft-06/schema" | "http://json-schema.org/draft-06/schema" => Draft::D6,
            "https://json-schema.org/draft-04/schema" | "http://json-schema.org/draft-04/schema" => Draft::D4,
            "https://json-schema.org/schema" | "http://json-schema.org/schema" => Draft::D2020,
            _ => return None,
        })
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Draft::D4 => "draft 4",
            Draft::D6 => "draft 6",
            Draft::D7 => "draft 7",
            Draft::D2019 => "2019-09",
            Draft::D2020 => "2020-12",
        }
    }
}

/// The keyword an op, or an error, belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Kw {
    Type,
    Const,
    Enum,
    Minimum,
    Maximum,
    ExclusiveMinimum,
    ExclusiveMaximum,
    MultipleOf,
    MinLength,
    MaxLength,
    MinItems,
    MaxItems,
    MinProperties,
    MaxProperties,
    Required,
    DependentRequired,
    Pattern,
    Format,
    ContentEncoding,
    ContentMediaType,
    UniqueItems,
    Properties,
    PatternProperties,
    AdditionalProperties,
    PropertyNames,
    Items,
    PrefixItems,
    AdditionalItems,
    Contains,
    Dependencies,
    DependentSchemas,
    AllOf,
    AnyOf,
    OneOf,
    Not,
    If,
    Then,
    Else,
    UnevaluatedProperties,
    UnevaluatedItems,
    Ref,
    RecursiveRef,
    DynamicRef,
}

impl Kw {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kw::Type => "type",
            Kw::Const => "const",
            Kw::Enum => "enum",
            Kw::Minimum => "minimum",
            Kw::Maximum => "maximum",
            Kw::ExclusiveMinimum => "exclusiveMinimum",
            Kw::ExclusiveMaximum => "exclusiveMaximum",
            Kw::MultipleOf => "multipleOf",
            Kw::MinLength => "minLength",
            Kw::MaxLength => "maxLength",
            Kw::MinItems => "minItems",
            Kw::MaxItems => "maxItems",
            Kw::MinProperties => "minProperties",
            Kw::MaxProperties => "maxProperties",
            Kw::Required => "required",
            Kw::DependentRequired => "dependentRequired",
            Kw::Pattern => "pattern",
            Kw::Format => "format",
            Kw::ContentEncoding => "contentEncoding",
            Kw::ContentMediaType => "contentMediaType",
            Kw::UniqueItems => "uniqueItems",
            Kw::Properties => "properties",
            Kw::PatternProperties => "patternProperties",
            Kw::AdditionalProperties => "additionalProperties",
            Kw::PropertyNames => "propertyNames",
            Kw::Items => "items",
            Kw::PrefixItems => "prefixItems",
            Kw::AdditionalItems => "additionalItems",
            Kw::Contains => "contains",
            Kw::Dependencies => "dependencies",
            Kw::DependentSchemas => "dependentSchemas",
            Kw::AllOf => "allOf",
            Kw::AnyOf => "anyOf",
            Kw::OneOf => "oneOf",
            Kw::Not => "not",
            Kw::If => "if",
            Kw::Then => "then",
            Kw::Else => "else",
            Kw::UnevaluatedProperties => "unevaluatedProperties",
            Kw::UnevaluatedItems => "unevaluatedItems",
            Kw::Ref => "$ref",
            Kw::RecursiveRef => "$recursiveRef",
            Kw::DynamicRef => "$dynamicRef",
        }
    }
}

/// A numeric bound, exact, and as the schema wrote it.
#[derive(Clone, Debug)]
pub(crate) struct Limit {
    pub num: Num,
    pub text: Box<str>,
    /// The bound in machine words, when it has at most 19 digits.
    pub dec: Option<super::number::Dec>,
}

/// A value of `const` or `enum`, with its canonical form for comparing.
#[derive(Debug)]
pub(crate) struct Literal {
    pub value: Value,
    pub canon: Box<[u8]>,
}

#[derive(Debug)]
pub(crate) struct EnumOp {
    pub values: Box<[Literal]>,
    /// Canonical forms → first index, when there are many values.
    pub index: Option<std::collections::HashMap<Box<[u8]>, u32>>,
    /// Each value's [`code`](super::tape::code) when it is a string (0
    /// otherwise), when there are few values (no `index`).
    pub codes: Box<[u32]>,
    /// Those codes' [`code_table`]: a string is then found, or found missing,
    /// by its first probe mostly, without a search of the values.
    pub strings: Box<[u32]>,
}

impl EnumOp {
    pub(crate) fn new(values: Box<[Literal]>) -> EnumOp {
        let index = (values.len() > 8).then(|| {
            let mut m = std::collections::HashMap::new();
            for (i, l) in values.iter().enumerate() {
                m.entry(l.canon.clone()).or_insert(i as u32);
            }
            m
        });
        let mut codes = Vec::new();
        let mut strings = Vec::new();
        if index.is_none() {
            codes = values
                .iter()
                .map(|l| match &l.value {
                    Value::String(v) => super::tape::code(v.as_bytes()),
                    _ => 0,
                })
                .collect();
            strings = code_table(&codes, |i| matches!(values[i].value, Value::String(_)));
        }
        EnumOp { values, index, codes: codes.into(), strings: strings.into() }
    }

    /// Whether `s` is one of the string values (with no `index`).
    #[inline(always)]
    pub(crate) fn has_string(&self, s: &[u8]) -> bool {
        !self.strings.is_empty()
            && find(&self.strings, &self.codes, super::tape::code(s), &IsString(&self.values, s)).is_some()
    }
}

/// The formats a `format` op checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    Date,
    Time,
    DateTime,
    Uuid,
    Regex,
    /// One of the standard formats (`stdformats`).
    Standard,
}

#[derive(Debug)]
pub(crate) struct FormatOp {
    pub format: Format,
    pub name: Box<str>,
    /// The check of a standard format.
    pub standard: Option<fn(&str) -> bool>,
}

/// `required`: the names, and for each the index of the property of the
/// same name in the node's `properties` (below 64), whose presence the
/// object op records as it reads the members (`NO_SLOT` otherwise).
#[derive(Debug)]
pub(crate) struct RequiredOp {
    pub names: Box<[Box<str>]>,
    pub slots: Box<[u8]>,
    /// The bits of `slots` together, when every name has a slot (else 0):
    /// all are present when the object op saw all of these bits.
    pub mask: u64,
}

impl RequiredOp {
    /// Whether the object op saw every name (its bits `seen`): all are
    /// present, with no search.
    #[inline]
    pub(crate) fn all_seen(&self, seen: Option<u64>) -> bool {
        seen.is_some_and(|bits| self.mask != 0 && bits & self.mask == self.mask)
    }
}

pub(crate) const NO_SLOT: u8 = u8::MAX;

/// `properties`, `patternProperties` and `additionalProperties` of one
/// node, read in one pass over an object's members.
#[derive(Debug)]
pub(crate) struct ObjectOp {
    /// `properties`, in the schema's order.
    pub properties: Box<[(Box<str>, NodeId)]>,
    /// Each property name's [`code`](super::tape::code), to rule names out
    /// without comparing them.
    pub codes: Box<[u32]>,
    /// With many properties, an open-addressing table over `codes`: slot
    /// `hash(code)` on holds the property's index plus one, 0 where empty.
    pub table: Box<[u32]>,
    /// `patternProperties`: pattern index in `Program::patterns`, node.
    pub patterns: Box<[(u32, NodeId)]>,
    /// Which of many patterns a name can match at all.
    pub pattern_index: Option<Box<PatternIndex>>,
    pub additional: Option<NodeId>,
}

/// `patternProperties` with many patterns: those anchored at a literal
/// prefix (`^x-`) are tried only on names that start with it.
#[derive(Debug)]
pub(crate) struct PatternIndex {
    /// Positions in `ObjectOp::patterns` of the patterns every name is tried on.
    pub always: Box<[u32]>,
    /// Prefix → the positions of the patterns anchored at it, ascending.
    pub prefixed: std::collections::HashMap<Box<[u8]>, Vec<u32>>,
    /// The lengths of the prefixes, each once, ascending.
    pub lens: Box<[usize]>,
}

impl PatternIndex {
    /// Indexes `patterns` (their sources) when there are enough of them.
    pub(crate) fn of(sources: &[&str]) -> Option<PatternIndex> {
        if sources.len() < 8 {
            return None;
        }
        let mut always = Vec::new();
        let mut prefixed: std::collections::HashMap<Box<[u8]>, Vec<u32>> = std::collections::HashMap::new();
        for (i, source) in sources.iter().enumerate() {
            match literal_prefix(source) {
                Some(prefix) => prefixed.entry(prefix.into_boxed_slice()).or_default().push(i as u32),
                None => always.push(i as u32),
            }
        }
        let mut lens: Vec<usize> = prefixed.keys().map(|p| p.len()).collect();
        crate::sort::unstable(&mut lens);
        lens.dedup();
        Some(PatternIndex { always: always.into(), prefixed, lens: lens.into() })
    }

    /// The first position at or after `from` whose pattern `name` may match.
    pub(crate) fn next(&self, name: &[u8], from: u32) -> Option<u32> {
        let mut best = self.always.get(self.always.partition_point(|&i| i < from)).copied();
        for &len in self.lens.iter().take_while(|&&len| len <= name.len()) {
            if let Some(at) = self.prefixed.get(&name[..len])
                && let Some(&i) = at.get(at.partition_point(|&i| i < from))
                && best.is_none_or(|b| i < b)
            {
                best = Some(i);
            }
        }
        best
    }
}

/// The literal text every match of `source` starts with, when it is
/// anchored (`^`) and that text is not empty; `None` when unsure.
fn literal_prefix(source: &str) -> Option<Vec<u8>> {
    let rest = source.strip_prefix('^')?;
    if source.contains('|') {
        return None;
    }
    let bytes = rest.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let (c, width) = match bytes[i] {
            b'\\' if i + 1 < bytes.len() && bytes[i + 1].is_ascii_punctuation() => (bytes[i + 1], 2),
            c if c.is_ascii_alphanumeric()
                || matches!(c, b'_' | b'-' | b' ' | b'/' | b':' | b'@' | b'#' | b'=' | b',') =>
            {
                (c, 1)
            }
            _ => break,
        };
        // A quantifier makes the character optional or repeated.
        if matches!(bytes.get(i + width), Some(b'?' | b'*' | b'+' | b'{')) {
            break;
        }
        out.push(c);
        i += width;
    }
    (!out.is_empty()).then_some(out)
}

impl ObjectOp {
    /// The first position in `patterns`, at or after `from`, of a pattern
    /// that `name` may match.
    #[inline]
    pub(crate) fn next_pattern(&self, name: &[u8], from: u32) -> Option<u32> {
        match &self.pattern_index {
            Some(index) => index.next(name, from),
            None => ((from as usize) < self.patterns.len()).then_some(from),
        }
    }

    /// The properties and their codes, with the table [`ObjectOp::property`]
    /// looks names up in when there are more than a few.
    pub(crate) fn new(
        properties: Vec<(Box<str>, NodeId)>,
        patterns: Vec<(u32, NodeId)>,
        pattern_index: Option<Box<PatternIndex>>,
        additional: Option<NodeId>,
    ) -> ObjectOp {
        let codes: Box<[u32]> = properties.iter().map(|(name, _)| super::tape::code(name.as_bytes())).collect();
        let table = if codes.len() > SCAN_PROPERTIES { code_table(&codes, |_| true) } else { Vec::new() };
        ObjectOp {
            properties: properties.into(),
            codes,
            table: table.into(),
            patterns: patterns.into(),
            pattern_index,
            additional,
        }
    }

    /// [`ObjectOp::property`], trying the property at index `expect` first:
    /// arguments mostly name the properties in the order the schema declares
    /// them, so the next one is usually found without a search.
    #[inline(always)]
    pub(crate) fn property_after(&self, name: &[u8], code: u32, expect: usize) -> Option<(u32, NodeId)> {
        if let Some(&c) = self.codes.get(expect)
            && c == code
            && named(&self.properties[expect].0, name)
        {
            return Some((expect as u32, self.properties[expect].1));
        }
        self.property(name, code)
    }

    /// The index and node of the property named `name`, whose code is `code`.
    #[inline(always)]
    pub(crate) fn property(&self, name: &[u8], code: u32) -> Option<(u32, NodeId)> {
        let i = if self.table.is_empty() {
            let mut found = None;
            for (i, &c) in self.codes.iter().enumerate() {
                if c == code && named(&self.properties[i].0, name) {
                    found = Some(i);
                    break;
                }
            }
            found?
        } else {
            find(&self.table, &self.codes, code, &IsName(&self.properties, name))?
        };
        Some((i as u32, self.properties[i].1))
    }
}

/// Whether the property `p` is `name`, whose code is the property's: equal
/// codes of names up to four bytes long are equal names.
#[inline(always)]
fn named(p: &str, name: &[u8]) -> bool {
    p.len() == name.len() && (name.len() <= 4 || crate::json::same(p.as_bytes(), name))
}

/// Properties up to which [`ObjectOp::property`] scans the codes rather
/// than looking them up in a table.
const SCAN_PROPERTIES: usize = 8;

/// An open-addressing table of the `codes` whose index it should `keep`, of
/// twice as many slots or more: a slot holds a code's index + 1, or 0.
fn code_table(codes: &[u32], keep: impl Fn(usize) -> bool) -> Vec<u32> {
    let size = (codes.len() * 2).next_power_of_two();
    let mut table = vec![0u32; size];
    for (i, &c) in codes.iter().enumerate() {
        if keep(i) {
            let mut at = slot(c, size);
            while table[at] != 0 {
                at = (at + 1) & (size - 1);
            }
            table[at] = i as u32 + 1;
        }
    }
    table
}

/// The index of the entry of a [`code_table`] whose code is `code` and
/// which `is`: the first probe, then a loop over the rest of its cluster.
#[inline(always)]
fn find(table: &[u32], codes: &[u32], code: u32, entry: &impl Entry) -> Option<usize> {
    let mask = table.len() - 1;
    let mut at = slot(code, table.len());
    // In the component, entering a loop checks the host's deadline.
    let i = table[at] as usize;
    if i == 0 || codes[i - 1] == code && entry.is(i - 1) {
        return i.checked_sub(1);
    }
    loop {
        at = (at + 1) & mask;
        let i = table[at] as usize;
        if i == 0 || codes[i - 1] == code && entry.is(i - 1) {
            return i.checked_sub(1);
        }
    }
}

/// What a [`find`] looks for, given an entry of its code (a trait rather
/// than a closure, so that the comparison is always inlined).
trait Entry {
    fn is(&self, i: usize) -> bool;
}

/// The property named `.1`.
struct IsName<'a>(&'a [(Box<str>, NodeId)], &'a [u8]);

impl Entry for IsName<'_> {
    #[inline(always)]
    fn is(&self, i: usize) -> bool {
        named(&self.0[i].0, self.1)
    }
}

/// The string value `.1`.
struct IsString<'a>(&'a [Literal], &'a [u8]);

impl Entry for IsString<'_> {
    #[inline(always)]
    fn is(&self, i: usize) -> bool {
        matches!(&self.0[i].value, Value::String(v) if crate::json::same(v.as_bytes(), self.1))
    }
}

/// Where in a table of `size` slots (a power of two) a code's probe starts.
#[inline]
fn slot(code: u32, size: usize) -> usize {
    (code.wrapping_mul(0x9e37_79b1) >> 16) as usize & (size - 1)
}

/// What an array's items are checked against.
#[derive(Debug)]
pub(crate) struct ItemsOp {
    /// `prefixItems` (2020-12) or an `items` array (earlier drafts).
    pub prefix: Box<[NodeId]>,
    /// `items` after the prefix (2020-12), `items` as one schema, or
    /// `additionalItems` after an `items` array.
    pub rest: Option<NodeId>,
    pub rest_kw: Kw,
}

/// A name and the names it needs beside it.
pub(crate) type NamesDependency = (Box<str>, Box<[Box<str>]>);

#[derive(Debug)]
pub(crate) enum Dependency {
    Required(Box<[Box<str>]>),
    Schema(NodeId),
}

#[derive(Debug)]
pub(crate) enum Op {
    Type(u8),
    Const(Box<Literal>),
    Enum(Box<EnumOp>),
    Minimum(Box<Limit>),
    Maximum(Box<Limit>),
    ExclusiveMinimum(Box<Limit>),
    ExclusiveMaximum(Box<Limit>),
    /// Draft 4's `maximum` with `exclusiveMaximum: true` (reported as `exclusiveMaximum`).
    ExclusiveMaximumD4(Box<Limit>),
    ExclusiveMinimumD4(Box<Limit>),
    MultipleOf(Box<Limit>),
    MinLength(u64),
    MaxLength(u64),
    MinItems(u64),
    MaxItems(u64),
    MinProperties(u64),
    MaxProperties(u64),
    Required(Box<RequiredOp>),
    DependentRequired(Box<[NamesDependency]>),
    Pattern(u32),
    Format(Box<FormatOp>),
    /// `contentEncoding: base64` as an assertion.
    ContentEncoding,
    /// Draft 7's `contentMediaType: application/json`.
    ContentMediaType(Box<str>),
    UniqueItems,
    Object(Box<ObjectOp>),
    PropertyNames(NodeId),
    Items(Box<ItemsOp>),
    Contains {
        node: NodeId,
        min: Option<u64>,
        max: Option<u64>,
    },
    Dependencies(Box<[(Box<str>, Dependency)]>),
    DependentSchemas(Box<[(Box<str>, NodeId)]>),
    AllOf(Box<[NodeId]>),
    AnyOf(Box<[NodeId]>),
    OneOf(Box<[NodeId]>),
    Not(NodeId),
    If {
        cond: NodeId,
        then: Option<NodeId>,
        els: Option<NodeId>,
    },
    UnevaluatedProperties(NodeId),
    UnevaluatedItems(NodeId),
    Ref(NodeId),
    /// `$recursiveRef` (2019-09): the static target, and whether it has
    /// `$recursiveAnchor: true` (then the dynamic scope decides).
    RecursiveRef {
        target: NodeId,
        dynamic: bool,
    },
    /// `$dynamicRef`: the static target, and the anchor name when the
    /// dynamic scope decides.
    DynamicRef {
        target: NodeId,
        anchor: Option<Box<str>>,
    },
}

impl Op {
    /// The subschemas this op applies to the value itself: references,
    /// `allOf`/`anyOf`/`oneOf` branches, `if`/`then`/`else`; and with
    /// `every`, also `not`, `dependentSchemas` and draft 7's schema
    /// `dependencies` (which apply to it too, but only to refute it or when
    /// a member is present).
    pub(crate) fn in_place(&self, every: bool, out: &mut Vec<NodeId>) {
        match self {
            Op::Ref(t) | Op::RecursiveRef { target: t, .. } | Op::DynamicRef { target: t, .. } => out.push(*t),
            Op::AllOf(list) | Op::AnyOf(list) | Op::OneOf(list) => out.extend(list.iter()),
            Op::If { cond, then, els } => {
                out.push(*cond);
                out.extend(then.iter().chain(els.iter()));
            }
            Op::Not(t) if every => out.push(*t),
            Op::DependentSchemas(list) if every => out.extend(list.iter().map(|(_, t)| *t)),
            Op::Dependencies(list) if every => out.extend(list.iter().filter_map(|(_, d)| match d {
                Dependency::Schema(t) => Some(*t),
                Dependency::Required(_) => None,
            })),
            _ => {}
        }
    }

    pub(crate) fn kw(&self) -> Kw {
        match self {
            Op::Type(_) => Kw::Type,
            Op::Const(_) => Kw::Const,
            Op::Enum(_) => Kw::Enum,
            Op::Minimum(_) => Kw::Minimum,
            Op::Maximum(_) => Kw::Maximum,
            Op::ExclusiveMinimum(_) | Op::ExclusiveMinimumD4(_) => Kw::ExclusiveMinimum,
            Op::ExclusiveMaximum(_) | Op::ExclusiveMaximumD4(_) => Kw::ExclusiveMaximum,
            Op::MultipleOf(_) => Kw::MultipleOf,
            Op::MinLength(_) => Kw::MinLength,
            Op::MaxLength(_) => Kw::MaxLength,
            Op::MinItems(_) => Kw::MinItems,
            Op::MaxItems(_) => Kw::MaxItems,
            Op::MinProperties(_) => Kw::MinProperties,
            Op::MaxProperties(_) => Kw::MaxProperties,
            Op::Required(_) => Kw::Required,
            Op::DependentRequired(_) => Kw::DependentRequired,
            Op::Pattern(_) => Kw::Pattern,
            Op::Format(_) => Kw::Format,
            Op::ContentEncoding => Kw::ContentEncoding,
            Op::ContentMediaType(_) => Kw::ContentMediaType,
            Op::UniqueItems => Kw::UniqueItems,
            Op::Object(_) => Kw::Properties,
            Op::PropertyNames(_) => Kw::PropertyNames,
            Op::Items(_) => Kw::Items,
            Op::Contains { .. } => Kw::Contains,
            Op::Dependencies(_) => Kw::Dependencies,
            Op::DependentSchemas(_) => Kw::DependentSchemas,
            Op::AllOf(_) => Kw::AllOf,
            Op::AnyOf(_) => Kw::AnyOf,
            Op::OneOf(_) => Kw::OneOf,
            Op::Not(_) => Kw::Not,
            Op::If { .. } => Kw::If,
            Op::UnevaluatedProperties(_) => Kw::UnevaluatedProperties,
            Op::UnevaluatedItems(_) => Kw::UnevaluatedItems,
            Op::Ref(_) => Kw::Ref,
            Op::RecursiveRef { .. } => Kw::RecursiveRef,
            Op::DynamicRef { .. } => Kw::DynamicRef,
        }
    }

    /// Whether the op checks the value itself, without subschemas.
    pub(crate) fn is_leaf(&self) -> bool {
        !matches!(
            self,
            Op::Object(_)
                | Op::PropertyNames(_)
                | Op::Items(_)
                | Op::Contains { .. }
                | Op::Dependencies(_)
                | Op::DependentSchemas(_)
                | Op::AllOf(_)
                | Op::AnyOf(_)
                | Op::OneOf(_)
                | Op::Not(_)
                | Op::If { .. }
                | Op::UnevaluatedProperties(_)
                | Op::UnevaluatedItems(_)
                | Op::Ref(_)
                | Op::RecursiveRef { .. }
                | Op::DynamicRef { .. }
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    /// `true` or `{}`: every value.
    True,
    /// `false`: no value.
    False,
    /// Keywords.
    Ops,
}

#[derive(Debug)]
pub(crate) struct Node {
    pub shape: Shape,
    /// Checks, in the order their errors are reported; `unevaluated*` run last.
    pub ops: Box<[Op]>,
    /// No op applies a subschema.
    pub leaf: bool,
    /// Where the schema is: a JSON pointer into the schema document for its
    /// own nodes; `<uri>#<pointer>` for a built-in meta-schema's.
    pub location: Box<str>,
    /// The schema resource it belongs to (for the dynamic scope).
    pub resource: u32,
    /// Has `unevaluatedProperties` or `unevaluatedItems`.
    pub unevaluated: bool,
    /// Its `type` makes it an integer slot (binding).
    pub integer_slot: bool,
    pub draft: Draft,
    /// Its ops as checking a verdict reads them.
    pub plan: Plan,
}

/// A node's ops in the form a verdict is checked fastest: the commonest
/// keywords decoded into fields, tried first whatever their order (a
/// verdict does not depend on it), then every other op in order.
#[derive(Debug, Default)]
pub(crate) struct Plan {
    /// `type`.
    pub types: Option<u8>,
    /// `minimum` or `exclusiveMinimum` (then `true`).
    pub lo: Option<(Limit, bool)>,
    /// `maximum` or `exclusiveMaximum` (then `true`).
    pub hi: Option<(Limit, bool)>,
    /// The least and the greatest integer `lo` and `hi` allow, when both
    /// are known exactly.
    pub ints: Option<(i128, i128)>,
    /// `minLength`, `maxLength` (0 and `u64::MAX` when absent).
    pub min_len: u64,
    pub max_len: u64,
    /// `pattern` (index in `Program::patterns`).
    pub pattern: Option<u32>,
    /// The other ops, by index in `Node::ops`, in order.
    pub rest: Box<[u16]>,
    /// The node is a `$ref` and nothing else: its target.
    pub forward: Option<NodeId>,
}

impl Plan {
    pub(crate) fn of(ops: &[Op]) -> Plan {
        let mut plan = Plan { max_len: u64::MAX, ..Plan::default() };
        let mut rest = Vec::new();
        for (i, op) in ops.iter().enumerate() {
            match op {
                Op::Type(mask) if plan.types.is_none() => plan.types = Some(*mask),
                Op::Minimum(l) if plan.lo.is_none() => plan.lo = Some(((**l).clone(), false)),
                Op::ExclusiveMinimum(l) | Op::ExclusiveMinimumD4(l) if plan.lo.is_none() => {
                    plan.lo = Some(((**l).clone(), true))
                }
                Op::Maximum(l) if plan.hi.is_none() => plan.hi = Some(((**l).clone(), false)),
                Op::ExclusiveMaximum(l) | Op::ExclusiveMaximumD4(l) if plan.hi.is_none() => {
                    plan.hi = Some(((**l).clone(), true))
                }
                Op::MinLength(m) if plan.min_len == 0 => plan.min_len = *m,
                Op::MaxLength(m) if plan.max_len == u64::MAX => plan.max_len = *m,
                Op::Pattern(p) if plan.pattern.is_none() => plan.pattern = Some(*p),
                _ => rest.push(i as u16),
            }
        }
        let decodes = plan.types.is_some()
            || plan.lo.is_some()
            || plan.hi.is_some()
            || plan.min_len > 0
            || plan.max_len < u64::MAX
            || plan.pattern.is_some();
        if let ([i], false) = (rest.as_slice(), decodes)
            && let Op::Ref(target) = ops[*i as usize]
        {
            plan.forward = Some(target);
        }
        plan.rest = rest.into();
        plan.ints = (|| {
            let least = match &plan.lo {
                None => i128::MIN,
                Some((l, exclusive)) => {
                    let (floor, ceil) = l.num.floor_ceil()?;
                    if *exclusive { floor.checked_add(1)? } else { ceil }
                }
            };
            let greatest = match &plan.hi {
                None => i128::MAX,
                Some((l, exclusive)) => {
                    let (floor, ceil) = l.num.floor_ceil()?;
                    if *exclusive { ceil.checked_sub(1)? } else { floor }
                }
            };
            Some((least, greatest))
        })();
        plan
    }
}

#[derive(Debug)]
pub(crate) struct Resource {
    /// `$dynamicAnchor` names defined in the resource → node.
    pub dynamic_anchors: Vec<(Box<str>, NodeId)>,
    /// The resource root has `$recursiveAnchor: true`; its node.
    pub recursive_anchor: Option<NodeId>,
}

/// A compiled schema.
#[derive(Debug)]
pub(crate) struct Program {
    pub nodes: Vec<Node>,
    pub root: NodeId,
    pub patterns: Vec<(Box<str>, Pattern)>,
    pub resources: Vec<Resource>,
    /// Some reference is resolved through the dynamic scope.
    pub dynamic: bool,
    /// Absent top-level parameters with a `default`: name, JSON text.
    pub defaults: Vec<(Box<str>, Value)>,
    /// Where binding can meet an integer slot: the [codes](super::tape::code)
    /// of the property names whose schemas are integer slots (sorted), and
    /// whether one is met otherwise (at the top level, through
    /// `additionalProperties`, as an array's item, or applied in place by
    /// another schema).
    pub integer_names: Box<[u32]>,
    pub integer_elsewhere: bool,
    /// Some node has `unevaluatedProperties` or `unevaluatedItems`.
    pub unevaluated: bool,
}

#[cfg(test)]
mod pattern_index_tests {
    use super::*;

    #[test]
    fn literal_prefixes_are_what_every_match_starts_with() {
        let p = |s: &str| literal_prefix(s).map(|b| String::from_utf8(b).unwrap());
        assert_eq!(p("^x-"), Some("x-".into()));
        assert_eq!(p("^p12_.*$"), Some("p12_".into()));
        assert_eq!(p("^ab?c"), Some("a".into()));
        assert_eq!(p("^a{2}"), None);
        assert_eq!(p("^\\.env"), Some(".env".into()));
        assert_eq!(p("^\\d+"), None);
        assert_eq!(p("^ab|cd"), None);
        assert_eq!(p("x-"), None);
        assert_eq!(p("^(ab)"), None);
        assert_eq!(p("^[ab]"), None);
    }

    #[test]
    fn the_index_finds_every_pattern_a_name_may_match_in_order() {
        let sources = ["^a", "b", "^ab", "^x-", "^a", "c$", "^abc", "^zz", "^a_"];
        let index = PatternIndex::of(&sources).unwrap();
        let all = |name: &str| {
            let mut out = Vec::new();
            let mut next = index.next(name.as_bytes(), 0);
            while let Some(j) = next {
                out.push(j);
                next = index.next(name.as_bytes(), j + 1);
            }
            out
        };
        assert_eq!(all("abcd"), vec![0, 1, 2, 4, 5, 6]);
        assert_eq!(all("x-y"), vec![1, 3, 5]);
        assert_eq!(all("q"), vec![1, 5]);
        assert_eq!(all(""), vec![1, 5]);
        assert_eq!(all("a_"), vec![0, 1, 4, 5, 8]);
        assert!(PatternIndex::of(&sources[..7]).is_none());
    }
}

#[cfg(test)]
mod property_lookup_tests {
    use super::*;
    use crate::validate::tape::code;

    fn object(names: &[String]) -> ObjectOp {
        let properties = names.iter().enumerate().map(|(i, n)| (n.as_str().into(), 100 + i as NodeId)).collect();
        ObjectOp::new(properties, Vec::new(), None, None)
    }

    fn lookup(o: &ObjectOp, name: &str) -> Option<(u32, NodeId)> {
        o.property(name.as_bytes(), code(name.as_bytes()))
    }

    /// Few properties are scanned, many looked up in the table: either way
    /// every name is found at its index, and no other name is.
    #[test]
    fn every_property_is_found_and_no_other_name() {
        for count in [0usize, 1, 3, 8, 9, 16, 17, 100, 700] {
            let names: Vec<String> = (0..count)
                .map(|i| match i % 4 {
                    0 => format!("p{i}"),
                    1 => format!("a_longer_property_name_{i}"),
                    2 => format!("ü{i}"),
                    _ => format!("{i:04}"),
                })
                .collect();
            let o = object(&names);
            assert_eq!(o.table.is_empty(), count <= SCAN_PROPERTIES, "count = {count}");
            for (i, name) in names.iter().enumerate() {
                assert_eq!(lookup(&o, name), Some((i as u32, 100 + i as NodeId)), "count = {count}, {name}");
                // Same length, same code for short names' neighbours: refused.
                let mut other = name.clone().into_bytes();
                let last = other.len() - 1;
                other[last] ^= 0x01;
                if let Ok(other) = String::from_utf8(other)
                    && !names.contains(&other)
                {
                    assert_eq!(lookup(&o, &other), None, "count = {count}, {other}");
                }
                assert_eq!(lookup(&o, &format!("{name}x")), None, "count = {count}");
                assert_eq!(
                    lookup(&o, &name[..last]).map(|(k, _)| &names[k as usize][..]),
                    names.iter().find(|n| **n == name[..last]).map(|n| &n[..])
                );
            }
            assert_eq!(lookup(&o, ""), None);
        }
    }

    /// Tried at the expected index first, a name is found wherever it is,
    /// whatever index is expected (past the end too), and no other name is.
    #[test]
    fn a_name_is_found_from_any_expected_index() {
        for count in [1usize, 5, 8, 9, 40] {
            let names: Vec<String> = (0..count).map(|i| format!("n{i}")).collect();
            let o = object(&names);
            for expect in 0..=count + 1 {
                for (i, name) in names.iter().enumerate() {
                    let found = o.property_after(name.as_bytes(), code(name.as_bytes()), expect);
                    assert_eq!(found, Some((i as u32, 100 + i as NodeId)), "count {count}, expect {expect}, {name}");
                }
                assert_eq!(o.property_after(b"m0", code(b"m0"), expect), None);
                assert_eq!(o.property_after(b"n0x", code(b"n0x"), expect), None);
            }
        }
    }

    /// A name given twice (as a schema's `properties` cannot, but the table
    /// must not care): the first is found.
    #[test]
    fn the_first_of_equal_names_is_found() {
        let names: Vec<String> = (0..20).map(|i| format!("name{}", i % 10)).collect();
        let o = object(&names);
        for i in 0..10 {
            assert_eq!(lookup(&o, &format!("name{i}")).map(|(k, _)| k), Some(i), "name{i}");
        }
    }
}

#[cfg(test)]
mod enum_string_tests {
    use super::*;

    fn op(values: &[Value]) -> EnumOp {
        EnumOp::new(values.iter().map(|v| Literal { value: v.clone(), canon: Box::default() }).collect())
    }

    /// Every string value is found by its probe, among values of every kind
    /// and in clusters of equal codes (short names differing in the middle
    /// byte, which short codes ignore past three bytes); no other string is.
    #[test]
    fn the_table_finds_every_string_value_and_no_other() {
        let strings =
            ["", "a", "ab", "abc", "axc", "<=", ">=", "!=", "expected_delivery_date", "expected_delivery_datf"];
        let mut values: Vec<Value> = strings.iter().map(|s| Value::String((*s).into())).collect();
        values.push(Value::Null);
        values.push(Value::Number(crate::json::Number::from_i128(7)));
        for n in 0..=8 {
            let o = op(&values[..n]);
            assert!(o.index.is_none() && o.strings.len() >= 2 * n);
            for (i, s) in strings.iter().enumerate() {
                assert_eq!(o.has_string(s.as_bytes()), i < n, "{n} values: {s:?}");
            }
            for other in ["b", "ac", "abd", "abcd", "expected_delivery_dat", "7", "null"] {
                assert!(!o.has_string(other.as_bytes()), "{n} values: {other:?}");
            }
        }
        // The non-strings have no entry; more than eight values use the index instead.
        assert!(!op(&values[10..]).has_string(b"7"));
        assert!(op(&values).strings.is_empty());
    }
}
