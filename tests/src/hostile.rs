//! Inputs built to be slow, deep or large, as a hostile caller would send
//! them: what the work bounds of `docs/validation.md` must answer quickly,
//! with an error result (or the bound arguments), never a trap. The
//! validation tests run them natively and through the component, the CLI's
//! tests through `host-demo validate`; the descriptors at the top go through
//! `describe-tool` the same ways.

/// `$defs` L0…L{levels}, each an `anyOf` of two references to the next: one
/// value against L0 would take 2^levels schemas.
pub fn fan_out(levels: usize) -> String {
    let defs: Vec<String> = (0..levels)
        .map(|i| format!(r##""L{i}":{{"anyOf":[{{"$ref":"#/$defs/L{n}"}},{{"$ref":"#/$defs/L{n}"}}]}}"##, n = i + 1))
        .chain([format!(r#""L{levels}":{{"type":"string"}}"#)])
        .collect();
    format!(r##"{{"$defs":{{{}}},"type":"object","properties":{{"a":{{"$ref":"#/$defs/L0"}}}}}}"##, defs.join(","))
}

/// [`fan_out`], each definition a resource of its own (`$id`), referred to by URI.
pub fn fan_out_between_resources(levels: usize) -> String {
    let defs: Vec<String> = (0..levels)
        .map(|i| {
            format!(
                r#""L{i}":{{"$id":"https://x.test/L{i}","anyOf":[{{"$ref":"https://x.test/L{n}"}},{{"$ref":"https://x.test/L{n}"}}]}}"#,
                n = i + 1
            )
        })
        .chain([format!(r#""L{levels}":{{"$id":"https://x.test/L{levels}","type":"string"}}"#)])
        .collect();
    format!(r#"{{"$defs":{{{}}},"type":"object","properties":{{"a":{{"$ref":"https://x.test/L0"}}}}}}"#, defs.join(","))
}

/// A descriptor of classes C0 … C{n-1}, each the base of the one before,
/// and `uses` parameters of type C0: every use would walk the whole chain.
pub fn base_chain(n: usize, uses: usize) -> String {
    let classes: Vec<String> = (0..n)
        .map(|i| match i + 1 < n {
            true => format!(r#""C{i}":{{"kind":"class","base":"C{}"}}"#, i + 1),
            false => format!(r#""C{i}":{{"kind":"class"}}"#),
        })
        .collect();
    let params: Vec<String> = (0..uses).map(|i| format!(r#"{{"name":"p{i}","type":"C0"}}"#)).collect();
    format!(r#"{{"method":"Run","parameters":[{}],"types":{{{}}}}}"#, params.join(","), classes.join(","))
}

/// A descriptor of `n` empty parameters: two members refused in each.
pub fn empty_parameters(n: usize) -> String {
    format!(r#"{{"method":"Empty","parameters":[{}]}}"#, vec!["{}"; n].join(","))
}

/// What a hostile input must be answered with.
#[derive(Clone, Copy)]
pub enum Expect {
    /// Errors, the first of them for this keyword.
    First(&'static str),
    /// Errors, the last of them saying this.
    LastSays(&'static str),
    /// The arguments are valid.
    Valid,
}

/// `{"c": … {"c": {}} …}`, `depth` objects deep.
fn nested_c(depth: usize) -> String {
    format!("{}{{}}{}", "{\"c\":".repeat(depth), "}".repeat(depth))
}

/// A chain of `length` definitions, each only a reference to the next, the
/// last a string; property `a` starts it.
fn ref_chain(length: usize) -> String {
    let defs: Vec<String> = (0..length)
        .map(|i| format!(r##""d{i}":{{"$ref":"#/$defs/d{n}"}}"##, n = i + 1))
        .chain([format!(r#""d{length}":{{"type":"string"}}"#)])
        .collect();
    format!(r##"{{"$defs":{{{}}},"type":"object","properties":{{"a":{{"$ref":"#/$defs/d0"}}}}}}"##, defs.join(","))
}

/// Every hostile input: name, schema, arguments and the answer they must get.
pub fn cases() -> Vec<(&'static str, String, String, Expect)> {
    use Expect::*;
    let object = r#"{"type":"object"}"#.to_owned();
    let recursive_any_of = r##"{"$defs":{"n":{"anyOf":[{"properties":{"c":{"$ref":"#/$defs/n"}},"required":["a"]},{"properties":{"c":{"$ref":"#/$defs/n"}},"required":["b"]}]}},"$ref":"#/$defs/n"}"##;
    let all_of_refs = r##"{"$defs":{"n":{"type":"object","properties":{"c":{"allOf":[{"$ref":"#/$defs/n"},{"$ref":"#/$defs/n"}]}}}},"$ref":"#/$defs/n"}"##;
    let divisor = format!("1{}", "7".repeat(100_000));
    let multiple_of = format!(r#"{{"type":"object","properties":{{"n":{{"multipleOf":{divisor}}}}}}}"#);
    let enum_values: Vec<String> = (0..20_000).map(|i| format!("{{\"k\":{i}}}")).collect();
    let enum_items: Vec<String> = (0..100_000).map(|i| format!("{{\"k\":{}}}", i % 30_000)).collect();
    let patterns: Vec<String> = (0..2_000).map(|i| format!("\"^p{i}_\":{{\"type\":\"integer\"}}")).collect();
    let pattern_properties = format!(r#"{{"type":"object","patternProperties":{{{}}}}}"#, patterns.join(","));
    let members: Vec<String> = (0..100_000).map(|i| format!("\"m{i}\":1,\"p{}_{i}\":{i}", i % 2_000)).collect();
    vec![
        (
            "nesting-100000-deep",
            object.clone(),
            format!("{{\"a\":{}{}}}", "[".repeat(100_000), "]".repeat(100_000)),
            First("limit"),
        ),
        ("string-of-50-MB", object.clone(), format!("{{\"a\":\"{}\"}}", "x".repeat(50 << 20)), First("limit")),
        (
            "catastrophic-pattern",
            r#"{"type":"object","properties":{"s":{"pattern":"^(a+)+$"}}}"#.to_owned(),
            format!("{{\"s\":\"{}b\"}}", "a".repeat(64)),
            First("pattern"),
        ),
        (
            "backtracking-past-the-limit",
            r#"{"type":"object","properties":{"s":{"pattern":"^(a|a?)+(?=b)\\1$"}}}"#.to_owned(),
            format!("{{\"s\":\"{}c\"}}", "a".repeat(40)),
            First("pattern"),
        ),
        (
            "ref-loop",
            r##"{"$ref":"#/$defs/a","$defs":{"a":{"$ref":"#/$defs/b"},"b":{"allOf":[{"$ref":"#/$defs/a"}]}}}"##
                .to_owned(),
            "{}".to_owned(),
            First("schema"),
        ),
        (
            "schema-nesting-100000-deep",
            format!("{}{}", "[".repeat(100_000), "]".repeat(100_000)),
            "{}".to_owned(),
            First("schema"),
        ),
        (
            "schema-of-1000000-nested-arrays",
            format!("{}{}", "[".repeat(1_000_000), "]".repeat(1_000_000)),
            "{}".to_owned(),
            First("schema"),
        ),
        (
            "pattern-(a|aa)*c-against-10000-a",
            r#"{"type":"object","properties":{"s":{"pattern":"(a|aa)*c"}}}"#.to_owned(),
            format!("{{\"s\":\"{}\"}}", "a".repeat(10_000)),
            First("pattern"),
        ),
        (
            "unanchored-backtracking-pattern-against-30000-a",
            r#"{"type":"object","properties":{"s":{"pattern":"(a|aa)+\\1b"}}}"#.to_owned(),
            format!("{{\"s\":\"{}cb\"}}", "a".repeat(30_000)),
            First("pattern"),
        ),
        (
            "pattern-(?:a+)+b-against-100000-a",
            r#"{"type":"object","properties":{"s":{"pattern":"(?:a+)+b"}}}"#.to_owned(),
            format!("{{\"s\":\"{}\"}}", "a".repeat(100_000)),
            First("pattern"),
        ),
        ("argument-text-of-100-MB", object.clone(), format!("{{\"a\":\"{}\"}}", "x".repeat(100 << 20)), First("limit")),
        ("references-fanning-out-2^40", fan_out(40), r#"{"a":5}"#.to_owned(), First("schema")),
        (
            "references-fanning-out-2^40-between-resources",
            fan_out_between_resources(40),
            r#"{"a":5}"#.to_owned(),
            First("schema"),
        ),
        (
            "ref-loop-between-resources",
            r##"{"$defs":{"a":{"$id":"https://x.test/a","$ref":"https://x.test/b"},"b":{"$id":"https://x.test/b","allOf":[{"$ref":"https://x.test/a"}]}},"$ref":"https://x.test/a"}"##.to_owned(),
            "{}".to_owned(),
            First("schema"),
        ),
        ("recursive-anyOf-20-deep", recursive_any_of.to_owned(), nested_c(20), First("required")),
        ("allOf-of-two-refs-40-deep-valid", all_of_refs.to_owned(), nested_c(40), Valid),
        (
            "allOf-of-two-refs-40-deep-invalid",
            all_of_refs.to_owned(),
            nested_c(40).replacen("{}", "{\"c\":5}", 1),
            First("type"),
        ),
        ("ref-chain-of-2500-valid", ref_chain(2_500), r#"{"a":"x"}"#.to_owned(), Valid),
        ("ref-chain-of-2500-invalid", ref_chain(2_500), r#"{"a":5}"#.to_owned(), First("type")),
        (
            "1000000-failing-items",
            r#"{"type":"object","properties":{"x":{"items":{"type":"string"}}}}"#.to_owned(),
            format!("{{\"x\":[{}]}}", vec!["1"; 1_000_000].join(",")),
            LastSays("has 999900 more errors"),
        ),
        ("multipleOf-of-100000-digits", multiple_of.clone(), r#"{"n":123456789}"#.to_owned(), First("multipleOf")),
        (
            "10-MB-of-1000000-failing-items",
            r#"{"type":"object","properties":{"x":{"items":{"type":"integer"}}}}"#.to_owned(),
            format!("{{\"x\":[{}]}}", vec!["\"abcdefg\""; 1_000_000].join(",")),
            LastSays("has 999900 more errors"),
        ),
        (
            "multipleOf-of-100000-digits-against-as-many",
            multiple_of,
            format!("{{\"n\":{}}}", "3".repeat(100_001)),
            First("limit"),
        ),
        (
            "enum-of-20000-objects-against-100000-items",
            format!(r#"{{"type":"object","properties":{{"x":{{"items":{{"enum":[{}]}}}}}}}}"#, enum_values.join(",")),
            format!("{{\"x\":[{}]}}", enum_items.join(",")),
            LastSays("has 29900 more errors"),
        ),
        (
            "2000-patternProperties-against-200000-members-valid",
            pattern_properties.clone(),
            format!("{{{}}}", members.join(",")),
            Valid,
        ),
        (
            "2000-patternProperties-against-200000-members-invalid",
            pattern_properties,
            format!("{{{},\"p7_x\":\"seven\"}}", members.join(",")),
            First("type"),
        ),
    ]
}

/// Whether `answer` (bound arguments, or `{"errors": [...]}`) is what `expect` says.
pub fn check(expect: Expect, answer: &tool_schema::json::Value) -> Result<(), String> {
    use tool_schema::json::Value;
    let errors = answer.get("errors").and_then(Value::as_array);
    let says = |e: Option<&Value>, k: &str| e.and_then(|e| e.get(k)).and_then(Value::as_str).map(str::to_owned);
    let (first, last) = (errors.and_then(|e| e.first()), errors.and_then(|e| e.last()));
    match expect {
        Expect::Valid if errors.is_none() => Ok(()),
        Expect::First(keyword) if says(first, "keyword").as_deref() == Some(keyword) => Ok(()),
        Expect::LastSays(text) if says(last, "message").is_some_and(|m| m.contains(text)) => Ok(()),
        Expect::Valid => Err(format!("expected valid arguments, got {:?}", says(first, "message"))),
        Expect::First(keyword) => Err(format!("expected a '{keyword}' error first, got {:?}", says(first, "message"))),
        Expect::LastSays(text) => {
            Err(format!("expected a last error saying '{text}', got {:?}", says(last, "message")))
        }
    }
}
