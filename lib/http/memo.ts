// Memoising a pure function of a string that runs on every request with few distinct inputs (user
// agents, Accept-Encoding values): at most `maxEntries` answers are kept, and all are dropped when full.

export function memoizeByString<T>(fn: (key: string) => T, maxEntries: number): (key: string) => T {
  const answers = new Map<string, T>();
  return (key) => {
    let answer = answers.get(key);
    if (answer === undefined && !answers.has(key)) {
      answer = fn(key);
      if (answers.size >= maxEntries) answers.clear();
      answers.set(key, answer);
    }
    return answer as T;
  };
}
