//! The arguments as validation reads them: one pass over the text into a flat
//! tape of tokens in document order, with no copy of the text. A string is a
//! span of the text (or, when it has escapes, of one side buffer holding the
//! decoded strings); a number is the span of its digits; an array or object
//! knows how many items or members it has and where its last descendant ends,
//! so that validation can skip a value in one step and find a token's path
//! from its parent links.
//!
//! The tape accepts exactly what [`crate::json::parse`] accepts (RFC 8259, no
//! duplicate keys, the same limits). When a text is refused, the error is
//! taken from `json::parse`, so that every message, line and column is the
//! one that parser gives.

use crate::json::{self, ParseError, ParseErrorKind, ParseLimits};

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Kind {
    Null,
    False,
    True,
    Number,
    String,
    Array,
    Object,
}

/// The string has escapes: its text is in the tape's side buffer.
pub(crate) const ESCAPED: u8 = 1;
/// A number written with a fraction, an exponent, or as `-0`: its text is
/// not the integer it may be.
pub(crate) const NOT_PLAIN: u8 = 2;

/// One token. Objects are followed by their members, each a key token (a
/// string) and then its value; arrays by their items.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tok {
    pub kind: Kind,
    pub flags: u8,
    /// Strings and numbers: the length of the text in bytes. Arrays and
    /// objects: how many items or members.
    pub len: u32,
    /// Strings and numbers: where the text starts. Arrays and objects: the
    /// index just past the last token of the value.
    pub at: u32,
    /// The array or object holding this token (for a member, its object),
    /// `NONE` for the top-level value.
    pub parent: u32,
    /// The item index in an array, the member index in an object.
    pub ordinal: u32,
}

pub(crate) const NONE: u32 = u32::MAX;

/// A parsed argument text.
pub(crate) struct Tape<'a> {
    pub text: &'a str,
    pub toks: Vec<Tok>,
    /// Decoded strings that had escapes.
    pub side: String,
    /// The text of the value (`text` without the whitespace around it) is
    /// already what the compact writer would write: no whitespace between
    /// tokens and only the escapes it writes.
    pub compact: bool,
    /// Where the value starts and ends in `text`.
    pub span: (usize, usize),
    /// Some number in the text may be an integer not written as one (`2.0`,
    /// `1e2`, `-0`).
    pub any_not_plain: bool,
}

impl<'a> Tape<'a> {
    /// Parses `text` under `limits`. A text that is not accepted gets the
    /// error `json::parse` gives for it.
    pub(crate) fn parse(text: &'a str, limits: ParseLimits) -> Result<Tape<'a>, ParseError> {
        if text.len() > limits.max_bytes {
            return Err(ParseError { kind: ParseErrorKind::TooLarge { limit: limits.max_bytes }, line: 1, column: 1 });
        }
        if text.len() >= NONE as usize {
            // Token positions are 32-bit; the documented limits are far below.
            return Err(ParseError { kind: ParseErrorKind::TooLarge { limit: NONE as usize - 1 }, line: 1, column: 1 });
        }
        let mut p = Parser {
            text,
            b: text.as_bytes(),
            pos: 0,
            toks: Vec::with_capacity(text.len() / 4 + 8),
            side: String::new(),
            compact: true,
            any_not_plain: false,
            max_depth: limits.max_depth,
            stack: Vec::new(),
            keys: Vec::new(),
            span: (0, text.len()),
        };
        match p.run() {
            Some(()) => Ok(Tape {
                text,
                toks: p.toks,
                side: p.side,
                compact: p.compact,
                span: p.span,
                any_not_plain: p.any_not_plain,
            }),
            None => Err(match json::parse(text, limits) {
                Err(e) => e,
                // Both parsers read one grammar; should they ever disagree,
                // the text is still refused, with a position of its own.
                Ok(_) => ParseError { kind: ParseErrorKind::Syntax("unexpected text"), line: 1, column: 1 },
            }),
        }
    }

    /// The text of a string token.
    #[inline]
    pub(crate) fn str(&self, i: u32) -> &str {
        let t = &self.toks[i as usize];
        let (start, end) = (t.at as usize, t.at as usize + t.len as usize);
        if t.flags & ESCAPED != 0 { &self.side[start..end] } else { &self.text[start..end] }
    }

    /// The text of a number token.
    #[inline]
    pub(crate) fn number(&self, i: u32) -> &str {
        let t = &self.toks[i as usize];
        &self.text[t.at as usize..t.at as usize + t.len as usize]
    }

    #[inline]
    pub(crate) fn tok(&self, i: u32) -> &Tok {
        &self.toks[i as usize]
    }

    /// The index just past value `i` and everything in it.
    #[inline]
    pub(crate) fn end(&self, i: u32) -> u32 {
        let t = &self.toks[i as usize];
        match t.kind {
            Kind::Array | Kind::Object => t.at,
            _ => i + 1,
        }
    }

    /// The members of object `i`, as (key token, value token).
    pub(crate) fn members(&self, i: u32) -> Members<'_, 'a> {
        Members { tape: self, next: i + 1, left: self.toks[i as usize].len }
    }

    /// The items of array `i`.
    pub(crate) fn items(&self, i: u32) -> Items<'_, 'a> {
        Items { tape: self, next: i + 1, left: self.toks[i as usize].len }
    }

    /// How deep token `i` is: the top-level value is 0.
    pub(crate) fn depth(&self, mut i: u32) -> usize {
        let mut d = 0;
        while self.toks[i as usize].parent != NONE {
            i = self.toks[i as usize].parent;
            d += 1;
        }
        d
    }

    /// The value of the member named `key` of object `i`.
    pub(crate) fn member(&self, i: u32, key: &str) -> Option<u32> {
        self.members(i).find(|&(k, _)| self.str(k) == key).map(|(_, v)| v)
    }
}

pub(crate) struct Members<'t, 'a> {
    tape: &'t Tape<'a>,
    next: u32,
    left: u32,
}

impl Iterator for Members<'_, '_> {
    type Item = (u32, u32);

