/** At most `limit` of the works passed to the answer run at once; the others wait their turn, first come first served. */
export function concurrencyLimit(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so `running` only drops when nobody waits.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
