//! JSON as this crate needs it: member order kept, numbers kept as their exact
//! text, duplicate keys and excessive nesting refused, and one compact writer so
//! that every host prints the same bytes.
//!
//! `serde_json` would lose the first two properties without feature flags that
//! change its behaviour crate-wide, and silently keeps the last of two
//! duplicate keys; a contract whose output is compared byte for byte needs to
//! own both ends.

use std::fmt;

/// A JSON value. Objects keep their members in document order.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}

/// A JSON number, kept as the text it was written with (always valid RFC 8259
/// number syntax), so that no value passes through `f64`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Number(String);

impl Number {
    /// Wraps `text` if it is a valid JSON number.
    pub fn parse(text: &str) -> Option<Number> {
        let bytes = text.as_bytes();
        (scan_number(bytes, 0) == Some(bytes.len())).then(|| Number(text.to_owned()))
    }

    pub fn from_i128(n: i128) -> Number {
        Number(n.to_string())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The exact decimal value.
    pub fn decimal(&self) -> Decimal {
        Decimal::from_json(&self.0)
    }

    /// The value as an `i128` when it is integral and fits (`2.0` and `1e2` are
    /// integral, as in JSON Schema).
    pub fn as_i128(&self) -> Option<i128> {
        self.decimal().to_i128()
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// An exact decimal: `digits × 10^exponent`, with no leading or trailing zeros in
/// `digits` (zero has empty digits).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decimal {
    pub negative: bool,
    pub digits: Vec<u8>,
    pub exponent: i64,
}

impl Decimal {
    pub(crate) fn from_json(text: &str) -> Decimal {
        let (negative, rest) = match text.strip_prefix('-') {
            Some(r) => (true, r),
            None => (false, text),
        };
        let (mantissa, exp_part) = match rest.find(['e', 'E']) {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, ""),
        };
        // An exponent beyond i64 saturates: such a number is far outside every
        // range this crate checks, in the right direction.
        let mut exponent: i64 = if exp_part.is_empty() {
            0
        } else {
            let (sign, mag) = match exp_part.as_bytes()[0] {
                b'-' => (-1i64, &exp_part[1..]),
                b'+' => (1, &exp_part[1..]),
                _ => (1, exp_part),
            };
            mag.bytes().fold(0i64, |acc, b| acc.saturating_mul(10).saturating_add(i64::from(b - b'0'))) * sign
        };
        let mut digits = Vec::with_capacity(mantissa.len());
        let mut seen_point = false;
        for b in mantissa.bytes() {
            if b == b'.' {
                seen_point = true;
                continue;
            }
            digits.push(b - b'0');
            if seen_point {
                exponent = exponent.saturating_sub(1);
            }
        }
        let lead = digits.iter().take_while(|&&d| d == 0).count();
        digits.drain(..lead);
        while digits.last() == Some(&0) {
            digits.pop();
            exponent = exponent.saturating_add(1);
        }
        if digits.is_empty() {
            return Decimal { negative: false, digits, exponent: 0 };
        }
        Decimal { negative, digits, exponent }
    }

    pub fn is_zero(&self) -> bool {
        self.digits.is_empty()
    }

    pub fn is_integer(&self) -> bool {
        self.exponent >= 0
    }

    pub fn to_i128(&self) -> Option<i128> {
        if !self.is_integer() {
            return None;
        }
        let mut n: i128 = 0;
        for &d in &self.digits {
            n = n.checked_mul(10)?.checked_add(i128::from(d))?;
        }
        for _ in 0..self.exponent {
            n = n.checked_mul(10)?;
        }
        Some(if self.negative { -n } else { n })
    }
}

impl Ord for Decimal {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        use std::cmp::Ordering::*;
        let sign = |d: &Decimal| {
            if d.is_zero() {
                0
            } else if d.negative {
                -1
            } else {
                1
            }
        };
        match sign(self).cmp(&sign(other)) {
            Equal => {}
            o => return o,
        }
        if self.is_zero() {
            return Equal;
        }
        // Same sign: compare magnitudes, then flip for negatives.
        let magnitude = {
            let top_a = self.digits.len() as i128 + i128::from(self.exponent);
            let top_b = other.digits.len() as i128 + i128::from(other.exponent);
            top_a.cmp(&top_b).then_with(|| {
                let n = self.digits.len().max(other.digits.len());
                (0..n)
                    .map(|i| {
                        let a = self.digits.get(i).copied().unwrap_or(0);
                        let b = other.digits.get(i).copied().unwrap_or(0);
                        a.cmp(&b)
                    })
                    .find(|o| *o != Equal)
                    .unwrap_or(Equal)
            })
        };
        if self.negative { magnitude.reverse() } else { magnitude }
    }
}

