//! A deterministic automaton for the common linear patterns: built once,
//! when the schema is compiled, from the pattern's syntax tree (Thompson's
//! construction, then the subset construction over classes of characters
//! the pattern cannot tell apart), it decides a search with one table
//! lookup per character.
//!
//! It takes characters, sets, concatenation, alternation, repetition and
//! `^`/`$` without the `m` flag. Patterns with word boundaries or
//! line anchors, and those whose automaton would pass the size limits, are
//! left to the general linear engine.

use super::{Node, Set};
use std::collections::HashMap;

/// Most NFA states (counted repetitions are expanded).
const MAX_NFA: usize = 4096;
/// Most DFA states.
const MAX_STATES: usize = 512;
/// Most character classes.
const MAX_CLASSES: usize = 256;

/// A state of the NFA.
#[derive(Clone, Debug)]
enum N {
    /// One character of the sets (class bit set), then `next`.
    Class {
        chars: Set,
        next: u32,
    },
    Split(u32, u32),
    /// Only at the start of the input.
    Bol(u32),
    /// Only at the end of the input.
    Eol(u32),
    Match,
}

struct Nfa {
    states: Vec<N>,
}

impl Nfa {
    fn push(&mut self, s: N) -> Option<u32> {
        if self.states.len() >= MAX_NFA {
            return None;
        }
        self.states.push(s);
        Some((self.states.len() - 1) as u32)
    }

    /// The start of `node`, which continues at `next`.
    fn build(&mut self, node: &Node, next: u32, depth: u32) -> Option<u32> {
        if depth > 200 {
            return None;
        }
        match node {
            Node::Empty => Some(next),
            Node::Char(c) => self.push(N::Class { chars: vec![(*c, *c)], next }),
            Node::Set(s) => self.push(N::Class { chars: s.clone(), next }),
            Node::Bol(false) => self.push(N::Bol(next)),
            Node::Eol(false) => self.push(N::Eol(next)),
            Node::Group(n, _) => self.build(n, next, depth + 1),
            Node::Concat(list) => {
                let mut at = next;
                for n in list.iter().rev() {
                    at = self.build(n, at, depth + 1)?;
                }
                Some(at)
            }
            Node::Alt(list) => {
                let mut starts = Vec::with_capacity(list.len());
                for n in list {
                    starts.push(self.build(n, next, depth + 1)?);
                }
                let mut at = *starts.last()?;
                for s in starts.iter().rev().skip(1) {
                    at = self.push(N::Split(*s, at))?;
                }
                Some(at)
            }
            Node::Repeat { node, min, max, .. } => {
                let mut at = next;
                match max {
                    None => {
                        // A loop: split to the body or on; the body comes back.
                        let split = self.push(N::Split(0, next))?;
                        let body = self.build(node, split, depth + 1)?;
                        self.states[split as usize] = N::Split(body, next);
                        at = split;
                    }
                    Some(max) => {
                        // The optional copies: skipping one skips the rest.
                        for _ in *min..*max {
                            let body = self.build(node, at, depth + 1)?;
                            at = self.push(N::Split(body, next))?;
                        }
                    }
                }
                for _ in 0..*min {
                    at = self.build(node, at, depth + 1)?;
                }
                Some(at)
            }
            // Word boundaries, line anchors, look-around, back-references.
            _ => None,
        }
    }
}

/// The automaton.
pub(super) struct Dfa {
    /// Class of each ASCII byte; `WIDE` for the bytes that start or
    /// continue a longer character.
    bytes: [u16; 256],
    /// Class of every other character: (first code point, class), sorted.
    rest: Vec<(u32, u16)>,
    /// `trans[state + class]`: the next state, each state written as the
    /// offset of its row (its number times `classes`).
    trans: Vec<u32>,
    /// States below this offset are the dead one (0) and the accepting ones.
    accept_below: u32,
    /// By state (its row's offset): the input may end here with a match.
    accept_at_end: Vec<bool>,
    start: u32,
}

const DEAD: u32 = 0;
/// Not a class: a byte of a character past ASCII.
const WIDE: u16 = u16::MAX;

