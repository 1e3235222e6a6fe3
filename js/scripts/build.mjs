// Transpiles the component into the package's generated bindings:
//
//   node scripts/build.mjs <component.wasm> <out-dir>
//
// jco turns the component into an ES module (`tool-schema.js`, with `.d.ts`
// files) and the core WebAssembly modules it instantiates. `--instantiation
// async` makes the module export `instantiate()` instead of instantiating
// itself on import, so the wrapper can make a fresh instance after a trap.
// The component imports nothing, so the bindings need no WASI shim: the build
// fails if jco reports any import.
//
// What jco writes is then rewritten where it is slow or wrong for this
// component (each rewrite below says why; FIXES lists them): the exports
// call the core functions without jco's async-task bookkeeping, strings cross
// with one encodeInto, resource objects hold their handle alone, and the
// instantiation no longer throws. Each rewrite checks that it found what it
// rewrites and fails the build otherwise, so a jco that writes something else
// is noticed, not half-rewritten. `component.json` records what was built
// from (the component's SHA-256, jco's version, the options, this script's
// SHA-256), the rewrites, and the exports; a second run with the same inputs
// leaves the output as it is.
//
// jco's other transpile options were each tried (bench/node/micro.mjs):
// `validLiftingOptimization` (no checks of the values the component lifts)
// changed no timing beyond the noise, with these rewrites or without;
// `instantiation: 'sync'` writes the same exports (only `instantiate`
// differs); `namespacedExports: false`, `multiMemory` and `tlaCompat` write
// the same bindings for this component; `minify` writes code the rewrites
// cannot read (and its instantiation took 19 ms, the probes throwing again).
// `noComponentErrorWrapping` is taken (see `options`).

import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { transpile } from '@bytecodealliance/jco';

const [componentPath, outDir] = process.argv.slice(2);
if (!componentPath || !outDir) {
  console.error('usage: node scripts/build.mjs <component.wasm> <out-dir>');
  process.exit(2);
}

// jco's package.json is not among its exports; read it beside this package's copy.
const jcoPackage = new URL('../node_modules/@bytecodealliance/jco/package.json', import.meta.url);
const jcoVersion = JSON.parse(await readFile(jcoPackage, 'utf8')).version;

let component;
try {
  component = await readFile(componentPath);
} catch (e) {
  console.error(`error: cannot read the component ${componentPath} (run \`make component\`): ${e.message}`);
  process.exit(1);
}
const sha256 = createHash('sha256').update(component).digest('hex');
// This script's own text: a change to a fix builds again.
const scriptSha256 = createHash('sha256').update(await readFile(new URL(import.meta.url))).digest('hex');
const manifestPath = join(outDir, 'component.json');

// jco 1.35 wraps each post-return function with `WebAssembly.promising` in a
// try/catch, once per instantiation. Where there is no JSPI (Node 20), every
// one throws a TypeError, and V8 words "… is not a function" by parsing the
// whole function around the call again: here the one generator that holds
// every export, so the twelve throws took about 40 ms of each instantiation.
// The probe is made only where `WebAssembly.promising` exists; the fallback
// is what the catch gave.
const PROMISING = /^([ \t]*)try \{\n\1  (\w+) = WebAssembly\.promising\((.+)\);\n\1\} catch\(err\) \{\n\1  \2 = \3;\n\1\}$/gm;

const FIXES = [
  'noThrowingProbe: WebAssembly.promising is called only where it exists',
  'syncExports: each export calls its core function directly, without the async task bookkeeping or _debugLog',
  'fastStrings: a string is lowered by one encodeInto after one cabi_realloc, and lifted through a cached view of memory',
  'noRepSet: the handle tables no longer collect every rep ever made in a set nothing reads',
  'lightResources: a resource object holds its handle only; its class frees it, and no FinalizationRegistry watches it',
];

function noThrowingProbe(source) {
  return source.replace(
    PROMISING,
    (_, indent, name, fn) =>
      `${indent}${name} = ${fn};\n${indent}if (typeof WebAssembly.promising === 'function') {\n` +
      `${indent}  try {\n${indent}    ${name} = WebAssembly.promising(${fn});\n${indent}  } catch (err) {}\n${indent}}`,
  );
}

