import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A ULIP-shaped HTTP server for the end-to-end tests of the real ULIP adapter, written from ULIP's
 * contract and independently of the built-in simulator: `POST {base}/user/login` with the account
 * answers a bearer token in `response.id`; `POST {base}/FASTAG/01 { vehiclenumber }` and `POST
 * {base}/FOIS/01 { fnrnumber }`, `POST {base}/VAHAN/01 { vehiclenumber }` (the registration as
 * VAHAN's `<VehicleDetails>` XML) and `POST {base}/SARATHI/01 { dlnumber, dob }` answer in ULIP's envelope `{ response: [{ response }], error, code,
 * message }` with what the test set; a call with a token that is not (or no longer) valid is
 * answered 401, as ULIP answers an expired or revoked token.
 */

export type UlipCall = { method: string; path: string; headers: IncomingHttpHeaders; body: unknown };
/** A toll read as NETC sends it through ULIP. */
export type UlipTollRead = {
  readerReadTime: string;
  seqNo: string;
  laneDirection: string;
  tollPlazaGeocode: string;
  tollPlazaName: string;
  vehicleType: string;
  vehicleRegNo: string;
};

const BASE = '/ulip/v1.0.0';
const envelope = (response: unknown) => ({ response: [{ response }], error: 'false', code: '200', message: 'Success' });

/** `yyyy-MM-dd HH:mm:ss.S` in IST, as NETC readers stamp a read. */
export function readerTime(d: Date): string {
  const ist = new Date(d.getTime() + 5.5 * 3_600_000).toISOString();
  return `${ist.slice(0, 10)} ${ist.slice(11, 19)}.${ist.slice(20, 21)}`;
}

/** `HH:mm dd-MM-yyyy` in IST, as FOIS writes times. */
export function foisTime(d: Date): string {
  const ist = new Date(d.getTime() + 5.5 * 3_600_000).toISOString();
  return `${ist.slice(11, 16)} ${ist.slice(8, 10)}-${ist.slice(5, 7)}-${ist.slice(0, 4)}`;
}

/** VAHAN answers a registration as one flat XML document; a number it does not know, in words. */
function vahanAnswer(fields: Record<string, string> | undefined): string {
  if (!fields) {
    return 'Vehicle Details not Found';
  }
  const escaped = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const inner = Object.entries(fields)
    .map(([k, v]) => `<${k}>${escaped(v)}</${k}>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><VehicleDetails>${inner}</VehicleDetails>`;
}

/** `dd-MMM-yyyy` in IST, as VAHAN writes its dates (26-Sep-2027). */
export function vahanDay(d: Date): string {
  const ist = new Date(d.getTime() + 5.5 * 3_600_000);
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][ist.getUTCMonth()];
  return `${String(ist.getUTCDate()).padStart(2, '0')}-${month}-${ist.getUTCFullYear()}`;
}

export async function startUlipServer(account: { username: string; password: string }) {
  const calls: UlipCall[] = [];
  const valid = new Set<string>();
  const reads = new Map<string, UlipTollRead[]>();
  const rakes = new Map<string, Record<string, string>>();
  const registrations = new Map<string, Record<string, string>>();
  const licences = new Map<string, Record<string, unknown>>();
  let logins = 0;

  const answer = (path: string, body: Record<string, unknown>, authorization: string | undefined): [number, unknown] => {
    if (path === `${BASE}/user/login`) {
      if (body.username !== account.username || body.password !== account.password) {
        return [200, { response: null, error: 'true', code: '401', message: 'Invalid username or password' }];
      }
      logins++;
      const token = `ulip-token-${logins}`;
      valid.add(token);
      return [200, { response: { id: token }, error: 'false', code: '200', message: 'Success' }];
    }
    if (!authorization?.startsWith('Bearer ') || !valid.has(authorization.slice(7))) {
      return [401, { error: 'true', code: '401', message: 'Unauthorized: token is invalid or expired' }];
    }
    if (path === `${BASE}/FASTAG/01`) {
      const txn = reads.get(String(body.vehiclenumber)) ?? [];
      if (!txn.length) {
        return [200, envelope({ result: 'FAILURE', respCode: '740', vehicle: { errCode: '740' } })];
      }
      const n = String(txn.length);
      return [
        200,
        envelope({
          result: 'SUCCESS',
          respCode: '000',
          ts: readerTime(new Date()),
          vehicle: { errCode: '000', vehltxnList: { totalTagsInMsg: n, msgNum: '1', totalTagsInresponse: n, totalMsg: '1', txn } },
        }),
      ];
    }
    if (path === `${BASE}/VAHAN/01`) {
      return [200, envelope(vahanAnswer(registrations.get(String(body.vehiclenumber))))];
    }
    if (path === `${BASE}/SARATHI/01`) {
      const held = licences.get(`${String(body.dlnumber)}|${String(body.dob)}`);
      return [200, envelope({ dldetobj: held ? [held] : [], errorcd: held ? 0 : 1 })];
    }
    if (path === `${BASE}/FOIS/01`) {
      const rake = rakes.get(String(body.fnrnumber));
      return [200, envelope(rake ? [rake] : {})];
    }
    return [404, { error: 'true', code: '404', message: 'No such API' }];
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"true","code":"400","message":"Bad JSON"}');
        return;
      }
      const path = req.url ?? '';
      calls.push({ method: req.method ?? '', path, headers: req.headers, body });
      const [status, json] = req.method === 'POST' ? answer(path, body, req.headers.authorization) : [405, {}];
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    /** What ULIP_URL is set to. */
    baseUrl: `${origin}${BASE}`,
    calls,
    logins: () => logins,
    /** ULIP revokes every token it gave: the next call with one is answered 401. */
    revokeTokens: () => valid.clear(),
    setReads: (vehicle: string, list: UlipTollRead[]) => reads.set(vehicle, list),
    setRake: (fnr: string, report: Record<string, string>) => rakes.set(fnr, report),
    /** VAHAN's fields of a vehicle (rc_regn_no, rc_fit_upto as dd-MMM-yyyy …). */
    setRegistration: (vehicle: string, fields: Record<string, string>) => registrations.set(vehicle, fields),
    /** SARATHI's record (`{ dlobj, bioObj, dlcovs }`) of a licence for this date of birth. */
    setLicence: (dl: string, dob: string, record: Record<string, unknown>) => licences.set(`${dl}|${dob}`, record),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
