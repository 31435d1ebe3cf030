/**
 * Deterministic (seeded) hostile inputs for the fuzz tests. Every value made
 * here is certain to be invalid for the field kind it targets, so a request
 * carrying it must be refused and must change nothing.
 */

/** mulberry32: a small seeded generator, so a failing input can be replayed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const HOSTILE_STRINGS = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '; DROP TABLE users;',
  '" OR ""="',
  "1' AND pg_sleep(3) --",
  "') UNION SELECT password_hash FROM users --",
  '<script>alert(1)</script>',
  '<svg onload=alert(1)>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/dev/zero',
  'nul\u0000byte',
  '\u202Egnp.exe\u202C',
  'مرحبا بالعالم \u200F',
  '\u200B\u200D\uFEFF',
  '😀🎓🇿🇲'.repeat(20),
  '\uD800',
  '${7*7}{{7*7}}<%= 7*7 %>',
  '{"$ne": null}',
  '\r\nSet-Cookie: admin=1',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-0',
  '0x7fffffff',
  '9'.repeat(400),
];

const NESTED = (depth: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i += 1) v = { a: v };
  return v;
};

/** Values that are never a string. */
const NOT_STRINGS: unknown[] = [null, 0, -1, 1.5, 1e308, -1e308, true, false, [], ['a'], {}, { $ne: null }, { toString: 'x' }, NESTED(50), [[[[[]]]]]];
/** Values that never coerce to a positive 32-bit integer. */
/** Loose coercion took these as numbers: a boolean, hexadecimal, padded digits, exponents. */
const NOT_DECIMAL: unknown[] = [true, false, '0x10', ' 1', '1 ', '+1', '1e1', '1_000', '１'];
const NOT_IDS: unknown[] = [
  null,
  0,
  -1,
  1.5,
  -0.5,
  2_147_483_648,
  1e308,
  -1e308,
  [],
  {},
  { $ne: null },
  NESTED(20),
  'abc',
  '',
  ' ',
  '1.5',
  '-3',
  '2147483648',
  ...NOT_DECIMAL,
  ...HOSTILE_STRINGS.filter((s) => !/^\d+$/.test(s)),
];
/** Control characters inside an otherwise valid length: PostgreSQL refuses NUL, and none belongs in text. */
export const CONTROL_STRINGS = ['nul\u0000inside', '\u0000', 'bell\u0007', 'escape\u001b[31m', 'del\u007f'];
const NOT_BOOLEANS: unknown[] = [null, 0, 1, 'true', 'false', 'yes', '', [], [true], {}, { $ne: null }, ...HOSTILE_STRINGS];

export type FieldKind = { kind: 'status' } | { kind: 'text'; max: number } | { kind: 'id' } | { kind: 'nullable-id' } | { kind: 'bool' } | { kind: 'small-int'; max: number } | { kind: 'never' };

/** Invalid values for a field of this kind. */
export function invalidValues(field: FieldKind): unknown[] {
  switch (field.kind) {
    case 'text':
      return [
        ...NOT_STRINGS,
        '',
        '   ',
        ...CONTROL_STRINGS,
        // Longer than the field's maximum, whatever fragment follows.
        ...HOSTILE_STRINGS.map((s) => `${'y'.repeat(field.max + 1)}${s}`),
      ];
    case 'id':
      return NOT_IDS;
    case 'nullable-id':
      // An id where null means 'nobody' (an assignee taken back).
      return NOT_IDS.filter((value) => value !== null);
    case 'bool':
      return NOT_BOOLEANS;
    case 'small-int':
      return [null, 0, -1, 1.5, field.max + 1, 1e308, 'abc', '', [], {}, ...NOT_DECIMAL, ...HOSTILE_STRINGS.filter((s) => !/^\d+$/.test(s))];
    case 'never':
      return [];
    case 'status':
      return [...NOT_STRINGS, '', 'PENDING', 'Submitted', 'PENDING_REVIEW', ...HOSTILE_STRINGS];
  }
}

export interface Raw {
  raw: string | Buffer;
  contentType?: string;
}

export function isRaw(v: unknown): v is Raw {
  return typeof v === 'object' && v !== null && 'raw' in v && Object.keys(v).length <= 2 && (typeof (v as Raw).raw === 'string' || Buffer.isBuffer((v as Raw).raw));
}

