import { describe, expect, it } from 'vitest';
import { deliver, form, jpeg } from '../../test/execution.ts';
import { usePodSuite } from '../../test/pods.ts';

/** A proof of delivery and the shipper's decision retried with the same Idempotency-Key (pods.test.ts has the rest). */
const s = usePodSuite();
const { t, call, filesOnDisk, detail, good, counts, arrived } = s;

/** Vayu delivers with a POD photo under an Idempotency-Key (each call a new multipart boundary, as a browser's retry). */
function deliverWithKey(orderId: number, fields: Record<string, string>, bytes: Buffer, key: string) {
  const body = form([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', file: { name: 'pod.jpg', data: bytes } },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/carrier/orders/${orderId}/deliver`,
    headers: { ...body.headers, ...t.as(s.r.vayu), 'idempotency-key': key },
    payload: body.payload,
  });
}

describe('a POD retried with the same Idempotency-Key', () => {
  it('delivers once and decides once: the same answer again, one version, one file, one timeline entry', async () => {
    const order = await arrived();
    const bytes = jpeg();
    const fields = { ...good(), shortageQty: '1', remarks: 'One carton short' };
    const send = () => deliverWithKey(order.id, fields, bytes, `deliver-${order.id}-once`);
    const filesBefore = filesOnDisk().length;
    const first = await send();
    const again = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await counts(order.id)).toEqual({ pods: 1, docs: 1 });
    expect(filesOnDisk().length).toBe(filesBefore + 1);

    const key = { 'idempotency-key': `accept-${order.id}-once` };
    const accepted = await call('POST', `/api/orders/outbound/${order.id}/pod/accept`, s.r.owner, {}, key);
    const acceptedAgain = await call('POST', `/api/orders/outbound/${order.id}/pod/accept`, s.r.owner, {}, key);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(acceptedAgain.headers['idempotent-replayed']).toBe('true');
    expect(acceptedAgain.json()).toEqual(accepted.json());
    const timeline = (await detail(order.id)).timeline as { to: string }[];
    expect(timeline.filter((e) => e.to === 'delivered')).toHaveLength(1);
    expect(timeline.filter((e) => e.to === 'closed')).toHaveLength(1);
  });

  it('refuses the key with another photo of the same size (422, nothing stored), and replays the first one', async () => {
    const order = await arrived();
    const fields = good();
    const send = (bytes: Buffer) => deliverWithKey(order.id, fields, bytes, `deliver-${order.id}-photo`);
    const first = jpeg();
    const other = jpeg();
    expect(other.length).toBe(first.length);
    const filesBefore = filesOnDisk().length;
    const sent = await send(first);
    expect(sent.statusCode, sent.body).toBe(200);
    const refused = await send(other);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(filesOnDisk().length).toBe(filesBefore + 1);
    expect(await counts(order.id)).toEqual({ pods: 1, docs: 1 });
    const again = await send(first);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(filesOnDisk().length).toBe(filesBefore + 1);
  });

  it('a POD sent back twice with one key is sent back once', async () => {
    const order = await arrived();
    expect((await deliver(t, s.r.vayu, order.id, good())).statusCode).toBe(200);
    const key = { 'idempotency-key': `pod-reject-${order.id}-once` };
    const body = { reason: 'Stamp missing' };
    const first = await call('POST', `/api/orders/outbound/${order.id}/pod/reject`, s.r.owner, body, key);
    const again = await call('POST', `/api/orders/outbound/${order.id}/pod/reject`, s.r.owner, body, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const d = await detail(order.id);
    expect(d.timeline.filter((e: { reason: string | null }) => e.reason?.includes('sent back'))).toHaveLength(1);
    expect(d.podVersions).toMatchObject([{ version: 1, status: 'rejected' }]);
  });
});
