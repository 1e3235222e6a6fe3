//! `format` checks for JSON Schema 2020-12: `email`, `hostname`, `ipv4`, `ipv6`, `uri`,
//! `uri-reference`, `iri`, `iri-reference`, `uri-template`, `json-pointer`,
//! `relative-json-pointer` and `duration`.
//!
//! Self-contained: only `core` is used (no `alloc`, no other crate; it builds under
//! `#![no_std]`). Every check runs in time linear in the input (an A-label in a host name is
//! decoded into a fixed 59-character stack buffer), never allocates, never recurses and never
//! panics: all indexing is bounds-checked or guarded.
//!
//! The accepted languages follow what `jsonschema` 0.60.2 accepts with format validation on, with
//! these deliberate differences, each where the RFC the format names settles the question:
//! - `email`: a display name (`Name <a@b.c>`) is rejected (RFC 5321 §4.1.2: a `Mailbox` is
//!   `Local-part "@" ( Domain / address-literal )`); a backslash-space quoted pair in a quoted local
//!   part is accepted (RFC 5321 §4.1.2: `quoted-pairSMTP = %d92 %d32-126`).
//! - `hostname` (and the domain of `email`): the U-label an A-label decodes to must not start or
//!   end with `-` nor hold `--` in its 3rd and 4th positions (RFC 5891 §4.2.3.1).
//! - `uri-template`: a non-ASCII literal character must be `ucschar` or `iprivate`
//!   (RFC 6570 §2.1, which takes both from RFC 3987).

/// The check for `format`, to look up once when a schema is compiled; `None` when this module
/// does not check `format`.
pub fn checker(format: &str) -> Option<fn(&str) -> bool> {
    Some(match format {
        "email" => is_email,
        "hostname" => is_hostname,
        "ipv4" => is_ipv4,
        "ipv6" => is_ipv6,
        "uri" => is_uri,
        "uri-reference" => is_uri_reference,
        "iri" => is_iri,
        "iri-reference" => is_iri_reference,
        "uri-template" => is_uri_template,
        "json-pointer" => is_json_pointer,
        "relative-json-pointer" => is_relative_json_pointer,
        "duration" => is_duration,
        _ => return None,
    })
}

// ---------------------------------------------------------------------------------------------
// ipv4, ipv6
// ---------------------------------------------------------------------------------------------

/// RFC 2673 §3.2 dotted-quad: four decimal octets 0-255, no leading zeros, nothing else.
pub fn is_ipv4(s: &str) -> bool {
    ipv4(s.as_bytes())
}

fn ipv4(b: &[u8]) -> bool {
    let mut i = 0;
    let mut part = 0;
    loop {
        let start = i;
        let mut v: u32 = 0;
        while i - start < 3 {
            match b.get(i) {
                Some(&c) if c.is_ascii_digit() => {
                    v = v * 10 + u32::from(c - b'0');
                    i += 1;
                }
                _ => break,
            }
        }
        let n = i - start;
        if n == 0 || v > 255 || (n > 1 && b[start] == b'0') {
            return false;
        }
        part += 1;
        if part == 4 {
            return i == b.len();
        }
        if b.get(i) != Some(&b'.') {
            return false;
        }
        i += 1;
    }
}

/// RFC 4291 §2.2 text form: 1-4 hex digits a group, one `::` standing for one or more zero
/// groups, an optional trailing dotted-quad; no zone, no prefix length, no brackets.
pub fn is_ipv6(s: &str) -> bool {
    ipv6(s.as_bytes())
}

fn ipv6(b: &[u8]) -> bool {
    let n = b.len();
    let mut i = 0;
    let mut groups = 0u32;
    let mut elided = false;
    if n >= 2 && b[0] == b':' && b[1] == b':' {
        if n == 2 {
            return true;
        }
        elided = true;
        i = 2;
    }
    loop {
        let start = i;
        while i < n && b[i].is_ascii_hexdigit() {
            i += 1;
        }
        let len = i - start;
        if len == 0 {
            return false;
        }
        if i < n && b[i] == b'.' {
            if !ipv4(&b[start..]) {
                return false;
            }
            groups += 2;
            break;
        }
        if len > 4 {
            return false;
        }
        groups += 1;
        if i == n {
            break;
        }
        if b[i] != b':' || groups >= 8 {
            return false;
        }
        i += 1;
        if i < n && b[i] == b':' {
            if elided {
                return false;
            }
            elided = true;
            i += 1;
            if i == n {
                break;
            }
        } else if i == n {
            return false;
        }
    }
    if elided { groups <= 7 } else { groups == 8 }
}

// ---------------------------------------------------------------------------------------------
// hostname
// ---------------------------------------------------------------------------------------------

/// RFC 1123 §2.1 host name: LDH labels of 1-63 octets not starting or ending with `-`, at most
/// 253 octets, no trailing dot. A label with `--` in its 3rd and 4th positions must be an A-label
/// (`xn--`, lowercase) whose Punycode decodes to a label passing the IDNA checks jsonschema
/// 0.60.2 applies (general categories from Unicode 16 and the RFC 5892 contextual rules).
pub fn is_hostname(s: &str) -> bool {
    hostname(s.as_bytes())
}