impl Dfa {
    pub(super) fn build(node: &Node) -> Option<Dfa> {
        let mut nfa = Nfa { states: Vec::new() };
        let matched = nfa.push(N::Match)?;
        let start = nfa.build(node, matched, 0)?;
        // The alphabet: intervals of characters no set tells apart.
        let mut cuts: Vec<u32> = vec![0];
        for s in &nfa.states {
            if let N::Class { chars, .. } = s {
                for &(a, b) in chars {
                    cuts.push(a);
                    if b < 0x10FFFF {
                        cuts.push(b + 1);
                    }
                }
            }
        }
        crate::sort::unstable(&mut cuts);
        cuts.dedup();
        // Intervals with the same membership in every set are one class.
        let class_states: Vec<usize> =
            nfa.states.iter().enumerate().filter(|(_, s)| matches!(s, N::Class { .. })).map(|(i, _)| i).collect();
        let mut by_signature: HashMap<Vec<u64>, u16> = HashMap::new();
        let mut interval_class: Vec<u16> = Vec::with_capacity(cuts.len());
        for &c in &cuts {
            let mut sig = vec![0u64; class_states.len().div_ceil(64).max(1)];
            for (k, &i) in class_states.iter().enumerate() {
                if let N::Class { chars, .. } = &nfa.states[i]
                    && contains(chars, c)
                {
                    sig[k / 64] |= 1 << (k % 64);
                }
            }
            let next = by_signature.len() as u16;
            let id = *by_signature.entry(sig).or_insert(next);
            interval_class.push(id);
            if by_signature.len() > MAX_CLASSES {
                return None;
            }
        }
        let classes = by_signature.len();
        let class_of = |c: u32| interval_class[cuts.partition_point(|&x| x <= c) - 1];
        let mut bytes = [WIDE; 256];
        for (c, slot) in bytes.iter_mut().enumerate().take(128) {
            *slot = class_of(c as u32);
        }
        let rest: Vec<(u32, u16)> = cuts.iter().zip(&interval_class).map(|(&c, &k)| (c, k)).collect();
        // Which NFA class states accept which class of characters.
        let mut accepts: Vec<Vec<bool>> = vec![Vec::new(); nfa.states.len()];
        for &i in &class_states {
            if let N::Class { chars, .. } = &nfa.states[i] {
                let mut v = vec![false; classes];
                for (&c, &k) in cuts.iter().zip(&interval_class) {
                    if contains(chars, c) {
                        v[k as usize] = true;
                    }
                }
                accepts[i] = v;
            }
        }
        let mut b = Builder { nfa: &nfa, mark: vec![0; nfa.states.len()], generation: 0 };
        // Each step may also start a new match, except where `^` is needed.
        let anywhere = b.closure(&[start], false);
        let first = {
            let mut s = b.closure(&[start], true);
            merge(&mut s, &anywhere);
            s
        };
        let mut sets: Vec<Vec<u32>> = vec![Vec::new()]; // DEAD
        let mut ids: HashMap<Vec<u32>, u32> = HashMap::new();
        ids.insert(Vec::new(), DEAD);
        let start_id = 1;
        ids.insert(first.clone(), start_id);
        sets.push(first);
        let mut trans: Vec<u32> = vec![DEAD; classes];
        let mut todo = vec![start_id];
        trans.resize(2 * classes, DEAD);
        while let Some(id) = todo.pop() {
            for k in 0..classes {
                let mut moved: Vec<u32> = Vec::new();
                for &s in &sets[id as usize] {
                    if let N::Class { next, .. } = &nfa.states[s as usize]
                        && accepts[s as usize][k]
                    {
                        moved.push(*next);
                    }
                }
                let mut set = b.closure(&moved, false);
                merge(&mut set, &anywhere);
                let target = match ids.get(&set) {
                    Some(&t) => t,
                    None => {
                        if sets.len() >= MAX_STATES {
                            return None;
                        }
                        let t = sets.len() as u32;
                        ids.insert(set.clone(), t);
                        sets.push(set);
                        trans.resize(sets.len() * classes, DEAD);
                        todo.push(t);
                        t
                    }
                };
                trans[id as usize * classes + k] = target;
            }
        }
        let accept: Vec<bool> =
            sets.iter().map(|set| set.iter().any(|&s| matches!(nfa.states[s as usize], N::Match))).collect();
        let at_end: Vec<bool> = sets
            .iter()
            .map(|set| {
                let eols: Vec<u32> = set
                    .iter()
                    .filter_map(|&s| match nfa.states[s as usize] {
                        N::Eol(next) => Some(next),
                        _ => None,
                    })
                    .collect();
                b.closure_at_end(&eols)
            })
            .collect();
        // Renumber: the dead state first, then the accepting ones, so that one
        // comparison tells both; and keep each state as its row's offset.
        let mut order: Vec<usize> = (1..sets.len()).filter(|&i| accept[i]).collect();
        let accepting = order.len();
        order.extend((1..sets.len()).filter(|&i| !accept[i]));
        let mut new_id = vec![0u32; sets.len()];
        for (n, &old) in order.iter().enumerate() {
            new_id[old] = n as u32 + 1;
        }
        let mut table = vec![0u32; sets.len() * classes];
        let mut accept_at_end = vec![false; sets.len() * classes];
        for (old, _) in sets.iter().enumerate().skip(1) {
            let row = new_id[old] as usize * classes;
            for k in 0..classes {
                table[row + k] = new_id[trans[old * classes + k] as usize] * classes as u32;
            }
            accept_at_end[new_id[old] as usize * classes] = at_end[old];
        }
        Some(Dfa {
            bytes,
            rest,
            trans: table,
            accept_below: (accepting as u32 + 1) * classes as u32,
            accept_at_end,
            start: new_id[start_id as usize] * classes as u32,
        })
    }

