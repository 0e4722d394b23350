import { expect, test } from 'bun:test';
import { absoluteUrl } from './meta.ts';

test('absoluteUrl joins the site URL and a path', () => {
  expect(absoluteUrl('https://site.ca', '/')).toBe('https://site.ca/');
  expect(absoluteUrl('https://site.ca', '/services/seo-services')).toBe('https://site.ca/services/seo-services');
  expect(absoluteUrl('https://site.ca/', '/blog')).toBe('https://site.ca/blog');
});