fn hostname(b: &[u8]) -> bool {
    let n = b.len();
    if n == 0 || n > 253 {
        return false;
    }
    let mut start = 0;
    loop {
        let mut end = start;
        while end < n && b[end] != b'.' {
            if !(b[end].is_ascii_alphanumeric() || b[end] == b'-') {
                return false;
            }
            end += 1;
        }
        if !host_label(&b[start..end]) {
            return false;
        }
        if end == n {
            return true;
        }
        start = end + 1;
    }
}

fn host_label(l: &[u8]) -> bool {
    let len = l.len();
    if len == 0 || len > 63 || l[0] == b'-' || l[len - 1] == b'-' {
        return false;
    }
    if len >= 4 && l[2] == b'-' && l[3] == b'-' {
        return l[0] == b'x' && l[1] == b'n' && a_label(&l[4..]);
    }
    true
}

/// Longest Punycode payload: a 63-octet label less `xn--`. Decoding never lengthens it.
const MAX_U_LABEL: usize = 59;

fn a_label(payload: &[u8]) -> bool {
    let mut buf = ['\0'; MAX_U_LABEL];
    match punycode_decode(payload, &mut buf) {
        Some(len) => u_label(&buf[..len]),
        None => false,
    }
}

fn puny_digit(c: u8) -> Option<u32> {
    match c {
        b'a'..=b'z' => Some(u32::from(c - b'a')),
        b'A'..=b'Z' => Some(u32::from(c - b'A')),
        b'0'..=b'9' => Some(u32::from(c - b'0') + 26),
        _ => None,
    }
}

/// RFC 3492 §6.1.
fn puny_adapt(delta: u32, count: u32, first: bool) -> u32 {
    let mut d = if first { delta / 700 } else { delta / 2 };
    d += d / count;
    let mut k = 0;
    while d > 455 {
        d /= 35;
        k += 36;
    }
    k + 36 * d / (d + 38)
}

/// RFC 3492 §6.2, with every overflow a failure. Returns the decoded length.
fn punycode_decode(p: &[u8], out: &mut [char; MAX_U_LABEL]) -> Option<usize> {
    let (basic, enc) = match p.iter().rposition(|&c| c == b'-') {
        Some(d) if d > 0 => (&p[..d], &p[d + 1..]),
        _ => (&p[..0], p),
    };
    let mut len = 0;
    for &c in basic {
        *out.get_mut(len)? = char::from(c);
        len += 1;
    }
    let (mut n, mut i, mut bias) = (128u32, 0u32, 72u32);
    let mut pos = 0;
    while pos < enc.len() {
        let old = i;
        let mut w = 1u32;
        let mut k = 36u32;
        loop {
            let d = puny_digit(*enc.get(pos)?)?;
            pos += 1;
            i = i.checked_add(d.checked_mul(w)?)?;
            let t = if k <= bias {
                1
            } else if k >= bias + 26 {
                26
            } else {
                k - bias
            };
            if d < t {
                break;
            }
            w = w.checked_mul(36 - t)?;
            k += 36;
        }
        let count = len as u32 + 1;
        bias = puny_adapt(i - old, count, old == 0);
        n = n.checked_add(i / count)?;
        i %= count;
        let c = char::from_u32(n)?;
        if len >= out.len() {
            return None;
        }
        let at = i as usize;
        let mut j = len;
        while j > at {
            out[j] = out[j - 1];
            j -= 1;
        }
        out[at] = c;
        len += 1;
        i += 1;
    }
    Some(len)
}

/// Code points with canonical combining class Virama that may precede U+200D (the list
/// jsonschema 0.60.2 uses).
#[rustfmt::skip]
const VIRAMAS: [u32; 50] = [
    0x094D, 0x09CD, 0x0A4D, 0x0ACD, 0x0B4D, 0x0BCD, 0x0C4D, 0x0CCD, 0x0D4D, 0x0DCA,
    0x0E3A, 0x0F84, 0x1039, 0x1714, 0x1734, 0x17D2, 0x1A60, 0x1B44, 0x1BAA, 0x1BF2,
    0x1BF3, 0x2D7F, 0xA806, 0xA8C4, 0xA953, 0xABED, 0x10A3F, 0x11046, 0x1107F, 0x110B9,
    0x11133, 0x111C0, 0x11235, 0x112EA, 0x1134D, 0x11442, 0x114C2, 0x115BF, 0x1163F, 0x116B6,
    0x1172B, 0x11839, 0x119E0, 0x11A34, 0x11A47, 0x11A99, 0x11C3F, 0x11D44, 0x11D45, 0x11D97,
];

