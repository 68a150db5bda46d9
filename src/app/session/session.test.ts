import { describe, expect, it } from 'vitest';
import { resolveApiBase, sessionFor } from './session';

describe('sessions per API base', () => {
  it('elements on the same base share one session, however the base is written', () => {
    const origin = new URL(document.baseURI).origin;
    expect(sessionFor('/api')).toBe(sessionFor());
    expect(sessionFor('/api/')).toBe(sessionFor(' /api '));
    expect(sessionFor(`${origin}/api`)).toBe(sessionFor('/api'));
    expect(resolveApiBase('/api/')).toBe(`${origin}/api`);
  });

  it('two bases keep two keys, and the default base keeps the unprefixed storage keys', () => {
    const main = sessionFor('/api');
    const other = sessionFor('https://other.example/api');
    main.store.signIn('main-key');
    other.store.signIn('other-key');
    expect(main.store.getState().apiKey).toBe('main-key');
    expect(other.store.getState().apiKey).toBe('other-key');
    expect(localStorage.getItem('apiKey')).toBe('main-key');
    expect(localStorage.getItem('vp[https://other.example/api]:apiKey')).toBe('other-key');
    other.store.signOut();
    expect(main.store.getState().apiKey).toBe('main-key');
    main.store.signOut();
  });

  it('a part is built once per session, by its builder', () => {
    const session = sessionFor('https://parts.example/api');
    let built = 0;
    const build = () => ({ built: ++built });
    expect(session.own(build)).toBe(session.own(build));
    expect(built).toBe(1);
    expect(sessionFor('https://other-parts.example/api').own(build)).toEqual({ built: 2 });
  });
});
