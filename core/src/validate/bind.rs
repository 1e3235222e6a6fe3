//! The bound arguments (`decisions.md` §3): what the tool receives once its
//! arguments are valid. Absent parameters with a `default` get it, integral
//! numbers in integer slots are written as integers (`2.0` → `2`, `1e2` →
//! `100`), and nothing else changes: member order and every other number's
//! text stay as the caller wrote them.
//!
//! The answer is written from the tape: when nothing changes and the text is
//! already compact, it is the text itself; otherwise spans of the text are
//! copied around what changes.

use super::program::{Node, NodeId, Op, Program};
use super::tape::{ESCAPED, Kind, NOT_PLAIN, Tape};
use crate::json::{self, Decimal};

/// Most schema-and-value pairs one binding visits; past it the rest of the
/// value is left as written (it is valid either way).
const MAX_STEPS: usize = 1_000_000;
/// Integers longer than this many digits are left as written rather than
/// expanded (`1e999999` stays `1e999999`).
const MAX_INTEGER_DIGITS: i64 = 1_000;

/// The bound arguments of a valid value.
pub(crate) fn bind(prog: &Program, tape: &Tape<'_>) -> String {
    let rewrites = if prog.integer_slots && tape.any_not_plain { integers(prog, tape) } else { Vec::new() };
    let root_object = tape.tok(0).kind == Kind::Object;
    let defaults: Vec<&(Box<str>, json::Value)> = if root_object {
        prog.defaults.iter().filter(|(name, _)| tape.member(0, name).is_none()).collect()
    } else {
        Vec::new()
    };
    if rewrites.is_empty() && defaults.is_empty() && tape.compact {
        return tape.text[tape.span.0..tape.span.1].to_owned();
    }
    let mut out = String::with_capacity(tape.text.len() + 16);
    write(tape, 0, &rewrites, &mut out);
    if !defaults.is_empty() {
        // Before the closing brace, after the members the caller gave.
        out.pop();
        let mut first = tape.tok(0).len == 0;
        for (name, value) in defaults {
            if !first {
                out.push(',');
            }
            first = false;
            json::write_string(name, &mut out);
            out.push(':');
            json::write_compact(value, &mut out);
        }
        out.push('}');
    }
    out
}

/// The value at `i` as compact JSON.
pub(crate) fn compact_of(tape: &Tape<'_>, i: u32) -> String {
    let mut out = String::new();
    write(tape, i, &[], &mut out);
    out
}

/// Writes the value at `from` compactly, with `rewrites` (number token,
/// text; sorted) in place of those numbers.
fn write(tape: &Tape<'_>, from: u32, rewrites: &[(u32, String)], out: &mut String) {
    // The containers open around the token being written: how many of their
    // items or members are still to come.
    let mut open: Vec<(bool, u32)> = Vec::new();
    let mut i = from;
    let mut rw = rewrites.iter().peekable();
    loop {
        let t = *tape.tok(i);
        match t.kind {
            Kind::Null => out.push_str("null"),
            Kind::True => out.push_str("true"),
            Kind::False => out.push_str("false"),
            Kind::Number => {
                while rw.peek().is_some_and(|(at, _)| *at < i) {
                    rw.next();
                }
                match rw.peek() {
                    Some((at, text)) if *at == i => out.push_str(text),
                    _ => out.push_str(tape.number(i)),
                }
            }
            Kind::String => {
                if t.flags & ESCAPED != 0 {
                    json::write_string(tape.str(i), out);
                } else {
                    out.push('"');
                    out.push_str(tape.str(i));
                    out.push('"');
                }
            }
            Kind::Array | Kind::Object => {
                let object = t.kind == Kind::Object;
                out.push(if object { '{' } else { '[' });
                if t.len == 0 {
                    out.push(if object { '}' } else { ']' });
                } else {
                    open.push((object, t.len));
                    i += 1;
                    if object {
                        json::write_string(tape.str(i), out);
                        out.push(':');
                        i += 1;
                    }
                    continue;
                }
            }
        }
        i += 1;
        // One value done: separators and closings.
        loop {
            let Some((object, left)) = open.last_mut() else { return };
            *left -= 1;
            if *left > 0 {
                out.push(',');
                if *object {
                    json::write_string(tape.str(i), out);
                    out.push(':');
                    i += 1;
                }
                break;
            }
            out.push(if *object { '}' } else { ']' });
            open.pop();
        }
    }
}

