import { describe, expect, test } from 'bun:test';
import { budgetOptions } from '../intake/schema.ts';
import { BUDGET_BAND_VALUE, pipelineValue } from './value.ts';

describe('pipelineValue', () => {
  test('an audit is worth its own monthly estimate', () => {
    expect(pipelineValue({ kind: 'audit', estimatedValue: '2400.00' })).toBe(2400);
    expect(pipelineValue({ kind: 'audit', estimatedValue: 1800 })).toBe(1800);
  });

  test('an audit without a usable estimate is worth 0, never NaN', () => {
    expect(pipelineValue({ kind: 'audit', estimatedValue: null })).toBe(0);
    expect(pipelineValue({ kind: 'audit', estimatedValue: 'n/a' })).toBe(0);
    expect(pipelineValue({ kind: 'audit', estimatedValue: -5 })).toBe(0);
  });

  test('an application is worth the middle of its budget band, an open band its floor', () => {
    expect(pipelineValue({ kind: 'intake', budget: '1000-2500' })).toBe(1750);
    expect(pipelineValue({ kind: 'intake', budget: 'under-1000' })).toBe(500);
    expect(pipelineValue({ kind: 'intake', budget: '10000+' })).toBe(10000);
  });

  test('every band the intake offers has a value, and an unknown band is worth 0', () => {
    for (const { value } of budgetOptions) expect(BUDGET_BAND_VALUE[value]).toBeGreaterThan(0);
    expect(pipelineValue({ kind: 'intake', budget: 'a lot' })).toBe(0);
    expect(pipelineValue({ kind: 'intake', budget: null })).toBe(0);
  });
});