impl PartialOrd for Decimal {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Value {
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_object(&self) -> Option<&[(String, Value)]> {
        match self {
            Value::Object(m) => Some(m),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The first member named `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.as_object()?.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// The value a JSON pointer (RFC 6901, `/a/0/b`) names; `""` is the value itself.
    pub fn pointer(&self, pointer: &str) -> Option<&Value> {
        if pointer.is_empty() {
            return Some(self);
        }
        let mut cur = self;
        for raw in pointer.strip_prefix('/')?.split('/') {
            let seg = pointer_segment(raw);
            cur = match cur {
                Value::Object(_) => cur.get(&seg)?,
                Value::Array(items) => items.get(seg.parse::<usize>().ok()?)?,
                _ => return None,
            };
        }
        Some(cur)
    }

    /// The value as compact JSON text.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        write_compact(self, &mut out);
        out
    }

    /// The value as JSON text indented by two spaces, members one per line;
    /// arrays holding no arrays or objects stay on one line.
    pub fn to_json_pretty(&self) -> String {
        let mut out = String::new();
        write_pretty(self, &mut out, 0);
        out
    }
}

/// One segment of a JSON pointer (RFC 6901) with its escapes undone (`~1`
/// is `/`, then `~0` is `~`): the key as it is, borrowed, when it has none.
pub(crate) fn pointer_segment(raw: &str) -> std::borrow::Cow<'_, str> {
    if raw.contains('~') { raw.replace("~1", "/").replace("~0", "~").into() } else { raw.into() }
}

/// `key` as one segment of a JSON pointer (`~` as `~0`, `/` as `~1`), at the
/// end of `out`.
pub(crate) fn push_pointer_segment(out: &mut String, key: &str) {
    if plain_segment(key) {
        out.push_str(key);
    } else {
        push_escaped_segment(out, key);
    }
}

/// Whether `key` is a pointer segment as it is (it has no `~` or `/`).
/// Bytes, not chars (both are ASCII), eight at a time: a word holds one of
/// them when it has a zero byte after an exclusive or with it.
pub(crate) fn plain_segment(key: &str) -> bool {
    let bytes = key.as_bytes();
    let mut i = 0;
    while i + 8 <= bytes.len() {
        let w = word8(bytes, i);
        if (marks(w, b'~') | marks(w, b'/')) & HIGH != 0 {
            return false;
        }
        i += 8;
    }
    let w = tail_word(bytes, i);
    (marks(w, b'~') | marks(w, b'/')) & HIGH == 0
}

/// The number of characters of `s`: its bytes less its UTF-8 continuation
/// bytes (`10xxxxxx`), counted eight at a time. (In the component a loop
/// over the characters checks the host's epoch at every one.)
pub(crate) fn char_count(s: &str) -> usize {
    let bytes = s.as_bytes();
    // A lane's high bit set and the bit below it clear.
    let continuations = |w: u64| (w & !(w << 1) & HIGH).count_ones() as usize;
    let (mut i, mut k) = (0, 0);
    while i + 8 <= bytes.len() {
        k += continuations(word8(bytes, i));
        i += 8;
    }
    bytes.len() - k - continuations(tail_word(bytes, i))
}

/// `key`, which has a `~` or a `/`, as one segment of a JSON pointer.
pub(crate) fn push_escaped_segment(out: &mut String, key: &str) {
    for c in key.chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
}

/// `key` as one segment of a JSON pointer (`~` as `~0`, `/` as `~1`).
pub(crate) fn pointer_escaped(key: &str) -> String {
    let mut out = String::with_capacity(key.len());
    push_pointer_segment(&mut out, key);
    out
}

/// Member positions of the large objects of one document, by object address,
/// so that placing many paths in it stays linear.
#[derive(Default)]
pub struct KeyIndex<'a> {
    objects: std::collections::HashMap<*const (String, Value), std::collections::HashMap<&'a str, usize>>,
}

impl<'a> KeyIndex<'a> {
    /// The index of the member named `key` of `members`.
    pub fn find(&mut self, members: &'a [(String, Value)], key: &str) -> Option<usize> {
        if members.len() < 16 {
            return members.iter().position(|(k, _)| k == key);
        }
        let map = self
            .objects
            .entry(members.as_ptr())
            .or_insert_with(|| members.iter().enumerate().map(|(i, (k, _))| (k.as_str(), i)).collect());
        map.get(key).copied()
    }
}

/// Writes `value` as compact JSON: no whitespace, strings escaped once
/// (`"` `\` and control characters; everything else as UTF-8).
pub fn write_compact(value: &Value, out: &mut String) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(n.as_str()),
        Value::String(s) => write_string(s, out),
        Value::Array(items) => write_items(items, out, write_compact),
        Value::Object(members) => write_members(members, out, |v, _, out| write_compact(v, out)),
    }
}

/// A compact array, each item written by `item` (the writers of this
/// module's values and of the conversion's share it).
#[inline]
pub(crate) fn write_items<T>(items: &[T], out: &mut String, mut item: impl FnMut(&T, &mut String)) {
    out.push('[');
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        item(x, out);
    }
    out.push(']');
}

/// A compact object, each member's value written by `value`, which is
/// given the member's name too.
#[inline]
pub(crate) fn write_members<K: AsRef<str>, V>(
    members: &[(K, V)],
    out: &mut String,
    mut value: impl FnMut(&V, &str, &mut String),
) {
    out.push('{');
    for (i, (k, v)) in members.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let k = k.as_ref();
        write_string(k, out);
        out.push(':');
        value(v, k, out);
    }
    out.push('}');
}

fn write_pretty(value: &Value, out: &mut String, indent: usize) {
    let pad = |out: &mut String, n: usize| out.extend(std::iter::repeat_n(' ', n));
    match value {
        // Arrays of scalars (`"required"`, a `type` union, an `enum`) stay on one line.
        Value::Array(items) if items.iter().all(|i| !matches!(i, Value::Array(_) | Value::Object(_))) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_compact(item, out);
            }
            out.push(']');
        }
        Value::Array(items) => {
            out.push_str("[\n");
            for (i, item) in items.iter().enumerate() {
                pad(out, indent + 2);
                write_pretty(item, out, indent + 2);
                out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
            }
            pad(out, indent);
            out.push(']');
        }
        Value::Object(members) if !members.is_empty() => {
            out.push_str("{\n");
            for (i, (k, v)) in members.iter().enumerate() {
                pad(out, indent + 2);
                write_string(k, out);
                out.push_str(": ");
                write_pretty(v, out, indent + 2);
                out.push_str(if i + 1 < members.len() { ",\n" } else { "\n" });
            }
            pad(out, indent);
            out.push('}');
        }
        other => write_compact(other, out),
    }
}

