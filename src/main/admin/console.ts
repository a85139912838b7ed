import type { BurstResult, ConsoleResponse } from '../../shared/admin-contract';
import type { ConsoleRequest } from '../../shared/admin-schemas';
import { AppError } from '../../shared/errors';

/** The testers' console: real requests to the environment's own server, as a client would send them. */
export async function sendConsoleRequest(
  baseUrl: string | undefined,
  request: ConsoleRequest,
): Promise<ConsoleResponse> {
  if (!baseUrl)
    throw new AppError('conflict', `The ${request.environment} server is not running; see the Server page.`);
  const headers: Record<string, string> = {};
  if (request.key.trim()) headers.authorization = `Bearer ${request.key.trim()}`;
  let url: string;
  let init: RequestInit = { headers };
  if (request.operation === 'listPets') {
    const query = new URLSearchParams();
    if (request.limit !== undefined) query.set('limit', String(request.limit));
    if (request.status) query.set('status', request.status);
    if (request.cursor) query.set('cursor', request.cursor);
    url = `${baseUrl}/pets${query.size ? `?${query}` : ''}`;
  } else if (request.operation === 'createPet') {
    url = `${baseUrl}/pets`;
    init = { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: request.body ?? '' };
  } else {
    url = `${baseUrl}/pets/${encodeURIComponent(request.petId ?? '')}`;
  }
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers.entries()),
    body,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
  };
}

/** N requests one after another, so Remaining can be watched falling to the 429s and the ban. */
export async function sendConsoleBurst(
  baseUrl: string | undefined,
  request: ConsoleRequest,
  count: number,
): Promise<BurstResult> {
  const responses: BurstResult['responses'] = [];
  const counts: Record<string, number> = {};
  for (let i = 0; i < count; i++) {
    const response = await sendConsoleRequest(baseUrl, request);
    let code: string | null = null;
    if (response.status >= 400) {
      try {
        code = (JSON.parse(response.body) as { code?: string }).code ?? null;
      } catch {
        code = null;
      }
    }
    const remaining = response.headers['x-ratelimit-remaining'];
    const retryAfter = response.headers['retry-after'];
    responses.push({
      status: response.status,
      code,
      remaining: remaining === undefined ? null : Number(remaining),
      retryAfter: retryAfterSeconds(retryAfter, response.headers.date),
    });
    const outcome = code ?? String(response.status);
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  return { responses, counts };
}

/** Retry-After in seconds, or as an HTTP-date against the answer's Date (the retry-after-date header profile); null when absent or unreadable. */
function retryAfterSeconds(retryAfter: string | undefined, date: string | undefined): number | null {
  if (retryAfter === undefined) return null;
  if (/^\d+$/.test(retryAfter)) return Number(retryAfter);
  const wait = Math.ceil((Date.parse(retryAfter) - Date.parse(date ?? '')) / 1000);
  return Number.isNaN(wait) ? null : Math.max(0, wait);
}
