import { carrierCompanyInputSchema, carrierInputSchema } from '@freightdesk/shared/schemas/carrier';
import { partyInputSchema } from '@freightdesk/shared/schemas/party';
import { plantInputSchema } from '@freightdesk/shared/schemas/plant';
import { roleInputSchema } from '@freightdesk/shared/schemas/role';
import { stopInputSchema } from '@freightdesk/shared/schemas/stop';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { multipartFile } from '../../test/import-files.ts';
import { statePaths } from './known-states.ts';

const t = useTestApp();
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });

const stop = (state: string) => ({
  name: `Depot ${state}`,
  type: 'drop',
  address: 'Yard 4',
  city: 'Nashik',
  state,
  pincode: '422101',
  latitude: 20,
  longitude: 73.8,
});
const address = (state: string) => ({
  label: 'Main',
  address: 'Street 1',
  city: 'Surat',
  state,
  pincode: '395003',
  latitude: 21.1,
  longitude: 72.8,
});

describe('states are picked from the geography', () => {
  it('finds every state field of the shared schemas, and none where there is none', () => {
    expect(statePaths(plantInputSchema)).toEqual([['state']]);
    expect(statePaths(stopInputSchema)).toEqual([['state']]);
    expect(statePaths(partyInputSchema)).toEqual([['addresses', '*', 'state']]);
    expect(statePaths(carrierInputSchema)).toEqual([['state']]);
    expect(statePaths(carrierCompanyInputSchema)).toEqual([['state']]);
    expect(statePaths(roleInputSchema)).toEqual([]);
  });

  it('refuses an unknown state naming the field and the nearest state; stores a known one as the geography spells it', async () => {
    const owner = await t.login('owner@demo.test');
    const typo = await call('POST', '/api/stops', owner, stop('Maharashtrr'));
    expect(typo.statusCode).toBe(400);
    expect(typo.json().error.fields).toEqual({ state: '"Maharashtrr" is not a state we know. Did you mean Maharashtra?' });
    const stranger = await call('POST', '/api/stops', owner, stop('Narnia'));
    expect(stranger.json().error.fields.state).toBe('"Narnia" is not a state we know. Choose one from the list.');
    const lower = await call('POST', '/api/stops', owner, stop('maharashtra'));
    expect(lower.statusCode, lower.body).toBe(201);
    expect(lower.json().data.state).toBe('Maharashtra');
    const code = await call('POST', '/api/stops', owner, stop('gj'));
    expect(code.json().data.state).toBe('Gujarat');

    const [plant] = (await call('GET', '/api/plants?pageSize=25', owner)).json().data;
    const { id, status, slaText, contractSlaText, createdAt, updatedAt, businessUnitName, ...body } = plant;
    const filled = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null));
    const plantTypo = await call('PUT', `/api/plants/${id}`, owner, { ...filled, state: 'Gujrat' });
    expect(plantTypo.json().error.fields).toEqual({ state: '"Gujrat" is not a state we know. Did you mean Gujarat?' });

    const client = await call('POST', '/api/clients', owner, {
      company: 'State Check Traders',
      contactName: 'Ritu',
      mobile: '9811122233',
      addresses: [address('Gujarat'), address('Tamilnadu')],
    });
    expect(client.statusCode).toBe(400);
    expect(client.json().error.fields).toEqual({ 'addresses.1.state': '"Tamilnadu" is not a state we know. Did you mean Tamil Nadu?' });

    const carrier = await call('POST', '/api/carriers', owner, {
      name: 'State Check Roadways',
      contactName: 'Ravi',
      mobile: '9811122244',
      email: 'statecheck@carrier.test',
      state: 'Karnatka',
    });
    expect(carrier.json().error.fields).toEqual({ state: '"Karnatka" is not a state we know. Did you mean Karnataka?' });
    const mine = await call('PUT', '/api/carrier/company', await t.login('carrier@demo.test'), {
      name: 'Vayu Roadlines',
      contactName: 'Imran Khan',
      mobile: '9811122255',
      email: 'carrier@demo.test',
      state: 'Delhee',
    });
    expect(mine.json().error.fields).toEqual({ state: '"Delhee" is not a state we know. Did you mean Delhi?' });
  });

  it('checks the states of an import, row by row, and keeps the file working with names in any case', async () => {
    const owner = await t.login('owner@demo.test');
    const header = 'Company name,Contact person,Mobile,Address name,Address,City,State,PIN code,Latitude,Longitude';
    const row = (company: string, mobile: string, state: string) =>
      `${company},Asha,${mobile},Main,Street 1,Surat,${state},395003,21.17,72.83`;
    const upload = (lines: string[]) => {
      const form = multipartFile('clients.csv', Buffer.from(lines.join('\n')));
      return t.app.inject({
        method: 'POST',
        url: '/api/clients/import',
        headers: { ...form.headers, ...t.as(owner) },
        payload: form.payload,
      });
    };
    const refused = await upload([header, row('Geo One', '9822200001', 'GUJARAT'), row('Geo Two', '9822200002', 'Maharashtrr')]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.errors).toEqual([
      { row: 3, field: 'addresses.0.state', message: '"Maharashtrr" is not a state we know. Did you mean Maharashtra?' },
    ]);
    const ok = await upload([header, row('Geo One', '9822200001', 'GUJARAT'), row('Geo Two', '9822200002', 'maharashtra')]);
    expect(ok.json().data).toEqual({ created: 2 });
    const saved = (await call('GET', '/api/clients?search=Geo', owner)).json().data as { addresses: { state: string }[] }[];
    expect(saved.map((c) => c.addresses[0]?.state).sort()).toEqual(['Gujarat', 'Maharashtra']);
  });
});
