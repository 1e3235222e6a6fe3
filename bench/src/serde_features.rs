//! Which of serde_json's parsing features the binary it is compiled into has,
//! found by what they do (a crate cannot ask `cfg!` about another crate's
//! features). Shared by the driver (bench/src/main.rs) and the floor binary
//! (bench/floor/src/main.rs, through `#[path]`), so the report names exactly
//! what each serde_json floor was built with.

/// `arbitrary_precision`, `preserve_order` and `float_roundtrip`: those found.
pub fn serde_json_features() -> Vec<&'static str> {
    let mut found = Vec::new();
    // arbitrary_precision keeps a number's text; without it 1.10 is the f64 1.1.
    if serde_json::from_str::<serde_json::Value>("1.10").ok().map(|v| v.to_string()).as_deref() == Some("1.10") {
        found.push("arbitrary_precision");
    }
    // preserve_order keeps an object's keys as written; without it, sorted.
    if serde_json::from_str::<serde_json::Value>(r#"{"b":0,"a":0}"#).ok().map(|v| v.to_string()).as_deref()
        == Some(r#"{"b":0,"a":0}"#)
    {
        found.push("preserve_order");
    }
    // float_roundtrip parses every decimal to the nearest f64; the default,
    // faster algorithm is one ULP off on this one (found by search against
    // the standard library's correctly rounded `str::parse`).
    let probe = "0.792677612447964e-47";
    if serde_json::from_str::<f64>(probe).ok() == probe.parse::<f64>().ok() {
        found.push("float_roundtrip");
    }
    found
}

/// `default features only (std)` or `std + arbitrary_precision + …`.
pub fn describe(found: &[&str]) -> String {
    if found.is_empty() {
        "no arbitrary_precision, preserve_order or float_roundtrip: default features (std) only".into()
    } else {
        format!("with {}", found.join(", "))
    }
}
