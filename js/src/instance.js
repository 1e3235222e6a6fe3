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
// result, which jco throws as a ComponentError) or `{trap: error}` (anything
// else thrown from inside: the instance is poisoned, so a fresh one has
// already replaced it, with no resources).

import { instantiate } from '../gen/tool-schema.js';

// jco's bindings free a resource through this symbol.
const dispose = Symbol.dispose ?? Symbol.for('dispose');

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

// jco defines its ComponentError class inside each instance, so it is known
// by name and by its `payload`.
function isComponentError(e) {
  return e instanceof Error && e.constructor?.name === 'ComponentError' && Object.hasOwn(e, 'payload');
}

/** The live instance, replaced after a trap. */
export class Instance {
  #modules;
  #root = null;
  #memory = null;
  // id → the jco object of a resource kept for the wrapper. No id is used
  // twice, not even after a trap (a fresh instance keeps counting).
  #resources = new Map();
  #nextId = 1;

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

  get memoryBytes() {
    return this.#memory.buffer.byteLength;
  }

  /** Runs one request; never throws for what the component does. */
  run(request) {
    try {
      return { ok: this.#do(request) };
    } catch (e) {
      if (isComponentError(e)) return { err: e.payload };
      this.#fresh();
      return { trap: e };
    }
  }

  #do(request) {
    switch (request.op) {
      case 'call':
        return this.#root[request.iface][request.fn](...request.args);
      case 'make': {
        const made = this.#root[request.iface][request.resource][request.fn](...request.args);
        return Array.isArray(made) ? made.map((r) => this.#keep(r)) : this.#keep(made);
      }
      case 'method': {
        const answer = this.#resource(request.id)[request.fn](...request.args);
        return isResource(answer) ? this.#keep(answer) : answer;
      }
      case 'free': {
        const raw = this.#resource(request.id);
        this.#resources.delete(request.id);
        raw[dispose]();
        return undefined;
      }
      case 'kept':
        return this.#resources.size;
      case 'memory':
        return this.memoryBytes;
      default:
        throw new Error(`internal: unknown request '${request.op}'`);
    }
  }

  #keep(raw) {
    const id = this.#nextId++;
    this.#resources.set(id, raw);
    return id;
  }

  #resource(id) {
    const raw = this.#resources.get(id);
    if (raw === undefined) throw new Error(`internal: no resource ${id} in this instance`);
    return raw;
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
    this.#resources = new Map();
  }
}

// A resource jco made: an object it frees through `dispose`. (Records and
// lists of records, the other answers of a method, have no such member.)
const isResource = (v) => typeof v === 'object' && v !== null && typeof v[dispose] === 'function';
