import { LRUCache } from 'lru-cache';

// Memoising a pure function of a string that runs on every request with few distinct inputs (user
// agents, Accept-Encoding values): the answers of the `maxEntries` most recently used inputs are kept
// (lru-cache, as every bounded map here), so a burst of odd inputs pushes out only the least used.

export function memoizeByString<T>(fn: (key: string) => T, maxEntries: number): (key: string) => T {
  // Boxed, because lru-cache keeps no undefined values and an answer may be one.
  const answers = new LRUCache<string, { answer: T }>({ max: maxEntries });
  // The last input's answer, compared before lru-cache is asked: most requests bring what the one
  // before brought (the same few browsers), and a string comparison costs less than lru-cache's
  // bookkeeping. The last input is the most recently used already, so the order of use is unchanged.
  let lastKey: string | undefined;
  let lastAnswer: T;
  return (key) => {
    if (key === lastKey) return lastAnswer;
    let box = answers.get(key);
    if (box === undefined) answers.set(key, (box = { answer: fn(key) }));
    lastKey = key;
    lastAnswer = box.answer;
    return box.answer;
  };
}
