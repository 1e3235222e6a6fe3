//! `encode`: `encode_result` with arbitrary signatures and outcomes.
//!
//! Input: one flags byte, then texts separated by 0 bytes: the tool's name,
//! the return type, the `types` map, the naming policy, and the outcome's
//! texts. Flags:
//!
//! | bits | meaning |
//! |---|---|
//! | 0 | reflection mode (else generator) |
//! | 1 | the tool ends the loop |
//! | 2 | no `types` map (the text is ignored) |
//! | 3 | no naming policy (the text is ignored) |
//! | 4–6 | the outcome: 0 returned (text 1 is the value's JSON), 1 returned nothing, 2 returned parts, 3 returned a `ToolResult` (text 1 is the typed result, none when empty; the rest its parts), 4 threw (type name, message), 5 timed out (seconds), 6 invalid arguments (path, keyword, message, …), 7 returned the return type's text as the value |
//! | 7 | the `ToolResult` is an error |
//!
//! A part is text, or JSON when its text starts with `j` (the rest is the
//! JSON; a leading `t` marks text and is dropped).
//!
//! The size families: a returned value `*N:v` is an array of N copies of `v`
//! (at most 1,000,000), and a part `*N:p` stands for N copies of the part `p`
//! (at most 200,000 in all), so that a small input reaches a million
//! mismatched values; every list of diagnostics stays within the cap.
//!
//! Checked beyond "no panic": a failure (threw, timed out, invalid arguments)
//! is always an error result, whatever the signature; a result's JSON parts
//! and typed result are JSON; a tool that ends the loop and returned a value
//! has a typed result.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tool_schema::encode::result_to_value;
use tool_schema::{Mode, Outcome, Part, Signature, ToolResult, encode_result};
use tool_schema_fuzz::{copies, diagnostics, must_be_json, split};

/// Most parts or errors one outcome carries as texts of its own.
const MAX_ITEMS: usize = 64;
/// Most parts an outcome carries with the copies of the size family.
const MAX_PARTS: usize = 200_000;

fuzz_target!(|data: &[u8]| {
    let (flags, texts) = split(data, 5 + MAX_ITEMS);
    let field = |i: usize| texts.get(i).map_or("", String::as_str);
    let payload: Vec<&str> = texts.iter().skip(4).map(String::as_str).collect();
    let at = |i: usize| payload.get(i).copied().unwrap_or("");

    let sig = Signature {
        tool_name: field(0),
        return_type: field(1),
        types: (flags & 4 == 0).then(|| field(2)),
        naming: (flags & 8 == 0).then(|| field(3)),
        mode: if flags & 1 != 0 { Mode::Reflection } else { Mode::Generator },
        ends_loop: flags & 2 != 0,
    };
    let parts = |from: usize| {
        let mut out = Vec::new();
        for t in payload.iter().skip(from) {
            let (n, p) = copies(t, MAX_PARTS).unwrap_or((1, t));
            out.extend(std::iter::repeat_n(part(p), n.min(MAX_PARTS - out.len().min(MAX_PARTS))));
        }
        out
    };
    let value = |t: &str| match copies(t, 1_000_000) {
        Some((n, v)) => format!("[{}]", vec![v; n].join(",")),
        None => t.to_owned(),
    };
    let outcome = match (flags >> 4) & 7 {
        0 => Outcome::Returned(value(at(0))),
        1 => Outcome::ReturnedNothing,
        2 => Outcome::ReturnedParts(parts(0)),
        3 => Outcome::ReturnedToolResult(ToolResult {
            parts: parts(1),
            is_error: flags & 128 != 0,
            typed_result: Some(at(0)).filter(|t| !t.is_empty()).map(str::to_owned),
        }),
        4 => Outcome::Threw { type_name: at(0).to_owned(), message: at(1).to_owned() },
        5 => Outcome::TimedOut(seconds(at(0))),
        6 => Outcome::InvalidArguments(payload.iter().map(|m| (*m).to_owned()).collect()),
        _ => Outcome::Returned(sig.return_type.to_owned()),
    };
    let failure = matches!(outcome, Outcome::Threw { .. } | Outcome::TimedOut(_) | Outcome::InvalidArguments(_));
    let returned_value = matches!(outcome, Outcome::Returned(_));

    match encode_result(sig, outcome) {
        Ok(r) => {
            must_be_json("encode_result", &result_to_value(&r).to_json());
            for p in &r.parts {
                if let Part::Json(j) = p {
                    must_be_json("a JSON part", j);
                }
            }
            if let Some(t) = &r.typed_result {
                must_be_json("the typed result", t);
            }
            if failure {
                assert!(r.is_error, "a failure became a result that is not an error: {r:?}");
            }
            if returned_value && sig.ends_loop {
                assert!(r.typed_result.is_some(), "a tool that ends the loop returned a value but has no typed result");
            }
        }
        Err(d) => {
            assert!(!failure, "a failure was refused instead of becoming an error result: {d:?}");
            diagnostics("encode_result", &d);
        }
    }
});

fn part(t: &str) -> Part {
    match t.strip_prefix('j') {
        Some(json) => Part::Json(json.to_owned()),
        None => Part::Text(t.strip_prefix('t').unwrap_or(t).to_owned()),
    }
}

/// The timeout's seconds: the text as a number, or else some number made
/// from its bytes (so that every value of u32 can be reached).
fn seconds(t: &str) -> u32 {
    t.trim().parse().unwrap_or_else(|_| t.bytes().fold(0u32, |n, b| n.wrapping_mul(31).wrapping_add(u32::from(b))))
}
