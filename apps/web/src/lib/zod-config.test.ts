import { describe, expect, it } from 'vitest';

describe('zod config', () => {
  it('turns off eval for the zod that loads after it (the CSP forbids eval)', async () => {
    await import('./zod-config.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // The same object: zod reads the settings this module wrote, not a copy made before it.
    expect(z.config()).toBe((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig);
  });
});
