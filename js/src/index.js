// The tool-schema component for JavaScript: a thin wrapper over the bindings
// jco generates (../gen/tool-schema.js), for Node and the browser.
//
// What it adds to the raw bindings:
// - an `err` result, which jco throws as a `ComponentError` with a `payload`,
//   becomes a typed error: `DescribeError`, `SchemaError`, `EncodeError` or
//   `DownconvertError` (each with `.diagnostics`); a diagnostic of C# source
//   keeps its file, line and column;
// - the model's invalid arguments are an answer, never an exception: every
//   operation that checks arguments (`validateArgs`, `validator.validate`,
//   `restoreArgs`, `tool.validate`, `converted.restore`) answers
//   `{ok: true, value, text}` or `{ok: false, errors}`;
// - a trap poisons a WebAssembly instance, so after one the wrapper makes a
//   fresh instance before throwing `TrapError`, and the next call works (as
//   the Rust host does);
// - each instance's linear memory is limited (512 MiB by default, the Rust
//   host's limit), so a runaway allocation traps instead of taking the process;
// - in Node, `load({deadlineMs})` runs the instance in a worker thread and
//   bounds each call's time: past the deadline the worker is terminated, a
//   fresh one replaces it, and the call throws `DeadlineError` (a TrapError);
// - inputs are checked before they cross, so a wrong argument is a TypeError
//   or RangeError here, not a silently wrapped u64 (jco's lowering takes a u64
//   modulo 2^64 and a u32 modulo 2^32);
// - a string that is not well-formed UTF-16 (a lone surrogate) is refused with
//   `TextError` before it crosses: jco's TextEncoder would write U+FFFD for
//   it, so that "\ud800" and "\udc00" became the same name inside;
// - `load({workBudget})` sets the component's work budget in every instance
//   it makes, the fresh ones after a trap included;
// - a resource of the component (a `Validator`, a `Tool`, a `Converted`
//   schema) is freed by `free()`, or once its object was garbage-collected;
//   at most `load({maxLiveResources})` are made in an instance at once (past
//   it the one used longest ago is freed there); and one is made again from
//   what made it when next used after a trap replaced its instance, or after
//   it was freed to make room.
//
// Descriptors, schemas, arguments and answers cross as JSON text, never as
// parsed values, so no number is rounded on the way (a `ulong` schema's
// maximum is 18446744073709551615). A `Tool` takes JSON as text or as a
// JavaScript value (written with JSON.stringify), and answers both the text
// and the parsed value. The u64 fields of `Limits` are BigInt.

import { Instance, instantiateComponent, isErrPayload } from './instance.js';
import { limitMemory } from './memory.js';

/** The Rust host's limit on one instance's linear memory. */
export const DEFAULT_MAX_MEMORY_BYTES = 512 * 1024 * 1024;

/**
 * How many resources (validators, tools, converted schemas) one instance
 * keeps made at once, unless `load({maxLiveResources})` says otherwise.
 */
export const DEFAULT_MAX_LIVE_RESOURCES = 1000;

// `Symbol.dispose`, or the name jco's bindings use where the engine lacks it.
const dispose = Symbol.dispose ?? Symbol.for('dispose');
const INTERNAL = Symbol('tool-schema internal');
const U64_MAX = 2n ** 64n - 1n;

// ---------------------------------------------------------------- errors

/** Every error this package throws for a refused input or a trap. */
export class ToolSchemaError extends Error {}
ToolSchemaError.prototype.name = 'ToolSchemaError';

/**
 * An input refused with diagnostics (`{code, message, path}`; one of C# source
 * also has `file`, `line` and `column`). The message is one line per
 * diagnostic: `CODE at path: message`, or for C# source as MSBuild prints it,
 * `File.cs(line,column): error CODE: message`.
 */
export class DiagnosticsError extends ToolSchemaError {
  constructor(diagnostics) {
    super(diagnostics.map(diagnosticLine).join('\n'));
    /** @type {Diagnostic[]} */
    this.diagnostics = diagnostics;
  }
}
DiagnosticsError.prototype.name = 'DiagnosticsError';

/** `describeTool`, `describeType`, `toolName`, `describeSource` or `sourceDescriptor` refused the input. */
export class DescribeError extends DiagnosticsError {}
DescribeError.prototype.name = 'DescribeError';

/** `compile` refused the schema (`OLS001`–`OLS005`). */
export class SchemaError extends DiagnosticsError {}
SchemaError.prototype.name = 'SchemaError';

/** `encodeResult` refused the outcome: the host's bug (`OLE001`–`OLE004`, or a return type with no schema). */
export class EncodeError extends DiagnosticsError {}
EncodeError.prototype.name = 'EncodeError';

/** `downconvert`, `budget`, `budgetPlan`, `providerProfile` or `tool.convert` refused: an unusable schema (`OLS…`), one the target cannot take, or a surface no built-in has (`OLP…`). */
export class DownconvertError extends DiagnosticsError {}
DownconvertError.prototype.name = 'DownconvertError';

/**
 * A string that is not well-formed UTF-16: it has a lone surrogate, which
 * UTF-8 (the component's text) cannot hold. Refused before anything crosses,
 * rather than written as U+FFFD (which would make two different names one).
 */
export class TextError extends ToolSchemaError {
  constructor(what, index, unit) {
    const hex = unit.toString(16).padStart(4, '0');
    super(`${what} is not well-formed UTF-16: a lone surrogate \\u${hex} at index ${index} (String.prototype.toWellFormed replaces each with U+FFFD)`);
    /** @type {string} */
    this.argument = what;
    /** @type {number} */
    this.index = index;
  }
}
TextError.prototype.name = 'TextError';

/** The component trapped. A fresh instance has already replaced the one that trapped. */
export class TrapError extends ToolSchemaError {
  constructor(cause) {
    super(`the component trapped (${cause?.message ?? cause}); a fresh instance replaces it`, { cause });
  }
}
TrapError.prototype.name = 'TrapError';

/**
 * A call ran past `load({deadlineMs})`'s deadline: its worker thread was
 * terminated and a fresh one replaces it. A TrapError, so code that handles a
 * trap handles this too.
 */
export class DeadlineError extends TrapError {
  constructor(deadlineMs) {
    super(undefined);
    this.message = `the call ran past its deadline of ${deadlineMs} ms; its worker thread was stopped and a fresh instance replaces it`;
    /** @type {number} */
    this.deadlineMs = deadlineMs;
  }
}
DeadlineError.prototype.name = 'DeadlineError';

// ---------------------------------------------------------------- loading

// One set of compiled core modules per (location, memory limit), shared by
// every `load()` that asks for the same.
const compiledModules = new Map();

/**
 * Loads the component: compiles its core modules (once per location and
 * memory limit) and makes the first instance, on this thread or, with
 * `deadlineMs`, in a worker thread.
 *
 * @param {LoadOptions} [options]
 * @returns {Promise<ToolSchema>}
 */
export async function load(options = {}) {
  checkKeys(options, ['maxMemoryBytes', 'wasmBaseUrl', 'deadlineMs', 'workBudget', 'maxLiveResources'], 'options');
  const maxMemoryBytes = options.maxMemoryBytes ?? DEFAULT_MAX_MEMORY_BYTES;
  if (typeof maxMemoryBytes !== 'number' || !(maxMemoryBytes > 0)) {
    throw new RangeError(`options.maxMemoryBytes must be a positive number (Infinity for no limit), not ${maxMemoryBytes}`);
  }
  const deadlineMs = options.deadlineMs ?? null;
  if (deadlineMs !== null) checkDeadline(deadlineMs);
  const workBudget = options.workBudget === undefined || options.workBudget === null ? null : u64(options.workBudget, 'options.workBudget');
  const maxLive = options.maxLiveResources ?? DEFAULT_MAX_LIVE_RESOURCES;
  if (typeof maxLive !== 'number' || !(maxLive === Infinity || (Number.isInteger(maxLive) && maxLive >= 1))) {
    throw new RangeError(`options.maxLiveResources must be a whole number from 1 up (Infinity for no limit), not ${show(maxLive)}`);
  }
  const base = new URL(options.wasmBaseUrl ?? new URL('../gen/', import.meta.url));
  const key = `${base.href}\n${maxMemoryBytes}`;
  let modules = compiledModules.get(key);
  if (!modules) {
    modules = new Map();
    compiledModules.set(key, modules);
  }
  let made = null;
  try {
    // The first instance compiles the core modules as jco asks for them.
    if (deadlineMs === null || !modules.complete) {
      made = await instantiateComponent(async (name) => {
        let module = modules.get(name);
        if (!module) {
          const bytes = await readBytes(new URL(name, base));
          module = await WebAssembly.compile(Number.isFinite(maxMemoryBytes) ? limitMemory(bytes, maxMemoryBytes) : bytes);
          modules.set(name, module);
        }
        return module;
      });
      modules.complete = true;
    }
  } catch (e) {
    compiledModules.delete(key);
    throw e;
  }
  if (deadlineMs === null) return new ToolSchema(INTERNAL, new LocalEngine(new Instance(modules, made, workBudget), maxLive));
  // The instance made here only compiled the modules; the worker makes its own.
  const engine = new WorkerEngine(await import('node:worker_threads'), modules, deadlineMs, workBudget, maxLive);
  await engine.start();
  return new ToolSchema(INTERNAL, engine);
}

