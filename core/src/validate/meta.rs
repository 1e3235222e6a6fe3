//! The built-in documents: the meta-schemas of draft 4, 6, 7, 2019-09 and
//! 2020-12 (with their vocabularies). A schema is checked against its
//! draft's meta-schema when it is compiled, and a `$ref` to one of these URIs
//! resolves to it; nothing else is ever looked up.

use super::program::{Draft, Program};
use crate::json::{self, ParseLimits, Value};
use std::sync::OnceLock;

/// Each built-in document: its URI (without fragment) and text. The files
/// hold the published documents written compact (without the whitespace
/// between tokens, a third of their bytes): they are only ever parsed.
const DOCUMENTS: &[(&str, &str)] = &[
    ("https://json-schema.org/draft/2020-12/schema", include_str!("meta/2020-12/schema.json")),
    ("https://json-schema.org/draft/2020-12/meta/core", include_str!("meta/2020-12/core.json")),
    ("https://json-schema.org/draft/2020-12/meta/applicator", include_str!("meta/2020-12/applicator.json")),
    ("https://json-schema.org/draft/2020-12/meta/unevaluated", include_str!("meta/2020-12/unevaluated.json")),
    ("https://json-schema.org/draft/2020-12/meta/validation", include_str!("meta/2020-12/validation.json")),
    ("https://json-schema.org/draft/2020-12/meta/meta-data", include_str!("meta/2020-12/meta-data.json")),
    (
        "https://json-schema.org/draft/2020-12/meta/format-annotation",
        include_str!("meta/2020-12/format-annotation.json"),
    ),
    ("https://json-schema.org/draft/2020-12/meta/content", include_str!("meta/2020-12/content.json")),
    ("https://json-schema.org/draft/2019-09/schema", include_str!("meta/2019-09/schema.json")),
    ("https://json-schema.org/draft/2019-09/meta/core", include_str!("meta/2019-09/core.json")),
    ("https://json-schema.org/draft/2019-09/meta/applicator", include_str!("meta/2019-09/applicator.json")),
    ("https://json-schema.org/draft/2019-09/meta/validation", include_str!("meta/2019-09/validation.json")),
    ("https://json-schema.org/draft/2019-09/meta/meta-data", include_str!("meta/2019-09/meta-data.json")),
    ("https://json-schema.org/draft/2019-09/meta/format", include_str!("meta/2019-09/format.json")),
    ("https://json-schema.org/draft/2019-09/meta/content", include_str!("meta/2019-09/content.json")),
    ("http://json-schema.org/draft-07/schema", include_str!("meta/draft-07.json")),
    ("http://json-schema.org/draft-06/schema", include_str!("meta/draft-06.json")),
    ("http://json-schema.org/draft-04/schema", include_str!("meta/draft-04.json")),
];

fn parsed() -> &'static [Value] {
    static PARSED: OnceLock<Vec<Value>> = OnceLock::new();
    PARSED.get_or_init(|| {
        DOCUMENTS
            .iter()
            .map(|(_, text)| {
                json::parse(text, ParseLimits { max_bytes: usize::MAX, max_depth: 64 }).unwrap_or(Value::Bool(true))
            })
            .collect()
    })
}

/// The built-in document a resource URI names (either scheme), as its
/// canonical URI and value.
pub(crate) fn document(uri: &str) -> Option<(&'static str, &'static Value)> {
    let (scheme, rest) = uri.split_once("://")?;
    if scheme != "http" && scheme != "https" {
        return None;
    }
    let i = DOCUMENTS.iter().position(|(u, _)| u.split_once("://").is_some_and(|(_, r)| r == rest))?;
    Some((DOCUMENTS[i].0, &parsed()[i]))
}

/// The meta-schema URI of a draft.
pub(crate) fn uri_of(draft: Draft) -> &'static str {
    match draft {
        Draft::D2020 => "https://json-schema.org/draft/2020-12/schema",
        Draft::D2019 => "https://json-schema.org/draft/2019-09/schema",
        Draft::D7 => "http://json-schema.org/draft-07/schema",
        Draft::D6 => "http://json-schema.org/draft-06/schema",
        Draft::D4 => "http://json-schema.org/draft-04/schema",
    }
}

/// The compiled meta-schema of a draft, compiled once per process (or
/// instance of the component).
pub(crate) fn program(draft: Draft) -> Option<&'static Program> {
    static PROGRAMS: [OnceLock<Option<Program>>; 5] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let i = match draft {
        Draft::D4 => 0,
        Draft::D6 => 1,
        Draft::D7 => 2,
        Draft::D2019 => 3,
        Draft::D2020 => 4,
    };
    PROGRAMS[i]
        .get_or_init(|| {
            let (uri, value) = document(uri_of(draft))?;
            super::compile::compile_builtin(uri, value).ok()
        })
        .as_ref()
}
