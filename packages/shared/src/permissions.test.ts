import { describe, expect, it } from 'vitest';
import { PERMISSION_AREAS, PERMISSION_LABEL, PERMISSIONS } from './permissions.ts';

describe('permission labels and areas', () => {
  it('gives every permission a readable label of its own, never the slug', () => {
    for (const p of PERMISSIONS) {
      const label = PERMISSION_LABEL[p];
      expect(label, p).toMatch(/^[A-Z][^\n]{5,}$/);
      expect(label, p).not.toContain(p);
    }
    expect(Object.keys(PERMISSION_LABEL).sort()).toEqual([...PERMISSIONS].sort());
    expect(new Set(Object.values(PERMISSION_LABEL)).size).toBe(PERMISSIONS.length);
  });

  it('places every permission in exactly one area', () => {
    const grouped = Object.values(PERMISSION_AREAS).flat();
    expect(grouped.length).toBe(new Set(grouped).size);
    expect([...grouped].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('reads the two the issue names as their screens say', () => {
    expect(PERMISSION_LABEL['bid-list']).toBe('View bid position, payment and tracking settings');
    expect(PERMISSION_LABEL['add-edit-delete']).toMatch(/^Add, edit and delete settings/);
  });
});
