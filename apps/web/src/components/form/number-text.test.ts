import { latitudeSchema, longitudeSchema } from '@freightdesk/shared/validation/india';
import { rupeesSchema } from '@freightdesk/shared/schemas/common';
import { describe, expect, it } from 'vitest';
import { caretAfterFormat, formatMoneyText, groupLakh, numberToText, parseNumberText } from './number-text.ts';

describe('a typed number is read, never changed', () => {
  it('refuses text that is not a number instead of dropping the letters ("12a000" is not 12000)', () => {
    for (const text of ['12a000', '1.2.3', 'abc', '12 000', '-', '.', '1,2', '45,00,00']) {
      const read = parseNumberText(text);
      expect(read.error, text).toBe('Enter a number');
      expect(read.value, text).toBeNaN();
    }
  });

  it('reads plain and grouped numbers, and empty as nothing', () => {
    expect(parseNumberText('12000')).toEqual({ value: 12000 });
    expect(parseNumberText(' 0.5 ')).toEqual({ value: 0.5 });
    expect(parseNumberText('.5')).toEqual({ value: 0.5 });
    expect(parseNumberText('45,00,000')).toEqual({ value: 4_500_000 });
    expect(parseNumberText('4,500,000')).toEqual({ value: 4_500_000 });
    expect(parseNumberText('')).toEqual({ value: undefined });
  });

  it('keeps an out-of-range value as typed, so the schema names the range (latitude 95 is not 90)', () => {
    const lat = parseNumberText('95', { negative: true });
    expect(lat).toEqual({ value: 95 });
    expect(latitudeSchema.safeParse(lat.value).error?.issues[0]?.message).toBe('Latitude must be between -90 and 90');
    const lng = parseNumberText('200', { negative: true });
    expect(lng.value).toBe(200);
    expect(longitudeSchema.safeParse(lng.value).error?.issues[0]?.message).toBe('Longitude must be between -180 and 180');
    expect(parseNumberText('-12.5', { negative: true })).toEqual({ value: -12.5 });
  });

  it('refuses more decimals than the field takes instead of cutting them, and a sign where none belongs', () => {
    expect(parseNumberText('2.5', { decimals: 0 })).toMatchObject({ error: 'Enter a whole number' });
    expect(parseNumberText('1.999', { decimals: 2 })).toMatchObject({ error: 'At most 2 decimals' });
    expect(parseNumberText('1.99', { decimals: 2 })).toEqual({ value: 1.99 });
    expect(parseNumberText('-3')).toMatchObject({ error: 'Enter a number of 0 or more' });
  });
});

describe('money while typing', () => {
  it('groups rupees the Indian way (45,00,000; 12,34,567.50)', () => {
    expect(formatMoneyText('4500000')).toBe('45,00,000');
    expect(formatMoneyText('1234567.50')).toBe('12,34,567.50');
    expect(formatMoneyText('45,00,0000')).toBe('4,50,00,000');
    expect(formatMoneyText('999')).toBe('999');
    expect(formatMoneyText('1000.')).toBe('1,000.');
    expect(groupLakh('10000000000')).toBe('10,00,00,00,000');
    expect(numberToText(4_500_000, true)).toBe('45,00,000');
    expect(numberToText(undefined, true)).toBe('');
  });

  it('leaves text that is not an amount exactly as typed', () => {
    expect(formatMoneyText('12a000')).toBe('12a000');
    expect(formatMoneyText('1.2.3')).toBe('1.2.3');
    expect(parseNumberText(formatMoneyText('12a000'), { decimals: 2 }).value).toBeNaN();
  });

  it('keeps the caret after the same digit when commas come and go', () => {
    // "450000|0" → "45,00,00|0": the caret stays before the last digit.
    expect(caretAfterFormat('4500000', 6, '45,00,000')).toBe(8);
    expect(caretAfterFormat('4500000', 7, '45,00,000')).toBe(9);
    expect(caretAfterFormat('4500000', 0, '45,00,000')).toBe(0);
  });

  it('hands the shared rupees schema the amount typed, which refuses paise beyond two places', () => {
    const read = parseNumberText('45,00,000', { decimals: 2 });
    expect(rupeesSchema('Target price').safeParse(read.value).success).toBe(true);
  });
});
