import { stableHash } from '../tracking/providers/journey.ts';

/**
 * The built-in VAHAN and SARATHI: answers VAHAN/01 and SARATHI/01 in ULIP's envelope and shapes
 * (VAHAN as its `<VehicleDetails>` XML, dates `dd-MMM-yyyy`) for any number, the same every time
 * for a number and a day. The series letters of a vehicle number decide the demo's troubles (docs/
 * integrations.md): FX (MH12FX4321) a fitness certificate that lapsed 20 days ago, IX an insurance
 * that lapsed 5 days ago, PX a PUC that lapsed 3 days ago, IE an insurance ending in 10 days, LG a
 * light goods vehicle (every other is a heavy one, HGV); a licence ending in 999 lapsed 40 days
 * ago, 888 ends in 12 days, 777 covers light vehicles only (LMV-TR: not an HGV). Every other date lies 2 to 20
 * months ahead, drawn from the number; a number starting "XX" is not in the register.
 */
const DAY = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const envelope = (response: unknown) => ({ response: [{ response }], error: 'false', code: '200', message: 'Success' });

/** The India day `days` from now, as VAHAN writes it (26-Sep-2027). */
function vahanDate(now: Date, days: number): string {
  const d = new Date(now.getTime() + 5.5 * 3_600_000 + days * DAY);
  return `${String(d.getUTCDate()).padStart(2, '0')}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
}
const isoDate = (now: Date, days: number) => new Date(now.getTime() + 5.5 * 3_600_000 + days * DAY).toISOString().slice(0, 10);

/** 2 to 20 months ahead, different per number and document. */
const ahead = (number: string, doc: string) => 60 + (stableHash(`${number}:${doc}`) % 540);

/** The series letters: MH12FX4321 → FX, 22BH1234FX → FX. */
export function seriesOf(number: string): string {
  const bh = /^\d{2}BH\d{4}([A-Z]{1,2})$/.exec(number);
  return bh?.[1] ?? /^[A-Z]{2}\d{1,2}([A-Z]{1,3})\d{1,4}$/.exec(number)?.[1] ?? '';
}

function vehicleDays(number: string): Record<string, number> {
  const days: Record<string, number> = {};
  for (const doc of ['regn', 'fit', 'insurance', 'permit', 'np', 'pucc', 'tax']) {
    days[doc] = ahead(number, doc);
  }
  const trouble: Record<string, [string, number]> = { FX: ['fit', -20], IX: ['insurance', -5], PX: ['pucc', -3], IE: ['insurance', 10] };
  const hit = trouble[seriesOf(number)];
  if (hit) {
    days[hit[0]] = hit[1];
  }
  return days;
}

const OWNERS = ['SHREE GANESH ROADLINES', 'V R L LOGISTICS LTD', 'SAI KRUPA TRANSPORT', 'BHARAT CARRIERS', 'OM SAI FREIGHT MOVERS'];
const MAKERS = ['TATA MOTORS LTD', 'ASHOK LEYLAND LTD', 'EICHER MOTORS', 'BHARATBENZ'];

/** VAHAN/01 for this vehicle number as ULIP answers it on `now`'s day. */
export function simulateVahan(number: string, now: Date): unknown {
  if (number.startsWith('XX')) {
    return envelope('Vehicle details not found');
  }
  const h = stableHash(number);
  const d = vehicleDays(number);
  const at = (days: number | undefined) => vahanDate(now, days ?? 0);
  const xml = [
    `<rc_regn_no>${number}</rc_regn_no>`,
    `<rc_regn_dt>${vahanDate(now, -365 * (2 + (h % 8)))}</rc_regn_dt>`,
    `<rc_regn_upto>${at(d.regn)}</rc_regn_upto>`,
    `<rc_owner_name>${OWNERS[h % OWNERS.length]}</rc_owner_name>`,
    `<rc_vch_catg>${seriesOf(number) === 'LG' ? 'LGV' : 'HGV'}</rc_vch_catg>`,
    `<rc_maker_desc>${MAKERS[h % MAKERS.length]}</rc_maker_desc>`,
    `<rc_fuel_desc>DIESEL</rc_fuel_desc>`,
    `<rc_fit_upto>${at(d.fit)}</rc_fit_upto>`,
    `<rc_insurance_comp>THE NEW INDIA ASSURANCE CO. LTD.</rc_insurance_comp>`,
    `<rc_insurance_upto>${at(d.insurance)}</rc_insurance_upto>`,
    `<rc_permit_valid_upto>${at(d.permit)}</rc_permit_valid_upto>`,
    `<rc_np_upto>${at(d.np)}</rc_np_upto>`,
    `<rc_pucc_upto>${at(d.pucc)}</rc_pucc_upto>`,
    `<rc_tax_upto>${at(d.tax)}</rc_tax_upto>`,
    `<rc_status>ACTIVE</rc_status>`,
    `<rc_blacklist_status>NA</rc_blacklist_status>`,
  ].join('');
  return envelope(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><VehicleDetails>${xml}</VehicleDetails>`);
}

/** The classes a licence covers: light and transport vehicles, or (ending 777) light ones only. */
const licenceCovs = (number: string) =>
  number.endsWith('777')
    ? [{ covabbrv: 'LMV-TR', covdesc: 'LIGHT MOTOR VEHICLE - TRANSPORT', vecatg: 'TR' }]
    : [
        { covabbrv: 'LMV', covdesc: 'LIGHT MOTOR VEHICLE', vecatg: 'NT' },
        { covabbrv: 'TRANS', covdesc: 'TRANSPORT VEHICLE', vecatg: 'TR' },
      ];

/** SARATHI/01 for this licence (any date of birth is the holder's) as ULIP answers it on `now`'s day. */
export function simulateSarathi(number: string, dob: string, now: Date): unknown {
  if (number.startsWith('XX')) {
    return envelope({ dldetobj: [], errorcd: 1 });
  }
  const days = number.endsWith('999') ? -40 : number.endsWith('888') ? 12 : 365 + (stableHash(`${number}:tr`) % 1200);
  return envelope({
    dldetobj: [
      {
        dlobj: {
          dlLicno: number,
          dlStatus: 'Active',
          dlIssuedt: isoDate(now, -3650),
          dlNtValdtoDt: isoDate(now, days + 3000),
          dlTrValdtoDt: isoDate(now, days),
          dlRtoCode: number.slice(0, 4),
        },
        bioObj: { bioFullName: `DRIVER ${number.slice(-4)}`, bioDob: dob },
        dlcovs: licenceCovs(number),
      },
    ],
    errorcd: 0,
  });
}
