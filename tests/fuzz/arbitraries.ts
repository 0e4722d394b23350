import fc from 'fast-check';

// Hand-written arbitraries for hostile request bodies: start from a valid body and break it in the
// ways clients and attackers do.

export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261121);

const hostileStrings = fc.constantFrom(
  '',
  ' ',
  '</script><script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE contacts; --",
  "1' OR '1'='1",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: hostile input that looks like a template
  '${process.env.DATABASE_URL}',
  '{{7*7}}',
  '\u0000',
  '\uD800',
  'مرحبا بالعالم',
  '🍁🚀 Toronto ✓',
  'a'.repeat(10_000),
  'javascript:alert(1)',
  '__proto__',
  'constructor',
);

const anyScalar = fc.oneof(
  hostileStrings,
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
);

const hostileValue = fc.oneof(anyScalar, fc.array(anyScalar, { maxLength: 5 }), fc.dictionary(fc.string({ maxLength: 10 }), anyScalar, { maxKeys: 4 }));

/** A body: valid, or valid with fields replaced, removed or added, or something else entirely. */
export function hostileBody(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<string> {
  const mutated = fc
    .tuple(valid, fc.array(fc.tuple(fc.nat(), hostileValue, fc.constantFrom('replace', 'delete', 'add', 'proto')), { minLength: 1, maxLength: 4 }))
    .map(([body, mutations]) => {
      const out: Record<string, unknown> = { ...body };
      const keys = Object.keys(out);
      let proto = false;
      for (const [index, value, kind] of mutations) {
        const key = keys[index % keys.length];
        if (kind === 'replace') out[key] = value;
        else if (kind === 'delete') delete out[key];
        else if (kind === 'add') out[`extra${index % 7}`] = value;
        else proto = true;
      }
      const json = JSON.stringify(out);
      // A "__proto__" key can only be written into the JSON text itself.
      return proto ? `{"__proto__":{"isSpam":true,"admin":true}${json === '{}' ? '' : ','}${json.slice(1)}` : json;
    });
  return fc.oneof(
    { weight: 2, arbitrary: valid.map((b) => JSON.stringify(b)) },
    { weight: 6, arbitrary: mutated },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('{', '{"a":', '[1,2', 'null', '"x"', '{"__proto__":{"x":1}}')) },
  );
}

/** Odd query strings for GET endpoints. */
export const hostileQuery = fc
  .array(
    fc.tuple(
      fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('testName', 'userId', '__proto__')),
      fc.oneof(hostileStrings, fc.string({ maxLength: 300 })),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${encodeQueryPart(k)}=${encodeQueryPart(v)}`).join('&'));

/** Percent-encodes; a lone surrogate becomes the invalid UTF-8 a hostile client would send. */
function encodeQueryPart(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80%FF';
  }
}

export const shortText = (max = 60) => fc.string({ minLength: 1, maxLength: max }).filter((s) => s.trim().length > 0);