/// The U-label checks: RFC 5891 §4.2.3.1 hyphens, no leading combining mark, every non-ASCII
/// character a letter, mark or decimal digit unless an RFC 5892 exception, and the RFC 5892
/// Appendix A contextual rules.
fn u_label(l: &[char]) -> bool {
    let len = l.len();
    if len > 0 && (l[0] == '-' || l[len - 1] == '-') {
        return false;
    }
    if len >= 4 && l[2] == '-' && l[3] == '-' {
        return false;
    }
    if let Some(&first) = l.first()
        && !first.is_ascii()
        && pvalid_class(first) == 2
    {
        return false;
    }
    let (mut katakana_dot, mut kana_han, mut arabic, mut ext_arabic) = (false, false, false, false);
    for (idx, &c) in l.iter().enumerate() {
        let prev = if idx > 0 { Some(l[idx - 1]) } else { None };
        let next = l.get(idx + 1).copied();
        match c {
            '\u{200D}' if !prev.is_some_and(|p| VIRAMAS.contains(&(p as u32))) => return false,
            '\u{00B7}' if prev != Some('l') || next != Some('l') => return false,
            '\u{0375}' if !next.is_some_and(|n| ('\u{0370}'..='\u{03FF}').contains(&n)) => return false,
            '\u{05F3}' | '\u{05F4}' if !prev.is_some_and(|p| ('\u{0590}'..='\u{05FF}').contains(&p)) => return false,
            '\u{30FB}' => katakana_dot = true,
            '\u{3040}'..='\u{309F}' | '\u{30A0}'..='\u{30FA}' | '\u{30FC}'..='\u{30FF}' => kana_han = true,
            '\u{4E00}'..='\u{9FFF}' => kana_han = true,
            '\u{0660}'..='\u{0669}' => arabic = true,
            '\u{06F0}'..='\u{06F9}' => ext_arabic = true,
            '\u{0640}' | '\u{07FA}' | '\u{302E}' | '\u{302F}' | '\u{3031}'..='\u{3035}' | '\u{303B}' => return false,
            // The contextual characters that passed above, and the PVALID exceptions of
            // RFC 5892 §2.6 whose general category is not a letter, mark or digit.
            '\u{200C}' | '\u{200D}' | '\u{00B7}' | '\u{0375}' | '\u{05F3}' | '\u{05F4}' | '\u{06FD}' | '\u{06FE}'
            | '\u{0F0B}' | '\u{3007}' => {}
            c if !c.is_ascii() && pvalid_class(c) == 0 => return false,
            _ => {}
        }
    }
    (!katakana_dot || kana_han) && !(arabic && ext_arabic)
}

/// 1 for general categories Lu Ll Lt Lm Lo Nd, 2 for Mn Mc, 0 otherwise (for `c` >= U+0080).
fn pvalid_class(c: char) -> u8 {
    let cp = c as u32;
    let k = PVALID_INDEX_CP.partition_point(|&x| x <= cp).saturating_sub(1);
    let mut start = PVALID_INDEX_CP[k];
    let mut at = PVALID_INDEX_AT[k] as usize;
    while let Some(&b) = PVALID_RUNS.get(at) {
        let mut len = u32::from(b & 63);
        at += 1;
        if len == 0 {
            for _ in 0..3 {
                len = (len << 8) | u32::from(*PVALID_RUNS.get(at).unwrap_or(&0));
                at += 1;
            }
        }
        if cp < start + len {
            return b >> 6;
        }
        start += len;
    }
    0
}

