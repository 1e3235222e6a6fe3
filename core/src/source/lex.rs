//! The C# lexer: every literal and comment form the language has, so that a
//! declaration parser can skip what it does not read by balanced tokens.
//!
//! Tokens keep byte offsets into the text. String and character literals are
//! decoded when they are constants (an interpolated string with a hole is
//! not). `///` comments are kept and attached to the next token. Preprocessor
//! lines are read as trivia; of an `#if` … `#elif` … `#else` chain the first
//! branch is read unless its condition is the literal `false`, in which case
//! the next branch whose condition is not `false` (or `#else`) is read.

/// Deepest nesting of interpolation holes inside interpolated strings.
pub const MAX_INTERPOLATION_DEPTH: usize = 32;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An identifier or keyword; `@` of a verbatim identifier is part of the span.
    Ident,
    /// An integer literal.
    Int,
    /// A real literal (`1.5`, `1e3`, `2f`, `3m`).
    Real,
    /// A string literal; the value is `strings[i]` (`None` when not a constant).
    Str(u32),
    /// A character literal; the value is `strings[i]`.
    Char(u32),
    /// `::`
    ColonColon,
    /// `=>`
    Arrow,
    /// Any other character.
    Punct(char),
    Eof,
}

#[derive(Clone, Copy, Debug)]
pub struct Token {
    pub kind: Kind,
    pub start: u32,
    pub end: u32,
    /// The `///` comment before this token, an index into `Lexed::docs`.
    pub doc: Option<u32>,
}

/// One problem found while lexing, at a byte offset.
#[derive(Clone, Debug)]
pub struct LexError {
    pub at: usize,
    pub message: String,
}

pub struct Lexed {
    pub tokens: Vec<Token>,
    pub strings: Vec<Option<String>>,
    /// The text of each run of `///` lines, with `///` and one following space
    /// removed from each line; lines joined by `\n`.
    pub docs: Vec<String>,
    pub errors: Vec<LexError>,
}

pub fn lex(text: &str) -> Lexed {
    let mut l = Lexer {
        s: text.as_bytes(),
        text,
        i: 0,
        out: Lexed { tokens: Vec::new(), strings: Vec::new(), docs: Vec::new(), errors: Vec::new() },
        doc: Vec::new(),
        conditions: Vec::new(),
        line_start: true,
    };
    l.run();
    let end = text.len() as u32;
    l.out.tokens.push(Token { kind: Kind::Eof, start: end, end, doc: None });
    l.out
}

/// What an open `#if` has decided: whether a branch has been read yet.
#[derive(Clone, Copy)]
struct Condition {
    taken: bool,
}

struct Lexer<'a> {
    s: &'a [u8],
    text: &'a str,
    i: usize,
    out: Lexed,
    doc: Vec<(usize, usize)>,
    conditions: Vec<Condition>,
    /// Only whitespace since the last line break (where `#` starts a directive).
    line_start: bool,
}

fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