/// Writes `s` as a JSON string literal.
///
/// Most strings (keywords, names, descriptions) have nothing to escape. They
/// are checked and copied in one pass, eight bytes at a time, each word
/// stored straight into the reserved room: the last few bytes as one more
/// word (the string's last eight read at once, or its first and last four
/// for a string of four to seven bytes), and no call to copy them. (Through
/// WebAssembly every copy of the standard library's is a call into the host
/// engine, and every `push` checks the room again.) A string that has
/// something to escape is written again from its start by
/// [`write_escaped`].
pub fn write_string(s: &str, out: &mut String) {
    let bytes = s.as_bytes();
    let n = bytes.len();
    // Room for the quotes and for the last word's store, whole.
    out.reserve(n + 10);
    let start = out.len();
    // SAFETY: `start` is the length, within the allocation.
    let base = unsafe { out.as_mut_vec().as_mut_ptr().add(start) };
    let mut i = 0;
    let mut plain = true;
    // The words to store: at most n / 8 of them, then the last one.
    let store = |at: usize, w: u64| {
        // SAFETY: `at + 8 <= n + 9` (a whole word at most at `n + 1`), and
        // `start + n + 10` bytes are reserved: every store is inside the
        // allocation. The bytes stored are past the string's length until
        // `set_len` below, which takes only `s`'s own bytes, whole.
        unsafe { base.add(1 + at).cast::<u64>().write_unaligned(w.to_le()) }
    };
    while i + 8 <= n {
        let w = word8(bytes, i);
        if special_lanes(w) != 0 {
            plain = false;
            break;
        }
        store(i, w);
        i += 8;
    }
    if plain && i < n {
        // The `n - i` bytes left, in the word's low lanes; zero above them.
        let left = n - i;
        let w = if n >= 8 {
            word8(bytes, n - 8) >> (8 * (8 - left))
        } else if n >= 4 {
            let four =
                |at: usize| u64::from(u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]));
            // The lanes both give (from n - 4 to 4) hold the same bytes.
            four(0) | (four(n - 4) << (8 * (n - 4)))
        } else {
            bytes.iter().rev().fold(0, |w, &b| (w << 8) | u64::from(b))
        };
        // Only the string's own lanes count: the zero lanes above them are
        // control characters, and a borrow marks only lanes above a match.
        if special_lanes(w) & ((1 << (8 * left)) - 1) != 0 {
            plain = false;
        } else {
            store(i, w);
        }
    }
    if !plain {
        write_escaped(s, out);
        return;
    }
    // SAFETY: the reserved room holds `"`, then `s`'s `n` bytes (stored above,
    // in order, each word from `s` at its own place), then `"`: UTF-8, as `s` is.
    unsafe {
        base.write(b'"');
        base.add(1 + n).write(b'"');
        out.as_mut_vec().set_len(start + n + 2);
    }
}

/// The lanes of `w` holding a byte a JSON string cannot hold as it is (`"`,
/// `\\`, a control character), marked in their high bit.
#[inline(always)]
fn special_lanes(w: u64) -> u64 {
    ((w.wrapping_sub(ONES * 0x20) & !w) | marks(w, b'"') | marks(w, b'\\')) & HIGH
}

/// [`write_string`] for a string with something to escape: the text between
/// the bytes to escape copied a run at a time.
#[cold]
#[inline(never)]
fn write_escaped(s: &str, out: &mut String) {
    let bytes = s.as_bytes();
    let mut i = plain_run(bytes, 0);
    out.push('"');
    // The characters to escape are all ASCII, so the text between them is
    // copied as it is.
    let mut run = 0;
    loop {
        out.push_str(&s[run..i]);
        let Some(&b) = bytes.get(i) else { break };
        let escaped = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            _ => "",
        };
        if escaped.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("\\u00");
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 0xf)]));
        } else {
            out.push_str(escaped);
        }
        run = i + 1;
        i = plain_run(bytes, run);
    }
    out.push('"');
}

/// The first index at or after `from` of a byte a JSON string cannot hold
/// as it is (`"`, `\\`, a control character), or the length. Eight bytes at
/// a time: a word has such a byte when one of its bytes is below 0x20, or
/// is zero after an exclusive or with `"` or `\\` (the any-byte tests of
/// "Bit Twiddling Hacks"). A borrow in those subtractions starts only at a
/// byte that matches and can only mark bytes above it, so the lowest marked
/// byte is the first match: its index is read from the mark, not searched.
/// (The tape's scan of argument strings and this parser's both use it.)
#[inline(always)]
pub(crate) fn plain_run(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    while i + 8 <= bytes.len() {
        let w = word8(bytes, i);
        let special = special_lanes(w);
        if special != 0 {
            return i + (special.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < bytes.len() && !SPECIAL[usize::from(bytes[i])] {
        i += 1;
    }
    i
}

/// A byte of each lane of a word, for the word-at-a-time scans.
const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of each lane.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The lanes of `w` that hold `byte`, marked in their high bit (with
/// `& HIGH`): a lane is zero after an exclusive or with it. (A borrow can
/// mark lanes above a match, never below the first, and never without one.)
#[inline(always)]
fn marks(w: u64, byte: u8) -> u64 {
    let x = w ^ (ONES * u64::from(byte));
    x.wrapping_sub(ONES) & !x
}

/// The eight bytes of `s` from `i` as one little-endian word (the first
/// byte lowest).
#[inline(always)]
pub(crate) fn word8(s: &[u8], i: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&s[i..i + 8]);
    u64::from_le_bytes(w)
}

/// The four bytes of `s` from `i` as one little-endian word.
#[inline(always)]
pub(crate) fn word4(s: &[u8], i: usize) -> u32 {
    let mut w = [0u8; 4];
    w.copy_from_slice(&s[i..i + 4]);
    u32::from_le_bytes(w)
}

/// Whether two byte strings are equal, compared in place up to sixteen
/// bytes: two words that may overlap, no loop and no call (names, keys and
/// `enum` strings are mostly that short; in the component a call to
/// `memcmp` and its loop each check the host's epoch).
#[inline(always)]
pub(crate) fn same(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    match n {
        0 => true,
        1..=3 => a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1],
        4..=7 => word4(a, 0) == word4(b, 0) && word4(a, n - 4) == word4(b, n - 4),
        8..=16 => word8(a, 0) == word8(b, 0) && word8(a, n - 8) == word8(b, n - 8),
        _ => a == b,
    }
}

/// The bytes of `s` from `i` to its end, fewer than eight, as the low lanes
/// of a word whose other lanes are zero, read without a loop: the word that
/// ends where `s` ends, shifted down; or, in a slice shorter than a word,
/// two halves that may overlap, or for one to three bytes the first, middle
/// and last.
#[inline(always)]
pub(crate) fn tail_word(s: &[u8], i: usize) -> u64 {
    let n = s.len();
    let r = n - i;
    debug_assert!(r < 8);
    if r == 0 {
        return 0;
    }
    if n >= 8 {
        return word8(s, n - 8) >> (8 * (8 - r));
    }
    let t = &s[i..];
    if r >= 4 {
        // The halves agree where they overlap.
        return u64::from(word4(t, 0)) | (u64::from(word4(t, r - 4)) << (8 * (r - 4)));
    }
    u64::from(t[0]) | (u64::from(t[r / 2]) << (8 * (r / 2))) | (u64::from(t[r - 1]) << (8 * (r - 1)))
}

/// The bytes [`plain_run`] stops at, as a table for its last few bytes.
static SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 0x20 {
        t[i] = true;
        i += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t
};

/// `s` as a JSON string literal.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    write_string(s, &mut out);
    out
}

/// Limits applied while parsing.
#[derive(Clone, Copy, Debug)]
pub struct ParseLimits {
    /// Most bytes of input accepted.
    pub max_bytes: usize,
    /// Deepest nesting of arrays and objects accepted (the top level is depth 1).
    pub max_depth: usize,
}

/// Why a text is not accepted as JSON, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub kind: ParseErrorKind,
    /// 1-based line and column (in characters) of the offending position.
    pub line: usize,
    pub column: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    TooLarge { limit: usize },
    TooDeep { limit: usize },
    DuplicateKey(String),
    Syntax(&'static str),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ParseErrorKind::TooLarge { limit } => {
                return write!(f, "the text is longer than the limit of {limit} bytes");
            }
            ParseErrorKind::TooDeep { limit } => write!(f, "arrays and objects nest deeper than the limit of {limit}")?,
            ParseErrorKind::DuplicateKey(k) => write!(f, "the key {} appears twice in one object", quote(k))?,
            ParseErrorKind::Syntax(what) => f.write_str(what)?,
        }
        write!(f, " at line {}, column {}", self.line, self.column)
    }
}

