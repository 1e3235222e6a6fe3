//! Checking a value against a [`Program`]: one pass over the tape, driven by
//! an explicit stack of frames (no recursion follows the schema or the
//! value, so neither a deep document nor a long chain of references can
//! exhaust the call stack), with every step charged to a work budget.
//!
//! Two modes: *check* answers valid or not and stops at the first failure,
//! building nothing; *collect* records every failure as a [`RawError`] (a
//! few words: where, which node and keyword), in the order the keywords
//! report them, choosing for `anyOf`/`oneOf` the branch that came closest.
//! A valid value is checked once; an invalid one is checked, then collected.
//!
//! Annotations (`unevaluatedProperties`/`unevaluatedItems`) are bit sets
//! over an object's members or an array's items, kept only for the frames
//! that need them.

use super::number::Num;
use super::program::NO_SLOT;
use super::program::*;
use super::tape::{self, Kind, Tape};
use std::collections::HashMap;

mod fast;

const NONE: u32 = u32::MAX;

/// What failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Tag {
    /// Leaf op `op` of `node` failed on the value.
    Op,
    /// `required` (op): name `a` of the op's list is missing from the object.
    Required,
    /// `dependentRequired` (op): name `b` of dependency `a` is missing.
    DependentRequired,
    /// `dependencies` (op, draft 7 and earlier): name `b` of dependency `a` is missing.
    DependencyRequired,
    /// `additionalProperties: false` (op): the member (value token) is not allowed.
    Unexpected,
    /// `unevaluatedProperties: false` (op): the member is not allowed.
    Unevaluated,
    /// `unevaluatedItems: false` (op): `a` of the array's items are described.
    UnevaluatedItems,
    /// `additionalItems: false` (op): the array has more than `a` items.
    AdditionalItems,
    /// The value is checked against a `false` schema (`node`).
    False,
    /// `uniqueItems` (op): items `a` and `b` are equal.
    UniqueItems,
    /// `contains` (op): too few matches.
    Contains,
    /// `contains` with `minContains` (op): too few matches.
    MinContains,
    /// `contains` with `maxContains` (op): too many matches.
    MaxContains,
    /// `not` (op): the value matches.
    Not,
    /// `anyOf`/`oneOf` (op) with no branch matching, where every branch
    /// wants another type: `a` packs the types wanted.
    Types,
    /// `oneOf` (op) with several branches matching: `a..b` in `Eval::lists`.
    OneOfMany,
    /// `pattern` (op) past the backtracking limit.
    PatternLimit,
    /// `anyOf` (op), reported as itself (first-error mode).
    AnyOf,
    /// `oneOf` (op) with none matching, as itself (first-error mode).
    OneOfNone,
}

/// One failure, as the evaluator found it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RawError {
    pub tag: Tag,
    /// The value (tape token) that failed; for a missing member, its object.
    pub inst: u32,
    pub node: NodeId,
    pub op: u16,
    /// Counts as one error of its branch (the first of a group does).
    pub weight: u8,
    /// Reported by its branch itself, not chosen from a nested `anyOf`/`oneOf`.
    pub direct: bool,
    pub a: u32,
    pub b: u32,
    /// When the failure is about a property name: the object (`inst` is the key).
    pub names: u32,
}

impl RawError {
    fn new(tag: Tag, inst: u32, node: NodeId, op: u16) -> RawError {
        RawError { tag, inst, node, op, weight: 1, direct: true, a: 0, b: 0, names: NONE }
    }
}

/// Why an evaluation stopped before its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The work budget is spent.
    Budget,
    /// First-error mode found its error.
    First,
}

// Frame flags.
const COLLECT: u16 = 1;
const VALID: u16 = 2;
/// The frame keeps an annotation set (its own `unevaluated*`, or its parent's).
const ANN: u16 = 4;
/// The parent wants this frame's annotations merged into its own.
const GIVE_ANN: u16 = 8;
/// A child's result is waiting in `Eval::result`.
const AWAIT: u16 = 16;
/// Store the outcome in the memo table.
const MEMO: u16 = 32;
/// The current op failed.
const OP_FAILED: u16 = 64;
/// Merge the annotations into the parent's even when the frame fails
/// (`$ref`, `dependentSchemas`, `then`/`else`: what their subschemas name
/// stays evaluated, so that a failing reference does not also make its
/// properties "unevaluated").
const GIVE_ALWAYS: u16 = 128;
/// `seen` holds the properties the object op found.
const SEEN: u16 = 256;

// What a child gives its parent's annotation set.
const NO_ANN: u8 = 0;
const IF_VALID: u8 = 1;
const ALWAYS: u8 = 2;

#[derive(Clone, Copy, Debug)]
struct Frame {
    node: NodeId,
    inst: u32,
    op: u16,
    /// Progress within the op.
    phase: u16,
    /// Loop position (member or item ordinal, branch index).
    i: u32,
    /// Tape cursor (the next member's key, the next item).
    cur: u32,
    acc: u32,
    acc2: u32,
    /// `errors.len()` when the frame started.
    err_start: u32,
    /// `errors.len()` when the first op after `unevaluated*` in report
    /// order started, and when the first `unevaluated*` started.
    late: u32,
    late_uneval: u32,
    /// Where the annotation set was saved when the current op started
    /// (`Eval::saves`), to be put back if the op fails.
    save: u32,
    /// Where the frame's annotation set starts in `Eval::ann` (`NONE`).
    ann: u32,
    scope: u32,
    /// The properties (by index below 64) the object op found.
    seen: u64,
    flags: u16,
}

/// A finished child's answer.
#[derive(Clone, Copy)]
struct Outcome {
    valid: bool,
}

#[derive(Clone)]
struct Memo {
    valid: bool,
    ann: Vec<u64>,
    errors: Vec<RawError>,
    /// Where in `Eval::errors` the errors were first written.
    at: u32,
}

/// Most raw errors kept; past it they are only counted.
pub(crate) const MAX_RAW_ERRORS: usize = 100_000;

pub(crate) struct Eval<'p, 't, 'a> {
    pub prog: &'p Program,
    pub tape: &'t Tape<'a>,
    /// Steps left.
    pub work: u64,
    pub errors: Vec<RawError>,
    /// Errors found past `MAX_RAW_ERRORS`.
    pub dropped: u64,
    /// Extra lists errors refer to (valid `oneOf` branches).
    pub lists: Vec<u32>,
    stack: Vec<Frame>,
    result: Option<Outcome>,
    ann: Vec<u64>,
    /// Dynamic scope entries: (resource, parent entry).
    scopes: Vec<(u32, u32)>,
    marks: Vec<u32>,
    saves: Vec<u64>,
    memo: Option<HashMap<(NodeId, u32, u32, u8), Memo>>,
    /// Report the first failure only, `anyOf`/`oneOf` as themselves.
    first_only: bool,
    pub stopped: Option<Stop>,
    /// Most frames on the stack at once.
    max_frames: usize,
    /// The draft of each format/regex check (for the regex format).
    pub regex_limit: u64,
    /// What the plain recursion found invalid on its way to its first
    /// failure, innermost first, one (node, value, depth) per level: kept
    /// when `keeps_chain`, and given to the collecting run, which then does
    /// not check those again before stepping into them.
    chain: Vec<(NodeId, u32, u32)>,
    keeps_chain: bool,
}

/// The answer of one evaluation.
pub(crate) enum Answer {
    Valid,
    Invalid,
    Stopped(Stop),
}

