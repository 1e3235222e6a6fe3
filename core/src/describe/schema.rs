//! A schema fragment as the contract writes it, serialized in the contract's
//! fixed keyword order (`tool-schemas.md`, "Types"): `type`, `format`,
//! `description`, `enum`, `minimum`, `maximum`, `minLength`, `maxLength`,
//! `pattern`, `contentEncoding`, `items`, `minItems`, `maxItems`,
//! `uniqueItems`, `properties`, `required`, `additionalProperties`, `default`.

use crate::json::{Number, Value};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Schema {
    /// `type`: one name is written as a string, several as an array, none omits
    /// the keyword (any JSON value).
    pub types: Vec<&'static str>,
    pub format: Option<String>,
    pub description: Option<String>,
    pub enumeration: Option<Vec<Value>>,
    pub minimum: Option<Number>,
    pub maximum: Option<Number>,
    pub min_length: Option<u64>,
    pub max_length: Option<u64>,
    pub pattern: Option<String>,
    pub content_encoding: Option<&'static str>,
    pub items: Option<Box<Schema>>,
    pub min_items: Option<u64>,
    pub max_items: Option<u64>,
    pub unique_items: bool,
    pub properties: Option<Vec<(String, Schema)>>,
    /// Omitted when empty.
    pub required: Vec<String>,
    pub additional_properties: Option<Additional>,
    pub default: Option<Value>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Additional {
    False,
    Schema(Box<Schema>),
}

impl Schema {
    pub fn of_type(t: &'static str) -> Schema {
        Schema { types: vec![t], ..Schema::default() }
    }

    /// `T?`: `"null"` added to `type`, and to `enum` when there is one; a schema
    /// without `type` (any JSON value) already admits null and is unchanged.
    pub fn nullable(mut self) -> Schema {
        if self.types.is_empty() || self.types.contains(&"null") {
            return self;
        }
        self.types.push("null");
        if let Some(e) = &mut self.enumeration {
            e.push(Value::Null);
        }
        self
    }

    pub fn to_value(&self) -> Value {
        let mut m: Vec<(String, Value)> = Vec::new();
        let mut put = |k: &str, v: Value| m.push((k.to_owned(), v));
        match self.types.as_slice() {
            [] => {}
            [one] => put("type", Value::String((*one).into())),
            many => put("type", Value::Array(many.iter().map(|t| Value::String((*t).into())).collect())),
        }
        if let Some(f) = &self.format {
            put("format", Value::String(f.clone()));
        }
        if let Some(d) = &self.description {
            put("description", Value::String(d.clone()));
        }
        if let Some(e) = &self.enumeration {
            put("enum", Value::Array(e.clone()));
        }
        if let Some(n) = &self.minimum {
            put("minimum", Value::Number(n.clone()));
        }
        if let Some(n) = &self.maximum {
            put("maximum", Value::Number(n.clone()));
        }
        let count = |n: u64| Value::Number(Number::from_i128(n.into()));
        if let Some(n) = self.min_length {
            put("minLength", count(n));
        }
        if let Some(n) = self.max_length {
            put("maxLength", count(n));
        }
        if let Some(p) = &self.pattern {
            put("pattern", Value::String(p.clone()));
        }
        if let Some(c) = self.content_encoding {
            put("contentEncoding", Value::String(c.into()));
        }
        if let Some(i) = &self.items {
            put("items", i.to_value());
        }
        if let Some(n) = self.min_items {
            put("minItems", count(n));
        }
        if let Some(n) = self.max_items {
            put("maxItems", count(n));
        }
        if self.unique_items {
            put("uniqueItems", Value::Bool(true));
        }
        if let Some(props) = &self.properties {
            put("properties", Value::Object(props.iter().map(|(k, s)| (k.clone(), s.to_value())).collect()));
        }
        if !self.required.is_empty() {
            put("required", Value::Array(self.required.iter().map(|r| Value::String(r.clone())).collect()));
        }
        match &self.additional_properties {
            None => {}
            Some(Additional::False) => put("additionalProperties", Value::Bool(false)),
            Some(Additional::Schema(s)) => put("additionalProperties", s.to_value()),
        }
        if let Some(d) = &self.default {
            put("default", d.clone());
        }
        Value::Object(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_keywords_in_contract_order() {
        let s = Schema {
            types: vec!["string"],
            default: Some(Value::String("x".into())),
            pattern: Some("^a$".into()),
            description: Some("d".into()),
            max_length: Some(5),
            format: Some("email".into()),
            min_length: Some(1),
            ..Schema::default()
        };
        assert_eq!(
            s.to_value().to_json(),
            r#"{"type":"string","format":"email","description":"d","minLength":1,"maxLength":5,"pattern":"^a$","default":"x"}"#
        );
    }

    #[test]
    fn nullable_adds_null_to_type_and_enum() {
        let e =
            Schema { types: vec!["string"], enumeration: Some(vec![Value::String("Red".into())]), ..Schema::default() };
        assert_eq!(e.nullable().to_value().to_json(), r#"{"type":["string","null"],"enum":["Red",null]}"#);
        assert_eq!(Schema::default().nullable().to_value().to_json(), "{}");
    }
}
