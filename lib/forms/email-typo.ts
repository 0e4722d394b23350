// A likely slip in a typed email address ("dana@sparkleclean,ca", "jo@gmial.com"), to hint at when the
// visitor leaves the field. Only a hint: the address is never changed for them, and an address this
// cannot improve on gets no hint (the form's own check says whether it is valid). Pure.

/** The mail providers Toronto businesses use most, spelled right: an address at one of them is never hinted at. */
const KNOWN_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.ca',
  'ymail.com',
  'hotmail.com',
  'hotmail.ca',
  'outlook.com',
  'live.com',
  'live.ca',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'mail.com',
  'gmx.com',
  'proton.me',
  'protonmail.com',
  'rogers.com',
  'sympatico.ca',
  'bell.net',
  'shaw.ca',
  'telus.net',
  'videotron.ca',
  'cogeco.ca',
  'eastlink.ca',
] as const;

/** Endings that are a slip of the finger, not a real top-level domain. */
const ENDING_SLIPS: Record<string, string> = {
  con: 'com',
  cmo: 'com',
  ocm: 'com',
  comm: 'com',
  coom: 'com',
  cpm: 'com',
  vom: 'com',
  xom: 'com',
  nte: 'net',
  nett: 'net',
  ogr: 'org',
  orgg: 'org',
  caa: 'ca',
};

/** Edits (insert, delete, substitute, swap two neighbours) between two short strings. */
export function editDistance(a: string, b: string): number {
  // One row per character of a, flattened: d[i * w + j] is the distance between a's first i and b's first j.
  const w = b.length + 1;
  const d = new Uint16Array((a.length + 1) * w);
  for (let i = 0; i <= a.length; i++) d[i * w] = i;
  for (let j = 0; j <= b.length; j++) d[j] = j;
  const at = (i: number, j: number) => d[i * w + j] ?? 0;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      d[i * w + j] = best;
    }
  return at(a.length, b.length);
}

/** The known provider a domain is a near miss of (one slip for short names, two for longer), if exactly one is nearest. */
function nearProvider(domain: string): string | null {
  if ((KNOWN_DOMAINS as readonly string[]).includes(domain)) return null;
  const allowed = domain.length <= 7 ? 1 : 2;
  let best: string | null = null;
  let bestDistance = allowed + 1;
  let tie = false;
  for (const known of KNOWN_DOMAINS) {
    const distance = editDistance(domain, known);
    if (distance < bestDistance) [best, bestDistance, tie] = [known, distance, false];
    else if (distance === bestDistance) tie = true;
  }
  return best && !tie ? best : null;
}

/**
 * The address the visitor likely meant, or null when there is nothing to suggest. Catches a comma or
 * a space for a dot, doubled dots and @, a slipped ending (".con", ".cmo") and a near miss of a
 * common provider ("gmial.com", "hotmial.ca", "yaho.com"); a domain it does not know is left alone.
 */
export function emailTypoHint(typed: string): string | null {
  const text = typed.trim();
  const at = text.lastIndexOf('@');
  if (at <= 0) return null;
  const local = text
    .slice(0, at)
    .replace(/@+$/, '')
    .replace(/\s+/g, '')
    .replace(/\.{2,}/g, '.');
  let domain = text
    .slice(at + 1)
    .toLowerCase()
    .replace(/\s*[,;]\s*|\s+/g, '.')
    .replace(/\.{2,}/g, '.')
    .replace(/^\.+|\.+$/g, '');
  if (!local || !domain.includes('.')) return null;
  const labels = domain.split('.');
  const ending = ENDING_SLIPS[labels.at(-1) ?? ''];
  if (ending) domain = [...labels.slice(0, -1), ending].join('.');
  domain = nearProvider(domain) ?? domain;
  const suggestion = `${local}@${domain}`;
  return suggestion.toLowerCase() === text.toLowerCase() ? null : suggestion;
}
