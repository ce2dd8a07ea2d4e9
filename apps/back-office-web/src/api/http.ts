/** A refusal of an API: its HTTP status and the `{code, message}` body the services answer with. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** JSON over fetch with a bearer token; a non-2xx answer becomes an ApiError naming the server's code. */
export async function requestJson<T>(
  url: string,
  token: string | null,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!res.ok) {
    const body = (data ?? {}) as { code?: unknown; message?: unknown };
    const code = typeof body.code === 'string' ? body.code : `HTTP_${res.status}`;
    const message = typeof body.message === 'string' ? body.message : res.statusText;
    throw new ApiError(res.status, code, message);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Path segments are ids typed by staff: always encoded. */
export function seg(value: string): string {
  return encodeURIComponent(value);
}
