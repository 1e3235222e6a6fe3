//! The draft 2020-12 keywords whose values are schemas, for the walks over a
//! schema (draft-07 spellings, and the conversion for a provider).

/// What a keyword's value holds, for a walk over a schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Holds {
    /// One schema: `items`, `additionalProperties`, `unevaluatedItems`,
    /// `unevaluatedProperties`, `propertyNames`, `contains`, `not`, `if`,
    /// `then`, `else`.
    One,
    /// An array of schemas: `allOf`, `anyOf`, `oneOf`, `prefixItems`.
    List,
    /// A map of names to schemas: `properties`, `patternProperties`,
    /// `$defs`, `definitions`, `dependentSchemas`.
    Map,
    /// No schema.
    Other,
}

/// What the value of keyword `k` holds (a walk asks this of every keyword
/// of every node: one `match`, not a search of lists).
pub(crate) fn holds(k: &str) -> Holds {
    match k {
        "items"
        | "additionalProperties"
        | "unevaluatedItems"
        | "unevaluatedProperties"
        | "propertyNames"
        | "contains"
        | "not"
        | "if"
        | "then"
        | "else" => Holds::One,
        "allOf" | "anyOf" | "oneOf" | "prefixItems" => Holds::List,
        "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas" => Holds::Map,
        _ => Holds::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_says_what_each_keyword_holds() {
        let one = ["items", "additionalProperties", "unevaluatedItems", "unevaluatedProperties", "propertyNames"];
        for k in one.into_iter().chain(["contains", "not", "if", "then", "else"]) {
            assert_eq!(holds(k), Holds::One, "{k}");
        }
        for k in ["allOf", "anyOf", "oneOf", "prefixItems"] {
            assert_eq!(holds(k), Holds::List, "{k}");
        }
        for k in ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"] {
            assert_eq!(holds(k), Holds::Map, "{k}");
        }
        for k in ["type", "description", "$ref", "item", "Items", "", "additionalItems", "dependencies", "required"] {
            assert_eq!(holds(k), Holds::Other, "{k}");
        }
    }
}
