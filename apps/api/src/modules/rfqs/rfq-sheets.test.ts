import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { csvOf, multipartFile, xlsxOf } from '../../test/import-files.ts';
import { type Procurement, setupProcurement } from '../../test/procurement.ts';

const t = useTestApp();
const call = caller(t);
let p: Procurement;
let plant = { name: '', code: '' };
let vehicle = '';

const upload = (url: string, token: string, name: string, data: Buffer) => {
  const form = multipartFile(name, data);
  return t.app.inject({ method: 'POST', url, headers: { ...form.headers, ...t.as(token) }, payload: form.payload });
};
const HEADER = [
  'Origin type',
  'Origin',
  'Destination type',
  'Destination',
  'Vehicle type',
  'Trips per month',
  'Material',
  'Weight (t)',
  'Benchmark rate (₹)',
];

beforeAll(async () => {
  p = await setupProcurement(t);
  const plants = (await call('GET', '/api/plants?pageSize=100', p.owner)).json().data as { id: number; name: string; code: string }[];
  const found = plants.find((x) => x.id === p.base.plantId);
  plant = { name: found?.name ?? '', code: found?.code ?? '' };
  vehicle =
    ((await call('GET', '/api/vehicle-types/options', p.owner)).json().data as { id: number; name: string }[]).find(
      (v) => v.id === p.base.vehicleTypeId,
    )?.name ?? '';
});