// Runs of `pvalid_class` from U+0080: each is one byte `class << 6 | length` (length 1-63), or
// `class << 6` and a 3-byte big-endian length; PVALID_INDEX_* give the start and offset of every
// 32nd run.
// @generated by examples/gen_table.rs from unicode-general-category 1.1.0 (Unicode 16.0.0):
// TABLE-BEGIN
// 1835 runs, 2219 bytes, 58 index entries.
#[rustfmt::skip]
const PVALID_RUNS: [u8; 2219] = [
    42,65,10,65,4,65,5,87,1,95,1,64,0,1,202,4,76,14,69,7,65,1,65,17,
    128,0,0,112,69,1,66,2,68,1,65,6,65,1,67,1,65,1,84,1,64,0,0,83,
    1,64,0,0,139,1,133,2,64,0,0,166,1,102,2,65,6,105,8,173,1,129,1,130,
    1,130,1,129,8,91,4,68,29,139,5,107,149,74,4,66,129,64,0,0,99,1,65,135,
    2,134,66,130,1,132,79,2,65,16,65,129,94,155,2,64,0,0,89,139,65,14,107,137,
    66,4,65,2,129,2,86,132,65,137,65,131,65,133,18,89,131,4,75,5,88,1,70,8,
    137,106,152,1,161,118,131,65,146,65,135,74,130,2,74,1,80,131,1,72,2,66,2,86,
    1,71,1,65,3,68,2,129,65,135,2,130,2,131,65,8,129,4,66,1,67,130,2,76,
    10,65,1,129,2,131,1,70,4,66,2,86,1,71,1,66,1,66,1,66,2,129,1,133,
    4,130,2,131,3,129,7,68,1,65,7,74,130,67,129,11,131,1,73,1,67,1,86,1,
    71,1,66,1,69,2,129,65,136,1,131,1,131,2,65,15,66,130,2,74,9,65,134,1,
    131,1,72,2,66,2,86,1,71,1,66,1,69,2,129,65,135,2,130,2,131,7,131,4,
    66,1,67,130,2,74,1,65,16,129,65,1,70,3,67,1,68,3,66,1,65,1,66,3,
    66,3,67,3,76,4,133,3,131,1,132,2,65,6,129,14,74,16,133,72,1,67,1,87,
    1,80,2,129,65,135,1,131,1,132,7,130,1,67,2,65,2,66,130,2,74,16,65,131,
    1,72,1,67,1,87,1,74,1,69,2,129,65,135,1,131,1,132,7,130,6,66,1,66,
    130,2,74,1,66,129,12,132,73,1,67,1,105,130,65,135,1,131,1,132,65,5,67,129,
    7,67,130,2,74,10,70,1,131,1,82,3,88,1,73,1,65,2,71,3,129,4,134,1,
    129,1,136,6,74,2,130,13,112,129,66,135,5,71,136,1,74,39,66,1,65,1,69,1,
    88,1,65,1,74,129,66,137,65,2,69,1,65,1,135,1,74,2,68,32,65,23,130,6,
    74,11,129,1,129,1,129,4,130,72,1,100,4,148,1,130,69,139,1,164,9,129,57,107,
    148,75,6,70,132,68,131,65,131,66,135,67,132,77,140,65,129,74,132,2,102,1,65,5,
    65,2,107,1,64,0,1,77,1,68,2,71,1,65,1,68,2,105,1,68,2,97,1,68,
    2,71,1,65,1,68,2,79,1,121,1,68,2,64,0,0,67,2,131,32,80,16,64,0,
    0,86,2,70,3,64,0,2,108,2,81,1,90,5,64,0,0,75,6,72,7,82,132,9,
    83,131,11,82,130,12,77,1,67,1,130,12,116,160,3,65,4,65,129,2,74,33,131,1,
    129,74,6,64,0,0,89,7,69,130,98,129,65,5,64,0,0,70,10,95,1,140,4,140,
    10,104,2,69,11,108,4,90,6,74,38,87,133,4,117,138,1,157,2,129,74,6,74,13,
    65,8,142,1,144,49,133,111,145,72,3,74,17,137,12,131,94,141,120,142,12,100,148,8,
    74,3,113,2,75,5,107,2,67,16,131,1,149,68,129,70,129,66,131,65,5,64,0,0,
    192,128,0,0,64,64,0,1,22,2,70,2,102,2,70,2,72,1,65,1,65,1,65,1,
    95,2,117,1,71,1,65,3,67,1,71,3,68,2,70,4,77,5,67,1,71,0,0,0,
    116,65,13,65,16,77,51,141,4,129,3,140,17,65,4,65,2,74,1,65,3,69,6,65,
    1,65,1,65,1,68,1,75,2,68,5,69,4,65,52,66,0,0,10,123,64,0,0,229,
    6,68,131,66,12,102,1,65,5,65,2,120,7,65,15,129,87,9,71,1,71,1,71,1,
    71,1,71,1,71,1,71,1,71,1,160,47,65,0,0,1,213,66,35,134,1,69,5,66,
    4,64,0,0,86,2,130,2,67,1,64,0,0,90,1,68,5,107,1,64,0,0,94,17,
    96,48,80,0,0,2,0,64,0,25,192,0,0,0,64,64,0,86,141,0,0,0,67,110,
    2,64,0,1,13,3,92,20,111,129,4,138,1,95,130,64,0,0,70,10,130,37,73,2,
    64,0,0,103,2,64,0,0,67,2,66,1,65,1,72,21,80,129,67,129,68,129,87,133,
    4,129,19,116,12,130,114,146,10,74,6,146,70,3,65,1,66,129,102,136,2,87,141,12,
    93,3,132,111,142,14,75,6,69,129,89,1,105,142,9,67,129,72,130,2,74,6,87,3,
    65,131,114,129,65,131,66,130,69,130,65,129,65,24,67,2,75,133,2,67,130,10,70,2,
    70,2,70,9,71,1,71,1,107,1,78,6,64,0,0,115,136,1,130,2,74,6,64,0,
    43,164,12,87,4,113,0,0,33,4,64,0,1,110,2,64,0,0,106,38,71,12,69,5,
    65,129,74,1,77,1,69,1,65,1,66,1,66,1,64,0,0,108,33,64,0,1,107,18,
    64,0,0,64,2,118,40,76,4,144,16,144,0,0,0,64,69,1,64,0,0,135,19,74,
    7,90,6,90,11,64,0,0,89,3,70,2,70,2,70,2,67,35,76,1,90,1,83,1,
    66,1,79,2,78,34,64,0,0,123,0,0,1,2,129,0,0,0,130,93,3,113,15,129,
    31,96,13,84,1,72,6,102,133,5,94,2,100,4,72,48,64,0,0,158,2,74,6,100,
    4,100,4,104,8,116,12,75,1,79,1,71,1,66,1,75,1,79,1,71,1,66,3,116,
    12,64,0,1,55,9,86,10,72,24,70,1,106,1,73,0,0,0,69,70,2,65,1,108,
    1,66,3,65,2,87,10,87,9,95,0,0,0,65,83,1,66,10,86,10,90,0,0,0,
    70,120,6,66,0,0,0,64,65,131,1,130,5,132,68,1,67,1,93,2,131,4,129,32,
    93,3,93,35,72,1,92,130,25,118,10,86,10,83,13,82,0,0,0,110,64,0,0,73,
    55,115,13,115,13,100,132,8,74,6,102,3,133,1,87,0,0,0,250,106,1,130,3,66,
    16,67,55,132,93,10,65,8,86,139,31,82,132,42,85,27,87,9,131,117,143,31,74,129,
    66,130,65,9,132,109,139,7,129,13,89,7,74,6,131,100,142,1,74,4,65,130,65,8,
    99,129,2,65,9,131,112,142,68,4,132,1,130,75,1,65,35,82,1,89,140,6,129,66,
    129,62,71,1,65,1,68,1,79,1,74,7,111,140,5,74,6,132,1,72,2,66,2,86,
    1,71,1,66,1,69,1,130,65,135,2,130,2,131,2,65,6,129,5,69,130,2,135,3,
    133,11,74,1,65,2,65,1,102,1,65,137,1,129,2,129,1,132,1,133,65,129,65,13,
    130,29,117,146,68,5,74,4,129,67,30,112,148,66,1,65,8,74,0,0,0,166,111,135,
    2,137,23,68,130,34,112,145,3,65,11,74,38,107,141,65,7,74,6,84,28,91,2,143,
    4,74,6,71,0,0,0,185,108,143,0,0,0,101,64,0,0,74,21,72,2,65,2,72,
    1,66,1,88,134,1,130,2,132,65,129,65,130,12,74,0,0,0,70,72,2,103,135,2,
    135,65,1,65,129,27,65,138,104,135,65,132,8,129,8,65,139,110,144,3,65,18,64,0,
    0,73,0,0,0,199,97,15,74,6,73,1,101,136,1,136,65,15,74,24,94,2,150,1,
    142,0,0,0,73,71,1,66,1,102,134,3,129,1,130,1,135,65,129,8,74,6,70,1,
    66,1,96,133,1,130,1,133,65,7,74,0,0,1,54,83,132,9,130,65,129,77,1,98,
    135,3,133,13,74,129,0,0,0,85,65,0,0,0,79,64,0,3,154,0,0,0,230,64,
    0,0,196,0,0,10,76,64,0,0,97,15,64,0,4,48,16,129,70,143,10,64,0,15,
    155,5,64,0,2,71,0,0,26,185,94,146,74,0,0,6,198,64,0,2,57,7,95,1,
    74,6,64,0,0,79,1,74,6,94,2,133,11,112,135,9,68,12,74,9,85,5,83,0,
    0,1,176,109,3,74,0,0,0,198,64,0,0,64,0,0,0,128,64,0,0,75,4,129,
    65,183,7,132,77,0,0,0,64,66,1,65,129,11,130,14,64,0,23,248,8,64,0,4,
    214,41,74,0,0,34,231,68,1,71,1,66,1,64,0,1,35,15,65,29,67,2,65,14,
    68,8,64,0,1,140,0,0,9,4,64,0,0,107,5,77,3,73,7,74,3,130,0,0,
    16,81,74,0,0,2,6,174,2,151,0,0,2,30,133,3,134,8,136,2,135,30,132,0,
    0,0,148,131,0,0,1,187,64,0,0,85,1,64,0,0,71,1,66,2,65,2,66,2,
    68,1,76,1,65,1,71,1,64,0,0,65,1,68,2,72,1,71,1,92,1,68,1,69,
    1,65,3,71,1,64,0,1,84,2,89,1,89,1,95,1,89,1,95,1,89,1,95,1,
    89,1,95,1,89,1,72,2,114,0,0,2,0,183,4,178,8,129,14,129,22,133,1,143,
    0,0,4,80,95,6,70,0,0,0,213,135,1,145,2,135,1,130,1,133,5,126,33,129,
    0,0,0,112,109,3,135,71,2,74,4,65,0,0,1,65,94,129,17,108,132,74,0,0,
    1,214,92,132,74,0,0,0,214,94,130,75,0,0,1,229,71,1,68,1,66,1,79,1,
    64,0,0,197,11,135,41,64,0,0,68,135,65,4,74,0,0,4,166,68,1,91,1,66,
    1,65,2,65,1,74,1,68,1,65,1,65,6,65,4,65,1,65,1,65,1,67,1,66,
    1,65,2,65,1,65,1,65,1,65,1,65,1,66,1,65,2,68,1,71,1,68,1,68,
    1,65,1,74,1,81,5,67,1,69,1,81,0,0,13,52,74,0,0,4,6,64,0,166,
    224,32,64,0,16,58,6,64,0,0,222,2,64,0,22,130,14,64,0,29,49,15,64,0,
    2,110,0,0,9,162,64,0,2,30,0,0,5,226,64,0,19,75,5,64,0,16,96,0,
    10,221,80,128,0,0,240,0,2,254,16,
];
#[rustfmt::skip]
const PVALID_INDEX_CP: [u32; 58] = [
    0x80,0x388,0x5EF,0x7B2,0x904,0x9CB,0xA3C,0xABA,
    0xB3A,0xB9D,0xC3E,0xCBE,0xD4F,0xDF0,0xEC7,0xFC6,
    0x1249,0x1360,0x1780,0x196E,0x1B4D,0x1CF7,0x1FCD,0x211E,
    0x2D68,0x303B,0xA670,0xA840,0xA9FF,0xAAF2,0xFA70,0xFE20,
    0x10050,0x104D4,0x10786,0x109C0,0x10B80,0x10F30,0x11127,0x11241,
    0x1133D,0x113C6,0x115D8,0x11907,0x11A01,0x11C90,0x11D98,0x13447,
    0x16B78,0x1AFF4,0x1CF47,0x1D506,0x1D76F,0x1E022,0x1E5FB,0x1EE38,
    0x1EE65,0x2EBE1,
];
#[rustfmt::skip]
const PVALID_INDEX_AT: [u16; 58] = [
    0,38,79,117,149,181,213,245,277,309,341,373,
    405,437,469,501,536,571,612,650,682,714,755,790,
    828,863,922,963,995,1027,1071,1115,1156,1200,1235,1276,
    1311,1352,1384,1416,1448,1480,1515,1556,1591,1629,1664,1723,
    1773,1832,1882,1932,1967,2008,2052,2096,2128,2181,
];
// TABLE-END

