import { expect, test } from 'bun:test';
import { robotsTxt, sitemapXml } from './sitemap.ts';

test('the sitemap lists absolute URLs', () => {
  const xml = sitemapXml('https://toronto.example.ca', ['/', '/services', '/a&b']);
  expect(xml).toStartWith('<?xml version="1.0" encoding="UTF-8"?>');
  expect(xml).toContain('<loc>https://toronto.example.ca/</loc>');
  expect(xml).toContain('<loc>https://toronto.example.ca/services</loc>');
  expect(xml).toContain('<loc>https://toronto.example.ca/a&#38;b</loc>');
  expect(xml.match(/<url>/g)).toHaveLength(3);
});

test('robots.txt keeps crawlers out of the admin and points at the sitemap', () => {
  const txt = robotsTxt('https://toronto.example.ca');
  expect(txt).toContain('Disallow: /admin/');
  expect(txt).toContain('Sitemap: https://toronto.example.ca/sitemap.xml');
});
