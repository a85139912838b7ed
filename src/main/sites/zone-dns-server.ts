/**
 * A tiny authoritative DNS server on loopback (dns2, a devDependency) answering from an editable
 * zone, for trying custom domains offline (npm run dns) and for the tests. Never part of the app.
 */
import dns2 from 'dns2';

const { Packet } = dns2;

export type ZoneRecordType = 'A' | 'AAAA' | 'CNAME';
/**
 * A provider's apex alias: no record type on the wire, answered as the addresses of its target
 * (what DNS providers do for ALIAS, ANAME or "CNAME flattening").
 */
export type ZoneAliasType = 'ALIAS' | 'ANAME';
export const ZONE_ENTRY_TYPES: readonly string[] = ['A', 'AAAA', 'CNAME', 'ALIAS', 'ANAME'];
/** name → record type → value(s), e.g. { "www.shelter.test": { "CNAME": "happy-paws.localhost" } }. */
export type Zone = Record<string, Partial<Record<ZoneRecordType | ZoneAliasType, string | string[]>>>;
/** RFC 6761: localhost and every name under it are this machine. */
const LOOPBACK: Record<'A' | 'AAAA', string> = { A: '127.0.0.1', AAAA: '::1' };
const MAX_HOPS = 8;

const TYPE_CODES: Record<ZoneRecordType, number> = {
  A: Packet.TYPE.A,
  AAAA: Packet.TYPE.AAAA,
  CNAME: Packet.TYPE.CNAME,
};

export class ZoneDnsServer {
  private readonly server: dns2.DnsServer;

  /** `zone` is read on every query, so a caller may change it (or reread a file) at any time. */
  constructor(private readonly zone: () => Zone) {
    this.server = dns2.createServer({ udp: true, handle: (request, send) => void send(this.answer(request)) });
  }

  /** Resolves to the UDP port it listens on. */
  async listen(port = 0, address = '127.0.0.1'): Promise<number> {
    const addresses = await this.server.listen({ udp: { port, address } });
    const bound = addresses.udp?.port;
    if (bound === undefined) throw new Error('the DNS server did not bind a UDP port');
    return bound;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  /** NXDOMAIN for unknown names; a CNAME is answered (and followed inside the zone) for A/AAAA too. */
  private answer(request: dns2.Packet): dns2.Packet {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    if (!question) return response;
    const zone = this.zone();
    const name = question.name.toLowerCase().replace(/\.$/, '');
    if (!(name in zone)) {
      response.header.rcode = Packet.RCODE.NXDOMAIN;
      return response;
    }
    const wanted = (Object.keys(TYPE_CODES) as ZoneRecordType[]).find((type) => TYPE_CODES[type] === question.type);
    if (!wanted) return response;
    let owner = name;
    for (let hops = 0; hops < MAX_HOPS; hops += 1) {
      const records = zone[owner] ?? {};
      const alias = first(records.CNAME);
      if (alias === undefined || wanted === 'CNAME') {
        const flattened = first(records.ALIAS) ?? first(records.ANAME);
        const found =
          flattened !== undefined && wanted !== 'CNAME' && records[wanted] === undefined
            ? addressesOf(zone, flattened, wanted)
            : values(records[wanted]);
        for (const value of found) response.answers.push(resource(owner, wanted, value));
        return response;
      }
      response.answers.push(resource(owner, 'CNAME', alias));
      owner = alias.toLowerCase();
    }
    return response;
  }
}

/** The A or AAAA addresses `target` has in the zone (through its CNAMEs), or loopback for a localhost name. */
function addressesOf(zone: Zone, target: string, type: 'A' | 'AAAA'): string[] {
  let owner = target.toLowerCase().replace(/\.$/, '');
  for (let hops = 0; hops < MAX_HOPS; hops += 1) {
    if (!(owner in zone)) return owner === 'localhost' || owner.endsWith('.localhost') ? [LOOPBACK[type]] : [];
    const records = zone[owner] ?? {};
    const next = first(records.CNAME) ?? first(records.ALIAS) ?? first(records.ANAME);
    if (records[type] !== undefined || next === undefined) return values(records[type]);
    owner = next.toLowerCase().replace(/\.$/, '');
  }
  return [];
}

function values(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function first(value: string | string[] | undefined): string | undefined {
  return values(value)[0];
}

/** TTL 0: the resolver must see every change to the zone at once. */
function resource(name: string, type: ZoneRecordType, value: string): dns2.Packet.Resource {
  const base = { name, type: TYPE_CODES[type], class: Packet.CLASS.IN, ttl: 0 };
  return (type === 'CNAME' ? { ...base, domain: value } : { ...base, address: value }) as dns2.Packet.Resource;
}