impl<'p, 't, 'a> Eval<'p, 't, 'a> {
    pub(crate) fn new(prog: &'p Program, tape: &'t Tape<'a>, work: u64) -> Eval<'p, 't, 'a> {
        Eval {
            prog,
            tape,
            work,
            errors: Vec::new(),
            dropped: 0,
            lists: Vec::new(),
            stack: Vec::new(),
            result: None,
            ann: Vec::new(),
            scopes: Vec::new(),
            marks: Vec::new(),
            saves: Vec::new(),
            memo: None,
            first_only: false,
            stopped: None,
            max_frames: 1_000_000,
            regex_limit: 1_000_000,
            chain: Vec::new(),
            keeps_chain: false,
        }
    }

    /// The plain recursion keeps the chain of values it found invalid.
    pub(crate) fn keeping_chain(mut self) -> Self {
        self.keeps_chain = true;
        self
    }

    /// The chain the plain recursion kept, for [`Eval::knowing`].
    pub(crate) fn take_chain(&mut self) -> Vec<(NodeId, u32, u32)> {
        std::mem::take(&mut self.chain)
    }

    /// Collecting after a check that kept `chain`: each (node, value) on it is
    /// known invalid, so the collecting run does not check it again by the
    /// plain recursion before it steps in.
    pub(crate) fn knowing(mut self, chain: Vec<(NodeId, u32, u32)>) -> Self {
        self.chain = chain;
        self
    }

    pub(crate) fn with_memo(mut self) -> Self {
        self.memo = Some(HashMap::new());
        self
    }

    pub(crate) fn first_only(mut self) -> Self {
        self.first_only = true;
        self
    }

    /// Checks (or, with `collect`, collects the errors of) the top-level value.
    pub(crate) fn run(&mut self, collect: bool) -> Answer {
        self.stack.clear();
        self.scopes.clear();
        let root = self.prog.root;
        let scope = if self.prog.dynamic {
            self.scopes.push((self.prog.nodes[root as usize].resource, NONE));
            0
        } else {
            NONE
        };
        let valid = match self.call(root, 0, collect, NO_ANN, scope) {
            Some(o) => o.valid,
            None => self.drive(),
        };
        match self.stopped {
            Some(Stop::First) => return Answer::Invalid,
            Some(stop) => return Answer::Stopped(stop),
            None => {}
        }
        if valid { Answer::Valid } else { Answer::Invalid }
    }

    #[inline]
    fn charge(&mut self, steps: u64) -> bool {
        match self.work.checked_sub(steps) {
            Some(w) => {
                self.work = w;
                true
            }
            None => {
                self.stop(Stop::Budget);
                false
            }
        }
    }

    fn stop(&mut self, why: Stop) {
        if self.stopped.is_none() {
            self.stopped = Some(why);
        }
        self.stack.clear();
    }

    fn push_error(&mut self, e: RawError) {
        if self.errors.len() >= MAX_RAW_ERRORS {
            self.dropped += 1;
        } else {
            self.errors.push(e);
        }
        if self.first_only {
            self.stop(Stop::First);
        }
    }

    /// Evaluates `node` on `inst` now when it needs no frame (a leaf, a
    /// boolean schema, a remembered answer), or pushes a frame for it.
    fn call(&mut self, node: NodeId, inst: u32, collect: bool, give: u8, scope: u32) -> Option<Outcome> {
        let give_ann = give != NO_ANN;
        if self.stopped.is_some() || !self.charge(1) {
            return Some(Outcome { valid: false });
        }
        let n = &self.prog.nodes[node as usize];
        match n.shape {
            Shape::True => return Some(Outcome { valid: true }),
            Shape::False => {
                if collect {
                    self.push_error(RawError::new(Tag::False, inst, node, 0));
                }
                return Some(Outcome { valid: false });
            }
            Shape::Ops => {}
        }
        let scope = if self.prog.dynamic { self.enter_scope(scope, n.resource) } else { NONE };
        if n.leaf {
            let valid = self.leaf(node, inst, collect);
            return Some(Outcome { valid });
        }
        let kind = self.tape.tok(inst).kind;
        // Collecting: a value the plain recursion finds valid has no errors
        // to collect, and that answer costs a fraction of a frame's. (Not
        // with a memo: that is the run for schemas whose branches repeat,
        // where the recursion, remembering nothing, would repeat them too.)
        if collect
            && self.memo.is_none()
            && !self.prog.dynamic
            && !self.prog.unevaluated
            && matches!(kind, Kind::Object | Kind::Array)
            && !self.known_invalid(node, inst)
            && self.quick(node, inst, 0) == Some(true)
        {
            return Some(Outcome { valid: true });
        }
        let mut flags = if collect { COLLECT } else { 0 } | VALID;
        let tracks = give_ann || n.unevaluated;
        let ann = if tracks && matches!(kind, Kind::Object | Kind::Array) {
            flags |= ANN;
            let words = (self.tape.tok(inst).len as usize).div_ceil(64).max(1);
            let at = self.ann.len() as u32;
            self.ann.resize(self.ann.len() + words, 0);
            at
        } else {
            NONE
        };
        if give_ann {
            flags |= GIVE_ANN;
        }
        if give == ALWAYS {
            flags |= GIVE_ALWAYS;
        }
        if self.memo.is_some() {
            let key = (node, inst, scope, (flags & (COLLECT | ANN)) as u8);
            if let Some(m) = self.memo.as_ref().and_then(|memo| memo.get(&key)).cloned() {
                // The same errors found again for the same value (`allOf` of
                // two references to one schema, recursing) are listed once:
                // copying them would double the list at every level.
                // Only when the first copy is in the innermost branch being
                // collected, so that choosing a branch keeps both or neither.
                let (at, n) = (m.at as usize, m.errors.len());
                let branch = self.marks.last().map_or(0, |&s| s as usize);
                if n > 0 && (at < branch || self.errors.get(at..at + n) != Some(m.errors.as_slice())) {
                    if !self.charge(n as u64) {
                        return Some(Outcome { valid: false });
                    }
                    self.errors.extend_from_slice(&m.errors);
                }
                if ann != NONE {
                    self.ann.truncate(ann as usize);
                    if give_ann && (m.valid || give == ALWAYS) {
                        self.merge_ann(&m.ann);
                    }
                }
                return Some(Outcome { valid: m.valid });
            }
            flags |= MEMO;
        }
        if self.stack.len() >= self.max_frames {
            self.stop(Stop::Budget);
            return Some(Outcome { valid: false });
        }
        self.stack.push(Frame {
            node,
            inst,
            op: 0,
            phase: 0,
            i: 0,
            cur: 0,
            acc: 0,
            acc2: 0,
            err_start: self.errors.len() as u32,
            late: NONE,
            late_uneval: NONE,
            save: NONE,
            ann,
            scope,
            seen: 0,
            flags,
        });
        None
    }

    /// Whether `node` on `inst` is the next (outermost) link of the chain a
    /// check found invalid; the link is used up.
    #[inline]
    fn known_invalid(&mut self, node: NodeId, inst: u32) -> bool {
        match self.chain.last() {
            Some(&(n, i, _)) if n == node && i == inst => {
                self.chain.pop();
                true
            }
            _ => false,
        }
    }

    fn enter_scope(&mut self, scope: u32, resource: u32) -> u32 {
        if scope != NONE && self.scopes[scope as usize].0 == resource {
            return scope;
        }
        self.scopes.push((resource, scope));
        (self.scopes.len() - 1) as u32
    }

    /// ORs annotation words into the annotation set of the frame on top.
    fn merge_ann(&mut self, words: &[u64]) {
        if let Some(top) = self.stack.last()
            && top.ann != NONE
        {
            let at = top.ann as usize;
            for (i, w) in words.iter().enumerate() {
                if let Some(slot) = self.ann.get_mut(at + i) {
                    *slot |= w;
                }
            }
        }
    }

    fn mark(&mut self, f: &Frame, bit: u32) {
        if f.ann != NONE {
            let slot = f.ann as usize + (bit / 64) as usize;
            if let Some(w) = self.ann.get_mut(slot) {
                *w |= 1 << (bit % 64);
            }
        }
    }

    fn marked(&self, f: &Frame, bit: u32) -> bool {
        f.ann != NONE && self.ann.get(f.ann as usize + (bit / 64) as usize).is_some_and(|w| w & (1 << (bit % 64)) != 0)
    }

    /// Runs frames until the stack is empty; the answer of the bottom one.
    fn drive(&mut self) -> bool {
        let mut last = false;
        while let Some(&top) = self.stack.last() {
            let mut f = top;
            match self.step(&mut f) {
                Step::Pushed => {}
                Step::Done(valid) => {
                    if self.stack.is_empty() {
                        // Stopped while stepping.
                        return false;
                    }
                    self.stack.pop();
                    last = valid;
                    self.finish(&f, valid);
                    self.result = Some(Outcome { valid });
                }
            }
            if self.stopped.is_some() {
                return false;
            }
        }
        self.result = None;
        last
    }

    /// A frame is done: its annotations go to its parent, its answer to the memo.
    fn finish(&mut self, f: &Frame, valid: bool) {
        let words: Vec<u64> = if f.ann != NONE {
            let words = (self.tape.tok(f.inst).len as usize).div_ceil(64).max(1);
            let w = self.ann[f.ann as usize..f.ann as usize + words].to_vec();
            self.ann.truncate(f.ann as usize);
            w
        } else {
            Vec::new()
        };
        if f.flags & GIVE_ANN != 0 && (valid || f.flags & GIVE_ALWAYS != 0) {
            self.merge_ann(&words);
        }
        if f.flags & MEMO != 0
            && let Some(memo) = self.memo.as_mut()
        {
            let key = (f.node, f.inst, f.scope, (f.flags & (COLLECT | ANN)) as u8);
            let errors = self.errors[f.err_start as usize..].to_vec();
            memo.insert(key, Memo { valid, ann: words, errors, at: f.err_start });
        }
    }

    /// Calls a child from frame `f`, or takes its result when `f` was
    /// waiting for it. `None`: a frame was pushed (`f` is saved first).
    #[inline]
    fn sub(&mut self, f: &mut Frame, node: NodeId, inst: u32, collect: bool, give_ann: u8) -> Option<bool> {
        if f.flags & AWAIT != 0 {
            f.flags &= !AWAIT;
            return Some(self.result.take().is_some_and(|o| o.valid));
        }
        match self.call(node, inst, collect, give_ann, f.scope) {
            Some(o) => Some(o.valid),
            None => {
                f.flags |= AWAIT;
                let n = self.stack.len();
                // The frame below the new one is `f`.
                self.stack[n - 2] = *f;
                None
            }
        }
    }

    fn fail(&self, f: &mut Frame) -> bool {
        f.flags &= !VALID;
        f.flags |= OP_FAILED;
        // Checking stops at the first failure.
        f.flags & COLLECT == 0
    }

    fn step(&mut self, f: &mut Frame) -> Step {
        let prog = self.prog;
        let node = &prog.nodes[f.node as usize];
        let collect = f.flags & COLLECT != 0;
        let give = f.flags & ANN != 0;
        let tok = *self.tape.tok(f.inst);
        while (f.op as usize) < node.ops.len() {
            if self.stopped.is_some() {
                return Step::Done(false);
            }
            let op_index = f.op;
            let op = &node.ops[op_index as usize];
            macro_rules! sub {
                ($node:expr, $inst:expr, $collect:expr, $ann:expr) => {
                    match self.sub(f, $node, $inst, $collect, $ann) {
                        Some(v) => v,
                        None => return Step::Pushed,
                    }
                };
            }
            macro_rules! failed {
                () => {
                    if self.fail(f) {
                        return Step::Done(false);
                    }
                };
            }
            // An op over an array's items or an object's members: skipped for
            // other values; at its first step, the cursor on the first one.
            macro_rules! enter {
                ($kind:expr) => {
                    if tok.kind != $kind {
                        self.end_op(f);
                        continue;
                    }
                    if f.phase == 0 {
                        f.phase = 1;
                        f.i = 0;
                        f.cur = f.inst + 1;
                        f.acc = 0;
                        f.acc2 = 0;
                    }
                };
            }
            if collect && node.unevaluated && f.phase == 0 && f.flags & AWAIT == 0 {
                let at = self.errors.len() as u32;
                match op {
                    Op::UnevaluatedProperties(_) | Op::UnevaluatedItems(_) if f.late_uneval == NONE => {
                        f.late_uneval = at;
                    }
                    Op::Ref(_) | Op::RecursiveRef { .. } | Op::DynamicRef { .. } | Op::ContentEncoding
                        if f.late == NONE =>
                    {
                        f.late = at;
                    }
                    _ => {}
                }
            }
            if op.is_leaf() {
                let seen = (f.flags & SEEN != 0).then_some(f.seen);
                if !self.leaf_op(f.node, op_index, op, f.inst, collect, seen) {
                    failed!();
                }
                f.op += 1;
                continue;
            }
            if !self.charge(1) {
                return Step::Done(false);
            }
            // A `oneOf` that fails gives no annotations, even from the
            // branches that matched: when collecting (the frame goes on after
            // a failure), the set is saved first. (Other applicators keep
            // what their matching subschemas give.)
            if collect
                && f.ann != NONE
                && matches!(op, Op::OneOf(_))
                && f.phase == 0
                && f.flags & AWAIT == 0
                && f.save == NONE
            {
                let words = (tok.len as usize).div_ceil(64).max(1);
                f.save = self.saves.len() as u32;
                let at = f.ann as usize;
                let copy: Vec<u64> = self.ann[at..at + words].to_vec();
                self.saves.extend_from_slice(&copy);
                f.flags &= !OP_FAILED;
            }
            match op {
                Op::Object(o) => {
                    // `acc`: the stage within a member (0 its property, 1 + k
                    // pattern k, then `additionalProperties`); `acc2`: bit 0,
                    // the member matched; bit 1, an unexpected member was reported.
                    enter!(Kind::Object);
                    while f.i < tok.len {
                        if !self.charge(1) {
                            return Step::Done(false);
                        }
                        let key = f.cur;
                        let value = key + 1;
                        let name = self.tape.str(key);
                        if f.acc == 0 {
                            if let Some((slot, child)) = o.property(self.tape.bytes(key), self.tape.code(key)) {
                                if slot < 64 {
                                    f.seen |= 1 << slot;
                                }
                                let n = &prog.nodes[child as usize];
                                let ok = if n.leaf && n.shape == Shape::Ops && !prog.dynamic && f.flags & AWAIT == 0 {
                                    // A leaf needs no frame.
                                    self.leaf(child, value, collect)
                                } else {
                                    sub!(child, value, collect, NO_ANN)
                                };
                                f.acc2 |= 1;
                                self.mark(f, f.i);
                                if !ok {
                                    failed!();
                                }
                            }
                            f.acc = 1;
                        }
                        while (f.acc as usize) <= o.patterns.len() {
                            if f.flags & AWAIT == 0 {
                                match o.next_pattern(name.as_bytes(), f.acc - 1) {
                                    Some(j) => f.acc = j + 1,
                                    None => {
                                        f.acc = o.patterns.len() as u32 + 1;
                                        break;
                                    }
                                }
                            }
                            let (p, child) = o.patterns[f.acc as usize - 1];
                            if f.flags & AWAIT == 0 {
                                if !self.charge(name.len() as u64 / 16 + 1) {
                                    return Step::Done(false);
                                }
                                match prog.patterns[p as usize].1.is_match(name) {
                                    Ok(true) => {}
                                    Ok(false) => {
                                        f.acc += 1;
                                        continue;
                                    }
                                    Err(_) => {
                                        if collect {
                                            let mut e = RawError::new(Tag::PatternLimit, key, f.node, op_index);
                                            e.a = p;
                                            self.push_error(e);
                                        }
                                        failed!();
                                        f.acc += 1;
                                        continue;
                                    }
                                }
                            }
                            let ok = sub!(child, value, collect, NO_ANN);
                            f.acc2 |= 1;
                            self.mark(f, f.i);
                            if !ok {
                                failed!();
                            }
                            f.acc += 1;
                        }
                        if f.acc2 & 1 == 0
                            && let Some(add) = o.additional
                        {
                            if prog.nodes[add as usize].shape == Shape::False {
                                if collect {
                                    let mut e = RawError::new(Tag::Unexpected, value, f.node, op_index);
                                    e.weight = u8::from(f.acc2 & 2 == 0);
                                    f.acc2 |= 2;
                                    self.push_error(e);
                                }
                                failed!();
                            } else {
                                let ok = sub!(add, value, collect, NO_ANN);
                                self.mark(f, f.i);
                                if !ok {
                                    failed!();
                                }
                            }
                        }
                        f.cur = self.tape.end(value);
                        f.i += 1;
                        f.acc = 0;
                        f.acc2 &= !1;
                    }
                    f.flags |= SEEN;
                }
                Op::PropertyNames(child) => {
                    if tok.kind == Kind::Object && prog.nodes[*child as usize].shape == Shape::False {
                        // `propertyNames: false`: one error, for the object.
                        if tok.len > 0 {
                            if collect {
                                self.push_error(RawError::new(Tag::False, f.inst, *child, 0));
                            }
                            failed!();
                        }
                        self.end_op(f);
                        continue;
                    }
                    enter!(Kind::Object);
                    while f.i < tok.len {
                        let key = f.cur;
                        if f.flags & AWAIT == 0 {
                            f.acc = self.errors.len() as u32;
                        }
                        let ok = sub!(*child, key, collect, NO_ANN);
                        for e in &mut self.errors[f.acc as usize..] {
                            if e.names == NONE {
                                e.names = f.inst;
                                e.direct = true;
                            }
                        }
                        if !ok {
                            failed!();
                        }
                        f.cur = self.tape.end(key + 1);
                        f.i += 1;
                    }
                }
                Op::Items(it) => {
                    enter!(Kind::Array);
                    while f.i < tok.len {
                        if !self.charge(1) {
                            return Step::Done(false);
                        }
                        let i = f.i as usize;
                        let child = if i < it.prefix.len() {
                            it.prefix[i]
                        } else {
                            match it.rest {
                                Some(r) => r,
                                None => break,
                            }
                        };
                        if i >= it.prefix.len()
                            && it.rest_kw == Kw::AdditionalItems
                            && prog.nodes[child as usize].shape == Shape::False
                        {
                            if collect {
                                let mut e = RawError::new(Tag::AdditionalItems, f.inst, f.node, op_index);
                                e.a = it.prefix.len() as u32;
                                self.push_error(e);
                            }
                            failed!();
                            break;
                        }
                        let ok = sub!(child, f.cur, collect, NO_ANN);
                        self.mark(f, f.i);
                        if !ok {
                            failed!();
                        }
                        f.cur = self.tape.end(f.cur);
                        f.i += 1;
                    }
                }
                Op::Contains { node: child, min, max } => {
                    enter!(Kind::Array);
                    let need = min.unwrap_or(1);
                    let counts = node.draft >= Draft::D2020;
                    while f.i < tok.len {
                        if !collect && max.is_none() && !(give && counts) && u64::from(f.acc) >= need {
                            break;
                        }
                        let ok = sub!(*child, f.cur, false, NO_ANN);
                        if ok {
                            f.acc += 1;
                            if counts {
                                self.mark(f, f.i);
                            }
                        }
                        f.cur = self.tape.end(f.cur);
                        f.i += 1;
                    }
                    let count = u64::from(f.acc);
                    // Too many is reported before too few, when both.
                    if max.is_some_and(|m| count > m) {
                        if collect {
                            self.push_error(RawError::new(Tag::MaxContains, f.inst, f.node, op_index));
                        }
                        failed!();
                    } else if count < need {
                        if collect {
                            let tag = if min.is_some() { Tag::MinContains } else { Tag::Contains };
                            self.push_error(RawError::new(tag, f.inst, f.node, op_index));
                        }
                        failed!();
                    }
                }
                Op::Dependencies(deps) => {
                    if tok.kind != Kind::Object {
                        self.end_op(f);
                        continue;
                    }
                    while (f.i as usize) < deps.len() {
                        let (name, dep) = &deps[f.i as usize];
                        if self.tape.member(f.inst, name).is_some() {
                            match dep {
                                Dependency::Required(names) => {
                                    for (j, needed) in names.iter().enumerate() {
                                        if self.tape.member(f.inst, needed).is_none() {
                                            if collect {
                                                let mut e =
                                                    RawError::new(Tag::DependencyRequired, f.inst, f.node, op_index);
                                                e.a = f.i;
                                                e.b = j as u32;
                                                self.push_error(e);
                                            }
                                            failed!();
                                        }
                                    }
                                }
                                Dependency::Schema(child) => {
                                    let ok = sub!(*child, f.inst, collect, if give { ALWAYS } else { NO_ANN });
                                    if !ok {
                                        failed!();
                                    }
                                }
                            }
                        }
                        f.i += 1;
                    }
                }
                Op::DependentSchemas(deps) => {
                    if tok.kind != Kind::Object {
                        self.end_op(f);
                        continue;
                    }
                    while (f.i as usize) < deps.len() {
                        let (name, child) = &deps[f.i as usize];
                        if f.flags & AWAIT != 0 || self.tape.member(f.inst, name).is_some() {
                            let ok = sub!(*child, f.inst, collect, if give { ALWAYS } else { NO_ANN });
                            if !ok {
                                failed!();
                            }
                        }
                        f.i += 1;
                    }
                }
                Op::AllOf(branches) => {
                    while (f.i as usize) < branches.len() {
                        let ok = sub!(branches[f.i as usize], f.inst, collect, if give { IF_VALID } else { NO_ANN });
                        if !ok {
                            failed!();
                        }
                        f.i += 1;
                    }
                }
                Op::AnyOf(branches) | Op::OneOf(branches) => {
                    let one_of = matches!(op, Op::OneOf(_));
                    // Phase 1: check each branch (all of them when
                    // annotations or a oneOf count are wanted).
                    if f.phase == 0 {
                        f.phase = 1;
                        f.i = 0;
                        f.acc = 0; // branches valid
                        f.acc2 = self.lists.len() as u32; // where their indices go
                    }
                    if f.phase == 1 {
                        while (f.i as usize) < branches.len() {
                            if !one_of && f.acc > 0 && !give {
                                break;
                            }
                            if one_of && f.acc > 1 && !collect {
                                break;
                            }
                            let ok = sub!(branches[f.i as usize], f.inst, false, if give { IF_VALID } else { NO_ANN });
                            if ok {
                                f.acc += 1;
                                if one_of && collect {
                                    self.lists.push(f.i);
                                }
                            }
                            f.i += 1;
                        }
                        let valid = if one_of { f.acc == 1 } else { f.acc > 0 };
                        if valid {
                            self.lists.truncate(f.acc2 as usize);
                        } else if !collect {
                            failed!();
                        } else if self.first_only {
                            let tag = if !one_of {
                                Tag::AnyOf
                            } else if f.acc == 0 {
                                Tag::OneOfNone
                            } else {
                                Tag::OneOfMany
                            };
                            self.push_error(RawError::new(tag, f.inst, f.node, op_index));
                            failed!();
                        } else if one_of && f.acc > 1 {
                            let mut e = RawError::new(Tag::OneOfMany, f.inst, f.node, op_index);
                            e.a = f.acc2;
                            e.b = self.lists.len() as u32;
                            self.push_error(e);
                            failed!();
                        } else {
                            // Phase 2: collect every branch's errors.
                            self.lists.truncate(f.acc2 as usize);
                            f.phase = 2;
                            f.i = 0;
                            f.acc2 = self.marks.len() as u32;
                        }
                    }
                    if f.phase == 2 {
                        while (f.i as usize) < branches.len() {
                            if f.flags & AWAIT == 0 {
                                self.marks.push(self.errors.len() as u32);
                            }
                            let _ = sub!(branches[f.i as usize], f.inst, true, NO_ANN);
                            f.i += 1;
                        }
                        self.choose_branch(f.inst, f.node, op_index, f.acc2 as usize);
                        failed!();
                    }
                }
                Op::Not(child) => {
                    let ok = sub!(*child, f.inst, false, NO_ANN);
                    if ok {
                        if collect {
                            self.push_error(RawError::new(Tag::Not, f.inst, f.node, op_index));
                        }
                        failed!();
                    }
                }
                Op::If { cond, then, els } => {
                    if then.is_none() && els.is_none() && !give {
                        // Without `then` or `else`, `if` only gives annotations.
                        self.end_op(f);
                        continue;
                    }
                    if f.phase == 0 {
                        let ok = sub!(*cond, f.inst, false, if give { IF_VALID } else { NO_ANN });
                        f.phase = if ok { 1 } else { 2 };
                    }
                    let branch = if f.phase == 1 { *then } else { *els };
                    if let Some(b) = branch {
                        let ok = sub!(b, f.inst, collect, if give { ALWAYS } else { NO_ANN });
                        if !ok {
                            failed!();
                        }
                    }
                }
                Op::Ref(target) => {
                    let ok = sub!(*target, f.inst, collect, if give { ALWAYS } else { NO_ANN });
                    if !ok {
                        failed!();
                    }
                }
                Op::RecursiveRef { target, dynamic } => {
                    let to = if *dynamic && f.flags & AWAIT == 0 {
                        self.recursive_target(f.scope, *target)
                    } else {
                        *target
                    };
                    let ok = sub!(to, f.inst, collect, if give { ALWAYS } else { NO_ANN });
                    if !ok {
                        failed!();
                    }
                }
                Op::DynamicRef { target, anchor } => {
                    let to = match anchor {
                        Some(name) if f.flags & AWAIT == 0 => self.dynamic_target(f.scope, name, *target),
                        _ => *target,
                    };
                    let ok = sub!(to, f.inst, collect, if give { ALWAYS } else { NO_ANN });
                    if !ok {
                        failed!();
                    }
                }
                Op::UnevaluatedProperties(child) => {
                    enter!(Kind::Object);
                    let is_false = prog.nodes[*child as usize].shape == Shape::False;
                    while f.i < tok.len {
                        let key = f.cur;
                        let value = key + 1;
                        if !self.marked(f, f.i) {
                            if is_false {
                                if collect {
                                    let mut e = RawError::new(Tag::Unevaluated, value, f.node, op_index);
                                    e.weight = u8::from(f.acc == 0);
                                    f.acc = 1;
                                    self.push_error(e);
                                }
                                failed!();
                            } else {
                                // A member its schema refuses is itself the error.
                                let ok = sub!(*child, value, false, NO_ANN);
                                if ok {
                                    self.mark(f, f.i);
                                } else {
                                    if collect {
                                        let mut e = RawError::new(Tag::Unevaluated, value, f.node, op_index);
                                        e.weight = u8::from(f.acc == 0);
                                        f.acc = 1;
                                        self.push_error(e);
                                    }
                                    failed!();
                                }
                            }
                        }
                        f.cur = self.tape.end(value);
                        f.i += 1;
                    }
                }
                Op::UnevaluatedItems(child) => {
                    enter!(Kind::Array);
                    let is_false = prog.nodes[*child as usize].shape == Shape::False;
                    if is_false {
                        let described = (0..tok.len).filter(|&i| self.marked(f, i)).count() as u32;
                        if described < tok.len {
                            if collect {
                                let mut e = RawError::new(Tag::UnevaluatedItems, f.inst, f.node, op_index);
                                e.a = described;
                                self.push_error(e);
                            }
                            failed!();
                        }
                    } else {
                        // Items its schema refuses count against the items described.
                        while f.i < tok.len {
                            if !self.marked(f, f.i) {
                                let ok = sub!(*child, f.cur, false, NO_ANN);
                                if ok {
                                    self.mark(f, f.i);
                                } else {
                                    f.acc += 1;
                                    if !collect {
                                        failed!();
                                    }
                                }
                            }
                            f.cur = self.tape.end(f.cur);
                            f.i += 1;
                        }
                        if f.acc > 0 {
                            if collect {
                                let mut e = RawError::new(Tag::UnevaluatedItems, f.inst, f.node, op_index);
                                e.a = tok.len - f.acc;
                                self.push_error(e);
                            }
                            failed!();
                        }
                    }
                }
                _ => {}
            }
            self.end_op(f);
        }
        let valid = f.flags & VALID != 0;
        if collect && node.unevaluated {
            self.reorder_unevaluated(f);
        }
        Step::Done(valid)
    }

    /// The current op is done: if it failed, the annotations it gave are
    /// taken back; then the next op.
    fn end_op(&mut self, f: &mut Frame) {
        if f.save != NONE {
            let at = f.save as usize;
            if f.flags & OP_FAILED != 0 {
                let words = self.saves.len() - at;
                let ann = f.ann as usize;
                let saved: Vec<u64> = self.saves[at..].to_vec();
                self.ann[ann..ann + words].copy_from_slice(&saved);
            }
            self.saves.truncate(at);
            f.save = NONE;
        }
        f.flags &= !OP_FAILED;
        f.op += 1;
        f.phase = 0;
        f.i = 0;
    }

    /// `unevaluated*` ran last; their errors are reported before those of
    /// the keywords that sort after them (`$ref` and the like).
    fn reorder_unevaluated(&mut self, f: &Frame) {
        if f.late == NONE || f.late_uneval == NONE || f.late > f.late_uneval {
            return;
        }
        let (late, uneval) = (f.late as usize, f.late_uneval as usize);
        if uneval <= self.errors.len() {
            self.errors[late..].rotate_left(uneval - late);
        }
    }

    fn dynamic_target(&self, scope: u32, name: &str, fallback: NodeId) -> NodeId {
        // Outermost first: collect the chain, then search from its far end.
        let mut chain = Vec::new();
        let mut s = scope;
        while s != NONE {
            chain.push(self.scopes[s as usize].0);
            s = self.scopes[s as usize].1;
        }
        for &r in chain.iter().rev() {
            if let Some((_, n)) = self.prog.resources[r as usize].dynamic_anchors.iter().find(|(a, _)| &**a == name) {
                return *n;
            }
        }
        fallback
    }

    fn recursive_target(&self, scope: u32, fallback: NodeId) -> NodeId {
        let mut chain = Vec::new();
        let mut s = scope;
        while s != NONE {
            chain.push(self.scopes[s as usize].0);
            s = self.scopes[s as usize].1;
        }
        for &r in chain.iter().rev() {
            if let Some(n) = self.prog.resources[r as usize].recursive_anchor {
                return n;
            }
        }
        fallback
    }

    /// `anyOf`/`oneOf` with no branch matching, their errors collected from
    /// `marks[from..]` on: keeps the errors of the branch that came closest
    /// (one whose type fits, with the fewest errors), or reports one error
    /// listing the types every branch wants.
    #[inline(never)]
    fn choose_branch(&mut self, inst: u32, node: NodeId, op: u16, from: usize) {
        // Branch i's errors are `errors[marks[from + i]..]`, up to the next
        // branch's start (the last one's, to the end).
        let count = self.marks.len() - from;
        let end = self.errors.len() as u32;
        let range = |marks: &[u32], i: usize| (marks[from + i], marks.get(from + i + 1).copied().unwrap_or(end));
        let mut best: Option<(usize, u32)> = None;
        // The types every branch that wants another type wants, in the order
        // first wanted, packed four bits each.
        let (mut packed, mut n) = (0u32, 0);
        for i in 0..count {
            let (s, e) = range(&self.marks, i);
            let errs = &self.errors[s as usize..e as usize];
            let root_type = errs.iter().find_map(|x| {
                if !x.direct || x.inst != inst || x.names != NONE {
                    return None;
                }
                let n = &self.prog.nodes[x.node as usize];
                match (x.tag, n.ops.get(x.op as usize)) {
                    (Tag::Op, Some(Op::Type(mask))) => Some(*mask),
                    (Tag::Op, Some(Op::Const(l))) if matches!(l.value, crate::json::Value::Null) => Some(types::NULL),
                    _ => None,
                }
            });
            match root_type {
                Some(mask) => {
                    for bit in 0..7u32 {
                        let code = bit + 1;
                        if mask & (1 << bit) != 0 && n < 8 && !(0..n).any(|k| (packed >> (4 * k)) & 0xF == code) {
                            packed |= code << (4 * n);
                            n += 1;
                        }
                    }
                }
                None => {
                    let count: u32 = errs.iter().map(|x| u32::from(x.weight)).sum();
                    if best.is_none_or(|(_, c)| count < c) {
                        best = Some((i, count));
                    }
                }
            }
        }
        let base = if count > 0 { self.marks[from] } else { end } as usize;
        let chosen = best.map(|(i, _)| range(&self.marks, i));
        self.marks.truncate(from);
        match chosen {
            Some((s, e)) if s < e => {
                // The chosen branch's errors, moved down to where the first began.
                let (s, e) = (s as usize, e as usize);
                self.errors.copy_within(s..e, base);
                self.errors.truncate(base + (e - s));
                for (k, x) in self.errors[base..].iter_mut().enumerate() {
                    x.weight = u8::from(k == 0);
                    x.direct = false;
                }
            }
            _ => {
                self.errors.truncate(base);
                let mut e = RawError::new(Tag::Types, inst, node, op);
                e.a = packed;
                e.direct = false;
                self.errors.push(e);
            }
        }
    }

    /// A node of leaf ops only.
    fn leaf(&mut self, node: NodeId, inst: u32, collect: bool) -> bool {
        if !collect {
            return self.check_leaf(node, inst);
        }
        let n = &self.prog.nodes[node as usize];
        let mut valid = true;
        for (i, op) in n.ops.iter().enumerate() {
            if !self.leaf_op(node, i as u16, op, inst, collect, None) {
                valid = false;
                if !collect || self.stopped.is_some() {
                    return false;
                }
            }
        }
        valid
    }

    /// A node of leaf ops only, checked.
    #[inline]
    fn check_leaf(&mut self, node: NodeId, inst: u32) -> bool {
        let n = &self.prog.nodes[node as usize];
        let tok = *self.tape.tok(inst);
        for (i, op) in n.ops.iter().enumerate() {
            if !self.check_op(node, i as u16, op, inst, &tok, None) {
                return false;
            }
        }
        true
    }

    /// One leaf op, checked: the common ones inline, the others through
    /// `leaf_op`.
    #[inline(always)]
    fn check_op(&mut self, node: NodeId, i: u16, op: &Op, inst: u32, tok: &tape::Tok, seen: Option<u64>) -> bool {
        use std::cmp::Ordering::*;
        let tape = self.tape;
        match op {
            Op::Type(mask) => type_ok(*mask, tok, tape, inst),
            Op::Minimum(l) => tok.kind != Kind::Number || compare(tape, inst, l) != Less,
            Op::Maximum(l) => tok.kind != Kind::Number || compare(tape, inst, l) != Greater,
            Op::ExclusiveMinimum(l) | Op::ExclusiveMinimumD4(l) => {
                tok.kind != Kind::Number || compare(tape, inst, l) == Greater
            }
            Op::ExclusiveMaximum(l) | Op::ExclusiveMaximumD4(l) => {
                tok.kind != Kind::Number || compare(tape, inst, l) == Less
            }
            Op::MinLength(m) => tok.kind != Kind::String || char_len(tape.str(inst)) >= *m,
            Op::MaxLength(m) => tok.kind != Kind::String || char_len(tape.str(inst)) <= *m,
            Op::Format(fmt) => tok.kind != Kind::String || super::formats::check(fmt, tape.str(inst), self.regex_limit),
            Op::Enum(e) if e.index.is_none() && tok.kind == Kind::String => in_strings(e, tape.str(inst)),
            // The object op saw every name: as in `leaf_op`, without its call.
            Op::Required(r) if r.all_seen(seen) => self.charge(r.names.len() as u64),
            _ => self.leaf_op(node, i, op, inst, false, seen),
        }
    }

    /// One leaf op on the value; errors recorded when collecting.
    #[allow(clippy::too_many_arguments)]
    fn leaf_op(&mut self, node: NodeId, i: u16, op: &Op, inst: u32, collect: bool, seen: Option<u64>) -> bool {
        let tok = *self.tape.tok(inst);
        let tape = self.tape;
        let ok = match op {
            Op::Type(mask) => type_ok(*mask, &tok, tape, inst),
            Op::Const(l) => self.equals(inst, &l.canon, &l.value),
            Op::Enum(e) => self.in_enum(inst, e),
            Op::Minimum(l)
            | Op::Maximum(l)
            | Op::ExclusiveMinimum(l)
            | Op::ExclusiveMaximum(l)
            | Op::ExclusiveMinimumD4(l)
            | Op::ExclusiveMaximumD4(l) => {
                if tok.kind != Kind::Number {
                    true
                } else {
                    let ord = compare(tape, inst, l);
                    use std::cmp::Ordering::*;
                    match op {
                        Op::Minimum(_) => ord != Less,
                        Op::Maximum(_) => ord != Greater,
                        Op::ExclusiveMinimum(_) | Op::ExclusiveMinimumD4(_) => ord == Greater,
                        _ => ord == Less,
                    }
                }
            }
            Op::MultipleOf(l) => {
                if tok.kind != Kind::Number {
                    true
                } else {
                    let n = Num::parse(tape.number(inst));
                    match n.is_multiple_of(&l.num, &mut self.work) {
                        Some(b) => b,
                        None => {
                            self.stop(Stop::Budget);
                            return false;
                        }
                    }
                }
            }
            Op::MinLength(m) => tok.kind != Kind::String || char_len(tape.str(inst)) >= *m,
            Op::MaxLength(m) => tok.kind != Kind::String || char_len(tape.str(inst)) <= *m,
            Op::MinItems(m) => tok.kind != Kind::Array || u64::from(tok.len) >= *m,
            Op::MaxItems(m) => tok.kind != Kind::Array || u64::from(tok.len) <= *m,
            Op::MinProperties(m) => tok.kind != Kind::Object || u64::from(tok.len) >= *m,
            Op::MaxProperties(m) => tok.kind != Kind::Object || u64::from(tok.len) <= *m,
            Op::Required(r) => {
                if tok.kind != Kind::Object {
                    true
                } else if r.all_seen(seen) {
                    self.charge(r.names.len() as u64)
                } else {
                    let mut all = true;
                    for (j, name) in r.names.iter().enumerate() {
                        if !self.charge(1) {
                            return false;
                        }
                        // The object op saw the property, or did not; else look.
                        let present = match (seen, r.slots[j]) {
                            (Some(bits), slot) if slot != NO_SLOT => bits & (1 << slot) != 0,
                            _ => {
                                if !self.charge(u64::from(tok.len) / 4) {
                                    return false;
                                }
                                tape.member(inst, name).is_some()
                            }
                        };
                        if !present {
                            all = false;
                            if !collect {
                                break;
                            }
                            let mut e = RawError::new(Tag::Required, inst, node, i);
                            e.a = j as u32;
                            self.push_error(e);
                        }
                    }
                    return all;
                }
            }
            Op::DependentRequired(deps) => {
                if tok.kind != Kind::Object {
                    true
                } else {
                    let mut all = true;
                    for (d, (trigger, needs)) in deps.iter().enumerate() {
                        if tape.member(inst, trigger).is_none() {
                            continue;
                        }
                        for (j, name) in needs.iter().enumerate() {
                            if tape.member(inst, name).is_none() {
                                all = false;
                                if !collect {
                                    return false;
                                }
                                let mut e = RawError::new(Tag::DependentRequired, inst, node, i);
                                e.a = d as u32;
                                e.b = j as u32;
                                self.push_error(e);
                            }
                        }
                    }
                    return all;
                }
            }
            Op::Pattern(p) => {
                if tok.kind != Kind::String {
                    true
                } else {
                    let s = tape.str(inst);
                    if !self.charge(s.len() as u64 / 16 + 1) {
                        return false;
                    }
                    match self.prog.patterns[*p as usize].1.is_match(s) {
                        Ok(b) => b,
                        Err(_) => {
                            if collect {
                                let mut e = RawError::new(Tag::PatternLimit, inst, node, i);
                                e.a = *p;
                                self.push_error(e);
                            }
                            return false;
                        }
                    }
                }
            }
            Op::Format(fmt) => tok.kind != Kind::String || super::formats::check(fmt, tape.str(inst), self.regex_limit),
            Op::ContentEncoding => tok.kind != Kind::String || super::formats::is_base64(tape.str(inst)),
            Op::ContentMediaType(_) => tok.kind != Kind::String || super::formats::is_json(tape.str(inst)),
            Op::UniqueItems => {
                if tok.kind != Kind::Array {
                    true
                } else {
                    match self.first_duplicate(inst) {
                        None => true,
                        Some((a, b)) => {
                            if collect {
                                let mut e = RawError::new(Tag::UniqueItems, inst, node, i);
                                e.a = a;
                                e.b = b;
                                self.push_error(e);
                            }
                            return false;
                        }
                    }
                }
            }
            _ => true,
        };
        if !ok && collect {
            self.push_error(RawError::new(Tag::Op, inst, node, i));
        }
        ok
    }

    fn equals(&mut self, inst: u32, canon: &[u8], value: &crate::json::Value) -> bool {
        let tok = self.tape.tok(inst);
        match (tok.kind, value) {
            (Kind::String, crate::json::Value::String(s)) => return self.tape.str(inst) == s,
            (Kind::String, _) | (Kind::Null | Kind::True | Kind::False, crate::json::Value::String(_)) => return false,
            _ => {}
        }
        let mut out = Vec::new();
        if !self.canonical(inst, &mut out) {
            return false;
        }
        out == canon
    }

    fn in_enum(&mut self, inst: u32, e: &EnumOp) -> bool {
        let tok = self.tape.tok(inst);
        if tok.kind == Kind::String && e.index.is_none() {
            return in_strings(e, self.tape.str(inst));
        }
        let mut out = Vec::new();
        if !self.canonical(inst, &mut out) {
            return false;
        }
        match &e.index {
            Some(index) => index.contains_key(out.as_slice()),
            None => e.values.iter().any(|l| *l.canon == *out),
        }
    }

    /// The canonical form of a tape value (see `compile::canonical`), built
    /// without recursion; `false` when the work budget ran out.
    pub(crate) fn canonical(&mut self, inst: u32, out: &mut Vec<u8>) -> bool {
        let end = self.tape.end(inst);
        if !self.charge(u64::from(end - inst)) {
            return false;
        }
        canonical_of(self.tape, inst, out);
        true
    }

    fn first_duplicate(&mut self, inst: u32) -> Option<(u32, u32)> {
        let mut seen: HashMap<Vec<u8>, u32> = HashMap::new();
        let items: Vec<u32> = self.tape.items(inst).collect();
        for (j, item) in items.into_iter().enumerate() {
            let mut key = Vec::new();
            if !self.canonical(item, &mut key) {
                return None;
            }
            if let Some(&i) = seen.get(&key) {
                return Some((i, j as u32));
            }
            seen.insert(key, j as u32);
        }
        None
    }
}

enum Step {
    Pushed,
    Done(bool),
}

/// Whether the string `s` is one of the enum's values: a probe of their
/// table, no search (one copy of it for both of its callers).
#[inline(never)]
fn in_strings(e: &EnumOp, s: &str) -> bool {
    e.has_string(s.as_bytes())
}

/// Counts characters up to `cap` (enough to compare with a bound).
fn char_len(s: &str) -> u64 {
    s.chars().count() as u64
}

/// Whether a token is of a type in `mask`.
#[inline]
pub(crate) fn type_ok(mask: u8, tok: &tape::Tok, tape: &Tape<'_>, inst: u32) -> bool {
    let bit = match tok.kind {
        Kind::Null => types::NULL,
        Kind::True | Kind::False => types::BOOLEAN,
        Kind::String => types::STRING,
        Kind::Array => types::ARRAY,
        Kind::Object => types::OBJECT,
        Kind::Number => {
            if mask & types::NUMBER != 0 {
                return true;
            }
            if mask & types::INTEGER == 0 {
                return false;
            }
            if tok.flags & tape::NOT_PLAIN == 0 {
                return true;
            }
            let text = tape.number(inst);
            if mask & types::DRAFT4_INTEGERS != 0 {
                return !text.contains(['.', 'e', 'E']);
            }
            return Num::parse(text).is_integer();
        }
    };
    mask & bit != 0
}

/// A number token against a bound: in machine words when the tape has the
/// number so (`6790.99` is 679099 × 10^-2), else exactly.
#[inline]
fn compare(tape: &Tape<'_>, inst: u32, bound: &Limit) -> std::cmp::Ordering {
    if let (Some(b), Some(v)) = (bound.dec, tape.dec(inst))
        && let Some(o) = v.compare(&b)
    {
        return o;
    }
    compare_exactly(tape, inst, bound)
}

#[cold]
fn compare_exactly(tape: &Tape<'_>, inst: u32, bound: &Limit) -> std::cmp::Ordering {
    Num::parse(tape.number(inst)).compare(&bound.num)
}

/// The canonical form of a tape value: the same bytes `compile::canonical`
/// gives for the equal schema value.
pub(crate) fn canonical_of(tape: &Tape<'_>, inst: u32, out: &mut Vec<u8>) {
    // Post-order over containers: each open container gathers its
    // children's forms; objects sort theirs by key.
    struct Open {
        tok: u32,
        left: u32,
        /// (key text, key form, value form)
        parts: Vec<(String, Vec<u8>, Vec<u8>)>,
        key: Option<(String, Vec<u8>)>,
    }
    let mut stack: Vec<Open> = Vec::new();
    let mut i = inst;
    loop {
        let t = *tape.tok(i);
        let done: Option<Vec<u8>>;
        match t.kind {
            Kind::Array | Kind::Object => {
                stack.push(Open { tok: i, left: t.len, parts: Vec::new(), key: None });
                i += 1;
                if t.len > 0 {
                    if t.kind == Kind::Object {
                        let mut k = Vec::new();
                        super::compile::canonical_string(tape.str(i), &mut k);
                        if let Some(top) = stack.last_mut() {
                            top.key = Some((tape.str(i).to_owned(), k));
                        }
                        i += 1;
                    }
                    continue;
                }
                // Empty: closes at once.
                let open = stack.pop();
                let mut b = Vec::new();
                b.push(if t.kind == Kind::Object { b'{' } else { b'[' });
                b.push(if t.kind == Kind::Object { b'}' } else { b']' });
                let _ = open;
                done = Some(b);
            }
            _ => {
                let mut b = Vec::new();
                match t.kind {
                    Kind::Null => b.push(b'n'),
                    Kind::True => b.push(b't'),
                    Kind::False => b.push(b'f'),
                    Kind::Number => super::compile::canonical_number(&Num::parse(tape.number(i)), &mut b),
                    _ => super::compile::canonical_string(tape.str(i), &mut b),
                }
                i += 1;
                done = Some(b);
            }
        }
        // Hand the finished value up, closing every container it completes.
        let mut value = done;
        while let Some(v) = value.take() {
            let Some(top) = stack.last_mut() else {
                out.extend_from_slice(&v);
                return;
            };
            let (text, key) = top.key.take().unwrap_or_default();
            top.parts.push((text, key, v));
            top.left -= 1;
            if top.left > 0 {
                if tape.tok(top.tok).kind == Kind::Object {
                    let mut k = Vec::new();
                    super::compile::canonical_string(tape.str(i), &mut k);
                    top.key = Some((tape.str(i).to_owned(), k));
                    i += 1;
                }
                break;
            }
            let mut open = stack.pop().unwrap_or(Open { tok: 0, left: 0, parts: Vec::new(), key: None });
            let object = tape.tok(open.tok).kind == Kind::Object;
            if object {
                crate::sort::stable_by(&mut open.parts, &|a, b| a.0 < b.0);
            }
            let mut b = Vec::new();
            b.push(if object { b'{' } else { b'[' });
            for (_, k, part) in open.parts {
                b.extend_from_slice(&k);
                b.extend_from_slice(&part);
            }
            b.push(if object { b'}' } else { b']' });
            value = Some(b);
        }
    }
}

#[cfg(test)]
mod chain_tests {
    use super::*;
    use crate::json::ParseLimits;
    use crate::validate::{Options, Validator};

