import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, ENV_VARIABLES, linkBaseUrl, loadConfig } from './config.ts';

describe('configuration', () => {
  it('names every variable it reads in the README’s table (issue 38: TRACKING_PORT was missing)', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Where things are'));
    expect(ENV_VARIABLES.length).toBeGreaterThan(30);
    expect(ENV_VARIABLES.filter((name) => !table.includes(`\`${name}\``))).toEqual([]);
  });

  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
  });
  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => loadConfig({ DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA/);
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example/tile.png' })).toThrow(/MAP_TILE_URL/);
    expect(loadConfig({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png' }).mapTileUrl).toContain('{z}');
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'acme prod' })).toThrow(/REDIS_KEY_PREFIX: must be 1 to 64 letters/);
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'x'.repeat(65) })).toThrow(/REDIS_KEY_PREFIX/);
    expect(loadConfig({}).redisKeyPrefix).toBe('freightdesk');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'acme-prod' }).redisKeyPrefix).toBe('acme-prod');
  });
  it('reads TRUST_PROXY as the proxies to believe: none, loopback, or a list', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8']);
    for (const bad of ['true', 'proxy.example', '10.0.0.0/33', '10.0.0.1,', '2']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY: must be 0, 1/);
    }
  });
  it('links in mails use PUBLIC_URL, else http://localhost:PORT', () => {
    expect(linkBaseUrl(loadConfig({ PUBLIC_URL: 'https://freight.example.com/' }))).toBe('https://freight.example.com');
    expect(linkBaseUrl(loadConfig({ PORT: '9000' }))).toBe('http://localhost:9000');
  });
  it('refuses a provider URL that is not public https unless OUTBOUND_ALLOW lets it in, naming both variables', () => {
    const ulip = { ULIP_URL: 'http://127.0.0.1:9000/ulip/v1.0.0', ULIP_USERNAME: 'fd', ULIP_PASSWORD: 'secret' };
    expect(() => loadConfig(ulip)).toThrow(
      'ULIP_URL: http://127.0.0.1:9000/ulip/v1.0.0 is not a public https address (it is not an https URL); to call it anyway, add its origin http://127.0.0.1:9000 to OUTBOUND_ALLOW',
    );
    expect(loadConfig({ ...ulip, OUTBOUND_ALLOW: 'http://127.0.0.1:9000' }).ulip?.url).toBe(ulip.ULIP_URL);
    expect([...loadConfig({ ...ulip, OUTBOUND_ALLOW: 'http://127.0.0.1:9000' }).outboundAllow.origins]).toEqual(['http://127.0.0.1:9000']);
    // Another port is another origin.
    expect(() => loadConfig({ ...ulip, OUTBOUND_ALLOW: 'http://127.0.0.1:9001' })).toThrow(/ULIP_URL: .*OUTBOUND_ALLOW/);

    const gsp = {
      EWB_GSP_URL: 'https://10.20.0.5:8443',
      EWB_CLIENT_ID: 'c',
      EWB_CLIENT_SECRET: 's',
      EWB_USERNAME: 'u',
      EWB_PASSWORD: 'p',
      EWB_EMAIL: 'ops@example.com',
      EWB_IP_ADDRESS: '203.0.113.7',
    };
    expect(() => loadConfig(gsp)).toThrow(
      /EWB_GSP_URL: https:\/\/10\.20\.0\.5:8443 is not a public https address \(it points at a private network address\).*OUTBOUND_ALLOW/,
    );
    expect(loadConfig({ ...gsp, OUTBOUND_ALLOW: '10.20.0.0/16' }).ewayBillGsp?.url).toBe(gsp.EWB_GSP_URL);
    const sim = {
      SIM_TRAIL_URL: 'https://smarttrail.telenity.com/trail-rest',
      SIM_TRAIL_CREDENTIALS: 'fd:pass',
      SIM_CONSENT_URL: 'http://consent.lan:8080',
      SIM_CONSENT_CREDENTIALS: 'client:secret',
    };
    expect(() => loadConfig(sim)).toThrow(
      /SIM_CONSENT_URL: http:\/\/consent\.lan:8080 .*add its origin http:\/\/consent\.lan:8080 to OUTBOUND_ALLOW/,
    );
    expect(loadConfig({ ...sim, OUTBOUND_ALLOW: 'http://consent.lan:8080' }).sim?.consentUrl).toBe(sim.SIM_CONSENT_URL);
    // The public provider URLs need nothing.
    expect(loadConfig({ ...ulip, ULIP_URL: 'https://www.ulip.dpiit.gov.in/ulip/v1.0.0' }).outboundAllow.origins.size).toBe(0);
  });
  it('names OUTBOUND_ALLOW and its bad entry', () => {
    expect(() => loadConfig({ OUTBOUND_ALLOW: 'http://127.0.0.1:9000/ulip' })).toThrow(
      /OUTBOUND_ALLOW: http:\/\/127\.0\.0\.1:9000\/ulip must be an origin only/,
    );
    expect(() => loadConfig({ OUTBOUND_ALLOW: '10.0.0.0/8, 0.0.0.0/0' })).toThrow(/OUTBOUND_ALLOW: 0\.0\.0\.0\/0 is too wide/);
    expect(() => loadConfig({ OUTBOUND_ALLOW: 'http://169.254.169.254' })).toThrow(/OUTBOUND_ALLOW: .*cloud metadata/);
  });
});
