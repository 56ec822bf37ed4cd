/** Polls until the predicate holds, or fails with the last value seen. */
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      last = await read();
      if (accept(last)) return last;
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(last)}${lastError ? `; last error: ${lastError instanceof Error ? lastError.message : JSON.stringify(lastError)}` : ''}`,
  );
}
