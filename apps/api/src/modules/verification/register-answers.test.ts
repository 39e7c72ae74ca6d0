import { describe, expect, it } from 'vitest';
import { UlipError } from '../../lib/ulip-session.ts';
import { flatXml, LIFETIME, parseRegisterDate, parseSarathi, parseVahan } from './register-answers.ts';
import { createRegisterSimulator } from './registers.ts';

const envelope = (response: unknown) => ({ response: [{ response }], error: 'false', code: '200', message: 'Success' });

describe('VAHAN and SARATHI answers', () => {
  it('reads the registers’ dates in every way they are written, and refuses days that do not exist', () => {
    expect(parseRegisterDate('26-Sep-2027')).toBe('2027-09-26');
    expect(parseRegisterDate('26/09/2027')).toBe('2027-09-26');
    expect(parseRegisterDate('2027-09-26T00:00:00')).toBe('2027-09-26');
    expect(parseRegisterDate('LTT')).toBe(LIFETIME);
    expect(parseRegisterDate('31-Feb-2027')).toBeNull();
    expect(parseRegisterDate('')).toBeNull();
    expect(parseRegisterDate(undefined)).toBeNull();
  });

  it('reads VAHAN’s XML (entities decoded), takes the earlier of the state and national permit, and names a blacklist', () => {
    const xml =
      '<VehicleDetails><rc_regn_no>MH12AB1234</rc_regn_no><rc_owner_name>A &amp; B ROADLINES</rc_owner_name>' +
      '<rc_fit_upto>01-Jan-2027</rc_fit_upto><rc_permit_valid_upto>01-Mar-2028</rc_permit_valid_upto><rc_np_upto>01-Feb-2027</rc_np_upto>' +
      '<rc_status>ACTIVE</rc_status><rc_blacklist_status>Challan pending</rc_blacklist_status></VehicleDetails>';
    expect(flatXml(xml).rc_owner_name).toBe('A & B ROADLINES');
    const answer = parseVahan(envelope(xml), 'MH12AB1234');
    expect(answer).toMatchObject({ number: 'MH12AB1234', holderName: 'A & B ROADLINES', status: 'BLACKLISTED: Challan pending' });
    const docs = Object.fromEntries((answer?.documents ?? []).map((d) => [d.doc, d.validTo]));
    expect(docs).toMatchObject({ fitness: '2027-01-01', permit: '2027-02-01', insurance: null });
  });

  it('reads VAHAN’s fields as JSON too; a number it does not know is null; an error envelope throws', () => {
    expect(parseVahan(envelope({ rc_regn_no: 'MH12AB1234', rc_insurance_upto: '05-12-2027' }), 'MH12AB1234')?.documents[2]).toEqual({
      doc: 'insurance',
      validTo: '2027-12-05',
    });
    expect(parseVahan(envelope('Vehicle Details not Found'), 'MH12AB1234')).toBeNull();
    expect(() => parseVahan({ error: 'true', code: '400', message: 'Invalid vehicle number' }, 'X')).toThrow(UlipError);
  });

  it('reads SARATHI’s transport validity and classes; a licence it does not know is null', () => {
    const record = {
      dlobj: { dlLicno: 'MH14 20110062821', dlStatus: 'Active', dlTrValdtoDt: '2027-04-30', dlNtValdtoDt: '2040-01-01' },
      bioObj: { bioFullName: 'RAMESH PAWAR' },
      dlcovs: [{ covabbrv: 'LMV' }, { covabbrv: 'TRANS' }],
    };
    expect(parseSarathi(envelope({ dldetobj: [record] }), 'MH1420110062821')).toEqual({
      number: 'MH1420110062821',
      status: 'ACTIVE',
      holderName: 'RAMESH PAWAR',
      classes: 'LMV, TRANS',
      documents: [{ doc: 'licence', validTo: '2027-04-30' }],
    });
    expect(parseSarathi(envelope({ dldetobj: [], errorcd: 1 }), 'MH1420110062821')).toBeNull();
  });

  it('the simulator is the same every time for a number and a day, and shows the demo’s troubles', async () => {
    const now = new Date('2026-12-06T06:00:00Z');
    const sim = createRegisterSimulator(() => now);
    const a = await sim.vahan('MH12FX4321');
    expect(await sim.vahan('MH12FX4321')).toEqual(a);
    expect(a?.documents.find((d) => d.doc === 'fitness')?.validTo).toBe('2026-11-16');
    expect((await sim.vahan('MH12IX4321'))?.documents.find((d) => d.doc === 'insurance')?.validTo).toBe('2026-12-01');
    expect((await sim.vahan('22BH1234PX'))?.documents.find((d) => d.doc === 'puc')?.validTo).toBe('2026-12-03');
    expect(await sim.vahan('XX12AB1234')).toBeNull();
    expect((await sim.sarathi('MH1420110062999', '1985-02-01'))?.documents[0]?.validTo).toBe('2026-10-27');
  });
});
