import { DEFAULT_VERIFICATION_RULES, type RegisterRecord } from '@freightdesk/shared/schemas/verification';
import { describe, expect, it } from 'vitest';
import { goodsCategoryOf, licenceCovers } from './licence-classes.ts';
import { judge } from './verdict.ts';

/** Does the licence cover the vehicle's class (issue 37): the table and the verdict it gives. */
describe('the licence class check', () => {
  it('reads VAHAN’s category however it is written', () => {
    expect(goodsCategoryOf('HGV')).toBe('HGV');
    expect(goodsCategoryOf('Goods Carrier (MGV)')).toBe('MGV');
    expect(goodsCategoryOf('lgv')).toBe('LGV');
    expect(goodsCategoryOf('LMV')).toBeNull();
    expect(goodsCategoryOf(null)).toBeNull();
  });

  it('a heavy or medium goods vehicle needs a transport class; a light one is covered by an LMV licence', () => {
    expect(licenceCovers('HGV', 'LMV, TRANS')).toEqual({ covers: true });
    expect(licenceCovers('HGV', 'MCWG, HGMV')).toEqual({ covers: true });
    expect(licenceCovers('HGV', 'LMV-TR')).toEqual({ covers: false, needs: 'a transport (TRANS) or heavy goods class' });
    expect(licenceCovers('HGV', 'MGV')).toMatchObject({ covers: false });
    expect(licenceCovers('MGV', 'MGV')).toEqual({ covers: true });
    expect(licenceCovers('MGV', 'LMV')).toMatchObject({ covers: false });
    expect(licenceCovers('LGV', 'LMV')).toEqual({ covers: true });
    expect(licenceCovers('LGV', 'lmv-tr')).toEqual({ covers: true });
    expect(licenceCovers('LGV', 'MCWG')).toEqual({ covers: false, needs: 'an LMV or transport class' });
  });

  it('says why it could not judge', () => {
    expect(licenceCovers('2WN', 'LMV')).toEqual({ covers: null, why: "VAHAN's vehicle class 2WN is not a goods class" });
    expect(licenceCovers(null, 'LMV')).toEqual({ covers: null, why: 'VAHAN gave no vehicle class' });
    expect(licenceCovers('HGV', null)).toEqual({ covers: null, why: 'SARATHI gave no licence classes' });
  });
});

const record = (register: 'vehicle' | 'licence', number: string, classes: string | null): RegisterRecord => ({
  register,
  number,
  status: 'ACTIVE',
  holderName: null,
  classes,
  source: 'simulator',
  checkedAt: '2026-12-06T00:00:00.000Z',
  documents: [],
});
const expects = { vehicleNumber: 'MH12TG1234', licenceNumber: 'MH1420110062777' };

describe('the verdict of the class check', () => {
  it('is red under the default rules when the licence does not cover the vehicle, naming both', () => {
    const v = judge(
      record('vehicle', 'MH12TG1234', 'HGV'),
      record('licence', 'MH1420110062777', 'LMV-TR'),
      expects,
      DEFAULT_VERIFICATION_RULES,
      '2026-12-06',
    );
    expect(v).toEqual({
      level: 'red',
      reasons: [
        'Driving licence MH1420110062777 (LMVTR) does not cover a heavy goods vehicle (HGV): it needs a transport (TRANS) or heavy goods class (blocks gate in)',
      ],
    });
  });

  it('only warns when the shipper’s licence rule warns, is silent when it ignores, and is amber when it cannot judge', () => {
    const vehicle = record('vehicle', 'MH12TG1234', 'HGV');
    const light = record('licence', 'MH1420110062777', 'LMV-TR');
    const warn = judge(vehicle, light, expects, { ...DEFAULT_VERIFICATION_RULES, licence: 'warn' }, '2026-12-06');
    expect(warn.level).toBe('amber');
    expect(warn.reasons[0]).toMatch(/does not cover a heavy goods vehicle \(HGV\): it needs a transport \(TRANS\) or heavy goods class$/);
    expect(judge(vehicle, light, expects, { ...DEFAULT_VERIFICATION_RULES, licence: 'ignore' }, '2026-12-06')).toEqual({
      level: 'green',
      reasons: [],
    });
    expect(judge(vehicle, record('licence', 'MH1420110062777', 'LMV, TRANS'), expects, DEFAULT_VERIFICATION_RULES, '2026-12-06')).toEqual({
      level: 'green',
      reasons: [],
    });
    expect(judge(vehicle, record('licence', 'MH1420110062777', null), expects, DEFAULT_VERIFICATION_RULES, '2026-12-06')).toEqual({
      level: 'amber',
      reasons: ['Licence class not checked: SARATHI gave no licence classes'],
    });
  });
});
