import { describe, expect, it } from 'vitest';
import { ConfigError, linkBaseUrl, loadConfig } from './config.ts';

describe('configuration', () => {
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
});
