// Runs the shared golden vectors (`make vectors` writes them to
// target/conformance/vectors.json; the format is documented at the top of
// tests/src/bin/export-vectors.rs) through this package.
//
// Every JSON input and every answer in the file is JSON *text*, so an answer
// is compared as a string: the package's answer, written in the file's shape,
// must equal the Rust host's byte for byte.

import { readFile } from 'node:fs/promises';
import { DiagnosticsError } from '../src/index.js';

/** Reads a vectors file; refuses a number JavaScript would round. */
export async function readVectors(path) {
  const doc = JSON.parse(await readFile(path, 'utf8'), (key, value) => {
    if (typeof value === 'number' && !Number.isSafeInteger(value)) {
      throw new RangeError(`${path}: the number ${value} (member '${key}') cannot be read exactly`);
    }
    return value;
  });
  if (!Array.isArray(doc.cases) || doc.cases.length === 0) throw new Error(`${path}: no cases`);
  return doc.cases;
}

// A diagnostic of C# source has its place (`file`, `line`, `column`) too.
const diag = (d) =>
  typeof d.file === 'string'
    ? { code: d.code, message: d.message, file: d.file, line: d.line, column: d.column, path: d.path }
    : { code: d.code, message: d.message, path: d.path };
const diags = (ds) => ds.map(diag);
const argErrors = (es) => es.map((e) => ({ path: e.path, keyword: e.keyword, message: e.message }));
// The "tool" op's errors carry everything: where, step by step, the keyword's
// place in the schema, and its params (the core's own JSON of them).
const fullArgErrors = (es) =>
  es.map((e) => ({
    path: e.path,
    keyword: e.keyword,
    message: e.message,
    location: e.location,
    schemaLocation: e.schemaLocation,
    params: e.params,
  }));
// A `checked` answer: `{"valid": TEXT}` or `{"invalid": [E…]}`.
const checkedOut = (c) => (c.ok ? { valid: c.text } : { invalid: fullArgErrors(c.errors) });
// The same answer of the one-shot exports and the validator, in the file's
// shape for their WIT result: `{"ok": TEXT}` or `{"err": [E…]}`.
const boundOut = (c) => (c.ok ? { ok: c.text } : { err: argErrors(c.errors) });

// An answer `{"ok": …}` or `{"err": [D…]}`; any other failure (a trap, a
// TypeError) propagates and fails the case.
function answer(f, ok = (v) => v) {
  try {
    return { ok: ok(f()) };
  } catch (e) {
    if (e instanceof DiagnosticsError) return { err: diags(e.diagnostics) };
    throw e;
  }
}

// The vectors' spelling of parts and results ↔ the package's.
const partIn = (p) => ('text' in p ? { type: 'text', text: p.text } : { type: 'json', json: p.json });
const partOut = (p) => (p.type === 'text' ? { text: p.text } : { json: p.json });
const resultOut = (r) => ({ parts: r.parts.map(partOut), isError: r.isError, typedResult: r.typedResult ?? null });

function outcomeIn(o) {
  const [[kind, v]] = Object.entries(o);
  switch (kind) {
    case 'returned':
      return { type: 'returned', json: v };
    case 'returnedNothing':
      return { type: 'returnedNothing' };
    case 'returnedParts':
      return { type: 'returnedParts', parts: v.map(partIn) };
    case 'returnedToolResult':
      return {
        type: 'returnedToolResult',
        result: { parts: v.parts.map(partIn), isError: v.isError, typedResult: v.typedResult ?? undefined },
      };
    case 'threw':
      return { type: 'threw', typeName: v.typeName, message: v.message };
    case 'timedOut':
      return { type: 'timedOut', seconds: v };
    case 'invalidArguments':
      return { type: 'invalidArguments', errors: v };
    default:
      throw new Error(`unknown outcome '${kind}'`);
  }
}

const fromSourceOut = (r) => ({ json: r.json, warnings: diags(r.warnings) });

// `{"provider": name}` (any built-in surface's name or alias: the package
// sends `anthropic`, `openai`, `gemini` as the WIT cases of those names, any
// other as the case `surface`) or `{"provider": "custom", "profile": text}`
// ↔ the package's target.
const targetIn = (t) => (t.provider === 'custom' ? { custom: t.profile } : t.provider);

