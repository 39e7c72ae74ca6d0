import { describe, expect, it } from 'vitest';
import { parseFastag, parseFois, parseFoisTime, parseGeocode, parseReaderTime, parseStation, UlipError } from './ulip-answers.ts';
import { railRoute, simulateFastag, simulateFois } from './ulip-simulator.ts';

const envelope = (response: unknown) => ({ response: [{ response }], error: 'false', code: '200', message: 'Success' });
const txn = (over: Record<string, unknown>) => ({
  readerReadTime: '2026-11-24 10:15:42.5',
  seqNo: '1200345678',
  laneDirection: 'N',
  tollPlazaGeocode: '18.836,73.275',
  tollPlazaName: 'Khalapur Toll Plaza',
  vehicleType: 'VC12',
  vehicleRegNo: 'MH12RT7781',
  ...over,
});
const fastag = (list: unknown[]) =>
  envelope({
    result: 'SUCCESS',
    respCode: '000',
    vehicle: { errCode: '000', vehltxnList: { totalTagsInMsg: String(list.length), txn: list } },
  });

describe('FASTAG/01 as ULIP answers it', () => {
  it('reads readerReadTime as IST with or without a fraction, and refuses impossible times', () => {
    expect(parseReaderTime('2026-11-24 10:15:42.5')?.toISOString()).toBe('2026-11-24T04:45:42.500Z');
    expect(parseReaderTime('2026-11-24 10:15:42')?.toISOString()).toBe('2026-11-24T04:45:42.000Z');
    expect(parseReaderTime('2026-11-24 10:15:42.123')?.toISOString()).toBe('2026-11-24T04:45:42.123Z');
    expect(parseReaderTime('2026-02-30 10:15:42.0')).toBeUndefined();
    expect(parseReaderTime('24/11/2026 10:15')).toBeUndefined();
    expect(parseReaderTime(1732423542)).toBeUndefined();
  });

  it('never plots the placeholder geocode, nor one outside India or garbled', () => {
    expect(parseGeocode('18.836,73.275')).toEqual({ latitude: 18.836, longitude: 73.275 });
    expect(parseGeocode(' 18.836 , 73.275 ')).toEqual({ latitude: 18.836, longitude: 73.275 });
    expect(parseGeocode('11.0001,11.0001')).toBeNull();
    expect(parseGeocode('0,0')).toBeNull();
    expect(parseGeocode('73.275,18.836')).toBeNull();
    expect(parseGeocode('north')).toBeNull();
  });

  it('keeps each read with its plaza, skips reads without a seqNo or a time, and counts them', () => {
    const { reads, skipped } = parseFastag(
      fastag([
        txn({}),
        txn({ seqNo: '', readerReadTime: '2026-11-24 11:00:00.0' }),
        txn({ readerReadTime: 'yesterday' }),
        txn({ tollPlazaGeocode: '11.0001,11.0001', seqNo: '7' }),
      ]),
    );
    expect(skipped).toBe(2);
    expect(reads).toHaveLength(2);
    expect(reads[0]).toMatchObject({
      seqNo: '1200345678',
      plaza: 'Khalapur Toll Plaza',
      latitude: 18.836,
      longitude: 73.275,
      direction: 'N',
      vehicleType: 'VC12',
    });
    expect(reads[1]).toMatchObject({ seqNo: '7', latitude: null, longitude: null });
  });

  it('answers no reads for errCode 740 and fails on other failures or a refused envelope', () => {
    expect(parseFastag(envelope({ result: 'FAILURE', respCode: '740', vehicle: { errCode: '740' } }))).toEqual({ reads: [], skipped: 0 });
    expect(() => parseFastag(envelope({ result: 'FAILURE', vehicle: { errCode: '101' } }))).toThrow(UlipError);
    expect(() => parseFastag({ error: 'true', code: '401', message: 'Invalid token' })).toThrow(/Invalid token/);
    expect(() => parseFastag('<html>')).toThrow(UlipError);
    // A single transaction comes as an object, not a list, from some gateways.
    const one = envelope({ result: 'SUCCESS', vehicle: { vehltxnList: { txn: txn({}) } } });
    expect(parseFastag(one).reads).toHaveLength(1);
    // Some gateways nest the envelope under `data`.
    expect(parseFastag({ data: fastag([txn({})]) }).reads).toHaveLength(1);
  });
});

