import type { z } from 'zod';
import type { podAcceptBodySchema, podRejectBodySchema } from '@freightdesk/shared/schemas/pod';
import { api } from '../../../lib/api.ts';
import { type Dir, orderApiBase } from './order-paths.ts';

export type PodDecisionBody = z.input<typeof podAcceptBodySchema> | z.input<typeof podRejectBodySchema>;

/** `POST /api/orders/{dir}/:id/pod/accept|reject` [list-{dir}-order]: accepting closes the order, rejecting asks the carrier again. */
export const decidePod = (dir: Dir, orderId: number, decision: 'accept' | 'reject', body: PodDecisionBody) =>
  api.post(`${orderApiBase(dir, orderId)}/pod/${decision}`, body);
