import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '@freightdesk/shared/constants';
import { deliver, form, jpeg, offlineOrder, walk } from '../../test/execution.ts';
import { usePodSuite } from '../../test/pods.ts';
import { createStaff } from '../../test/staff.ts';

/**
 * Proof of delivery: the carrier's `POST /api/carrier/orders/:id/deliver` (multipart), the versions
 * on `GET .../:id/pod` of both sides, the shipper's `POST /api/orders/{dir}/:id/pod/accept | reject`,
 * and the POD's file, which neither side may delete from the order's documents. Retries with an
 * Idempotency-Key: pods-retries.test.ts.
 */
const s = usePodSuite();
const { t, call, filesOnDisk, detail, decide, good, counts, arrived } = s;
const _rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe('the carrier delivers with a proof of delivery', () => {
  it('stores the file and the receiver, the shortage shows on the order; both sides read the version; the timeline names who', async () => {
    const order = await arrived();
    const res = await deliver(t, s.r.vayu, order.id, {
      ...good(),
      shortageQty: '3',
      damageQty: '',
      remarks: '3 bags torn open',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: order.id, status: 'delivered', podIssue: true });
    expect(Date.parse(res.json().data.deliveredAt)).toBeGreaterThan(Date.now() - 60_000);

    const shipperSide = await call('GET', `/api/orders/outbound/${order.id}/pod`, s.r.owner);
    const carrierSide = await call('GET', `/api/carrier/orders/${order.id}/pod`, s.r.vayu);
    expect(shipperSide.statusCode, shipperSide.body).toBe(200);
    expect(carrierSide.json()).toEqual(shipperSide.json());
    const [pod] = shipperSide.json().data;
    expect(pod).toMatchObject({
      version: 1,
      status: 'submitted',
      receiverName: 'Store keeper Patil',
      receiverMobile: '9823098230',
      shortageQty: 3,
      damageQty: 0,
      remarks: '3 bags torn open',
      hasIssue: true,
      fileName: 'pod.jpg',
      submittedByName: 'Imran Khan',
      decidedByName: null,
    });
    expect(pod.documentId).toBeGreaterThan(0);

    const d = await detail(order.id);
    expect(d.pod).toEqual(pod);
    expect(d.actions).toEqual(['acceptPod', 'rejectPod']);
    expect(d.timeline.at(-1)).toMatchObject({
      from: 'arrived',
      to: 'delivered',
      byName: 'Imran Khan',
      byLabel: 'Imran Khan, Vayu Roadlines',
      reason: 'POD v1: received by Store keeper Patil · 3 short',
    });
    const docs = (await call('GET', `/api/carrier/orders/${order.id}/documents`, s.r.vayu)).json().data;
    expect(docs).toMatchObject([{ id: pod.documentId, kind: 'pod', fileName: 'pod.jpg' }]);
    // The shipper's users are told to review it.
    const notices = (await call('GET', '/api/notifications', s.r.owner)).json().data as { title: string; msg: string }[];
    expect(notices.find((n) => n.title === 'POD to review' && n.msg.includes(order.number))?.msg).toMatch(/3 short/);
  });

  it('names the bad field (400) and keeps nothing: file missing or of the wrong type, shortage without remarks, times, mobile, receiver', async () => {
    const order = await arrived();
    const filesBefore = filesOnDisk().length;
    const pdfNamedTxt = { name: 'pod.txt', data: Buffer.from('%PDF-1.7\n') };
    const textAsJpeg = { name: 'pod.jpg', data: Buffer.from('just some text, not a photo at all '.repeat(10)) };
    const cases: [Record<string, string>, string, RegExp, Parameters<typeof deliver>[4]?][] = [
      [good(), 'file', /a photo \(JPEG, PNG or WebP\) or a PDF/, pdfNamedTxt],
      [good(), 'file', /./, textAsJpeg],
      [{ ...good(), shortageQty: '2' }, 'remarks', /short or damaged/],
      [{ ...good(), damageQty: '1', remarks: ' ' }, 'remarks', /short or damaged/],
      [{ ...good(), shortageQty: '-1', remarks: 'x' }, 'shortageQty', /negative/],
      [{ ...good(), damageQty: 'two', remarks: 'x' }, 'damageQty', /number/],
      [{ ...good(), deliveredAt: minutesAgo(-60) }, 'deliveredAt', /future/],
      [{ ...good(), deliveredAt: minutesAgo(24 * 60) }, 'deliveredAt', /before the gate out/],
      [{ ...good(), deliveredAt: 'yesterday evening' }, 'deliveredAt', /date and time/],
      [{ receiverName: 'Patil' }, 'deliveredAt', /./],
      [{ ...good(), receiverMobile: '12345' }, 'receiverMobile', /10 digits/],
      [{ ...good(), receiverName: '  ' }, 'receiverName', /required/],
    ];
    for (const [fields, field, message, file] of cases) {
      const res = await deliver(t, s.r.vayu, order.id, fields, file);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().error.fields?.[field], `${field}: ${res.body}`).toMatch(message);
    }
    const body = form(Object.entries(good()).map(([name, value]) => ({ name, value })));
    const noFile = await t.app.inject({
      method: 'POST',
      url: `/api/carrier/orders/${order.id}/deliver`,
      headers: { ...body.headers, ...t.as(s.r.vayu) },
      payload: body.payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.fields.file).toMatch(/Attach the proof of delivery/);
    const two = form([
      ...Object.entries(good()).map(([name, value]) => ({ name, value })),
      { name: 'file', file: { name: 'front.jpg', data: jpeg() } },
      { name: 'file', file: { name: 'back.jpg', data: jpeg() } },
    ]);
    const twoFiles = await t.app.inject({
      method: 'POST',
      url: `/api/carrier/orders/${order.id}/deliver`,
      headers: { ...two.headers, ...t.as(s.r.vayu) },
      payload: two.payload,
    });
    expect(twoFiles.statusCode).toBe(400);
    expect(twoFiles.json().error.fields.file).toMatch(/one file/);
    const big = { name: 'pod.jpg', data: Buffer.concat([jpeg(), Buffer.alloc(MAX_DOCUMENT_BYTES)]) };
    const tooBig = await deliver(t, s.r.vayu, order.id, good(), big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.fields).toHaveProperty('file');
    const long = await deliver(t, s.r.vayu, order.id, { ...good(), remarks: 'x'.repeat(501) });
    expect(long.json().error.fields).toHaveProperty('remarks');
    const json = await call('POST', `/api/carrier/orders/${order.id}/deliver`, s.r.vayu, good());
    expect(json.statusCode).toBe(400);
    expect(json.json().error.fields).toHaveProperty('file');

    expect((await detail(order.id)).status).toBe('arrived');
    expect(await counts(order.id)).toEqual({ pods: 0, docs: 0 });
    expect(filesOnDisk().length).toBe(filesBefore);
  });

  it('refuses a delivery the road does not allow (409) before storing anything: before arrival, twice, inbound', async () => {
    const order = await offlineOrder(t, s.r, 'outbound');
    await walk(t, s.r, 'outbound', order, 'gate_out');
    const filesBefore = filesOnDisk().length;
    const early = await deliver(t, s.r.vayu, order.id, good());
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('INVALID_TRANSITION');
    await call('POST', `/api/carrier/orders/${order.id}/arrive`, s.r.vayu, {});
    expect((await deliver(t, s.r.vayu, order.id, good())).statusCode).toBe(200);
    const twice = await deliver(t, s.r.vayu, order.id, good());
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toMatch(/already Delivered/);
    const inbound = await offlineOrder(t, s.r, 'inbound');
    expect((await deliver(t, s.r.vayu, inbound.id, good())).statusCode).toBe(409);
    expect(await counts(order.id)).toEqual({ pods: 1, docs: 1 });
    expect(filesOnDisk().length).toBe(filesBefore + 1);
  });
});

