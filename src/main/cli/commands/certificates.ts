import type { Command } from 'commander';
import type { CertificateListing } from '../../../shared/sites';
import { runningServerAddress, serverLockFile } from '../../db/instance-lock';
import type { Engine } from '../../engine/engine';
import { trustedCaCertificates } from '../../team/server-certificate';
import { note, printObject, printRows } from '../output';
import { run } from '../run';

/** `certificates list|ca` and `domains reverify` (docs/contract.md, "Published sites and custom domains"). Issuing itself is the running server's work. */
export function registerCertificateCommands(program: Command): void {
  const certificates = program
    .command('certificates')
    .description('TLS certificates of verified domains, and the local CA that issues them by default');
  certificates
    .command('list')
    .description('Each domain’s certificate: state, issuer, validity, the reason of a failure, whether to re-verify')
    .action(
      run((engine, output) => {
        const list = engine.sites.certificates.list();
        printRows(output, output.json ? list : list.map(certificateRow), 'No domains yet.');
        const flagged = list.filter((line) => line.needsReverify);
        if (!output.json)
          for (const line of flagged)
            note(
              `${line.domain} was verified over 30 minutes ago and has no certificate yet: run "domains reverify ${line.domain}".`,
            );
      }),
    );
  certificates
    .command('ca')
    .description(
      'The CAs’ certificates (PEM, public) on stdout, the shelter server’s first, then the sites’ local CA: add them to a trust store to trust the shelter server and the sites',
    )
    .action(
      run(async (engine) => {
        process.stdout.write(
          await trustedCaCertificates(engine.dataDir, await engine.sites.certificates.caCertificate()),
        );
      }),
    );

  const domains = program.commands.find((command) => command.name() === 'domains');
  if (!domains) throw new Error('register the sites commands first');
  domains
    .command('reverify')
    .description(
      'Check the domain’s DNS again and, when verified, request its certificate anew (the running server issues it)',
    )
    .argument('<domain>')
    .action(
      run(async (engine: Engine, output, name: string) => {
        const domain = await engine.sites.reverify(name);
        const { certificate } = domain;
        if (output.json) return printObject(output, domain);
        printObject(output, {
          name: domain.name,
          status: domain.status,
          certificate: certificate.state,
          nextAttemptAt: certificate.nextAttemptAt,
        });
        if (certificate.state === 'issued')
          return note(
            `${domain.name} already has a certificate (until ${new Date(certificate.notAfter ?? 0).toISOString()}).`,
          );
        const requested = `DNS of ${domain.name} is verified; its certificate is requested again.`;
        // Only a running server issues certificates: say so when none is.
        if (runningServerAddress(serverLockFile(engine.dataDir, engine.environment)) === undefined) {
          return note(
            `${requested} No ${engine.environment} server is running for this data dir: it is issued once one starts (npm run serve).`,
          );
        }
        const later = certificate.nextAttemptAt !== null && certificate.nextAttemptAt > engine.clock.realNow();
        note(
          `${requested} The running server issues it${later ? ` from ${new Date(certificate.nextAttemptAt ?? 0).toISOString()} (at most 3 failed attempts an hour)` : ' within seconds'}.`,
        );
      }),
    );
}

function certificateRow(line: CertificateListing): Record<string, unknown> {
  return {
    domain: line.domain,
    project: line.project,
    dns: line.status,
    state: line.needsReverify ? `${line.state} (re-verify)` : line.state,
    issuer: line.issuer,
    notAfter: line.notAfter,
    nextAttemptAt: line.nextAttemptAt,
    reason: line.reason,
  };
}
