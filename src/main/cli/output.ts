/** Tables for people on stdout; notes on stderr, so `npm run --silent cli` pipes cleanly. */
export interface Output {
  json: boolean;
}

export function printRows(output: Output, rows: readonly object[], emptyText: string): void {
  if (output.json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  if (rows.length === 0) {
    process.stderr.write(`${emptyText}\n`);
    return;
  }
  const columns = Object.keys(rows[0] ?? {});
  const cells = rows.map((row) => columns.map((column) => formatCell(column, (row as Record<string, unknown>)[column])));
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((line) => line[i]?.length ?? 0)));
  const line = (values: string[]) => values.map((value, i) => value.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  process.stdout.write(`${[line(columns), ...cells.map(line)].join('\n')}\n`);
}

export function printObject(output: Output, value: object): void {
  if (output.json) {
    process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    return;
  }
  printRows(output, [value], '');
}

export function note(text: string): void {
  process.stderr.write(`${text}\n`);
}

function formatCell(column: string, value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'number' && column.endsWith('At')) return new Date(value).toISOString();
  return String(value);
}
