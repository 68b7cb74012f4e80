import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which provider of a failover chain a writing step should ask (issue #16 part 3: "repeated
 * refusals" send a call to the next provider). A refusal is an answer, not an error, so the chain
 * cannot see it: the step that detects it (the engine's recovering step) keeps one of these, the
 * chain notes in it which member answered, and when that member has refused too often the step
 * moves on and the chain passes it over for the rest of the step.
 */
export class RefusalRouting {
  /** Members passed over for this step (opaque: the chain's own member objects). */
  private readonly avoided = new Set<object>();
  private members: readonly object[] = [];
  /** Who answered the step's last call, as the chain named it. */
  lastAnswered: { member: object; label: string } | null = null;

  answeredBy(member: object, label: string): void {
    this.lastAnswered = { member, label };
  }

  /** Called by the chain on every call of the step: its members, in order. */
  joinChain(members: readonly object[]): void {
    this.members = members;
  }

  avoids(member: object): boolean {
    return this.avoided.has(member);
  }

  /**
   * Pass over the member that answered last; false when no other member of the chain is left
   * (a single provider, or every one has refused), so the step keeps its usual attempts.
   */
  moveOn(): boolean {
    const last = this.lastAnswered?.member;
    if (!last) return false;
    const left = this.members.filter((member) => member !== last && !this.avoided.has(member));
    if (left.length === 0) return false;
    this.avoided.add(last);
    return true;
  }
}

const storage = new AsyncLocalStorage<RefusalRouting>();

export function withRefusalRouting<T>(routing: RefusalRouting, run: () => Promise<T>): Promise<T> {
  return storage.run(routing, run);
}

export function currentRefusalRouting(): RefusalRouting | undefined {
  return storage.getStore();
}
