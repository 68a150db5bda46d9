import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SessionContext, useSession } from './use-session';
import { sessionFor } from './session';

function ApiBase() {
  return useSession().apiBase;
}

describe('useSession', () => {
  it("reads the session its element's KitRoot provides", () => {
    const session = sessionFor('https://other.example/api');
    expect(renderToStaticMarkup(createElement(SessionContext.Provider, { value: session }, createElement(ApiBase)))).toBe(
      'https://other.example/api',
    );
  });

  it('without a provider it fails with a message that says why, instead of falling back to the default base', () => {
    expect(() => renderToStaticMarkup(createElement(ApiBase))).toThrow(/no SessionContext provider: render screens inside KitRoot/);
  });
});
