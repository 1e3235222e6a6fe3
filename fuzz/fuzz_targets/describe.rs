//! `describe`: arbitrary bytes as a descriptor (`describe_tool`), then the
//! strings found in it through `describe_type`, `tool_name` and `flatten_doc`.
//!
//! Input: the descriptor's text, nothing else, so any descriptor file is a
//! seed. When it is JSON, every type expression in it (`type`, `returns`,
//! `base`) is described on its own in the descriptor's `types` map and naming
//! policy, in both modes; every name (`method`, `name`) goes through
//! `tool_name`; every doc text (`summary`, `description`, the `doc.params` texts) through `flatten_doc`.
//! The whole text goes through all three as well.
//!
//! The chain and size families: an input whose first byte is `0xF0` or more
//! is also, from its next three bytes (a big-endian u16 `n`, a byte `u`) and
//! the rest (`piece`), a base-class chain of `n % 20000 + 1` classes, each
//! with a property of type `piece`, used by `u % 50 + 1` parameters, and a
//! method of `n % 3000 + 1` parameters of type `piece`. Past 64 base classes
//! the chain must be refused with `OLD007`; every list stays within the cap.

#![no_main]

use libfuzzer_sys::fuzz_target;
use std::collections::HashSet;
use tool_schema::json::Value;
use tool_schema::{Mode, describe_tool, describe_type, flatten_doc, tool_name};
use tool_schema_fuzz::{MODES, answer, base_chain, diagnostics, parse, strings, text};

/// How many distinct strings of each kind one input sends through the smaller
/// entry points (keeps one run short: a type can expand to 10,000 nodes).
const MAX_DERIVED: usize = 8;

fuzz_target!(|data: &[u8]| {
    if let [flags, a, b, uses, piece @ ..] = data
        && flags & 0xf0 == 0xf0
    {
        families(u16::from_be_bytes([*a, *b]), *uses, &text(piece));
    }
    let descriptor = text(data);

    let first = answer("describe_tool", &describe_tool(&descriptor));
    let again = answer("describe_tool", &describe_tool(&descriptor));
    assert_eq!(first, again, "describe_tool answered the same descriptor twice differently");

    check_type(&descriptor, None, None, Mode::Generator);
    check_name(&descriptor);
    check_doc(&descriptor);

    // The descriptor nests at most 64 deep; a deeper text is refused above.
    let Some(root) = parse(&descriptor, 64) else { return };
    let types = root.get("types").map(Value::to_json);
    let naming = root.get("naming").and_then(Value::as_str);
    let (mut exprs, mut names, mut docs) = (HashSet::new(), HashSet::new(), HashSet::new());
    for (key, s) in strings(&root, 16 * MAX_DERIVED) {
        match key {
            "type" | "returns" | "base" if exprs.len() < MAX_DERIVED && exprs.insert(s) => {
                for mode in MODES {
                    check_type(s, types.as_deref(), naming, mode);
                }
            }
            "method" | "name" if names.len() < MAX_DERIVED && names.insert(s) => check_name(s),
            "summary" | "description" if docs.len() < MAX_DERIVED && docs.insert(s) => check_doc(s),
            _ => {}
        }
    }
    // The members of `doc.params` are keyed by parameter name.
    if let Some(Value::Object(params)) = root.get("doc").and_then(|d| d.get("params")) {
        for (_, v) in params.iter().take(MAX_DERIVED) {
            if let Some(s) = v.as_str() {
                check_doc(s);
            }
        }
    }
});

fn check_type(expr: &str, types: Option<&str>, naming: Option<&str>, mode: Mode) {
    answer("describe_type", &describe_type(expr, types, naming, mode));
}

fn check_name(method: &str) {
    match tool_name(method) {
        Ok(name) => {
            let n = name.chars().count();
            assert!(
                (1..=64).contains(&n) && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'),
                "tool_name({method:?}) accepted {name:?}, which is not 1–64 letters, digits, '_' or '-'"
            );
        }
        Err(d) => {
            diagnostics("tool_name", std::slice::from_ref(&d));
        }
    }
}

fn check_doc(xml: &str) {
    let flat = flatten_doc(xml);
    assert!(
        flat.chars().all(|c| c == ' ' || !c.is_whitespace()) && !flat.starts_with(' ') && !flat.ends_with(' '),
        "flatten_doc({xml:?}) is not one line with single spaces: {flat:?}"
    );
    assert!(!flat.contains("  "), "flatten_doc({xml:?}) left a run of spaces: {flat:?}");
}

fn families(n: u16, uses: u8, piece: &str) {
    let length = usize::from(n) % 20_000 + 1;
    let chain = describe_tool(&base_chain(length, usize::from(uses) % 50 + 1, piece));
    answer("describe_tool (chain)", &chain);
    if length > 65 {
        let refused = chain.as_ref().err().is_some_and(|d| d.iter().any(|d| d.code == tool_schema::Code::Old007));
        assert!(refused, "a chain of {length} classes was not refused with OLD007: {chain:?}");
    }
    let many: Vec<String> = (0..usize::from(n) % 3_000 + 1)
        .map(|i| format!(r#"{{"name":"p{i}","type":{}}}"#, tool_schema::json::quote(piece)))
        .collect();
    let wide = describe_tool(&format!(r#"{{"method":"Wide","parameters":[{}]}}"#, many.join(",")));
    answer("describe_tool (many parameters)", &wide);
}
