import { GST_SCHEME_LABEL, GST_SCHEMES, type GstScheme } from '@freightdesk/shared/schemas/invoice';

/**
 * The GST kinds an invoice may use: forward charge needs the carrier's GSTIN (the API refuses it
 * otherwise), so without one on the profile those options are shown but cannot be picked. While
 * the profile loads (`gstin` undefined) every kind is offered; the API still decides.
 */
export function gstOptions(gstin: string | null | undefined): { value: GstScheme; label: string; disabled: boolean }[] {
  return GST_SCHEMES.map((s) => ({
    value: s,
    label: s !== 'rcm' && gstin === null ? `${GST_SCHEME_LABEL[s]} (needs your GSTIN)` : GST_SCHEME_LABEL[s],
    disabled: s !== 'rcm' && gstin === null,
  }));
}
