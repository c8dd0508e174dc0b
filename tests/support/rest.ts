/** What the service answers a test: the status, and the body with its errors when it refused. */
export interface RestAnswer {
  status: number;
  body: Record<string, unknown> & { errors?: { type: string; message: string; reason?: string; subject?: string }[] };
}

/** Calls the service at `origin()` under `prefix`, with a bearer token and a JSON body when given. */
export function restCaller(origin: () => string, prefix = "/rest/v2") {
  return async (method: string, path: string, token?: string, body?: unknown): Promise<RestAnswer> => {
    const res = await fetch(`${origin()}${prefix}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as RestAnswer["body"] };
  };
}

/** The first error of a refusal. */
export const firstError = (answer: RestAnswer) => answer.body.errors?.[0];
