import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@freightdesk/shared/permissions';
import { menuFor } from './menu.ts';

const titles = (groups: ReturnType<typeof menuFor>) => groups.flatMap((g) => g.items.map((i) => i.title));

describe('sidebar menu', () => {
  it('shows the owner every shipper menu, and no admin menu', () => {
    const owner = titles(menuFor(3, PERMISSIONS));
    expect(owner).toEqual(expect.arrayContaining(['Dashboard', 'Plants', 'My Carriers', 'Inbound requests', 'Settings']));
    expect(owner).not.toContain('Countries');
    expect(owner).not.toContain('Sent mail');
  });
  it('shows staff only what the role allows', () => {
    const staff = titles(menuFor(4, ['list-outbound-request', 'list-industry-transporter']));
    expect(staff).toEqual(expect.arrayContaining(['Dashboard', 'Outbound requests', 'My Carriers']));
    expect(staff).not.toContain('Plants');
    expect(staff).not.toContain('Inbound requests');
  });
  it('shows a tracking board, a gate and the client contacts only to staff who may list what they show (what the API asks)', () => {
    const outbound = titles(menuFor(4, ['list-outbound-order']));
    expect(outbound).toEqual(expect.arrayContaining(['Outbound tracking', 'Gate in/out outbound']));
    expect(outbound).not.toContain('Inbound tracking');
    expect(outbound).not.toContain('Gate in/out inbound');
    expect(outbound).not.toContain('Client contacts');
    expect(titles(menuFor(4, ['list-client']))).toContain('Client contacts');
  });
  it('shows the admin the admin menus, and a carrier neither', () => {
    const admin = titles(menuFor(1, []));
    expect(admin).toEqual(expect.arrayContaining(['Dashboard', 'Countries', 'States', 'Cities', 'Sent mail']));
    expect(admin).not.toContain('Settings');
    expect(titles(menuFor(2, []))).toEqual([
      'Dashboard',
      'Requests to bid',
      'My orders',
      'Company profile',
      'RFQs to quote',
      'My contracts',
      'Indents',
      'Invoices',
      'Tracking devices',
      'Performance',
      'Developers',
    ]);
    expect(titles(menuFor(3, ['list-plant'], true))).toContain('Developers');
    expect(titles(menuFor(4, ['list-plant'], true))).not.toContain('Developers');
  });
  it('gives an owner without a plan the plan pages only, the plan first (issue 38)', () => {
    const groups = menuFor(3, ['list-plant', 'list-outbound-order'], false);
    expect(groups.map((g) => g.items.map((i) => i.to))).toEqual([['/plan', '/joining-fees']]);
    expect(titles(menuFor(3, ['list-plant'], true))).toContain('Plants');
  });
});
