//! `downconvert`: `downconvert` and `restore_args` for every built-in target
//! and for a custom profile made from the input, and `provider_profile`.
//!
//! Input: one flags byte, then texts separated by 0 bytes: the schema, the
//! model's answer (`{}` when absent), and a profile edit. Flags bits 0–1
//! choose the built-in profile the edit is merged into (anthropic, openai,
//! gemini); 3 takes the edit text as the whole profile. With no edit, or
//! one that is not JSON, the custom profile is the built-in one's text
//! unchanged (or, for 3, the edit text as it is).
//!
//! Checked beyond "no panic": a built-in profile passed as a custom profile
//! converts and restores exactly as the built-in target does; the converted
//! schema and every answer are JSON; every change names an action the
//! documentation lists and a JSON pointer.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tool_schema::downconvert::Downconverted;
use tool_schema::{Diagnostic, PROVIDERS, Target, downconvert, provider_profile, restore_args};
use tool_schema_fuzz::{answer, arg_answer, diagnostics, merge, must_be_json, parse, split};

/// The actions docs/downconvert.md lists for a change.
const ACTIONS: &[&str] = &[
    "removed",
    "relaxed",
    "unenforced",
    "dropped",
    "closed",
    "required",
    "widened",
    "reshaped",
    "merged",
    "inlined",
    "typed",
    "ordered",
];

fuzz_target!(|data: &[u8]| {
    let (flags, texts) = split(data, 3);
    let schema = &texts[0];
    let args = texts.get(1).map_or("{}", String::as_str);
    let edit = texts.get(2).map(String::as_str);

    // Every built-in target.
    for &(name, _) in PROVIDERS {
        let profile = provider_profile(name).expect("a built-in profile");
        must_be_json("provider_profile", &profile);
        check(schema, args, Target::BuiltIn(name));
    }

    // A name that is no target (unless the edit happens to spell one).
    if let Some(name) = edit {
        match provider_profile(name) {
            Ok(p) => drop(must_be_json("provider_profile", &p)),
            Err(d) => drop(diagnostics("provider_profile", std::slice::from_ref(&d))),
        }
        check(schema, args, Target::BuiltIn(name));
    }

    // A custom profile.
    let base = usize::from(flags & 3);
    let custom = match (PROVIDERS.get(base), edit) {
        (Some(&(name, text)), Some(edit)) => match parse(edit, 64) {
            Some(e) => {
                let mut p = must_be_json("a built-in profile", text);
                merge(&mut p, &e);
                p.to_json()
            }
            None => {
                // The built-in profile, as a custom one, must answer as the
                // built-in target does.
                let as_custom = check(schema, args, Target::Custom(text));
                let built_in = check(schema, args, Target::BuiltIn(name));
                assert_eq!(as_custom, built_in, "the {name} profile answers differently as a custom profile");
                return;
            }
        },
        (Some(&(_, text)), None) => text.to_owned(),
        (None, edit) => edit.unwrap_or("").to_owned(),
    };
    check(schema, args, Target::Custom(&custom));
});

/// Downconverts `schema` for `target` and restores `args` with it; returns
/// both answers as the component would format them.
fn check(schema: &str, args: &str, target: Target<'_>) -> (String, String) {
    let converted = match downconvert(schema, target) {
        Ok(d) => converted(&d),
        Err(d) => diagnostics("downconvert", &d),
    };
    let restored = arg_answer("restore_args", &restore_args(schema, target, args));
    (converted, restored)
}

fn converted(d: &Downconverted) -> String {
    let mut out = answer("downconvert", &Ok::<_, Vec<Diagnostic>>(d.schema.clone()));
    for c in &d.changes {
        assert!(ACTIONS.contains(&c.action.as_str()), "a change with an undocumented action: {c:?}");
        assert!(c.pointer.is_empty() || c.pointer.starts_with('/'), "a change whose pointer is not one: {c:?}");
        // (A keyword may be any member name, "" included: the change names it as the input has it.)
        out.push_str(&format!("\n{} {} {} {}", c.pointer, c.keyword, c.action, c.detail));
    }
    out.push_str(if d.lossless { "\nlossless" } else { "\nlossy" });
    out
}
