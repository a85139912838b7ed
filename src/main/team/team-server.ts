import os from 'node:os';
import path from 'node:path';
import { DEFAULT_TEAM_PORT, type TeamServerState } from '../../shared/team';
import { SILENT_LOG, type EngineLog } from '../log';
import type { LocalCa } from '../sites/certificates/local-ca';
import type { RunningTeamListener, StartTeamListener } from './listener';
import { machineNames } from './machine-names';
import {
  answeredNames,
  caIdentity,
  shelterServerCa,
  teamServerCertificate,
  type TeamCertificate,
} from './server-certificate';

/** The window's setting "This computer is the shelter's server", and `serve --team`'s flags. */
export interface TeamServerSetting {
  enabled: boolean;
  /** 0 picks a free port (the command line only). */
  port: number;
}

export const TEAM_SERVER_OFF: TeamServerSetting = { enabled: false, port: DEFAULT_TEAM_PORT };
/** The shelter's network by default; `serve --team-host` may narrow it. */
export const DEFAULT_TEAM_HOST = '0.0.0.0';
/** How often a running listener checks its names and its certificate's end: an address from DHCP may change. */
const NAMES_CHECK_MS = 10 * 60_000;

interface Running {
  listener: RunningTeamListener;
  certificate: TeamCertificate;
}

/**
 * The shelter server's HTTPS listener, its lifecycle only: started, moved and stopped
 * by the host as the setting changes, with the certificate the local CA issues for this computer's
 * names. The face that owns the admin dispatch hands it what to serve.
 */
export class TeamServer {
  private listen: StartTeamListener | undefined;
  private running: Running | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastProblem: string | null = null;
  private readonly ca: LocalCa;
  private readonly certificatesDir: string;

  constructor(private readonly options: { dataDir: string; host?: string; log?: EngineLog }) {
    this.certificatesDir = path.join(options.dataDir, 'certificates');
    this.ca = shelterServerCa(options.dataDir);
  }

  /** Called once by the face that owns the admin dispatch (serve --admin, the desktop shell) before the host starts. */
  serve(listen: StartTeamListener): void {
    this.listen = listen;
  }

  /** The port bound, or null when not serving. */
  port(): number | null {
    return this.running?.listener.port ?? null;
  }

  /** Starts, moves or stops the listener. Throws (conflict: the port is taken) with nothing left running. */
  async apply(setting: TeamServerSetting): Promise<void> {
    const bound = this.port();
    if (setting.enabled && bound !== null && (setting.port === 0 || setting.port === bound)) return;
    await this.stop();
    this.lastProblem = null;
    if (!setting.enabled || !this.listen) return;
    try {
      const certificate = await teamServerCertificate(
        this.ca,
        this.certificatesDir,
        answeredNames(this.host(), machineNames()),
        Date.now(),
      );
      const names = () => this.running?.certificate.names ?? certificate.names;
      const listener = await this.listen(
        { names, keyPem: certificate.keyPem, chainPem: certificate.chainPem },
        this.host(),
        setting.port,
      );
      this.running = { listener, certificate };
    } catch (error) {
      this.lastProblem = error instanceof Error ? error.message : String(error);
      throw error;
    }
    this.timer = setInterval(() => void this.renew(), NAMES_CHECK_MS).unref();
  }

  /** Why the last start failed (a taken port), or null. */
  problem(): string | null {
    return this.lastProblem;
  }

  async state(): Promise<TeamServerState> {
    const { fingerprint, shortCode } = await caIdentity(this.ca);
    const port = this.port();
    return { serving: port !== null, urls: port === null ? [] : this.urls(port), port, fingerprint, shortCode };
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    const running = this.running;
    this.running = undefined;
    await running?.listener.stop();
  }

  /** What other desks type: this computer's name first, then the addresses the listener is bound to. */
  private urls(port: number): string[] {
    const host = this.host();
    const family = host === '0.0.0.0' ? ['IPv4'] : host === '::' ? ['IPv4', 'IPv6'] : undefined;
    const interfaces = Object.values(os.networkInterfaces()).flatMap((addresses) => addresses ?? []);
    // A link-local IPv6 address needs its interface's zone, which no other desk can type.
    const addresses = family
      ? interfaces
          .filter(
            (address) =>
              !address.internal &&
              family.includes(address.family) &&
              !address.address.toLowerCase().startsWith('fe80:'),
          )
          .map((address) => address.address)
      : [host];
    // The host name as the certificate holds it (none when it is no valid DNS name, e.g. with an underscore).
    const hostname = this.running?.certificate.names.dns.find((name) => name !== 'localhost');
    const names = [...(family && hostname ? [hostname] : []), ...addresses];
    return [...new Set(names)].map((name) => `https://${name.includes(':') ? `[${name}]` : name}:${port}/admin/`);
  }

  private host(): string {
    return this.options.host ?? DEFAULT_TEAM_HOST;
  }

  /** Re-issues when the names changed or the end nears; the listener serves the new one from its next handshake. */
  private async renew(): Promise<void> {
    const running = this.running;
    if (!running) return;
    try {
      const certificate = await teamServerCertificate(
        this.ca,
        this.certificatesDir,
        answeredNames(this.host(), machineNames()),
        Date.now(),
      );
      if (certificate.chainPem === running.certificate.chainPem) return;
      running.listener.renew(certificate);
      running.certificate = certificate;
    } catch (error) {
      (this.options.log ?? SILENT_LOG).error(
        { err: error },
        'The shelter server’s certificate could not be renewed; the current one is still served.',
      );
    }
  }
}
