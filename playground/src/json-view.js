// JSON for the page without JSON.parse: a parser that keeps every value's
// place in the text (so a number such as 18446744073709551615 is shown and
// passed on as written, never rounded, and keys keep their order), and a
// pretty-printer that renders into the DOM with a JSON pointer on every node,
// so a change reported at a pointer can be highlighted where it is.

/**
 * @typedef {{kind: 'object', members: {key: string, value: Node, start: number, keyEnd: number, end: number}[], start: number, end: number}
 *   | {kind: 'array', items: Node[], start: number, end: number}
 *   | {kind: 'string', value: string, start: number, end: number}
 *   | {kind: 'number' | 'literal', start: number, end: number}} Node
 */

/** Parses JSON text into nodes that remember where they are. Throws SyntaxError with a line and column. */
export function parseJson(text) {
  let at = 0;
  const fail = (what) => {
    const before = text.slice(0, at).split('\n');
    throw new SyntaxError(`${what} at line ${before.length}, column ${before.at(-1).length + 1}`);
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at])) at++;
  };
  const string = () => {
    const start = at;
    at++;
    while (at < text.length && text[at] !== '"') {
      if (text[at] === '\\') at++;
      else if (text.charCodeAt(at) < 0x20) fail('a control character in a string');
      at++;
    }
    if (at >= text.length) fail('an unterminated string');
    at++;
    let value;
    try {
      value = JSON.parse(text.slice(start, at));
    } catch {
      fail('a bad escape in a string');
    }
    return { kind: 'string', value, start, end: at };
  };
  const value = () => {
    space();
    const start = at;
    const c = text[at];
    if (c === '{') {
      at++;
      const members = [];
      space();
      if (text[at] === '}') return { kind: 'object', members, start, end: ++at };
      for (;;) {
        space();
        if (text[at] !== '"') fail('expected a string key');
        const memberStart = at;
        const keyNode = string();
        space();
        if (text[at] !== ':') fail("expected ':'");
        at++;
        const v = value();
        members.push({ key: keyNode.value, value: v, start: memberStart, keyEnd: keyNode.end, end: v.end });
        space();
        if (text[at] === ',') {
          at++;
          continue;
        }
        if (text[at] === '}') return { kind: 'object', members, start, end: ++at };
        fail("expected ',' or '}'");
      }
    }
    if (c === '[') {
      at++;
      const items = [];
      space();
      if (text[at] === ']') return { kind: 'array', items, start, end: ++at };
      for (;;) {
        items.push(value());
        space();
        if (text[at] === ',') {
          at++;
          continue;
        }
        if (text[at] === ']') return { kind: 'array', items, start, end: ++at };
        fail("expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    const number = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(at, at + 1100));
    if (number) {
      at += number[0].length;
      return { kind: 'number', start, end: at };
    }
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return { kind: 'literal', start, end: at };
      }
    }
    fail(at >= text.length ? 'the text ends where a value should be' : 'expected a value');
  };
  const root = value();
  space();
  if (at < text.length) fail('text after the value');
  return root;
}

/** The member `key` of an object node, or undefined. */
export function member(node, key) {
  return node?.kind === 'object' ? node.members.find((m) => m.key === key)?.value : undefined;
}

/** A JSON pointer one step further. */
export function pointerTo(pointer, key) {
  return `${pointer}/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

/**
 * Renders `node` (parsed from `text`) into `into` as indented JSON. Every
 * value is a `<span class="v" data-pointer>`, every object member (key and
 * value) a `<span class="m" data-member>` with the member value's pointer;
 * returns a Map from pointer to the value's element and the member's element.
 */
export function renderJson(into, text, node) {
  const elements = new Map();
  const el = (cls, content) => {
    const span = document.createElement('span');
    span.className = cls;
    if (content !== undefined) span.textContent = content;
    return span;
  };
  const scalar = (n) => !(n.kind === 'object' || n.kind === 'array') || (n.kind === 'array' ? n.items.length : n.members.length) === 0;
  const render = (n, pointer, indent) => {
    const span = el(`v ${n.kind}`);
    span.dataset.pointer = pointer;
    elements.set(pointer, { value: span });
    if (n.kind === 'object' && n.members.length > 0) {
      span.append('{\n');
      n.members.forEach((m, i) => {
        const p = pointerTo(pointer, m.key);
        const line = el('m');
        line.dataset.member = p;
        line.append(el('k', text.slice(m.start, m.keyEnd)), ': ', render(m.value, p, indent + '  '));
        span.append(indent + '  ', line, i < n.members.length - 1 ? ',\n' : '\n');
        elements.get(p).member = line;
      });
      span.append(indent + '}');
    } else if (n.kind === 'array' && n.items.length > 0) {
      const inline = n.items.every(scalar);
      span.append(inline ? '[' : '[\n');
      n.items.forEach((item, i) => {
        if (!inline) span.append(indent + '  ');
        span.append(render(item, pointerTo(pointer, i), indent + '  '));
        if (i < n.items.length - 1) span.append(inline ? ', ' : ',\n');
      });
      span.append(inline ? ']' : '\n' + indent + ']');
    } else {
      span.textContent = n.kind === 'object' ? '{}' : n.kind === 'array' ? '[]' : text.slice(n.start, n.end);
    }
    return span;
  };
  into.replaceChildren(render(node, '', ''));
  return elements;
}
