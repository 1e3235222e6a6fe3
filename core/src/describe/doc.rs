//! Doc-comment flattening (`tool-schemas.md`, "Doc comments"): the text of a
//! `<summary>` or `<param>` as one line a model can read.
//!
//! Whitespace runs collapse to one space; `<see cref="X"/>` becomes `X`
//! (`List{T}` in a cref reads `List<T>`, a `T:`-style prefix is dropped);
//! `<see langword="null"/>` becomes `null`; `<see href="u"/>` becomes `u`; a
//! `<see>` with content keeps its content; `<paramref name="p"/>` and
//! `<typeparamref name="T"/>` become their names; every other element keeps
//! its text, and block elements (`<para>`, `<br/>`, `<list>`, `<item>`) break
//! words apart. The five XML entities and numeric character references are
//! decoded. Text that is not well-formed markup is kept as written.

/// Flattens doc-comment XML to one line. Linear in the length of the text:
/// every search stops at the next `<`, so no part is scanned twice over.
pub fn flatten(xml: &str) -> String {
    let mut raw = String::with_capacity(xml.len());
    let mut rest = xml;
    let mut comments_close = true;
    while let Some(lt) = rest.find(['<', '&']) {
        raw.push_str(&rest[..lt]);
        rest = &rest[lt..];
        if rest.starts_with('&') {
            match entity(rest) {
                Some((c, len)) => {
                    raw.push(c);
                    rest = &rest[len..];
                }
                None => {
                    raw.push('&');
                    rest = &rest[1..];
                }
            }
            continue;
        }
        match Tag::parse(rest, &mut comments_close) {
            Some((tag, len)) => {
                rest = &rest[len..];
                raw.push_str(&tag.replacement(&mut rest));
            }
            None => {
                raw.push('<');
                rest = &rest[1..];
            }
        }
    }
    raw.push_str(rest);
    collapse_whitespace(&raw)
}

fn collapse_whitespace(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

struct Tag<'a> {
    name: &'a str,
    attrs: Vec<(&'a str, String)>,
    closing: bool,
    self_closing: bool,
}

impl<'a> Tag<'a> {
    /// Parses `<name a="v" …>`, `<name …/>`, `</name>` or `<!-- … -->` at the
    /// start of `s`, returning it and its length. `comments_close` turns false
    /// once a comment is found unclosed, since no later one can close either.
    fn parse(s: &'a str, comments_close: &mut bool) -> Option<(Tag<'a>, usize)> {
        if let Some(body) = s.strip_prefix("<!--") {
            if !*comments_close {
                return None;
            }
            let Some(end) = body.find("-->") else {
                *comments_close = false;
                return None;
            };
            return Some((Tag { name: "!--", attrs: vec![], closing: false, self_closing: true }, 4 + end + 3));
        }
        // A tag ends before the next `<`, or is not a tag.
        let limit = s[1..].find('<').map_or(s.len(), |i| i + 1);
        let end = s[..limit].find('>')?;
        let inner = &s[1..end];
        let (closing, inner) = match inner.strip_prefix('/') {
            Some(r) => (true, r),
            None => (false, inner),
        };
        let (self_closing, inner) = match inner.strip_suffix('/') {
            Some(r) => (true, r),
            None => (false, inner),
        };
        let name_end = inner.find(|c: char| c.is_whitespace()).unwrap_or(inner.len());
        let name = &inner[..name_end];
        let valid_name = name.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | ':'));
        if !valid_name {
            return None;
        }
        let mut attrs = Vec::new();
        let mut a = inner[name_end..].trim_start();
        while !a.is_empty() {
            let eq = a.find('=')?;
            let key = a[..eq].trim();
            let after = a[eq + 1..].trim_start();
            let quote = after.chars().next().filter(|c| *c == '"' || *c == '\'')?;
            let close = after[1..].find(quote)?;
            attrs.push((key, flatten_entities(&after[1..1 + close])));
            a = after[1 + close + 1..].trim_start();
        }
        if closing && (self_closing || !attrs.is_empty()) {
            return None;
        }
        Some((Tag { name, attrs, closing, self_closing }, end + 1))
    }

    fn attr(&self, key: &str) -> Option<&str> {
        self.attrs.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_str())
    }

    /// What the tag stands for in the flattened text. For a `<see>` that has
    /// content, the content is kept and the reference dropped, so the
    /// replacement is empty.
    fn replacement(&self, rest: &mut &str) -> String {
        let block = matches!(self.name, "para" | "br" | "list" | "item" | "listheader" | "p");
        if block {
            return " ".into();
        }
        if self.closing || self.name == "!--" {
            return String::new();
        }
        match self.name {
            "see" | "seealso" => {
                if !self.self_closing && has_content_before_close(rest, self.name) {
                    return String::new();
                }
                if let Some(cref) = self.attr("cref") {
                    readable_cref(cref)
                } else if let Some(word) = self.attr("langword") {
                    word.to_owned()
                } else if let Some(href) = self.attr("href") {
                    href.to_owned()
                } else {
                    String::new()
                }
            }
            "paramref" | "typeparamref" => self.attr("name").unwrap_or("").to_owned(),
            _ => String::new(),
        }
    }
}

