import { readFileSync } from 'node:fs';
import {
  DEFAULT_VERIFICATION_RULES,
  REGISTER_DOC_LABEL,
  REGISTER_DOCS,
  type RegisterRecord,
} from '@freightdesk/shared/schemas/verification';
import { matchTemplate, messageTemplates } from '@freightdesk/shared/message-templates';
import { describe, expect, it } from 'vitest';
import { judge } from './verdict.ts';

/**
 * The gate board says the verdict's reasons in the guard's language by matching them against the
 * English templates of the web's `messages` catalogue (record 0320): every reason the verdict can
 * give must match one, or a Hindi board shows it in English.
 */
const templates = messageTemplates(
  JSON.parse(readFileSync(new URL('../../../../web/src/locales/en-IN/messages.json', import.meta.url), 'utf8')) as Record<string, string>,
);
const known = (text: string) => matchTemplate(templates, text) !== undefined;

const TODAY = '2026-12-07';
const doc = (d: (typeof REGISTER_DOCS)[number], state: 'expired' | 'missing' | 'expiring', validTo: string | null) => ({
  doc: d,
  label: REGISTER_DOC_LABEL[d],
  validTo,
  state,
  effect: DEFAULT_VERIFICATION_RULES[d],
});
const record = (
  register: 'vehicle' | 'licence',
  status: string | null,
  documents: RegisterRecord['documents'],
  classes: string | null,
) => ({
  register,
  number: register === 'vehicle' ? 'MH12AB1234' : 'MH1420110062777',
  status,
  holderName: null,
  classes,
  source: 'simulator',
  checkedAt: `${TODAY}T06:00:00.000Z`,
  documents,
});

describe('the verdict’s reasons in the gate board’s catalogue', () => {
  it('every reason the verdict gives matches a template, and each document’s name is one', () => {
    const expired = REGISTER_DOCS.map((d) => doc(d, 'expired', '2026-12-01'));
    const other = REGISTER_DOCS.flatMap((d) => [
      doc(d, 'missing', null),
      doc(d, 'expiring', '2026-12-07'),
      doc(d, 'expiring', '2026-12-10'),
    ]);
    const expects = { vehicleNumber: 'MH12AB1234', licenceNumber: 'MH1420110062777' };
    const reasons = [
      ...judge(record('vehicle', null, expired, 'HGV'), record('licence', null, [], 'LMV'), expects, DEFAULT_VERIFICATION_RULES, TODAY)
        .reasons,
      ...judge(record('vehicle', null, other, 'HGV'), record('licence', null, [], null), expects, DEFAULT_VERIFICATION_RULES, TODAY)
        .reasons,
      ...judge(
        record('vehicle', 'NOT_FOUND', [], null),
        record('licence', 'SUSPENDED', [], null),
        expects,
        DEFAULT_VERIFICATION_RULES,
        TODAY,
      ).reasons,
      ...judge(null, null, expects, DEFAULT_VERIFICATION_RULES, TODAY).reasons,
      ...judge(
        record('vehicle', 'SUSPENDED', [], 'HGV'),
        record('licence', null, [], 'LMV'),
        expects,
        { ...DEFAULT_VERIFICATION_RULES, registration: 'warn', licence: 'warn' },
        TODAY,
      ).reasons,
    ];
    console.log(reasons.join('\n'));
    expect(reasons.length).toBeGreaterThan(20);
    expect(reasons.filter((r) => !known(r))).toEqual([]);
    expect(Object.values(REGISTER_DOC_LABEL).filter((label) => !known(label))).toEqual([]);
  });
});
