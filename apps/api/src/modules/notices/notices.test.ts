import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();
let admin = '';
let owner = '';

beforeAll(async () => {
  admin = await t.login('admin@demo.test');
  owner = await t.login('owner@demo.test');
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });
const unread = async (token: string) => (await call('GET', '/api/whats-new/unread-count', token)).json().data.count;

describe("what's new", () => {
  it('the admin publishes; users see it with an unread count until they read it', async () => {
    expect(await unread(owner)).toBe(0);
    const draft = await call('POST', '/api/admin/notices', admin, { title: 'Rail tracking', body: 'Coming next month', publish: false });
    expect(draft.json().data.publishedAt).toBeNull();
    expect(await unread(owner)).toBe(0);
    const published = await call('POST', '/api/admin/notices', admin, { title: 'FASTag tracking is live', body: 'Track toll crossings.' });
    const stamp = published.json().data.publishedAt;
    expect(stamp).toBeTruthy();
    expect(await unread(owner)).toBe(1);
    const list = (await call('GET', '/api/whats-new', owner)).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ title: 'FASTag tracking is live', read: false });
    await call('POST', '/api/whats-new/read-all', owner);
    expect(await unread(owner)).toBe(0);
    expect((await call('GET', '/api/whats-new', owner)).json().data[0].read).toBe(true);
    const edited = await call('PUT', `/api/admin/notices/${published.json().data.id}`, admin, {
      title: 'FASTag tracking is live!',
      body: 'x',
    });
    expect(edited.json().data.publishedAt).toBe(stamp);
  });

  it('names bad fields and keeps writing to the admin', async () => {
    expect((await call('POST', '/api/admin/notices', admin, { title: '', body: '' })).json().error.fields).toHaveProperty('title');
    expect((await call('POST', '/api/admin/notices', owner, { title: 'x', body: 'y' })).statusCode).toBe(403);
    const staff = await t.login('staff@demo.test');
    expect((await call('GET', '/api/whats-new', staff)).statusCode).toBe(403);
    expect(await unread(staff)).toBe(0);
  });
});
