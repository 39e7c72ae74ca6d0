import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { reportCsv, reportRows, uploadRefusal } from './import-errors.ts';

const LABELS = { origin: 'Origin', tripsPerMonth: 'Trips per month', benchmarkRupees: 'Benchmark rate (₹)' };

describe('reportRows', () => {
  it('names each column by its heading, by row and then in the sheet order', () => {
    const rows = reportRows(
      [
        { row: 5, field: 'benchmarkRupees', message: 'Benchmark rate must be a number' },
        { row: 3, field: 'tripsPerMonth', message: 'Trips per month is required' },
        { row: 5, field: 'origin', message: 'No plant of yours is called "X"' },
      ],
      LABELS,
    );
    expect(rows.map((r) => [r.row, r.column])).toEqual([
      [3, 'Trips per month'],
      [5, 'Origin'],
      [5, 'Benchmark rate (₹)'],
    ]);
  });

  it('says "Whole row" for a problem of the row and spells out an unknown key', () => {
    const rows = reportRows(
      [
        { row: 1002, field: 'row', message: 'An RFQ takes at most 1000 lanes' },
        { row: 2, field: 'ratePerTrip', message: 'x' },
      ],
      LABELS,
    );
    expect(rows.map((r) => r.column)).toEqual(['Rate per trip', 'Whole row']);
  });

  it('keeps problems of one cell in the order the server gave them', () => {
    const rows = reportRows(
      [
        { row: 2, field: 'origin', message: 'first' },
        { row: 2, field: 'origin', message: 'second' },
      ],
      LABELS,
    );
    expect(rows.map((r) => r.message)).toEqual(['first', 'second']);
  });
});

describe('uploadRefusal', () => {
  it('reads the rows of an IMPORT_REJECTED answer', () => {
    const err = new ApiError(400, 'IMPORT_REJECTED', 'Nothing was imported: 1 row has errors.', {}, undefined, {
      errors: [{ row: 2, field: 'lane', message: 'Lane no. "9" is not a lane of this RFQ' }, { bad: true }],
    });
    expect(uploadRefusal(err)).toEqual({
      message: 'Nothing was imported: 1 row has errors.',
      errors: [{ row: 2, field: 'lane', message: 'Lane no. "9" is not a lane of this RFQ' }],
      status: 400,
    });
  });

  it("shows the file's own message for a file refused whole, and the server's for a closed round", () => {
    expect(uploadRefusal(new ApiError(400, 'VALIDATION_FAILED', 'Invalid', { file: 'Choose a .csv or .xlsx file.' })).message).toBe(
      'Choose a .csv or .xlsx file.',
    );
    expect(uploadRefusal(new ApiError(409, 'ROUND_CLOSED', 'Round 1 is closed.'))).toMatchObject({
      message: 'Round 1 is closed.',
      status: 409,
    });
    expect(uploadRefusal(new Error('boom')).status).toBe(0);
  });
});

describe('reportCsv', () => {
  it('quotes every cell and starts with a BOM', () => {
    expect(reportCsv([{ row: 2, field: 'origin', column: 'Origin', message: 'No plant called "A, B"' }])).toBe(
      '\uFEFFRow,Column,Problem\n"2","Origin","No plant called ""A, B"""',
    );
  });
});