// A conversion's answer in the file's shape: `{"schema", "changes",
// "lossless", "alsoValidFor": {"original", "converted"}, "dead": [{"pointer",
// "reason"}]}`, from `downconvert`'s answer or a `Converted`.
const downconvertedOut = (d, schema) => ({
  schema,
  changes: d.changes,
  lossless: d.lossless,
  alsoValidFor: { original: d.alsoValidFor.original, converted: d.alsoValidFor.converted },
  dead: d.dead.map((x) => ({ pointer: x.pointer, reason: x.reason })),
});

function isDefault(options, defaults) {
  return (
    options.formats === 'assert' &&
    options.anyValue === false &&
    Object.entries(defaults).every(([k, v]) => BigInt(options.limits[k]) === BigInt(v))
  );
}

// A tool from `{"schema"}` (from-schema "t", no description, no output
// schema, the default options) or `{"descriptor"}` (its first tool), each call
// answered in turn; `{"err": [D…]}` when the tool is refused.
function toolCase(ts, i) {
  let tool;
  try {
    if ('schema' in i) {
      tool = ts.tool({ name: 't', inputSchema: i.schema });
    } else {
      const [first, ...rest] = ts.tools(i.descriptor);
      for (const t of rest) t.free();
      tool = first;
    }
  } catch (e) {
    if (e instanceof DiagnosticsError) return { err: diags(e.diagnostics) };
    throw e;
  }
  try {
    return { ok: i.calls.map((call) => toolCall(tool, call)) };
  } finally {
    tool.free();
  }
}

function toolCall(tool, call) {
  if ('validate' in call) return checkedOut(tool.validate(call.validate));
  if ('encode' in call) return answer(() => tool.encode(outcomeIn(call.encode)), resultOut);
  if ('convert' in call) {
    let converted;
    try {
      converted = tool.convert(targetIn(call.convert));
    } catch (e) {
      if (e instanceof DiagnosticsError) return { err: diags(e.diagnostics) };
      throw e;
    }
    try {
      return {
        converted: downconvertedOut(converted, converted.schemaText),
        restored: checkedOut(converted.restore(call.restore)),
      };
    } finally {
      converted.free();
    }
  }
  throw new Error(`unknown tool call ${JSON.stringify(Object.keys(call))}`);
}

/** The package's answer to one case, in the file's shape. */
export function answerCase(ts, c) {
  const i = c.input;
  switch (c.op) {
    case 'describe-tool':
      return answer(() => ts.describeTool(i.descriptor));
    case 'describe-type':
      return answer(() => ts.describeType(i.typeExpr, { types: i.types, naming: i.naming, mode: i.mode }));
    case 'describe-source':
      return answer(() => ts.describeSource(i.files, i.options), fromSourceOut);
    case 'source-descriptor':
      return answer(() => ts.sourceDescriptor(i.files, i.options), fromSourceOut);
    case 'validate': {
      let validator = null;
      const compile = answer(() => {
        validator = ts.compile(i.schema, i.options);
        return true;
      });
      let validate = null;
      if (validator !== null) {
        try {
          validate = boundOut(validator.validate(i.args));
        } finally {
          validator.free();
        }
      }
      const validateArgs = isDefault(i.options, ts.defaultLimits()) ? boundOut(ts.validateArgs(i.schema, i.args)) : null;
      return { compile, validate, validateArgs };
    }
    case 'encode-result':
      return answer(
        () =>
          ts.encodeResult({
            toolName: i.toolName,
            returnType: i.returnType,
            context: i.context,
            outcome: outcomeIn(i.outcome),
            endsLoop: i.endsLoop,
          }),
        resultOut,
      );
    case 'downconvert':
      return answer(() => ts.downconvert(i.schema, targetIn(i.target)), (d) => downconvertedOut(d, d.schema));
    case 'restore-args':
      return boundOut(ts.restoreArgs(i.originalSchema, targetIn(i.target), i.args));
    case 'provider-profile':
      return answer(() => ts.providerProfile(i.name));
    case 'tool':
      return toolCase(ts, i);
    default:
      throw new Error(`unknown op '${c.op}'`);
  }
}

/** `{got, want}`: the package's answer and the Rust host's, as JSON text. */
export function runCase(ts, c) {
  let got;
  try {
    got = JSON.stringify(answerCase(ts, c));
  } catch (e) {
    got = `threw ${e?.name}: ${e?.message}`;
  }
  return { got, want: JSON.stringify(c.expect) };
}
