import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import {
  SignContractInputSchema,
  VerifyContractInputSchema,
  type ContractKind,
  type ContractVerdict,
  type SignContractInput,
  type SignedContract,
} from '../../shared/contracts';
import { AppError } from '../../shared/errors';
import { parseOrThrow } from '../../shared/validation';
import type { Changes } from '../db/changes';
import { contractFileName } from '../print/contract-of-stay';
import type { ContractPrinter } from './printing';

/** A row as the queries below read it. */
interface ContractRow {
  id: number;
  stayId: number;
  petId: number;
  kind: ContractKind;
  signerName: string;
  signedAt: number;
  textSha256: string;
  pdfSha256: string;
  bytes: number;
  replaces: number | null;
  replacedBy: number | null;
  placementId: number | null;
  petName: string;
}

/** What the engine hears in the signature's own transaction (the messages it queues: written with the contract, or not at all). */
export interface ContractSigned {
  contract: SignedContract;
  petName: string;
  signerPersonId: number;
}

const COLUMNS = `c.id AS id, c.stay_id AS stayId, c.pet_id AS petId, c.kind AS kind, c.signer_name AS signerName,
  c.signed_at AS signedAt, c.text_sha256 AS textSha256, c.pdf_sha256 AS pdfSha256, length(c.pdf) AS bytes,
  c.replaces AS replaces, c.replaced_by AS replacedBy, c.placement_id AS placementId, p.name AS petName`;
const FROM = 'FROM signed_contracts c JOIN pets p ON p.id = c.pet_id';

const DOCUMENT_NAMES = {
  adoption: 'adoption-contract',
  return: 'return-agreement',
  foster: 'foster-agreement',
} as const satisfies Record<ContractKind, string>;

export const sha256 = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

function toContract(row: ContractRow): SignedContract {
  const { petName, signedAt, ...rest } = row;
  return {
    ...rest,
    signedAt: new Date(signedAt).toISOString(),
    fileName: contractFileName(petName, row.stayId, row.id, DOCUMENT_NAMES[row.kind]),
  };
}

/**
 * Contracts signed on the spot. Signing renders the contract afresh from the records, with the
 * drawn hand on the adopter's line, and keeps the very bytes it made: a file is "ours and unchanged"
 * exactly when its SHA-256 is one of them. Nothing here changes a signed contract; a correction is a
 * new one that names it (`replaces`), and the old one then says which replaced it.
 */
export class SignedContracts {
  constructor(
    private readonly sqlite: Database.Database,
    private readonly clock: Clock,
    private readonly changes: Changes,
    private readonly printer: ContractPrinter,
    private readonly onSigned: (tx: Database.Database, signed: ContractSigned) => void = () => undefined,
  ) {}