// ---------------------------------------------------------------------------------------------
// email
// ---------------------------------------------------------------------------------------------

/// RFC 5321 §4.1.2 `Mailbox`: an ASCII dot-string or quoted-string local part of at most 64
/// octets, `@`, and a `hostname` or an address literal `[IPv4]` / `[IPv6:IPv6]` (tag in any case).
pub fn is_email(s: &str) -> bool {
    let b = s.as_bytes();
    match b.iter().rposition(|&c| c == b'@') {
        Some(at) => local_part(&b[..at]) && email_domain(&b[at + 1..]),
        None => false,
    }
}

fn local_part(l: &[u8]) -> bool {
    let n = l.len();
    if n == 0 || n > 64 {
        return false;
    }
    if n >= 2 && l[0] == b'"' && l[n - 1] == b'"' {
        let q = &l[1..n - 1];
        let mut i = 0;
        while let Some(&c) = q.get(i) {
            match c {
                b'\\' => match q.get(i + 1) {
                    Some(0x20..=0x7E) => i += 2,
                    _ => return false,
                },
                b'"' => return false,
                b'\t' | 0x20..=0x7E => i += 1,
                _ => return false,
            }
        }
        return true;
    }
    let mut after_dot = true;
    for &c in l {
        if c == b'.' {
            if after_dot {
                return false;
            }
            after_dot = true;
        } else if c.is_ascii_alphanumeric() || b"!#$%&'*+-/=?^_`{|}~".contains(&c) {
            after_dot = false;
        } else {
            return false;
        }
    }
    !after_dot
}

