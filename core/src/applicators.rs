//! The draft 2020-12 keywords whose values are schemas, for the walks over a
//! schema (draft-07 spellings, and the conversion for a provider).

/// Keywords whose value is one schema.
pub(crate) const ONE_SCHEMA: &[&str] = &[
    "items",
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
/// Keywords whose value is an array of schemas.
pub(crate) const SCHEMA_LIST: &[&str] = &["allOf", "anyOf", "oneOf", "prefixItems"];
/// Keywords whose value is a map of names to schemas.
pub(crate) const SCHEMA_MAP: &[&str] = &["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];
