/**
 * The bus delivers at least once (issue 9): a relay that crashed after publishing publishes its
 * batch again. The gateway remembers the last `capacity` events it handled and skips repeats;
 * memory stays bounded (oldest forgotten first).
 */
export class RecentIds {
  private readonly seen = new Set<string>();

  constructor(private readonly capacity: number) {}

  /** True the first time `id` is offered (remembering it), false for a repeat. */
  add(id: string): boolean {
    if (this.seen.has(id)) return false;
    this.seen.add(id);
    if (this.seen.size > this.capacity) {
      const oldest = this.seen.values().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    return true;
  }
}