/// Whether the element just opened (`<see …>`) has content: text before the
/// next tag, or a next tag other than its own `</see>`.
fn has_content_before_close(rest: &str, name: &str) -> bool {
    let next = rest.find('<').unwrap_or(rest.len());
    !rest[..next].trim().is_empty() || (next < rest.len() && !rest[next..].starts_with(&format!("</{name}>")))
}

/// `T:System.Collections.Generic.List{T}` → `System.Collections.Generic.List<T>`.
fn readable_cref(cref: &str) -> String {
    let bytes = cref.as_bytes();
    let body = if bytes.len() > 2 && bytes[1] == b':' && bytes[0].is_ascii_uppercase() { &cref[2..] } else { cref };
    body.replace('{', "<").replace('}', ">")
}

fn flatten_entities(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        match entity(rest) {
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Decodes the entity at the start of `s` (which starts with `&`).
fn entity(s: &str) -> Option<(char, usize)> {
    let end = s.bytes().take(12).position(|b| b == b';')?;
    let name = &s[1..end];
    let c = match name {
        "lt" => '<',
        "gt" => '>',
        "amp" => '&',
        "quot" => '"',
        "apos" => '\'',
        _ => {
            let code = if let Some(hex) = name.strip_prefix("#x").or_else(|| name.strip_prefix("#X")) {
                u32::from_str_radix(hex, 16).ok()?
            } else {
                name.strip_prefix('#')?.parse().ok()?
            };
            char::from_u32(code)?
        }
    };
    Some((c, end + 1))
}

#[cfg(test)]
mod tests {
    use super::flatten;

    #[test]
    fn collapses_whitespace() {
        assert_eq!(flatten("\n   Looks up\n   a   docket.\t\n"), "Looks up a docket.");
    }

    #[test]
    fn references_become_names() {
        assert_eq!(flatten("Looks up a <see cref=\"Docket\"/>."), "Looks up a Docket.");
        assert_eq!(
            flatten("Uses <see cref=\"T:System.Collections.Generic.List{T}\" />."),
            "Uses System.Collections.Generic.List<T>."
        );
        assert_eq!(flatten("Pass <paramref name=\"caseId\"/> twice."), "Pass caseId twice.");
        assert_eq!(flatten("Of <typeparamref name=\"T\"/>."), "Of T.");
        assert_eq!(flatten("Returns <see langword=\"null\"/> if absent."), "Returns null if absent.");
        assert_eq!(flatten("See <see href=\"https://x.test/a?b&amp;c\"/>."), "See https://x.test/a?b&c.");
        assert_eq!(flatten("See <see cref=\"Docket\">the docket</see>."), "See the docket.");
    }

    #[test]
    fn elements_keep_their_text() {
        assert_eq!(flatten("Set <c>limit</c> to <b>10</b>."), "Set limit to 10.");
        assert_eq!(flatten("<para>First.</para><para>Second.</para>"), "First. Second.");
        assert_eq!(flatten("One<br/>two"), "One two");
        assert_eq!(flatten("a <!-- hidden --> b"), "a b");
    }

    #[test]
    fn see_with_markup_inside_keeps_it() {
        assert_eq!(flatten("See <see cref=\"X\"><c>the x</c></see>."), "See the x.");
        assert_eq!(flatten("See <see cref=\"X\"></see>."), "See X.");
    }

    #[test]
    fn hostile_markup_stays_linear() {
        // Each of these is quadratic for a parser that searches to the end of
        // the text from every `<`; here they finish at once.
        let n = 200_000;
        assert_eq!(flatten(&"<".repeat(n)).len(), n);
        assert_eq!(flatten(&"<!--".repeat(n / 4)).len(), n);
        assert_eq!(flatten(&"<see cref=\"a\"/>".repeat(n / 16)).len(), n / 16);
        assert_eq!(flatten(&"<see cref=\"a\">".repeat(n / 16)).len(), 1);
    }

    #[test]
    fn entities_and_stray_markup() {
        assert_eq!(flatten("x &lt; 5 &amp;&amp; y &gt; 2 &#233;&#x41;"), "x < 5 && y > 2 éA");
        assert_eq!(flatten("a < b and c & d"), "a < b and c & d");
        assert_eq!(flatten("1 <2> 3"), "1 <2> 3");
        assert_eq!(flatten("unclosed <see cref=\"X\""), "unclosed <see cref=\"X\"");
        assert_eq!(flatten(""), "");
    }
}
