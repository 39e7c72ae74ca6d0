import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@freightdesk/shared/permissions';
import { featureFor } from './feature-pages.tsx';
import { menuFeatures } from './prefetch-features.ts';

const feature = (id: string) => featureFor(id);

describe('features fetched after the login', () => {
  it('are the carrier portal for a carrier, never the admin area or a shipper list', () => {
    const carrier = menuFeatures(2, []);
    expect(carrier).toContain(feature('carrier-orders'));
    expect(carrier).toContain(feature('dashboard'));
    expect(carrier).not.toContain(feature('admin-shippers'));
    expect(carrier).not.toContain(feature('plant'));
  });

  it('are the admin area for the admin, never the carrier portal', () => {
    const admin = menuFeatures(1, []);
    expect(admin).toContain(feature('admin-shippers'));
    expect(admin).not.toContain(feature('carrier-orders'));
  });

  it('follow a staff member role, each feature once', () => {
    const staff = menuFeatures(4, ['list-outbound-request']);
    expect(staff).toContain(feature('request-outbound'));
    expect(staff).not.toContain(feature('plant'));
    const owner = menuFeatures(3, PERMISSIONS);
    expect(new Set(owner).size).toBe(owner.length);
    expect(owner.length).toBeGreaterThan(10);
  });
});
