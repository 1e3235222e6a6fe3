// The worker thread of `load({deadlineMs})` (Node only).
//
// V8 cannot interrupt a synchronous WebAssembly call on the thread that made
// it, so with a deadline the instance lives here instead: the calling thread
// posts each request on a MessageChannel and blocks in `Atomics.wait` on a
// SharedArrayBuffer until this thread has posted the answer and set the flag
// (it then takes the answer with `receiveMessageOnPort`), or until the
// deadline, when it terminates this thread and starts another.
//
// workerData: {modules: [[name, WebAssembly.Module], …], port, flag,
// workBudget}, the core modules already compiled (and memory-limited) by the
// calling thread, this thread's end of the channel, the Int32Array the
// answers are signalled on, and the work budget for each instance (null: the
// component's default). The first message is `{ready: {interfaces, functions}}` or `{failed}`;
// then one answer per request (see ./instance.js), with a trap's error as a
// plain record `{name, message, stack}`.

import { workerData } from 'node:worker_threads';
import { Instance } from './instance.js';

const { modules, port, flag, workBudget } = workerData;

function reply(message) {
  try {
    port.postMessage(message);
  } catch (e) {
    port.postMessage({ fault: `the worker thread could not send its answer: ${e?.message ?? e}` });
  }
  // The answer is in the caller's queue before the flag says so.
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}

let instance = null;
try {
  instance = new Instance(new Map(modules), undefined, workBudget ?? null);
  reply({ ready: { interfaces: instance.interfaces, functions: instance.functions } });
} catch (e) {
  reply({ failed: String(e?.stack ?? e) });
}

if (instance !== null) {
  port.on('message', (request) => {
    let answer;
    try {
      answer = instance.run(request);
    } catch (e) {
      reply({ fault: `the worker thread failed: ${e?.stack ?? e}` });
      return;
    }
    if ('trap' in answer) {
      const e = answer.trap;
      answer = { trap: { name: e?.name ?? 'Error', message: e?.message ?? String(e), stack: e?.stack } };
    }
    reply(answer);
  });
}
