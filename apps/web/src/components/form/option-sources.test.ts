import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@freightdesk/shared/permissions';
import { ROUTES } from '@freightdesk/shared/routes';
import { emptyHint, OPTION_SOURCES } from './option-sources.ts';
import { optionValue, parseOptionValue } from './use-server-options.ts';

describe('option sources', () => {
  it('each names a page of the app where an entry is added', () => {
    for (const [name, source] of Object.entries(OPTION_SOURCES)) {
      expect(
        ROUTES.some((r) => r.path === source.add.path),
        name,
      ).toBe(true);
    }
  });

  it('an empty picker links to where the user may add, or says whom to ask', () => {
    const sources = [OPTION_SOURCES.clientAddresses, OPTION_SOURCES.stops];
    expect(emptyHint(sources, { userType: 3, permissions: [...PERMISSIONS] })).toEqual({
      text: 'No client addresses or locations yet',
      links: [
        { to: '/client/add', where: 'Clients' },
        { to: '/stop/add', where: 'Locations' },
      ],
    });
    const staff = { userType: 4 as const, permissions: ['add-outbound-request' as const, 'add-stop' as const] };
    expect(emptyHint(sources, staff).links).toEqual([{ to: '/stop/add', where: 'Locations' }]);
    expect(emptyHint(sources, { userType: 4, permissions: ['add-outbound-request'] }).links).toEqual([]);
  });

  it('values of a picker fed by several masters say which master', () => {
    const both = ['clientAddresses', 'stops'] as const;
    expect(optionValue(both, 'stops', 7)).toBe('stops:7');
    expect(parseOptionValue(both, 'clientAddresses:12')).toEqual({ source: 'clientAddresses', id: 12 });
    expect(parseOptionValue(['plants'], '4')).toEqual({ source: 'plants', id: 4 });
    expect(parseOptionValue(both, 'plants:4')).toBeNull();
  });
});