/// Parses one JSON text (RFC 8259): exactly one value, optionally surrounded by
/// whitespace. A byte-order mark is not accepted.
pub fn parse(text: &str, limits: ParseLimits) -> Result<Value, ParseError> {
    if text.len() > limits.max_bytes {
        return Err(ParseError { kind: ParseErrorKind::TooLarge { limit: limits.max_bytes }, line: 1, column: 1 });
    }
    let mut p = Parser { text, bytes: text.as_bytes(), pos: 0, limits };
    p.skip_ws();
    let value = p.value(1).map_err(|e| *e)?;
    p.skip_ws();
    if p.pos < p.bytes.len() {
        return Err(*p.error(ParseErrorKind::Syntax("unexpected text after the JSON value")));
    }
    Ok(value)
}

/// The parser's results: the error boxed, so that a result is no larger
/// than its value (each returned through memory in WebAssembly).
type Parsed<T> = Result<T, Box<ParseError>>;

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    limits: ParseLimits,
}

impl Parser<'_> {
    fn error(&self, kind: ParseErrorKind) -> Box<ParseError> {
        self.error_at(self.pos, kind)
    }

    #[cold]
    #[inline(never)]
    fn error_at(&self, pos: usize, kind: ParseErrorKind) -> Box<ParseError> {
        let before = &self.text[..floor_char_boundary(self.text, pos)];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Box::new(ParseError { kind, line, column })
    }

    fn syntax(&self, what: &'static str) -> Box<ParseError> {
        self.error(ParseErrorKind::Syntax(what))
    }

    #[inline(always)]
    fn skip_ws(&mut self) {
        // Compact text has none: the loop (whose every turn, in the
        // component, checks the host's epoch) is entered only for some.
        if matches!(self.bytes.get(self.pos), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.skip_ws_run();
        }
    }

    #[inline(never)]
    fn skip_ws_run(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.pos) {
            self.pos += 1;
        }
    }

    fn value(&mut self, depth: usize) -> Parsed<Value> {
        match self.bytes.get(self.pos) {
            None => Err(self.syntax("unexpected end of text, expected a value")),
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => Ok(Value::String(self.string()?)),
            Some(b't') => self.literal("true", Value::Bool(true)),
            Some(b'f') => self.literal("false", Value::Bool(false)),
            Some(b'n') => self.literal("null", Value::Null),
            Some(b'-' | b'0'..=b'9') => {
                let start = self.pos;
                match scan_number(self.bytes, start) {
                    Some(end) => {
                        self.pos = end;
                        Ok(Value::Number(Number(self.text[start..end].to_owned())))
                    }
                    None => Err(self.syntax("invalid number")),
                }
            }
            Some(_) => Err(self.syntax("expected a value")),
        }
    }

    fn literal(&mut self, word: &'static str, value: Value) -> Parsed<Value> {
        if self.bytes[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(value)
        } else {
            Err(self.syntax("expected a value"))
        }
    }

    fn enter(&self, depth: usize) -> Parsed<()> {
        if depth > self.limits.max_depth {
            Err(self.error(ParseErrorKind::TooDeep { limit: self.limits.max_depth }))
        } else {
            Ok(())
        }
    }

    fn array(&mut self, depth: usize) -> Parsed<Value> {
        self.enter(depth)?;
        self.pos += 1;
        self.skip_ws();
        if self.bytes.get(self.pos) == Some(&b']') {
            self.pos += 1;
            return Ok(Value::Array(Vec::new()));
        }
        // Room for a few items at once (most arrays of a schema are short:
        // `required`, `enum`, a `type` union), not grown in steps.
        let mut items = Vec::with_capacity(4);
        loop {
            self.skip_ws();
            items.push(self.value(depth + 1)?);
            self.skip_ws();
            match self.bytes.get(self.pos) {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.syntax("expected ',' or ']' after an array element")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Parsed<Value> {
        self.enter(depth)?;
        self.pos += 1;
        // Small objects are checked for duplicate keys by scanning; past this
        // size a set keeps the check linear.
        const SCAN_LIMIT: usize = 16;
        let mut keys: Option<std::collections::HashSet<String>> = None;
        self.skip_ws();
        if self.bytes.get(self.pos) == Some(&b'}') {
            self.pos += 1;
            return Ok(Value::Object(Vec::new()));
        }
        // Room for the members of most schema objects at once, not grown
        // in steps.
        let mut members: Vec<(String, Value)> = Vec::with_capacity(8);
        let mut seen = KeyBits::default();
        loop {
            self.skip_ws();
            if self.bytes.get(self.pos) != Some(&b'"') {
                return Err(self.syntax("expected a string key"));
            }
            let key_pos = self.pos;
            let key = self.string()?;
            let duplicate = if members.len() < SCAN_LIMIT {
                seen.may_repeat(&key) && members.iter().any(|(k, _)| *k == key)
            } else {
                let keys = keys.get_or_insert_with(|| members.iter().map(|(k, _)| k.clone()).collect());
                !keys.insert(key.clone())
            };
            if duplicate {
                return Err(self.error_at(key_pos, ParseErrorKind::DuplicateKey(key)));
            }
            self.skip_ws();
            if self.bytes.get(self.pos) != Some(&b':') {
                return Err(self.syntax("expected ':' after an object key"));
            }
            self.pos += 1;
            self.skip_ws();
            let value = self.value(depth + 1)?;
            members.push((key, value));
            self.skip_ws();
            match self.bytes.get(self.pos) {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Value::Object(members));
                }
                _ => return Err(self.syntax("expected ',' or '}' after an object member")),
            }
        }
    }

    #[inline(always)]
    fn string(&mut self) -> Parsed<String> {
        self.pos += 1; // opening quote
        // Most strings have no escape: one allocation of their length.
        let start = self.pos;
        let end = plain_run(self.bytes, start);
        if self.bytes.get(end) == Some(&b'"') {
            self.pos = end + 1;
            return Ok(self.text[start..end].to_owned());
        }
        self.pos = end;
        let mut out = self.text[start..end].to_owned();
        loop {
            let run_start = self.pos;
            self.pos = plain_run(self.bytes, self.pos);
            // The input is a &str and the run stops only at ASCII bytes, so the
            // slice is on character boundaries.
            out.push_str(&self.text[run_start..self.pos]);
            match self.bytes.get(self.pos) {
                None => return Err(self.syntax("unterminated string")),
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.pos += 1;
                    let c = match self.bytes.get(self.pos) {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{08}',
                        Some(b'f') => '\u{0c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            self.pos += 1;
                            let c = self.unicode_escape()?;
                            out.push(c);
                            continue;
                        }
                        _ => return Err(self.syntax("invalid escape in string")),
                    };
                    self.pos += 1;
                    out.push(c);
                }
                Some(_) => return Err(self.syntax("control character in string (escape it)")),
            }
        }
    }

    /// After `\u`: four hex digits, and a low surrogate escape after a high one.
    fn unicode_escape(&mut self) -> Parsed<char> {
        let hi = self.hex4()?;
        if (0xD800..0xDC00).contains(&hi) {
            if self.bytes[self.pos..].starts_with(b"\\u") {
                self.pos += 2;
                let lo = self.hex4()?;
                if (0xDC00..0xE000).contains(&lo) {
                    let c = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                    return char::from_u32(c).ok_or_else(|| self.syntax("invalid unicode escape"));
                }
            }
            return Err(self.syntax("unpaired surrogate in unicode escape"));
        }
        char::from_u32(hi).ok_or_else(|| self.syntax("unpaired surrogate in unicode escape"))
    }

    fn hex4(&mut self) -> Parsed<u32> {
        let digits = self.bytes.get(self.pos..self.pos + 4).ok_or_else(|| self.syntax("invalid unicode escape"))?;
        let mut n = 0u32;
        for &d in digits {
            let v = (d as char).to_digit(16).ok_or_else(|| self.syntax("invalid unicode escape"))?;
            n = n * 16 + v;
        }
        self.pos += 4;
        Ok(n)
    }
}

