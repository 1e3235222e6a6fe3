//! `validate`: schema bytes × argument bytes through `Validator::compile`,
//! `Validator::validate` and `validate_args`, in both format modes.
//!
//! Input: one flags byte, the schema's text, a 0 byte, the arguments' text
//! (`{}` when there is no 0 byte). Flags: bit 0 `any_value`; bit 1 small
//! limits (so that every limit is reached by short inputs too).
//!
//! Checked beyond "no panic": `validate_args` answers exactly as `compile`
//! then `validate` do; a compiled validator answers the same arguments twice
//! the same; results and errors are JSON.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tool_schema::{FormatMode, Limits, Options, Validator, validate_args};
use tool_schema_fuzz::{arg_answer, diagnostics, split};

/// Limits small enough for a fuzzer's inputs to cross each of them.
const SMALL: Limits = Limits {
    max_argument_bytes: 256,
    max_argument_depth: 8,
    max_schema_bytes: 1024,
    max_schema_depth: 16,
    regex_backtrack_limit: 1000,
    max_errors: 100,
    max_work: 1_000_000,
};

fuzz_target!(|data: &[u8]| {
    let (flags, texts) = split(data, 2);
    let schema = &texts[0];
    let args = texts.get(1).map_or("{}", String::as_str);
    let limits = if flags & 2 != 0 { SMALL } else { Limits::default() };

    for formats in [FormatMode::Assert, FormatMode::Annotate] {
        let options = Options { formats, any_value: flags & 1 != 0, limits };
        let r = validate_args(schema, args, options);
        let one_call = arg_answer("validate_args", &r);
        let two_calls = match Validator::compile(schema, options) {
            Ok(v) => {
                assert_eq!(v.options(), options);
                let first = arg_answer("validate", &v.validate(args));
                let again = arg_answer("validate", &v.validate(args));
                assert_eq!(first, again, "one validator answered the same arguments twice differently");
                // The schema's own text as arguments: another instance, for free.
                arg_answer("validate", &v.validate(schema));
                first
            }
            Err(d) => {
                diagnostics("compile", &d);
                // validate_args turns each diagnostic into one `schema` error.
                let errors = r.as_ref().expect_err("validate_args accepted a schema compile refused");
                assert_eq!(errors.len(), d.len(), "validate_args: one error per diagnostic of compile");
                assert!(errors.iter().all(|e| e.keyword == "schema" && e.path == "$"));
                one_call.clone()
            }
        };
        assert_eq!(one_call, two_calls, "validate_args and compile + validate answer differently");
    }
});
