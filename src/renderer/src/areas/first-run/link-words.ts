/**
 * How the first-run dialog words a refusal from looking at, or connecting to, the shelter server: from
 * the code and its details (src/shared/errors.ts), in the window's own words.
 */
import type { AdminErrorBody, ErrorDetails } from '../../../../shared/errors';
import type { Failure } from '../../client/errors';

const FALLBACK_TITLE = 'Something went wrong: try again';

/** A refusal as the dialog shows it; one without details (no reason to word) shows the engine's message. */
export function linkFailure(error: AdminErrorBody): Failure {
  const details = error.details;
  if (details === undefined && error.code !== 'validation_failed')
    return { title: FALLBACK_TITLE, message: error.message };
  switch (error.code) {
    case 'validation_failed': {
      const problem = details as ErrorDetails['validation_failed'] | undefined;
      const reason = problem && 'reason' in problem ? problem.reason : undefined;
      if (reason === 'address_empty')
        return {
          title: 'Type the address',
          message: "Type the shelter server's name (like shelter-pc) or its address (like 192.168.1.20).",
        };
      if (reason === 'address_not_https')
        return {
          title: 'Type the name only',
          message:
            'The shelter server is reached over a secure connection only. Type its name or address alone, like shelter-pc.',
        };
      if (reason === 'address_port')
        return {
          title: 'Check the port',
          message:
            'After the name, the port is a number from 1 to 65535, like shelter-pc:4020. Without one, 4020 is used.',
        };
      return {
        title: 'Check the address',
        message: "That is not a computer's name or address. Type it like shelter-pc, 192.168.1.20 or shelter-pc:4020.",
      };
    }
    case 'server_unreachable': {
      const { host, port, cause } = details as ErrorDetails['server_unreachable'];
      if (cause === 'name_not_found')
        return {
          title: `No computer named ${host}`,
          message: `No computer named ${host} was found on this network. Check the name, or type the server's address instead (like 192.168.1.20).`,
        };
      if (cause === 'refused')
        return {
          title: 'The shelter server is not answering',
          message: `${host} answers, but nothing listens on port ${port}. Check that Adoption Desk runs there as the shelter's server.`,
        };
      return {
        title: `${host} cannot be reached`,
        message: `This computer cannot reach ${host}. Check that both computers are on the shelter's network.`,
      };
    }
    case 'server_timeout': {
      const { host, phase, timeoutMs } = details as ErrorDetails['server_timeout'];
      const seconds = Math.round(timeoutMs / 1000);
      if (phase === 'connect')
        return {
          title: 'No answer',
          message: `${host} did not answer within ${seconds} seconds. Check that it is on and on the shelter's network.`,
        };
      return {
        title: 'No answer',
        message: `Something at ${host} took the connection but did not answer as the shelter server within ${seconds} seconds. Check the address and the port.`,
      };
    }
    case 'server_not_tls':
    case 'server_not_adoption_desk': {
      const where =
        error.code === 'server_not_tls'
          ? `${(details as ErrorDetails['server_not_tls']).host}:${(details as ErrorDetails['server_not_tls']).port}`
          : (details as ErrorDetails['server_not_adoption_desk']).url;
      return {
        title: 'This is not the shelter server',
        message: `Another program answers at ${where}. Check the address and the port, and that the shelter's server is set to serve the other desks.`,
      };
    }
    case 'server_certificate_invalid': {
      const { host, problem } = details as ErrorDetails['server_certificate_invalid'];
      if (problem === 'name_mismatch')
        return {
          title: `Not made for ${host}`,
          message: `The server's certificate is not made for the name ${host}. Type the name or address the server shows for connecting.`,
        };
      if (problem === 'expired' || problem === 'not_yet_valid')
        return {
          title: "The server's certificate is out of date",
          message: 'Check the date and time on this computer and on the server, then try again.',
        };
      return {
        title: "The server's certificate does not hold",
        message:
          'The server did not show a certificate this computer can check, so there is no code to compare. Ask whoever looks after the server.',
      };
    }
    case 'server_identity_changed': {
      const { pinnedCode, presentedCode } = details as ErrorDetails['server_identity_changed'];
      return {
        title: 'Do not connect: the code has changed',
        message: `The server now shows ${presentedCode}, not ${pinnedCode} as compared. Someone else may be answering at this address. Ask whoever looks after the server.`,
      };
    }
    default:
      return { title: FALLBACK_TITLE, message: error.message };
  }
}
