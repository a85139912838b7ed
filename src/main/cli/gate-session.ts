import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CheckSettings, ComplianceReport } from '../../shared/compliance';
import { DEFAULT_HEADER_PROFILE, type HeaderProfile } from '../../shared/header-profiles';
import type { PlanId } from '../../shared/plans';
import { startApiServer, type RunningServer } from '../http/listen';
import { keyCompliance } from '../lab/compliance-report';
import { startLabControl, type LabControl } from '../http/lab-control';

/** After this, a command that ignored SIGTERM gets SIGKILL. */
const KILL_GRACE_MS = 2_000;

export interface GateOptions {
  command: string;
  args: readonly string[];
  planId: PlanId;
  /** The plan's figures in the throw-away environment (on Enterprise: the account's own). */
  perMinute?: number;
  perDay?: number;
  /** The checks' figures (attempts before giving up, the backoff cap). */
  settings: CheckSettings;
  /** How the throw-away API words its rate limits; `standard` when omitted. */
  profile?: HeaderProfile;
  /** The command is stopped after this long (real time). */
  timeoutMs: number;
  /** What the command's environment holds, before it starts (the CLI prints it). */
  onReady?: (ready: GateReady) => void;
  /** Aborting stops the command (Ctrl-C on the gate). */
  signal?: AbortSignal;
  /** Where the command's stdout goes: the gate's own (default), or its stderr when the gate's stdout carries JSON. */
  commandStdout?: 'stdout' | 'stderr';
}

export interface GateReady {
  baseUrl: string;
  labUrl: string;
  keyId: number;
  limits: { perMinute: number; perDay: number };
  profile: HeaderProfile;
}

/** How the command ended: an exit code, a signal, or not at all (it could not start, or ran too long). */
export interface CommandOutcome {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** Why it could not start (e.g. no such program), as the system said it. */
  startError: string | null;
}

export interface GateResult {
  ready: GateReady;
  command: CommandOutcome;
  report: ComplianceReport;
}

/**
 * The compliance gate: a throw-away environment (temp data dir, the API on a free loopback port, lab
 * clock on, one key), the client command run against it with ADK_BASE_URL, ADK_API_KEY and
 * ADK_LAB_URL, then the key's compliance report. Everything is removed afterwards.
 */
export async function runGate(options: GateOptions): Promise<GateResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adoption-desk-gate-'));
  let server: RunningServer | undefined;
  let control: LabControl | undefined;
  try {
    server = await startApiServer({ dataDir, environment: 'production', port: 0 });
    const { engine } = server;
    engine.lab.turnOn();
    const profile = options.profile ?? DEFAULT_HEADER_PROFILE;
    engine.headerProfile.set(profile);
    const { perMinute, perDay } = options;
    const custom = perMinute !== undefined || perDay !== undefined;
    if (custom && options.planId !== 'enterprise') engine.services.plans.update(options.planId, { perMinute, perDay });
    const onEnterprise = options.planId === 'enterprise' ? { perMinute, perDay } : {};
    const { key, record, account } = engine.services.keys.createOnNewAccount({ account: { planId: options.planId, ...onEnterprise }, label: 'gate' });
    control = await startLabControl(() => engine.lab);
    const limits = engine.services.accounts.limitsOf(account);
    const ready: GateReady = { baseUrl: server.baseUrl, labUrl: control.url, keyId: record.id, limits: { perMinute: limits.perMinute, perDay: limits.perDay }, profile };
    options.onReady?.(ready);
    const command = await runCommand(options, { ADK_BASE_URL: ready.baseUrl, ADK_API_KEY: key, ADK_LAB_URL: ready.labUrl });
    engine.requestLog.flush();
    return { ready, command, report: keyCompliance(engine, record.id, {}, options.settings) };
  } finally {
    await control?.stop();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function runCommand(options: GateOptions, variables: Record<string, string>): Promise<CommandOutcome> {
  return new Promise((resolve) => {
    const outcome: CommandOutcome = { exitCode: null, signal: null, timedOut: false, startError: null };
    const stdout = options.commandStdout === 'stderr' ? 2 : 'inherit';
    const child = spawn(options.command, options.args, { stdio: ['inherit', stdout, 'inherit'], env: { ...process.env, ...variables } });
    let killTimer: NodeJS.Timeout | undefined;
    let finished = false;
    const stopChild = () => {
      child.kill('SIGTERM');
      killTimer ??= setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
    };
    const deadline = setTimeout(() => {
      outcome.timedOut = true;
      stopChild();
    }, options.timeoutMs);
    options.signal?.addEventListener('abort', stopChild, { once: true });
    // A child that cannot start reports 'error', and may report 'exit' too: resolve once.
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(deadline);
      clearTimeout(killTimer);
      options.signal?.removeEventListener('abort', stopChild);
      resolve(outcome);
    };
    child.once('error', (error: NodeJS.ErrnoException) => {
      outcome.startError = error.code === 'ENOENT' ? `${options.command}: no such program` : error.message;
      finish();
    });
    child.once('exit', (code, signal) => {
      outcome.exitCode = code;
      outcome.signal = signal;
      finish();
    });
  });
}
