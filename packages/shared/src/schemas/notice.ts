import { z } from 'zod';
import { listQuerySchema, requiredText, statusSchema } from './common.ts';

/** What's new: a notice the platform admin publishes to shipper users. */
export const noticeInputSchema = z.object({
  title: requiredText('Title', 160),
  body: requiredText('Text', 5000),
  publish: z.boolean().default(true),
});
export type NoticeInputParsed = z.infer<typeof noticeInputSchema>;

export const noticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  publishedAt: z.string().nullable(),
  status: statusSchema,
  read: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;
export const noticeListQuerySchema = listQuerySchema.extend({ status: statusSchema.optional() });
export type NoticeListQuery = z.infer<typeof noticeListQuerySchema>;
