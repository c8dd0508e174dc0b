/**
 * One shared, frozen copy of each value with the same key. Long-lived caches that hold many
 * copies of the same small thing (a category, a price, a stock level) keep one object instead of
 * thousands: fewer objects for every full garbage collection to visit, and less memory.
 *
 * Only for values with few distinct keys. After `max` distinct keys, values are still frozen but
 * no longer remembered, so an unexpectedly varied input cannot grow the table without bound. The
 * values are frozen because every holder shares them: a change by one would show in all.
 */
export class Interned<V extends object> {
  private readonly values = new Map<string, V>();

  constructor(private readonly max: number) {}

  of(key: string, make: () => V): V {
    const known = this.values.get(key);
    if (known !== undefined) return known;
    const value = make();
    Object.freeze(value);
    if (this.values.size < this.max) this.values.set(key, value);
    return value;
  }

  get size(): number {
    return this.values.size;
  }
}

/**
 * One shared copy of each short text with few distinct values (a brand, a pack type, a colour).
 * Texts read from the database are new strings on every row, even when a thousand rows hold the
 * same word. After `max` distinct texts, new ones are handed back as they are.
 */
export class InternedText {
  private readonly texts = new Map<string, string>();

  constructor(private readonly max: number) {}

  of<T extends string | null>(text: T): T {
    if (text === null) return text;
    const known = this.texts.get(text);
    if (known !== undefined) return known as T;
    if (this.texts.size < this.max) this.texts.set(text, text);
    return text;
  }

  get size(): number {
    return this.texts.size;
  }
}
