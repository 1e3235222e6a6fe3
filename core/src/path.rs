//! Paths into a JSON document, written the way a caller reads them:
//! `items[2].qty`, `types["Page<Item>"].properties[0]`, and `$` for the whole
//! document (`decisions.md` §3).

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Segment {
    Key(String),
    Index(usize),
}

/// A path, built by appending segments as a walker descends.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Path(Vec<Segment>);

impl Path {
    pub fn root() -> Path {
        Path(Vec::new())
    }

    pub fn key(&self, key: &str) -> Path {
        let mut p = self.clone();
        p.0.push(Segment::Key(key.to_owned()));
        p
    }

    pub fn index(&self, i: usize) -> Path {
        let mut p = self.clone();
        p.0.push(Segment::Index(i));
        p
    }

    /// The path of these segments, from the root down.
    pub fn from_segments(segments: Vec<Segment>) -> Path {
        Path(segments)
    }

    pub fn segments(&self) -> &[Segment] {
        &self.0
    }

    /// The path as text (what `to_string` gives), written without the
    /// formatting machinery: a rendered error writes it twice.
    pub fn text(&self) -> String {
        let mut out = String::with_capacity(16 * self.0.len().max(1));
        // Writing to a String cannot fail.
        let _ = self.write_to(&mut out);
        out
    }

    /// The path as text, written to `out` piece by piece (for [`Path::text`]
    /// and `Display` alike).
    fn write_to(&self, out: &mut impl fmt::Write) -> fmt::Result {
        if self.0.is_empty() {
            return out.write_str("$");
        }
        for (i, seg) in self.0.iter().enumerate() {
            match seg {
                Segment::Key(k) if is_identifier(k) => {
                    if i > 0 {
                        out.write_str(".")?;
                    }
                    out.write_str(k)?;
                }
                Segment::Key(k) => {
                    out.write_str("[")?;
                    out.write_str(&crate::json::quote(k))?;
                    out.write_str("]")?;
                }
                Segment::Index(n) => {
                    out.write_str("[")?;
                    out.write_str(decimal(*n as u64, &mut [0; 20]))?;
                    out.write_str("]")?;
                }
            }
        }
        Ok(())
    }

    /// The path one level up (the root's parent is the root).
    pub fn parent(&self) -> Path {
        let mut p = self.clone();
        p.0.pop();
        p
    }
}

/// Whether `key` can be written after a dot: ASCII letters, digits and `_`,
/// not starting with a digit.
pub fn is_identifier(key: &str) -> bool {
    // By bytes: a byte of a character past ASCII is none of these either.
    let mut bytes = key.bytes();
    bytes.next().is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
        && bytes.all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

/// `n` in decimal digits, at the end of `out`.
pub(crate) fn push_decimal(out: &mut String, n: u64) {
    out.push_str(decimal(n, &mut [0; 20]));
}

/// `n` in decimal digits, written at the end of `digits` (20 hold any `u64`).
fn decimal(n: u64, digits: &mut [u8; 20]) -> &str {
    let mut at = digits.len();
    let mut rest = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    std::str::from_utf8(&digits[at..]).unwrap_or("0")
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_as_a_caller_reads_it() {
        assert_eq!(Path::root().to_string(), "$");
        assert_eq!(Path::root().key("items").index(2).key("qty").to_string(), "items[2].qty");
        assert_eq!(Path::root().key("a b").key("c").to_string(), "[\"a b\"].c");
        assert_eq!(Path::root().key("types").key("Page<Item>").to_string(), "types[\"Page<Item>\"]");
        assert_eq!(Path::root().index(0).key("x").to_string(), "[0].x");
        assert_eq!(Path::root().key("9lives").to_string(), "[\"9lives\"]");
        assert_eq!(Path::root().key("").to_string(), "[\"\"]");
        let long = Path::root().index(0).index(7).index(10).index(usize::MAX).key("a").index(1_234_567_890);
        assert_eq!(long.to_string(), format!("[0][7][10][{}].a[1234567890]", usize::MAX));
        assert_eq!(long.text(), long.to_string());
    }
}
