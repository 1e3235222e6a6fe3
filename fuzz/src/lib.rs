//! What the fuzz targets share: how one input's bytes become the texts an
//! operation takes, and the checks every answer must pass.
//!
//! Every target must answer every input without panicking. Beyond that, each
//! answer is checked for what the contract promises of any answer: results and
//! formatted errors are JSON texts, an error list is never empty, and the same
//! call made twice gives the same bytes. A failed check panics, so libFuzzer
//! reports it as a crash with its input.

use tool_schema::diag::MAX_DIAGNOSTICS;
use tool_schema::json::{self, ParseLimits, Value};
use tool_schema::{ArgError, Diagnostic, Mode};

/// The byte that separates the texts of a multi-text input (`validate`,
/// `encode`, `downconvert`). JSON text never contains it unescaped.
pub const SEP: u8 = 0;

/// Both modes, for the operations that take one.
pub const MODES: [Mode; 2] = [Mode::Generator, Mode::Reflection];

/// Limits for reading back what the core wrote: none, since the core's own
/// limits already bound what it writes.
const UNLIMITED: ParseLimits = ParseLimits { max_bytes: usize::MAX, max_depth: usize::MAX };

/// The input's bytes as text. The component's strings are UTF-8 by
/// construction, so invalid sequences are replaced rather than skipped: every
/// input still reaches the operation.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The first byte of `data` (flags; 0 for an empty input) and the rest split
/// on [`SEP`] into at most `n` texts (the last keeps any further separators).
pub fn split(data: &[u8], n: usize) -> (u8, Vec<String>) {
    let Some((&flags, rest)) = data.split_first() else {
        return (0, vec![String::new()]);
    };
    (flags, rest.splitn(n, |&b| b == SEP).map(text).collect())
}

/// Reads `text` as JSON, or panics: every text the core hands back as JSON
/// must be JSON.
pub fn must_be_json(what: &str, text: &str) -> Value {
    match json::parse(text, UNLIMITED) {
        Ok(v) => v,
        Err(e) => panic!("{what} is not JSON ({e}): {text:?}"),
    }
}

/// Parses `text` as JSON with the given nesting limit, if it is JSON.
pub fn parse(text: &str, max_depth: usize) -> Option<Value> {
    json::parse(text, ParseLimits { max_bytes: 1 << 20, max_depth }).ok()
}

/// Formats a diagnostic list as the component does, and checks it: at most
/// [`MAX_DIAGNOSTICS`] listed, then one at `$` saying how many more.
pub fn diagnostics(what: &str, diags: &[Diagnostic]) -> String {
    assert!(!diags.is_empty(), "{what} failed with no diagnostic");
    assert!(diags.len() <= MAX_DIAGNOSTICS + 1, "{what} listed {} diagnostics, past the cap", diags.len());
    if diags.len() == MAX_DIAGNOSTICS + 1 {
        let last = &diags[MAX_DIAGNOSTICS];
        assert!(
            last.path == "$" && last.message.contains("not listed (at most 100 are)"),
            "{what}: the last of 101 diagnostics does not say how many more: {last:?}"
        );
    }
    for d in diags {
        assert!(!d.message.is_empty(), "{what}: a diagnostic without a message: {d:?}");
        assert!(!d.code.as_str().is_empty(), "{what}: a diagnostic without a code: {d:?}");
    }
    let out = tool_schema::diag::diagnostics_json(diags);
    must_be_json(what, &out);
    out
}

/// Formats an argument-error list as the component does, and checks it: at
/// most [`MAX_DIAGNOSTICS`] listed, then one saying how many more.
pub fn arg_errors(what: &str, errors: &[ArgError]) -> String {
    assert!(!errors.is_empty(), "{what} failed with no error");
    assert!(errors.len() <= MAX_DIAGNOSTICS + 1, "{what} listed {} errors, past the cap", errors.len());
    for e in errors {
        assert!(!e.message.is_empty(), "{what}: an error without a message: {e:?}");
        assert!(!e.keyword.is_empty(), "{what}: an error without a keyword: {e:?}");
        assert!(!e.path.is_empty(), "{what}: an error without a path: {e:?}");
    }
    let out = tool_schema::validate::errors_json(errors);
    must_be_json(what, &out);
    out
}

/// An answer of an operation that returns JSON text or diagnostics, checked
/// and formatted (as the component would hand it to a host).
pub fn answer(what: &str, r: &Result<String, Vec<Diagnostic>>) -> String {
    match r {
        Ok(out) => {
            must_be_json(what, out);
            out.clone()
        }
        Err(d) => diagnostics(what, d),
    }
}

/// An answer of an operation that returns JSON text or argument errors.
pub fn arg_answer(what: &str, r: &Result<String, Vec<ArgError>>) -> String {
    match r {
        Ok(out) => {
            must_be_json(what, out);
            out.clone()
        }
        Err(e) => arg_errors(what, e),
    }
}

/// `edit` merged into `base` member by member, as the golden vectors build a
/// custom profile from a built-in one (`profileFrom` + `profileEdit`).
pub fn merge(base: &mut Value, edit: &Value) {
    match (base, edit) {
        (Value::Object(b), Value::Object(e)) => {
            for (k, v) in e {
                match b.iter_mut().find(|(bk, _)| bk == k) {
                    Some((_, bv)) => merge(bv, v),
                    None => b.push((k.clone(), v.clone())),
                }
            }
        }
        (b, e) => *b = e.clone(),
    }
}

/// Every string value under `v` with the key (or, in an array, the key of the
/// array) it is the value of, in document order, at most `max` of them.
pub fn strings<'a>(v: &'a Value, max: usize) -> Vec<(&'a str, &'a str)> {
    fn walk<'a>(v: &'a Value, key: &'a str, out: &mut Vec<(&'a str, &'a str)>, max: usize) {
        if out.len() >= max {
            return;
        }
        match v {
            Value::String(s) => out.push((key, s)),
            Value::Array(items) => items.iter().for_each(|i| walk(i, key, out, max)),
            Value::Object(members) => members.iter().for_each(|(k, m)| walk(m, k, out, max)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(v, "", &mut out, max);
    out
}

/// The size families: a small piece of the input made large. `*N:rest`
/// stands for N copies of `rest` (N at most `max`); anything else for itself
/// once.
pub fn copies(t: &str, max: usize) -> Option<(usize, &str)> {
    let rest = t.strip_prefix('*')?;
    let (n, piece) = rest.split_once(':')?;
    let n: usize = n.parse().ok()?;
    Some((n.min(max), piece))
}

/// A descriptor of classes C0 … C{n-1}, each the base of the one before and
/// each with a property of type `member`, used by `uses` parameters of type C0.
pub fn base_chain(n: usize, uses: usize, member: &str) -> String {
    let member = json::quote(member);
    let classes: Vec<String> = (0..n)
        .map(|i| {
            let base = if i + 1 < n { format!(r#","base":"C{}""#, i + 1) } else { String::new() };
            format!(r#""C{i}":{{"kind":"class","properties":[{{"name":"P{i}","type":{member}}}]{base}}}"#)
        })
        .collect();
    let params: Vec<String> = (0..uses).map(|i| format!(r#"{{"name":"p{i}","type":"C0"}}"#)).collect();
    format!(r#"{{"method":"Run","parameters":[{}],"types":{{{}}}}}"#, params.join(","), classes.join(","))
}
