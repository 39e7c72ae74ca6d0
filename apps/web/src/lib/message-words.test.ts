import { describe, expect, it } from 'vitest';
import { gateInBodySchema, loadedBodySchema, unloadedBodySchema } from '@freightdesk/shared/schemas/execution';
import english from '../locales/en-IN/messages.json';
import hindi from '../locales/hi-IN/messages.json';
import { stubFieldScreenGlobals } from '../test/field-screen-globals.ts';

stubFieldScreenGlobals();

const { messageKey, sayMessage } = await import('./message-words.ts');
const { chooseLanguage, fieldI18n } = await import('./i18n.ts');

/** The messages a schema refuses `body` with. */
const refusals = (schema: { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } }, body: unknown) =>
  schema.safeParse(body).error?.issues.map((i) => i.message) ?? [];

const weighed = { sealNumber: '', invoiceNumber: '', lrNumber: '', remarks: '' };

describe('the gate refusals in the chosen language', () => {
  it('every refusal of the gate dialogs’ schemas is in the catalogue', () => {
    const said = [
      ...refusals(gateInBodySchema, {}),
      ...refusals(gateInBodySchema, { vehicleNumber: 'MH12', driverChecked: true, overrideReason: 'x'.repeat(301) }),
      ...refusals(loadedBodySchema, weighed),
      ...refusals(loadedBodySchema, { ...weighed, grossKg: -1, tareKg: 300_000 }),
      ...refusals(loadedBodySchema, { ...weighed, grossKg: 0, tareKg: 0 }),
      ...refusals(loadedBodySchema, { ...weighed, grossKg: 10_000, tareKg: 12_000 }),
      ...refusals(unloadedBodySchema, { ...weighed, grossKg: 10_000, tareKg: 4_000, shortageQty: 2, damageQty: 0 }),
      ...refusals(unloadedBodySchema, { ...weighed, grossKg: 10_000, tareKg: 4_000, shortageQty: 'x', damageQty: -1 }),
    ];
    expect(said).toHaveLength(14);
    expect(said.filter((m) => !messageKey(m))).toEqual([]);
  });

  it('finds the values of a server’s refusal and says it in Hindi with them', async () => {
    const mismatch = "The vehicle at the gate (MH12AB1234) is not the order's (MH12CD5678): give a reason to let it in.";
    expect(messageKey(mismatch)).toEqual({ key: 'vehicleMismatch', values: { seen: 'MH12AB1234', order: 'MH12CD5678' } });
    expect(messageKey('Gate out time cannot be before the loading (07 Dec 2026, 01:05 pm IST).')).toEqual({
      key: 'gateOutBeforeLoading',
      values: { time: '07 Dec 2026, 01:05 pm IST' },
    });
    expect(messageKey('Something the catalogue does not know')).toBeUndefined();
    await chooseLanguage('hi-IN');
    await fieldI18n.loadNamespaces('messages');
    expect(fieldI18n.t('vehicleMismatch', { ns: 'messages', seen: 'MH12AB1234', order: 'MH12CD5678' })).toBe(
      'गेट पर खड़ी गाड़ी (MH12AB1234) ऑर्डर की गाड़ी (MH12CD5678) नहीं है: उसे अंदर आने देने का कारण लिखिए।',
    );
  });

  it('says a message’s values that are messages of their own, and each reason of a list', async () => {
    await chooseLanguage('hi-IN');
    await fieldI18n.loadNamespaces('messages');
    const t = fieldI18n.getFixedT('hi-IN', 'messages') as unknown as Parameters<typeof sayMessage>[0];
    expect(sayMessage(t, 'Fitness certificate expired on 01 Dec 2026 (blocks gate in)')).toBe(
      'फिटनेस सर्टिफिकेट की मियाद 01 Dec 2026 को खत्म हो गई (गेट इन रुकेगा)',
    );
    expect(
      sayMessage(
        t,
        'Gate in refused: Insurance expired on 01 Dec 2026; Vehicle MH12AB1234 is not in the register. The carrier must change the vehicle or driver.',
      ),
    ).toBe(
      'गेट इन नहीं हो सकता: बीमा की मियाद 01 Dec 2026 को खत्म हो गई; गाड़ी MH12AB1234 रजिस्टर में नहीं है। ट्रांसपोर्टर को गाड़ी या ड्राइवर बदलना होगा।',
    );
    expect(sayMessage(t, 'A message no template knows')).toBe('A message no template knows');
  });

  it('Hindi says every English message, with the same values and other words', () => {
    const slots = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const hi = hindi as Record<string, string>;
    expect(Object.keys(hi).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(english as Record<string, string>)) {
      expect(slots(hi[key] ?? ''), key).toEqual(slots(text));
      expect(hi[key], key).not.toBe(text);
    }
  });
});
