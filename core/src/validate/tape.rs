//! The arguments as validation reads them: one pass over the text into a flat
//! tape of tokens in document order, with no copy of the text. A string is a
//! span of the text (or, when it has escapes, of one side buffer holding the
//! decoded strings); a number is the span of its digits; an array or object
//! knows how many items or members it has and where its last descendant ends,
//! so that validation can skip a value in one step. Which value holds which
//! (for the paths of errors) is worked out only when asked.
//!
//! The tape accepts exactly what [`crate::json::parse`] accepts (RFC 8259, no
//! duplicate keys, the same limits). When a text is refused, the error is
//! taken from `json::parse`, so that every message, line and column is the
//! one that parser gives.

use super::number::Dec;
use crate::json::{self, ParseError, ParseErrorKind, ParseLimits, word4, word8};
use std::cell::OnceCell;

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
/// A number whose value is in the token (see `Tok::aux`).
const IN_WORDS: u8 = 4;
/// A number in the token that is negative.
const NEGATIVE: u8 = 8;
/// Numbers in the token: the top four bits of the flags are how many of
/// its digits follow the point.
const SCALE_SHIFT: u8 = 4;

/// One token. Objects are followed by their members, each a key token (a
/// string) and then its value; arrays by their items.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tok {
    pub kind: Kind,
    pub flags: u8,
    /// Numbers with `IN_WORDS`: the top 16 bits of their digits as one
    /// integer (below 2^48).
    high: u16,
    /// Strings and numbers: the length of the text in bytes. Arrays and
    /// objects: how many items or members.
    pub len: u32,
    /// Strings and numbers: where the text starts. Arrays and objects: the
    /// index just past the last token of the value.
    pub at: u32,
    /// Keys: their [`code`]. Numbers with `IN_WORDS`: the low 32 bits of
    /// their digits as one integer.
    aux: u32,
}

impl Tok {
    fn new(kind: Kind, flags: u8, len: u32, at: u32) -> Tok {
        Tok { kind, flags, high: 0, len, at, aux: 0 }
    }
}

