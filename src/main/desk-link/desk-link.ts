import type { AdminResult } from '../../shared/admin-contract';
import { AppError, isAppError } from '../../shared/errors';
import type { DeskMode, LinkCurrent, ServerSighting } from '../../shared/desk-link';
import { shortCodeOf } from '../../shared/team';
import { parseOrThrow } from '../../shared/validation';
import { deskModeOf, readDeskChoice, saveDeskChoice, type DeskChoice } from './choice-file';
import { probe as probeServer, type ProbeOptions } from './probe';
import { LinkChoiceInputSchema, LinkCurrentInputSchema, LinkProbeInputSchema } from './schemas';

/** The first-run page's three calls, as the shell hands them over IPC: each payload validated here, errors as values. */
export interface DeskLink {
  probe(payload: unknown): Promise<AdminResult<ServerSighting>>;
  choose(payload: unknown): Promise<AdminResult<DeskMode>>;
  current(payload?: unknown): Promise<AdminResult<LinkCurrent>>;
}

export interface DeskLinkOptions {
  /** desk-choice.json in the user-data dir. */
  file: string;
  probe?: ProbeOptions;
  now?: () => number;
}

export function createDeskLink(options: DeskLinkOptions): DeskLink {
  const now = options.now ?? Date.now;
  return {
    probe: (payload) =>
      asResult(async () => {
        const { address } = parseOrThrow(LinkProbeInputSchema, payload, 'input');
        const found = await probeServer(address, options.probe);
        return { url: found.url, fingerprint: found.fingerprint, shortCode: found.shortCode };
      }),
    choose: (payload) =>
      asResult(async () => {
        const input = parseOrThrow(LinkChoiceInputSchema, payload, 'input');
        const choice: DeskChoice =
          input.mode === 'this-computer'
            ? { mode: 'this-computer' }
            : await pinnedChoice(input.address, input.fingerprint, options, now);
        saveDeskChoice(options.file, choice);
        return deskModeOf(choice);
      }),
    current: (payload) =>
      asResult(async () => {
        parseOrThrow(LinkCurrentInputSchema, payload, 'input');
        const { choice } = readDeskChoice(options.file, new Date(now()));
        return { choice: choice ? deskModeOf(choice) : null };
      }),
  };
}

/** The server is looked at again as it is pinned: what is stored is the CA staff compared, or nothing. */
async function pinnedChoice(
  address: string,
  compared: string,
  options: DeskLinkOptions,
  now: () => number,
): Promise<DeskChoice> {
  const found = await probeServer(address, options.probe);
  if (found.fingerprint !== compared) {
    const host = new URL(found.url).hostname;
    throw new AppError(
      'server_identity_changed',
      `The server at ${host} now shows the code ${found.shortCode}, not ${shortCodeOf(compared)} as compared.`,
      {
        details: {
          host,
          pinnedFingerprint: compared,
          presentedFingerprint: found.fingerprint,
          pinnedCode: shortCodeOf(compared),
          presentedCode: found.shortCode,
        },
      },
    );
  }
  return {
    mode: 'shelter-server',
    url: found.url,
    fingerprint: found.fingerprint,
    caPem: found.caPem,
    pinnedAt: now(),
  };
}

async function asResult<T>(work: () => Promise<T>): Promise<AdminResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (isAppError(error)) return { ok: false, error: error.toAdminBody() };
    console.error('the shelter server link failed', error);
    return {
      ok: false,
      error: new AppError('internal_error', 'Something went wrong inside Adoption Desk; nothing was changed.').toBody(),
    };
  }
}
