//! Names: the tool name rule and the serializer's camelCase policy, each
//! written to match what System.Text.Json does for the same input.

/// The contract's default tool name for a method: a trailing `Async` removed
/// (when something is left), then snake_case as `JsonNamingPolicy.SnakeCaseLower`
/// writes it (`GetDocketAsync` → `get_docket`, `HTTPRequest` → `http_request`,
/// `SHA512Hash` → `sha512_hash`).
pub fn tool_name(method: &str) -> String {
    let base = match method.strip_suffix("Async") {
        Some(rest) if !rest.is_empty() => rest,
        _ => method,
    };
    snake_case(base)
}

/// `JsonNamingPolicy.SnakeCaseLower`: a separator before an uppercase letter
/// that follows a lowercase letter or digit, and before the last uppercase
/// letter of a run when a lowercase letter follows it; spaces between words
/// become one separator; other characters are kept and restart the word.
pub fn snake_case(name: &str) -> String {
    #[derive(PartialEq)]
    enum State {
        NotStarted,
        Upper,
        LowerOrDigit,
        Space,
    }
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::with_capacity(name.len() + 4);
    let mut state = State::NotStarted;
    for (i, &c) in chars.iter().enumerate() {
        if c.is_uppercase() {
            let boundary = match state {
                State::NotStarted => false,
                State::LowerOrDigit | State::Space => true,
                State::Upper => chars.get(i + 1).is_some_and(|n| n.is_lowercase()),
            };
            if boundary {
                out.push('_');
            }
            out.push(lower(c));
            state = State::Upper;
        } else if c.is_lowercase() || c.is_numeric() {
            if state == State::Space {
                out.push('_');
            }
            out.push(c);
            state = State::LowerOrDigit;
        } else if c == ' ' {
            if state != State::NotStarted {
                state = State::Space;
            }
        } else {
            out.push(c);
            state = State::NotStarted;
        }
    }
    out
}

/// `JsonNamingPolicy.CamelCase`: the leading run of uppercase letters is
/// lowercased, except the last of a run that a lowercase letter follows
/// (`URLValue` → `urlValue`, `ID` → `id`, `Number` → `number`).
pub fn camel_case(name: &str) -> String {
    let mut chars: Vec<char> = name.chars().collect();
    if chars.first().is_none_or(|c| !c.is_uppercase()) {
        return name.to_owned();
    }
    for i in 0..chars.len() {
        if i == 1 && !chars[i].is_uppercase() {
            break;
        }
        let has_next = i + 1 < chars.len();
        if i > 0 && has_next && !chars[i + 1].is_uppercase() {
            if chars[i + 1] == ' ' {
                chars[i] = lower(chars[i]);
            }
            break;
        }
        chars[i] = lower(chars[i]);
    }
    chars.into_iter().collect()
}

fn lower(c: char) -> char {
    c.to_lowercase().next().unwrap_or(c)
}

/// The contract's validity rule: 1–64 ASCII letters, digits, `_` or `-`.
pub fn is_valid_tool_name(name: &str) -> bool {
    (1..=64).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_names() {
        for (method, name) in [
            ("GetDocketAsync", "get_docket"),
            ("HTTPRequest", "http_request"),
            ("GetWeather", "get_weather"),
            ("Async", "async"),
            ("RunAsyncAsync", "run_async"),
            ("SHA512Hash", "sha512_hash"),
            ("XMLReader", "xml_reader"),
            ("IOStream", "io_stream"),
            ("already_snake", "already_snake"),
            ("Get2Items", "get2_items"),
            ("getURL", "get_url"),
            ("A", "a"),
            ("ABC", "abc"),
            ("ABCdef", "ab_cdef"),
        ] {
            assert_eq!(tool_name(method), name, "{method}");
        }
    }

    #[test]
    fn snake_case_spaces_and_symbols() {
        assert_eq!(snake_case("  Hello World "), "hello_world");
        assert_eq!(snake_case("a_b-c"), "a_b-c");
        assert_eq!(snake_case("ABC???def"), "abc???def");
    }

    #[test]
    fn camel_case_like_system_text_json() {
        for (from, to) in [
            ("Number", "number"),
            ("URLValue", "urlValue"),
            ("ID", "id"),
            ("IOStream", "ioStream"),
            ("already", "already"),
            ("X", "x"),
            ("ABc", "aBc"),
            ("Is Valid", "is Valid"),
            ("", ""),
            ("_Private", "_Private"),
            ("ÉtéTime", "étéTime"),
        ] {
            assert_eq!(camel_case(from), to, "{from}");
        }
    }

    #[test]
    fn validity() {
        assert!(is_valid_tool_name("get_docket"));
        assert!(is_valid_tool_name("a-b_C9"));
        assert!(is_valid_tool_name(&"x".repeat(64)));
        assert!(!is_valid_tool_name(&"x".repeat(65)));
        assert!(!is_valid_tool_name(""));
        assert!(!is_valid_tool_name("get docket"));
        assert!(!is_valid_tool_name("café"));
        assert!(!is_valid_tool_name("a.b"));
    }
}
