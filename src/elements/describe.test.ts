import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseAttribute, parseProperty } from './describe';

describe('typed attribute transforms', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  afterEach(() => warn.mockClear());

  it('absent or empty means "use the default"', () => {
    expect(parseAttribute('vp-x', 'theme', { enum: ['light', 'dark'] }, null)).toBeUndefined();
    expect(parseAttribute('vp-x', 'edit-href', 'string', '  ')).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
  });

  it('numbers, enums and strings come out typed', () => {
    expect(parseAttribute('vp-x', 'file-id', 'number', ' 42 ')).toBe(42);
    expect(parseAttribute('vp-x', 'routing', { enum: ['path', 'hash'] }, 'hash')).toBe('hash');
    expect(parseAttribute('vp-x', 'base', 'string', ' /admin ')).toBe('/admin');
    expect(parseAttribute('vp-x', 'open', 'boolean', '')).toBe(true);
    expect(parseAttribute('vp-x', 'open', 'boolean', null)).toBeUndefined();
  });

  it('an invalid value falls back to the default and says why, naming the element', () => {
    expect(parseAttribute('vp-file-editor', 'file-id', 'number', 'abc')).toBeUndefined();
    expect(warn).toHaveBeenLastCalledWith('vp-file-editor: file-id="abc" is not a number; the default applies.');
    expect(parseAttribute('vp-file-list', 'theme', { enum: ['light', 'dark'] }, 'purple')).toBeUndefined();
    expect(warn).toHaveBeenLastCalledWith('vp-file-list: theme="purple" is not one of light, dark; the default applies.');
  });

  it('a property takes the typed value itself or text that parses', () => {
    expect(parseProperty('vp-x', 'fileId', 'number', 7)).toBe(7);
    expect(parseProperty('vp-x', 'fileId', 'number', '7')).toBe(7);
    expect(parseProperty('vp-x', 'fileId', 'number', Number.NaN)).toBeUndefined();
    expect(parseProperty('vp-x', 'open', 'boolean', false)).toBe(false);
    expect(parseProperty('vp-x', 'theme', { enum: ['light', 'dark'] }, null)).toBeUndefined();
  });
});