    /// Whether the pattern matches somewhere in the text `b` (UTF-8). (A function of
    /// its own, with no calls in its loop: a compiler allocating registers
    /// over a whole function keeps the loop's few values in registers only
    /// when they are all it has and no call clobbers them.)
    #[inline(never)]
    pub(super) fn is_match(&self, b: &[u8]) -> bool {
        let mut state = self.start;
        let below = self.accept_below;
        if state < below {
            return state != DEAD;
        }
        let (bytes, trans) = (&self.bytes, &self.trans[..]);
        let mut i = 0;
        loop {
            // ASCII, a byte a step: the loop nearly every input stays in,
            // four steps a turn while four bytes are left (in the component
            // each turn checks the host's epoch).
            let byte = loop {
                // One step: a character past ASCII ends the loop at it.
                macro_rules! step {
                    ($byte:expr) => {{
                        let class = bytes[$byte as usize];
                        if class == WIDE {
                            break $byte;
                        }
                        i += 1;
                        state = trans[state as usize + class as usize];
                        // Below the first non-accepting row: dead, or a match.
                        if state < below {
                            return state != DEAD;
                        }
                    }};
                }
                if let Some(&[b0, b1, b2, b3]) = b.get(i..i + 4) {
                    step!(b0);
                    step!(b1);
                    step!(b2);
                    step!(b3);
                    continue;
                }
                let Some(&byte) = b.get(i) else {
                    return self.accept_at_end[state as usize];
                };
                step!(byte);
            };
            // A character past ASCII (`b` is UTF-8): its code point,
            // then the class of the interval it falls in. Decoded here rather
            // than by `str::chars`, which through wasmtime costs 1.3% more
            // instructions per validation even on ASCII input.
            let width = if byte >= 0xf0 {
                4
            } else if byte >= 0xe0 {
                3
            } else {
                2
            };
            let mut c = u32::from(byte) & (0x7f >> width);
            for &next in b.get(i + 1..i + width).unwrap_or_default() {
                c = c << 6 | u32::from(next & 0x3f);
            }
            i += width;
            let rest = &self.rest[..];
            let class = rest[rest.partition_point(|&(x, _)| x <= c).saturating_sub(1)].1 as usize;
            state = trans[state as usize + class];
            if state < below {
                return state != DEAD;
            }
        }
    }
}

fn contains(set: &Set, c: u32) -> bool {
    let i = set.partition_point(|&(_, b)| b < c);
    i < set.len() && set[i].0 <= c
}

/// Adds the states of `b` to the sorted set `a`.
fn merge(a: &mut Vec<u32>, b: &[u32]) {
    if b.is_empty() {
        return;
    }
    a.extend_from_slice(b);
    crate::sort::unstable(a);
    a.dedup();
}

struct Builder<'n> {
    nfa: &'n Nfa,
    mark: Vec<u32>,
    generation: u32,
}