    #[inline]
    fn next(&mut self) -> Option<(u32, u32)> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let key = self.next;
        let value = key + 1;
        self.next = self.tape.end(value);
        Some((key, value))
    }
}

pub(crate) struct Items<'t, 'a> {
    tape: &'t Tape<'a>,
    next: u32,
    left: u32,
}

impl Iterator for Items<'_, '_> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let item = self.next;
        self.next = self.tape.end(item);
        Some(item)
    }
}

/// An array or object being read.
struct Open {
    tok: u32,
    /// Items or members read so far.
    count: u32,
    object: bool,
    /// Where this object's keys start in `Parser::keys`.
    keys_from: u32,
    /// Past 16 members, the keys seen by hash, for a linear duplicate check.
    set: Option<std::collections::HashMap<u64, Vec<u32>>>,
}

/// A key seen in an open object: its print (length and first eight bytes)
/// and token.
#[derive(Clone, Copy)]
struct Key {
    len: u32,
    head: u64,
    tok: u32,
}

struct Parser<'a> {
    text: &'a str,
    b: &'a [u8],
    pos: usize,
    toks: Vec<Tok>,
    side: String,
    compact: bool,
    any_not_plain: bool,
    max_depth: usize,
    stack: Vec<Open>,
    /// The keys of the objects being read.
    keys: Vec<Key>,
    span: (usize, usize),
}