/// The keys of one object (or the names of one list) so far, as a set of
/// their [`key_bit`]s: a key whose bit is not in it repeats none of them, so
/// only a key whose bit is needs the keys before it searched (the tape does
/// the same with its keys' codes). In the component that search is a loop,
/// and a call to compare for every key of the same length.
#[derive(Default)]
pub(crate) struct KeyBits(u64);

impl KeyBits {
    /// Adds `key`; whether a key with its bit was added before (so that it
    /// may repeat one).
    #[inline(always)]
    pub(crate) fn may_repeat(&mut self, key: &str) -> bool {
        let bit = key_bit(key);
        let before = self.0 & bit != 0;
        self.0 |= bit;
        before
    }
}

/// One of 64 bits for an object key, from its length and its first and
/// last bytes: two keys with different bits differ.
#[inline(always)]
pub(crate) fn key_bit(key: &str) -> u64 {
    let b = key.as_bytes();
    let (first, last) = (b.first().copied().unwrap_or(0), b.last().copied().unwrap_or(0));
    let h = u32::from(first).wrapping_mul(31) ^ u32::from(last).wrapping_mul(7) ^ (b.len() as u32).wrapping_mul(13);
    1 << (h & 63)
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The end of the JSON number starting at `start`, if one does.
fn scan_number(b: &[u8], start: usize) -> Option<usize> {
    scan_number_classified(b, start).map(|n| n.end)
}

/// A JSON number as scanned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ScannedNumber {
    /// Where it ends.
    pub end: usize,
    /// A plain integer: digits only, not `-0`.
    pub plain: bool,
    /// Not plain, but may still be integral (`2.0`, `1e2`, `-0`; not `2.5`).
    pub integral: bool,
    /// Without an exponent and with at most 19 digits: its digits as one
    /// integer, and how many of them follow the point (`67.50` is 6750, 2).
    pub words: Option<(u64, u32)>,
}

/// The JSON number starting at `start`, if one does. Always inlined: it has
/// two callers, and the tape's parser reads each number's fields as values
/// (out of line, in the component, they come back through memory).
#[inline(always)]
pub(crate) fn scan_number_classified(b: &[u8], start: usize) -> Option<ScannedNumber> {
    let mut i = start;
    let digit = |i: usize| b.get(i).is_some_and(u8::is_ascii_digit);
    let negative = b.get(i) == Some(&b'-');
    if negative {
        i += 1;
    }
    let mut plain = true;
    let mut integral = true;
    let mut mantissa: u64 = 0;
    let digits_from = i;
    match b.get(i) {
        Some(b'0') => {
            i += 1;
            if negative {
                plain = false;
            }
        }
        Some(b'1'..=b'9') => {
            let (end, value, _) = digit_run(b, i, mantissa);
            i = end;
            mantissa = value;
        }
        _ => return None,
    }
    let mut count = i - digits_from;
    let mut fraction = 0;
    if b.get(i) == Some(&b'.') {
        plain = false;
        i += 1;
        if !digit(i) {
            return None;
        }
        let from = i;
        let (end, value, nonzero) = digit_run(b, i, mantissa);
        i = end;
        mantissa = value;
        if nonzero {
            integral = false;
        }
        fraction = i - from;
        count += fraction;
    }
    let mut words = (count <= 19).then_some((mantissa, fraction as u32));
    if let Some(b'e' | b'E') = b.get(i) {
        plain = false;
        words = None;
        // An exponent may make any fraction integral.
        integral = true;
        i += 1;
        if let Some(b'+' | b'-') = b.get(i) {
            i += 1;
        }
        if !digit(i) {
            return None;
        }
        while digit(i) {
            i += 1;
        }
    }
    Some(ScannedNumber { end: i, plain, integral: !plain && integral, words })
}