  async sign(raw: SignContractInput, staffId: number | null): Promise<SignedContract> {
    const input = parseOrThrow(SignContractInputSchema, raw);
    const placementId = input.placementId ?? null;
    if ((input.kind === 'foster') !== (placementId !== null))
      throw new AppError(
        'validation_failed',
        input.kind === 'foster'
          ? 'contract.placementId: a foster agreement names its placement.'
          : `contract.placementId: only a foster agreement names a placement, not a${input.kind === 'adoption' ? 'n' : ''} ${input.kind} contract.`,
      );
    // Checked before the work of printing, and again in the write's transaction.
    this.assertMaySign(input.stayId, input.kind, placementId, input.replaces ?? null);
    const replaced = input.replaces === undefined ? null : this.row(input.replaces);
    const signedAt = this.clock.now();
    const printed = await this.printer.signed(
      input.stayId,
      {
        signaturePng: Buffer.from(input.signaturePng, 'base64'),
        signerName: input.signerName ?? null,
        signedAt: new Date(signedAt).toISOString(),
        replaces: replaced ? { id: replaced.id, signedAt: new Date(replaced.signedAt).toISOString() } : null,
      },
      input.kind,
      placementId,
    );
    const id = this.sqlite.transaction(() => {
      this.assertMaySign(input.stayId, input.kind, placementId, input.replaces ?? null);
      const { lastInsertRowid } = this.sqlite
        .prepare(
          `INSERT INTO signed_contracts (stay_id, pet_id, kind, signer_name, signed_at, staff_id, text_sha256, pdf_sha256, pdf, replaces, placement_id)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          input.stayId,
          printed.petId,
          input.kind,
          printed.signerName,
          signedAt,
          staffId,
          printed.textSha256,
          sha256(printed.pdf),
          printed.pdf,
          input.replaces ?? null,
          placementId,
        );
      const newId = Number(lastInsertRowid);
      if (input.replaces !== undefined)
        this.sqlite.prepare('UPDATE signed_contracts SET replaced_by = ? WHERE id = ?').run(newId, input.replaces);
      this.onSigned(this.sqlite, {
        contract: this.get(newId),
        petName: printed.petName,
        signerPersonId: printed.signerPersonId,
      });
      return newId;
    })();
    this.changes.emit('movements');
    return this.get(id);
  }

  /** A stay's signed contracts, newest first. */
  ofStay(stayId: number): SignedContract[] {
    return this.sqlite
      .prepare<[number], ContractRow>(`SELECT ${COLUMNS} ${FROM} WHERE c.stay_id = ? ORDER BY c.id DESC`)
      .all(stayId)
      .map(toContract);
  }

  /** A pet's signed contracts over all its stays, newest first. */
  ofPet(petId: number): SignedContract[] {
    return this.sqlite
      .prepare<[number], ContractRow>(`SELECT ${COLUMNS} ${FROM} WHERE c.pet_id = ? ORDER BY c.id DESC`)
      .all(petId)
      .map(toContract);
  }

  get(id: number): SignedContract {
    return toContract(this.row(id));
  }

  /** The signed file, byte for byte as it was made. */
  pdf(id: number): { contract: SignedContract; pdf: Buffer } {
    const contract = this.get(id);
    const { pdf } = this.sqlite
      .prepare<[number], { pdf: Buffer }>('SELECT pdf FROM signed_contracts WHERE id = ?')
      .get(id)!;
    return { contract, pdf };
  }

  /** Whether a file is one this shelter signed, unchanged: its SHA-256 is one we stored. */
  verify(file: Buffer): ContractVerdict {
    const hash = sha256(file);
    const row = this.sqlite
      .prepare<[string], ContractRow>(`SELECT ${COLUMNS} ${FROM} WHERE c.pdf_sha256 = ?`)
      .get(hash);
    if (!row) return { signed: false, sha256: hash, bytes: file.length };
    return { signed: true, contract: toContract(row), petName: row.petName };
  }

  /** `contracts.verify`'s input: the file in base64. */
  verifyBase64(raw: unknown): ContractVerdict {
    const { pdfBase64 } = parseOrThrow(VerifyContractInputSchema, raw);
    return this.verify(Buffer.from(pdfBase64, 'base64'));
  }

  private row(id: number): ContractRow {
    const row = this.sqlite.prepare<[number], ContractRow>(`SELECT ${COLUMNS} ${FROM} WHERE c.id = ?`).get(id);
    if (!row)
      throw new AppError('not_found', `No signed contract ${id}.`, {
        details: { missing: 'contract', contractId: id },
      });
    return row;
  }

  /** A stay's contract of a kind (a placement's, for a foster agreement) is signed once; after that only a correction naming the current one. */
  private assertMaySign(stayId: number, kind: ContractKind, placementId: number | null, replaces: number | null): void {
    const current = this.sqlite
      .prepare<[number, string, number], { id: number }>(
        `SELECT id FROM signed_contracts WHERE stay_id = ? AND kind = ? AND coalesce(placement_id, 0) = ?
         AND replaced_by IS NULL ORDER BY id DESC LIMIT 1`,
      )
      .get(stayId, kind, placementId ?? 0);
    if (replaces === null) {
      if (current)
        throw new AppError(
          'conflict',
          `Stay ${stayId}'s ${kind} contract is signed already (contract ${current.id}): a correction is a new contract that replaces it.`,
          { details: { reason: 'contract_signed', stayId, kind, contractId: current.id, replacedBy: null } },
        );
      return;
    }
    const named = this.row(replaces);
    if (named.stayId !== stayId || named.kind !== kind || named.placementId !== placementId)
      throw new AppError('conflict', `Contract ${replaces} is not stay ${stayId}'s ${kind} contract.`, {
        details: {
          reason: 'contract_elsewhere',
          contractId: replaces,
          stayId: named.stayId,
          kind: named.kind,
          replacedBy: named.replacedBy,
        },
      });
    if (named.replacedBy !== null)
      throw new AppError(
        'conflict',
        `Contract ${replaces} was replaced already, by contract ${named.replacedBy}: a correction replaces the newest.`,
        {
          details: {
            reason: 'contract_replaced',
            contractId: replaces,
            stayId,
            kind,
            replacedBy: named.replacedBy,
          },
        },
      );
  }
}
