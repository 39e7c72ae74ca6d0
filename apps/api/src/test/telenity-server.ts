import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Telenity-shaped HTTP server (the phone-SIM aggregator) for the end-to-end test of the real SIM
 * adapter: SmartTrail under `/trail-rest` (`GET /login` with basic auth answers a token; `POST
 * /entities/import` sends the driver the consent SMS; `GET /location/msisdnList/{msisdn}` the last
 * cell fix) and the operator consent gateway (`POST /oauth/token` client credentials, then `GET
 * /apigw/NOFBconsent/v1/NOFBconsent?address=tel:+91…`). Consent and fixes are what the test sets.
 */
export type TelenityCall = { method: string; path: string; headers: IncomingHttpHeaders; body: string };
type Fix = { latitude: number; longitude: number; timestamp: string; accuracy: number; detailedAddress: string };

const basic = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`;

export async function startTelenityServer(trailPair: string, consentPair: string) {
  const calls: TelenityCall[] = [];
  const consents = new Map<string, { status: string; consentExpiresOn?: string }>();
  const fixes = new Map<string, Fix>();

  const answer = (method: string, url: URL, h: IncomingHttpHeaders): [number, unknown] => {
    const path = url.pathname;
    if (method === 'GET' && path === '/trail-rest/login') {
      return h.authorization === basic(trailPair) ? [200, { token: 'trail-token', username: 'fd', userRole: 'CUSTOMER' }] : [401, {}];
    }
    if (method === 'POST' && path === '/oauth/token') {
      return h.authorization === basic(consentPair)
        ? [200, { access_token: 'consent-token', token_type: 'bearer', expires_in: 3600 }]
        : [401, { error: 'invalid_client' }];
    }
    if (path.startsWith('/trail-rest/')) {
      if (h.token !== 'trail-token') {
        return [401, {}];
      }
      if (method === 'POST' && path === '/trail-rest/entities/import') {
        return [200, { successList: [], errorList: [] }];
      }
      const msisdn = /^\/trail-rest\/location\/msisdnList\/(\d+)$/.exec(path)?.[1] ?? '';
      const fix = fixes.get(msisdn);
      return [
        200,
        { terminalLocation: fix ? [{ address: `tel:+${msisdn}`, locationRetrievalStatus: 'Retrieved', currentLocation: fix }] : [] },
      ];
    }
    if (method === 'GET' && path === '/apigw/NOFBconsent/v1/NOFBconsent') {
      if (h.authorization !== 'bearer consent-token') {
        return [401, {}];
      }
      const msisdn = (url.searchParams.get('address') ?? '').replace(/^tel:\+/, '');
      return [200, { Consent: consents.get(msisdn) ?? { status: 'PENDING' } }];
    }
    return [404, {}];
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // `+` in the query is the address's own plus, as the adapter sends it unencoded.
      const url = new URL((req.url ?? '/').replace(/\+/g, '%2B'), 'http://telenity.test');
      calls.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const [status, json] = answer(req.method ?? '', url, req.headers);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    calls,
    /** The operator's answer for a number (12 digits with the country code). */
    setConsent: (msisdn: string, consent: { status: string; consentExpiresOn?: string }) => consents.set(msisdn, consent),
    setFix: (msisdn: string, fix: Fix) => fixes.set(msisdn, fix),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