fn is_ident_continue(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

impl Lexer<'_> {
    fn peek(&self, k: usize) -> u8 {
        self.s.get(self.i + k).copied().unwrap_or(0)
    }

    fn char_at(&self, i: usize) -> Option<char> {
        self.text.get(i..).and_then(|t| t.chars().next())
    }

    fn error(&mut self, at: usize, message: impl Into<String>) {
        self.out.errors.push(LexError { at, message: message.into() });
    }

    fn push(&mut self, kind: Kind, start: usize) {
        let doc = if self.doc.is_empty() {
            None
        } else {
            let text = self.doc.iter().map(|&(a, b)| &self.text[a..b]).collect::<Vec<_>>().join("\n");
            self.doc.clear();
            self.out.docs.push(text);
            Some((self.out.docs.len() - 1) as u32)
        };
        self.out.tokens.push(Token { kind, start: start as u32, end: self.i as u32, doc });
        self.line_start = false;
    }

    fn run(&mut self) {
        while self.i < self.s.len() {
            let c = self.s[self.i];
            match c {
                b'\n' => {
                    self.i += 1;
                    self.line_start = true;
                }
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => self.i += 1,
                b'#' if self.line_start => self.directive(),
                b'/' if self.peek(1) == b'/' => self.line_comment(),
                b'/' if self.peek(1) == b'*' => self.block_comment(),
                b'"' => {
                    let start = self.i;
                    let v = self.string(0, false, 0);
                    self.push_string(v, start);
                }
                b'@' if self.peek(1) == b'"' => {
                    let start = self.i;
                    self.i += 1;
                    let v = self.string(0, true, 0);
                    self.push_string(v, start);
                }
                b'$' | b'@' if self.interpolated_start() => {
                    let start = self.i;
                    let v = self.interpolated(0);
                    self.push_string(v, start);
                }
                b'@' if self.char_at(self.i + 1).is_some_and(is_ident_start) => {
                    let start = self.i;
                    self.i += 1;
                    self.ident_rest();
                    self.push(Kind::Ident, start);
                }
                b'\'' => self.char_literal(),
                b'0'..=b'9' => self.number(),
                b'.' if self.peek(1).is_ascii_digit() => self.number(),
                b':' if self.peek(1) == b':' => {
                    let start = self.i;
                    self.i += 2;
                    self.push(Kind::ColonColon, start);
                }
                b'=' if self.peek(1) == b'>' => {
                    let start = self.i;
                    self.i += 2;
                    self.push(Kind::Arrow, start);
                }
                _ => {
                    let start = self.i;
                    let ch = self.char_at(self.i).unwrap_or('\u{fffd}');
                    if is_ident_start(ch) {
                        self.ident_rest();
                        self.push(Kind::Ident, start);
                    } else {
                        self.i += ch.len_utf8();
                        self.push(Kind::Punct(ch), start);
                    }
                }
            }
        }
        if !self.conditions.is_empty() {
            self.error(self.s.len(), "An #if has no matching #endif.");
        }
    }

    fn ident_rest(&mut self) {
        while let Some(&b) = self.s.get(self.i) {
            if b.is_ascii_alphanumeric() || b == b'_' {
                self.i += 1;
                continue;
            }
            if b.is_ascii() {
                return;
            }
            break;
        }
        while let Some(ch) = self.char_at(self.i) {
            if is_ident_continue(ch) {
                self.i += ch.len_utf8();
            } else {
                break;
            }
        }
    }

    fn push_string(&mut self, value: Option<String>, start: usize) {
        self.out.strings.push(value);
        let idx = (self.out.strings.len() - 1) as u32;
        self.push(Kind::Str(idx), start);
    }

    fn line_end(&self, from: usize) -> usize {
        self.s[from..].iter().position(|&b| b == b'\n').map_or(self.s.len(), |p| from + p)
    }

    fn line_comment(&mut self) {
        let end = self.line_end(self.i);
        let is_doc = self.peek(2) == b'/' && self.peek(3) != b'/';
        if is_doc {
            let mut from = self.i + 3;
            if self.s.get(from) == Some(&b' ') {
                from += 1;
            }
            let to = if end > from && self.s[end - 1] == b'\r' { end - 1 } else { end };
            self.doc.push((from, to.max(from)));
        }
        self.i = end;
    }

    fn block_comment(&mut self) {
        let start = self.i;
        match self.text[self.i + 2..].find("*/") {
            Some(p) => self.i = self.i + 2 + p + 2,
            None => {
                self.error(start, "This /* comment is not closed by */.");
                self.i = self.s.len();
            }
        }
    }

    /// A preprocessor line. `#if`/`#elif`/`#else`/`#endif` choose which lines
    /// are read; every other directive is skipped.
    fn directive(&mut self) {
        let start = self.i;
        let end = self.line_end(self.i);
        let line = self.text[self.i + 1..end].trim();
        let (word, rest) = line.split_once(|c: char| c.is_whitespace()).unwrap_or((line, ""));
        let rest = rest.split("//").next().unwrap_or("").trim();
        self.i = end;
        match word {
            "if" => {
                let taken = rest != "false";
                self.conditions.push(Condition { taken });
                if !taken {
                    self.skip_branch();
                }
            }
            "elif" | "else" => match self.conditions.last_mut() {
                Some(c) => {
                    if c.taken || (word == "elif" && rest == "false") {
                        self.skip_branch();
                    } else {
                        c.taken = true;
                    }
                }
                None => self.error(start, format!("#{word} has no matching #if.")),
            },
            "endif" if self.conditions.pop().is_none() => self.error(start, "#endif has no matching #if."),
            _ => {}
        }
        self.line_start = true;
    }

    /// Skips lines until the `#elif`, `#else` or `#endif` that belongs to the
    /// innermost open `#if`, leaving `self.i` at the start of that line.
    fn skip_branch(&mut self) {
        let mut depth = 0usize;
        loop {
            if self.i >= self.s.len() {
                return;
            }
            let line_start = if self.s[self.i] == b'\n' { self.i + 1 } else { self.i };
            let end = self.line_end(line_start);
            let line = self.text[line_start..end].trim_start();
            if let Some(d) = line.strip_prefix('#') {
                let d = d.trim_start();
                let word = d.split(|c: char| !c.is_ascii_alphabetic()).next().unwrap_or("");
                match word {
                    "if" => depth += 1,
                    "endif" if depth > 0 => depth -= 1,
                    "elif" | "else" | "endif" if depth == 0 => {
                        self.i = line_start;
                        self.line_start = true;
                        return;
                    }
                    _ => {}
                }
            }
            self.i = end;
        }
    }

    /// Whether `$` or `@$`/`$@` starts an interpolated string here.
    fn interpolated_start(&self) -> bool {
        let mut k = 0;
        while self.peek(k) == b'$' {
            k += 1;
        }
        if self.peek(k) == b'@' && k > 0 {
            k += 1;
        } else if self.peek(0) == b'@' && self.peek(1) == b'$' {
            k = 2;
        }
        k > 0 && self.peek(k) == b'"'
    }

    /// A regular (`"…"`) or verbatim (`@"…"`) string, or a raw one (`"""…"""`),
    /// with `self.i` at its first quote. In an interpolated string (`dollars`
    /// > 0) holes are skipped and make the value `None`.
    fn string(&mut self, dollars: usize, verbatim: bool, depth: usize) -> Option<String> {
        let start = self.i;
        let quotes = self.s[self.i..].iter().take_while(|&&b| b == b'"').count();
        if quotes >= 3 {
            return self.raw_string(quotes, dollars, depth);
        }
        self.i += 1;
        let mut value = Some(String::new());
        loop {
            let Some(ch) = self.char_at(self.i) else {
                self.error(start, "This string is not closed.");
                return None;
            };
            match ch {
                '"' if verbatim && self.peek(1) == b'"' => {
                    push(&mut value, '"');
                    self.i += 2;
                }
                '"' => {
                    self.i += 1;
                    if self.peek(0) == b'u' && self.peek(1) == b'8' {
                        // A UTF-8 string literal is a ReadOnlySpan<byte>, not a constant string.
                        self.i += 2;
                        return None;
                    }
                    return value;
                }
                '\n' if !verbatim => {
                    self.error(start, "This string is not closed before the end of the line.");
                    return None;
                }
                '\\' if !verbatim => {
                    let at = self.i;
                    match self.escape() {
                        Some(c) => value.as_mut().map(|v| v.push_str(&c)).unwrap_or(()),
                        None => {
                            self.error(at, "This escape sequence is not one C# knows.");
                            value = None;
                        }
                    }
                }
                '{' if dollars > 0 && self.peek(1) == b'{' => {
                    push(&mut value, '{');
                    self.i += 2;
                }
                '}' if dollars > 0 && self.peek(1) == b'}' => {
                    push(&mut value, '}');
                    self.i += 2;
                }
                '{' if dollars > 0 => {
                    self.i += 1;
                    self.hole(depth, 1);
                    value = None;
                }
                c => {
                    push(&mut value, c);
                    self.i += c.len_utf8();
                }
            }
        }
    }

    /// `$"…"`, `$@"…"`, `@$"…"`, `$"""…"""`, `$$"""…"""`.
    fn interpolated(&mut self, depth: usize) -> Option<String> {
        let mut dollars = 0;
        let mut verbatim = false;
        while self.peek(0) == b'$' || self.peek(0) == b'@' {
            if self.peek(0) == b'$' {
                dollars += 1;
            } else {
                verbatim = true;
            }
            self.i += 1;
        }
        self.string(dollars, verbatim, depth)
    }

    fn raw_string(&mut self, quotes: usize, dollars: usize, depth: usize) -> Option<String> {
        let start = self.i;
        self.i += quotes;
        let rest_of_line = &self.text[self.i..self.line_end(self.i)];
        let multiline = rest_of_line.trim().is_empty();
        let mut value = Some(String::new());
        let close = "\"".repeat(quotes);
        loop {
            if self.i >= self.s.len() {
                self.error(start, format!("This raw string is not closed by {quotes} quotes."));
                return None;
            }
            if self.text[self.i..].starts_with(&close) {
                self.i += quotes;
                let v = value?;
                return Some(if multiline { dedent_raw(&v) } else { v });
            }
            let ch = self.char_at(self.i).unwrap_or('\u{fffd}');
            if !multiline && ch == '\n' {
                self.error(start, "This single-line raw string is not closed before the end of the line.");
                return None;
            }
            if dollars > 0 && ch == '{' {
                let run = self.s[self.i..].iter().take_while(|&&b| b == b'{').count();
                if run >= dollars {
                    // The braces beyond `dollars` are content; the last `dollars` open the hole.
                    for _ in 0..run - dollars {
                        push(&mut value, '{');
                    }
                    self.i += run;
                    self.hole(depth, dollars);
                    value = None;
                    continue;
                }
                for _ in 0..run {
                    push(&mut value, '{');
                }
                self.i += run;
                continue;
            }
            push(&mut value, ch);
            self.i += ch.len_utf8();
        }
    }

    /// Skips an interpolation hole after its opening brace(s): nested braces,
    /// strings, characters and comments are balanced; the hole ends at a `}`
    /// run of `closing` braces at depth 0.
    fn hole(&mut self, depth: usize, closing: usize) {
        let start = self.i;
        if depth + 1 > MAX_INTERPOLATION_DEPTH {
            self.error(start, format!("Interpolated strings are nested more than {MAX_INTERPOLATION_DEPTH} deep."));
            self.i = self.s.len();
            return;
        }
        let mut braces = 0usize;
        while self.i < self.s.len() {
            match self.s[self.i] {
                b'{' => {
                    braces += 1;
                    self.i += 1;
                }
                b'}' if braces > 0 => {
                    braces -= 1;
                    self.i += 1;
                }
                b'}' => {
                    let run = self.s[self.i..].iter().take_while(|&&b| b == b'}').count();
                    self.i += run.min(closing);
                    return;
                }
                b'"' => {
                    self.string(0, false, depth + 1);
                }
                b'@' if self.peek(1) == b'"' => {
                    self.i += 1;
                    self.string(0, true, depth + 1);
                }
                b'$' | b'@' if self.interpolated_start() => {
                    self.interpolated(depth + 1);
                }
                b'\'' => {
                    let tokens = self.out.tokens.len();
                    let strings = self.out.strings.len();
                    self.char_literal();
                    self.out.tokens.truncate(tokens);
                    self.out.strings.truncate(strings);
                }
                b'/' if self.peek(1) == b'*' => self.block_comment(),
                b'/' if self.peek(1) == b'/' => self.i = self.line_end(self.i),
                _ => self.i += 1,
            }
        }
        self.error(start, "This interpolation hole is not closed by '}'.");
    }

    /// An escape sequence after `\` in a regular string or character literal.
    fn escape(&mut self) -> Option<String> {
        self.i += 1;
        let c = self.peek(0);
        self.i += 1;
        let simple = match c {
            b'\'' => '\'',
            b'"' => '"',
            b'\\' => '\\',
            b'0' => '\0',
            b'a' => '\u{7}',
            b'b' => '\u{8}',
            b'e' => '\u{1b}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'v' => '\u{b}',
            b'u' | b'U' | b'x' => {
                let (min, max) = match c {
                    b'u' => (4, 4),
                    b'U' => (8, 8),
                    _ => (1, 4),
                };
                let digits = self.s[self.i..].iter().take(max).take_while(|b| b.is_ascii_hexdigit()).count();
                if digits < min {
                    return None;
                }
                let code = u32::from_str_radix(&self.text[self.i..self.i + digits], 16).ok()?;
                self.i += digits;
                // A lone surrogate written as `\uD800` cannot be kept in UTF-8 text.
                return char::from_u32(code).map(String::from);
            }
            _ => {
                self.i -= 1;
                return None;
            }
        };
        Some(simple.to_string())
    }

    fn char_literal(&mut self) {
        let start = self.i;
        self.i += 1;
        let value = match self.char_at(self.i) {
            Some('\\') => self.escape(),
            Some('\n') | Some('\'') | None => None,
            Some(c) => {
                self.i += c.len_utf8();
                Some(c.to_string())
            }
        };
        if self.peek(0) == b'\'' {
            self.i += 1;
        } else {
            self.error(start, "This character literal is not closed by '.");
            // Resynchronise at the end of the line or the next quote.
            let end = self.line_end(self.i);
            self.i = self.text[self.i..end].find('\'').map_or(end, |p| self.i + p + 1);
        }
        self.out.strings.push(value);
        let idx = (self.out.strings.len() - 1) as u32;
        self.push(Kind::Char(idx), start);
    }

    fn number(&mut self) {
        let start = self.i;
        let mut real = false;
        if self.peek(0) == b'0' && matches!(self.peek(1), b'x' | b'X' | b'b' | b'B') {
            self.i += 2;
            while self.peek(0).is_ascii_hexdigit() || self.peek(0) == b'_' {
                self.i += 1;
            }
        } else {
            while self.peek(0).is_ascii_digit() || self.peek(0) == b'_' {
                self.i += 1;
            }
            if self.peek(0) == b'.' && self.peek(1).is_ascii_digit() {
                real = true;
                self.i += 1;
                while self.peek(0).is_ascii_digit() || self.peek(0) == b'_' {
                    self.i += 1;
                }
            }
            if matches!(self.peek(0), b'e' | b'E')
                && (self.peek(1).is_ascii_digit()
                    || (matches!(self.peek(1), b'+' | b'-') && self.peek(2).is_ascii_digit()))
            {
                real = true;
                self.i += 2;
                while self.peek(0).is_ascii_digit() || self.peek(0) == b'_' {
                    self.i += 1;
                }
            }
        }
        // Suffixes: u, l, ul, lu (integers); f, d, m (reals).
        while self.peek(0).is_ascii_alphabetic() {
            if matches!(self.peek(0), b'f' | b'F' | b'd' | b'D' | b'm' | b'M') {
                real = true;
            }
            self.i += 1;
        }
        self.push(if real { Kind::Real } else { Kind::Int }, start);
    }
}

