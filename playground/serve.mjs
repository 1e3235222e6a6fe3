// A static file server for the built playground, on 127.0.0.1 only:
//
//   node serve.mjs [--port N] [dir]     (default port 8765, dir dist)
//
// `serve(dir, port)` is what the browser test uses (port 0: any free port).

import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.cs': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** Serves `dir` on 127.0.0.1:`port`; resolves to the listening server and its URL. */
export function serve(dir, port = 0) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
      let file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) throw Object.assign(new Error('outside'), { code: 'ENOENT' });
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (e) {
      res.writeHead(e.code === 'ENOENT' || e.code === 'ENOTDIR' ? 404 : 500, { 'content-type': 'text/plain' });
      res.end(e.code === 'ENOENT' || e.code === 'ENOTDIR' ? 'not found\n' : 'error\n');
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok({ server, url: `http://127.0.0.1:${server.address().port}/` }));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const i = args.indexOf('--port');
  const port = i >= 0 ? Number(args.splice(i, 2)[1]) : 8765;
  const dir = args[0] ?? fileURLToPath(new URL('dist', import.meta.url));
  try {
    const { url } = await serve(dir, port);
    console.log(`Serving ${dir} at ${url} (Ctrl-C stops it)`);
  } catch (e) {
    console.error(`error: cannot serve on 127.0.0.1:${port}: ${e.message}${e.code === 'EADDRINUSE' ? ' (try PLAYGROUND_PORT=another)' : ''}`);
    process.exit(1);
  }
}