/// Bytes that end a plain run inside a string.
const fn special_table() -> [bool; 256] {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 0x20 {
        t[i] = true;
        i += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t
}
static SPECIAL: [bool; 256] = special_table();

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The first byte at or after `i` that is `"`, `\` or a control character
/// (eight bytes at a time), or `b.len()`.
#[inline]
fn find_special(b: &[u8], mut i: usize) -> usize {
    while i + 8 <= b.len() {
        let mut chunk = [0u8; 8];
        chunk.copy_from_slice(&b[i..i + 8]);
        let x = u64::from_le_bytes(chunk);
        let quote = x ^ (ONES * u64::from(b'"'));
        let slash = x ^ (ONES * u64::from(b'\\'));
        let found = (quote.wrapping_sub(ONES) & !quote)
            | (slash.wrapping_sub(ONES) & !slash)
            | (x.wrapping_sub(ONES * 0x20) & !x);
        let found = found & HIGHS;
        if found != 0 {
            return i + (found.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < b.len() && !SPECIAL[b[i] as usize] {
        i += 1;
    }
    i
}

/// A key's print: its length and first eight bytes.
#[inline]
fn print(s: &[u8]) -> (u32, u64) {
    let mut head = [0u8; 8];
    let n = s.len().min(8);
    head[..n].copy_from_slice(&s[..n]);
    (s.len() as u32, u64::from_le_bytes(head))
}

impl Parser<'_> {
    #[inline]
    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.b.get(self.pos) {
            self.pos += 1;
            self.compact = false;
        }
    }

    fn run(&mut self) -> Option<()> {
        // Whitespace around the value is not part of it.
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.b.get(self.pos) {
            self.pos += 1;
        }
        self.span.0 = self.pos;
        let (mut parent, mut ordinal) = (NONE, 0);
        loop {
            // A value starts here.
            if self.value(parent, ordinal)? {
                // It opened an array or object.
                self.ws();
                let close = if self.stack.last()?.object { b'}' } else { b']' };
                if self.b.get(self.pos) != Some(&close) {
                    (parent, ordinal) = self.next_in_open()?;
                    continue;
                }
                self.pos += 1;
                self.close();
            }
            // After a value: close what it ends, or go on to the next one.
            loop {
                if self.stack.is_empty() {
                    self.span.1 = self.pos;
                    return self.end();
                }
                self.ws();
                let object = self.stack.last()?.object;
                match self.b.get(self.pos) {
                    Some(b',') => {
                        self.pos += 1;
                        self.ws();
                        (parent, ordinal) = self.next_in_open()?;
                        break;
                    }
                    Some(b'}') if object => {
                        self.pos += 1;
                        self.close();
                    }
                    Some(b']') if !object => {
                        self.pos += 1;
                        self.close();
                    }
                    _ => return None,
                }
            }
        }
    }

    /// The next item (or key, `:` and member) of the innermost open value:
    /// where the value that follows goes.
    #[inline]
    fn next_in_open(&mut self) -> Option<(u32, u32)> {
        let open = self.stack.last_mut()?;
        let (tok, ordinal, object) = (open.tok, open.count, open.object);
        open.count += 1;
        if object {
            self.key(tok, ordinal)?;
            self.ws();
            if self.b.get(self.pos) != Some(&b':') {
                return None;
            }
            self.pos += 1;
            self.ws();
        }
        Some((tok, ordinal))
    }

    /// After the value: only whitespace.
    fn end(&mut self) -> Option<()> {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.b.get(self.pos) {
            self.pos += 1;
        }
        (self.pos == self.b.len()).then_some(())
    }

    fn close(&mut self) {
        if let Some(open) = self.stack.pop() {
            let end = self.toks.len() as u32;
            let t = &mut self.toks[open.tok as usize];
            t.at = end;
            t.len = open.count;
            if open.object {
                self.keys.truncate(open.keys_from as usize);
            }
        }
    }

    /// One value; `true` when it opened an array or object (`run` reads
    /// what is in it).
    #[inline]
    fn value(&mut self, parent: u32, ordinal: u32) -> Option<bool> {
        let c = *self.b.get(self.pos)?;
        let (kind, flags, len, at) = match c {
            b'"' => {
                let (flags, len, at) = self.string()?;
                (Kind::String, flags, len, at)
            }
            b'-' | b'0'..=b'9' => {
                let start = self.pos;
                let (end, plain, integral) = json::scan_number_classified(self.b, start)?;
                self.pos = end;
                if integral {
                    self.any_not_plain = true;
                }
                (Kind::Number, if plain { 0 } else { NOT_PLAIN }, (end - start) as u32, start as u32)
            }
            b'{' | b'[' => {
                if self.stack.len() >= self.max_depth {
                    return None;
                }
                self.pos += 1;
                let tok = self.toks.len() as u32;
                let object = c == b'{';
                let kind = if object { Kind::Object } else { Kind::Array };
                self.toks.push(Tok { kind, flags: 0, len: 0, at: 0, parent, ordinal });
                let keys_from = self.keys.len() as u32;
                self.stack.push(Open { tok, count: 0, object, keys_from, set: None });
                return Some(true);
            }
            b't' => self.literal(b"true", Kind::True)?,
            b'f' => self.literal(b"false", Kind::False)?,
            b'n' => self.literal(b"null", Kind::Null)?,
            _ => return None,
        };
        self.toks.push(Tok { kind, flags, len, at, parent, ordinal });
        Some(false)
    }

    #[inline]
    fn literal(&mut self, word: &[u8], kind: Kind) -> Option<(Kind, u8, u32, u32)> {
        if !self.b[self.pos..].starts_with(word) {
            return None;
        }
        self.pos += word.len();
        Some((kind, 0, 0, 0))
    }

    /// A member's key, checked against the object's other keys.
    fn key(&mut self, parent: u32, ordinal: u32) -> Option<()> {
        if self.b.get(self.pos) != Some(&b'"') {
            return None;
        }
        let (flags, len, at) = self.string()?;
        let tok = self.toks.len() as u32;
        self.toks.push(Tok { kind: Kind::String, flags, len, at, parent, ordinal });
        let (klen, head) = print(self.key_str(tok).as_bytes());
        let from = self.stack.last()?.keys_from as usize;
        let seen = self.keys.len() - from;
        if seen < 16 {
            for k in &self.keys[from..] {
                if k.len == klen && k.head == head && (klen <= 8 || self.key_str(k.tok) == self.key_str(tok)) {
                    return None;
                }
            }
        } else {
            // Past 16 keys, a set of their hashes keeps the check linear; a
            // hash seen before is compared by text.
            let mut set = self.stack.last_mut()?.set.take().unwrap_or_default();
            if set.is_empty() {
                for k in &self.keys[from..] {
                    set.entry(hash(self.key_str(k.tok))).or_default().push(k.tok);
                }
            }
            let this = self.key_str(tok);
            let same = set.entry(hash(this)).or_default();
            if same.iter().any(|&k| self.key_str(k) == this) {
                return None;
            }
            same.push(tok);
            self.stack.last_mut()?.set = Some(set);
        }
        self.keys.push(Key { len: klen, head, tok });
        Some(())
    }

    fn key_str(&self, k: u32) -> &str {
        let t = &self.toks[k as usize];
        let (s, e) = (t.at as usize, (t.at + t.len) as usize);
        if t.flags & ESCAPED != 0 { &self.side[s..e] } else { &self.text[s..e] }
    }

    /// A string starting at the opening quote: its flags, length and where
    /// its text is (in the source, or in the side buffer when escaped).
    #[inline]
    fn string(&mut self) -> Option<(u8, u32, u32)> {
        self.pos += 1;
        let start = self.pos;
        // The plain part: bytes that need no decoding.
        self.pos = find_special(self.b, self.pos);
        match self.b.get(self.pos) {
            Some(b'"') => {
                self.pos += 1;
                Some((0, (self.pos - 1 - start) as u32, start as u32))
            }
            Some(b'\\') => self.escaped(start),
            _ => None,
        }
    }

    /// The rest of a string that has escapes, decoded into the side buffer.
    fn escaped(&mut self, start: usize) -> Option<(u8, u32, u32)> {
        let at = self.side.len();
        self.side.push_str(&self.text[start..self.pos]);
        loop {
            match *self.b.get(self.pos)? {
                b'"' => {
                    self.pos += 1;
                    return Some((ESCAPED, (self.side.len() - at) as u32, at as u32));
                }
                b'\\' => {
                    self.pos += 1;
                    let c = match *self.b.get(self.pos)? {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => {
                            self.compact = false;
                            '/'
                        }
                        b'b' => '\u{08}',
                        b'f' => '\u{0c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            self.pos += 1;
                            let c = self.unicode_escape()?;
                            // The writer spells only other control
                            // characters as \u00xx (lowercase).
                            let written = (c as u32) < 0x20
                                && !matches!(c, '\u{08}' | '\u{0c}' | '\n' | '\r' | '\t')
                                && self.text[self.pos - 4..self.pos].bytes().all(|d| !d.is_ascii_uppercase());
                            if !written {
                                self.compact = false;
                            }
                            self.side.push(c);
                            continue;
                        }
                        _ => return None,
                    };
                    self.pos += 1;
                    self.side.push(c);
                }
                c if c < 0x20 => return None,
                _ => {
                    let run = self.pos;
                    self.pos = find_special(self.b, self.pos);
                    self.side.push_str(&self.text[run..self.pos]);
                }
            }
        }
    }

    /// After `\u`: four hex digits, and a low surrogate escape after a high one.
    fn unicode_escape(&mut self) -> Option<char> {
        let hi = self.hex4()?;
        if (0xD800..0xDC00).contains(&hi) {
            if self.b[self.pos..].starts_with(b"\\u") {
                self.pos += 2;
                let lo = self.hex4()?;
                if (0xDC00..0xE000).contains(&lo) {
                    self.compact = false;
                    return char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00));
                }
            }
            return None;
        }
        char::from_u32(hi)
    }

    fn hex4(&mut self) -> Option<u32> {
        let digits = self.b.get(self.pos..self.pos + 4)?;
        let mut n = 0u32;
        for &d in digits {
            n = n * 16 + (d as char).to_digit(16)?;
        }
        self.pos += 4;
        Some(n)
    }
}

/// FNV-1a: keys are short, and a collision only costs a comparison.
fn hash(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}