describe('two deliveries or decisions at once', () => {
  it('one delivery wins; the other is 409 and leaves no file; accept and send back at once decide once', async () => {
    const order = await arrived();
    const filesBefore = filesOnDisk().length;
    const results = await Promise.all([1, 2, 3].map(() => deliver(t, s.r.vayu, order.id, good())));
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await counts(order.id)).toEqual({ pods: 1, docs: 1 });
    expect(filesOnDisk().length).toBe(filesBefore + 1);

    const decided = await Promise.all([decide(order.id, 'accept'), decide(order.id, 'reject', { reason: 'Recount' })]);
    expect(decided.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const d = await detail(order.id);
    expect(d.timeline.filter((e: { from: string }) => e.from === 'delivered')).toHaveLength(1);
    expect(d.podVersions).toHaveLength(1);
    expect(d.status).toBe(decided[0]?.statusCode === 200 ? 'closed' : 'arrived');
  });
});

describe('the shipper accepts the POD or sends it back', () => {
  it('sent back with a reason (version 1 rejected), delivered again (version 2), accepted: the order closes; every step names who', async () => {
    const order = await arrived();
    expect((await deliver(t, s.r.vayu, order.id, { ...good(), damageQty: '1', remarks: 'One drum dented' })).statusCode).toBe(200);
    const noReason = await decide(order.id, 'reject', { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toMatch(/Reason is required/);
    expect((await decide(order.id, 'reject', {})).json().error.fields).toHaveProperty('reason');

    const back = await decide(order.id, 'reject', { reason: 'The signature is not readable' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ status: 'arrived', deliveredAt: null });
    let d = await detail(order.id);
    expect(d.pod).toMatchObject({
      version: 1,
      status: 'rejected',
      decidedByName: 'Asha Kulkarni',
      decisionReason: 'The signature is not readable',
    });
    expect(d.timeline.at(-1)).toMatchObject({
      from: 'delivered',
      to: 'arrived',
      byLabel: 'Asha Kulkarni, Demo Industries',
      reason: 'POD v1 sent back: The signature is not readable',
    });
    const told = (await call('GET', '/api/notifications', s.r.vayu)).json().data as { title: string; msg: string }[];
    expect(told.find((n) => n.title === 'POD rejected' && n.msg.includes(order.number))?.msg).toMatch(/signature is not readable/);
    // The POD sent back cannot be accepted: the order waits for the next one.
    const stale = await decide(order.id, 'accept');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('INVALID_TRANSITION');
    expect((await call('GET', `/api/carrier/orders/${order.id}`, s.r.vayu)).json().data.actions).toEqual(['deliver']);

    const again = await deliver(t, s.r.vayu, order.id, { ...good(), receiverName: 'Plant manager Joshi' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'delivered', podIssue: false });
    const versions = (await call('GET', `/api/carrier/orders/${order.id}/pod`, s.r.vayu)).json().data;
    expect(versions.map((p: { version: number; status: string }) => `${p.version}:${p.status}`)).toEqual(['2:submitted', '1:rejected']);
    expect(versions[0]).toMatchObject({ receiverName: 'Plant manager Joshi', hasIssue: false });
    expect(versions[0].documentId).not.toBe(versions[1].documentId);

    const accepted = await decide(order.id, 'accept', { remarks: 'Signed copy is clear' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.status).toBe('closed');
    expect(accepted.json().data.closedAt).toBeTruthy();
    d = await detail(order.id);
    expect(d.podVersions.map((p: { version: number; status: string }) => `${p.version}:${p.status}`)).toEqual(['2:accepted', '1:rejected']);
    expect(d.pod).toMatchObject({ version: 2, decidedByName: 'Asha Kulkarni', decisionReason: 'Signed copy is clear' });
    expect(d.timeline.slice(-3).map((e: { to: string }) => e.to)).toEqual(['arrived', 'delivered', 'closed']);
    expect(d.timeline.at(-2).reason).toBe('POD v2: received by Plant manager Joshi');
    expect(d.timeline.at(-1)).toMatchObject({ byName: 'Asha Kulkarni', reason: 'POD v2 accepted: Signed copy is clear' });
    expect(d.actions).toEqual([]);
    expect((await decide(order.id, 'accept')).statusCode).toBe(409);
    expect((await decide(order.id, 'reject', { reason: 'late' })).statusCode).toBe(409);
    expect((await deliver(t, s.r.vayu, order.id, good())).statusCode).toBe(409);
  });

  it('409 when there is no POD to decide: in transit, arrived without one', async () => {
    const order = await offlineOrder(t, s.r, 'outbound');
    await walk(t, s.r, 'outbound', order, 'gate_out');
    expect((await decide(order.id, 'accept')).statusCode).toBe(409);
    // Sending back a POD that does not exist would move an order in transit to arrived.
    const inTransit = await decide(order.id, 'reject', { reason: 'no POD' });
    expect(inTransit.statusCode).toBe(409);
    expect(inTransit.json().error.message).toBe('There is no proof of delivery to send back: this order is In transit.');
    expect((await detail(order.id)).status).toBe('gate_out');
    await call('POST', `/api/carrier/orders/${order.id}/arrive`, s.r.vayu, {});
    const none = await decide(order.id, 'accept');
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe('There is no proof of delivery to accept: this order is Arrived.');
    expect((await call('GET', `/api/orders/outbound/${order.id}/pod`, s.r.owner)).json().data).toEqual([]);
    expect((await detail(order.id)).status).toBe('arrived');
  });
});

describe('who may deliver, read and decide a POD', () => {
  it('401 without a session, 403 for the wrong side or permission, 404 for another tenant, plant, direction or carrier', async () => {
    const order = await arrived();
    const fields = good();
    const anonymous = form([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'file', file: { name: 'p.jpg', data: jpeg() } },
    ]);
    const url = `/api/carrier/orders/${order.id}/deliver`;
    expect((await t.app.inject({ method: 'POST', url, headers: anonymous.headers, payload: anonymous.payload })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/carrier/orders/${order.id}/pod` })).statusCode).toBe(401);
    expect((await deliver(t, s.r.owner, order.id, fields)).statusCode).toBe(403);
    expect((await call('GET', `/api/carrier/orders/${order.id}/pod`, s.r.owner)).statusCode).toBe(403);
    expect((await deliver(t, s.r.ganesh, order.id, fields)).statusCode).toBe(404);
    expect((await call('GET', `/api/carrier/orders/${order.id}/pod`, s.r.ganesh)).statusCode).toBe(404);
    expect((await deliver(t, s.r.vayu, 999_999, fields)).statusCode).toBe(404);
    expect(await counts(order.id)).toEqual({ pods: 0, docs: 0 });
    expect((await deliver(t, s.r.vayu, order.id, fields)).statusCode).toBe(200);

    for (const [what, body] of [
      ['accept', {}],
      ['reject', { reason: 'unreadable' }],
    ] as const) {
      const path = `/api/orders/outbound/${order.id}/pod/${what}`;
      expect((await t.app.inject({ method: 'POST', url: path, payload: body })).statusCode, what).toBe(401);
      const inboundOnly = await createStaff(t, s.r.owner, { permissions: ['list-inbound-order', 'list-outbound-request'] });
      expect((await decide(order.id, what, body, inboundOnly.token)).statusCode, what).toBe(403);
      expect((await decide(order.id, what, body, s.r.vayu)).statusCode, what).toBe(403);
      expect((await decide(order.id, what, body, await t.login('noplan@demo.test'))).statusCode, what).toBe(404);
      const elsewhere = await createStaff(t, s.r.owner, { permissions: ['list-outbound-order'], plantIds: [s.r.plants[1]?.id ?? 0] });
      expect((await decide(order.id, what, body, elsewhere.token)).statusCode, what).toBe(404);
      expect((await decide(order.id, what, body, s.r.owner, 'inbound')).statusCode, what).toBe(404);
      expect((await decide(999_999, what, body)).statusCode, what).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/outbound/${order.id}/pod` })).statusCode).toBe(401);
    expect((await call('GET', `/api/orders/outbound/${order.id}/pod`, s.r.vayu)).statusCode).toBe(403);
    expect((await call('GET', `/api/orders/outbound/${order.id}/pod`, await t.login('noplan@demo.test'))).statusCode).toBe(404);
    expect((await call('GET', `/api/orders/inbound/${order.id}/pod`, s.r.owner)).statusCode).toBe(404);
    expect((await detail(order.id)).pod).toMatchObject({ version: 1, status: 'submitted' });

    // The other way round: Shree Ganesh's order is not found by Vayu.
    const theirs = await offlineOrder(t, s.r, 'outbound', { patch: { carrierLinkId: s.r.ganeshLink } });
    expect((await call('GET', `/api/carrier/orders/${theirs.id}/pod`, s.r.vayu)).statusCode).toBe(404);
    expect((await call('GET', `/api/carrier/orders/${theirs.id}/pod`, s.r.ganesh)).statusCode).toBe(200);
    const guard = await createStaff(t, s.r.owner, { permissions: ['list-outbound-order'], plantIds: [s.r.plants[0]?.id ?? 0] });
    expect((await decide(order.id, 'accept', {}, guard.token)).statusCode).toBe(200);
  });
});

