import { formatPct } from '@freightdesk/shared/percent';

/**
 * How the carrier's Performance page writes its figures (issue 37): tonnes CO2e to three decimals
 * (a load is hundreds of kilograms), tonne-km whole, the intensity to one decimal with its unit,
 * percentages as every screen does; nothing to show as "—".
 */
const three = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const one = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

export const percentText = (value: number | null) => formatPct(value);
export const co2eText = (tonnes: number) => `${three.format(tonnes)} t`;
export const tonneKmText = (tkm: number) => whole.format(tkm);
export const countText = (n: number) => whole.format(n);
export const intensityText = (g: number | null) => (g === null ? '—' : `${one.format(g)} g/tkm`);

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
  return `${whole.format(f.offersAccepted)} accepted · ${whole.format(f.offers)} ${f.offers === 1 ? 'offer' : 'offers'}`;
}
