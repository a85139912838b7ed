import net from 'node:net';
import { AppError, type ServerAddressProblem } from '../../shared/errors';
import { DEFAULT_TEAM_PORT } from '../../shared/team';

/** Where the shelter server is, from what staff typed. */
export interface ServerAddress {
  /** The name or IP to connect to and to check the certificate against (an IPv6 address without brackets). */
  host: string;
  port: number;
  /** https://host:port/admin/: the pages the desk opens. */
  url: string;
}

/**
 * Reads `shelter-pc`, `192.168.1.20`, `shelter-pc:4020` or `https://shelter-pc:4020/admin/`: HTTPS
 * only, port 4020 unless one is given, and whatever path was pasted gives way to /admin/.
 */
export function parseServerAddress(typed: string): ServerAddress {
  const text = typed.trim();
  if (text === '') throw addressProblem('address_empty', typed, 'No shelter server address was given.');
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1];
  if (scheme !== undefined && scheme.toLowerCase() !== 'https') {
    throw addressProblem('address_not_https', typed, `The shelter server is reached over HTTPS only, not ${scheme}.`);
  }
  const withScheme = scheme === undefined ? `https://${text}` : text;
  const authority = /^https:\/\/([^/?#]*)/i.exec(withScheme)?.[1] ?? '';
  const malformed = () => addressProblem('address_malformed', typed, `"${text}" is not a computer's name or address.`);
  if (authority === '' || authority.includes('@') || /\s/.test(text)) throw malformed();
  // The URL parser forgets a port equal to the scheme's default (443): read the one typed, if any.
  const typedPort = /:(\d*)$/.exec(authority.replace(/^\[[^\]]*\]/, ''))?.[1];
  if (typedPort !== undefined && !/^\d{1,5}$/.test(typedPort))
    throw addressProblem('address_port', typed, 'The port must be a number from 1 to 65535.');
  const port = typedPort === undefined ? DEFAULT_TEAM_PORT : Number(typedPort);
  if (port < 1 || port > 65_535)
    throw addressProblem('address_port', typed, 'The port must be a number from 1 to 65535.');
  let parsed: URL;
  try {
    parsed = new URL(`https://${authority.replace(/:\d*$/, '')}/`);
  } catch {
    throw malformed();
  }
  const hostname = parsed.hostname;
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (host === '' || (net.isIP(host) === 0 && !/^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?$/.test(host))) throw malformed();
  return { host, port, url: `https://${hostname}:${port}/admin/` };
}

function addressProblem(
  reason: ServerAddressProblem['reason'],
  address: string,
  message: string,
): AppError<'validation_failed'> {
  return new AppError('validation_failed', message, { details: { field: 'address', reason, address } });
}