describe('the POD’s file in the order’s documents', () => {
  it('neither side may delete a file a POD points at (409, accepted or sent back); other files still go', async () => {
    const order = await arrived();
    await deliver(t, s.r.vayu, order.id, good());
    await decide(order.id, 'reject', { reason: 'Wrong copy' });
    await deliver(t, s.r.vayu, order.id, good());
    const pods = (await call('GET', `/api/carrier/orders/${order.id}/pod`, s.r.vayu)).json().data as { documentId: number }[];
    const other = form([
      { name: 'kind', value: 'other' },
      { name: 'file', file: { name: 'toll receipt.jpg', data: jpeg() } },
    ]);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/carrier/orders/${order.id}/documents`,
      headers: { ...other.headers, ...t.as(s.r.vayu) },
      payload: other.payload,
    });
    expect(added.statusCode, added.body).toBe(201);

    for (const pod of pods) {
      const carrierSide = await t.app.inject({
        method: 'DELETE',
        url: `/api/carrier/orders/${order.id}/documents/${pod.documentId}`,
        headers: t.as(s.r.vayu),
      });
      expect(carrierSide.statusCode, carrierSide.body).toBe(409);
      expect(carrierSide.json().error.message).toMatch(
        /^pod\.jpg is the proof of delivery \(POD v[12]\) of this order; .*cannot be deleted\.$/,
      );
      const shipperSide = await t.app.inject({
        method: 'DELETE',
        url: `/api/orders/outbound/${order.id}/documents/${pod.documentId}`,
        headers: t.as(s.r.owner),
      });
      expect(shipperSide.statusCode, shipperSide.body).toBe(409);
    }
    await decide(order.id, 'accept');
    const afterClose = await t.app.inject({
      method: 'DELETE',
      url: `/api/carrier/orders/${order.id}/documents/${pods[0]?.documentId}`,
      headers: t.as(s.r.vayu),
    });
    expect(afterClose.statusCode).toBe(409);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/carrier/orders/${order.id}/documents/${added.json().data.id}`,
      headers: t.as(s.r.vayu),
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const left = (await call('GET', `/api/carrier/orders/${order.id}/documents`, s.r.vayu)).json().data as { id: number }[];
    expect(left.map((doc) => doc.id).sort()).toEqual(pods.map((p) => p.documentId).sort());
    expect(
      (await call('GET', `/api/orders/outbound/${order.id}/pod`, s.r.owner)).json().data.every((p: { fileName: string }) => p.fileName),
    ).toBe(true);
  });
});
