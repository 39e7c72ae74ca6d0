import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A GSP-shaped HTTP server for the end-to-end tests of the real e-way bill adapter: NIC's e-way
 * bill API v1.03 as a GST Suvidha Provider exposes it. `GET /ewaybillapi/v1.03/authenticate?email&
 * username&password` with the GSP's headers (client_id, client_secret, gstin, ip_address) answers
 * an auth token per GSTIN; `GET …/ewayapi/getewaybill?email&ewbNo` answers the bill the test set
 * (NIC's GetEwayBill JSON in `data`); `POST …/ewayapi/extendvalidity?email` checks the body as NIC
 * validates EXTENDVALIDITY and answers the new validity. Every answer is `{ status_cd, status_desc,
 * data }`, `status_cd` "1" on success and "0" with NIC's message otherwise.
 */

export type GspCall = { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders; body: unknown };
export type GspAccount = { clientId: string; clientSecret: string; username: string; password: string; email: string; ipAddress: string };

const BASE = '/ewaybillapi/v1.03';
/** NIC's states of today (its master), for checking fromState. */
const NIC_STATES = new Set([
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 26, 27, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38,
]);

/** NIC's `dd/MM/yyyy hh:mm:ss AM` in IST. */
export function nicDate(d: Date): string {
  const ist = new Date(d.getTime() + 5.5 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  const h = ist.getUTCHours();
  return `${p(ist.getUTCDate())}/${p(ist.getUTCMonth() + 1)}/${ist.getUTCFullYear()} ${p(h % 12 || 12)}:${p(ist.getUTCMinutes())}:${p(ist.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
}

const fail = (desc: string) => ({ status_cd: '0', status_desc: desc, error: { message: desc } });

/** What NIC refuses in an EXTENDVALIDITY body for a road move (its validation rules). */
function extensionError(b: Record<string, unknown>): string | undefined {
  if (!/^\d{12}$/.test(String(b.ewbNo))) {
    return '301: Invalid eway bill number';
  }
  if (b.transMode === '1' && !b.vehicleNo) {
    return '303: Vehicle number is required';
  }
  if (typeof b.fromPlace !== 'string' || !b.fromPlace.trim() || b.fromPlace.length > 50) {
    return '305: Place from is required';
  }
  if (typeof b.fromState !== 'number' || !NIC_STATES.has(b.fromState)) {
    return '306: Invalid from state';
  }
  if (typeof b.fromPincode !== 'number' || b.fromPincode < 100000 || b.fromPincode > 999999) {
    return '309: Invalid pincode';
  }
  if (typeof b.remainingDistance !== 'number' || b.remainingDistance < 1 || b.remainingDistance > 4000) {
    return '389: Remaining Distance Required';
  }
  if (b.consignmentStatus !== 'M' || b.transitType !== '') {
    return '379: For transMode 1 to 4, consignmentStatus must be M and transitType blank';
  }
  return undefined;
}

export async function startGspServer(account: GspAccount) {
  const calls: GspCall[] = [];
  const tokens = new Map<string, string>();
  const bills = new Map<string, Record<string, unknown>>();
  let nextValidity: Date | undefined;
  let logins = 0;

  const headersOk = (h: IncomingHttpHeaders) =>
    h.client_id === account.clientId && h.client_secret === account.clientSecret && h.ip_address === account.ipAddress;

  const answer = (method: string, path: string, q: URLSearchParams, h: IncomingHttpHeaders, body: Record<string, unknown>) => {
    const gstin = String(h.gstin ?? '');
    if (!headersOk(h)) {
      return fail('Invalid client credentials or IP address');
    }
    if (method === 'GET' && path === `${BASE}/authenticate`) {
      if (q.get('username') !== account.username || q.get('password') !== account.password || q.get('email') !== account.email) {
        return fail('Invalid Username or Password');
      }
      logins++;
      const token = `gsp-token-${logins}`;
      tokens.set(gstin, token);
      return { status_cd: '1', status_desc: 'GSTIN authenticated', authtoken: token };
    }
    if (!gstin || tokens.get(gstin) !== h.authtoken) {
      return fail('Invalid Token');
    }
    if (method === 'GET' && path === `${BASE}/ewayapi/getewaybill`) {
      const bill = bills.get(q.get('ewbNo') ?? '');
      return bill ? { status_cd: '1', status_desc: 'EWAYBILL request succeeds', data: bill } : fail('325: Could not retrieve data');
    }
    if (method === 'POST' && path === `${BASE}/ewayapi/extendvalidity`) {
      const why = extensionError(body) ?? (bills.has(String(body.ewbNo)) ? undefined : '325: Could not retrieve data');
      if (why || !nextValidity) {
        return fail(why ?? 'No validity set by the test');
      }
      return {
        status_cd: '1',
        status_desc: 'EWAYBILL validity extended',
        data: { ewayBillNo: String(body.ewbNo), updatedDate: nicDate(new Date()), validUpto: nicDate(nextValidity) },
      };
    }
    return fail('No such API');
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://gsp.test');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        body = {};
      }
      calls.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body });
      const json = answer(req.method ?? '', url.pathname, url.searchParams, req.headers, body);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    calls,
    logins: () => logins,
    /** A bill as GetEwayBill answers it. */
    setBill: (bill: Record<string, unknown>) => bills.set(String(bill.ewbNo), bill),
    /** What the next extension answers as the new validity. */
    extendTo: (d: Date) => {
      nextValidity = d;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
