// Signing in through the API, the one way the server tests, the end-to-end suite and the bench get a
// session key without the sign-in form.

/**
 * POST /api/auth/login as `username`; resolves to the new session's API key. Throws with the HTTP
 * status and the start of the reply when the server refuses or answers something else.
 */
export async function signInByApi(baseUrl, username, password) {
  const reply = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await reply.text();
  let apiKey;
  try {
    apiKey = JSON.parse(text)?.data?.apiKey;
  } catch {
    apiKey = undefined;
  }
  if (!reply.ok || typeof apiKey !== 'string') throw new Error(`sign-in as ${username} failed: HTTP ${reply.status} ${text.slice(0, 300)}`);
  return apiKey;
}
