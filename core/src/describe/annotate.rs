//! The contract's Annotations table: validation attributes → keywords.
//!
//! An attribute whose arguments are wrong, or that has no keyword on its
//! type (`[Range]` on a string, `[MinLength]` on a dictionary), is refused with
//! `OLD005` rather than dropped: a constraint the C# code enforces must not
//! vanish from the schema unnoticed. Two length attributes on one member keep
//! the tighter bound of each side, which is what the C# validation enforces.

use super::descriptor::Attribute;
use super::resolve::{Described, Shape};
use crate::diag::{Code, Sink};
use crate::json::{Number, Value};

/// Named arguments every `ValidationAttribute` has; they change messages, not
/// what is valid.
const MESSAGE_ARGS: &[&str] = &["ErrorMessage", "ErrorMessageResourceName", "ErrorMessageResourceType"];

const VALIDATION: &[&str] =
    &["Range", "StringLength", "MinLength", "MaxLength", "Length", "RegularExpression", "EmailAddress", "Url"];

/// Every attribute the contract reads (docs/descriptor.md, "Attributes"):
/// `[Description]`, the validation attributes above, and the three
/// System.Text.Json ones. Any other is ignored.
pub const READ: &[&str] = &[
    "Description",
    "Range",
    "StringLength",
    "MinLength",
    "MaxLength",
    "Length",
    "RegularExpression",
    "EmailAddress",
    "Url",
    "JsonIgnore",
    "JsonPropertyName",
    "JsonRequired",
];

/// Applies every validation attribute in `attrs` to `d`.
pub fn apply(attrs: &[Attribute], d: &mut Described, sink: &mut Sink) {
    let mut seen = [false; VALIDATION.len()];
    for a in attrs {
        let Some(kind) = VALIDATION.iter().position(|v| *v == a.name) else {
            continue;
        };
        if std::mem::replace(&mut seen[kind], true) {
            sink.report(Code::Old005, &a.path, format!("[{}] appears twice; C# allows it once.", a.name));
            continue;
        }
        if let Err(why) = apply_one(a, d) {
            sink.report(Code::Old005, &a.path, format!("[{}] {why}.", a.name));
        }
    }
}

/// The text of a `[Description("…")]`.
pub fn description(a: &Attribute, sink: &mut Sink) -> Option<String> {
    match (a.args.as_slice(), a.named.is_empty()) {
        ([Value::String(s)], true) => Some(s.clone()),
        _ => {
            sink.report(Code::Old005, &a.path, "[Description] takes one string argument.");
            None
        }
    }
}

fn type_word(shape: &Shape) -> &'static str {
    match shape {
        Shape::Bool => "a boolean",
        Shape::Integer { .. } => "an integer",
        Shape::Number => "a number",
        Shape::Text => "a string",
        Shape::Char => "a char",
        Shape::Guid => "a Guid",
        Shape::DateTime | Shape::Date | Shape::Time => "a date or time",
        Shape::TimeSpan => "a TimeSpan",
        Shape::Uri => "a Uri",
        Shape::Bytes => "a byte[]",
        Shape::Enum(_) => "an enum",
        Shape::Array { .. } => "a collection",
        Shape::Dictionary => "a dictionary",
        Shape::Any | Shape::JsonObject | Shape::JsonArray => "a JSON type",
        Shape::Object => "a record or class",
    }
}

