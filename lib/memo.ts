/**
 * Remembered answers, shared by the storefront and the commerce service (this folder depends on
 * neither). At most `max` entries are kept, the least recently asked for forgotten first; with
 * `ttlMs` an entry is also forgotten once it is that old (asking for it does not make it younger).
 * Callers asking while a load is under way share its promise. A load that fails is forgotten at
 * once so the next caller tries again, but only if it is still the remembered one: an older
 * failure never drops a newer answer.
 */
export class Memo<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly max: number;
  private readonly ttlMs: number;

  constructor(options: { max?: number; ttlMs?: number } = {}) {
    this.max = options.max ?? Number.POSITIVE_INFINITY;
    this.ttlMs = options.ttlMs ?? Number.POSITIVE_INFINITY;
  }

  get(key: string, load: () => V): V {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Taken out either way: put back last (most recently used) when still fresh.
      this.entries.delete(key);
      if (this.ttlMs === Number.POSITIVE_INFINITY || hit.expires > Date.now()) {
        this.entries.set(key, hit);
        return hit.value;
      }
    }
    const value = load();
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    const entry = { value, expires: this.ttlMs === Number.POSITIVE_INFINITY ? Number.POSITIVE_INFINITY : Date.now() + this.ttlMs };
    this.entries.set(key, entry);
    if (value instanceof Promise) {
      value.catch(() => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      });
    }
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Forgets every entry whose key `test` accepts. */
  forgetWhere(test: (key: string) => boolean): void {
    // A Map may lose entries while its keys are walked: each key is still visited once.
    for (const key of this.entries.keys()) if (test(key)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
