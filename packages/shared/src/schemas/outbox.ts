import { z } from 'zod';

/** A mail the platform sent by SMTP, or kept in the outbox because no SMTP server is configured. */
export const outboxMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  transport: z.enum(['smtp', 'outbox']),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
