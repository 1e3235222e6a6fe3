// What the node tests share: the error `f()` throws, checked to be a `type`.

import assert from 'node:assert/strict';

export function thrown(f, type) {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof type, `expected ${type.name}, got ${e?.name}: ${e?.message}`);
    return e;
  }
  assert.fail(`expected ${type.name}, but nothing was thrown`);
}
