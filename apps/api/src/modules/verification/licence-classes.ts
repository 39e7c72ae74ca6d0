/**
 * Does the driver's licence cover the vehicle's class (issue 37)? VAHAN names a goods vehicle's
 * category (`rc_vch_catg`: LGV up to 7,500 kg gross, MGV up to 12,000 kg, HGV above); SARATHI
 * names the classes a licence covers (`covabbrv`). Under the Motor Vehicles Act (s. 10) a goods
 * vehicle above 7,500 kg needs a transport class (TRANS since the 1994 amendment; the older HGMV,
 * HMV, HTV, MGV endorsements still on many licences); a light goods vehicle up to 7,500 kg may
 * also be driven on an LMV licence (Supreme Court, Mukund Dewangan, 2017, upheld in 2024).
 * record 0307 and docs/integrations.md.
 */
export type ClassCover = { covers: true } | { covers: false; needs: string } | { covers: null; why: string };

const HEAVY = ['TRANS', 'HGMV', 'HMV', 'HTV', 'HGV', 'HTRANS'];
const MEDIUM = [...HEAVY, 'MGV', 'MTV'];
const LIGHT = [...MEDIUM, 'LMV', 'LMVTR', 'LMVNT', 'LMVGV', 'LGV'];

/** The licence classes that cover each goods category VAHAN names, and how the reason says it. */
const COVERED_BY: Record<string, { by: readonly string[]; needs: string; name: string }> = {
  HGV: { by: HEAVY, needs: 'a transport (TRANS) or heavy goods class', name: 'heavy goods vehicle (HGV)' },
  MGV: { by: MEDIUM, needs: 'a transport (TRANS) or medium goods class', name: 'medium goods vehicle (MGV)' },
  LGV: { by: LIGHT, needs: 'an LMV or transport class', name: 'light goods vehicle (LGV)' },
};

/** "LMV-TR, trans" → ["LMVTR", "TRANS"]: the classes as written, compared without spaces or dashes. */
export const licenceClassesOf = (classes: string | null) =>
  (classes ?? '')
    .split(',')
    .map((c) => c.toUpperCase().replace(/[^A-Z0-9]/g, ''))
    .filter(Boolean);

/** The vehicle's category as VAHAN wrote it, in our terms ("Goods Carrier (HGV)" → HGV), or null. */
export function goodsCategoryOf(category: string | null): string | null {
  const words = (category ?? '').toUpperCase().match(/[A-Z]+/g) ?? [];
  return words.find((w) => w in COVERED_BY) ?? null;
}

/** The readable name of a goods category (for the reason). */
export const goodsCategoryName = (category: string) => COVERED_BY[category]?.name ?? category;

/**
 * Whether a licence with these classes covers a vehicle of this VAHAN category: `covers: null`
 * (with why) when either register did not say enough to judge.
 */
export function licenceCovers(vehicleCategory: string | null, licenceClasses: string | null): ClassCover {
  const category = goodsCategoryOf(vehicleCategory);
  if (!category) {
    return {
      covers: null,
      why: vehicleCategory ? `VAHAN's vehicle class ${vehicleCategory} is not a goods class` : 'VAHAN gave no vehicle class',
    };
  }
  const held = licenceClassesOf(licenceClasses);
  if (!held.length) {
    return { covers: null, why: 'SARATHI gave no licence classes' };
  }
  const rule = COVERED_BY[category] as (typeof COVERED_BY)[string];
  return held.some((c) => rule.by.includes(c)) ? { covers: true } : { covers: false, needs: rule.needs };
}
