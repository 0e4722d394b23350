import { expect, test } from 'bun:test';
import { startFakeFeedServer } from '../fixtures/fake-feed-server.ts';
import { startServer } from '../helpers/server.ts';

test('SIGTERM lets a slow request in flight finish with 200, refuses new connections, exits 0, and the data reopens', async () => {
  const feed = startFakeFeedServer();
  try {
    // The blog feed answers slowly, so GET /api/rss-feed is still in flight when the signal arrives.
    const server = await startServer({ RSS_FEED_URL: `${feed.url}/two-second-good.xml` });
    let answeredAt = 0;
    const inFlight = fetch(`${server.url}/api/rss-feed`).then((res) => {
      answeredAt = Date.now();
      return res;
    });
    await Bun.sleep(300);
    const stoppedAt = Date.now();
    server.proc.kill('SIGTERM');
    await Bun.sleep(200);
    const refused = await fetch(`${server.url}/healthz`).then(
      () => false,
      () => true,
    );
    const slow = await inFlight;
    expect(slow.status).toBe(200);
    expect(answeredAt).toBeGreaterThan(stoppedAt);
    expect(((await slow.json()) as { posts: unknown[] }).posts.length).toBeGreaterThan(0);
    expect(refused).toBe(true);
    expect(await server.proc.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);

    const again = await startServer({ RSS_FEED_URL: `${feed.url}/good.xml` }, server.dataDir);
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
    expect(await again.stop()).toBe(0);
  } finally {
    feed.stop();
  }
});
