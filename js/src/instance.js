// One instance of the component and the resources made in it (validators,
// tools, converted schemas), made from the compiled core modules and replaced
// after a trap.
//
// The wrapper keeps it on the calling thread (the default) or in a worker
// thread (`load({deadlineMs})`, see ./worker.js). Either way a request is a
// plain object and so is its answer, so both modes run every call through the
// same lines here:
//
//   {op: 'call', iface, fn, args}              root[iface][fn](...args)
//   {op: 'make', iface, resource, fn, args}    a static function of a resource
//                                              (`Validator.compile`,
//                                              `Tool.fromDescriptor`): each
//                                              resource it answers is kept and
//                                              answered by its id
//   {op: 'method', id, fn, args}               a method of a kept resource; a
//                                              resource it answers (`convert`)
//                                              is kept too, answered by its id
//   {op: 'free', id}                           frees a kept resource inside the component
//   {op: 'kept'}                               how many resources are kept
//   {op: 'memory'}                             the linear memory's size in bytes
//
// and an answer is `{ok: value}`, `{err: payload}` (the component's `err`
// result, which the bindings throw as it is: scripts/build.mjs transpiles
// with jco's `noComponentErrorWrapping`) or `{trap: error}` (an Error thrown
// from inside: the instance is poisoned, so a fresh one has already replaced
// it, with no resources). On the calling thread the wrapper runs a request
// with `do` instead (and the two every operation makes, `call` and `method`,
// without making the request), which answers the value and throws what the
// bindings throw, so that a call allocates no answer.

import { instantiate } from '../gen/tool-schema.js';

// jco's bindings free a resource through this symbol.
const dispose = Symbol.dispose ?? Symbol.for('dispose');
// Room for this many resource classes in an id's number (see `#keep`).
const CLASSES = 4;

/**
 * Instantiates the component, asking `getModule(name)` for each compiled core
 * module; synchronous when every module is at hand, a Promise otherwise.
 * Answers `{root, memory}`: jco's root object and the instance's memory.
 */
export function instantiateComponent(getModule) {
  let memory = null;
  const instantiateCore = (module, imports) => {
    const instance = new WebAssembly.Instance(module, imports);
    if (memory === null && instance.exports.memory instanceof WebAssembly.Memory) memory = instance.exports.memory;
    return instance;
  };
  const done = (root) => ({ root, memory });
  const root = instantiate(getModule, {}, instantiateCore);
  return root instanceof Promise ? root.then(done) : done(root);
}

/**
 * Whether `e`, thrown by a call of the bindings, is the payload of an `err`
 * result (a record or a list of records) rather than a trap or a fault,
 * which are always Errors.
 */
export function isErrPayload(e) {
  return typeof e === 'object' && e !== null && !(e instanceof Error);
}

/** The live instance, replaced after a trap. */
export class Instance {
  #modules;
  #root = null;
  #memory = null;
  // The resources kept for the wrapper, each known by its class (Validator,
  // Tool, Converted) and its handle in the bindings, as one number:
  // `handle * CLASSES + class`. `#kept[id]` says it is kept; so a resource
  // kept costs no object, only a byte. An id is used again only once its
  // resource is freed (the bindings use a handle again), and the wrapper
  // never uses one it has seen freed.
  #kept = new Uint8Array(256);
  #count = 0;
  // Per class: its prototype, and one object of it that each call is made
  // through, given the resource's handle first.
  #prototypes = [];
  #carriers = [];
  // The property of a resource object that holds its handle.
  #handleKey = null;

  #workBudget;

  /**
   * @param {Map<string, WebAssembly.Module>} modules every compiled core module, by name
   * @param {{root: object, memory: WebAssembly.Memory}} [made] an instance already made from them
   * @param {bigint | null} [workBudget] the work budget to set in each instance (null: the component's default)
   */
  constructor(modules, made, workBudget = null) {
    this.#modules = modules;
    this.#workBudget = workBudget;
    if (made) this.#adopt(made);
    else this.#fresh();
  }

