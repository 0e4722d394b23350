import { expect, test } from 'bun:test';
import { hasOnlyTrackingParameters, querySuffix } from './request-address.ts';

test('a query of tracking parameters only is the page without a query; anything else is not', () => {
  for (let round = 0; round < 2; round++) {
    // Asked twice: the second answer comes from memory and must be the same.
    expect(hasOnlyTrackingParameters('http://a.test/services')).toBe(true);
    expect(hasOnlyTrackingParameters('http://a.test/?utm_source=x&UTM_Medium=y&gclid=z&&fbclid')).toBe(true);
    expect(hasOnlyTrackingParameters('http://a.test/?')).toBe(true);
    expect(hasOnlyTrackingParameters('http://a.test/?utm_source=x&q=seo')).toBe(false);
    expect(hasOnlyTrackingParameters('http://a.test/?utm_=x')).toBe(false);
    expect(hasOnlyTrackingParameters('http://a.test/?gclidx=1')).toBe(false);
  }
  // Long queries are read every time, with the same rule.
  const long = Array.from({ length: 200 }, (_, i) => `utm_source=${i}`).join('&');
  expect(hasOnlyTrackingParameters(`http://a.test/?${long}`)).toBe(true);
  expect(hasOnlyTrackingParameters(`http://a.test/?${long}&page=2`)).toBe(false);
});

test('querySuffix reads the query of an absolute URL and of a bare target alike', () => {
  expect(querySuffix('http://localhost:3000/admin/leads?sort=newest&q=a')).toBe('?sort=newest&q=a');
  expect(querySuffix('/admin/leads?sort=newest')).toBe('?sort=newest');
  expect(querySuffix('/admin/leads')).toBe('');
  expect(querySuffix('http://localhost:3000/?')).toBe('?');
});