    const LIMITS: ParseLimits = ParseLimits { max_bytes: 1 << 20, max_depth: 64 };

    /// A branch that fails on the way (`anyOf`'s first, on the second item)
    /// is not on the chain; the value that made the whole fail is, and every
    /// value around it, the outermost last.
    #[test]
    fn the_chain_is_the_way_to_the_first_failure() {
        let schema = r#"{"properties": {
            "a": {"items": {"anyOf": [{"required": ["x"]}, {"properties": {"y": {"properties": {"z": {"type": "integer"}}}}}]}},
            "b": {"properties": {"c": {"properties": {"d": {"minimum": 0}}}}}}}"#;
        let validator = Validator::compile(schema, Options::default()).unwrap();
        let args = r#"{"a": [{"x": 1}, {"y": {"z": 1}}], "b": {"c": {"d": -1}}}"#;
        let tape = Tape::parse(args, LIMITS).unwrap();
        let mut ev = Eval::new(&validator.program, &tape, 1_000_000).keeping_chain();
        assert_eq!(ev.quick(validator.program.root, 0, 0), Some(false));
        let chain = ev.take_chain();
        let b = tape.member(0, "b").unwrap();
        let c = tape.member(b, "c").unwrap();
        let values: Vec<(u32, u32)> = chain.iter().map(|&(_, inst, depth)| (inst, depth)).collect();
        assert_eq!(values, vec![(c, 2), (b, 1), (0, 0)]);
        assert_eq!(chain.last().map(|l| l.0), Some(validator.program.root));
    }

    /// Collecting after the check, the values on its chain are stepped into
    /// without checking them again, and the errors are the same as without
    /// the chain, in the same order.
    #[test]
    fn collecting_with_the_chain_finds_the_same_errors() {
        let cases = [
            (
                r#"{"properties": {"a": {"items": {"anyOf": [{"required": ["x"]}, {"properties": {"y": {"type": "object", "properties": {"z": {"type": "integer"}}}}}]}}, "b": {"properties": {"c": {"minimum": 0}}}}}"#,
                r#"{"a": [{"x": 1}, {"y": {"z": "no"}}, {"y": 2}], "b": {"c": -1}}"#,
            ),
            (
                r#"{"type": "object", "properties": {"list": {"type": "array", "items": {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}}}, "additionalProperties": false}"#,
                r#"{"list": [{"n": 1}, {"n": 2.5}, {}, {"n": 3}], "extra": true}"#,
            ),
            (
                r#"{"oneOf": [{"properties": {"k": {"const": 1}}}, {"properties": {"k": {"type": "integer"}}}], "properties": {"m": {"not": {"type": "object"}}}}"#,
                r#"{"k": 1, "m": {}}"#,
            ),
        ];
        for (schema, args) in cases {
            let validator = Validator::compile(schema, Options::default()).unwrap();
            let program = &validator.program;
            let tape = Tape::parse(args, LIMITS).unwrap();
            let mut check = Eval::new(program, &tape, 1_000_000).keeping_chain();
            assert_eq!(check.quick(program.root, 0, 0), Some(false), "{args}");
            let chain = check.take_chain();
            assert!(!chain.is_empty(), "{args}");
            let mut plain = Eval::new(program, &tape, 1_000_000);
            assert!(matches!(plain.run(true), Answer::Invalid), "{args}");
            let mut knowing = Eval::new(program, &tape, 1_000_000).knowing(chain);
            assert!(matches!(knowing.run(true), Answer::Invalid), "{args}");
            assert_eq!(knowing.errors, plain.errors, "{args}");
            assert_eq!(knowing.lists, plain.lists, "{args}");
            // Every link was met on the way in, and skipped its check.
            assert!(knowing.chain.is_empty(), "{args}: {:?} left", knowing.chain);
            assert!(knowing.work > plain.work, "{args}: the chain saved no work");
        }
    }
}