fn email_domain(d: &[u8]) -> bool {
    let n = d.len();
    if n >= 2 && d[0] == b'[' && d[n - 1] == b']' {
        let inner = &d[1..n - 1];
        if inner.len() >= 5 && inner[..5].eq_ignore_ascii_case(b"IPv6:") { ipv6(&inner[5..]) } else { ipv4(inner) }
    } else {
        hostname(d)
    }
}

// ---------------------------------------------------------------------------------------------
// uri, uri-reference, iri, iri-reference (RFC 3986 §3, §4.1; RFC 3987 §2.2)
// ---------------------------------------------------------------------------------------------

/// RFC 3986 `URI`.
pub fn is_uri(s: &str) -> bool {
    resource_id(s.as_bytes(), false, true)
}

/// RFC 3986 `URI-reference`.
pub fn is_uri_reference(s: &str) -> bool {
    resource_id(s.as_bytes(), false, false)
}

/// RFC 3987 `IRI`.
pub fn is_iri(s: &str) -> bool {
    resource_id(s.as_bytes(), true, true)
}

/// RFC 3987 `IRI-reference`.
pub fn is_iri_reference(s: &str) -> bool {
    resource_id(s.as_bytes(), true, false)
}

// ASCII classes.
const UNRES_SUB: u8 = 1; // unreserved / sub-delims
const COLON: u8 = 2;
const AT: u8 = 4;
const SLASH: u8 = 8;
const QMARK: u8 = 16;
const SCHEME: u8 = 32; // ALPHA / DIGIT / "+" / "-" / "."
const PCHAR: u8 = UNRES_SUB | COLON | AT;
const PATH: u8 = PCHAR | SLASH;
const QUERY: u8 = PATH | QMARK;

// What a scan admits beyond its ASCII class.
const PCT: u8 = 1; // pct-encoded
const UCS: u8 = 2; // ucschar
const PRIVATE: u8 = 4; // iprivate

const CLASSES: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut c = 0u8;
    while c < 128 {
        let mut v = 0;
        if c.is_ascii_alphanumeric()
            || matches!(
                c,
                b'-' | b'.' | b'_' | b'~' | b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
            )
        {
            v |= UNRES_SUB;
        }
        if c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.') {
            v |= SCHEME;
        }
        v |= match c {
            b':' => COLON,
            b'@' => AT,
            b'/' => SLASH,
            b'?' => QMARK,
            _ => 0,
        };
        t[c as usize] = v;
        c += 1;
    }
    t
};

#[inline]
fn class(c: u8) -> u8 {
    if c < 128 { CLASSES[c as usize] } else { 0 }
}

/// RFC 3987 `ucschar`.
#[inline]
fn is_ucschar(x: u32) -> bool {
    matches!(x, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF | 0xE1000..=0xEFFFD)
        || (0x10000..=0xDFFFF).contains(&x) && (x & 0xFFFF) <= 0xFFFD
}

/// RFC 3987 `iprivate`.
#[inline]
fn is_iprivate(x: u32) -> bool {
    (0xE000..=0xF8FF).contains(&x) || (x >= 0xF0000 && (x & 0xFFFF) <= 0xFFFD)
}

