// Places in C# source for the page: a diagnostic's line and column (1-based,
// the column in UTF-16 code units, which is how a JavaScript string is
// indexed) as an offset into the text, the stretch of text it is about, and
// the backdrop behind the editor that underlines each stretch.
//
// The backdrop is a <pre> laid exactly under a transparent <textarea>, with
// the same text, font, padding and scroll position; only its <mark>s show.

/** The offset in `text` of a 1-based line and column, or null for no place (0/0) or one past the text. */
export function offsetOf(text, line, column) {
  if (!(line >= 1 && column >= 1)) return null;
  let at = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', at);
    if (next === -1) return null;
    at = next + 1;
  }
  const end = lineEnd(text, at);
  return at + column - 1 <= end ? at + column - 1 : null;
}

function lineEnd(text, at) {
  const next = text.indexOf('\n', at);
  return next === -1 ? text.length : next;
}

const WORD = /[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}\p{Cf}@]/u;
const word = (c) => c !== undefined && WORD.test(c);

/**
 * The end of what a diagnostic at `start` is about, on its line: a type with
 * its type arguments and suffixes (`Queue<int>`, `List<Item>?`, `int[]`), a
 * name or keyword (`Counters`, `ref`), a string or character literal (to its
 * closing quote, else to the end of the line), or else one character.
 */
export function extentAt(text, start) {
  const end = lineEnd(text, start);
  if (start >= end) return start;
  const c = text[start];
  const quote = /^(?:\$*@|@\$+|\$+)?(["'])/.exec(text.slice(start, Math.min(end, start + 8)));
  if (quote && (c === '"' || c === "'" || c === '@' || c === '$')) {
    const verbatim = quote[0].includes('@');
    let i = start + quote[0].length;
    const raw = /^"{3,}/.exec(text.slice(i - 1, end));
    if (raw) {
      // A raw string literal: closed by as many quotes as opened it.
      const close = text.indexOf(raw[0], i - 1 + raw[0].length);
      return close === -1 || close >= end ? end : close + raw[0].length;
    }
    while (i < end) {
      if (!verbatim && text[i] === '\\') i += 2;
      else if (text[i] === quote[1]) {
        if (verbatim && text[i + 1] === quote[1]) i += 2;
        else return i + 1;
      } else i += 1;
    }
    return end;
  }
  if (!word(c)) return start + (c >= '\ud800' && c <= '\udbff' && start + 1 < end ? 2 : 1);
  let i = start;
  const name = () => {
    while (i < end && (word(text[i]) || (text[i] === '.' && word(text[i + 1])) || text.startsWith('::', i))) {
      i += text.startsWith('::', i) ? 2 : 1;
    }
  };
  name();
  if (text[i] === '<') {
    // Type arguments, if they close on this line before anything a type cannot hold.
    let depth = 0;
    let j = i;
    for (; j < end; j++) {
      const t = text[j];
      if (t === '<') depth++;
      else if (t === '>') {
        if (--depth === 0) break;
      } else if (!(word(t) || ' ,.?[]()'.includes(t))) break;
    }
    if (depth === 0 && text[j] === '>') i = j + 1;
  }
  for (;;) {
    const suffix = /^(?:\?|\[,*\]|\*)/.exec(text.slice(i, Math.min(end, i + 34)));
    if (!suffix) break;
    i += suffix[0].length;
  }
  return i;
}

/**
 * The stretch `[start, end)` of each diagnostic in `text` (null for one with
 * no place, such as a problem with the options).
 */
export function spans(text, diagnostics) {
  return diagnostics.map((d) => {
    const start = offsetOf(text, d.line, d.column);
    return start === null ? null : { start, end: extentAt(text, start) };
  });
}

/**
 * Fills `backdrop` with `text`, each stretch in `spansOf` underlined by a
 * `<mark>` that names its diagnostics (`data-diagnostics="0 2"`: where two
 * overlap, the text is split so every mark names each diagnostic it covers)
 * and has the class of the most severe. A stretch of nothing (a place at the
 * end of a line) is an empty `<mark class="... empty">`.
 */
export function renderMarks(backdrop, text, spansOf, severities) {
  const cuts = new Set([0, text.length]);
  spansOf.forEach((s) => {
    if (s) cuts.add(s.start).add(s.end);
  });
  const points = [...cuts].sort((a, b) => a - b);
  const parts = [];
  const mark = (from, to, covering) => {
    const m = document.createElement('mark');
    m.dataset.diagnostics = covering.join(' ');
    m.className = `diag ${covering.some((i) => severities[i] === 'error') ? 'error' : 'warning'}${from === to ? ' empty' : ''}`;
    m.textContent = text.slice(from, to);
    return m;
  };
  for (let k = 0; k < points.length; k++) {
    const from = points[k];
    const empty = spansOf.map((s, i) => (s && s.start === from && s.end === from ? i : -1)).filter((i) => i >= 0);
    if (empty.length > 0) parts.push(mark(from, from, empty));
    if (k + 1 === points.length) break;
    const to = points[k + 1];
    const covering = spansOf.map((s, i) => (s && s.start <= from && to <= s.end && s.start < s.end ? i : -1)).filter((i) => i >= 0);
    parts.push(covering.length > 0 ? mark(from, to, covering) : text.slice(from, to));
  }
  // A last line break needs something after it to be a line in a <pre>, as it is in the textarea.
  parts.push('\n');
  backdrop.replaceChildren(...parts);
}