// jco 1.35 wraps every export in the bookkeeping of the component model's
// async tasks, synchronous ones too: a task object with its promises, two
// closures for `_withGlobalCurrentTaskMeta`, an exclusive lock, and four
// `_debugLog` calls, each reading `process.env.JCO_DEBUG`. Our component is
// synchronous and imports nothing, so none of it can be observed: no call can
// re-enter the instance (a FinalizationRegistry callback runs only between
// turns of the event loop), no borrow crosses (its exports take their own
// resources by rep), and after a trap the wrapper never calls the instance
// again (src/instance.js replaces it). The bookkeeping is most of an empty
// call's time as jco writes it, so each export is rewritten to what is left:
// lower the arguments, call the core function, lift the answer, call its
// post-return. (Nor is the may-leave flag lowered around the post-return:
// this component's post-return functions make and drop no resource.)
// Every export must have the shape below; anything else fails the build
// rather than being left half-rewritten. What is kept of the bookkeeping: an
// instance that trapped refuses every later call (the component model's
// rule), with one flag per instance.
const PROLOGUE = new RegExp(
  String.raw`^(?<i>[ \t]*)const hostProvided = false;\n\k<i>getOrCreateAsyncState\(0\)\.throwIfTrapped\(\);\n\s*\n` +
    String.raw`\k<i>const \[task, _wasm_call_currentTaskID\] = createNewCurrentTask\(\{\n(?:\k<i>  [^\n]*\n)+\k<i>\}\);\n` +
    String.raw`\k<i>task\.setCalleeIsAsync\(false\);\n\s*\n\k<i>const started = task\.enterSync\(\);\n` +
    String.raw`\k<i>CURRENT_TASK_MAY_BLOCK\.value = task\.mayBlock\(\) \? 1 : 0;\n\s*\n` +
    String.raw`\k<i>if \((?:0|null)!== null\) \{\n\k<i>  task\.setReturnMemoryIdx\((?:0|null)\);\n\k<i>  task\.setReturnMemory\(\(\(\) => (?:memory0|null)\)\(\)\);\n\k<i>\}\n\s*\n` +
    String.raw`\k<i>return _withGlobalCurrentTaskMeta\(\{\n\k<i>  taskID: task\.id\(\),\n\k<i>  componentIdx: task\.componentIdx\(\),\n` +
    String.raw`\k<i>  fn: \(\) => \{\n\k<i>    try \{\n`,
  'gm',
);
// The end of the wrapper, after the body (at the prologue's indent).
const epilogue = (i) =>
  `${i}    } catch (err) {\n${i}      if (!task.isResolvedState()) {\n${i}        task.setErrored(err);\n${i}        task.reject(err);\n` +
  `${i}      }\n${i}      if (!task.isExited()) { task.exit({ skipExclusiveLockCheck: true }); }\n${i}      throw err;\n${i}    }\n` +
  `${i}  },\n${i}});\n`;
// In the body: the core call inside its own task meta and catch; the
// debug logs; the task's resolution and exit around the post-return.
const CORE_CALL = new RegExp(
  String.raw`^(?<j>[ \t]*)try \{\n\k<j>  (?<lhs>ret = +)?_withGlobalCurrentTaskMeta\(\{\n\k<j>    taskID: task\.id\(\),\n` +
    String.raw`\k<j>    componentIdx: task\.componentIdx\(\),\n\k<j>    fn: \(\) => (?<call>[^\n]+),\n\k<j>  \}\);\n` +
    String.raw`\k<j>\} catch \(err\) \{\n(?:\k<j>  [^\n]*\n|\s*\n)*?\k<j>  throw err;\n\s*\n?\k<j>\}\n`,
  'gm',
);
const DEBUG_LOG = /^([ \t]*)_debugLog\((?:[^\n]*\);\n|[^\n]*\n(?:\1  [^\n]*\n)*\1\}\);\n)/gm;
const POST_RETURN = /^([ \t]*)let cstate = getOrCreateAsyncState\(0\);\n\1cstate\.mayLeave = false;\n\1(postReturn\d+\(ret\);)\n\1cstate\.mayLeave = true;\n/gm;
const TASK_LINE = /^([ \t]*)task\.(?:exit\(\);\n|resolve\(\[(?:[^\n]*\]\);\n|[^\n]*\n(?:\1  [^\n]*\n)*\1\}\]\);\n))/gm;