function checkDeadline(deadlineMs) {
  if (typeof deadlineMs !== 'number') throw new TypeError(`options.deadlineMs must be a number of milliseconds, not ${show(deadlineMs)}`);
  if (!Number.isFinite(deadlineMs) || !(deadlineMs > 0)) {
    throw new RangeError(`options.deadlineMs must be a positive, finite number of milliseconds, not ${deadlineMs}`);
  }
  if (typeof globalThis.process?.versions?.node !== 'string') {
    throw new Error(
      'options.deadlineMs needs Node.js: a call is bounded by running the component in a node:worker_threads Worker ' +
        'and blocking on Atomics.wait until it answers, which a browser does not allow on its main thread. ' +
        'Load without deadlineMs here (nothing but the component’s own limits then bounds a call’s time).',
    );
  }
}

async function readBytes(url) {
  if (url.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    return new Uint8Array(await readFile(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot load ${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// ---------------------------------------------------------------- engines

// Where the instance lives. `request` runs one request (see ./instance.js):
// it answers the value, throws `refused(payload)` for an `err` result, and
// throws TrapError after a trap, when a fresh instance has replaced the one
// that trapped; `settle` answers the `err` result as a value instead; `call`
// and `method` are the two requests every operation makes, which the engine
// on the calling thread runs without making a request. A `generation` counts
// instances: a resource made in an earlier one is made again (see `Resource`).
//
// At most `maxLive` resources are made in the instance at once. A resource
// the program dropped is freed only once the garbage collector has collected
// its object (see `sweep`), at the collector's pace, which knows nothing of
// the memory it holds inside the instance; so past `maxLive`, the one used
// longest ago is freed in the instance, and made again from what made it
// when it is next used (see `Resource`). A program that keeps using at most
// `maxLive` resources never sees one made twice.
class Engine {
  generation = 1;
  restarts = 0;
  deadlineMs = null;
  /** Resources made again after being freed to make room (not counting those made again after a trap). */
  remade = 0;
  // Every slot whose resource is made in the current instance, in a list
  // through the slots themselves (so that keeping one in order costs no
  // object of its own): the one used longest ago first, the one used last
  // last.
  #first = null;
  #last = null;
  #count = 0;
  #maxLive;
  // What the collections' sweep knows this engine by (see `watched`).
  #self = new WeakRef(this);

  constructor(maxLive) {
    this.#maxLive = maxLive;
  }

  /** Whether any resource is made in the current instance. */
  get holding() {
    return this.#count > 0;
  }

  request(request, refused) {
    const answer = this.settle(request);
    if ('ok' in answer) return answer.ok;
    throw refused(answer.err);
  }

  /** `{ok: value}` or `{err: payload}`; throws TrapError after a trap. */
  settle(request) {
    const answer = this.exchange(request);
    if ('ok' in answer || 'err' in answer) return answer;
    this.replaced();
    throw new TrapError(answer.trap);
  }

  /** `root[iface][fn](...args)`, as `request` answers it. */
  call(iface, fn, args, refused) {
    return this.request({ op: 'call', iface, fn, args }, refused);
  }

  /** A method of the resource `id` in the current instance, as `request` answers it. */
  method(id, fn, args, refused) {
    return this.request({ op: 'method', id, fn, args }, refused);
  }

  /** A fresh instance replaced the current one, which took its resources with it. */
  replaced() {
    this.generation += 1;
    this.restarts += 1;
    for (let slot = this.#first; slot !== null; ) {
      const next = slot.next;
      slot.previous = slot.next = null;
      slot = next;
    }
    this.#first = this.#last = null;
    this.#count = 0;
  }

  /**
   * `slot` (a `Slot`) names a resource just made in the current instance;
   * past `maxLive`, the one used longest ago is freed to make room.
   */
  track(slot) {
    this.#append(slot);
    watch(this.#self);
    if (this.#count <= this.#maxLive) return;
    const oldest = this.#first;
    this.#unlink(oldest);
    const { id } = oldest;
    oldest.id = null;
    this.request({ op: 'free', id }, unexpectedErr);
  }

  /** Frees every resource made in the current instance whose owner was collected. */
  sweep() {
    for (let slot = this.#first; slot !== null; ) {
      const next = slot.next;
      if (slot.deref() === undefined) this.release(slot);
      slot = next;
    }
  }

  /** The resource `slot` names, made in the current instance, is being used. */
  touch(slot) {
    if (slot === this.#last) return;
    this.#unlink(slot);
    this.#append(slot);
  }

  #append(slot) {
    slot.previous = this.#last;
    slot.next = null;
    if (this.#last === null) this.#first = slot;
    else this.#last.next = slot;
    this.#last = slot;
    this.#count += 1;
  }

  #unlink(slot) {
    const { previous, next } = slot;
    if (previous === null) this.#first = next;
    else previous.next = next;
    if (next === null) this.#last = previous;
    else next.previous = previous;
    slot.previous = slot.next = null;
    this.#count -= 1;
  }

  /**
   * Frees the resource `slot` names if it is made in the current instance
   * (one of an instance since replaced went with it, and one freed to make
   * room is not made), and empties the slot.
   */
  release(slot) {
    const { id, generation } = slot;
    slot.id = null;
    // (A slot of a resource made for a moment, `{id, generation}`, is in no list.)
    if (slot === this.#first || (slot.previous !== null && slot.previous !== undefined)) this.#unlink(slot);
    if (id !== null && generation === this.generation) this.request({ op: 'free', id }, unexpectedErr);
  }
}

// The default: the instance on the calling thread. Nothing bounds a call's
// time but the component's own limits.
class LocalEngine extends Engine {
  #instance;
  #functions = null;

  constructor(instance, maxLive) {
    super(maxLive);
    this.#instance = instance;
  }

  request(request, refused) {
    try {
      return this.#instance.do(request);
    } catch (e) {
      throw this.#failed(e, refused);
    }
  }

  call(iface, fn, args, refused) {
    try {
      return this.#instance.call(iface, fn, args);
    } catch (e) {
      throw this.#failed(e, refused);
    }
  }

  method(id, fn, args, refused) {
    try {
      return this.#instance.method(id, fn, args);
    } catch (e) {
      throw this.#failed(e, refused);
    }
  }

  // What a call threw, as the error to throw: `refused(payload)` for an
  // `err` result; a TrapError for anything else, once a fresh instance has
  // replaced the one that trapped.
  #failed(e, refused) {
    if (isErrPayload(e)) return refused(e);
    this.#instance.replace();
    this.replaced();
    return new TrapError(e);
  }

  exchange(request) {
    return this.#instance.run(request);
  }

  get interfaces() {
    return this.#instance.interfaces;
  }

  get functions() {
    this.#functions ??= this.#instance.functions;
    return this.#functions;
  }

  get memoryBytes() {
    return this.#instance.memoryBytes;
  }
}

const WORKER_URL = new URL('./worker.js', import.meta.url);
// How long a fresh worker thread may take to start; not counted in a call's deadline.
const STARTUP_MS = 30_000;

// When nothing refers to a ToolSchema in worker mode any more, its worker thread is stopped.
// (What the registry holds, `live`, refers to the worker, never to the engine.)
const unreferenced = new FinalizationRegistry((live) => {
  live.worker?.terminate().then(undefined, () => {});
});

// With `deadlineMs`: the instance in a worker thread (./worker.js). Each call
// is posted to it and awaited synchronously, in Atomics.wait, for at most
// `deadlineMs`; past it the worker is terminated (V8 interrupts the
// WebAssembly it is running), a fresh one is started, and the call throws
// DeadlineError. Every answer crosses by structured clone, which keeps
// strings and BigInts exactly.
class WorkerEngine extends Engine {
  #wt;
  #modules;
  // {worker}: the current worker thread (what the FinalizationRegistry holds).
  #live = { worker: null };
  // {failure}: why the current worker thread failed, if it did.
  #state = { failure: null };
  #port = null;
  #flag = null;
  #ready = false;
  #interfaces = [];
  #functions = {};

  #workBudget;

  constructor(threads, modules, deadlineMs, workBudget, maxLive) {
    super(maxLive);
    this.#wt = threads;
    this.#modules = modules;
    this.deadlineMs = deadlineMs;
    this.#workBudget = workBudget;
    unreferenced.register(this, this.#live);
  }

  // The first worker, awaited without blocking the event loop (which the
  // worker keeps alive meanwhile: Atomics.waitAsync does not).
  async start() {
    const worker = this.#spawn();
    worker.ref();
    let stop;
    const failed = new Promise((resolve) => {
      const onError = (e) => resolve(e);
      const onExit = (code) => resolve(new Error(`the worker thread exited with code ${code}`));
      worker.once('error', onError).once('exit', onExit);
      stop = () => worker.off('error', onError).off('exit', onExit);
    });
    // Atomics.waitAsync's timeout runs on the event loop's clock, which a
    // long synchronous stretch before load() leaves behind: it can time out
    // at once, so the time left is measured here.
    const end = performance.now() + STARTUP_MS;
    let outcome = null;
    while (Atomics.load(this.#flag, 0) === 0 && !(outcome instanceof Error)) {
      const left = end - performance.now();
      if (left <= 0) {
        outcome = new Error(`it did not start within ${STARTUP_MS} ms`);
        break;
      }
      outcome = await Promise.race([Atomics.waitAsync(this.#flag, 0, 0, left).value, failed]);
    }
    stop();
    worker.unref();
    if (outcome instanceof Error) {
      Atomics.notify(this.#flag, 0); // ends the waitAsync
      this.#stop();
      throw new ToolSchemaError(`the worker thread could not start: ${outcome.message}`, { cause: outcome });
    }
    this.#takeReady();
  }

  exchange(request) {
    this.#whenReady();
    const flag = this.#flag;
    Atomics.store(flag, 0, 0);
    this.#port.postMessage(request);
    if (!waitFor(flag, this.deadlineMs)) {
      // The worker may be inside any call: stop it, start the next one now
      // (it starts while the caller handles this error), and throw.
      this.#stop();
      try {
        this.#spawn();
      } catch {
        // Started again by the next call, which reports why it cannot.
      }
      this.replaced();
      throw new DeadlineError(this.deadlineMs);
    }
    const reply = this.#wt.receiveMessageOnPort(this.#port)?.message;
    if (reply === undefined) throw new ToolSchemaError('internal: the worker thread signalled an answer it did not send');
    if ('fault' in reply) throw new ToolSchemaError(reply.fault);
    if ('trap' in reply) return { trap: reviveError(reply.trap) };
    return reply;
  }

  get interfaces() {
    return this.#interfaces;
  }

  get functions() {
    return this.#functions;
  }

  get memoryBytes() {
    return this.request({ op: 'memory' }, unexpectedErr);
  }

  // A worker thread with a channel and a flag of its own, so that nothing a
  // stopped worker sends can be taken for the next one's answer.
  #spawn() {
    const { Worker, MessageChannel } = this.#wt;
    const { port1, port2 } = new MessageChannel();
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(WORKER_URL, {
      workerData: { modules: [...this.#modules], port: port2, flag, workBudget: this.#workBudget },
      transferList: [port2],
    });
    // The thread does not keep the process alive, and an error in it is
    // recorded rather than thrown (the caller sees it when it waits).
    const state = { failure: null };
    worker.unref();
    worker.on('error', (e) => {
      state.failure = e;
    });
    port1.unref();
    this.#live.worker = worker;
    this.#state = state;
    this.#port = port1;
    this.#flag = flag;
    this.#ready = false;
    return worker;
  }

  #stop() {
    const worker = this.#live.worker;
    this.#live.worker = null;
    this.#port?.close();
    this.#port = null;
    this.#ready = false;
    worker?.terminate().then(undefined, () => {});
  }

  // Before a call: a worker started after a deadline is awaited here, for
  // at most STARTUP_MS (not counted in the call's deadline).
  #whenReady() {
    if (this.#ready) return;
    if (this.#live.worker === null) this.#spawn();
    if (!waitFor(this.#flag, STARTUP_MS)) {
      const why = this.#state.failure;
      this.#stop();
      throw new ToolSchemaError(
        why ? `the worker thread could not start: ${why.message}` : `the worker thread did not start within ${STARTUP_MS} ms`,
        { cause: why ?? undefined },
      );
    }
    this.#takeReady();
  }

  #takeReady() {
    const message = this.#wt.receiveMessageOnPort(this.#port)?.message;
    if (!message?.ready) {
      this.#stop();
      throw new ToolSchemaError(`the worker thread could not start: ${message?.failed ?? 'it sent no answer'}`);
    }
    this.#interfaces = message.ready.interfaces;
    this.#functions = message.ready.functions;
    this.#ready = true;
  }
}

// Blocks until the worker sets the flag, or `ms` pass: whether it did.
function waitFor(flag, ms) {
  const end = performance.now() + ms;
  while (Atomics.load(flag, 0) === 0) {
    const left = end - performance.now();
    if (left <= 0) return false;
    Atomics.wait(flag, 0, 0, left);
  }
  return true;
}

// A trap's error from the worker thread, as the same kind of error.
const ERRORS = {
  RuntimeError: WebAssembly.RuntimeError,
  CompileError: WebAssembly.CompileError,
  LinkError: WebAssembly.LinkError,
  RangeError,
  TypeError,
  ReferenceError,
  SyntaxError,
  Error,
};

function reviveError({ name, message, stack }) {
  const e = new (Object.hasOwn(ERRORS, name) ? ERRORS[name] : Error)(message);
  if (stack !== undefined) e.stack = stack;
  return e;
}

// ---------------------------------------------------------------- the API

/** One instance of the component (replaced after a trap) and every operation it has. */
export class ToolSchema {
  #engine;
  #providers = null;

  /** @internal Use `load()`. */
  constructor(token, engine) {
    if (token !== INTERNAL) throw new TypeError('use `await load()` to get a ToolSchema');
    this.#engine = engine;
  }

  /** Same as `load(options)`. */
  static load(options) {
    return load(options);
  }

  /** How many times a trap or a deadline made the wrapper replace the instance. */
  get restarts() {
    return this.#engine.restarts;
  }

  /**
   * How many times a resource freed to make room (`load({maxLiveResources})`)
   * was made again when next used: each compiled its schema again.
   */
  get remade() {
    return this.#engine.remade;
  }

  /** The size of the current instance's linear memory, in bytes. */
  get memoryBytes() {
    return this.#engine.memoryBytes;
  }

  /** Each call's deadline in milliseconds (`load({deadlineMs})`), or null: no deadline, no worker thread. */
  get deadlineMs() {
    return this.#engine.deadlineMs;
  }

  /**
   * The steps each call may take inside the component (`load({workBudget})`,
   * else the component's default, 20000000n), as a BigInt: past it a call is
   * refused with one error at `$` (`DescribeError`, `EncodeError`, …; for
   * arguments, the answer `{ok: false, errors}` with one error of keyword
   * `limit`).
   */
  get workBudget() {
    this.#need('work');
    return this.#call('work', 'workBudget', [], unexpectedErr);
  }

  /** The interfaces this build of the component exports that have operations (`describe`, `validate`, …). */
  get interfaces() {
    return [...this.#engine.interfaces];
  }

  // An operation of an interface this build lacks, or of a function an
  // older build of it lacks (`fn`, as the bindings name it), is refused here
  // rather than failing inside the call (which would look like a trap).
  #need(name, fn) {
    if (!this.#engine.interfaces.includes(name)) {
      throw new ToolSchemaError(`this build of the component has no '${name}' interface (it has: ${this.interfaces.join(', ')})`);
    }
    if (fn !== undefined && !this.#engine.functions[name]?.includes(fn)) {
      throw new ToolSchemaError(`this build of the component has no function '${fn}' in its '${name}' interface (it was built before the function was added)`);
    }
  }

  #call(iface, fn, args, refused) {
    return this.#engine.call(iface, fn, args, refused);
  }

  describeTool(descriptor) {
    text(descriptor, 'descriptor');
    return this.#call('describe', 'describeTool', [descriptor], describeError);
  }

  describeType(typeExpr, context) {
    text(typeExpr, 'typeExpr');
    const ctx = typeContext(context, 'context');
    return this.#call('describe', 'describeType', [typeExpr, ctx], describeError);
  }

  describeSource(files, options) {
    const raw = sourceFiles(files);
    const o = sourceOptions(options, 'options');
    return fromSource(this.#call('describe', 'describeSource', [raw, o], sourceError));
  }

  sourceDescriptor(files, options) {
    const raw = sourceFiles(files);
    const o = sourceOptions(options, 'options');
    return fromSource(this.#call('describe', 'sourceDescriptor', [raw, o], sourceError));
  }

  toolName(method) {
    text(method, 'method');
    return this.#call('describe', 'toolName', [method], (d) => new DescribeError([diagnostic(d)]));
  }

  flattenDoc(xml) {
    text(xml, 'xml');
    return this.#call('describe', 'flattenDoc', [xml], unexpectedErr);
  }

  /**
   * Compiles `schema` and checks `args` in one call, with the default
   * options: `{ok: true, value, text}` or `{ok: false, errors}`. An unusable
   * schema is `{ok: false}` with one error of keyword `schema`.
   */
  validateArgs(schema, args) {
    text(schema, 'schema');
    text(args, 'args');
    return bound(this.#engine.settle({ op: 'call', iface: 'validate', fn: 'validateArgs', args: [schema, args] }));
  }

  /** A schema compiled once, for many argument texts; throws `SchemaError` for a schema it cannot use. */
  compile(schema, options) {
    this.#need('tools');
    text(schema, 'schema');
    const raw = validateOptions(options, () => this.defaultLimits());
    const engine = this.#engine;
    const make = () => makeValidator(engine, schema, raw);
    return new Validator(INTERNAL, engine, make(), make);
  }

  defaultLimits() {
    const l = this.#call('validate', 'defaultLimits', [], unexpectedErr);
    return {
      maxArgumentBytes: l.maxArgumentBytes,
      maxArgumentDepth: l.maxArgumentDepth,
      maxSchemaBytes: l.maxSchemaBytes,
      maxSchemaDepth: l.maxSchemaDepth,
      regexBacktrackLimit: l.regexBacktrackLimit,
    };
  }

  encodeResult(call) {
    checkObject(call, 'the call');
    checkKeys(call, ['toolName', 'returnType', 'outcome', 'context', 'endsLoop'], 'the call');
    text(call.toolName, 'toolName');
    text(call.returnType, 'returnType');
    const ctx = typeContext(call.context, 'context');
    const outcome = rawOutcome(call.outcome);
    const endsLoop = call.endsLoop ?? false;
    if (typeof endsLoop !== 'boolean') throw new TypeError(`endsLoop must be a boolean, not ${show(endsLoop)}`);
    return toolResult(this.#call('encode', 'encodeResult', [call.toolName, call.returnType, ctx, outcome, endsLoop], encodeError));
  }

  downconvert(schema, target) {
    this.#need('downconvert');
    text(schema, 'schema');
    const t = rawTarget(target);
    // downconvert-json: the changes as one JSON text, one string read from
    // the component's memory where a list of records is four for each change.
    const d = this.#call('downconvert', 'downconvertJson', [schema, t, true], downconvertError);
    // report-json: what the conversion reports beside its changes, one text too.
    const report = JSON.parse(d.reportJson);
    return {
      schema: d.schema,
      changes: JSON.parse(d.changesJson).map(change),
      lossless: d.lossless,
      alsoValidFor: alsoValidFor(report.alsoValidFor),
      dead: report.dead.map(deadBranch),
    };
  }

  /**
   * The model's answer to `originalSchema` converted for `target`, turned
   * back and checked against the original: answered as `validateArgs`
   * answers.
   */
  restoreArgs(originalSchema, target, args) {
    this.#need('downconvert');
    text(originalSchema, 'originalSchema');
    const t = rawTarget(target);
    text(args, 'args');
    return bound(this.#engine.settle({ op: 'call', iface: 'downconvert', fn: 'restoreArgs', args: [originalSchema, t, args] }));
  }

  providerProfile(name) {
    this.#need('downconvert');
    text(name, 'name');
    return this.#call('downconvert', 'providerProfile', [name], (d) => new DownconvertError([diagnostic(d)]));
  }

  budget(schemas, target) {
    this.#need('downconvert');
    const raw = texts(schemas, 'schemas', 'schemas (JSON text)');
    const t = rawTarget(target);
    return this.#call('downconvert', 'budget', [raw, t], downconvertError).map(overLimit);
  }

  /**
   * `budget`, per tool, with a plan: each tool `strict`, `non-strict` or
   * `left-out`, so that the request is within every limit the surface
   * documents (strict tools first come, first served, in the order given).
   * `names`: the tools' names, one per schema, or none (not checked). (The
   * target comes before the names, as in `budget`, so that they can be left
   * out; the WIT's function takes them the other way round.)
   */
  budgetPlan(schemas, target, names = []) {
    this.#need('downconvert', 'budgetPlan');
    const raw = texts(schemas, 'schemas', 'schemas (JSON text)');
    const t = rawTarget(target);
    const rawNames = texts(names, 'names', "the tools' names (strings)");
    const plan = this.#call('downconvert', 'budgetPlan', [raw, rawNames, t], downconvertError);
    return { tools: plan.tools.map(toolBudget), over: plan.over.map(overLimit) };
  }

  /**
   * Every built-in request surface, in a fixed order: `{name, aliases,
   * surface, oldestRule, uncheckedRules}`, frozen (read once per ToolSchema).
   * A target is any of their names or aliases.
   */
  providers() {
    this.#need('downconvert', 'providers');
    this.#providers ??= Object.freeze(this.#call('downconvert', 'providers', [], unexpectedErr).map(providerInfo));
    return this.#providers;
  }

  /**
   * One tool, compiled once: from `{name, description?, inputSchema,
   * outputSchema?, options?}` (an object with `inputSchema`), else from a
   * descriptor (an object, or JSON text) of one tool. Throws `SchemaError` or
   * `DescribeError` for a schema or descriptor the component refuses, and
   * ToolSchemaError for a descriptor of several tools (`tools()` is for those).
   */
  tool(spec) {
    if (typeof spec === 'object' && spec !== null && !Array.isArray(spec) && Object.hasOwn(spec, 'inputSchema')) {
      return this.#toolFromSchema(spec);
    }
    const tools = this.tools(spec);
    if (tools.length === 1) return tools[0];
    const names = tools.map((t) => t.info.name);
    for (const t of tools) t.free();
    throw new ToolSchemaError(
      `the descriptor describes ${tools.length} tools (${names.join(', ')}), not one: ` +
        'tools(descriptor) answers an array of every tool it describes',
    );
  }

  /**
   * Every tool a descriptor (an object, or JSON text) describes, each
   * compiled once: one for a method descriptor, one per tool method of a
   * class descriptor. Throws `DescribeError`.
   */
  tools(descriptor) {
    this.#need('tools');
    if (typeof descriptor !== 'string' && (typeof descriptor !== 'object' || descriptor === null)) {
      throw new TypeError(`descriptor must be a descriptor (an object) or its JSON text, not ${show(descriptor)}`);
    }
    const text = json(descriptor, 'descriptor');
    const engine = this.#engine;
    const make = () =>
      engine.request({ op: 'make', iface: 'tools', resource: 'Tool', fn: 'fromDescriptor', args: [text] }, describeError);
    // Made again, each keeps its own tool and frees the others.
    const remake = (i) => () => {
      const ids = make();
      ids.forEach((id, j) => j === i || engine.release({ id, generation: engine.generation }));
      return ids[i];
    };
    return make().map((id, i) => new Tool(INTERNAL, engine, id, remake(i)));
  }

  #toolFromSchema(spec) {
    this.#need('tools');
    checkKeys(spec, ['name', 'description', 'inputSchema', 'outputSchema', 'options'], 'the tool');
    const name = text(spec.name, 'name');
    const description = spec.description === undefined ? '' : text(spec.description, 'description');
    const input = json(spec.inputSchema, 'inputSchema');
    const output = spec.outputSchema === undefined || spec.outputSchema === null ? undefined : json(spec.outputSchema, 'outputSchema');
    const options = validateOptions(spec.options, () => this.defaultLimits());
    const engine = this.#engine;
    const make = () =>
      engine.request(
        { op: 'make', iface: 'tools', resource: 'Tool', fn: 'fromSchema', args: [name, description, input, output, options] },
        schemaError,
      );
    return new Tool(INTERNAL, engine, make(), make);
  }

  /**
   * How many schemas the current instance has compiled into validation
   * programs (a number): a tool compiles when it is made (its output schema
   * at its first encode), never when it is called.
   */
  schemasCompiled() {
    this.#need('tools');
    return Number(this.#call('tools', 'schemasCompiled', [], unexpectedErr));
  }

  /**
   * How many resources (validators, tools, converted schemas) the current
   * instance holds for this package: made, and neither freed nor collected.
   */
  get liveResources() {
    this.#engine.sweep();
    return this.#engine.request({ op: 'kept' }, unexpectedErr);
  }
}

// ---------------------------------------------------------------- resources

// A resource whose owner (a Validator, a Tool, a Converted) was collected
// without `free()` is freed inside the component by its engine's `sweep`,
// which runs after each garbage collection, and when `liveResources` is read.
// Each slot holds a WeakRef to a small object of its owner's, so that the
// owner itself is held by nothing. The collections are seen by one
// FinalizationRegistry registration at a time, of an object nothing refers
// to, made again after each collection that took it while some engine still
// holds resources. (A registration per resource, of its owner, would free
// each sooner after its collection; but V8 keeps every registered object
// through the young generation's collections, so that the process's heap
// would grow with the rate tools are made and dropped.)
const watched = new Set(); // WeakRef<Engine>: the engines holding resources
let watching = false;
const collections = new FinalizationRegistry(() => {
  watching = false;
  for (const ref of watched) {
    const engine = ref.deref();
    if (engine !== undefined) {
      try {
        engine.sweep();
      } catch {
        // A trap while freeing: the fresh instance that replaced it holds nothing of it.
      }
      if (engine.holding) continue;
    }
    watched.delete(ref);
  }
  if (watched.size > 0) watchNextCollection();
});

function watchNextCollection() {
  watching = true;
  collections.register({}, undefined);
}

function watch(engineRef) {
  watched.add(engineRef);
  if (!watching) watchNextCollection();
}

// The smallest thing a WeakRef can refer to: a symbol (24 bytes in V8, an
// empty object 56), where the engine takes one as a WeakRef's target.
const newMark = (() => {
  try {
    new WeakRef(Symbol());
    return () => Symbol();
  } catch {
    return () => ({});
  }
})();

// A resource's place: its id (null when it is not made) and the instance it
// is in, its place in the engine's list while it is made, and, being a
// WeakRef, what lives as long as its owner: one object.
class Slot extends WeakRef {
  constructor(mark, id, generation) {
    super(mark);
    this.id = id;
    this.generation = generation;
    // Its place in the engine's list of the resources made (both null, and
    // not the list's first, when it is not in it).
    this.previous = null;
    this.next = null;
  }
}

/**
 * One resource inside the component, for the object that owns it (a
 * Validator, a Tool, a Converted): its id in the current instance, made again
 * by `remake()` after a trap or a deadline replaced the instance it was made
 * in, or after the engine freed it to make room for others (it was made once,
 * so it is made again, with the same answers; a trap meanwhile is a TrapError
 * as for any call). Freed by `free()`, or when the owner is collected.
 */
class Resource {
  #engine;
  #what;
  #remake;
  #slot;
  // What the slot's WeakRef refers to: it lives as long as the owner, which
  // holds this Resource.
  #mark = newMark();
  #freed = false;

  /**
   * @param {Engine} engine
   * @param {string} what what it is called in an error (`tool`)
   * @param {number} id the resource, just made in the current instance
   * @param {() => number} remake makes it again in the current instance, answering its id
   */
  constructor(engine, what, id, remake) {
    this.#engine = engine;
    this.#what = what;
    this.#remake = remake;
    this.#slot = new Slot(this.#mark, id, engine.generation);
    engine.track(this.#slot);
  }

  get freed() {
    return this.#freed;
  }

  /** Throws when `free()` was called. */
  live() {
    if (this.#freed) throw new ToolSchemaError(`this ${this.#what} was freed`);
  }

  /** The resource's id in the current instance, made again if it is not made there. */
  get id() {
    this.live();
    const slot = this.#slot;
    const engine = this.#engine;
    if (slot.id !== null && slot.generation === engine.generation) {
      engine.touch(slot);
      return slot.id;
    }
    const generation = engine.generation;
    if (slot.id === null) engine.remade += 1;
    slot.id = this.#remake();
    slot.generation = generation;
    engine.track(slot);
    return slot.id;
  }

  /** Calls a method of the resource; `refused` makes the error for an `err` result. */
  call(fn, args, refused = unexpectedErr) {
    return this.#engine.method(this.id, fn, args, refused);
  }

  free() {
    if (this.#freed) return;
    this.#freed = true;
    this.#engine.release(this.#slot);
  }
}

/**
 * A schema compiled once inside the component, for many argument texts.
 * Free it when done (a validator garbage-collected unfreed is freed then).
 *
 * Inside, it is the component's `tool` resource made from the schema alone
 * (`tool.from-schema`: the same compiled schema, the same options, the same
 * answers as the `validator` resource), because a tool's `validate` answers
 * invalid arguments as a value (`checked`) where the validator's is an `err`.
 */
export class Validator {
  #resource;

  /** @internal Use `ToolSchema.compile()`. */
  constructor(token, engine, id, remake) {
    if (token !== INTERNAL) throw new TypeError('use `toolSchema.compile(schema, options)` to get a Validator');
    this.#resource = new Resource(engine, 'validator', id, remake);
  }

  /**
   * Validates one argument text and binds it: `{ok: true, value, text}` or
   * `{ok: false, errors}`, as `tool.validate` answers. Invalid arguments are
   * an answer, not an error.
   */
  validate(args) {
    text(args, 'args');
    return checked(this.#resource.call('validate', [args]));
  }

  /** Whether `free()` was called. */
  get freed() {
    return this.#resource.freed;
  }

  /** Frees the compiled schema inside the component. Calling it again does nothing. */
  free() {
    this.#resource.free();
  }

  [dispose]() {
    this.free();
  }
}

/**
 * A tool compiled once inside the component (`toolSchema.tool()`,
 * `toolSchema.tools()`): its input schema compiled and its return type
 * resolved when it was made, then every call validated, every outcome encoded
 * and its schema converted for a provider with nothing compiled again. Free
 * it when done (a tool garbage-collected unfreed is freed then).
 */
export class Tool {
  #engine;
  #resource;
  #remake;
  #info = null;

  /** @internal Use `toolSchema.tool()` or `toolSchema.tools()`. */
  constructor(token, engine, id, remake) {
    if (token !== INTERNAL) throw new TypeError('use `toolSchema.tool(…)` or `toolSchema.tools(descriptor)` to get a Tool');
    this.#engine = engine;
    this.#remake = remake;
    this.#resource = new Resource(engine, 'tool', id, remake);
  }

  /**
   * What describes the tool to a model, and how it is run: read once, frozen.
   * The schemas are parsed values (`inputSchema`, `outputSchema`) and the
   * exact texts (`inputSchemaText`, `outputSchemaText`), which keep a number
   * a JavaScript number cannot hold; both output members are absent when
   * the tool has no output schema.
   */
  get info() {
    this.#resource.live();
    this.#info ??= toolInfo(this.#resource.call('info', []));
    return this.#info;
  }

  /**
   * Validates the model's arguments (JSON text, or a value) and binds them:
   * `{ok: true, value, text}` (the bound arguments parsed, and as JSON text)
   * or `{ok: false, errors}`. Invalid arguments are an answer, not an error.
   */
  validate(args) {
    return checked(this.#resource.call('validate', [json(args, 'args')]));
  }

  /** The outcome of one call as the tool result the model receives; throws `EncodeError` for the host's bug. */
  encode(outcome) {
    return toolResult(this.#resource.call('encode', [rawOutcome(outcome, json)], encodeError));
  }

  /** The input schema converted for `target`, ready to restore the model's answers; throws `DownconvertError`. */
  convert(target) {
    const t = rawTarget(target);
    const engine = this.#engine;
    const remakeTool = this.#remake;
    const id = this.#resource.call('convert', [t], downconvertError);
    // Made again from a tool made again for it (this one may be freed by then).
    const remake = () => {
      const generation = engine.generation;
      const tool = remakeTool();
      try {
        return engine.request({ op: 'method', id: tool, fn: 'convert', args: [t] }, downconvertError);
      } finally {
        engine.release({ id: tool, generation });
      }
    };
    return new Converted(INTERNAL, engine, id, remake);
  }

  /** Whether `free()` was called. */
  get freed() {
    return this.#resource.freed;
  }

  /** Frees the tool inside the component (a `Converted` made from it lives on). Calling it again does nothing. */
  free() {
    this.#resource.free();
  }

  [dispose]() {
    this.free();
  }
}

/**
 * A tool's input schema converted for one provider (`tool.convert(target)`),
 * and the way back: `restore(args)` turns the model's answer into the tool's
 * bound arguments, with nothing compiled. Free it when done (one
 * garbage-collected unfreed is freed then).
 */
export class Converted {
  #resource;
  #schemaText = null;
  #schema = null;
  #changes = null;
  #lossless = null;
  #alsoValidFor = null;
  #dead = null;

  /** @internal Use `tool.convert(target)`. */
  constructor(token, engine, id, remake) {
    if (token !== INTERNAL) throw new TypeError('use `tool.convert(target)` to get a Converted');
    this.#resource = new Resource(engine, 'converted schema', id, remake);
  }

  /** The schema for the provider, as JSON text. */
  get schemaText() {
    this.#resource.live();
    this.#schemaText ??= this.#resource.call('schema', []);
    return this.#schemaText;
  }

  /** The schema for the provider, parsed once and frozen. */
  get schema() {
    this.#schema ??= deepFreeze(JSON.parse(this.schemaText));
    return this.#schema;
  }

  /** Every change made for the provider, `{pointer, keyword, action, detail}` (frozen). */
  get changes() {
    this.#resource.live();
    this.#changes ??= deepFreeze(this.#resource.call('changes', []).map(change));
    return this.#changes;
  }

  /** No constraint became a hint only. */
  get lossless() {
    this.#resource.live();
    this.#lossless ??= this.#resource.call('lossless', []);
    return this.#lossless;
  }

  /**
   * The built-in surfaces (by name, in the order of `providers()`) that take
   * the tool's schema as it is (`original`) and the converted one
   * (`converted`): `{original, converted}` (frozen).
   */
  get alsoValidFor() {
    this.#resource.live();
    this.#alsoValidFor ??= deepFreeze(alsoValidFor(this.#resource.call('alsoValidFor', [])));
    return this.#alsoValidFor;
  }

  /** What of the tool's schema no finite value satisfies, `{pointer, reason}` each (frozen). */
  get dead() {
    this.#resource.live();
    this.#dead ??= deepFreeze(this.#resource.call('dead', []).map(deadBranch));
    return this.#dead;
  }

  /**
   * The model's answer to the converted schema (JSON text, or a value) turned
   * back into the tool's bound arguments: `{ok: true, value, text}` or
   * `{ok: false, errors}`, as `tool.validate` answers.
   */
  restore(args) {
    return checked(this.#resource.call('restore', [json(args, 'args')]));
  }

  /** Whether `free()` was called. */
  get freed() {
    return this.#resource.freed;
  }

  /** Frees the converted schema inside the component. Calling it again does nothing. */
  free() {
    this.#resource.free();
  }

  [dispose]() {
    this.free();
  }
}

// ---------------------------------------------------------------- conversions

const diagnostic = (d) => ({ code: d.code, message: d.message, path: d.path });
const sourceDiagnostic = (d) => ({ code: d.code, message: d.message, file: d.file, line: d.line, column: d.column, path: d.path });
const describeError = (d) => new DescribeError(d.map(diagnostic));
const sourceError = (d) => new DescribeError(d.map(sourceDiagnostic));
const fromSource = (r) => ({ json: r.json, warnings: r.warnings.map(sourceDiagnostic) });
const schemaError = (d) => new SchemaError(d.map(diagnostic));
const encodeError = (d) => new EncodeError(d.map(diagnostic));
const downconvertError = (d) => new DownconvertError(d.map(diagnostic));
const change = (c) => ({ pointer: c.pointer, keyword: c.keyword, action: c.action, detail: c.detail });
// The surfaces that take a schema as it is, and a part of it no value satisfies,
// from the bindings' records or the report's JSON (the same names).
const alsoValidFor = (a) => ({ original: [...a.original], converted: [...a.converted] });
const deadBranch = (d) => ({ pointer: d.pointer, reason: d.reason });
const toolBudget = (b) => ({ tool: b.tool, placement: b.placement, over: b.over.map(overLimit), reason: b.reason });
const providerInfo = (p) =>
  Object.freeze({
    name: p.name,
    aliases: Object.freeze([...p.aliases]),
    surface: p.surface,
    oldestRule: p.oldestRule,
    uncheckedRules: p.uncheckedRules,
  });

/**
 * An argument error: where (`path`, and `location` step by step: a member's
 * name, an item's index), the keyword that failed, the message, and the
 * failed keyword's place in the schema and `params` (see `argParams`).
 */
const argError = (e) => ({
  path: e.path,
  keyword: e.keyword,
  message: e.message,
  location: e.location.map((segment) => segment.val),
  schemaLocation: e.schemaLocation,
  params: argParams(e.params),
});

// A value an error shows: `text` null for an array or an object.
const shown = (v) => ({ type: v.type, text: v.text ?? null });
// A u64 count as a number, as the core's JSON writes it.
const count = (n) => Number(n);

/**
 * An error's params as the core writes them (`Params::to_value`, the
 * "Params" section of docs/validation.md): `kind`, the WIT case's name, then
 * its fields in the same order; a u64 as a number, an absent option as null.
 * So `JSON.stringify(params)` is the core's JSON byte for byte.
 */
function argParams({ tag: kind, val }) {
  switch (kind) {
    case 'type':
      return { kind, expected: [...val.expected], value: shown(val.value) };
    case 'const':
      return { kind, expected: val.expected, value: shown(val.value) };
    case 'enum':
      return { kind, allowed: [...val.allowed], more: count(val.more), value: shown(val.value) };
    case 'bound':
      return { kind, limit: val.limit, value: val.value };
    case 'count':
      return { kind, limit: count(val.limit), count: count(val.count) };
    case 'pattern':
      return { kind, pattern: val.pattern, value: shown(val.value) };
    case 'format':
      return { kind, format: val.format, value: shown(val.value) };
    case 'required':
      return { kind, name: val.name, given: val.given ?? null };
    case 'unexpected':
      return { kind, allowed: val === undefined ? null : [...val] };
    case 'unique':
      return { kind, first: count(val.first), second: count(val.second) };
    case 'contains':
      return { kind, schema: val.schema ?? null, limit: count(val.limit) };
    case 'not':
      return { kind, schema: val };
    case 'extra-item':
      return { kind, limit: count(val) };
    case 'false-schema':
    case 'no-match':
      return { kind };
    case 'many-match':
      return { kind, branches: Array.from(val, count) };
    case 'property-name':
      return { kind, name: val.name, keyword: val.keyword, reason: val.reason };
    case 'backtracking':
      return { kind, pattern: val.pattern, at: val.at, steps: count(val.steps) };
    case 'limit':
      return { kind, what: val.what, limit: count(val.limit), count: count(val.count) };
    case 'json':
    case 'conversion':
      return { kind, reason: val };
    case 'schema':
      return { kind, code: val.code, message: val.message, path: val.path };
    default:
      throw new ToolSchemaError(`internal: an argument error with params of an unknown kind '${kind}'`);
  }
}

// A `checked` answer: the model's invalid arguments are an answer, not an error.
function checked(c) {
  if (c.tag === 'valid') return valid(c.val);
  return { ok: false, errors: c.val.map(argError) };
}

// Valid arguments: their text, and the value parsed from it when it is first
// read (a caller that forwards the text pays for no parse). One getter for
// every answer (an object literal with a getter of its own makes a closure
// and defines an accessor on each, several times the cost); when first read it
// makes `value` a data property holding what it parsed.
const PARSED_WHEN_READ = {
  get() {
    const value = JSON.parse(this.text);
    Object.defineProperty(this, 'value', { value, enumerable: true, configurable: true });
    return value;
  },
  enumerable: true,
  configurable: true,
};

function valid(text) {
  const answer = { ok: true };
  Object.defineProperty(answer, 'value', PARSED_WHEN_READ);
  answer.text = text;
  return answer;
}

// A `result<bound-args, list<arg-error>>` of a one-shot export (`validate-args`,
// `restore-args`), as `engine.settle` answers it, as a `checked` is answered.
const bound = (a) => checked('ok' in a ? { tag: 'valid', val: a.ok } : { tag: 'invalid', val: a.err });

// A Validator's resource: the component's `tool` made from the schema alone,
// whose `validate` answers `checked`. A schema the tool refuses is refused
// with the `validator` resource's own diagnostics, whose paths are the
// schema's (the tool's are under `inputSchema`): the tool compiles the schema
// with the same validator, so both refuse the same schemas.
function makeValidator(engine, schema, options) {
  const made = engine.settle({ op: 'make', iface: 'tools', resource: 'Tool', fn: 'fromSchema', args: ['', '', schema, undefined, options] });
  if ('ok' in made) return made.ok;
  const id = engine.request({ op: 'make', iface: 'validate', resource: 'Validator', fn: 'compile', args: [schema, options] }, schemaError);
  engine.release({ id, generation: engine.generation });
  throw new SchemaError(made.err.map(diagnostic));
}

// A tool's info: the schemas parsed and as their exact text; the output
// schema's members absent when it has none.
function toolInfo(i) {
  const info = {
    name: i.name,
    description: i.description,
    inputSchema: deepFreeze(JSON.parse(i.inputSchema)),
    inputSchemaText: i.inputSchema,
  };
  if (i.outputSchema !== undefined) {
    info.outputSchema = deepFreeze(JSON.parse(i.outputSchema));
    info.outputSchemaText = i.outputSchema;
  }
  info.endsLoop = i.endsLoop;
  info.requiresApproval = i.requiresApproval;
  info.parallelSafe = i.parallelSafe;
  info.timeoutSeconds = i.timeoutSeconds;
  return Object.freeze(info);
}

// A value parsed from JSON, frozen through and through, so that a value a
// getter answers every time cannot be changed under the next caller.
function deepFreeze(v) {
  if (typeof v === 'object' && v !== null) {
    for (const member of Object.values(v)) deepFreeze(member);
    Object.freeze(v);
  }
  return v;
}
// `tool` is absent for a limit of the whole request, as `typedResult` is when there is none.
function overLimit(o) {
  const r = { limit: o.limit, scope: o.scope, allowed: o.allowed, measured: o.measured };
  if (o.tool !== undefined) r.tool = o.tool;
  r.message = o.message;
  return r;
}
const unexpectedErr = (payload) => new ToolSchemaError(`unexpected error result: ${show(payload)}`);

// `File.cs(12,5): error OLT002: message` for a diagnostic of C# source (no
// place for a problem with the options), `OLT002 at parameters[0].type:
// message` for any other.
function diagnosticLine(d) {
  if (typeof d.file !== 'string') return `${d.code} at ${d.path}: ${d.message}`;
  return d.file === '' ? `error ${d.code}: ${d.message}` : `${d.file}(${d.line},${d.column}): error ${d.code}: ${d.message}`;
}

function typeContext(context, what) {
  if (context === undefined || context === null) return { mode: 'generator' };
  checkObject(context, what);
  checkKeys(context, ['types', 'naming', 'mode'], what);
  const types = optionalText(context.types, `${what}.types`);
  const naming = optionalText(context.naming, `${what}.naming`);
  const mode = context.mode ?? 'generator';
  if (mode !== 'generator' && mode !== 'reflection') {
    throw new TypeError(`${what}.mode must be 'generator' or 'reflection', not ${show(mode)}`);
  }
  return { types, naming, mode };
}

// C# source files as they cross: plain `{path, text}` records of strings.
function sourceFiles(files) {
  if (!Array.isArray(files)) throw new TypeError(`files must be an array of {path, text} source files, not ${show(files)}`);
  return files.map((f, i) => {
    const what = `files[${i}]`;
    if (typeof f !== 'object' || f === null || Array.isArray(f)) {
      throw new TypeError(`${what} must be a source file {path, text}, not ${show(f)}`);
    }
    checkKeys(f, ['path', 'text'], what);
    if (typeof f.path !== 'string') throw new TypeError(`${what}.path must be a string (the path diagnostics name), not ${show(f.path)}`);
    if (typeof f.text !== 'string') throw new TypeError(`${what}.text must be a string (the file's C# source), not ${show(f.text)}`);
    return { path: wellFormed(f.path, `${what}.path`), text: wellFormed(f.text, `${what}.text`) };
  });
}

function sourceOptions(options, what) {
  if (options === undefined || options === null) return { mode: 'generator' };
  checkObject(options, what);
  checkKeys(options, ['mode', 'naming'], what);
  const naming = optionalText(options.naming, `${what}.naming`);
  const mode = options.mode ?? 'generator';
  if (mode !== 'generator' && mode !== 'reflection') {
    throw new TypeError(`${what}.mode must be 'generator' or 'reflection', not ${show(mode)}`);
  }
  return { mode, naming };
}

/**
 * The name of every request surface built into the component, in the order
 * of `providers()` (which answers each with its aliases: a target may be
 * either). A constant, so that it can be read before `load()`; a test checks
 * that it is the component's list.
 */
export const PROVIDERS = Object.freeze([
  'openai-chat',
  'openai-responses',
  'openai-structured-output',
  'azure-openai',
  'anthropic-tools',
  'anthropic-output',
  'bedrock-converse',
  'gemini-json',
  'gemini-openapi',
  'vertex',
  'mistral',
  'ollama',
  'llguidance',
]);

// The names the WIT's `target` has a case of its own for (the surfaces
// `anthropic-tools`, `openai-chat` and `gemini-json`, by their aliases).
const LEGACY_TARGETS = ['anthropic', 'openai', 'gemini'];

// A built-in surface by name or alias, or a profile of the host's own. A name
// the component does not know is its answer to give (OLP001, a
// DownconvertError), not a TypeError here.
function rawTarget(target) {
  if (typeof target === 'string') {
    if (LEGACY_TARGETS.includes(target)) return { tag: target };
    if (target !== '') return { tag: 'surface', val: wellFormed(target, 'target') };
  } else if (typeof target === 'object' && target !== null && !Array.isArray(target)) {
    checkKeys(target, ['custom'], 'target');
    return { tag: 'custom', val: text(target.custom, 'target.custom') };
  }
  throw new TypeError(`target must be a built-in surface's name or alias (PROVIDERS, providers()) or {custom: profileJson}, not ${show(target)}`);
}

function validateOptions(options, defaultLimits) {
  if (options === undefined || options === null) return undefined;
  checkObject(options, 'options');
  checkKeys(options, ['formats', 'anyValue', 'limits'], 'options');
  const formats = options.formats ?? 'assert';
  if (formats !== 'assert' && formats !== 'annotate') {
    throw new TypeError(`options.formats must be 'assert' or 'annotate', not ${show(formats)}`);
  }
  const anyValue = options.anyValue ?? false;
  if (typeof anyValue !== 'boolean') throw new TypeError(`options.anyValue must be a boolean, not ${show(anyValue)}`);
  let limits;
  if (options.limits !== undefined && options.limits !== null) {
    const given = options.limits;
    checkObject(given, 'options.limits');
    const names = ['maxArgumentBytes', 'maxArgumentDepth', 'maxSchemaBytes', 'maxSchemaDepth', 'regexBacktrackLimit'];
    checkKeys(given, names, 'options.limits');
    const d = names.every((n) => given[n] !== undefined) ? null : defaultLimits();
    const pick = (n) => given[n] ?? d[n];
    limits = {
      maxArgumentBytes: u64(pick('maxArgumentBytes'), 'options.limits.maxArgumentBytes'),
      maxArgumentDepth: u32(pick('maxArgumentDepth'), 'options.limits.maxArgumentDepth'),
      maxSchemaBytes: u64(pick('maxSchemaBytes'), 'options.limits.maxSchemaBytes'),
      maxSchemaDepth: u32(pick('maxSchemaDepth'), 'options.limits.maxSchemaDepth'),
      regexBacktrackLimit: u64(pick('regexBacktrackLimit'), 'options.limits.regexBacktrackLimit'),
    };
  }
  return { formats, anyValue, limits };
}

// `asJson` reads each JSON value of a part or an outcome: `text` (JSON text
// only, as `encodeResult` takes it) or `json` (text or a value, as a Tool does).
function rawPart(p, what, asJson) {
  checkObject(p, what);
  if (p.type === 'text') {
    checkKeys(p, ['type', 'text'], what);
    return { tag: 'text', val: text(p.text, `${what}.text`) };
  }
  if (p.type === 'json') {
    checkKeys(p, ['type', 'json'], what);
    return { tag: 'json', val: asJson(p.json, `${what}.json`) };
  }
  throw new TypeError(`${what}.type must be 'text' or 'json', not ${show(p.type)}`);
}

function rawParts(parts, what, asJson) {
  if (!Array.isArray(parts)) throw new TypeError(`${what} must be an array of parts, not ${show(parts)}`);
  return parts.map((p, i) => rawPart(p, `${what}[${i}]`, asJson));
}

function rawOutcome(o, asJson = text) {
  checkObject(o, 'outcome');
  const only = (...keys) => checkKeys(o, ['type', ...keys], 'outcome');
  switch (o.type) {
    case 'returned':
      only('json');
      return { tag: 'returned', val: asJson(o.json, 'outcome.json') };
    case 'returnedNothing':
      only();
      return { tag: 'returned-nothing' };
    case 'returnedParts':
      only('parts');
      return { tag: 'returned-parts', val: rawParts(o.parts, 'outcome.parts', asJson) };
    case 'returnedToolResult': {
      only('result');
      const r = o.result;
      checkObject(r, 'outcome.result');
      checkKeys(r, ['parts', 'isError', 'typedResult'], 'outcome.result');
      if (typeof r.isError !== 'boolean') {
        throw new TypeError(`outcome.result.isError must be a boolean, not ${show(r.isError)}`);
      }
      return {
        tag: 'returned-tool-result',
        val: {
          parts: rawParts(r.parts, 'outcome.result.parts', asJson),
          isError: r.isError,
          typedResult: r.typedResult === undefined || r.typedResult === null ? undefined : asJson(r.typedResult, 'outcome.result.typedResult'),
        },
      };
    }
    case 'threw':
      only('typeName', 'message');
      return {
        tag: 'threw',
        val: { typeName: text(o.typeName, 'outcome.typeName'), message: text(o.message, 'outcome.message') },
      };
    case 'timedOut':
      only('seconds');
      return { tag: 'timed-out', val: u32(o.seconds, 'outcome.seconds') };
    case 'invalidArguments': {
      // The errors validation gave (their messages cross), or the messages.
      only('errors');
      if (!Array.isArray(o.errors)) throw new TypeError(`outcome.errors must be an array, not ${show(o.errors)}`);
      return {
        tag: 'invalid-arguments',
        val: o.errors.map((e, i) => {
          const what = `outcome.errors[${i}]`;
          if (typeof e === 'string') return text(e, what);
          if (typeof e !== 'object' || e === null || Array.isArray(e)) {
            throw new TypeError(`${what} must be an argument error {message, …} or its message, not ${show(e)}`);
          }
          return text(e.message, `${what}.message`);
        }),
      };
    }
    default:
      throw new TypeError(
        "outcome.type must be one of 'returned', 'returnedNothing', 'returnedParts', 'returnedToolResult', " +
          `'threw', 'timedOut', 'invalidArguments', not ${show(o.type)}`,
      );
  }
}

function toolResult(r) {
  const result = {
    parts: r.parts.map((p) => (p.tag === 'text' ? { type: 'text', text: p.val } : { type: 'json', json: p.val })),
    isError: r.isError,
  };
  if (r.typedResult !== undefined) result.typedResult = r.typedResult;
  return result;
}

// ---------------------------------------------------------------- checks

function show(v) {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === 'bigint') return `${v}n`;
  if (Array.isArray(v)) return 'an array';
  if (v === null) return 'null';
  return typeof v === 'object' ? 'an object' : String(v);
}

function text(v, what) {
  if (typeof v !== 'string') throw new TypeError(`${what} must be a string (JSON text where JSON is meant), not ${show(v)}`);
  return wellFormed(v, what);
}

// An array of strings (each checked as `text` checks one), copied.
function texts(v, what, of) {
  if (!Array.isArray(v)) throw new TypeError(`${what} must be an array of ${of}, not ${show(v)}`);
  return v.map((s, i) => text(s, `${what}[${i}]`));
}

// A lone surrogate: a high one not followed by a low one, or a low one not
// preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** `v` itself when it is well-formed UTF-16, else a TextError naming it `what`. */
function wellFormed(v, what) {
  // isWellFormed is a scan without a regular expression where the engine has it (Node 20, Chrome 111).
  if (typeof v.isWellFormed === 'function' ? v.isWellFormed() : !LONE_SURROGATE.test(v)) return v;
  const at = v.search(LONE_SURROGATE);
  throw new TextError(what, at, v.charCodeAt(at));
}

/**
 * JSON given as text or as a value: a string is JSON text, passed on as it
 * is (so `'"hi"'` is the string hi, and `'hi'` is not JSON); anything else is
 * written with JSON.stringify.
 */
function json(v, what) {
  if (typeof v === 'string') return wellFormed(v, what);
  let written;
  try {
    written = JSON.stringify(v);
  } catch (e) {
    throw new TypeError(`${what} cannot be written as JSON: ${e.message}`);
  }
  if (written === undefined) throw new TypeError(`${what} must be JSON text or a value JSON.stringify writes, not ${show(v)}`);
  return written;
}

function optionalText(v, what) {
  return v === undefined || v === null ? undefined : text(v, what);
}

function checkObject(v, what) {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new TypeError(`${what} must be an object, not ${show(v)}`);
}

function checkKeys(v, allowed, what) {
  for (const key of Object.keys(v)) {
    if (!allowed.includes(key)) throw new TypeError(`${what} has no member '${key}' (expected: ${allowed.join(', ')})`);
  }
}

function u64(v, what) {
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new RangeError(`${what} must be a whole number (a BigInt above 2^53), not ${v}`);
    v = BigInt(v);
  }
  if (typeof v !== 'bigint') throw new TypeError(`${what} must be a BigInt or a number, not ${show(v)}`);
  if (v < 0n || v > U64_MAX) throw new RangeError(`${what} must be from 0 to 2^64-1, not ${v}`);
  return v;
}

function u32(v, what) {
  if (typeof v === 'bigint') v = Number(v);
  if (typeof v !== 'number') throw new TypeError(`${what} must be a number, not ${show(v)}`);
  if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) throw new RangeError(`${what} must be a whole number from 0 to 2^32-1, not ${v}`);
  return v;
}
