/**
 * Polls `probe` until it returns a value other than undefined/false (or stops throwing), then
 * returns that value; fails with the last error once `timeoutMs` has passed. No fixed sleeps.
 */
export async function waitFor<T>(
  probe: () => T | Promise<T>,
  timeoutMs: number,
  intervalMs = 25,
): Promise<Exclude<T, false | undefined>> {
  const deadline = performance.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value as Exclude<T, false | undefined>;
      lastError = new Error('condition not met');
    } catch (error) {
      lastError = error;
    }
    if (performance.now() >= deadline) {
      const reason = lastError instanceof Error ? lastError.message : String(lastError);
      throw new Error(`waitFor: gave up after ${timeoutMs} ms: ${reason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Waits, polling, until the real clock's minute has at least `seconds` left: for a test whose attempts
 * must fall in one fixed minute window of a counter that runs on the real clock (the login throttle).
 */
export async function roomInRealMinute(seconds: number): Promise<void> {
  const left = () => 60 - (Date.now() % 60_000) / 1000;
  await waitFor(() => left() >= seconds, (seconds + 5) * 1000, 250);
}