fn integer_slot(node: &Node) -> bool {
    node.integer_slot
}

/// The numbers to rewrite: every integral number in an integer slot, found
/// by following the schema's structure over the value (properties and
/// `additionalProperties`, `prefixItems` and `items`, `$ref`s and every
/// branch of `allOf`/`anyOf`/`oneOf`/`if`), whatever each branch's verdict.
fn integers(prog: &Program, tape: &Tape<'_>) -> Vec<(u32, String)> {
    let mut out = Vec::new();
    let mut steps = 0;
    let mut stack: Vec<(NodeId, u32, u32)> = vec![(prog.root, 0, 0)];
    while let Some((node, i, depth)) = stack.pop() {
        steps += 1;
        if steps > MAX_STEPS {
            break;
        }
        if depth > 512 {
            continue;
        }
        let n = &prog.nodes[node as usize];
        let t = tape.tok(i);
        // Only a number not written as a plain integer can change.
        if t.kind == Kind::Number
            && t.flags & NOT_PLAIN != 0
            && integer_slot(n)
            && let Some(text) = integer_text(&Decimal::from_json(tape.number(i)))
            && text != tape.number(i)
        {
            out.push((i, text));
        }
        let d = depth + 1;
        for op in n.ops.iter() {
            match op {
                Op::Ref(t) | Op::RecursiveRef { target: t, .. } | Op::DynamicRef { target: t, .. } => {
                    stack.push((*t, i, d))
                }
                Op::AllOf(bs) | Op::AnyOf(bs) | Op::OneOf(bs) => stack.extend(bs.iter().map(|b| (*b, i, d))),
                Op::If { cond, then, els } => {
                    stack.push((*cond, i, d));
                    stack.extend(then.iter().chain(els.iter()).map(|b| (*b, i, d)));
                }
                Op::Object(o) if t.kind == Kind::Object => {
                    for (key, value) in tape.members(i) {
                        // Only values that hold a number can change.
                        if !holds_number(tape, value) {
                            continue;
                        }
                        match o.property(tape.str(key)) {
                            Some((_, child)) => stack.push((child, value, d)),
                            None => stack.extend(o.additional.map(|a| (a, value, d))),
                        }
                    }
                }
                Op::Items(it) if t.kind == Kind::Array => {
                    for (k, item) in tape.items(i).enumerate() {
                        if !holds_number(tape, item) {
                            continue;
                        }
                        match it.prefix.get(k) {
                            Some(child) => stack.push((*child, item, d)),
                            None => stack.extend(it.rest.map(|r| (r, item, d))),
                        }
                    }
                }
                _ => {}
            }
        }
    }
    out.sort_by_key(|(at, _)| *at);
    out.dedup_by_key(|(at, _)| *at);
    out
}

/// Whether value `i` is, or holds, a number that is not a plain integer.
fn holds_number(tape: &Tape<'_>, i: u32) -> bool {
    let t = tape.tok(i);
    match t.kind {
        Kind::Number => t.flags & NOT_PLAIN != 0,
        Kind::Array | Kind::Object => {
            tape.toks[i as usize..t.at as usize].iter().any(|x| x.kind == Kind::Number && x.flags & NOT_PLAIN != 0)
        }
        _ => false,
    }
}

/// The integer an integral decimal is, written out, if it is not too long.
fn integer_text(d: &Decimal) -> Option<String> {
    if !d.is_integer() {
        return None;
    }
    if d.digits.is_empty() {
        return Some("0".into());
    }
    if d.exponent > MAX_INTEGER_DIGITS {
        return None;
    }
    let mut s = String::with_capacity(d.digits.len() + d.exponent as usize + 1);
    if d.negative {
        s.push('-');
    }
    s.extend(d.digits.iter().map(|&x| char::from(b'0' + x)));
    s.extend(std::iter::repeat_n('0', d.exponent as usize));
    Some(s)
}
