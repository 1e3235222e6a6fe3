//! The converted schema as the conversion builds it: a JSON value whose
//! strings, names and numbers are borrowed from the input schema wherever
//! they are the input's (most of them: property names, descriptions,
//! keywords, enum values) or are the conversion's own constant text
//! (`"type"`, `"object"`, `"null"`), and owned only where the conversion
//! writes new text (descriptions with hints, pointers of references).
//!
//! A `json::Value` built instead copied every one of those strings into an
//! allocation of its own, and freed it again once the schema was written:
//! most of the allocations of a conversion. Written out, the two are the
//! same bytes ([`Out::write`] is `json::write_compact`'s form).

use crate::json::{Number, Value, write_items, write_members, write_string};
use std::borrow::Cow;

/// A converted (sub)schema, or a value in it.
#[derive(Clone, Debug, PartialEq)]
pub enum Out<'a> {
    Null,
    Bool(bool),
    Number(Cow<'a, Number>),
    String(Cow<'a, str>),
    Array(Vec<Out<'a>>),
    Object(Vec<(Cow<'a, str>, Out<'a>)>),
}

/// The members of a converted object.
pub type Members<'a> = Vec<(Cow<'a, str>, Out<'a>)>;

impl<'a> Out<'a> {
    /// A value of the input as it is: its containers new, everything in
    /// them borrowed.
    pub fn of(v: &'a Value) -> Out<'a> {
        match v {
            Value::Null => Out::Null,
            Value::Bool(b) => Out::Bool(*b),
            Value::Number(n) => Out::Number(Cow::Borrowed(n)),
            Value::String(s) => Out::String(Cow::Borrowed(s)),
            Value::Array(items) => Out::Array(items.iter().map(Out::of).collect()),
            Value::Object(members) => {
                Out::Object(members.iter().map(|(k, v)| (Cow::Borrowed(k.as_str()), Out::of(v))).collect())
            }
        }
    }

    /// A string borrowed: the conversion's own text, or a name of the input.
    pub fn text(s: &'a str) -> Out<'a> {
        Out::String(Cow::Borrowed(s))
    }

    /// A number the conversion computes.
    pub fn integer(n: i128) -> Out<'a> {
        Out::Number(Cow::Owned(Number::from_i128(n)))
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Out::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Out<'a>]> {
        match self {
            Out::Array(a) => Some(a),
            _ => None,
        }
    }

    pub fn as_object(&self) -> Option<&[(Cow<'a, str>, Out<'a>)]> {
        match self {
            Out::Object(m) => Some(m),
            _ => None,
        }
    }

    /// The names a `type` value gives (a name, or the names in a list).
    pub fn type_names(&self) -> impl Iterator<Item = &str> {
        let (one, list) = match self {
            Out::String(s) => (Some(&**s), &[][..]),
            Out::Array(a) => (None, a.as_slice()),
            _ => (None, &[][..]),
        };
        one.into_iter().chain(list.iter().filter_map(Out::as_str))
    }

    /// The first member named `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Out<'a>> {
        self.as_object()?.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// Appends the value as compact JSON text, as `json::write_compact`
    /// writes the same value.
    pub fn write(&self, out: &mut String) {
        match self {
            Out::Null => out.push_str("null"),
            Out::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Out::Number(n) => out.push_str(n.as_str()),
            Out::String(s) => write_string(s, out),
            Out::Array(items) => write_items(items, out, Out::write),
            Out::Object(members) => write_members(members, out, |v, _, out| v.write(out)),
        }
    }

    /// The value as compact JSON text.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    /// The same value as a `json::Value` (everything copied), for the tests
    /// to compare with one.
    #[cfg(test)]
    pub fn to_value(&self) -> Value {
        match self {
            Out::Null => Value::Null,
            Out::Bool(b) => Value::Bool(*b),
            Out::Number(n) => Value::Number(n.clone().into_owned()),
            Out::String(s) => Value::String(s.to_string()),
            Out::Array(items) => Value::Array(items.iter().map(Out::to_value).collect()),
            Out::Object(members) => Value::Object(members.iter().map(|(k, v)| (k.to_string(), v.to_value())).collect()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{ParseLimits, parse};

    #[test]
    fn a_value_borrowed_is_written_as_the_value_is() {
        let limits = ParseLimits { max_bytes: 1 << 20, max_depth: 64 };
        for text in [
            "null",
            "true",
            "-1.50e+3",
            r#""a \"quoted\" é \u0001 line\n""#,
            "[]",
            "{}",
            r#"{"type":["string","null"],"enum":["a",1,null,{"b":[true,false]}],"":{"/~":"x"}}"#,
        ] {
            let v = parse(text, limits).expect("valid JSON");
            let out = Out::of(&v);
            assert_eq!(out.to_json(), v.to_json(), "{text}");
            assert_eq!(out.to_value(), v, "{text}");
        }
    }

    #[test]
    fn members_are_found_and_read_as_a_value_reads_them() {
        let v = parse(r#"{"a":"x","b":[1,2],"a":"y"}"#, ParseLimits { max_bytes: 1 << 20, max_depth: 64 });
        // (Duplicate keys are refused by the parser: an object built here.)
        assert!(v.is_err());
        let out = Out::Object(vec![
            ("a".into(), Out::text("x")),
            ("b".into(), Out::Array(vec![Out::integer(1), Out::integer(2)])),
            ("a".into(), Out::text("y")),
        ]);
        assert_eq!(out.get("a").and_then(Out::as_str), Some("x"));
        assert_eq!(out.get("b").and_then(Out::as_array).map(<[Out<'_>]>::len), Some(2));
        assert_eq!(out.get("c"), None);
        assert_eq!(out.to_json(), r#"{"a":"x","b":[1,2],"a":"y"}"#);
    }
}