  /** The interfaces this build of the component exports that have operations. */
  get interfaces() {
    return Object.keys(this.#root).filter((k) => !k.includes(':'));
  }

  /**
   * Each of those interfaces' functions and resources, as the bindings name
   * them (`{downconvert: ['downconvert', 'providers', …], …}`): what a
   * build older than the package's wrapper may lack.
   */
  get functions() {
    return Object.fromEntries(this.interfaces.map((k) => [k, Object.keys(this.#root[k])]));
  }

  get memoryBytes() {
    return this.#memory.buffer.byteLength;
  }

  /** Runs one request; never throws for what the component does. */
  run(request) {
    try {
      return { ok: this.do(request) };
    } catch (e) {
      if (isErrPayload(e)) return { err: e };
      this.replace();
      return { trap: e };
    }
  }

  /**
   * Runs one request: answers its value, and throws the payload of an `err`
   * result, or the error of a trap (the caller then calls `replace()`).
   */
  do(request) {
    switch (request.op) {
      case 'call':
        return this.call(request.iface, request.fn, request.args);
      case 'make': {
        const made = this.#root[request.iface][request.resource][request.fn](...request.args);
        return Array.isArray(made) ? made.map((r) => this.#keep(r)) : this.#keep(made);
      }
      case 'method':
        return this.method(request.id, request.fn, request.args);
      case 'free': {
        const carrier = this.#resource(request.id);
        this.#kept[request.id] = 0;
        this.#count -= 1;
        carrier[dispose]();
        return undefined;
      }
      case 'kept':
        return this.#count;
      case 'memory':
        return this.memoryBytes;
      default:
        throw new Error(`internal: unknown request '${request.op}'`);
    }
  }

  /** `root[iface][fn](...args)`, as `do` runs it. */
  call(iface, fn, args) {
    return this.#root[iface][fn](...args);
  }

  /** A method of a kept resource, as `do` runs it; a resource it answers is kept, answered by its id. */
  method(id, fn, args) {
    const answer = this.#resource(id)[fn](...args);
    return isResource(answer) ? this.#keep(answer) : answer;
  }

  /** After a trap: a fresh instance from the compiled modules, with no resources. */
  replace() {
    this.#fresh();
  }

  // The bindings answer a resource as an object of its class holding its
  // handle and nothing else (scripts/build.mjs, lightResources), freed by
  // its class's `dispose`: what is kept is the handle.
  #keep(raw) {
    const prototype = Object.getPrototypeOf(raw);
    let kind = this.#prototypes.indexOf(prototype);
    if (kind < 0) {
      if (this.#handleKey === null) {
        const own = Reflect.ownKeys(raw);
        if (own.length !== 1 || typeof own[0] !== 'symbol' || !Number.isInteger(raw[own[0]])) {
          throw new Error('internal: a resource of the bindings is not an object holding its handle alone');
        }
        this.#handleKey = own[0];
      }
      kind = this.#prototypes.push(prototype) - 1;
      if (kind >= CLASSES) throw new Error('internal: more resource classes than ids have room for');
      this.#carriers.push(Object.create(prototype));
    }
    const id = raw[this.#handleKey] * CLASSES + kind;
    if (id >= this.#kept.length) {
      const kept = new Uint8Array(Math.max(2 * this.#kept.length, id + 1));
      kept.set(this.#kept);
      this.#kept = kept;
    }
    if (this.#kept[id] !== 0) throw new Error(`internal: resource ${id} is kept already`);
    this.#kept[id] = 1;
    this.#count += 1;
    return id;
  }

  // The carrier of the resource `id`'s class, holding its handle.
  #resource(id) {
    if (!(this.#kept[id] === 1)) throw new Error(`internal: no resource ${id} in this instance`);
    const carrier = this.#carriers[id % CLASSES];
    carrier[this.#handleKey] = (id - (id % CLASSES)) / CLASSES;
    return carrier;
  }

  // A fresh instance from the compiled modules: synchronous, so the call
  // after a trap finds it ready. The resources went with the old one.
  #fresh() {
    const made = instantiateComponent((name) => this.#modules.get(name));
    if (made instanceof Promise) throw new Error('internal: a fresh instance needed an asynchronous step');
    this.#adopt(made);
  }

  #adopt({ root, memory }) {
    // Every instance gets the budget, the fresh one after a trap included.
    if (this.#workBudget !== null) {
      if (!root.work) throw new Error('this build of the component has no work interface, so it takes no workBudget');
      root.work.setWorkBudget(this.#workBudget);
    }
    this.#root = root;
    this.#memory = memory;
    this.#kept = new Uint8Array(256);
    this.#count = 0;
    this.#prototypes = [];
    this.#carriers = [];
    this.#handleKey = null;
  }
}

// A resource jco made: an object it frees through `dispose`. (Records and
// lists of records, the other answers of a method, have no such member.)
const isResource = (v) => typeof v === 'object' && v !== null && typeof v[dispose] === 'function';