impl Builder<'_> {
    /// The states reachable from `from` without reading a character: the
    /// character states, `Match`, and `$` (kept, to be followed at the end).
    fn closure(&mut self, from: &[u32], at_start: bool) -> Vec<u32> {
        let mut out = Vec::new();
        self.walk(from, |s, state| match state {
            N::Class { .. } | N::Match | N::Eol(_) => {
                out.push(s);
                None
            }
            N::Bol(n) if at_start => Some(*n),
            _ => None,
        });
        crate::sort::unstable(&mut out);
        out
    }

    /// Whether `Match` is reachable from `from` at the end of the input.
    fn closure_at_end(&mut self, from: &[u32]) -> bool {
        let mut matched = false;
        self.walk(from, |_, state| match state {
            N::Match => {
                matched = true;
                None
            }
            N::Eol(n) => Some(*n),
            _ => None,
        });
        matched
    }

    /// Visits the states reachable over splits from `from`, once each; `visit`
    /// says where a state leads on (an anchor that holds).
    fn walk(&mut self, from: &[u32], mut visit: impl FnMut(u32, &N) -> Option<u32>) {
        self.generation += 1;
        let mut stack: Vec<u32> = from.to_vec();
        while let Some(s) = stack.pop() {
            if self.mark[s as usize] == self.generation {
                continue;
            }
            self.mark[s as usize] = self.generation;
            match &self.nfa.states[s as usize] {
                N::Split(a, b) => {
                    stack.push(*b);
                    stack.push(*a);
                }
                state => stack.extend(visit(s, state)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Pattern;

    /// The automaton answers as the general linear engine does.
    #[test]
    fn agrees_with_the_linear_engine() {
        let patterns = [
            "^[A-Z]{2,4}-[0-9]{1,6}$",
            "a+",
            "^$",
            "",
            "^a|b$",
            "(ab|a)*c",
            "^(a|b)*$",
            "x{2,3}y?$",
            "[^a-c]",
            "^\\d+$",
            "^\\p{Letter}+$",
            "^🐲*$",
            "é.",
            "日.$",
            "^[一-龯]+$",
            "^.{2}$",
            "a$b",
            "^^a",
            "(a|)+b",
            "[a-z]+@[a-z]+\\.(com|org)$",
        ];
        let hays = [
            "",
            "a",
            "b",
            "ab",
            "abc",
            "c",
            "QRST-614289",
            "AB-1",
            "A-1",
            "ABCDE-1",
            "AB-1234567",
            "xx",
            "xxy",
            "xxxy",
            "d",
            "123",
            "12a",
            "héllo",
            "🐲🐲",
            "🐲a",
            "éa",
            "é",
            "日本",
            "a日本",
            "日🐲",
            "一龯",
            "aa",
            "a$b",
            "aab",
            "bob@mail.com",
            "bob@mail.net",
        ];
        for p in patterns {
            let compiled = Pattern::compile(p, 1_000_000).expect(p);
            let lite = Pattern::compile_linear_only(p).expect(p);
            for h in hays {
                assert_eq!(compiled.is_match(h), lite.is_match(h), "{p:?} on {h:?}");
                if let Some(m) = compiled.automaton_match(h.as_bytes()) {
                    assert_eq!(Ok(m), lite.is_match(h), "{p:?} on {h:?}, from bytes");
                }
            }
        }
    }

    /// Random patterns and inputs: the automaton and the general engine agree.
    #[test]
    fn agrees_on_generated_patterns() {
        let mut seed: u64 = 0x5eed;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        fn pattern(next: &mut dyn FnMut(u64) -> u64, depth: u32) -> String {
            let atom = |next: &mut dyn FnMut(u64) -> u64| {
                ["a", "b", "[ab]", "[^a]", ".", "\\d", "é", "日", "(?:)"][next(9) as usize].to_owned()
            };
            if depth > 3 {
                return atom(next);
            }
            match next(9) {
                0 | 1 => atom(next),
                2 => format!("{}{}", pattern(next, depth + 1), pattern(next, depth + 1)),
                3 => format!("(?:{}|{})", pattern(next, depth + 1), pattern(next, depth + 1)),
                4 => format!("(?:{})*", pattern(next, depth + 1)),
                5 => format!("(?:{})+", pattern(next, depth + 1)),
                6 => format!("(?:{})?", pattern(next, depth + 1)),
                7 => format!("(?:{}){{{},{}}}", pattern(next, depth + 1), next(2), 2 + next(2)),
                _ => format!(
                    "{}{}{}",
                    ["", "^"][next(2) as usize],
                    pattern(next, depth + 1),
                    ["", "$"][next(2) as usize]
                ),
            }
        }
        let alphabet = ['a', 'b', 'c', '1', 'é', '日', '🐲'];
        let (mut checked, mut from_bytes) = (0, 0);
        for _ in 0..3000 {
            let p = pattern(&mut next, 0);
            let (Ok(compiled), Ok(lite)) = (Pattern::compile(&p, 1_000_000), Pattern::compile_linear_only(&p)) else {
                continue;
            };
            for _ in 0..20 {
                let len = next(7);
                let h: String = (0..len).map(|_| alphabet[next(alphabet.len() as u64) as usize]).collect();
                assert_eq!(compiled.is_match(&h), lite.is_match(&h), "{p:?} on {h:?}");
                checked += 1;
                // The automaton from the text's bytes, as validation asks it.
                if let Some(m) = compiled.automaton_match(h.as_bytes()) {
                    assert_eq!(Ok(m), lite.is_match(&h), "{p:?} on {h:?}, from bytes");
                    from_bytes += 1;
                }
            }
        }
        assert!(checked > 40_000 && from_bytes > 20_000, "{checked}, {from_bytes} from bytes");
    }
}
