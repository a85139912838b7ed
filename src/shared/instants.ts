/** How moments (epoch milliseconds) are written for people outside the GUI: ISO-8601 in UTC, to the second. */
export function isoInstant(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