/// A name's code: up to four bytes, the bytes themselves (so that equal
/// codes and lengths mean equal names); longer, a hash of them, read a word
/// at a time, the last word overlapping the one before it (no loop over
/// bytes: in the component each turn of a loop checks the host's epoch).
#[inline(always)]
pub(crate) fn code(b: &[u8]) -> u32 {
    let n = b.len();
    match n {
        0 => return 0,
        1..=3 => return u32::from(b[0]) | u32::from(b[n / 2]) << (8 * (n / 2)) | u32::from(b[n - 1]) << (8 * (n - 1)),
        4 => return word4(b, 0),
        _ => {}
    }
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mix = |h: u64, w: u64| (h.rotate_left(23) ^ w).wrapping_mul(K);
    let mut h = n as u64;
    if n < 8 {
        h = mix(h, u64::from(word4(b, 0)) | u64::from(word4(b, n - 4)) << 32);
    } else {
        let mut at = 0;
        while at + 8 < n {
            h = mix(h, word8(b, at));
            at += 8;
        }
        h = mix(h, word8(b, n - 8));
    }
    (h >> 32) as u32 ^ h as u32
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
    /// The numbers that may be integers not written as one (`2.0`, `1e2`,
    /// `-0`): the only ones binding can rewrite. Each is two entries: the
    /// number's token, then its member's key token (`NONE` for an item or
    /// the top-level value).
    pub integral: Vec<u32>,
    /// Each token's parent (array or object; `NONE` for the top level) and
    /// its index there, when first asked for.
    links: OnceCell<Vec<(u32, u32)>>,
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
        let mut side = String::new();
        let mut p = Parser {
            text,
            b: text.as_bytes(),
            toks: Vec::with_capacity(text.len() / 5 + 8),
            side: &mut side,
            compact: true,
            integral: Vec::new(),
            max_depth: limits.max_depth,
            stack: Vec::with_capacity(16),
            keys: Vec::with_capacity(32),
        };
        let span = p.run();
        let Parser { toks, compact, integral, .. } = p;
        match span {
            Some(span) => Ok(Tape { text, toks, side, compact, span, integral, links: OnceCell::new() }),
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

    /// The code of key `i` (see [`code`]).
    #[inline]
    pub(crate) fn code(&self, i: u32) -> u32 {
        self.toks[i as usize].aux
    }

    /// The value of number token `i` in machine words, when it has at most
    /// 19 digits, no exponent, and fits the token.
    #[inline]
    pub(crate) fn dec(&self, i: u32) -> Option<Dec> {
        let t = &self.toks[i as usize];
        (t.flags & IN_WORDS != 0).then(|| Dec {
            negative: t.flags & NEGATIVE != 0,
            mantissa: u64::from(t.high) << 32 | u64::from(t.aux),
            exponent: -i32::from(t.flags >> SCALE_SHIFT),
        })
    }

    /// Number token `i` when it is an integer written plainly that fits
    /// the token.
    #[inline]
    pub(crate) fn int(&self, i: u32) -> Option<i64> {
        let t = &self.toks[i as usize];
        (t.flags & (IN_WORDS | NOT_PLAIN) == IN_WORDS).then(|| {
            let m = (i64::from(t.high) << 32) | i64::from(t.aux);
            if t.flags & NEGATIVE != 0 { -m } else { m }
        })
    }

    /// The bytes of a string token's text.
    #[inline]
    pub(crate) fn bytes(&self, i: u32) -> &[u8] {
        string_bytes(&self.toks[i as usize], self.text.as_bytes(), self.side.as_bytes())
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

    /// The value of the member named `key` of object `i`.
    pub(crate) fn member(&self, i: u32, key: &str) -> Option<u32> {
        self.members(i).find(|&(k, _)| self.str(k) == key).map(|(_, v)| v)
    }

    fn links(&self) -> &[(u32, u32)] {
        self.links.get_or_init(|| {
            let mut links = vec![(NONE, 0u32); self.toks.len()];
            // The open arrays and objects: token, where it ends, how many
            // items or members seen, whether the next token is a key.
            let mut open: Vec<(u32, u32, u32)> = Vec::new();
            let mut key = false;
            for i in 0..self.toks.len() as u32 {
                while open.last().is_some_and(|o| o.1 == i) {
                    open.pop();
                    key = open.last().is_some_and(|o| self.toks[o.0 as usize].kind == Kind::Object);
                }
                if let Some(o) = open.last_mut() {
                    let object = self.toks[o.0 as usize].kind == Kind::Object;
                    links[i as usize] = (o.0, o.2);
                    if !object || !key {
                        o.2 += 1;
                    }
                    key = object && !key;
                }
                let t = &self.toks[i as usize];
                if matches!(t.kind, Kind::Array | Kind::Object) && t.at > i + 1 {
                    open.push((i, t.at, 0));
                    key = t.kind == Kind::Object;
                }
            }
            links
        })
    }

    /// The array or object holding token `i` (for a member's key and value,
    /// its object); `NONE` for the top-level value.
    pub(crate) fn parent(&self, i: u32) -> u32 {
        self.links()[i as usize].0
    }

    /// The item index of token `i` in its array, or its member index in its object.
    pub(crate) fn ordinal(&self, i: u32) -> u32 {
        self.links()[i as usize].1
    }

    /// How deep token `i` is: the top-level value is 0.
    /// The way down from the root to token `i`, found by skipping over
    /// siblings rather than from the parent links (cheaper for a few
    /// tokens): each container on the way, the ordinal of the member or
    /// item that holds `i` and that member's key token (`NONE` in an
    /// array); and whether `i` is itself a key.
    pub(crate) fn chain(&self, i: u32) -> (Vec<(u32, u32, u32)>, bool) {
        let mut out = Vec::new();
        let mut c = 0u32;
        while c != i {
            let object = self.toks[c as usize].kind == Kind::Object;
            let mut j = c + 1;
            let mut ordinal = 0;
            loop {
                let (key, value) = if object { (j, j + 1) } else { (NONE, j) };
                let end = self.end(value);
                if i < end {
                    out.push((c, ordinal, key));
                    if i == key {
                        return (out, true);
                    }
                    c = value;
                    break;
                }
                j = end;
                ordinal += 1;
            }
        }
        (out, false)
    }

    pub(crate) fn depth(&self, mut i: u32) -> usize {
        let mut d = 0;
        while self.parent(i) != NONE {
            i = self.parent(i);
            d += 1;
        }
        d
    }

    /// Whether token `i` is a member's key (its value follows it, in the
    /// same object at the same index).
    pub(crate) fn is_key(&self, i: u32) -> bool {
        let p = self.parent(i);
        self.toks[i as usize].kind == Kind::String
            && p != NONE
            && self.toks[p as usize].kind == Kind::Object
            && (i as usize + 1) < self.toks.len()
            && self.parent(i + 1) == p
            && self.ordinal(i + 1) == self.ordinal(i)
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
    /// Bit `code % 64` set for each of this object's keys so far: a key
    /// whose bit is clear is none of them, and is not compared with them.
    seen: u64,
}

/// Objects with more members than this are checked for duplicate keys once,
/// when they close, by sorting their keys; smaller ones key by key.
const SCAN_KEYS: usize = 16;

/// The parser's state. Its address is never taken (no call gets `&self`):
/// LLVM keeps every field as a local value. In the component a struct whose
/// address reaches a call lives in the shadow stack in linear memory, and
/// each use of a field, even the text's length, is a load. Pushing goes through [`push`], which
/// gives a full vector to a call by value; the decoded strings are a
/// `String` of the caller's, reached by reference.
struct Parser<'a, 's> {
    text: &'a str,
    b: &'a [u8],
    toks: Vec<Tok>,
    side: &'s mut String,
    compact: bool,
    integral: Vec<u32>,
    max_depth: usize,
    stack: Vec<Open>,
    /// The key tokens of the objects being read.
    keys: Vec<u32>,
}

#[inline]
fn is_ws(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r')
}

impl Parser<'_, '_> {
    /// Whitespace from `i` on, if any; it makes the text not compact.
    #[inline(always)]
    fn ws(&mut self, mut i: usize) -> usize {
        if self.b.get(i).is_some_and(|&c| is_ws(c)) {
            self.compact = false;
            while self.b.get(i).is_some_and(|&c| is_ws(c)) {
                i += 1;
            }
        }
        i
    }

    /// Reads the whole text; the span of the value.
    #[inline(always)]
    fn run(&mut self) -> Option<(usize, usize)> {
        let b = self.b;
        let mut i = 0;
        while b.get(i).is_some_and(|&c| is_ws(c)) {
            i += 1;
        }
        let start = i;
        loop {
            // A value starts at `i`.
            let c = *b.get(i)?;
            match c {
                b'"' => {
                    let (flags, len, at, next) = self.string(i)?;
                    push(&mut self.toks, Tok::new(Kind::String, flags, len, at));
                    i = next;
                }
                b'-' | b'0'..=b'9' => i = self.number(i)?,
                b'{' | b'[' => {
                    if self.stack.len() >= self.max_depth {
                        return None;
                    }
                    let object = c == b'{';
                    let tok = self.toks.len() as u32;
                    let kind = if object { Kind::Object } else { Kind::Array };
                    push(&mut self.toks, Tok::new(kind, 0, 0, 0));
                    let keys_from = self.keys.len() as u32;
                    push(&mut self.stack, Open { tok, count: 0, object, keys_from, seen: 0 });
                    i = self.ws(i + 1);
                    if b.get(i) == Some(if object { &b'}' } else { &b']' }) {
                        i += 1;
                        self.close()?;
                    } else {
                        i = self.next_in_open(i)?;
                        continue;
                    }
                }
                b't' | b'f' | b'n' => {
                    let (word, kind): (&[u8], Kind) = match c {
                        b't' => (b"true", Kind::True),
                        b'f' => (b"false", Kind::False),
                        _ => (b"null", Kind::Null),
                    };
                    if !b[i..].starts_with(word) {
                        return None;
                    }
                    push(&mut self.toks, Tok::new(kind, 0, 0, 0));
                    i += word.len();
                }
                _ => return None,
            }
            // After a value: the next one of the same array or object, in
            // compact text (the common case, taken before the loop: in
            // WebAssembly a loop's every turn checks the host's deadline),
            if !self.stack.is_empty() && b.get(i) == Some(&b',') {
                i = self.ws(i + 1);
                i = self.next_in_open(i)?;
                continue;
            }
            // or close what it ends, and go on to the next one.
            loop {
                let Some(open) = self.stack.last() else {
                    let end = i;
                    while b.get(i).is_some_and(|&c| is_ws(c)) {
                        i += 1;
                    }
                    return (i == b.len()).then_some((start, end));
                };
                let object = open.object;
                i = self.ws(i);
                match b.get(i) {
                    Some(b',') => {
                        i = self.ws(i + 1);
                        i = self.next_in_open(i)?;
                        break;
                    }
                    Some(b'}') if object => {
                        i += 1;
                        self.close()?;
                    }
                    Some(b']') if !object => {
                        i += 1;
                        self.close()?;
                    }
                    _ => return None,
                }
            }
        }
    }

    /// A number at `i`; where it ends.
    #[inline(always)]
    fn number(&mut self, i: usize) -> Option<usize> {
        let n = json::scan_number_classified(self.b, i)?;
        if n.integral {
            let tok = self.toks.len() as u32;
            let key = match self.stack.last() {
                Some(open) if open.object => tok - 1,
                _ => NONE,
            };
            push(&mut self.integral, tok);
            push(&mut self.integral, key);
        }
        let mut t = Tok::new(Kind::Number, if n.plain { 0 } else { NOT_PLAIN }, (n.end - i) as u32, i as u32);
        if let Some((digits, scale)) = n.words
            && digits < 1 << 48
            && scale < 16
        {
            t.flags |= IN_WORDS | (scale as u8) << SCALE_SHIFT;
            if self.b[i] == b'-' {
                t.flags |= NEGATIVE;
            }
            t.high = (digits >> 32) as u16;
            t.aux = digits as u32;
        }
        push(&mut self.toks, t);
        Some(n.end)
    }

    /// The next item of the innermost open array, or the next key and `:`
    /// of the innermost open object: where its value starts.
    #[inline(always)]
    fn next_in_open(&mut self, i: usize) -> Option<usize> {
        let open = self.stack.last_mut()?;
        open.count += 1;
        if !open.object {
            return Some(i);
        }
        let from = open.keys_from as usize;
        let i = self.key(i, from)?;
        let i = self.ws(i);
        if self.b.get(i) != Some(&b':') {
            return None;
        }
        Some(self.ws(i + 1))
    }

    /// Closes the innermost array or object; `None` when an object has a
    /// key twice.
    #[inline(always)]
    fn close(&mut self) -> Option<()> {
        let open = self.stack.pop()?;
        let end = self.toks.len() as u32;
        let t = &mut self.toks[open.tok as usize];
        t.at = end;
        t.len = open.count;
        if open.object {
            let from = open.keys_from as usize;
            if self.keys.len() - from > SCAN_KEYS
                && has_duplicate(&mut self.keys[from..], &self.toks, self.b, self.side)
            {
                return None;
            }
            self.keys.truncate(from);
        }
        Some(())
    }

    /// A member's key at `i`, checked against the object's other keys (those
    /// from `from` in `keys`; in large objects, when they close); where it
    /// ends.
    #[inline(always)]
    fn key(&mut self, i: usize, from: usize) -> Option<usize> {
        if self.b.get(i) != Some(&b'"') {
            return None;
        }
        let (flags, len, at, next) = self.string(i)?;
        let mut t = Tok::new(Kind::String, flags, len, at);
        t.aux = code(string_bytes(&t, self.b, self.side.as_bytes()));
        let aux = t.aux;
        let tok = self.toks.len() as u32;
        push(&mut self.toks, t);
        let open = self.stack.last_mut()?;
        let bit = 1u64 << (aux % 64);
        let seen = open.seen & bit != 0;
        open.seen |= bit;
        if seen && self.keys.len() - from < SCAN_KEYS {
            for &k in &self.keys[from..] {
                let t = &self.toks[k as usize];
                if t.aux == aux
                    && t.len == len
                    && (len <= 4
                        || key_bytes(&self.toks, self.b, self.side, k) == key_bytes(&self.toks, self.b, self.side, tok))
                {
                    return None;
                }
            }
        }
        push(&mut self.keys, tok);
        Some(next)
    }

    /// A string at `i` (its opening quote): its flags, length, where its text
    /// is (in the source, or in the side buffer when escaped), and where it
    /// ends.
    #[inline(always)]
    fn string(&mut self, i: usize) -> Option<(u8, u32, u32, usize)> {
        let start = i + 1;
        let end = crate::json::plain_run(self.b, start);
        match self.b.get(end) {
            Some(b'"') => Some((0, (end - start) as u32, start as u32, end + 1)),
            Some(b'\\') => {
                let (flags, len, at, next, compact) = escaped(self.text, self.side, start, end)?;
                self.compact &= compact;
                Some((flags, len, at, next))
            }
            _ => None,
        }
    }
}

/// The rest of a string that has escapes (from `pos` on; it starts at
/// `start`), decoded into `side`: its flags, length, where it is in `side`,
/// where it ends, and whether the compact writer would spell it so.
fn escaped(text: &str, side: &mut String, start: usize, mut pos: usize) -> Option<(u8, u32, u32, usize, bool)> {
    let b = text.as_bytes();
    let mut compact = true;
    let at = side.len();
    side.push_str(&text[start..pos]);
    loop {
        match *b.get(pos)? {
            b'"' => {
                return Some((ESCAPED, (side.len() - at) as u32, at as u32, pos + 1, compact));
            }
            b'\\' => {
                pos += 1;
                let c = match *b.get(pos)? {
                    b'"' => '"',
                    b'\\' => '\\',
                    b'/' => {
                        compact = false;
                        '/'
                    }
                    b'b' => '\u{08}',
                    b'f' => '\u{0c}',
                    b'n' => '\n',
                    b'r' => '\r',
                    b't' => '\t',
                    b'u' => {
                        let (c, next) = unicode_escape(b, pos + 1)?;
                        // The writer spells only other control characters
                        // as \u00xx (lowercase).
                        let written = (c as u32) < 0x20
                            && !matches!(c, '\u{08}' | '\u{0c}' | '\n' | '\r' | '\t')
                            && text[next - 4..next].bytes().all(|d| !d.is_ascii_uppercase());
                        if !written {
                            compact = false;
                        }
                        side.push(c);
                        pos = next;
                        continue;
                    }
                    _ => return None,
                };
                pos += 1;
                side.push(c);
            }
            c if c < 0x20 => return None,
            _ => {
                let run = pos;
                pos = crate::json::plain_run(b, pos);
                side.push_str(&text[run..pos]);
            }
        }
    }
}

/// After `\u` (at `i`): four hex digits, and a low surrogate escape after
/// a high one; the character and where the escape ends.
fn unicode_escape(b: &[u8], i: usize) -> Option<(char, usize)> {
    let hi = hex4(b, i)?;
    if (0xD800..0xDC00).contains(&hi) {
        if b[i + 4..].starts_with(b"\\u") {
            let lo = hex4(b, i + 6)?;
            if (0xDC00..0xE000).contains(&lo) {
                return Some((char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00))?, i + 10));
            }
        }
        return None;
    }
    Some((char::from_u32(hi)?, i + 4))
}

/// Whether `keys` (key tokens) has one twice: sorted by code and length,
/// then by text, equal keys end up side by side, in O(n log n) whatever the
/// keys are.
#[cold]
fn has_duplicate(keys: &mut [u32], toks: &[Tok], text: &[u8], side: &str) -> bool {
    let order = |a: &u32, b: &u32| {
        let (x, y) = (&toks[*a as usize], &toks[*b as usize]);
        (x.aux, x.len)
            .cmp(&(y.aux, y.len))
            .then_with(|| key_bytes(toks, text, side, *a).cmp(key_bytes(toks, text, side, *b)))
    };
    crate::sort::unstable_by(keys, &|a, b| order(a, b).is_lt());
    keys.windows(2).any(|w| order(&w[0], &w[1]).is_eq())
}

/// The text of key token `k`.
#[inline]
fn key_bytes<'t>(toks: &[Tok], text: &'t [u8], side: &'t str, k: u32) -> &'t [u8] {
    string_bytes(&toks[k as usize], text, side.as_bytes())
}

/// The bytes of string token `t`: a span of `text`, or of `side` (the
/// decoded strings) when it had escapes.
#[inline(always)]
fn string_bytes<'t>(t: &Tok, text: &'t [u8], side: &'t [u8]) -> &'t [u8] {
    let (start, end) = (t.at as usize, t.at as usize + t.len as usize);
    if t.flags & ESCAPED != 0 { &side[start..end] } else { &text[start..end] }
}

/// Pushes `x` onto `v`. A full vector is grown by a call that takes and
/// gives it by value (see [`Parser`]); `Vec::push` grows it through its
/// address.
#[inline(always)]
fn push<T>(v: &mut Vec<T>, x: T) {
    if v.len() < v.capacity() {
        v.push(x);
    } else {
        *v = pushed(std::mem::take(v), x);
    }
}

#[cold]
#[inline(never)]
fn pushed<T>(mut v: Vec<T>, x: T) -> Vec<T> {
    v.push(x);
    v
}

fn hex4(b: &[u8], i: usize) -> Option<u32> {
    let digits = b.get(i..i + 4)?;
    let mut n = 0u32;
    for &d in digits {
        n = n * 16 + (d as char).to_digit(16)?;
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: ParseLimits = ParseLimits { max_bytes: 1 << 20, max_depth: 64 };

    #[test]
    fn links_name_each_token_place() {
        let tape = Tape::parse(r#"{"a":[1,{"b":2}],"c":{}}"#, LIMITS).unwrap();
        // {  "a"  [  1  {  "b"  2  "c"  {}
        // 0   1   2  3  4   5   6   7   8
        let want = [(NONE, 0), (0, 0), (0, 0), (2, 0), (2, 1), (4, 0), (4, 0), (0, 1), (0, 1)];
        for (i, w) in want.iter().enumerate() {
            assert_eq!((tape.parent(i as u32), tape.ordinal(i as u32)), *w, "token {i}");
        }
        assert!(tape.is_key(1) && tape.is_key(5) && tape.is_key(7));
        // The way down agrees with the links.
        for i in 0..tape.toks.len() as u32 {
            let (chain, key) = tape.chain(i);
            assert_eq!(key, tape.is_key(i), "token {i}");
            assert_eq!(chain.len(), tape.depth(i), "token {i}");
            if let Some(&(c, ordinal, _)) = chain.last() {
                assert_eq!((c, ordinal), (tape.parent(i), tape.ordinal(i)), "token {i}");
            }
        }
        assert!(!tape.is_key(2) && !tape.is_key(3) && !tape.is_key(6));
        assert_eq!(tape.depth(6), 3);
    }

    #[test]
    fn accepts_what_the_value_parser_accepts() {
        for text in [
            "{}",
            "[]",
            " [ 1 , 2 ] ",
            r#"{"a":{"b":[null,true,false,"x\n\u00e9\ud83d\ude00"]}}"#,
            "-0.5e-3",
            r#""\/""#,
            "[[[[]]]]",
        ] {
            assert!(Tape::parse(text, LIMITS).is_ok(), "{text}");
            assert!(json::parse(text, LIMITS).is_ok(), "{text}");
        }
        for text in ["", "[1,]", "{\"a\"}", "{\"a\":1,\"a\":2}", "tru", "1 2", "[", "\"\\x\"", "01", "{,}"] {
            assert!(Tape::parse(text, LIMITS).is_err(), "{text}");
        }
        let many: String = (0..40).map(|i| format!("\"k{i}\":{i}")).collect::<Vec<_>>().join(",");
        assert!(Tape::parse(&format!("{{{many},\"k7\":0}}"), LIMITS).is_err());
        assert!(Tape::parse(&format!("{{{many}}}"), LIMITS).is_ok());
        let deep = "[".repeat(65) + &"]".repeat(65);
        assert!(Tape::parse(&deep, LIMITS).is_err());
    }

    #[test]
    fn duplicate_keys_are_found_in_objects_of_any_size() {
        // Objects of 3, 17 and 300 members (checked key by key, and sorted
        // when they close), the repeated key first, in the middle or last,
        // written plainly or with escapes, short or long, nested or not.
        for size in [3usize, 17, 300] {
            let keys: Vec<String> =
                (0..size).map(|i| if i % 2 == 0 { format!("k{i}") } else { format!("key-{i:08}") }).collect();
            let object = |keys: &[String]| {
                let members: Vec<String> = keys.iter().map(|k| format!("\"{k}\":[{{\"{k}\":1}}]")).collect();
                format!("{{{}}}", members.join(","))
            };
            let whole = object(&keys);
            assert!(Tape::parse(&whole, LIMITS).is_ok(), "{size}");
            assert!(Tape::parse(&format!("[{whole},{whole}]"), LIMITS).is_ok(), "{size}");
            for again in [0, size / 2, size - 1] {
                for spelled in [keys[again].clone(), keys[again].replacen('k', "\\u006b", 1)] {
                    let mut twice = keys.clone();
                    twice.insert((again * 7) % (size + 1), spelled.clone());
                    let text = object(&twice);
                    let e = Tape::parse(&text, LIMITS).err().unwrap_or_else(|| panic!("{size} {spelled}"));
                    assert_eq!(Err(e), json::parse(&text, LIMITS).map(|_| ()), "{size} {spelled}");
                }
            }
        }
        // Equal codes, other names: all accepted.
        let near: Vec<String> = (0..100).map(|i| format!("\"{}\":0", "a".repeat(i + 1))).collect();
        assert!(Tape::parse(&format!("{{{}}}", near.join(",")), LIMITS).is_ok());
    }

    #[test]
    fn keys_carry_their_codes() {
        let tape = Tape::parse(r#"{"id":1,"\u0069d2":2,"a-much-longer-name":3}"#, LIMITS).unwrap();
        for (key, _) in tape.members(0) {
            assert_eq!(tape.code(key), code(tape.str(key).as_bytes()));
        }
        assert_eq!(code(b"id"), u32::from_le_bytes([b'i', b'd', 0, 0]));
        assert_ne!(code(b"abcde"), code(b"abcdf"));
    }

    #[test]
    fn compact_texts_are_recognised() {
        assert!(Tape::parse(r#"{"a":[1,"x\n"]}"#, LIMITS).unwrap().compact);
        assert!(Tape::parse("  {\"a\":1}\n", LIMITS).unwrap().compact);
        assert!(!Tape::parse(r#"{"a": 1}"#, LIMITS).unwrap().compact);
        assert!(!Tape::parse(r#""\/""#, LIMITS).unwrap().compact);
        assert!(!Tape::parse(r#""\u00e9""#, LIMITS).unwrap().compact);
        assert!(Tape::parse(r#""\u001f""#, LIMITS).unwrap().compact);
    }
}
