//! The bound arguments (`decisions.md` §3): what the tool receives once its
//! arguments are valid. Absent parameters with a `default` get it, integral
//! numbers in integer slots are written as integers (`2.0` → `2`, `1e2` →
//! `100`), and nothing else changes: member order and every other number's
//! text stay as the caller wrote them.
//!
//! The answer is written from the tape: when nothing changes and the text is
//! already compact, it is the text itself; when it is compact, spans of it
//! are copied around what changes; otherwise it is written token by token,
//! compactly. The numbers to rewrite are found after the check, each by one
//! descent from the root that reuses its buffers: nothing is allocated per
//! number, and none of this runs when every number is written plainly.

use super::program::{Op, Program};
use super::tape::{ESCAPED, Kind, NONE, Tape};
use crate::json::{self, Decimal};

/// Most schema-and-value pairs one binding visits; past it the rest of the
/// value is left as written (it is valid either way).
const MAX_STEPS: usize = 1_000_000;
/// Integers longer than this many digits are left as written rather than
/// expanded (`1e999999` stays `1e999999`).
const MAX_INTEGER_DIGITS: i64 = 1_000;

/// The bound arguments of a valid value.
pub(crate) fn bind(prog: &Program, tape: &Tape<'_>) -> String {
    let rewrites = if may_rewrite(prog, tape) { integers(prog, tape) } else { Vec::new() };
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
    if tape.compact {
        splice(tape, &rewrites, &mut out);
    } else {
        write(tape, 0, &rewrites, &mut out);
    }
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

/// The whole value of a compact text (what [`write`] would write of it)
/// with `rewrites` (number token, integer; sorted) in place of those
/// numbers: the text between them copied as it is.
fn splice(tape: &Tape<'_>, rewrites: &[(u32, Integer)], out: &mut String) {
    let (mut at, end) = tape.span;
    for (tok, text) in rewrites {
        let t = tape.tok(*tok);
        let start = t.at as usize;
        out.push_str(&tape.text[at..start]);
        text.write(out);
        at = start + t.len as usize;
    }
    out.push_str(&tape.text[at..end]);
}

/// Writes the value at `from` compactly, with `rewrites` (number token,
/// integer; sorted) in place of those numbers.
fn write(tape: &Tape<'_>, from: u32, rewrites: &[(u32, Integer)], out: &mut String) {
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
                    Some((at, text)) if *at == i => text.write(out),
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

/// Whether some integral number not written as an integer may sit in an
/// integer slot. Where the program meets one otherwise than as a named
/// property's schema, any number may; else only a member of one of those
/// names (`Program::integer_names`; none in a program without integer
/// slots). Where none may, [`integers`] would find nothing, and is not run.
fn may_rewrite(prog: &Program, tape: &Tape<'_>) -> bool {
    if prog.integer_elsewhere {
        return !tape.integral.is_empty();
    }
    tape.integral
        .chunks_exact(2)
        .any(|pair| pair[1] != NONE && prog.integer_names.binary_search(&tape.code(pair[1])).is_ok())
}

/// The numbers to rewrite: each integral number written otherwise than as
/// an integer that sits in an integer slot. Its slots are found by following
/// the schema down the number's path (properties, else
/// `additionalProperties`; `prefixItems`, else `items`), taking at every step
/// every schema `$ref`s and `allOf`/`anyOf`/`oneOf`/`if`/`then`/`else` reach,
/// whatever each one's verdict.
///
/// The candidates are in document order, so one descent serves them all:
/// the containers on the way to the last one stay open with the schemas
/// that apply to them, and each sibling is stepped over once.
fn integers(prog: &Program, tape: &Tape<'_>) -> Vec<(u32, Integer)> {
    struct Level {
        /// The array or object.
        tok: u32,
        /// Its next member's key or next item, and that one's ordinal.
        cursor: u32,
        ordinal: u32,
        /// The schemas applied in place to it.
        nodes: Vec<u32>,
    }
    if tape.integral.is_empty() {
        // No number written otherwise than as an integer: nothing to find.
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut walk = Walk { prog, mark: vec![(0, 0); prog.nodes.len()], generation: 0, steps: 0 };
    let Some(root) = walk.in_place(vec![prog.root]) else { return out };
    if tape.tok(0).kind == Kind::Number {
        if tape.integral.first() == Some(&0) {
            rewrite(prog, tape, 0, &root, &mut out);
        }
        return out;
    }
    let mut open = vec![Level { tok: 0, cursor: 1, ordinal: 0, nodes: root }];
    // The node lists of levels closed, for the next ones to reuse.
    let mut spare: Vec<Vec<u32>> = Vec::new();
    for &number in tape.integral.iter().step_by(2) {
        while open.last().is_some_and(|l| tape.end(l.tok) <= number) {
            if let Some(closed) = open.pop() {
                spare.push(closed.nodes);
            }
        }
        loop {
            let Some(level) = open.last_mut() else { return out };
            let object = tape.tok(level.tok).kind == Kind::Object;
            // Step over the siblings that end before the number.
            let mut child = level.cursor + u32::from(object);
            while tape.end(child) <= number {
                level.cursor = tape.end(child);
                level.ordinal += 1;
                child = level.cursor + u32::from(object);
            }
            let mut next = spare.pop().unwrap_or_default();
            next.clear();
            for &n in &level.nodes {
                for op in prog.nodes[n as usize].ops.iter() {
                    match op {
                        Op::Object(o) if object => match o.property(tape.bytes(child - 1), tape.code(child - 1)) {
                            Some((_, p)) => next.push(p),
                            None => next.extend(o.additional),
                        },
                        Op::Items(it) if !object => match it.prefix.get(level.ordinal as usize) {
                            Some(p) => next.push(*p),
                            None => next.extend(it.rest),
                        },
                        _ => {}
                    }
                }
            }
            let Some(nodes) = walk.in_place(next) else { return finish(out) };
            if child == number {
                rewrite(prog, tape, number, &nodes, &mut out);
                spare.push(nodes);
                break;
            }
            open.push(Level { tok: child, cursor: child + 1, ordinal: 0, nodes });
        }
    }
    finish(out)
}

/// Follows a value's schemas to every schema applied in place to it.
struct Walk<'p> {
    prog: &'p Program,
    /// Per node: the last walk that reached it, and, once known, 1 when it
    /// applies no schema in place (no reference, no `allOf`/`anyOf`/`oneOf`/
    /// `if`), 2 when it does.
    mark: Vec<(u32, u8)>,
    generation: u32,
    steps: usize,
}

impl Walk<'_> {
    /// `nodes` and every schema they apply in place, sorted; `None` past
    /// `MAX_STEPS`.
    fn in_place(&mut self, mut nodes: Vec<u32>) -> Option<Vec<u32>> {
        // One schema that applies no other (a property's, most often): itself.
        if let [n] = nodes[..]
            && self.applies_none(n)
        {
            self.steps += 1;
            return (self.steps <= MAX_STEPS).then_some(nodes);
        }
        self.generation += 1;
        let mut k = 0;
        while k < nodes.len() {
            self.steps += 1;
            if self.steps > MAX_STEPS {
                return None;
            }
            let n = nodes[k];
            k += 1;
            if self.mark[n as usize].0 == self.generation {
                continue;
            }
            self.mark[n as usize].0 = self.generation;
            for op in self.prog.nodes[n as usize].ops.iter() {
                op.in_place(false, &mut nodes);
            }
        }
        crate::sort::unstable(&mut nodes);
        nodes.dedup();
        Some(nodes)
    }

    /// Whether node `n` applies no schema in place.
    fn applies_none(&mut self, n: u32) -> bool {
        if self.mark[n as usize].1 == 0 {
            let mut found = Vec::new();
            for op in self.prog.nodes[n as usize].ops.iter() {
                op.in_place(false, &mut found);
            }
            self.mark[n as usize].1 = if found.is_empty() { 1 } else { 2 };
        }
        self.mark[n as usize].1 == 1
    }
}

/// Rewrites the number at `at` when one of `nodes` is an integer slot.
fn rewrite(prog: &Program, tape: &Tape<'_>, at: u32, nodes: &[u32], out: &mut Vec<(u32, Integer)>) {
    if !nodes.iter().any(|&n| prog.nodes[n as usize].integer_slot) {
        return;
    }
    // Every number here is written with a fraction, an exponent or as
    // `-0`, so never as the integer it is.
    let integer = match tape.dec(at) {
        // Digits in a word, no exponent (`2.0`, `-0`, `150.00`).
        Some(d) => {
            let unit = 10u64.pow(d.exponent.unsigned_abs());
            (d.mantissa % unit == 0)
                .then(|| Integer::Word { negative: d.negative && d.mantissa != 0, value: d.mantissa / unit })
        }
        None => integer_text(&Decimal::from_json(tape.number(at))).map(Integer::Text),
    };
    if let Some(integer) = integer {
        out.push((at, integer));
    }
}

/// An integral number as the bound arguments write it.
enum Integer {
    /// One that fits a word.
    Word { negative: bool, value: u64 },
    /// Any other, written out.
    Text(String),
}

impl Integer {
    fn write(&self, out: &mut String) {
        match self {
            Integer::Word { negative, value } => {
                if *negative {
                    out.push('-');
                }
                crate::path::push_decimal(out, *value);
            }
            Integer::Text(text) => out.push_str(text),
        }
    }
}

fn finish(mut out: Vec<(u32, Integer)>) -> Vec<(u32, Integer)> {
    if !out.windows(2).all(|w| w[0].0 < w[1].0) {
        crate::sort::stable_by(&mut out, &|a, b| a.0 < b.0);
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::ParseLimits;
    use crate::validate::{Options, Validator};

    const SCHEMA: &str = r##"{"type":"object","properties":{
        "n":{"type":"integer"},"x":{"type":"number"},
        "list":{"type":"array","items":{"type":"integer"}},
        "o":{"type":"object","properties":{"k":{"type":"integer"},"s":{"type":"string"}}},
        "either":{"anyOf":[{"type":"string"},{"$ref":"#/$defs/count"}]}},
        "$defs":{"count":{"type":"integer","minimum":0}}}"##;

    fn bound(args: &str) -> String {
        Validator::compile(SCHEMA, Options::default()).expect("compiles").validate(args).expect("valid")
    }

    #[test]
    fn integral_numbers_in_integer_slots_are_bound_as_integers_and_every_other_as_written() {
        for (args, want) in [
            (r#"{"n":2.0,"x":2.0}"#, r#"{"n":2,"x":2.0}"#),
            (r#"{"n":-0}"#, r#"{"n":0}"#),
            (r#"{"n":-0.0,"x":-0.0}"#, r#"{"n":0,"x":-0.0}"#),
            (r#"{"n":-3.000}"#, r#"{"n":-3}"#),
            (r#"{"n":1e2}"#, r#"{"n":100}"#),
            (r#"{"n":2.50E1}"#, r#"{"n":25}"#),
            (r#"{"n":-123456789012345.00}"#, r#"{"n":-123456789012345}"#),
            // Past a word's digits: the general path.
            (r#"{"n":12345678901234567890.0}"#, r#"{"n":12345678901234567890}"#),
            (r#"{"n":9223372036854775807.0}"#, r#"{"n":9223372036854775807}"#),
            (r#"{"list":[1.0,2,3.00],"o":{"s":"a\"b","k":4.0}}"#, r#"{"list":[1,2,3],"o":{"s":"a\"b","k":4}}"#),
            (r#"{"either":5.0,"x":1.5}"#, r#"{"either":5,"x":1.5}"#),
            // Not compact (a space, an escape written otherwise): written
            // token by token, and compact.
            (r#"{"n": 7.0, "o": {"s": "\u00e9\/", "k": 1e0}}"#, r#"{"n":7,"o":{"s":"é/","k":1}}"#),
        ] {
            assert_eq!(bound(args), want, "{args}");
        }
    }

    #[test]
    fn a_compact_text_spliced_is_what_the_writer_writes() {
        let v = Validator::compile(SCHEMA, Options::default()).expect("compiles");
        let limits = ParseLimits { max_bytes: 1 << 20, max_depth: 64 };
        for args in [
            r#"{"n":2.0}"#,
            r#"{"x":1.25,"n":-0,"list":[0.0,1e1,-2.0e0,3],"o":{"k":5.0,"s":"\n\u001f"}}"#,
            r#"{"o":{"s":"ünï","k":6.00},"n":8e0}"#,
            r#"{"list":[],"o":{},"n":1.0E+2}"#,
        ] {
            let tape = Tape::parse(args, limits).expect("parses");
            assert!(tape.compact, "{args}");
            let rewrites = integers(&v.program, &tape);
            assert!(!rewrites.is_empty(), "{args}");
            let (mut spliced, mut written) = (String::new(), String::new());
            splice(&tape, &rewrites, &mut spliced);
            write(&tape, 0, &rewrites, &mut written);
            assert_eq!(spliced, written, "{args}");
        }
    }
    /// `may_rewrite` answers no only where `integers` finds nothing: over
    /// schemas that meet integer slots through every way binding follows
    /// (a property, `$ref`, `allOf`/`anyOf`/`oneOf`/`if`, the top level,
    /// `additionalProperties`, `items`, `prefixItems`, nested), and argument
    /// values with integral numbers in every place. And it does answer no
    /// where an integral number's member is in no integer slot.
    #[test]
    fn binding_skips_its_search_only_where_it_would_find_nothing() {
        let schemas = [
            SCHEMA,
            r##"{"type":"integer"}"##,
            r##"{"anyOf":[{"type":"integer"},{"type":"object"}]}"##,
            r##"{"type":"object","additionalProperties":{"type":"integer"}}"##,
            r##"{"type":"object","properties":{"x":{"type":"number"}},"additionalProperties":{"type":"integer"}}"##,
            r##"{"type":"array","items":{"type":"integer"}}"##,
            r##"{"type":"array","prefixItems":[{"type":"number"},{"type":"integer"}]}"##,
            r##"{"type":"object","properties":{"a":{"type":"array","items":{"$ref":"#/$defs/i"}}},"$defs":{"i":{"type":"integer"}}}"##,
            r##"{"type":"object","properties":{"a":{"allOf":[{"$ref":"#/$defs/o"}]}},"$defs":{"o":{"type":"object","properties":{"b":{"type":"integer"}}}}}"##,
            r##"{"type":"object","properties":{"a":{"if":{"type":"number"},"then":{"type":"integer"}}}}"##,
            r##"{"type":"object","properties":{"a":{"oneOf":[{"type":"string"},{"$ref":"#"}]},"n":{"type":"integer"}}}"##,
            r##"{"type":"object","properties":{"lines":{"type":"array","items":{"type":"object","properties":{"qty":{"type":"integer"},"price":{"type":"number"}}}}}}"##,
            r##"{"$defs":{"n":{"type":"integer"}},"type":"object","properties":{"a":{"type":"number"},"b":{"$ref":"#/$defs/n"}}}"##,
        ];
        let args = [
            "2.0",
            "[1.0,2.0,3]",
            r#"{"a":2.0}"#,
            r#"{"b":2.0,"a":1.5}"#,
            r#"{"a":[1.0,{"b":3.0}],"x":4.0}"#,
            r#"{"a":{"b":1e1,"n":-0},"n":5.0}"#,
            r#"{"lines":[{"qty":3.0,"price":1.0},{"price":2.0}]}"#,
            r#"{"lines":[{"price":2.0}],"n":2.5}"#,
            r#"{"n":2.0,"x":2.0,"list":[1.0],"o":{"k":4.0},"either":5.0}"#,
            r#"{"x":2.0,"o":{"s":"a"}}"#,
            r#"{"q\u0074y":3.0}"#,
        ];
        let limits = ParseLimits { max_bytes: 1 << 20, max_depth: 64 };
        let (mut skipped, mut searched) = (0, 0);
        for schema in schemas {
            let v = Validator::compile(schema, Options { any_value: true, ..Options::default() }).expect("compiles");
            for args in args {
                let tape = Tape::parse(args, limits).expect("parses");
                if may_rewrite(&v.program, &tape) {
                    searched += 1;
                } else {
                    skipped += 1;
                    assert!(integers(&v.program, &tape).is_empty(), "{schema} {args}");
                }
            }
        }
        assert!(skipped > 20 && searched > 20, "{skipped} skipped, {searched} searched");
        // A number in a member that no integer slot is met through, where
        // one is met through another: not searched.
        let v = Validator::compile(schemas[11], Options::default()).expect("compiles");
        let tape = Tape::parse(args[7], limits).expect("parses");
        assert!(!may_rewrite(&v.program, &tape));
        let tape = Tape::parse(args[6], limits).expect("parses");
        assert!(may_rewrite(&v.program, &tape) && integers(&v.program, &tape).len() == 1);
    }
}
