/**
 * Remembered answers, at most `max` of them (the oldest is forgotten first). A promise that fails
 * is forgotten at once, so the next caller tries again; callers asking while one is under way share it.
 */
export class Memo<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly max = Number.POSITIVE_INFINITY) {}

  get(key: string, load: () => V): V {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const value = load();
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
    if (value instanceof Promise) {
      value.catch(() => {
        if (this.entries.get(key) === value) this.entries.delete(key);
      });
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
