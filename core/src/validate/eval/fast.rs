//! The verdict alone, by plain recursion: no frames, no annotations, no
//! errors, nothing built. Most tool schemas and most arguments are shallow,
//! and for them this is the whole of checking a valid value.
//!
//! It answers only where the frame machine would give the same verdict
//! without more than it: programs with no dynamic references and no
//! `unevaluated*` (the caller sees to that). It gives up (`None`) past a
//! fixed depth of schema-and-value pairs, when its share of the work budget
//! is spent, and when a check runs out of budget; the frame machine then
//! answers instead, from the start.

use super::*;

/// Deepest recursion before giving up: far below any call stack's room.
const MAX_DEPTH: u32 = 48;

impl Eval<'_, '_, '_> {
    /// Whether value `inst` is valid against `node`; `None` when this
    /// cannot tell (see the module's text).
    pub(crate) fn quick(&mut self, node: NodeId, inst: u32, depth: u32) -> Option<bool> {
        if depth > MAX_DEPTH || self.work == 0 {
            return None;
        }
        self.work -= 1;
        let prog = self.prog;
        let n = &prog.nodes[node as usize];
        match n.shape {
            Shape::True => return Some(true),
            Shape::False => return Some(false),
            Shape::Ops => {}
        }
        let tape = self.tape;
        let tok = *tape.tok(inst);
        if !self.decoded(&n.plan, inst, &tok) {
            self.settled(false)?;
            return self.invalid(node, inst, depth);
        }
        let down = depth + 1;
        // The properties the object op found, for `required`.
        let mut seen = None;
        for &i in n.plan.rest.iter() {
            let op = &n.ops[i as usize];
            let ok = match op {
                Op::Object(o) => {
                    if tok.kind != Kind::Object {
                        true
                    } else {
                        let (ok, bits) = self.quick_members(o, inst, tok.len, down)?;
                        seen = Some(bits);
                        ok
                    }
                }
                Op::PropertyNames(child) => {
                    if tok.kind != Kind::Object {
                        true
                    } else {
                        let mut ok = true;
                        for (key, _) in tape.members(inst) {
                            if !self.quick_child(*child, key, down)? {
                                ok = false;
                                break;
                            }
                        }
                        ok
                    }
                }
                Op::Items(it) => {
                    if tok.kind != Kind::Array {
                        true
                    } else {
                        let mut ok = true;
                        for (k, item) in tape.items(inst).enumerate() {
                            let child = match it.prefix.get(k) {
                                Some(&c) => c,
                                None => match it.rest {
                                    Some(r) => r,
                                    None => break,
                                },
                            };
                            if !self.quick_child(child, item, down)? {
                                ok = false;
                                break;
                            }
                        }
                        ok
                    }
                }
                Op::Contains { node: child, min, max } => {
                    if tok.kind != Kind::Array {
                        true
                    } else {
                        let need = min.unwrap_or(1);
                        let mut count = 0u64;
                        for item in tape.items(inst) {
                            if max.is_none() && count >= need {
                                break;
                            }
                            if self.quick_child(*child, item, down)? {
                                count += 1;
                            }
                        }
                        !max.is_some_and(|m| count > m) && count >= need
                    }
                }
                Op::Dependencies(deps) => {
                    let mut ok = true;
                    if tok.kind == Kind::Object {
                        for (name, dep) in deps.iter() {
                            if tape.member(inst, name).is_none() {
                                continue;
                            }
                            ok = match dep {
                                Dependency::Required(names) => names.iter().all(|m| tape.member(inst, m).is_some()),
                                Dependency::Schema(child) => self.quick_child(*child, inst, down)?,
                            };
                            if !ok {
                                break;
                            }
                        }
                    }
                    ok
                }
                Op::DependentSchemas(deps) => {
                    let mut ok = true;
                    if tok.kind == Kind::Object {
                        for (name, child) in deps.iter() {
                            if tape.member(inst, name).is_some() && !self.quick_child(*child, inst, down)? {
                                ok = false;
                                break;
                            }
                        }
                    }
                    ok
                }
                Op::AllOf(branches) => {
                    let mut ok = true;
                    for &b in branches.iter() {
                        if !self.quick_child(b, inst, down)? {
                            ok = false;
                            break;
                        }
                    }
                    ok
                }
                Op::AnyOf(branches) => {
                    let mut ok = false;
                    for &b in branches.iter() {
                        if self.quick_child(b, inst, down)? {
                            ok = true;
                            break;
                        }
                    }
                    ok
                }
                Op::OneOf(branches) => {
                    let mut valid = 0;
                    for &b in branches.iter() {
                        if self.quick_child(b, inst, down)? {
                            valid += 1;
                            if valid > 1 {
                                break;
                            }
                        }
                    }
                    valid == 1
                }
                Op::Not(child) => !self.quick_child(*child, inst, down)?,
                Op::If { cond, then, els } => {
                    if then.is_none() && els.is_none() {
                        true
                    } else {
                        let branch = if self.quick_child(*cond, inst, down)? { *then } else { *els };
                        match branch {
                            Some(b) => self.quick_child(b, inst, down)?,
                            None => true,
                        }
                    }
                }
                Op::Ref(target) | Op::RecursiveRef { target, .. } | Op::DynamicRef { target, .. } => {
                    self.quick_child(*target, inst, down)?
                }
                Op::UnevaluatedProperties(_) | Op::UnevaluatedItems(_) => return None,
                _ => {
                    let ok = self.check_op(node, i, op, inst, &tok, seen);
                    self.settled(ok)?
                }
            };
            if !ok {
                return self.invalid(node, inst, depth);
            }
        }
        Some(true)
    }

    /// `quick`'s answer for a value found invalid, the value kept on the
    /// chain when the run keeps one. The chain stays one link per level
    /// (depths consecutive, the outermost last): a link at `depth` replaces
    /// those at its depth or nearer the root, which belonged to values
    /// checked before it, and follows one at `depth + 1` only when that one
    /// is this value or inside it (else it was left by a sibling, and the
    /// chain starts anew). Every link is a value its node finds invalid,
    /// whichever way it got there, so a stale one costs the collecting run
    /// nothing but its check.
    #[cold]
    fn invalid(&mut self, node: NodeId, inst: u32, depth: u32) -> Option<bool> {
        if self.keeps_chain {
            while self.chain.last().is_some_and(|&(_, _, d)| d <= depth) {
                self.chain.pop();
            }
            let end = self.tape.end(inst);
            if self.chain.last().is_some_and(|&(_, i, d)| d != depth + 1 || i < inst || i >= end) {
                self.chain.clear();
            }
            self.chain.push((node, inst, depth));
        }
        Some(false)
    }

    /// An object's members against `properties`, `patternProperties` and
    /// `additionalProperties`: the verdict, and which properties (by index
    /// below 64) it has.
    fn quick_members(&mut self, o: &ObjectOp, inst: u32, len: u32, depth: u32) -> Option<(bool, u64)> {
        let mut seen = 0u64;
        let mut key = inst + 1;
        let mut expect = 0;
        for _ in 0..len {
            if self.work == 0 {
                return None;
            }
            self.work -= 1;
            let value = key + 1;
            let mut matched = false;
            if let Some((slot, child)) = o.property_after(self.tape.bytes(key), self.tape.code(key), expect) {
                expect = slot as usize + 1;
                if slot < 64 {
                    seen |= 1 << slot;
                }
                matched = true;
                if !self.quick_child(child, value, depth)? {
                    return Some((false, seen));
                }
            }
            if !o.patterns.is_empty() {
                match self.quick_patterns(o, key, depth)? {
                    Some(m) => matched |= m,
                    None => return Some((false, seen)),
                }
            }
            if !matched
                && let Some(add) = o.additional
                && !self.quick_child(add, value, depth)?
            {
                return Some((false, seen));
            }
            key = self.tape.end(value);
        }
        Some((true, seen))
    }

    /// The `patternProperties` a member's name matches, its value checked
    /// against each: whether any matched, `Some(None)` when the value fails
    /// one, `None` when `quick` cannot tell. Out of line: few objects have
    /// patterns, and the loop above holds fewer values without them (0.5%
    /// fewer WebAssembly instructions on the 1.5 KB inputs).
    #[inline(never)]
    fn quick_patterns(&mut self, o: &ObjectOp, key: u32, depth: u32) -> Option<Option<bool>> {
        let prog = self.prog;
        let name = self.tape.str(key);
        let value = key + 1;
        let mut matched = false;
        let mut next = o.next_pattern(name.as_bytes(), 0);
        while let Some(j) = next {
            next = o.next_pattern(name.as_bytes(), j + 1);
            let (p, child) = o.patterns[j as usize];
            if !self.charge(name.len() as u64 / 16 + 1) {
                return None;
            }
            match prog.patterns[p as usize].1.is_match(name) {
                Ok(true) => {
                    matched = true;
                    if !self.quick_child(child, value, depth)? {
                        return Some(None);
                    }
                }
                Ok(false) => {}
                Err(_) => return Some(None),
            }
        }
        Some(Some(matched))
    }

    /// `quick` for a child value: a schema of decoded keywords only is
    /// checked here, without a call.
    #[inline(always)]
    fn quick_child(&mut self, mut node: NodeId, inst: u32, depth: u32) -> Option<bool> {
        loop {
            let n = &self.prog.nodes[node as usize];
            if n.shape != Shape::Ops || !(n.plan.rest.is_empty() || n.plan.forward.is_some()) {
                return self.quick(node, inst, depth);
            }
            if self.work == 0 {
                return None;
            }
            self.work -= 1;
            if let Some(target) = n.plan.forward {
                node = target;
                continue;
            }
            let tok = *self.tape.tok(inst);
            let ok = self.decoded(&n.plan, inst, &tok);
            return self.settled(ok);
        }
    }

    /// The decoded keywords of a plan, on one value.
    #[inline(always)]
    fn decoded(&mut self, plan: &Plan, inst: u32, tok: &tape::Tok) -> bool {
        use std::cmp::Ordering::*;
        let tape = self.tape;
        if let Some(mask) = plan.types
            && !type_ok(mask, tok, tape, inst)
        {
            return false;
        }
        match tok.kind {
            Kind::Number => {
                if let (Some((least, greatest)), Some(v)) = (plan.ints, tape.int(inst)) {
                    return (least..=greatest).contains(&i128::from(v));
                }
                if let Some((l, exclusive)) = &plan.lo {
                    let o = compare(tape, inst, l);
                    if o == Less || *exclusive && o == Equal {
                        return false;
                    }
                }
                if let Some((l, exclusive)) = &plan.hi {
                    let o = compare(tape, inst, l);
                    if o == Greater || *exclusive && o == Equal {
                        return false;
                    }
                }
            }
            Kind::String => {
                if plan.min_len > 0 || plan.max_len < u64::MAX {
                    // A character takes one to four bytes: the byte length
                    // (the token's, without reading the text) often settles
                    // it without counting.
                    let bytes = u64::from(tape.tok(inst).len);
                    if bytes > plan.max_len || bytes.div_ceil(4) < plan.min_len {
                        let n = char_len(tape.str(inst));
                        if n < plan.min_len || n > plan.max_len {
                            return false;
                        }
                    }
                }
                if let Some(p) = plan.pattern {
                    let b = tape.bytes(inst);
                    if !self.charge(b.len() as u64 / 16 + 1) {
                        return false;
                    }
                    let pattern = &self.prog.patterns[p as usize].1;
                    let ok = match pattern.automaton_match(b) {
                        Some(ok) => ok,
                        None => pattern.is_match(tape.str(inst)) == Ok(true),
                    };
                    if !ok {
                        return false;
                    }
                }
            }
            _ => {}
        }
        true
    }

    /// A check's verdict, unless it ran out of budget.
    #[inline]
    fn settled(&self, ok: bool) -> Option<bool> {
        if self.stopped.is_some() { None } else { Some(ok) }
    }
}
