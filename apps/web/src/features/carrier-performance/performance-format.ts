import { formatPct } from '@freightdesk/shared/percent';
import { indianNumber } from '@freightdesk/shared/indian-number';

/**
 * How the carrier's Performance page writes its figures (issue 37): tonnes CO2e to three decimals
 * (a load is hundreds of kilograms), tonne-km whole, the intensity to one decimal with its unit,
 * percentages as every screen does; nothing to show as "—".
 */
const three = (n: number) => indianNumber(n, { min: 3, max: 3 });
const one = (n: number) => indianNumber(n, { min: 1, max: 1 });
const whole = (n: number) => indianNumber(n, { max: 0 });

export const percentText = (value: number | null) => formatPct(value);
export const co2eText = (tonnes: number) => `${three(tonnes)} t`;
export const tonneKmText = (tkm: number) => whole(tkm);
export const countText = (n: number) => whole(n);
export const intensityText = (g: number | null) => (g === null ? '—' : `${one(g)} g/tkm`);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-09' as 'Sep 2026'. */
export function monthText(month: string): string {
  const [year, m] = month.split('-');
  const name = MONTHS[Number(m) - 1];
  return name && year ? `${name} ${year}` : month;
}

/** Beside the acceptance: how many offers came and were accepted ("1 accepted · 4 offers"). */
export function offersText(f: { offers: number; offersAccepted: number }): string {
  if (f.offers === 0) {
    return 'No indent offers';
  }
  return `${whole(f.offersAccepted)} accepted · ${whole(f.offers)} ${f.offers === 1 ? 'offer' : 'offers'}`;
}