/// The code point at `b[i]` (a non-ASCII lead byte of valid UTF-8) and its length.
#[inline]
fn decode_utf8(b: &[u8], i: usize) -> (u32, usize) {
    let x = u32::from(b.get(i).copied().unwrap_or(0));
    let cont = |k: usize| u32::from(b.get(i + k).copied().unwrap_or(0) & 0x3F);
    if x < 0xE0 {
        (((x & 0x1F) << 6) | cont(1), 2)
    } else if x < 0xF0 {
        (((x & 0x0F) << 12) | (cont(1) << 6) | cont(2), 3)
    } else {
        (((x & 0x07) << 18) | (cont(1) << 12) | (cont(2) << 6) | cont(3), 4)
    }
}

#[inline]
fn is_hex_at(b: &[u8], i: usize) -> bool {
    b.get(i).is_some_and(u8::is_ascii_hexdigit)
}

/// The end of the run from `i` of ASCII bytes in `mask` and what `extra` admits; `None` on a
/// `%` not followed by two hex digits where percent-encodings are admitted.
#[inline]
fn scan(b: &[u8], mut i: usize, mask: u8, extra: u8) -> Option<usize> {
    while let Some(&c) = b.get(i) {
        if c < 0x80 {
            if CLASSES[c as usize] & mask != 0 {
                i += 1;
            } else if c == b'%' && extra & PCT != 0 {
                if !(is_hex_at(b, i + 1) && is_hex_at(b, i + 2)) {
                    return None;
                }
                i += 3;
            } else {
                break;
            }
        } else {
            if extra & (UCS | PRIVATE) == 0 {
                break;
            }
            let (cp, len) = decode_utf8(b, i);
            if !((extra & UCS != 0 && is_ucschar(cp)) || (extra & PRIVATE != 0 && is_iprivate(cp))) {
                break;
            }
            i += len;
        }
    }
    Some(i)
}

fn resource_id(b: &[u8], iri: bool, absolute: bool) -> bool {
    let w = if iri { PCT | UCS } else { PCT };
    let mut i = 0;
    while i < b.len() && class(b[i]) & SCHEME != 0 {
        i += 1;
    }
    let after_path = if b.get(i) == Some(&b':') {
        if i == 0 || !b[0].is_ascii_alphabetic() {
            return false;
        }
        i += 1;
        if b[i..].starts_with(b"//") { authority_and_path(b, i + 2, w) } else { scan(b, i, PATH, w) }
    } else if absolute {
        return false;
    } else if i == 0 && b.starts_with(b"//") {
        authority_and_path(b, 2, w)
    } else {
        // A relative path's first segment holds no colon.
        match scan(b, i, UNRES_SUB | AT, w) {
            Some(j) if b.get(j) != Some(&b':') => scan(b, j, PATH, w),
            _ => None,
        }
    };
    let Some(mut at) = after_path else {
        return false;
    };
    if b.get(at) == Some(&b'?') {
        let q = if iri { w | PRIVATE } else { w };
        match scan(b, at + 1, QUERY, q) {
            Some(end) => at = end,
            None => return false,
        }
    }
    if b.get(at) == Some(&b'#') {
        match scan(b, at + 1, QUERY, w) {
            Some(end) => at = end,
            None => return false,
        }
    }
    at == b.len()
}

/// `authority path-abempty` from `start` (just after `//`); the end of the path.
fn authority_and_path(b: &[u8], start: usize, w: u8) -> Option<usize> {
    let user_end = scan(b, start, UNRES_SUB | COLON, w)?;
    let end = if b.get(user_end) == Some(&b'@') {
        let host = user_end + 1;
        let host_end = if b.get(host) == Some(&b'[') { ip_literal(b, host)? } else { scan(b, host, UNRES_SUB, w)? };
        port(b, host_end)
    } else if user_end == start {
        if b.get(start) == Some(&b'[') { port(b, ip_literal(b, start)?) } else { start }
    } else {
        // No userinfo: `host [":" port]`, so at most one colon, with only digits after it.
        let auth = &b[start..user_end];
        if let Some(colon) = auth.iter().position(|&c| c == b':')
            && !auth[colon + 1..].iter().all(u8::is_ascii_digit)
        {
            return None;
        }
        user_end
    };
    let path_end = scan(b, end, PATH, w)?;
    if path_end > end && b[end] != b'/' {
        return None;
    }
    Some(path_end)
}

fn port(b: &[u8], mut i: usize) -> usize {
    if b.get(i) == Some(&b':') {
        i += 1;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
    }
    i
}

/// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"` at `b[i] == '['`; the end.
fn ip_literal(b: &[u8], i: usize) -> Option<usize> {
    let s = i + 1;
    if matches!(b.get(s), Some(b'v' | b'V')) {
        let mut h = s + 1;
        while is_hex_at(b, h) {
            h += 1;
        }
        if h == s + 1 || b.get(h) != Some(&b'.') {
            return None;
        }
        let e = scan(b, h + 1, UNRES_SUB | COLON, 0)?;
        if e == h + 1 || b.get(e) != Some(&b']') {
            return None;
        }
        return Some(e + 1);
    }
    let mut e = s;
    while b.get(e).is_some_and(|&c| c.is_ascii_hexdigit() || c == b':' || c == b'.') {
        e += 1;
    }
    if b.get(e) == Some(&b']') && ipv6(&b[s..e]) { Some(e + 1) } else { None }
}

// ---------------------------------------------------------------------------------------------
// uri-template (RFC 6570 §2, with erratum 6937 admitting "'" in literals)
// ---------------------------------------------------------------------------------------------

