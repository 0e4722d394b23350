// The one way islands call the API: same-origin with cookies, JSON bodies, and on a non-OK answer an
// Error whose message is "<status>: <body text or status text>" (the spec's error rule).

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The parsed JSON body, when the server sent one (validation errors carry `fields`). */
    readonly body: unknown,
  ) {
    super(message);
  }
}

export async function apiRequest<T>(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  init: { signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: { ...init.headers, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: init.signal,
  });
  const text = await res.text();
  if (!res.ok) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, parsed);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The message a visitor should read for a failed call: the server's `error` text when it sent one. */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) {
    const body = error.body as { error?: unknown } | undefined;
    if (body && typeof body.error === 'string') return body.error;
  }
  return undefined;
}
