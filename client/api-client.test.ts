import { afterAll, beforeAll, expect, test } from 'bun:test';
import { ApiError, apiRequest, serverMessage } from './api-client.ts';

let server: ReturnType<typeof Bun.serve>;
beforeAll(() => {
  server = Bun.serve({
    port: 0,
    fetch: async (req) => {
      const path = new URL(req.url).pathname;
      if (path === '/ok') return Response.json({ got: await req.json(), type: req.headers.get('content-type') });
      if (path === '/bad') return Response.json({ error: 'Invalid fields: email' }, { status: 400 });
      return new Response('', { status: 503, statusText: 'Service Unavailable' });
    },
  });
});
afterAll(() => server.stop(true));

test('posts JSON and returns the parsed answer', async () => {
  const out = await apiRequest<{ got: unknown; type: string }>('POST', `${server.url}ok`, { a: 1 });
  expect(out).toEqual({ got: { a: 1 }, type: 'application/json' });
});

test('a non-OK answer raises "<status>: <body>" and keeps the parsed body', async () => {
  const error = (await apiRequest('POST', `${server.url}bad`, {}).catch((e: unknown) => e)) as ApiError;
  expect(error).toBeInstanceOf(ApiError);
  expect(error.message).toBe('400: {"error":"Invalid fields: email"}');
  expect(serverMessage(error)).toBe('Invalid fields: email');
});

test('an empty error body falls back to the status text', async () => {
  const error = (await apiRequest('GET', `${server.url}down`).catch((e: unknown) => e)) as ApiError;
  expect(error.message).toBe('503: Service Unavailable');
  expect(serverMessage(error)).toBeUndefined();
});
