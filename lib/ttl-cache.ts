// A bounded map whose entries expire: the oldest entry goes when it is full. Pure: time is passed in.

export class TtlCache<V> {
  private entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(private readonly maxEntries: number) {}

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  set(key: string, value: V, ttlMs: number, now: number): V {
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expiresAt: now + ttlMs });
    return value;
  }
}
