import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { sessionFor } from '../session/session';
import { ApiError } from './api-error';
import { apiClientFor } from './client';

const { store: configStore } = sessionFor();
const api = apiClientFor(sessionFor());
const request: typeof api.request = (...args) => api.request(...args);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
const lastRequest = () => fetchMock.mock.calls.at(-1)![0] as Request;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  configStore.signOut();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('the session keeps its API client: one per base, on its own base', () => {
    const origin = new URL(document.baseURI).origin;
    expect(apiClientFor(sessionFor('/api/'))).toBe(apiClientFor(sessionFor('/api')));
    expect(apiClientFor(sessionFor('/api')).url('files')).toBe(`${origin}/api/files`);
    expect(apiClientFor(sessionFor('https://other.example/api')).url('/files')).toBe('https://other.example/api/files');
  });

  it('sends x-apikey from the store and the bearer token from config, under the API base', async () => {
    configStore.signIn('secret-key');
    configStore.setServerConfig({ player: { domain: 'https://p/', ui: {} }, imageHost: 'https://i/', token: 'tok' });
    fetchMock.mockResolvedValue(json({ status: 'success', message: '', data: { n: 1 } }));
    const reply = await request('files/7', v.object({ n: v.number() }));
    expect(reply.data).toEqual({ n: 1 });
    expect(new URL(lastRequest().url).pathname).toBe('/api/files/7');
    expect(lastRequest().headers.get('x-apikey')).toBe('secret-key');
    expect(lastRequest().headers.get('authorization')).toBe('Bearer tok');
  });

  it('reads where a reply stands in the file event log from X-Last-Event-Id, and nothing from a header that is no id', async () => {
    const withHeader = (value: string) => {
      const reply = json({ status: 'success', message: '', data: null });
      reply.headers.set('x-last-event-id', value);
      return reply;
    };
    fetchMock.mockResolvedValueOnce(withHeader('1234'));
    expect((await request('files/', v.null())).lastEventId).toBe(1234);
    fetchMock.mockResolvedValueOnce(withHeader('abc'));
    expect((await request('files/', v.null())).lastEventId).toBeUndefined();
    fetchMock.mockResolvedValueOnce(json({ status: 'success', message: '', data: null }));
    expect((await request('files/', v.null())).lastEventId).toBeUndefined();
  });

  it('sends no x-apikey at all when signed out (no placeholder key)', async () => {
    fetchMock.mockResolvedValue(json({ status: 'success', message: '', data: null }));
    await request('auth/login', v.null(), { method: 'post', json: {} });
    expect(lastRequest().headers.has('x-apikey')).toBe(false);
  });

  it('turns an error reply into an ApiError with the server message', async () => {
    configStore.signIn('k');
    fetchMock.mockResolvedValue(json({ status: 'error', message: 'Slug already in use' }, 409));
    const error = await request('files/1', v.unknown(), { method: 'put', json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Slug already in use', httpStatus: 409, serverStatus: 'error', kind: 'http' });
  });

  it("uses 'Something went wrong' when an error reply has no message", async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(request('files/', v.unknown())).rejects.toMatchObject({ message: 'Something went wrong', fromServer: false });
  });

  it('a 401 on a call that carried a key ends the session', async () => {
    configStore.signIn('dead-key');
    fetchMock.mockResolvedValue(json({ status: 'error', message: 'Your session has ended. Please sign in again.' }, 401));
    await expect(request('files/', v.unknown())).rejects.toMatchObject({ httpStatus: 401 });
    expect(configStore.getState()).toMatchObject({ apiKey: null, signedOutReason: 'expired' });
    expect(localStorage.getItem('apiKey')).toBeNull();
  });

  it('a 401 on sign-in (no key yet) does not touch the session', async () => {
    const listener = vi.fn();
    const stop = configStore.subscribe(listener);
    fetchMock.mockResolvedValue(json({ status: 'error', message: 'Invalid username or password' }, 401));
    await expect(request('auth/login', v.unknown(), { method: 'post', json: {} })).rejects.toMatchObject({
      message: 'Invalid username or password',
    });
    expect(listener).not.toHaveBeenCalled();
    stop();
  });

  it('a reply that does not match the schema is a clear error, not a crash', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValue(json({ status: 'success', message: '', data: { files: 'nope' } }));
    await expect(request('files/', v.object({ files: v.array(v.unknown()) }))).rejects.toMatchObject({
      kind: 'invalid-response',
      message: 'The server sent a reply the panel cannot read.',
    });
    expect(log.mock.calls[0]![0]).toContain('files/');
    log.mockRestore();
  });

  it('a 200 reply with status "error" and no data carries the server message', async () => {
    fetchMock.mockResolvedValue(json({ status: 'error', message: 'Account suspended' }));
    await expect(request('files/', v.object({ files: v.array(v.unknown()) }))).rejects.toMatchObject({
      kind: 'not-success',
      message: 'Account suspended',
      fromServer: true,
    });
  });

  it('a body that is not JSON is a clear error', async () => {
    fetchMock.mockResolvedValue(new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(request('files/', v.unknown())).rejects.toMatchObject({ kind: 'invalid-response' });
  });

  it('times out after 10 seconds', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (input) =>
        new Promise((_, reject) => (input as Request).signal.addEventListener('abort', () => reject((input as Request).signal.reason))),
    );
    const pending = request('files/', v.unknown()).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetchMock).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(2);
    expect(await pending).toMatchObject({ kind: 'timeout' });
  });

  it('a network failure is reported without a server message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request('files/', v.unknown())).rejects.toMatchObject({ kind: 'network', message: 'Something went wrong' });
  });
});
