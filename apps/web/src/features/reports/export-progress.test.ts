import { describe, expect, it } from 'vitest';
import type { ExportView } from '@freightdesk/shared/schemas/report';
import { furthest, isActive, progressPercent, progressText, withExport } from './export-progress.ts';

const view = (patch: Partial<ExportView> = {}): ExportView => ({
  id: 1,
  report: 'order-register',
  label: 'Order register',
  format: 'xlsx',
  status: 'running',
  rowsDone: 0,
  rowsTotal: 80_000,
  fileName: null,
  bytes: null,
  error: null,
  createdAt: '2026-11-24T08:30:00.000Z',
  finishedAt: null,
  ...patch,
});

describe('export progress', () => {
  it('reads rows done of the estimate with Indian grouping while it runs', () => {
    expect(progressText(view({ rowsDone: 12_345 }))).toBe('12,345 of 80,000 rows');
    expect(progressText(view({ rowsDone: 1_234_567, rowsTotal: 2_000_000 }))).toBe('12,34,567 of 20,00,000 rows');
    expect(progressText(view({ rowsDone: 5, rowsTotal: null }))).toBe('5 rows');
  });

  it('counts what a finished export wrote, whatever the estimate said', () => {
    expect(progressText(view({ status: 'done', rowsDone: 80_123 }))).toBe('80,123 rows');
    expect(progressText(view({ status: 'done', rowsDone: 1, rowsTotal: 1 }))).toBe('1 row');
  });

  it('keeps the bar between 0 and 100', () => {
    expect(progressPercent(view({ rowsDone: 20_000 }))).toBe(25);
    expect(progressPercent(view({ rowsDone: 90_000 }))).toBe(100);
    expect(progressPercent(view({ rowsDone: 12_345 }))).toBe(15.4);
    expect(progressPercent(view({ rowsTotal: 0 }))).toBe(0);
    expect(progressPercent(view({ rowsTotal: null }))).toBe(0);
    expect(progressPercent(view({ status: 'done', rowsDone: 0, rowsTotal: 0 }))).toBe(100);
  });

  it('polls only queued and running exports', () => {
    expect(isActive(view({ status: 'queued' }))).toBe(true);
    expect(isActive(view({ status: 'running' }))).toBe(true);
    expect(isActive(view({ status: 'done' }))).toBe(false);
    expect(isActive(view({ status: 'failed' }))).toBe(false);
  });

  it('never moves an export back to an older copy', () => {
    const listed = view({ status: 'queued' });
    const polled = view({ rowsDone: 3000 });
    expect(furthest(listed, polled)).toBe(polled);
    expect(furthest(polled, listed)).toBe(polled);
    expect(furthest(polled, view({ rowsDone: 1000 }))).toBe(polled);
    const done = view({ status: 'done', rowsDone: 80_000, fileName: 'order-register-2026-11-24.xlsx' });
    expect(furthest(polled, done)).toBe(done);
    expect(furthest(polled, undefined)).toBe(polled);
    expect(furthest(polled, view({ id: 2, status: 'done' }))).toBe(polled);
  });

  it('puts a new export at the top of the list and a known one in its place', () => {
    const older = view({ id: 1, status: 'done' });
    const newer = view({ id: 2, status: 'queued' });
    expect(withExport([older], newer).map((v) => v.id)).toEqual([2, 1]);
    expect(withExport(undefined, newer)).toEqual([newer]);
    const finished = view({ id: 2, status: 'done', rowsDone: 10 });
    expect(withExport([newer, older], finished)).toEqual([finished, older]);
  });
});
