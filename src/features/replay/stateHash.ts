/**
 * Canonical JSON and a synchronous, dependency-free state hash that gives the same result in browsers and Node.
 * Canonical JSON = JSON.stringify semantics (undefined and functions dropped, non-finite numbers → null, toJSON
 * honoured) with object keys sorted by UTF-16 code units and no whitespace.
 */
export function canonicalJson(value: unknown): string {
  const out = toCanonical(value);
  return out === undefined ? 'null' : out;
}

function toCanonical(value: unknown): string | undefined {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON: () => unknown }).toJSON();
  }
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (Array.isArray(value)) return `[${value.map((v) => toCanonical(v) ?? 'null').join(',')}]`;
      return `{${Object.keys(value as object)
        .sort()
        .flatMap((key) => {
          const v = toCanonical((value as Record<string, unknown>)[key]);
          return v === undefined ? [] : [`${JSON.stringify(key)}:${v}`];
        })
        .join(',')}}`;
    default:
      // undefined, functions, symbols: dropped like JSON.stringify does (bigint is not JSON either).
      return undefined;
  }
}

/**
 * FNV-1a, 64-bit, over the UTF-8 bytes of the text; 16 lowercase hex digits.
 * Arithmetic on four 16-bit limbs so that it stays exact with plain numbers.
 */
export function fnv1a64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  // offset basis 0xcbf29ce484222325, limbs from least significant
  let h0 = 0x2325,
    h1 = 0x8422,
    h2 = 0x9ce4,
    h3 = 0xcbf2;
  for (let i = 0; i < bytes.length; i++) {
    h0 ^= bytes[i];
    // multiply by the prime 0x100000001b3 = 2^40 + 0x1b3
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3;
    const t2 = h2 * 0x1b3;
    const t3 = h3 * 0x1b3;
    // 2^40 = limb 2 shifted by 8 bits: h0 << 8 lands in limb 2 (and 3), h1 << 8 in limb 3.
    const c0 = t0;
    const c1 = t1 + (c0 >>> 16);
    const c2 = t2 + (c1 >>> 16) + ((h0 << 8) & 0xffffff);
    const c3 = t3 + (c2 >>> 16) + (h1 << 8);
    h0 = c0 & 0xffff;
    h1 = c1 & 0xffff;
    h2 = c2 & 0xffff;
    h3 = c3 & 0xffff;
  }
  const hex = (n: number) => n.toString(16).padStart(4, '0');
  return hex(h3) + hex(h2) + hex(h1) + hex(h0);
}

/** The checkpoint hash of a state: "fnv1a64:" + FNV-1a 64 of its canonical JSON. */
export function hashState(state: unknown): string {
  return `fnv1a64:${fnv1a64(canonicalJson(state))}`;
}

/**
 * The hash a checkpoint carries: of the slices the log's initialState has (its top-level keys). Slices added to the
 * app after a log was recorded start from their own initial state on replay and are not part of the comparison, so
 * old logs keep verifying as new features land; a recorded slice whose reducer now behaves differently still fails.
 */
export function hashSlices(state: unknown, sliceKeys: readonly string[]): string {
  const source = (state ?? {}) as Record<string, unknown>;
  return hashState(Object.fromEntries(sliceKeys.map((key) => [key, source[key]])));
}
