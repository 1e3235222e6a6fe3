// A `node --test` reporter: Node's TAP output, then the counts once more as
// `N passed, N failed` on a line by itself (`, N skipped` when any were), the
// closing line every test runner of this project prints.
//
//   node --test --test-reporter=./scripts/test-reporter.mjs test/*.test.mjs

import { tap } from 'node:test/reporters';

export default async function* summary(source) {
  const counts = {};
  async function* watch() {
    for await (const event of source) {
      // The runner ends with diagnostics such as `pass 397` and `fail 0`.
      if (event.type === 'test:diagnostic') {
        const m = /^(tests|pass|fail|cancelled|skipped|todo) (\d+)$/.exec(event.data.message);
        if (m) counts[m[1]] = Number(m[2]);
      }
      yield event;
    }
  }
  yield* tap(watch());
  const failed = (counts.fail ?? 0) + (counts.cancelled ?? 0);
  const skipped = (counts.skipped ?? 0) + (counts.todo ?? 0);
  yield `${counts.pass ?? 0} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`;
}
