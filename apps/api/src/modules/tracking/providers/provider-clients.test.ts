import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundAllow } from '../../../config-providers.ts';
import { createOutbound } from '../../../lib/outbound.ts';
import { createSimProvider } from './sim.ts';
import { simulateFastag, simulateFois } from './ulip-simulator.ts';
import { createUlipProvider } from './ulip.ts';

type Seen = { method: string; url: string; headers: Record<string, string | string[] | undefined>; body: string };

/**
 * A local stand-in for ULIP and Telenity that answers in their shapes and records every call, so
 * the real clients are tried on their real contract (paths, headers, bodies, token renewal).
 */
function fakeProviders() {
  const seen: Seen[] = [];
  let loginCount = 0;
  let expireNext = false;
  const journey = {
    points: [
      { latitude: 18.7606, longitude: 73.8636 },
      { latitude: 21.17, longitude: 72.83 },
    ],
    startedAt: new Date(Date.now() - 12 * 3_600_000),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const send = (status: number, answer: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      const url = req.url ?? '';
      if (url === '/ulip/user/login') {
        loginCount++;
        return send(200, { response: { id: `token-${loginCount}` }, error: 'false', code: '200', message: 'Success' });
      }
      if (url.startsWith('/ulip/')) {
        if (expireNext) {
          expireNext = false;
          return send(401, { error: 'true', code: '401', message: 'Token expired' });
        }
        if (req.headers.authorization !== `Bearer token-${loginCount}`) {
          return send(401, { error: 'true', code: '401' });
        }
        return url === '/ulip/FASTAG/01'
          ? send(200, simulateFastag(JSON.parse(body).vehiclenumber, journey, new Date()))
          : send(200, simulateFois(JSON.parse(body).fnrnumber, journey, new Date()));
      }
      if (url === '/trail-rest/login') {
        return send(200, { token: 'trail-token', username: 'fd', userRole: 'CUSTOMER' });
      }
      if (url.startsWith('/oauth/token')) {
        return send(200, { access_token: 'consent-token', token_type: 'bearer', expires_in: 3600 });
      }
      if (url === '/trail-rest/entities/import') {
        return send(200, { successList: [{ msisdn: JSON.parse(body).entityImportList[0].msisdn }], errorList: [] });
      }
      if (url.startsWith('/apigw/NOFBconsent/v1/NOFBconsent')) {
        return send(200, { Consent: { status: 'ALLOWED', consentExpiresOn: '2027-11-20T00:00:00Z' } });
      }
      if (url.startsWith('/trail-rest/location/msisdnList/')) {
        return send(200, {
          terminalLocation: [
            {
              address: 'tel:+919822055501',
              locationRetrievalStatus: 'Retrieved',
              currentLocation: {
                latitude: 19.99,
                longitude: 73.79,
                timestamp: '2026-11-24T05:10:00Z',
                detailedAddress: 'Near Nashik, Maharashtra',
              },
            },
          ],
          errorMessageList: [],
        });
      }
      send(404, {});
    });
  });
  return { server, seen, expire: () => (expireNext = true) };
}

describe('the real ULIP and SIM clients', () => {
  const fake = fakeProviders();
  let origin = '';
  let outbound: ReturnType<typeof createOutbound>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    outbound = createOutbound({ operatorAllow: outboundAllow({ OUTBOUND_ALLOW: origin }) });
  });
  afterAll(async () => {
    outbound.close();
    await new Promise((resolve) => fake.server.close(resolve));
  });

  it('ULIP: logs in for a bearer token, posts FASTAG/01 and FOIS/01, and logs in again when the token is refused', async () => {
    const ulip = createUlipProvider({ url: `${origin}/ulip/`, username: 'fd-user', password: 'secret' }, outbound.operator);
    expect(ulip.name).toBe('ulip');
    const { reads } = await ulip.fastag('MH12RT7781', null);
    expect(reads.map((r) => r.plaza)).toContain('Boriach Toll Plaza');
    const login = fake.seen.find((s) => s.url === '/ulip/user/login');
    expect(login).toMatchObject({ method: 'POST' });
    expect(JSON.parse(login?.body ?? '{}')).toEqual({ username: 'fd-user', password: 'secret' });
    expect(JSON.parse(fake.seen.find((s) => s.url === '/ulip/FASTAG/01')?.body ?? '{}')).toEqual({ vehiclenumber: 'MH12RT7781' });

    fake.expire();
    const rake = await ulip.fois('23091420258', null);
    expect(rake).toMatchObject({ fnr: '23091420258', to: { code: 'ST' } });
    expect(JSON.parse(fake.seen.filter((s) => s.url === '/ulip/FOIS/01').at(-1)?.body ?? '{}')).toEqual({ fnrnumber: '23091420258' });
    expect(fake.seen.filter((s) => s.url === '/ulip/user/login')).toHaveLength(2);
  });

  it('Telenity: imports the driver (the consent SMS), reads consent from the operator gateway, and the last cell fix', async () => {
    const sim = createSimProvider(
      { trailUrl: `${origin}/trail-rest`, trailBasic: 'fd:pass', consentUrl: origin, consentBasic: 'client:secret' },
      outbound.operator,
    );
    await sim.requestConsent('9822055501', 'Ramesh Kumar Patil');
    const imported = fake.seen.find((s) => s.url === '/trail-rest/entities/import');
    expect(JSON.parse(imported?.body ?? '{}')).toEqual({
      entityImportList: [{ firstName: 'Ramesh', lastName: 'Kumar Patil', msisdn: '919822055501' }],
    });
    expect(imported?.headers.token).toBe('trail-token');
    expect(fake.seen.find((s) => s.url === '/trail-rest/login')?.headers.authorization).toBe(
      `Basic ${Buffer.from('fd:pass').toString('base64')}`,
    );

    const consent = await sim.consent('9822055501', null);
    expect(consent).toEqual({ state: 'approved', expiresAt: new Date('2027-11-20T00:00:00Z') });
    const asked = fake.seen.find((s) => s.url.startsWith('/apigw/'));
    expect(asked?.url).toBe('/apigw/NOFBconsent/v1/NOFBconsent?address=tel:+919822055501');
    expect(asked?.headers.authorization).toBe('bearer consent-token');

    const fix = await sim.locate('9822055501', null);
    expect(fix).toMatchObject({ latitude: 19.99, longitude: 73.79, address: 'Near Nashik, Maharashtra' });
    expect(fix?.at.toISOString()).toBe('2026-11-24T05:10:00.000Z');
  });
});