/**
 * At least `min` invalid bodies for a route: each required field replaced by
 * invalid values, removed, or given hostile keys next to it; whole bodies of
 * the wrong shape; broken JSON, huge and deeply nested documents; prototype
 * pollution keys. Order shuffled by the seed.
 */
export function hostileBodies(valid: Record<string, unknown>, fields: Record<string, FieldKind>, seed: number, min = 200): Array<unknown> {
  const rnd = seeded(seed);
  const out: unknown[] = [];
  const json = JSON.stringify(valid);
  for (const [name, kind] of Object.entries(fields)) {
    for (const value of invalidValues(kind)) out.push({ ...valid, [name]: value });
    const { [name]: _drop, ...rest } = valid;
    out.push(rest);
  }
  // Unknown keys (every body schema is strict), including prototype pollution.
  HOSTILE_STRINGS.forEach((s, i) => out.push({ ...valid, [`${s.slice(0, 60)}_${i}`]: s }));
  out.push(JSON.parse(`{${json.slice(1, -1)},"__proto__":{"role":"SUPERUSER","isAdmin":true}}`));
  out.push({ ...valid, constructor: { prototype: { role: 'SUPERUSER' } } });
  out.push({ raw: `{"__proto__":{"polluted":true},${json.slice(1)}` });
  out.push({ ...valid, status: 'APPROVED', paid: true, role: 'SUPERUSER', enabled: false, userId: 1, universityId: 1, extraField: 1 });
  // Wrong shapes.
  out.push([], [valid], [[valid]], 'string', 42, -1, 0, true, false, null, {}, { ...valid, ...{ nested: NESTED(10) } });
  // Broken and hostile JSON documents.
  for (let cut = 1; cut < json.length; cut += Math.max(1, Math.floor(json.length / 25))) out.push({ raw: json.slice(0, cut) });
  for (const s of HOSTILE_STRINGS.slice(0, 12)) out.push({ raw: `${json}${s}` });
  out.push({ raw: '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000) });
  out.push({ raw: '['.repeat(50_000) + ']'.repeat(50_000) });
  out.push({ raw: `{"x":"${'A'.repeat(1024 * 1024)}"}` });
  out.push({ raw: JSON.stringify({ ...valid, [Object.keys(fields)[0] ?? 'x']: 'z'.repeat(1024 * 1024) }) });
  out.push({ raw: '\u0000\u0000\u0000' });
  out.push({ raw: Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x00]) });
  out.push({ raw: json, contentType: 'text/plain' });
  out.push({ raw: json, contentType: 'application/x-www-form-urlencoded' });
  out.push({ raw: json, contentType: 'application/xml' });
  out.push({ raw: `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>`, contentType: 'application/xml' });
  out.push({ raw: 'a=1&b=2', contentType: 'multipart/form-data; boundary=zzz' });
  // Deterministic random mutations until the minimum is reached: a random field, a random invalid value.
  const names = Object.keys(fields);
  while (out.length < min) {
    const name = names[Math.floor(rnd() * names.length)]!;
    const values = invalidValues(fields[name]!);
    const value = values[Math.floor(rnd() * values.length)];
    const extra = HOSTILE_STRINGS[Math.floor(rnd() * HOSTILE_STRINGS.length)]!;
    out.push(rnd() < 0.5 ? { ...valid, [name]: value } : { ...valid, [name]: value, [`k${out.length}`]: extra });
  }
  // Shuffle (Fisher–Yates with the seed).
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Path segments that are never a valid positive id. */
export function hostileIds(): string[] {
  return [
    ...[
      '0',
      '-1',
      '1.5',
      '2147483648',
      '99999999999999999999',
      '1e308',
      'NaN',
      'Infinity',
      'abc',
      '0x10',
      '%00',
      '%20',
      '1%20OR%201%3D1',
      "1'",
      '1;DROP%20TABLE%20users',
      '..%2F..%2Fetc%2Fpasswd',
      '%3Cscript%3E',
      'null',
      'undefined',
      'true',
      '%E2%80%AE1',
      '__proto__',
      'constructor',
      '%201',
      '1%20',
      '1%00',
      '%2B1',
    ],
    ...HOSTILE_STRINGS.filter((s) => !/[\uD800-\uDFFF]/.test(s) || /[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(s))
      .map((s) => encodeURIComponent(s))
      .filter((s) => s.length > 0 && !/^\d+$/.test(s)),
    // A lone surrogate, percent-encoded by hand (encodeURIComponent refuses it).
    '%ED%A0%80',
  ];
}
