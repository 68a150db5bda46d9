import { describe, expect, it } from 'vitest';
import { normaliseBase, withHostQuery } from './panel-router';

describe('panel routing', () => {
  it("keeps the host's own query parameters; the target's own win", () => {
    const host = new URLSearchParams('keep=1&tab=videos');
    expect(withHostQuery('/admin/files', host)).toBe('/admin/files?keep=1&tab=videos');
    expect(withHostQuery('/admin/files?page=2&tab=list', host)).toBe('/admin/files?page=2&tab=list&keep=1');
    expect(withHostQuery('/admin/files', new URLSearchParams())).toBe('/admin/files');
  });

  it('normalises the base path', () => {
    expect(normaliseBase('/admin/videos/')).toBe('/admin/videos');
    expect(normaliseBase('admin')).toBe('/admin');
    expect(normaliseBase(undefined)).toBe('');
  });
});
