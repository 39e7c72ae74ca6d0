import { describe, expect, it } from 'vitest';
import { article, plural, withArticle } from './words.ts';

describe('plural', () => {
  it('says 1 plant, 2 orders, no orders', () => {
    expect(plural(1, 'plant')).toBe('1 plant');
    expect(plural(2, 'order')).toBe('2 orders');
    expect(plural(0, 'order')).toBe('no orders');
    expect(plural(0, 'vehicle', undefined, { zero: '0' })).toBe('0 vehicles');
    expect(plural(3, 'person', 'people')).toBe('3 people');
    expect(plural(1, 'person', 'people')).toBe('1 person');
  });
  it('groups large counts the Indian way', () => {
    expect(plural(123456, 'row')).toBe('1,23,456 rows');
  });
});

describe('articles', () => {
  it('writes "an" before a vowel sound and "a" before a consonant sound', () => {
    expect(withArticle('open request', { capital: true })).toBe('An open request');
    expect(withArticle('awarded request')).toBe('an awarded request');
    expect(withArticle('expired request')).toBe('an expired request');
    expect(withArticle('closed request')).toBe('a closed request');
    expect(withArticle('draft')).toBe('a draft');
    expect(article('user')).toBe('a');
    expect(article('hour')).toBe('an');
    expect(article('in transit')).toBe('an');
  });
});