fn apply_one(a: &Attribute, d: &mut Described) -> Result<(), String> {
    let extra_named: &[&str] = match a.name.as_str() {
        "Range" => &[
            "ConvertValueInInvariantCulture",
            "ParseLimitsInInvariantCulture",
            "MinimumIsExclusive",
            "MaximumIsExclusive",
        ],
        "StringLength" => &["MinimumLength"],
        "RegularExpression" => &["MatchTimeoutInMilliseconds"],
        _ => &[],
    };
    for (k, _) in &a.named {
        if !MESSAGE_ARGS.contains(&k.as_str()) && !extra_named.contains(&k.as_str()) {
            return Err(format!("has no named argument '{k}'"));
        }
    }
    let on = type_word(&d.shape);
    let s = &mut d.schema;
    match a.name.as_str() {
        "Range" => {
            if !matches!(d.shape, Shape::Integer { .. } | Shape::Number) {
                return Err(format!("applies to numbers, not to {on}"));
            }
            for side in ["MinimumIsExclusive", "MaximumIsExclusive"] {
                match named(a, side) {
                    None | Some(Value::Bool(false)) => {}
                    Some(Value::Bool(true)) => {
                        return Err(format!(
                            "with {side} = true has no keyword in the contract (only minimum and maximum are written)"
                        ));
                    }
                    Some(_) => return Err(format!("{side} must be true or false")),
                }
            }
            let (min, max) = match a.args.as_slice() {
                [Value::Number(lo), Value::Number(hi)] => (lo.clone(), hi.clone()),
                [Value::String(_), Value::String(lo), Value::String(hi)] => {
                    match (Number::parse(lo.trim()), Number::parse(hi.trim())) {
                        (Some(lo), Some(hi)) => (lo, hi),
                        _ => return Err("bounds given as text must be numbers".into()),
                    }
                }
                _ => return Err("takes a minimum and a maximum".into()),
            };
            if min.decimal() > max.decimal() {
                return Err(format!("has a minimum ({min}) above its maximum ({max})"));
            }
            s.minimum = Some(min);
            s.maximum = Some(max);
        }
        "StringLength" => {
            if d.shape != Shape::Text {
                return Err(format!("applies to strings, not to {on}"));
            }
            let [max] = a.args.as_slice() else {
                return Err("takes a maximum length".into());
            };
            let max = count(max).ok_or("takes a maximum length from 0 to 2147483647")?;
            let min = match named(a, "MinimumLength") {
                None => 0,
                Some(v) => count(v).ok_or("MinimumLength must be from 0 to 2147483647")?,
            };
            if min > max {
                return Err(format!("has a MinimumLength ({min}) above its maximum ({max})"));
            }
            tighten(&mut s.min_length, &mut s.max_length, (min > 0).then_some(min), Some(max));
        }
        "MinLength" | "MaxLength" | "Length" => {
            let (min, max) = match (a.name.as_str(), a.args.as_slice()) {
                ("MinLength", [n]) => (Some(count(n).ok_or("takes a length from 0 to 2147483647")?), None),
                // `[MaxLength]` without a length means "as long as allowed".
                ("MaxLength", []) => (None, None),
                ("MaxLength", [n]) => {
                    (None, Some(count(n).filter(|n| *n > 0).ok_or("takes a length from 1 to 2147483647")?))
                }
                ("Length", [lo, hi]) => {
                    let lo = count(lo).ok_or("takes lengths from 0 to 2147483647")?;
                    let hi = count(hi).ok_or("takes lengths from 0 to 2147483647")?;
                    if lo > hi {
                        return Err(format!("has a minimum ({lo}) above its maximum ({hi})"));
                    }
                    (Some(lo), Some(hi))
                }
                ("Length", _) => return Err("takes a minimum and a maximum length".into()),
                _ => return Err("takes one length".into()),
            };
            match d.shape {
                Shape::Text => tighten(&mut s.min_length, &mut s.max_length, min, max),
                Shape::Array { .. } => tighten(&mut s.min_items, &mut s.max_items, min, max),
                _ => return Err(format!("applies to strings and arrays, not to {on}")),
            }
        }
        "RegularExpression" => {
            let [Value::String(p)] = a.args.as_slice() else {
                return Err("takes one pattern string".into());
            };
            if !s.types.contains(&"string") || d.shape == Shape::Bytes {
                return Err(format!("applies to strings, not to {on}"));
            }
            if s.pattern.is_some() {
                return Err(format!("cannot add a second pattern to {on}, which has one already"));
            }
            s.pattern = Some(p.clone());
        }
        "EmailAddress" | "Url" => {
            if !a.args.is_empty() {
                return Err("takes no arguments".into());
            }
            let (format, fits) = if a.name == "Url" {
                ("uri", matches!(d.shape, Shape::Text | Shape::Uri))
            } else {
                ("email", d.shape == Shape::Text)
            };
            if !fits {
                return Err(format!("applies to strings, not to {on}"));
            }
            if s.format.as_deref().is_some_and(|f| f != format) {
                return Err(format!(
                    "conflicts with the format '{}' already set",
                    s.format.as_deref().unwrap_or_default()
                ));
            }
            s.format = Some(format.into());
        }
        _ => {}
    }
    Ok(())
}

fn named<'a>(a: &'a Attribute, key: &str) -> Option<&'a Value> {
    a.named.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

/// A C# `int` length: a whole number from 0 to 2147483647.
fn count(v: &Value) -> Option<u64> {
    match v {
        Value::Number(n) => {
            n.as_i128().filter(|n| (0..=i128::from(i32::MAX)).contains(n)).and_then(|n| u64::try_from(n).ok())
        }
        _ => None,
    }
}

fn tighten(lo: &mut Option<u64>, hi: &mut Option<u64>, new_lo: Option<u64>, new_hi: Option<u64>) {
    if let Some(n) = new_lo {
        *lo = Some(lo.map_or(n, |o| o.max(n)));
    }
    if let Some(n) = new_hi {
        *hi = Some(hi.map_or(n, |o| o.min(n)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_validation_attribute_is_read() {
        assert!(VALIDATION.iter().all(|v| READ.contains(v)));
    }

    #[test]
    fn two_length_attributes_keep_the_tighter_bounds() {
        let (mut lo, mut hi) = (None, None);
        tighten(&mut lo, &mut hi, Some(5), Some(20));
        tighten(&mut lo, &mut hi, Some(8), None);
        tighten(&mut lo, &mut hi, None, Some(30));
        assert_eq!((lo, hi), (Some(8), Some(20)));
    }

    #[test]
    fn lengths_are_csharp_ints() {
        let n = |t: &str| count(&Value::Number(Number::parse(t).unwrap()));
        assert_eq!(n("0"), Some(0));
        assert_eq!(n("2147483647"), Some(2147483647));
        assert_eq!(n("2147483648"), None);
        assert_eq!(n("-1"), None);
        assert_eq!(n("3.0"), Some(3));
        assert_eq!(n("3.5"), None);
        assert_eq!(count(&Value::String("3".into())), None);
    }
}
