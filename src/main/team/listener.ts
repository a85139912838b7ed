import type { LeafNames } from '../sites/certificates/local-ca';

/** What the shelter server's HTTPS listener is given: its certificate and the names it answers under. */
export interface TeamListener {
  /** The certificate's names and addresses: the only Hosts answered (no DNS rebinding). */
  names: () => LeafNames;
  keyPem: string;
  /** The leaf, then the local CA. */
  chainPem: string;
}

/** The listener once it listens. */
export interface RunningTeamListener {
  /** The port bound (the one asked for, or the one the system picked for 0). */
  port: number;
  /** Serves a renewed certificate from the next handshake on; connections already open keep theirs. */
  renew(certificate: Pick<TeamListener, 'keyPem' | 'chainPem'>): void;
  stop(): Promise<void>;
}

/** Starts the listener on `host:port`; the face that owns the admin dispatch makes it (the engine serves nothing itself). */
export type StartTeamListener = (team: TeamListener, host: string, port: number) => Promise<RunningTeamListener>;
