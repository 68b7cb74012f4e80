/** Deterministic randomness: the same topic and section always give the same article. */
export interface SeededRandom {
  /** [0, 1) */
  next(): number;
  int(min: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
  /** Picks without repeating the last few picks from the same list (keeps long texts varied). */
  pickFresh<T>(items: readonly T[], memory: T[], span?: number): T;
  shuffled<T>(items: readonly T[]): T[];
}

export function hashString(text: string): number {
  // FNV-1a, 32 bit: cheap, stable across runs and platforms.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function seededRandom(seed: string | number): SeededRandom {
  let state = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
  const next = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, maxInclusive: number) => min + Math.floor(next() * (maxInclusive - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[int(0, items.length - 1)] as T;
  };
  return {
    next,
    int,
    pick,
    pickFresh<T>(items: readonly T[], memory: T[], span = Math.min(6, items.length - 1)) {
      const candidates = items.filter((item) => !memory.slice(-span).includes(item));
      const chosen = pick(candidates.length > 0 ? candidates : items);
      memory.push(chosen);
      if (memory.length > 24) memory.splice(0, memory.length - 24);
      return chosen;
    },
    shuffled<T>(items: readonly T[]) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
  };
}
