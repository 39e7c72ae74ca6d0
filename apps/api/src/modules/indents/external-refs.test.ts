import { beforeAll, describe, expect, it } from 'vitest';
import { contractedLane } from '../../test/contracts.ts';
import { caller } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { hoursFromNow, type Procurement, setupProcurement } from '../../test/procurement.ts';

/**
 * The ERP's own reference (issue 34) on transport requests and indents: kept, shown, searched,
 * filtered, refused past 64 characters and answered 409 with the record that holds it.
 */
const t = useTestApp();
const call = caller(t);
let p: Procurement;
let laneId = 0;
const ids = (res: { json: () => { data: { id: number }[] } }) => res.json().data.map((r) => r.id);

beforeAll(async () => {
  p = await setupProcurement(t);
  laneId = (await contractedLane(t, p, 60)).laneId;
});

describe('a transport request’s ERP reference', () => {
  it('is kept, shown, searched and filtered; 409 naming the holder; kept or refused on edit', async () => {
    const made = await call('POST', '/api/requests/outbound', p.owner, { ...p.base, externalRef: ' PO-7001 ', publish: false });
    expect(made.statusCode, made.body).toBe(201);
    const request = made.json().data;
    expect(request.externalRef).toBe('PO-7001');
    expect((await call('GET', `/api/requests/outbound/${request.id}`, p.owner)).json().data.externalRef).toBe('PO-7001');
    expect(ids(await call('GET', '/api/requests/outbound?search=PO-7001', p.owner))).toEqual([request.id]);
    expect(ids(await call('GET', '/api/requests/outbound?externalRef=PO-7001', p.owner))).toEqual([request.id]);
    const again = await call('POST', '/api/requests/outbound', p.owner, { ...p.base, externalRef: 'PO-7001' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'DUPLICATE_EXTERNAL_REF', details: { existingId: request.id } });
    expect(Object.keys(again.json().error.fields)).toEqual(['externalRef']);
    const long = await call('POST', '/api/requests/outbound', p.owner, { ...p.base, externalRef: 'R'.repeat(65) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().error.fields)).toEqual(['externalRef']);
    // An edit keeps its own reference; another request's is refused.
    const other = (await call('POST', '/api/requests/outbound', p.owner, { ...p.base, externalRef: 'PO-7002', publish: false })).json()
      .data;
    const url = `/api/requests/outbound/${other.id}`;
    const keep = await call(
      'PUT',
      url,
      p.owner,
      { ...p.base, externalRef: 'PO-7002', publish: false },
      { 'if-match': `"${other.updatedAt}"` },
    );
    expect(keep.statusCode, keep.body).toBe(200);
    const take = await call('PUT', url, p.owner, { ...p.base, externalRef: 'PO-7001', publish: false });
    expect(take.statusCode).toBe(409);
    expect(take.json().error.details.existingId).toBe(request.id);
  });
});

describe('transport requests in bulk', () => {
  it('creates the good lines, names each bad line and its field, and answers a repeat from its key', async () => {
    const body = {
      lines: [
        { ...p.base, externalRef: 'PO-BULK-1' },
        { ...p.base, externalRef: 'PO-BULK-2', requestType: 2, pickupAddressId: 1 },
        { ...p.base, externalRef: 'PO-BULK-1' },
        { ...p.base, externalRef: 'PO-BULK-4', weightTonnes: -1 },
        { ...p.base, externalRef: 'PO-BULK-5' },
      ],
    };
    const headers = { 'idempotency-key': 'erp-requests-bulk-1' };
    const res = await call('POST', '/api/requests/outbound/bulk', p.owner, body, headers);
    expect(res.statusCode, res.body).toBe(200);
    const [first, type, duplicate, weight, last] = res.json().data;
    expect(first).toMatchObject({ index: 0, status: 'created' });
    expect(Object.keys(type.errors)).toEqual(['requestType']);
    expect(duplicate).toMatchObject({
      index: 2,
      status: 'error',
      code: 'DUPLICATE_EXTERNAL_REF',
      errors: { externalRef: expect.any(String) },
    });
    expect(Object.keys(weight.errors)).toEqual(['weightTonnes']);
    expect(last).toMatchObject({ index: 4, status: 'created' });
    expect(res.json()).toMatchObject({ created: 2, failed: 3 });
    const again = await call('POST', '/api/requests/outbound/bulk', p.owner, body, headers);
    expect(again.json()).toEqual(res.json());
    const made = await call('GET', '/api/requests/outbound?search=PO-BULK-1', p.owner);
    expect(ids(made)).toEqual([first.id]);
    expect((await call('GET', '/api/requests/outbound?externalRef=PO-BULK-5', p.owner)).json().total).toBe(1);
  });
});

describe('an indent’s ERP reference', () => {
  it('is kept, shown, searched and filtered; a taken one is 409 naming the batch line', async () => {
    const placed = await call('POST', '/api/indents', p.owner, {
      indents: [{ laneId, vehicles: 2, reportingAt: hoursFromNow(20), externalRef: 'IND-ERP-1' }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [indent] = placed.json().data;
    expect(indent.externalRef).toBe('IND-ERP-1');
    expect((await call('GET', `/api/indents/${indent.id}`, p.owner)).json().data.externalRef).toBe('IND-ERP-1');
    expect(ids(await call('GET', '/api/indents?search=IND-ERP-1', p.owner))).toEqual([indent.id]);
    expect(ids(await call('GET', '/api/indents?externalRef=IND-ERP-1', p.owner))).toEqual([indent.id]);
    const batch = await call('POST', '/api/indents', p.owner, {
      indents: [
        { laneId, vehicles: 1, reportingAt: hoursFromNow(21), externalRef: 'IND-ERP-2' },
        { laneId, vehicles: 1, reportingAt: hoursFromNow(22), externalRef: 'IND-ERP-1' },
      ],
    });
    expect(batch.statusCode).toBe(409);
    expect(Object.keys(batch.json().error.fields)).toEqual(['indents.1.externalRef']);
    expect(batch.json().error.details.existingId).toBe(indent.id);
    // All or nothing: the batch's first line was not placed either.
    expect((await call('GET', '/api/indents?externalRef=IND-ERP-2', p.owner)).json().total).toBe(0);
    const edit = { vehicles: 2, reportingAt: hoursFromNow(25), externalRef: 'IND-ERP-1B' };
    const edited = await call('PUT', `/api/indents/${indent.id}`, p.owner, edit, { 'if-match': indent.updatedAt });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call('GET', `/api/indents/${indent.id}`, p.owner)).json().data.externalRef).toBe('IND-ERP-1B');
  });
});
