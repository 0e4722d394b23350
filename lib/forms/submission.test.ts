import { describe, expect, test } from 'bun:test';
import { sameAnswers, submissionIdSchema } from './submission.ts';

describe('submission ids', () => {
  test('only version 4 UUIDs', () => {
    const id = crypto.randomUUID();
    expect(submissionIdSchema.parse(id)).toBe(id);
    expect(submissionIdSchema.parse(id.toUpperCase())).toBe(id.toUpperCase());
    for (const bad of [
      '',
      'abc',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      'a8b7c6d5-0000-1000-8000-000000000001',
      `${id}x`,
      ` ${id}`,
    ]) {
      expect(submissionIdSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('sameAnswers', () => {
  const fields = ['name', 'phone', 'goals'];
  test('empty, null and missing answers are alike; lists compare in order', () => {
    expect(sameAnswers({ name: 'Ada', phone: null, goals: ['a', 'b'] }, { name: 'Ada', phone: '', goals: ['a', 'b'] }, fields)).toBe(true);
    expect(sameAnswers({ name: 'Ada', phone: null, goals: [] }, { name: 'Ada', goals: [] }, fields)).toBe(true);
    expect(sameAnswers({ name: 'Ada', goals: ['a', 'b'] }, { name: 'Ada', goals: ['b', 'a'] }, fields)).toBe(false);
    expect(sameAnswers({ name: 'Ada' }, { name: 'Grace' }, fields)).toBe(false);
    expect(sameAnswers({ name: 'Ada', phone: '416' }, { name: 'Ada' }, fields)).toBe(false);
  });
  test('only the named fields count', () => {
    expect(sameAnswers({ name: 'Ada', createdAt: 1 }, { name: 'Ada', fillMs: 9000 }, fields)).toBe(true);
  });
});