#[cfg(test)]
mod required_tests {
    use crate::validate::{Options, Validator};

    /// `required` is settled from the properties the object op saw when
    /// every name is a property (in any order of the arguments), and by a
    /// search when one is not: either way each missing name is one error,
    /// in the order `required` gives them.
    #[test]
    fn required_names_are_found_whether_or_not_they_are_properties() {
        let declared = r#"{"properties": {"a": {}, "b": {}, "c": {}}, "required": ["c", "a"]}"#;
        let undeclared = r#"{"properties": {"a": {}, "b": {}}, "required": ["c", "a"]}"#;
        for schema in [declared, undeclared] {
            let v = Validator::compile(schema, Options::default()).unwrap();
            for args in [r#"{"a": 1, "c": 2}"#, r#"{"c": 2, "b": 0, "a": 1}"#, r#"{"b": 0, "a": 1, "c": null}"#] {
                assert!(v.validate(args).is_ok(), "{schema}: {args}");
            }
            let missing =
                |args: &str| -> Vec<String> { v.validate(args).unwrap_err().into_iter().map(|e| e.message).collect() };
            assert_eq!(missing(r#"{"a": 1}"#).len(), 1, "{schema}");
            assert!(missing(r#"{"a": 1}"#)[0].contains("'c'"), "{schema}");
            let both = missing(r#"{"b": 1}"#);
            assert_eq!(both.len(), 2, "{schema}");
            assert!(both[0].contains("'c'") && both[1].contains("'a'"), "{schema}: {both:?}");
        }
    }
}
