// Rows of cards that are always full. A grid of N columns leaves a hole after the last card whenever
// N does not divide the count (seven posts in three columns: 3 + 3 + 1 and two empty cells). Instead,
// the cards are dealt into as few rows as the columns allow, as evenly as possible (seven: 3 + 2 + 2),
// and each card spans as many tracks of a finer grid as its row's share: the grid has one track per
// common multiple of every row length (six tracks for three columns), so any row fills it exactly.

/** How many cards each row holds: `count` cards in the fewest rows of at most `columns`, as even as possible, fuller rows first. */
export function balancedRows(count: number, columns: number): number[] {
  if (count <= 0) return [];
  const perRow = Math.max(1, Math.floor(columns));
  const rows = Math.ceil(count / perRow);
  const short = Math.floor(count / rows);
  const fuller = count % rows;
  return Array.from({ length: rows }, (_, i) => (i < fuller ? short + 1 : short));
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The tracks a grid of up to `columns` cards a row needs for any row to fill it: the least common multiple of 1…columns. */
export function gridTracks(columns: number): number {
  let tracks = 1;
  for (let n = 2; n <= columns; n++) tracks = (tracks * n) / gcd(tracks, n);
  return tracks;
}

/** Each card's span, in tracks of a `gridTracks(columns)` grid, so that every row is full. */
export function filledSpans(count: number, columns: number): number[] {
  const tracks = gridTracks(columns);
  return balancedRows(count, columns).flatMap((cards) => Array.from({ length: cards }, () => tracks / cards));
}
