import { type InvoiceReviewInput, invoiceReviewSchema } from '@freightdesk/shared/schemas/invoice';
import type { InvoiceLineView } from '@freightdesk/shared/schemas/invoice-views';

export type Decision = InvoiceReviewInput['decisions'][number]['decision'];
/** What the shipper chose for a line on screen; a line without a choice is left as it is. */
export type Choice = { decision: Decision; amountRupees?: number; reason: string };
export type Choices = Readonly<Record<number, Choice>>;
/** Messages of a line's controls, by line id. */
export type LineErrors = Record<number, { amountRupees?: string; reason?: string; line?: string }>;

/** The decisions to send, in the lines' order; the amount only for an adjustment. */
export function reviewBody(lines: readonly Pick<InvoiceLineView, 'id'>[], choices: Choices): InvoiceReviewInput {
  const decisions = lines.flatMap((l) => {
    const c = choices[l.id];
    if (!c) {
      return [];
    }
    return [
      {
        lineId: l.id,
        decision: c.decision,
        amountRupees: c.decision === 'adjust' ? c.amountRupees : undefined,
        reason: c.reason.trim() || undefined,
      },
    ];
  });
  return { decisions };
}

/**
 * Messages keyed `decisions.N.field` (the shared schema's issues, or the server's 400) put back on
 * the line the N-th decision is about. `lineId` messages belong to the line itself.
 */
export function errorsByLine(messages: Readonly<Record<string, string>>, body: InvoiceReviewInput): LineErrors {
  const out: LineErrors = {};
  for (const [path, message] of Object.entries(messages)) {
    const m = /^decisions\.(\d+)\.(\w+)$/.exec(path);
    const lineId = m ? body.decisions[Number(m[1])]?.lineId : undefined;
    if (!m || lineId === undefined) {
      continue;
    }
    const field = m[2] === 'amountRupees' || m[2] === 'reason' ? m[2] : 'line';
    out[lineId] = { ...out[lineId], [field]: out[lineId]?.[field] ?? message };
  }
  return out;
}

/** The shared schema's verdict on the decisions, as messages by line; null when they may be sent. */
export function checkReview(body: InvoiceReviewInput): { lines: LineErrors; form: string | null } | null {
  const parsed = invoiceReviewSchema.safeParse(body);
  if (parsed.success) {
    return null;
  }
  const messages: Record<string, string> = {};
  let form: string | null = null;
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (path === 'decisions') {
      form ??= issue.message;
    } else {
      messages[path] ??= issue.message;
    }
  }
  return { lines: errorsByLine(messages, body), form };
}

/** Lines the audit found matching that nobody decided yet: what "Approve all matching lines" approves. */
export const pendingMatches = (lines: readonly Pick<InvoiceLineView, 'audit' | 'decision'>[]): number =>
  lines.filter((l) => l.audit === 'match' && l.decision === 'pending').length;

/**
 * The choices left on screen after a save or "approve all matching" answered: those that were on
 * screen when it went out are done with; one made or changed while it was on its way is kept.
 */
export function choicesAfterAnswer(now: Choices, sent: Choices): Choices {
  return Object.fromEntries(Object.entries(now).filter(([id, choice]) => sent[Number(id)] !== choice));
}
