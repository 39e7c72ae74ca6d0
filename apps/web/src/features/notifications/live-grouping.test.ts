import { describe, expect, it } from 'vitest';
import { addArrival, GROUP_WINDOW_MS, groupToast, type LiveGroup, type LiveNote, numberParts } from './live-grouping.ts';

const SHIPPER = 3;
const CARRIER = 2;
const assigned = (i: number): LiveNote => ({
  id: 100 + i,
  title: 'Vehicle assigned',
  msg: `MH12AB${1000 + i} is assigned to ORD-2026-${String(i).padStart(6, '0')}.`,
  type: 'order',
  referId: 500 + i,
  requestType: 1,
});

/** Feeds notifications in at the given times (ms); answers the groups as they stand and each arrival's group. */
function feed(notes: LiveNote[], times: number[]) {
  let groups: ReadonlyMap<string, LiveGroup> = new Map();
  const joined: LiveGroup[] = [];
  notes.forEach((note, i) => {
    const next = addArrival(groups, note, times[i] ?? 0);
    groups = next.groups;
    joined.push(next.group);
  });
  return { groups, joined };
}

describe('grouping live notifications into toasts', () => {
  it('puts a burst of ten vehicle assignments into one group, one toast', () => {
    const notes = Array.from({ length: 10 }, (_, i) => assigned(i + 1));
    const { joined } = feed(
      notes,
      notes.map((_, i) => i * 150),
    );
    const toastIds = new Set(joined.map((g) => g.toastId));
    expect(toastIds.size).toBe(1);
    expect(joined.at(-1)?.notes).toHaveLength(10);
  });

  it('starts a new toast after a quiet window, and for another kind of event', () => {
    const { joined } = feed([assigned(1), assigned(2), assigned(3)], [0, GROUP_WINDOW_MS + 1, GROUP_WINDOW_MS + 100]);
    expect(joined[0]?.toastId).not.toBe(joined[1]?.toastId);
    expect(joined[1]?.toastId).toBe(joined[2]?.toastId);
    const rejected: LiveNote = { ...assigned(4), title: 'Order rejected', msg: 'ORD-2026-000004 was rejected by the carrier.' };
    const inbound: LiveNote = { ...assigned(5), requestType: 2 };
    const mixed = feed([assigned(1), rejected, inbound], [0, 10, 20]).joined;
    expect(new Set(mixed.map((g) => g.toastId)).size).toBe(3);
  });

  it('the window runs from the last arrival, so a steady trickle stays one toast', () => {
    const times = [0, 1500, 3000, 4500, 6000];
    const { joined } = feed(
      times.map((_, i) => assigned(i + 1)),
      times,
    );
    expect(new Set(joined.map((g) => g.toastId)).size).toBe(1);
  });

  it('does not mutate the groups it is given', () => {
    const { groups } = feed([assigned(1)], [0]);
    const before = [...groups.values()][0]?.notes.length;
    addArrival(groups, assigned(2), 10);
    expect([...groups.values()][0]?.notes.length).toBe(before);
  });
});

describe('what a toast says and where it links', () => {
  it('one notification: its own title and message, linking its record', () => {
    const { joined } = feed([assigned(1)], [0]);
    expect(groupToast(joined[0] as LiveGroup, SHIPPER)).toEqual({
      title: 'Vehicle assigned',
      message: 'MH12AB1001 is assigned to ORD-2026-000001.',
      href: '#/order/outbound/501',
      linkLabel: 'Open',
    });
  });

  it('ten vehicle assignments: counted, the order numbers named, linking the order list', () => {
    const notes = Array.from({ length: 10 }, (_, i) => assigned(i + 1));
    const { joined } = feed(
      notes,
      notes.map((_, i) => i * 100),
    );
    const toast = groupToast(joined.at(-1) as LiveGroup, SHIPPER);
    expect(toast.title).toBe('10 vehicles assigned');
    expect(toast.message).toBe('ORD-2026-000001, ORD-2026-000002, ORD-2026-000003, ORD-2026-000004 and 6 more');
    expect(toast.href).toBe('#/order/outbound/');
    expect(toast.linkLabel).toBe('Open the list');
  });

  it('names each number once, and links the record when every notification is about the same one', () => {
    const bid = (i: number): LiveNote => ({
      id: i,
      title: 'You were outbid',
      msg: 'Another carrier now leads on OB-2026-000042. Lower your bid to get back to L1.',
      type: 'request',
      referId: 42,
      requestType: 1,
    });
    const toast = groupToast(feed([bid(1), bid(2)], [0, 5]).joined.at(-1) as LiveGroup, SHIPPER);
    expect(toast.title).toBe('Outbid 2 times');
    expect(toast.message).toBe('OB-2026-000042');
    expect(toast.href).toBe('#/request/outbound/detail/42');
  });

  it('inbound and carrier targets follow the spec’s rules', () => {
    const inbound = feed([{ ...assigned(1), requestType: 2 }], [0]).joined[0] as LiveGroup;
    expect(groupToast(inbound, SHIPPER).href).toBe('#/order/inbound/501');
    expect(groupToast(inbound, CARRIER).href).toBe('#/carrier/orders');
  });

  it('an event without a known plural is still counted, and the newest of messages without numbers is quoted whole', () => {
    const note = (i: number): LiveNote => ({
      id: i,
      title: 'Export ready',
      msg: `Export ${i} is ready. Download it from Reports.`,
      type: 'order',
      referId: 0,
      requestType: 1,
    });
    const toast = groupToast(feed([note(1), note(2), note(3)], [0, 1, 2]).joined.at(-1) as LiveGroup, SHIPPER);
    expect(toast.title).toBe('Export ready (3)');
    expect(toast.message).toBe('Export 3 is ready. Download it from Reports.');
  });
});

describe('numberParts', () => {
  it('cuts a message into text and the record numbers it names', () => {
    expect(numberParts('MH12AB1001 is assigned to ORD-2026-000001.')).toEqual([
      { text: 'MH12AB1001 is assigned to ', number: false },
      { text: 'ORD-2026-000001', number: true },
      { text: '.', number: false },
    ]);
    expect(numberParts('OB-2026-000001, IB-2026-000002')).toEqual([
      { text: 'OB-2026-000001', number: true },
      { text: ', ', number: false },
      { text: 'IB-2026-000002', number: true },
    ]);
    expect(numberParts('No numbers')).toEqual([{ text: 'No numbers', number: false }]);
  });
});
