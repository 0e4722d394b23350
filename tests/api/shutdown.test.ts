import { expect, setDefaultTimeout, test } from 'bun:test';
import { startFakeFeedServer } from '../fixtures/fake-feed-server.ts';
import { startServer } from '../helpers/server.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

/** Resolves once `condition` holds (checked every 10 ms), or fails after `ms`. */
async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(10);
  }
}

test('SIGTERM lets a request in flight finish with 200, refuses new connections, exits 0, and the data reopens', async () => {
  const feed = startFakeFeedServer();
  try {
    // The blog feed holds its answer, so GET /api/rss-feed is still in flight when the signal arrives.
    const server = await startServer({ RSS_FEED_URL: `${feed.url}/held.xml` });
    const inFlight = fetch(`${server.url}/api/rss-feed`);
    await until(() => (feed.hits.get('/held.xml') ?? 0) > 0, 'the feed request');
    const stoppedAt = Date.now();
    server.proc.kill('SIGTERM');
    await until(() => server.output().includes('"msg":"shutting down"'), 'the server to stop accepting');
    const refused = await fetch(`${server.url}/healthz`).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);
    feed.releaseHeld();
    const slow = await inFlight;
    expect(slow.status).toBe(200);
    expect(((await slow.json()) as { posts: unknown[] }).posts.length).toBeGreaterThan(0);
    expect(await server.proc.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);

    const again = await startServer({ RSS_FEED_URL: `${feed.url}/good.xml` }, server.dataDir);
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
    expect(await again.stop()).toBe(0);
  } finally {
    feed.stop();
  }
});
