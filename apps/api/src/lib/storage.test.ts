import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './storage.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'fd-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const filesIn = (d: string) => readdirSync(d, { recursive: true, encoding: 'utf8' });

describe('local storage', () => {
  it('leaves no temporary file behind when the upload fails at once, before its file is even open', async () => {
    const storage = createLocalStorage(dir);
    for (let i = 0; i < 100; i++) {
      const failing = new Readable({
        read() {
          this.destroy(new Error('client went away'));
        },
      });
      await expect(storage.put(`aa/bb/fail-${i}`, failing)).rejects.toThrow('client went away');
    }
    expect(filesIn(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    await storage.put('aa/bb/ok', Buffer.from('kept'));
    expect(filesIn(dir)).toContain(path.join('aa', 'bb', 'ok'));
  });
});