describe('RFQ lane sheets', () => {
  it('reads hundreds of lanes from XLSX into the form, or refuses the file naming each bad row and column', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => [
      'Plant',
      plant.code,
      'Location',
      'Surat DC',
      vehicle,
      String(10 + (i % 30)),
      '',
      '18',
      String(40_000 + i),
    ]);
    const ok = await upload('/api/rfqs/lanes/import', p.owner, 'lanes.xlsx', await xlsxOf([HEADER, ...rows]));
    expect(ok.statusCode, ok.body).toBe(200);
    const lanes = ok.json().data.lanes;
    expect(lanes).toHaveLength(300);
    expect(lanes[5]).toMatchObject({
      origin: { kind: 'plant', id: p.base.plantId },
      destination: { kind: 'stop', id: (p.base.dropoffs as { stopId: number }[])[0]?.stopId },
      vehicleTypeId: p.base.vehicleTypeId,
      tripsPerMonth: 15,
      benchmarkRupees: 40_005,
      destinationLabel: 'Surat DC, Surat',
    });
    // The lanes save as an RFQ through the ordinary call.
    const saved = await call('POST', '/api/rfqs', p.owner, {
      title: 'Imported lanes',
      plantId: p.base.plantId,
      periodFrom: '2027-04-01',
      periodTo: '2028-03-31',
      lanes: lanes.map(({ originLabel: _o, destinationLabel: _d, ...l }: Record<string, unknown>) => l),
      carrierLinkIds: [p.vayuLink],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data.lanes).toBe(300);

    const bad = await upload(
      '/api/rfqs/lanes/import',
      p.owner,
      'lanes.csv',
      csvOf([
        HEADER,
        ['Plant', plant.name, 'Location', 'Surat DC', vehicle, '12', '', '', ''],
        ['Depot', plant.name, 'Location', 'Surat DC', vehicle, '12', '', '', ''],
        ['Plant', 'Nowhere Works', 'Location', 'Surat DC', 'Bullock cart', '0', 'Unobtainium', '', ''],
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('IMPORT_REJECTED');
    expect(bad.json().error.details.errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`)).toEqual([
      '3:originType',
      '4:tripsPerMonth',
    ]);
    const names = await upload(
      '/api/rfqs/lanes/import',
      p.owner,
      'lanes.csv',
      csvOf([HEADER, ['Plant', 'Nowhere Works', 'Location', 'Surat DC', 'Bullock cart', '3', 'Unobtainium', '', '']]),
    );
    expect(
      names
        .json()
        .error.details.errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['material', 'origin', 'vehicleType']);
    expect((await upload('/api/rfqs/lanes/import', p.vayu, 'lanes.csv', csvOf([HEADER]))).statusCode).toBe(403);
    const template = await call('GET', '/api/rfqs/lanes/import/template?format=xlsx', p.owner);
    expect(template.statusCode).toBe(200);
  });

  it('lets a carrier quote offline: download its lane sheet, upload rates and declines; a bad row saves nothing', async () => {
    const plantId = p.base.plantId as number;
    const stopId = (p.base.dropoffs as { stopId: number }[])[0]?.stopId ?? 0;
    const lane = {
      origin: { kind: 'plant', id: plantId },
      destination: { kind: 'stop', id: stopId },
      vehicleTypeId: p.base.vehicleTypeId,
      tripsPerMonth: 5,
    };
    const rfq = (
      await call('POST', '/api/rfqs', p.owner, {
        title: 'Sheet quotes',
        plantId,
        periodFrom: '2027-04-01',
        periodTo: '2028-03-31',
        lanes: [lane, { ...lane, tripsPerMonth: 9 }, { ...lane, tripsPerMonth: 2 }],
        carrierLinkIds: [p.vayuLink],
      })
    ).json().data;
    expect(
      (await call('POST', `/api/rfqs/${rfq.id}/rounds`, p.owner, { endsAt: new Date(Date.now() + 3_600_000).toISOString() })).statusCode,
    ).toBe(201);
    const sheet = await call('GET', `/api/carrier/rfqs/${rfq.id}/sheet?format=xlsx`, p.vayu);
    expect(sheet.statusCode, sheet.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const read = book.worksheets[0]?.getSheetValues().slice(1) as unknown[][];
    expect(read.map((r) => [r[1], r[5]])).toEqual([
      ['Lane no.', 'Trips per month'],
      [1, 5],
      [2, 9],
      [3, 2],
    ]);
    expect((await call('GET', `/api/carrier/rfqs/${rfq.id}/sheet?format=csv`, p.ganesh)).statusCode).toBe(404);

    const sheetHeader = [
      'Lane no.',
      'Origin',
      'Destination',
      'Vehicle type',
      'Trips per month',
      'Material',
      'Weight (t)',
      'Your rate (₹)',
      'Decline (yes/no)',
    ];
    const bad = await upload(
      `/api/carrier/rfqs/${rfq.id}/quotes/import`,
      p.vayu,
      'quotes.xlsx',
      await xlsxOf([
        sheetHeader,
        ['1', '', '', '', '', '', '', '41000', ''],
        ['2', '', '', '', '', '', '', '0', ''],
        ['7', '', '', '', '', '', '', '100', ''],
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`)).toEqual([
      '3:rateRupees',
      '4:lane',
    ]);
    expect((await call('GET', `/api/carrier/rfqs/${rfq.id}`, p.vayu)).json().data.myQuotes).toEqual([]);
    const ok = await upload(
      `/api/carrier/rfqs/${rfq.id}/quotes/import`,
      p.vayu,
      'quotes.xlsx',
      await xlsxOf([
        sheetHeader,
        ['1', '', '', '', '', '', '', '41,000', ''],
        ['2', '', '', '', '', '', '', '', 'yes'],
        ['3', '', '', '', '', '', '', '', ''],
      ]),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const mine = (await call('GET', `/api/carrier/rfqs/${rfq.id}`, p.vayu)).json().data.myQuotes;
    expect(mine.map((q: { amountRupees: number | null; declined: boolean }) => [q.amountRupees, q.declined])).toEqual([
      [41_000, false],
      [null, true],
    ]);
    // The shipper's comparison as a sheet: L1–L3 and the lane × carrier matrix.
    const sheetOut = await call('GET', `/api/rfqs/${rfq.id}/compare/export?format=csv`, p.owner);
    expect(sheetOut.statusCode, sheetOut.body).toBe(200);
    const lines = sheetOut.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('"L1 carrier","L1 (₹)"');
    expect(lines[0]).toContain('"Vayu Roadlines (₹)"');
    expect(lines[1]).toMatch(/^"1",.*"Vayu Roadlines","41000".*"41000"$/);
    expect(lines[2]).toMatch(/"declined"$/);
    expect((await call('GET', `/api/rfqs/${rfq.id}/compare/export?format=csv`, p.vayu)).statusCode).toBe(403);
  });

  it('invites the active members of chosen carrier groups with the carriers chosen one by one, each once', async () => {
    const group = await call('POST', '/api/carrier-groups', p.owner, { name: 'RFQ west pool', carrierLinkIds: [p.vayuLink, p.ganeshLink] });
    expect(group.statusCode, group.body).toBe(201);
    const plantId = p.base.plantId as number;
    const stopId = (p.base.dropoffs as { stopId: number }[])[0]?.stopId ?? 0;
    const body = {
      title: 'Group invite',
      plantId,
      periodFrom: '2027-04-01',
      periodTo: '2028-03-31',
      lanes: [
        {
          origin: { kind: 'plant', id: plantId },
          destination: { kind: 'stop', id: stopId },
          vehicleTypeId: p.base.vehicleTypeId,
          tripsPerMonth: 5,
        },
      ],
    };
    const none = await call('POST', '/api/rfqs', p.owner, { ...body, carrierLinkIds: [], groupIds: [] });
    expect(Object.keys(none.json().error.fields)).toEqual(['carrierLinkIds']);
    expect(Object.keys((await call('POST', '/api/rfqs', p.owner, { ...body, groupIds: [999_999] })).json().error.fields)).toEqual([
      'groupIds',
    ]);
    const made = await call('POST', '/api/rfqs', p.owner, { ...body, carrierLinkIds: [p.vayuLink], groupIds: [group.json().data.id] });
    expect(made.statusCode, made.body).toBe(201);
    expect(
      made
        .json()
        .data.invited.map((i: { carrierLinkId: number }) => i.carrierLinkId)
        .sort(),
    ).toEqual([p.vayuLink, p.ganeshLink].sort());
  });
});
