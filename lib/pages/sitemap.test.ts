import { expect, test } from 'bun:test';
import { crawlable, robotsTxt, sitemapXml } from './sitemap.ts';

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

test('what robots.txt disallows is not crawlable (the route table lists no such path as indexable)', () => {
  expect(['/', '/admin/ab-tests', '/admin', '/api/rss-feed', '/administration', '/blog'].filter(crawlable)).toEqual(['/', '/administration', '/blog']);
  expect(robotsTxt('https://toronto.example.ca')).toBe(
    'User-agent: *\nDisallow: /admin/\nDisallow: /api/\n\nSitemap: https://toronto.example.ca/sitemap.xml\n',
  );
});
