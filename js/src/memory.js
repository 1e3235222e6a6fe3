// A memory limit for the component's core module, written into the module.
//
// The Rust host gives each instance a store limit of 512 MiB of linear memory.
// JavaScript engines have no store limits, but a memory's declared maximum
// does the same: `memory.grow` past it fails, the component's allocator gets
// no memory, and the call traps instead of taking the whole process's memory.
// The core module declares its memory without a maximum, so one is written in
// before it is compiled (the memory section of the WebAssembly binary format,
// https://webassembly.github.io/spec/core/binary/modules.html#memory-section).

const PAGE_BYTES = 65536;
const MAX_PAGES = 65536; // 4 GiB, the most a 32-bit memory can have
const MEMORY_SECTION = 5;

/**
 * The module's bytes with every memory it defines limited to `maxBytes`
 * (rounded down to whole 64 KiB pages), or the same bytes when it defines
 * none. A maximum the module already has is kept when it is lower.
 *
 * @param {Uint8Array} bytes a core WebAssembly module
 * @param {number} maxBytes
 * @returns {Uint8Array}
 */
export function limitMemory(bytes, maxBytes) {
  if (!(bytes[0] === 0 && bytes[1] === 0x61 && bytes[2] === 0x73 && bytes[3] === 0x6d)) {
    throw new TypeError('not a WebAssembly module');
  }
  const limitPages = Math.min(MAX_PAGES, Math.floor(maxBytes / PAGE_BYTES));
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, sizeEnd] = readU32(bytes, at + 1);
    const start = sizeEnd;
    const end = start + size;
    if (id === MEMORY_SECTION) {
      const body = rewriteMemories(bytes.subarray(start, end), limitPages);
      const out = [bytes.subarray(0, at), Uint8Array.of(id), writeU32(body.length), body, bytes.subarray(end)];
      const result = new Uint8Array(out.reduce((n, part) => n + part.length, 0));
      let offset = 0;
      for (const part of out) {
        result.set(part, offset);
        offset += part.length;
      }
      return result;
    }
    at = end;
  }
  return bytes;
}

function rewriteMemories(section, limitPages) {
  const [count, countEnd] = readU32(section, 0);
  const out = [...writeU32(count)];
  let at = countEnd;
  for (let i = 0; i < count; i++) {
    const flags = section[at++];
    if (flags & ~0x03) {
      throw new RangeError(`memory ${i} uses limits this loader does not know (flags 0x${flags.toString(16)})`);
    }
    const [min, minEnd] = readU32(section, at);
    at = minEnd;
    let max = limitPages;
    if (flags & 0x01) {
      const [declared, maxEnd] = readU32(section, at);
      at = maxEnd;
      max = Math.min(declared, limitPages);
    }
    if (max < min) {
      throw new RangeError(
        `maxMemoryBytes ${limitPages * PAGE_BYTES} is less than the component's initial memory of ${min * PAGE_BYTES} bytes`,
      );
    }
    out.push(flags | 0x01, ...writeU32(min), ...writeU32(max));
  }
  if (at !== section.length) throw new RangeError('the memory section is malformed');
  return Uint8Array.from(out);
}

function readU32(bytes, at) {
  let value = 0;
  for (let shift = 0; shift < 35; shift += 7) {
    const byte = bytes[at++];
    if (byte === undefined) throw new RangeError('the module ends inside a number');
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return [value, at];
  }
  throw new RangeError('a number in the module is longer than 5 bytes');
}

function writeU32(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return out;
}
