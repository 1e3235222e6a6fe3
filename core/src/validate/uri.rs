//! URI references as `$id`, `$ref` and `$schema` use them: RFC 3986
//! reference resolution (§5.2), enough to name every schema resource of a
//! document and find the one a reference points to. Nothing is retrieved.

use std::borrow::Cow;

/// The base of a document that has no `$id` of its own.
pub(crate) const DEFAULT_BASE: &str = "json-schema:///";

/// The five components of a URI reference (RFC 3986 appendix B).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Parts<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

fn parts(s: &str) -> Parts<'_> {
    let (rest, fragment) = match s.find('#') {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let (rest, query) = match rest.find('?') {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    let (scheme, rest) = match rest.find([':', '/']) {
        Some(i) if rest.as_bytes()[i] == b':' && i > 0 && is_scheme(&rest[..i]) => (Some(&rest[..i]), &rest[i + 1..]),
        _ => (None, rest),
    };
    let (authority, path) = match rest.strip_prefix("//") {
        Some(after) => match after.find('/') {
            Some(i) => (Some(&after[..i]), &after[i..]),
            None => (Some(after), ""),
        },
        None => (None, rest),
    };
    Parts { scheme, authority, path, query, fragment }
}

fn is_scheme(s: &str) -> bool {
    let mut b = s.bytes();
    b.next().is_some_and(|c| c.is_ascii_alphabetic())
        && b.all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
}

fn remove_dot_segments(path: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let absolute = path.starts_with('/');
    let segments: Vec<&str> = path.split('/').collect();
    let last = segments.len().saturating_sub(1);
    let mut trailing_slash = false;
    for (i, seg) in segments.iter().enumerate() {
        if i == 0 && absolute {
            continue;
        }
        match *seg {
            "." => trailing_slash = i == last,
            ".." => {
                out.pop();
                trailing_slash = i == last;
            }
            s => {
                out.push(s);
                trailing_slash = false;
            }
        }
    }
    let mut s = String::with_capacity(path.len());
    if absolute {
        s.push('/');
    }
    s.push_str(&out.join("/"));
    if trailing_slash && !s.ends_with('/') {
        s.push('/');
    }
    s
}

fn merge(base: &Parts<'_>, reference_path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        return format!("/{reference_path}");
    }
    match base.path.rfind('/') {
        Some(i) => format!("{}{reference_path}", &base.path[..=i]),
        None => reference_path.to_owned(),
    }
}

fn write(
    scheme: Option<&str>,
    authority: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> String {
    let mut s = String::new();
    if let Some(sc) = scheme {
        s.push_str(sc);
        s.push(':');
    }
    if let Some(a) = authority {
        s.push_str("//");
        s.push_str(a);
    }
    s.push_str(path);
    if let Some(q) = query {
        s.push('?');
        s.push_str(q);
    }
    if let Some(f) = fragment {
        s.push('#');
        s.push_str(f);
    }
    s
}

/// `reference` resolved against the absolute URI `base` (RFC 3986 §5.2.2).
pub(crate) fn resolve(base: &str, reference: &str) -> String {
    let r = parts(reference);
    let b = parts(base);
    if r.scheme.is_some() {
        return write(r.scheme, r.authority, &remove_dot_segments(r.path), r.query, r.fragment);
    }
    if r.authority.is_some() {
        return write(b.scheme, r.authority, &remove_dot_segments(r.path), r.query, r.fragment);
    }
    if r.path.is_empty() {
        return write(b.scheme, b.authority, b.path, r.query.or(b.query), r.fragment);
    }
    let path =
        if r.path.starts_with('/') { remove_dot_segments(r.path) } else { remove_dot_segments(&merge(&b, r.path)) };
    write(b.scheme, b.authority, &path, r.query, r.fragment)
}

/// An absolute URI split at its fragment: the resource, and the fragment
/// (`None` when there is no `#`).
pub(crate) fn split_fragment(uri: &str) -> (&str, Option<&str>) {
    match uri.find('#') {
        Some(i) => (&uri[..i], Some(&uri[i + 1..])),
        None => (uri, None),
    }
}

/// How a URI is named to a person: without the default base.
pub(crate) fn shown(uri: &str) -> &str {
    uri.strip_prefix(DEFAULT_BASE).unwrap_or(uri)
}

/// `%XX` escapes decoded (a bad escape is kept as written; bytes that are
/// not UTF-8 keep the text as written).
pub(crate) fn percent_decode(s: &str) -> std::borrow::Cow<'_, str> {
    crate::validate::refcheck::percent_decode(s)
}

/// A JSON pointer's segments, unescaped (`~1` → `/`, `~0` → `~`). `None`
/// when the pointer does not start with `/`.
/// A segment without `~` is borrowed as it is.
pub(crate) fn pointer_segments(pointer: &str) -> Option<Vec<Cow<'_, str>>> {
    if pointer.is_empty() {
        return Some(Vec::new());
    }
    Some(pointer.strip_prefix('/')?.split('/').map(crate::json::pointer_segment).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_as_rfc_3986_does() {
        let base = "http://a/b/c/d;p?q";
        for (r, want) in [
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("", "http://a/b/c/d;p?q"),
            ("..", "http://a/b/"),
            ("../g", "http://a/b/g"),
            ("../../g", "http://a/g"),
            ("../../../g", "http://a/g"),
            ("g;x=1/../y", "http://a/b/c/y"),
            ("urn:x:y", "urn:x:y"),
        ] {
            assert_eq!(resolve(base, r), want, "{r}");
        }
        assert_eq!(resolve(DEFAULT_BASE, "other.json"), "json-schema:///other.json");
        assert_eq!(resolve("urn:uuid:deadbeef", "#/$defs/a"), "urn:uuid:deadbeef#/$defs/a");
        assert_eq!(resolve("https://x.test/a/b.json", "c.json#foo"), "https://x.test/a/c.json#foo");
    }
}