/// The run of digits at `i`: where it ends, `mantissa` followed by its
/// digits (as `mantissa * 10 + digit` for each, wrapping), and whether any
/// is not `0`. Eight bytes at a time while the text has eight more, with no
/// loop turn per digit (in the component every turn checks the host's
/// epoch); byte by byte in the last seven.
#[inline(always)]
fn digit_run(b: &[u8], mut i: usize, mut mantissa: u64) -> (usize, u64, bool) {
    const POW10: [u64; 9] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000];
    let mut nonzero = false;
    while i + 8 <= b.len() {
        // Each digit byte becomes its value, 0 to 9; any other byte is
        // above 9 and gets its high bit from one of the two terms (a carry
        // out of a byte above 0x89 reaches only bytes after it).
        let x = word8(b, i) ^ 0x3030_3030_3030_3030;
        let other = (x | x.wrapping_add(0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080;
        let k = other.trailing_zeros() / 8;
        if k == 0 {
            return (i, mantissa, nonzero);
        }
        // The k digits in the top bytes, zeros below them (leading zeros);
        // then pairs, then the eight-digit value.
        let y = x << (64 - 8 * k);
        let pairs = y.wrapping_mul(10).wrapping_add(y >> 8);
        const LANES: u64 = 0x0000_00FF_0000_00FF;
        let value = ((pairs & LANES)
            .wrapping_mul(100 + (1_000_000 << 32))
            .wrapping_add(((pairs >> 16) & LANES).wrapping_mul(1 + (10_000 << 32))))
            >> 32;
        nonzero |= value != 0;
        mantissa = mantissa.wrapping_mul(POW10[k as usize]).wrapping_add(value);
        i += k as usize;
        if k < 8 {
            return (i, mantissa, nonzero);
        }
    }
    while let Some(&c) = b.get(i) {
        if !c.is_ascii_digit() {
            break;
        }
        nonzero |= c != b'0';
        mantissa = mantissa.wrapping_mul(10).wrapping_add(u64::from(c - b'0'));
        i += 1;
    }
    (i, mantissa, nonzero)
}

#[cfg(test)]
mod tests {
    /// `plain_segment` answers as a scan of each byte does: a `~` or a `/`
    /// at every position of keys of 0 to 24 bytes (either side of a word),
    /// among ASCII and multi-byte characters, and bytes next to both.
    #[test]
    fn a_segment_is_plain_exactly_when_it_has_no_tilde_or_slash() {
        let by_byte = |k: &str| !k.bytes().any(|b| b == b'~' || b == b'/');
        let fillers = ["a", "é", ".", "0", "}", "\u{7f}", "\u{10ffff}"];
        for len in 0..25 {
            for filler in fillers {
                let base: String = filler.repeat(len);
                assert!(super::plain_segment(&base), "{base:?}");
                let chars: Vec<char> = base.chars().collect();
                for at in 0..=chars.len() {
                    for special in ['~', '/'] {
                        let mut k: String = chars[..at].iter().collect();
                        k.push(special);
                        k.extend(&chars[at..]);
                        assert_eq!(super::plain_segment(&k), by_byte(&k), "{k:?}");
                        assert!(!super::plain_segment(&k), "{k:?}");
                    }
                }
            }
        }
        let mut escaped = String::new();
        super::push_pointer_segment(&mut escaped, "a~b/c~1");
        assert_eq!(escaped, "a~0b~1c~01");
    }

    /// `write_string` writes what a character-by-character escaper writes,
    /// for strings of 0 to 40 bytes (the word loop, each length of the last
    /// word, the short cases) of ASCII and multi-byte characters, with each
    /// byte to escape at every position, after text of several lengths
    /// already in the buffer, and in a buffer with no room to spare.
    #[test]
    fn strings_are_written_as_an_escaper_by_character_writes_them() {
        let by_char = |s: &str| {
            let mut w = String::from("\"");
            for c in s.chars() {
                match c {
                    '"' => w.push_str("\\\""),
                    '\\' => w.push_str("\\\\"),
                    '\n' => w.push_str("\\n"),
                    '\r' => w.push_str("\\r"),
                    '\t' => w.push_str("\\t"),
                    '\u{8}' => w.push_str("\\b"),
                    '\u{c}' => w.push_str("\\f"),
                    c if u32::from(c) < 0x20 => w.push_str(&format!("\\u{:04x}", u32::from(c))),
                    c => w.push(c),
                }
            }
            w.push('"');
            w
        };
        let check = |s: &str| {
            for before in ["", "x", "{\"a\":", "[1,2,3,"] {
                let mut out = String::from(before);
                out.shrink_to_fit();
                super::write_string(s, &mut out);
                assert_eq!(out, format!("{before}{}", by_char(s)), "{s:?} after {before:?}");
            }
        };
        let fillers = ["a", "é", "€", "\u{10ffff}", " ", "\u{7f}", "!", "]", "~"];
        let specials = ['"', '\\', '\n', '\u{0}', '\u{1f}', '\u{8}', '\u{c}'];
        for filler in fillers {
            let mut base = String::new();
            while base.len() <= 40 {
                check(&base);
                let chars: Vec<char> = base.chars().collect();
                for at in 0..=chars.len() {
                    for special in specials {
                        let mut s: String = chars[..at].iter().collect();
                        s.push(special);
                        s.extend(&chars[at..]);
                        check(&s);
                    }
                }
                base.push_str(filler);
            }
        }
        // Bytes just either side of those to escape.
        check("\u{20}!#[]^\u{1f}");
        assert_eq!(super::quote("a\"b"), "\"a\\\"b\"");
    }

    /// `digit_run` reads what a loop over the digits reads, whatever
    /// follows them (bytes just below `0` and above `9`, past ASCII, more
    /// digits after the first other byte) and however near the end of the
    /// text they are (eight bytes at a time, or the byte loop).
    #[test]
    fn digit_runs_read_as_a_loop_over_the_digits_does() {
        let by_byte = |b: &[u8], mut i: usize, mut m: u64| {
            let mut nonzero = false;
            while let Some(&c) = b.get(i).filter(|c| c.is_ascii_digit()) {
                nonzero |= c != b'0';
                m = m.wrapping_mul(10).wrapping_add(u64::from(c - b'0'));
                i += 1;
            }
            (i, m, nonzero)
        };
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let stops = [b',', b'}', b'.', b'e', b' ', b'/', b':', 0x80, 0xff, b'-'];
        for _ in 0..50_000 {
            let mut text = vec![b'x'; (next() % 4) as usize];
            let start = text.len();
            for _ in 0..next() % 24 {
                text.push(if next() % 4 == 0 { b'0' } else { b'0' + (next() % 10) as u8 });
            }
            for j in 0..next() % 12 {
                let digit = j > 0 && next() % 3 == 0;
                text.push(if digit { b'0' + (next() % 10) as u8 } else { stops[(next() % 10) as usize] });
            }
            let m = [0, 7, u64::MAX / 3][(next() % 3) as usize];
            assert_eq!(super::digit_run(&text, start, m), by_byte(&text, start, m), "{text:?} from {start}");
        }
    }

    #[test]
    fn a_pointer_names_members_and_items_with_its_escapes_undone() {
        let v = super::parse(
            r#"{"a":[{"b":1}],"c/d":2,"e~f":3,"~1":4,"":{"":5}}"#,
            super::ParseLimits { max_bytes: 1 << 10, max_depth: 8 },
        )
        .unwrap();
        let at = |p: &str| v.pointer(p).map(super::Value::to_json);
        assert_eq!(at("").as_deref(), Some(v.to_json().as_str()));
        assert_eq!(at("/a/0/b").as_deref(), Some("1"));
        assert_eq!(at("/c~1d").as_deref(), Some("2"));
        assert_eq!(at("/e~0f").as_deref(), Some("3"));
        assert_eq!(at("/~01").as_deref(), Some("4"));
        assert_eq!(at("//").as_deref(), Some("5"));
        for missing in ["/a/1", "/a/x", "/c/d", "/~1", "a", "/a/0/b/c"] {
            assert_eq!(at(missing), None, "{missing}");
        }
    }

    /// The eight-bytes-at-a-time scan stops where a byte-by-byte one does,
    /// for every special byte at every position of words around it.
    #[test]
    fn a_plain_run_ends_at_the_first_byte_to_escape() {
        let naive = |b: &[u8], from: usize| {
            (from..b.len()).find(|&i| b[i] == b'"' || b[i] == b'\\' || b[i] < 0x20).unwrap_or(b.len())
        };
        let fillers: [&[u8]; 4] = [b"a", "é".as_bytes(), &[0x7f], &[0xff]];
        for special in [b'"', b'\\', 0x00, 0x1f, 0x0a, b'!', b'#', b'[', b']', 0x20] {
            for filler in fillers {
                for len in 0..24 {
                    for at in 0..=len {
                        // A second one anywhere (also before `from`, or none).
                        for second in 0..=len {
                            let mut bytes: Vec<u8> = filler.iter().copied().cycle().take(len).collect();
                            for k in [at, second] {
                                if k < len {
                                    bytes[k] = special;
                                }
                            }
                            for from in 0..=len {
                                assert_eq!(plain_run(&bytes, from), naive(&bytes, from), "{bytes:?} from {from}");
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(quote("a\"b\\c\u{1}d\ne"), r#""a\"b\\c\u0001d\ne""#);
    }

    use super::*;

    const LIMITS: ParseLimits = ParseLimits { max_bytes: 1 << 20, max_depth: 64 };

    fn round_trip(text: &str) -> String {
        parse(text, LIMITS).unwrap().to_json()
    }

    #[test]
    fn keeps_member_order_and_number_text() {
        assert_eq!(
            round_trip(r#" { "b" : 1.50, "a" : [18446744073709551616, -0, 1E+2] } "#),
            r#"{"b":1.50,"a":[18446744073709551616,-0,1E+2]}"#
        );
    }

    #[test]
    fn escapes_once() {
        assert_eq!(round_trip(r#""a\"b\\c\/d\u00e9\n\u0001\ud83d\ude00""#), "\"a\\\"b\\\\c/dé\\n\\u0001😀\"");
    }

    #[test]
    fn escapes_every_control_character() {
        // Each character as a string of its own and between other text: the
        // short escapes where JSON has one, \u00xx (lower-case) for the rest.
        for c in (0u32..0x80).chain([0x7f, 0xe9, 0x2028, 0x1f600]).filter_map(char::from_u32) {
            let expected = match c {
                '"' => "\\\"".to_owned(),
                '\\' => "\\\\".to_owned(),
                '\n' => "\\n".to_owned(),
                '\r' => "\\r".to_owned(),
                '\t' => "\\t".to_owned(),
                '\u{08}' => "\\b".to_owned(),
                '\u{0c}' => "\\f".to_owned(),
                c if (c as u32) < 0x20 => format!("\\u{:04x}", c as u32),
                c => c.to_string(),
            };
            assert_eq!(quote(&c.to_string()), format!("\"{expected}\""), "{:x}", c as u32);
            assert_eq!(quote(&format!("aé{c}{c}b")), format!("\"aé{expected}{expected}b\""), "{:x}", c as u32);
        }
        assert_eq!(quote(""), "\"\"");
    }

    #[test]
    fn refuses_duplicates_with_position() {
        let e = parse("{\n  \"a\": 1,\n  \"a\": 2}", LIMITS).unwrap_err();
        assert_eq!(e.to_string(), "the key \"a\" appears twice in one object at line 3, column 3");
    }

    #[test]
    fn refuses_duplicates_in_large_objects() {
        let mut text: String = (0..40).map(|i| format!("\"k{i}\":{i},")).collect();
        text = format!("{{{text}\"k3\":0}}");
        let e = parse(&text, LIMITS).unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::DuplicateKey("k3".into()));
        let ok: String = (0..40).map(|i| format!("\"k{i}\":{i}")).collect::<Vec<_>>().join(",");
        assert!(parse(&format!("{{{ok}}}"), LIMITS).is_ok());
    }

    /// Small objects (the scan's side of the limit) are refused exactly when
    /// a key appears twice: keys that share the bit the parser keeps (the
    /// same length, first and last bytes), keys that differ in it, at every
    /// position of objects of 2 to 16 members.
    #[test]
    fn small_objects_are_refused_exactly_when_a_key_repeats() {
        let keys = ["", "a", "ab", "axb", "ayb", "type", "tyXe", "enum", "items", "title", "é", "éé", "a/b", "a~b"];
        for len in 2..=16 {
            for (i, dup) in keys.iter().enumerate() {
                // Distinct keys (each a key of the list, numbered past it), the
                // key at some position repeated at the end.
                let mut members: Vec<String> =
                    (0..len - 1).map(|j| format!("{}{}", keys[(i + j) % keys.len()], j / keys.len())).collect();
                let text = |ms: &[String]| {
                    let body: Vec<String> = ms.iter().enumerate().map(|(n, k)| format!("{}:{n}", quote(k))).collect();
                    format!("{{{}}}", body.join(","))
                };
                assert!(parse(&text(&members), LIMITS).is_ok(), "{len} {dup:?}");
                for at in 0..members.len() {
                    let mut repeated = members.clone();
                    repeated.push(members[at].clone());
                    let e = parse(&text(&repeated), LIMITS).unwrap_err();
                    assert_eq!(e.kind, ParseErrorKind::DuplicateKey(members[at].clone()), "{len} {at}");
                }
                members.push(format!("{dup}x"));
                assert!(parse(&text(&members), LIMITS).is_ok(), "{len} {dup:?}");
            }
        }
    }

    /// `same` agrees with `==` for every length up to past its word reads,
    /// with a difference at every position, and for unequal lengths.
    #[test]
    fn same_agrees_with_slice_equality() {
        let a: Vec<u8> = (0..40u8).map(|i| b'a' + i % 26).collect();
        for n in 0..=40 {
            assert!(same(&a[..n], &a[..n]), "{n}");
            for at in 0..n {
                let mut b = a[..n].to_vec();
                b[at] ^= 0x20;
                assert!(!same(&a[..n], &b), "{n} {at}");
            }
            if n > 0 {
                assert!(!same(&a[..n], &a[..n - 1]), "{n}");
            }
        }
    }

    /// `char_count` counts what `chars()` counts, and `tail_word` holds the
    /// bytes it is given in order with zeros after them, for strings of 0 to
    /// 40 bytes of ASCII and multi-byte characters (every length of the last
    /// word, the short cases) from every start.
    #[test]
    fn characters_are_counted_as_the_chars_iterator_counts_them() {
        let fillers = ["a", "é", "€", "\u{10ffff}", "\u{7f}", "\u{80}"];
        for len in 0..=40 {
            for (f, g) in fillers.iter().flat_map(|f| fillers.iter().map(move |g| (f, g))) {
                let s: String = (0..len).map(|i| if i % 3 == 0 { *g } else { *f }).collect::<String>();
                let s = &s[..super::floor_char_boundary(&s, len)];
                assert_eq!(super::char_count(s), s.chars().count(), "{s:?}");
                let b = s.as_bytes();
                for i in b.len().saturating_sub(7)..=b.len() {
                    let by_byte = b[i..].iter().rev().fold(0u64, |w, &x| (w << 8) | u64::from(x));
                    assert_eq!(super::tail_word(b, i), by_byte, "{s:?} {i}");
                }
            }
        }
    }

    #[test]
    fn refuses_depth_past_limit() {
        let deep = "[".repeat(65) + &"]".repeat(65);
        let e = parse(&deep, LIMITS).unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::TooDeep { limit: 64 });
        let ok = "[".repeat(64) + &"]".repeat(64);
        assert!(parse(&ok, LIMITS).is_ok());
    }

    #[test]
    fn refuses_bad_syntax() {
        for bad in
            ["", "01", "1.", "-", "[1,]", "{\"a\"}", "\"\\x\"", "\"\\ud800\"", "tru", "1 2", "\"\u{1}\"", "+1", ".5"]
        {
            assert!(parse(bad, LIMITS).is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn refuses_size_past_limit() {
        let e = parse("[1]", ParseLimits { max_bytes: 2, max_depth: 4 }).unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::TooLarge { limit: 2 });
    }

    #[test]
    fn decimals_compare_exactly() {
        let d = |s: &str| Number::parse(s).unwrap().decimal();
        assert!(d("18446744073709551616") > d("18446744073709551615"));
        assert_eq!(d("2.0"), d("2"));
        assert_eq!(d("1e2"), d("100"));
        assert_eq!(d("-0"), d("0"));
        assert!(d("-1e400") < d("-5"));
        assert!(d("0.000001") > d("0"));
        assert!(d("-0.5") > d("-1"));
        assert!(d("1e-999999999999999999999") > d("0"));
        assert_eq!(d("2.0").to_i128(), Some(2));
        assert_eq!(d("1.5e1").to_i128(), Some(15));
        assert_eq!(d("2.5").to_i128(), None);
        assert_eq!(d("-9223372036854775808").to_i128(), Some(-9223372036854775808));
        assert_eq!(d("1e39").to_i128(), None);
    }

    #[test]
    fn pretty_prints_with_two_spaces() {
        let v = parse(r#"{"a":[1,{}],"b":{},"c":["x",null],"d":[]}"#, LIMITS).unwrap();
        assert_eq!(
            v.to_json_pretty(),
            "{\n  \"a\": [\n    1,\n    {}\n  ],\n  \"b\": {},\n  \"c\": [\"x\", null],\n  \"d\": []\n}"
        );
    }
}
