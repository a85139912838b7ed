import { spawn, type ChildProcess } from 'node:child_process';
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
 * clock on at the next midnight UTC, one key), the client command run against it with ADK_BASE_URL, ADK_API_KEY and
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
    // The client starts at the first instant of a day, so of a minute too. Its traffic then meets
    // whole windows whatever second the gate runs at. A run that straddled a minute boundary split its
    // requests over two windows, met no limit and judged nothing.
    engine.lab.nextWindow('day');
    const profile = options.profile ?? DEFAULT_HEADER_PROFILE;
    engine.headerProfile.set(profile);
    const { perMinute, perDay } = options;
    const custom = perMinute !== undefined || perDay !== undefined;
    if (custom && options.planId !== 'enterprise') engine.services.plans.update(options.planId, { perMinute, perDay });
    const onEnterprise = options.planId === 'enterprise' ? { perMinute, perDay } : {};
    const { key, record, account } = engine.services.keys.createOnNewAccount({
      account: { planId: options.planId, ...onEnterprise },
      label: 'gate',
    });
    control = await startLabControl(() => engine.lab);
    const limits = engine.services.accounts.limitsOf(account);
    const ready: GateReady = {
      baseUrl: server.baseUrl,
      labUrl: control.url,
      keyId: record.id,
      limits: { perMinute: limits.perMinute, perDay: limits.perDay },
      profile,
    };
    options.onReady?.(ready);
    const command = await runCommand(options, {
      ADK_BASE_URL: ready.baseUrl,
      ADK_API_KEY: key,
      ADK_LAB_URL: ready.labUrl,
    });
    engine.requestLog.flush();
    return { ready, command, report: keyCompliance(engine, record.id, {}, options.settings) };
  } finally {
    await control?.stop();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The command runs in a process group of its own (detached: setsid on POSIX), so ending it ends
 * everything it started too (a shell's `sleep &`, a test runner's workers): SIGTERM to the group,
 * SIGKILL after a grace. That happens on the timeout, on Ctrl-C or SIGTERM to the gate, and once the
 * command has exited (what it left behind would call an API that is gone); if the gate itself exits
 * first, the group gets SIGKILL.
 */
function runCommand(options: GateOptions, variables: Record<string, string>): Promise<CommandOutcome> {
  return new Promise((resolve) => {
    const outcome: CommandOutcome = { exitCode: null, signal: null, timedOut: false, startError: null };
    const stdout = options.commandStdout === 'stderr' ? 2 : 'inherit';
    const child = spawn(options.command, options.args, {
      stdio: ['inherit', stdout, 'inherit'],
      env: { ...process.env, ...variables },
      detached: process.platform !== 'win32',
    });
    const group = processGroup(child);
    let killTimer: NodeJS.Timeout | undefined;
    let settled = false;
    const stopGroup = () => {
      group.signal('SIGTERM');
      killTimer ??= setTimeout(() => group.signal('SIGKILL'), KILL_GRACE_MS);
    };
    const deadline = setTimeout(() => {
      outcome.timedOut = true;
      stopGroup();
    }, options.timeoutMs);
    const killOnExit = () => group.signal('SIGKILL');
    process.once('exit', killOnExit);
    options.signal?.addEventListener('abort', stopGroup, { once: true });
    const settle = () => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearTimeout(killTimer);
      options.signal?.removeEventListener('abort', stopGroup);
      process.off('exit', killOnExit);
      resolve(outcome);
    };
    // A child that cannot start reports 'error', and may report 'exit' too: resolve once.
    child.once('error', (error: NodeJS.ErrnoException) => {
      outcome.startError = error.code === 'ENOENT' ? `${options.command}: no such program` : error.message;
      settle();
    });
    child.once('exit', (code, signal) => {
      outcome.exitCode = code;
      outcome.signal = signal;
      void group.end(KILL_GRACE_MS).then(settle);
    });
  });
}

interface ProcessGroup {
  /** Sends the signal to every process in the group; nothing when it is gone. */
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM to what is left of the group, SIGKILL to what is still there after the grace; resolves once it is empty (or a grace after the SIGKILL: a zombie nobody reaps stays listed). */
  end(graceMs: number): Promise<void>;
}

/** How often end() looks whether the group is empty yet. */
const GROUP_POLL_MS = 20;

function processGroup(child: ChildProcess): ProcessGroup {
  const send = (signal: NodeJS.Signals | 0): boolean => {
    if (child.pid === undefined) return false;
    try {
      // On Windows there are no groups: the child alone.
      if (process.platform === 'win32') return child.kill(signal === 0 ? undefined : signal);
      process.kill(-child.pid, signal);
      return true;
    } catch {
      return false;
    }
  };
  const signal = (name: NodeJS.Signals) => void send(name);
  const end = async (graceMs: number) => {
    if (process.platform === 'win32' || !send('SIGTERM')) return;
    const killAt = performance.now() + graceMs;
    while (send(0) && performance.now() < killAt + graceMs) {
      if (performance.now() >= killAt) send('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, GROUP_POLL_MS));
    }
  };
  return { signal, end };
}