describe('FOIS/01 as ULIP answers it', () => {
  const record = {
    newFnr: '',
    etaDstn: '22:10 20-09-2026',
    cmdt: 'PHC',
    currentStatus: 'DEPARTED FROM MANMAD JN(MMR) ON 14:20 19-09-2026',
    lastRepStts: 'DP',
    lastRepLocn: 'MANMAD JN(MMR)',
    lgtd: '74.438000',
    lttd: '20.251000',
    fnrNo: '23091420258',
    stationFrom: 'NEW KUSMUNDA COLLIERY SIDING,  KORBA(NKCR)',
    stationTo: 'M/S NABHA POWER LTD.SIDING (NPSB)',
  };

  it('reads longitude first, the time first in its dates, and stations as name and code', () => {
    const r = parseFois(envelope([record]), '23091420258');
    expect(r).toMatchObject({ fnr: '23091420258', status: 'DP', latitude: 20.251, longitude: 74.438, commodity: 'PHC' });
    expect(r?.station).toEqual({ name: 'MANMAD JN', code: 'MMR' });
    expect(r?.from).toEqual({ name: 'NEW KUSMUNDA COLLIERY SIDING, KORBA', code: 'NKCR' });
    expect(r?.to).toEqual({ name: 'M/S NABHA POWER LTD.SIDING', code: 'NPSB' });
    expect(r?.eta?.toISOString()).toBe('2026-09-20T16:40:00.000Z');
    expect(r?.reportedAt?.toISOString()).toBe('2026-09-19T08:50:00.000Z');
    expect(parseFoisTime('25:10 20-09-2026')).toBeUndefined();
    expect(parseStation('KALYAN')).toEqual({ name: 'KALYAN', code: null });
  });

  it('answers null for an FNR FOIS does not know, and no coordinates for garbled ones', () => {
    expect(parseFois(envelope({}), '1')).toBeNull();
    expect(parseFois(envelope([]), '1')).toBeNull();
    expect(parseFois(envelope([{ ...record, lgtd: 'x', lttd: '' }]), '1')).toMatchObject({ latitude: null, longitude: null });
  });
});

describe('the built-in ULIP', () => {
  const pune = { latitude: 18.7606, longitude: 73.8636 };
  const surat = { latitude: 21.17, longitude: 72.83 };
  const startedAt = new Date('2026-11-24T00:00:00Z');

  it('crosses the real plazas along the lane in order, with one read twice and one of the previous trip', () => {
    const now = new Date(startedAt.getTime() + 12 * 3_600_000);
    const { reads } = parseFastag(simulateFastag('MH12RT7781', { points: [pune, surat], startedAt }, now));
    const plazas = reads.map((r) => r.plaza);
    expect(plazas).toEqual([
      'Urse Toll Plaza',
      'Urse Toll Plaza',
      'Urse Toll Plaza',
      'Ghoti Toll Plaza',
      'Bagwada Toll Plaza',
      'Boriach Toll Plaza',
    ]);
    expect(reads[0]?.readAt.getTime()).toBeLessThan(startedAt.getTime());
    expect(reads[1]?.seqNo).toBe(reads[2]?.seqNo);
    // Not yet crossed: nothing.
    expect(
      parseFastag(simulateFastag('MH12RT7781', { points: [pune, surat], startedAt }, new Date(startedAt.getTime() + 60_000))).reads,
    ).toHaveLength(1);
    expect(parseFastag(simulateFastag('MH12RT7781', null, now)).reads).toEqual([]);
  });

  it('answers the placeholder geocode for an unlocated plaza, which is then not plotted', () => {
    const bhiwandi = { latitude: 19.2813, longitude: 73.0483 };
    const now = new Date(startedAt.getTime() + 12 * 3_600_000);
    const { reads } = parseFastag(simulateFastag('MH12RT7781', { points: [pune, bhiwandi], startedAt }, now));
    const shedung = reads.find((x) => x.plaza === 'Shedung Toll Plaza');
    expect(shedung).toMatchObject({ latitude: null, longitude: null });
    expect(reads.find((x) => x.plaza === 'Khalapur Toll Plaza')).toMatchObject({ latitude: 18.836, longitude: 73.275 });
  });

  it('runs a rake between the stations nearest the lane ends and reaches its destination', () => {
    const route = railRoute({ points: [pune, surat], startedAt });
    expect(route?.map((s) => s[1])).toEqual(['MMCT', 'BSR', 'VAPI', 'ST']);
    const early = parseFois(
      simulateFois('12345678901', { points: [pune, surat], startedAt }, new Date(startedAt.getTime() + 30 * 60_000)),
      'x',
    );
    expect(early).toMatchObject({ status: 'DP', station: { code: 'MMCT' }, from: { code: 'MMCT' }, to: { code: 'ST' } });
    const late = parseFois(
      simulateFois('12345678901', { points: [pune, surat], startedAt }, new Date(startedAt.getTime() + 48 * 3_600_000)),
      'x',
    );
    expect(late).toMatchObject({ status: 'AR', station: { code: 'ST' } });
    expect(late?.statusText).toMatch(/^REACHED AT DESTINATION ON/);
  });
});
