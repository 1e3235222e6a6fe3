//! The hint form of docs/downconvert.md, read back with nothing but the
//! documented grammar: a description ends in `(keyword: JSON, …)`, each
//! value compact JSON. Used to check that every constraint a conversion
//! removed can be found again in its node's description.

use tool_schema::json::{self, Value};

fn keyword_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '-')
}

/// A keyword, plain or as a JSON string, then `: `; and the rest.
fn keyword(rest: &str) -> Option<(String, &str)> {
    if rest.starts_with('"') {
        // The shortest JSON string followed by ": ".
        return rest.match_indices("\": ").find_map(|(i, _)| {
            let Ok(Value::String(k)) = json::parse(&rest[..=i], crate::LIMITS) else { return None };
            Some((k, &rest[i + 3..]))
        });
    }
    let (k, after) = rest.split_once(": ")?;
    (!k.is_empty() && k.chars().all(keyword_char)).then(|| (k.to_owned(), after))
}

/// `keyword: JSON, keyword: JSON)` to the end of `rest`, or nothing.
fn pairs(rest: &str) -> Option<Vec<(String, Value)>> {
    let (keyword, after) = keyword(rest)?;
    // The value ends at a ", " that starts the next pair, or at the final ")".
    for (j, _) in after.char_indices() {
        let tail = &after[j..];
        let last = tail == ")";
        if !last && !tail.starts_with(", ") {
            continue;
        }
        let Ok(value) = json::parse(&after[..j], crate::LIMITS) else { continue };
        if last {
            return Some(vec![(keyword.to_owned(), value)]);
        }
        if let Some(mut more) = pairs(&tail[2..]) {
            more.insert(0, (keyword.to_owned(), value));
            return Some(more);
        }
    }
    None
}

/// The hint at the end of a description: the longest suffix `(…)`, after a
/// space or at the start, that reads as the grammar says.
pub fn read_hint(description: &str) -> Option<Vec<(String, Value)>> {
    if !description.ends_with(')') {
        return None;
    }
    description
        .char_indices()
        .filter(|&(i, c)| c == '(' && (i == 0 || description[..i].ends_with(' ')))
        .find_map(|(i, _)| pairs(&description[i + 1..]))
}

/// Whether a change of this action writes a hint: a keyword removed, a
/// value relaxed, or a value reshaped into JSON text (whose hint gives its
/// `contentMediaType`, and its original schema as `contentSchema`).
fn hinting(action: &str) -> bool {
    matches!(action, "removed" | "relaxed" | "reshaped")
}

/// Problems with the hints of a converted schema, given its changes as
/// `(pointer, keyword, action)`: a keyword `removed` or `relaxed` that its
/// node's description does not carry, and, where changes wrote a hint, a
/// hint keyword no change at that node accounts for. (A description of the
/// input's own that happens to look like a hint is not ours to judge.)
pub fn unaccounted(schema: &Value, changes: &[(String, String, String)]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut pointers: Vec<&str> = changes.iter().map(|(p, _, _)| p.as_str()).collect();
    pointers.dedup();
    for pointer in pointers {
        let here: Vec<&(String, String, String)> = changes.iter().filter(|(p, _, _)| p == pointer).collect();
        let description = schema.pointer(pointer).and_then(|n| n.get("description")).and_then(Value::as_str);
        let hint = description.and_then(read_hint).unwrap_or_default();
        for (_, keyword, action) in &here {
            if matches!(action.as_str(), "removed" | "relaxed") && !hint.iter().any(|(k, _)| k == keyword) {
                problems.push(format!("'{pointer}': {keyword} was {action}, and the description has no hint of it"));
            }
        }
        if !here.iter().any(|(_, _, action)| hinting(action)) {
            continue;
        }
        let reshaped = here.iter().any(|(_, _, action)| action == "reshaped");
        for (k, _) in &hint {
            let content = reshaped && matches!(k.as_str(), "contentMediaType" | "contentSchema");
            if !content && !here.iter().any(|(_, keyword, _)| keyword == k) {
                problems.push(format!("'{pointer}': the hint gives {k}, and no change at this node says why"));
            }
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(d: &str) -> Option<Vec<String>> {
        read_hint(d).map(|h| h.into_iter().map(|(k, v)| format!("{k}={}", v.to_json())).collect())
    }

    #[test]
    fn reads_the_documented_form() {
        assert_eq!(keys("(minimum: 1, maximum: 10)").unwrap(), ["minimum=1", "maximum=10"]);
        assert_eq!(keys("How many. (minimum: 1)").unwrap(), ["minimum=1"]);
        assert_eq!(keys(r#"Code (x) (pattern: "^(a|b), (c)$")"#).unwrap(), [r#"pattern="^(a|b), (c)$""#]);
        assert_eq!(
            keys(r#"(contentSchema: {"type":"object","a":[1, 2]})"#).unwrap(),
            [r#"contentSchema={"type":"object","a":[1,2]}"#]
        );
        assert_eq!(keys(r#"(x-tool-meta: 1, "a: b": {"c": "d"})"#).unwrap(), ["x-tool-meta=1", r#"a: b={"c":"d"}"#]);
        assert_eq!(keys("x (not a hint)"), None);
        assert_eq!(keys("x (minimum 1)"), None);
        assert_eq!(keys("x"), None);
    }
}
