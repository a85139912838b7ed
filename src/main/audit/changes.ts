/** The fields that changed, as `{ field: { before, after } }`; nested objects (a profile) by their dotted path. */
export function changedFields(
  before: unknown,
  after: unknown,
  prefix = '',
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  if (!isObject(before) || !isObject(after)) return changes;
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (field === 'updatedAt') continue;
    const [old, value] = [before[field], after[field]];
    if (isObject(old) && isObject(value)) Object.assign(changes, changedFields(old, value, `${prefix}${field}.`));
    else if (JSON.stringify(old) !== JSON.stringify(value))
      changes[`${prefix}${field}`] = { before: old ?? null, after: value ?? null };
  }
  return changes;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