function syncExports(source) {
  let count = 0;
  let out = '';
  let at = 0;
  for (const m of source.matchAll(PROLOGUE)) {
    const i = m.groups.i;
    const bodyStart = m.index + m[0].length;
    const end = source.indexOf(epilogue(i), bodyStart);
    if (end < 0) throw new Error(`syncExports: no end found for the export wrapper at offset ${m.index}`);
    let body = source.slice(bodyStart, end);
    body = body.replace(
      CORE_CALL,
      (_, j, lhs, call) => `${j}try {\n${j}  ${lhs ? 'ret = ' : ''}${call};\n${j}} catch (err) {\n${j}  trapped = true;\n${j}  throw err;\n${j}}\n`,
    );
    body = body.replace(DEBUG_LOG, '').replace(POST_RETURN, '$1$2\n').replace(TASK_LINE, '');
    const left = body.match(/\b(?:task|cstate|_withGlobalCurrentTaskMeta|getOrCreateAsyncState|_debugLog|started)\b/);
    if (left) {
      throw new Error(`syncExports: the export wrapper at offset ${m.index} still uses '${left[0]}' after rewriting:\n${body.slice(0, 2000)}`);
    }
    // The body was inside `fn: () => { try {`: three levels deeper. (And
    // what was removed leaves no run of blank lines.)
    const dedent = body.replace(new RegExp(`^${i}      `, 'gm'), i).replace(/(?:^[ \t]*\n){2,}/gm, '\n');
    out += source.slice(at, m.index) + `${i}if (trapped) throw new WebAssemblyRuntimeError('wasm trap: cannot enter component instance');\n` + dedent;
    at = end + epilogue(i).length;
    count += 1;
  }
  out += source.slice(at);
  // An instance that trapped refuses every later call, as jco's bookkeeping
  // made it do (the component model's rule): one flag per instance.
  const GENERATOR = /^([ \t]*)let gen= \(function\* _initGenerator \(\) \{\n/m;
  if (!GENERATOR.test(out)) throw new Error("syncExports: jco's instantiation generator is not where it was");
  out = out.replace(GENERATOR, (line, i) => `${line}${i}  let trapped = false;\n`);
  const wrappers = (source.match(/createNewCurrentTask\(\{/g) ?? []).length - (out.match(/createNewCurrentTask\(\{/g) ?? []).length;
  const remaining = (out.match(/^[ \t]+const \[task, _wasm_call_currentTaskID\] = createNewCurrentTask\(\{/gm) ?? []).length;
  if (count === 0 || remaining !== 0 || wrappers !== count) {
    throw new Error(`syncExports: rewrote ${count} exports, ${remaining} left in their task wrappers`);
  }
  return out;
}

// jco 1.35 lowers a string by counting its UTF-8 bytes in a JavaScript loop
// over every UTF-16 unit (most of a 1.5 KB validation's glue), then one
// cabi_realloc and one encodeInto; and it reads memory through a DataView
// that it checks against `memory.buffer` (an engine call) before every field.
// Here a string is written by one encodeInto into an allocation of one byte
// per unit (all it needs when the text is ASCII); only text with other
// characters grows the allocation to fit and shrinks it to the exact length.
// The views of memory are kept until the memory grows, which detaches the
// buffer they view: a detached Uint8Array has length 0.
const STRING_HELPERS = /^([ \t]*)let dv = new DataView\(new ArrayBuffer\(\)\);\n\1const dataView = mem => dv\.buffer === mem\.buffer \? dv : dv = new DataView\(mem\.buffer\);\n/m;
const ENCODE = /^([ \t]*)function _utf8AllocateAndEncode\(s, realloc, memory\) \{\n[\s\S]*?^\1\}\n/m;
const DECODE = /TEXT_DECODER_UTF8\.decode\(new Uint8Array\((memory\d+)\.buffer, (\w+), (\w+)\)\)/g;

function fastStrings(source) {
  const replace = (s, pattern, by, what) => {
    if (!pattern.test(s)) throw new Error(`fastStrings: jco's ${what} is not where it was`);
    pattern.lastIndex = 0;
    return s.replace(pattern, by);
  };
  let out = replace(
    source,
    STRING_HELPERS,
    (_, i) =>
      [
        'let dvMemory = null;',
        'let dv = new DataView(new ArrayBuffer());',
        'let u8 = new Uint8Array(0);',
        // The views of `mem`'s memory, made again when it grew (or is another).
        'function memoryViews(mem) {',
        '  dvMemory = mem;',
        '  dv = new DataView(mem.buffer);',
        '  u8 = new Uint8Array(mem.buffer);',
        '}',
        'const dataView = (mem) => {',
        '  if (mem !== dvMemory || u8.length === 0) memoryViews(mem);',
        '  return dv;',
        '};',
        // Short ASCII text by hand: a TextDecoder call costs more than it.
        'function _utf8Decode(mem, ptr, len) {',
        '  if (mem !== dvMemory || u8.length === 0) memoryViews(mem);',
        '  if (len <= 16) {',
        "    let s = '';",
        '    for (let k = ptr, end = ptr + len; k < end; k++) {',
        '      const b = u8[k];',
        '      if (b > 0x7f) return TEXT_DECODER_UTF8.decode(u8.subarray(ptr, ptr + len));',
        '      s += String.fromCharCode(b);',
        '    }',
        '    return s;',
        '  }',
        '  return TEXT_DECODER_UTF8.decode(u8.subarray(ptr, ptr + len));',
        '}',
        '',
      ]
        .map((line) => (line ? i + line : line))
        .join('\n') + '\n',
    'DataView helper',
  );
  out = replace(
    out,
    ENCODE,
    (_, i) =>
      [
        'function _utf8AllocateAndEncode(s, realloc, memory) {',
        "  if (typeof s !== 'string') {",
        "    throw new TypeError('expected a string, received [' + typeof s + ']');",
        '  }',
        '  const units = s.length;',
        '  if (units === 0) { return { ptr: 1, len: 0 }; }',
        '  let ptr = realloc(0, 0, 1, units);',
        '  if (memory !== dvMemory || u8.length === 0) memoryViews(memory);',
        '  const first = TEXT_ENCODER_UTF8.encodeInto(s, new Uint8Array(u8.buffer, ptr, units));',
        '  if (first.read === units) { return { ptr, len: units }; }',
        // Not ASCII: room for the rest at three bytes a unit, then the exact length.
        '  const size = first.written + (units - first.read) * 3;',
        '  ptr = realloc(ptr, units, 1, size);',
        '  if (u8.length === 0) memoryViews(memory);',
        '  const rest = TEXT_ENCODER_UTF8.encodeInto(s.slice(first.read), new Uint8Array(u8.buffer, ptr + first.written, size - first.written));',
        '  const len = first.written + rest.written;',
        "  if (first.read + rest.read !== units) { throw new Error('failed to encode whole string'); }",
        '  if (len !== size) { ptr = realloc(ptr, size, 1, len); }',
        '  return { ptr, len };',
        '}',
        '',
      ]
        .map((line) => (line ? i + line : line))
        .join('\n') + '\n',
    'string lowering',
  );
  return replace(out, DECODE, (_, mem, ptr, len) => `_utf8Decode(${mem}, ${ptr}, ${len})`, 'string lifting');
}

const options = {
  name: 'tool-schema',
  instantiation: 'async',
  // The wrapper hands every core module to `instantiate()` itself, so the
  // bindings need neither `fetch` nor `node:fs`.
  nodejsCompat: false,
  // Never rewrite an import to @bytecodealliance/preview2-shim: there must be none.
  wasiShim: false,
  // Every core module as a file, none inlined as base64.
  base64Cutoff: 0,
  // An `err` result is thrown as its payload, not wrapped in a ComponentError:
  // an Error captures a stack trace, which cost more than the rest of a
  // refused call's glue. src/instance.js tells a payload (never an Error)
  // from a trap (always one).
  noComponentErrorWrapping: true,
  quiet: true,
};

// jco 1.35 adds the rep of every resource made to a Set on its handle table
// (`_createdReps`) that nothing reads or empties: a process making tools
// for ever would keep one entry per address ever used.
const REP_SET_ADD = /^([ \t]*)table\._createdReps\.add\(rep\);\n/m;

function noRepSet(source) {
  if (!REP_SET_ADD.test(source)) throw new Error("noRepSet: jco's handle table code is not where it was");
  const out = source.replace(REP_SET_ADD, '');
  if (/_createdReps\.(?!add\b)\w+|_createdReps\[/.test(out.replace(/_createdReps = new Set\(\);/g, ''))) {
    throw new Error('noRepSet: the set of reps is read somewhere');
  }
  return out;
}

// jco 1.35 gives each resource object it lifts a closure of its own to free
// it (defined with Object.defineProperty, beside its handle) and registers
// it with a FinalizationRegistry, so that one dropped unfreed is freed when
// collected. The wrapper keeps every resource object it is given until it
// frees it (src/instance.js), and watches what the program drops itself, so
// that registration never fires; but each registered object, and each
// closure, outlives the young generation's collections, and making
// thousands of tools made V8 grow its heap for them. Here a resource
// object holds its handle only, and its class frees it: the same handle
// table, the same destructor, once. (This also ends a jco 1.35 bug: a list
// of resources, `tool.from-descriptor`'s answer, was lifted in a loop that
// declared each item with `var`, so every item's closure freed the last.)
const RESOURCE_LIFT = new RegExp(
  String.raw`^(?<i>[ \t]*)(?<decl>var|let) (?<rsc>rsc\d+) = (?<target>new\.target === (?<cls>\w+) \? this : Object\.create\(\k<cls>\.prototype\));\n` +
    String.raw`\k<i>Object\.defineProperty\(\k<rsc>, symbolRscHandle, \{ writable: true, value: (?<handle>handle\d+)\}\);\n` +
    String.raw`\k<i>(?<registry>finalizationRegistry\d+)\.register\(\k<rsc>, \k<handle>, \k<rsc>\);\n` +
    String.raw`\k<i>Object\.defineProperty\(\k<rsc>, symbolDispose, \{ writable: true, value: function \(\) \{\n` +
    String.raw`\k<i>  \k<registry>\.unregister\(\k<rsc>\);\n` +
    String.raw`\k<i>  const handleEntry = rscTableRemove\((?<table>handleTable\d+), \k<handle>\);\n` +
    String.raw`\k<i>  \k<rsc>\[symbolDispose\] = emptyFunc;\n\k<i>  \k<rsc>\[symbolRscHandle\] = undefined;\n` +
    String.raw`\k<i>  (?<dtor>exports\d+\['\d+'\])\(handleEntry\.rep\);\n\k<i>\}\}\);\n`,
  'gm',
);

function lightResources(source) {
  const classes = new Map();
  let out = source.replace(RESOURCE_LIFT, (...m) => {
    const { i, decl, rsc, target, cls, handle, table, dtor } = m.at(-1);
    const free = `${table}:${dtor}`;
    if (classes.has(cls) && classes.get(cls) !== free) throw new Error(`lightResources: ${cls} is freed two ways`);
    classes.set(cls, free);
    return `${i}${decl} ${rsc} = ${target};\n${i}${rsc}[symbolRscHandle] = ${handle};\n`;
  });
  if (classes.size === 0 || /finalizationRegistry\d+\.register\(/.test(out)) {
    throw new Error(`lightResources: rewrote the resources of ${[...classes.keys()].join(', ') || 'no class'}; some are lifted another way`);
  }
  for (const [cls, free] of classes) {
    const [table, dtor] = free.split(':');
    const declared = new RegExp(String.raw`^([ \t]*)class ${cls}\{\n(?:\1  [^\n]*\n)*\1\}\n`, 'm');
    if (!declared.test(out)) throw new Error(`lightResources: the class ${cls} is not where it was`);
    out = out.replace(declared, (block, i) =>
      [
        block.trimEnd(),
        `${cls}.prototype[symbolDispose] = function () {`,
        '  const handle = this[symbolRscHandle];',
        '  if (handle === undefined) { return; }',
        '  this[symbolRscHandle] = undefined;',
        `  ${dtor}(rscTableRemove(${table}, handle).rep);`,
        '};',
        '',
      ]
        .map((line, k) => (k === 0 || !line ? line : i + line))
        .join('\n'),
    );
  }
  return out;
}

try {
  const previous = JSON.parse(await readFile(manifestPath, 'utf8'));
  if (
    previous.sha256 === sha256 &&
    previous.jco === jcoVersion &&
    previous.script === scriptSha256 &&
    JSON.stringify(previous.options) === JSON.stringify(options) &&
    JSON.stringify(previous.fixes) === JSON.stringify(FIXES)
  ) {
    console.log(`${outDir}: up to date with ${componentPath} (${sha256.slice(0, 12)})`);
    process.exit(0);
  }
} catch {
  // No manifest yet (or an unreadable one): build.
}

const { files, imports, exports } = await transpile(component, { ...options });
if (imports.length > 0) {
  console.error(`error: ${componentPath} imports ${imports.join(', ')}; the component must import nothing`);
  process.exit(1);
}
const bindings = 'tool-schema.js';
const generated = new TextDecoder().decode(files[bindings]);
files[bindings] = new TextEncoder().encode(lightResources(noRepSet(fastStrings(syncExports(noThrowingProbe(generated))))));

await rm(outDir, { recursive: true, force: true });
for (const [name, bytes] of Object.entries(files)) {
  const path = resolve(outDir, name);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
}
const manifest = {
  about: 'Generated by scripts/build.mjs; do not edit.',
  component: componentPath,
  sha256,
  bytes: component.length,
  jco: jcoVersion,
  options,
  fixes: FIXES,
  script: scriptSha256,
  exports: exports.map(([name, kind]) => ({ name, kind })),
  files: Object.keys(files).sort(),
};
await writeFile(manifestPath, JSON.stringify(manifest, null, 2) + '\n');
console.log(
  `${outDir}: transpiled ${componentPath} (${component.length} bytes, ${sha256.slice(0, 12)}) with jco ${jcoVersion}: ` +
    `${Object.keys(files).length} files, exports ${exports.map(([n]) => n).join(', ')}`,
);