/// RFC 6570 level-4 `URI-Template`.
pub fn is_uri_template(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        match c {
            b'{' => match expression(b, i + 1) {
                Some(end) => i = end,
                None => return false,
            },
            b'%' => {
                if !(is_hex_at(b, i + 1) && is_hex_at(b, i + 2)) {
                    return false;
                }
                i += 3;
            }
            0x00..=0x20 | b'"' | b'<' | b'>' | b'\\' | b'^' | b'`' | b'|' | b'}' | 0x7F => return false,
            0x21..=0x7E => i += 1,
            _ => {
                let (cp, len) = decode_utf8(b, i);
                if !(is_ucschar(cp) || is_iprivate(cp)) {
                    return false;
                }
                i += len;
            }
        }
    }
    true
}

/// `[ operator ] variable-list "}"` from `i` (just after `{`); the end.
fn expression(b: &[u8], mut i: usize) -> Option<usize> {
    if matches!(b.get(i), Some(b'+' | b'#' | b'.' | b'/' | b';' | b'?' | b'&' | b'=' | b',' | b'!' | b'@' | b'|')) {
        i += 1;
    }
    loop {
        // varname = varchar *( ["."] varchar )
        let mut need_char = true;
        loop {
            match b.get(i) {
                Some(&c) if c.is_ascii_alphanumeric() || c == b'_' => i += 1,
                Some(b'%') if is_hex_at(b, i + 1) && is_hex_at(b, i + 2) => i += 3,
                Some(b'.') if !need_char => {
                    i += 1;
                    need_char = true;
                    continue;
                }
                _ => break,
            }
            need_char = false;
        }
        if need_char {
            return None;
        }
        match b.get(i) {
            Some(b':') => {
                // max-length = %x31-39 0*3DIGIT
                if !matches!(b.get(i + 1), Some(b'1'..=b'9')) {
                    return None;
                }
                i += 2;
                let mut more = 0;
                while more < 3 && b.get(i).is_some_and(u8::is_ascii_digit) {
                    i += 1;
                    more += 1;
                }
            }
            Some(b'*') => i += 1,
            _ => {}
        }
        match b.get(i) {
            Some(b',') => i += 1,
            Some(b'}') => return Some(i + 1),
            _ => return None,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// json-pointer, relative-json-pointer
// ---------------------------------------------------------------------------------------------

/// RFC 6901 §3 JSON Pointer (string form).
pub fn is_json_pointer(s: &str) -> bool {
    let b = s.as_bytes();
    b.is_empty() || (b[0] == b'/' && tildes_escaped(&b[1..]))
}

/// Every `~` followed by `0` or `1`.
fn tildes_escaped(b: &[u8]) -> bool {
    let mut i = 0;
    while let Some(off) = b[i..].iter().position(|&c| c == b'~') {
        i += off + 1;
        if !matches!(b.get(i), Some(b'0' | b'1')) {
            return false;
        }
        i += 1;
    }
    true
}

/// draft-handrews-relative-json-pointer-01 §3: a non-negative integer without leading zeros,
/// then nothing, `#`, or a JSON Pointer.
pub fn is_relative_json_pointer(s: &str) -> bool {
    let b = s.as_bytes();
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || (digits > 1 && b[0] == b'0') {
        return false;
    }
    let rest = &b[digits..];
    match rest.first() {
        None => true,
        Some(b'#') => rest.len() == 1,
        Some(b'/') => tildes_escaped(&rest[1..]),
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------------
// duration (RFC 3339 Appendix A)
// ---------------------------------------------------------------------------------------------

/// RFC 3339 Appendix A `duration`: `P` then weeks alone, or date units `Y M D` in order without
/// `Y D` lacking `M`, and/or `T` and time units `H M S` in order without `H S` lacking `M`;
/// integer values only.
pub fn is_duration(s: &str) -> bool {
    const Y: u8 = 1;
    const MO: u8 = 2;
    const W: u8 = 4;
    const D: u8 = 8;
    const H: u8 = 16;
    const MI: u8 = 32;
    const S: u8 = 64;
    let b = s.as_bytes();
    if b.first() != Some(&b'P') {
        return false;
    }
    let mut i = 1;
    let mut seen = 0u8;
    let mut in_time = false;
    while let Some(&c) = b.get(i) {
        if c == b'T' {
            if in_time || seen & W != 0 {
                return false;
            }
            in_time = true;
            i += 1;
            continue;
        }
        let start = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i == start {
            return false;
        }
        let unit = match (in_time, b.get(i)) {
            (false, Some(b'Y')) => Y,
            (false, Some(b'M')) => MO,
            (false, Some(b'W')) => W,
            (false, Some(b'D')) => D,
            (true, Some(b'H')) => H,
            (true, Some(b'M')) => MI,
            (true, Some(b'S')) => S,
            _ => return false,
        };
        // In order, once each; weeks stand alone.
        if seen >= unit || seen & W != 0 || (unit == W && seen != 0) {
            return false;
        }
        seen |= unit;
        i += 1;
    }
    seen != 0
        && (!in_time || seen & (H | MI | S) != 0)
        && (seen & (Y | MO | D)) != (Y | D)
        && (seen & (H | MI | S)) != (H | S)
}
