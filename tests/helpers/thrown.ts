/** What `run` throws; a test that expected a refusal fails when it throws nothing. */
export function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal, and nothing was thrown');
}
