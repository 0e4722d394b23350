import { LRUCache } from 'lru-cache';

// Memoising a pure function of a string that runs on every request with few distinct inputs (user
// agents, Accept-Encoding values): the answers of the `maxEntries` most recently used inputs are kept
// (lru-cache, as every bounded map here), so a burst of odd inputs pushes out only the least used.

export function memoizeByString<T>(fn: (key: string) => T, maxEntries: number): (key: string) => T {
  // Boxed, because lru-cache keeps no undefined values and an answer may be one.
  const answers = new LRUCache<string, { answer: T }>({ max: maxEntries });
  return (key) => {
    let box = answers.get(key);
    if (box === undefined) answers.set(key, (box = { answer: fn(key) }));
    return box.answer;
  };
}