fn push(value: &mut Option<String>, c: char) {
    if let Some(v) = value {
        v.push(c);
    }
}

/// The content of a multi-line raw string: the first line (after the opening
/// quotes) and the last (before the closing quotes) are dropped, and the
/// closing line's indentation is removed from every line.
fn dedent_raw(v: &str) -> String {
    let lines: Vec<&str> = v.split('\n').collect();
    if lines.len() < 2 {
        return String::new();
    }
    let indent = lines[lines.len() - 1];
    let body = &lines[1..lines.len() - 1];
    body.iter()
        .map(|l| {
            let l = l.strip_suffix('\r').unwrap_or(l);
            l.strip_prefix(indent.trim_end_matches('\r')).unwrap_or(l.trim_start())
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Kind> {
        lex(text).tokens.iter().map(|t| t.kind).collect()
    }

    fn strings(text: &str) -> Vec<Option<String>> {
        lex(text).strings
    }

    #[test]
    fn every_string_form_is_one_token() {
        let text = r#"a "x\"y" @"c:\""d" """raw "quoted" """ $"{b} {{c}}" $@"{(q ? "a" : "b")}" 'c' '\n' z"#;
        let l = lex(text);
        assert!(l.errors.is_empty(), "{:?}", l.errors);
        let ids: Vec<&str> = l
            .tokens
            .iter()
            .filter(|t| t.kind == Kind::Ident)
            .map(|t| &text[t.start as usize..t.end as usize])
            .collect();
        assert_eq!(ids, ["a", "z"]);
        assert_eq!(
            l.strings,
            [
                Some("x\"y".into()),
                Some("c:\\\"d".into()),
                Some("raw \"quoted\" ".into()),
                None,
                None,
                Some("c".into()),
                Some("\n".into())
            ]
        );
    }

    #[test]
    fn raw_strings_are_dedented_and_interpolation_counts_dollars() {
        let text = "\"\"\"\n    one\n      two\n    \"\"\"";
        assert_eq!(strings(text), [Some("one\n  two".into())]);
        assert_eq!(strings("$$\"\"\"{x} {{y}}\"\"\""), [None]);
        assert_eq!(strings("$$\"\"\"{x}\"\"\""), [Some("{x}".into())]);
        assert_eq!(strings("$\"{{}}\""), [Some("{}".into())]);
    }

    #[test]
    fn doc_comments_attach_to_the_next_token() {
        let l = lex("/// <summary>\n/// Hi.\n/// </summary>\n// plain\n[Tool] void F();");
        assert_eq!(l.docs, ["<summary>\nHi.\n</summary>"]);
        assert_eq!(l.tokens[0].doc, Some(0));
        assert_eq!(l.tokens[1].doc, None);
    }

    #[test]
    fn preprocessor_branches() {
        let text = "#if false\nclass A {\n#else\nclass B\n#endif\n#region r\n}\n#endregion";
        let l = lex(text);
        let ids: Vec<&str> = l
            .tokens
            .iter()
            .filter(|t| t.kind == Kind::Ident)
            .map(|t| &text[t.start as usize..t.end as usize])
            .collect();
        assert_eq!(ids, ["class", "B"]);
        assert!(l.errors.is_empty());
        let l = lex("#if DEBUG\nint a;\n#else\nint b;\n#endif");
        assert_eq!(l.tokens.len(), 4, "the #else branch is skipped");
    }

    #[test]
    fn numbers_and_operators() {
        use Kind::{Eof, Int, Real};
        assert_eq!(
            kinds("1 0x1F 0b1_0 1.5 1e3 2f 3m 10UL .5"),
            [Int, Int, Int, Real, Real, Real, Real, Int, Real, Eof]
        );
        assert_eq!(
            kinds("a::b => c"),
            [Kind::Ident, Kind::ColonColon, Kind::Ident, Kind::Arrow, Kind::Ident, Kind::Eof]
        );
    }

    #[test]
    fn unterminated_forms_are_errors_not_hangs() {
        for text in ["\"abc", "@\"abc", "\"\"\"abc", "/* x", "'a", "$\"{x", "$\"{\"", "#if X\nint a;"] {
            let l = lex(text);
            assert!(!l.errors.is_empty(), "{text:?}");
        }
    }
}
