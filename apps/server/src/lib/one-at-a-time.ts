/**
 * Lets one caller at a time through, in arrival order. Used for work that computes on the thread
 * that also serves requests (the offline writer; the embedded database): such work done side by
 * side does not finish sooner — measured, four bulk items at once took twice as long as one after
 * the other — it only makes every turn of the event loop longer, so requests wait longer.
 */
export class OneAtATime {
  private busy = false;
  private readonly waiting: Array<() => void> = [];

  /** Resolves when it is the caller's turn; call the returned function when done. */
  async take(): Promise<() => void> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy = true;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The turn passes straight to the next waiter (busy stays true), so nobody can jump the queue.
      if (next) next();
      else this.busy = false;
    };
  }
}
