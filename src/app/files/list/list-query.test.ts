import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, parseListState, toFileQuery, updateListQuery } from './list-query';

describe('parseListState', () => {
  it('gives the defaults of docs/spec.md §9 for an empty query', () => {
    expect(parseListState('')).toEqual(DEFAULT_STATE);
    expect(DEFAULT_STATE).toMatchObject({ page: 1, limit: 10, sort_by: 'created_at', order: 'desc' });
  });

  it('reads every parameter', () => {
    expect(parseListState('?page=3&limit=25&sort_by=file_title&order=asc&search=cat&isActive=0&file_status=10&scheduled=1')).toEqual({
      page: 3,
      limit: 25,
      sort_by: 'file_title',
      order: 'asc',
      search: 'cat',
      isActive: '0',
      file_status: '10',
      scheduled: '1',
    });
  });

  it('reads the Scheduled filter only as 1, sends it as scheduled=1, and a change of it starts again at page 1', () => {
    expect(parseListState('scheduled=0').scheduled).toBe('');
    expect(parseListState('scheduled=yes').scheduled).toBe('');
    expect(toFileQuery({ ...DEFAULT_STATE, scheduled: '1' })).toMatchObject({ scheduled: 1 });
    expect(toFileQuery(DEFAULT_STATE)).not.toHaveProperty('scheduled');
    expect(new URLSearchParams(updateListQuery('page=4', { scheduled: '1' }))).toEqual(
      new URLSearchParams('page=1&limit=10&sort_by=created_at&order=desc&scheduled=1'),
    );
  });

  it('falls back to defaults for bad numbers and unknown values', () => {
    expect(parseListState('page=abc&limit=x')).toMatchObject({ page: 1, limit: 10 });
    expect(parseListState('page=0&limit=-5')).toMatchObject({ page: 1, limit: 10 });
    expect(parseListState('page=2.5&limit=1e3')).toMatchObject({ page: 1, limit: 10 });
    expect(parseListState('limit=50')).toMatchObject({ limit: 10 });
    expect(parseListState('limit=100')).toMatchObject({ limit: 10 });
    for (const limit of [10, 15, 20, 25, 30]) expect(parseListState(`limit=${limit}`).limit).toBe(limit);
    expect(parseListState('sort_by=password&order=sideways')).toMatchObject({ sort_by: 'created_at', order: 'desc' });
    expect(parseListState('isActive=2&file_status=11')).toMatchObject({ isActive: '', file_status: '' });
    expect(parseListState('file_status=abc')).toMatchObject({ file_status: '' });
    expect(parseListState('file_status=0')).toMatchObject({ file_status: '0' });
  });
});

describe('updateListQuery', () => {
  it('keeps the parameters a host page owns', () => {
    const qs = new URLSearchParams(updateListQuery('tab=videos&page=2', { page: 3 }));
    expect(qs.get('tab')).toBe('videos');
    expect(qs.get('page')).toBe('3');
  });

  it('removes empty values', () => {
    const qs = new URLSearchParams(updateListQuery('search=cat&isActive=1&file_status=2', { search: '', isActive: '', file_status: '' }));
    expect(qs.has('search')).toBe(false);
    expect(qs.has('isActive')).toBe(false);
    expect(qs.has('file_status')).toBe(false);
  });

  it('resets page to 1 when page size, search or a filter changes', () => {
    expect(new URLSearchParams(updateListQuery('page=4', { limit: 20 })).get('page')).toBe('1');
    expect(new URLSearchParams(updateListQuery('page=4', { search: 'dog' })).get('page')).toBe('1');
    expect(new URLSearchParams(updateListQuery('page=4', { isActive: '1' })).get('page')).toBe('1');
    expect(new URLSearchParams(updateListQuery('page=4', { file_status: '3' })).get('page')).toBe('1');
  });

  it('keeps the page for a sort change or an unchanged filter', () => {
    expect(new URLSearchParams(updateListQuery('page=4', { sort_by: 'file_id', order: 'asc' })).get('page')).toBe('4');
    expect(new URLSearchParams(updateListQuery('page=4&limit=20', { limit: 20 })).get('page')).toBe('4');
  });

  it('writes page, limit and sort so the URL states the view', () => {
    const qs = new URLSearchParams(updateListQuery('', { page: 2 }));
    expect(Object.fromEntries(qs)).toEqual({ page: '2', limit: '10', sort_by: 'created_at', order: 'desc' });
  });
});

describe('toFileQuery', () => {
  it('sends filters only when set', () => {
    expect(toFileQuery(DEFAULT_STATE)).toEqual({ page: 1, limit: 10, sort_by: 'created_at', order: 'desc' });
    expect(toFileQuery({ ...DEFAULT_STATE, search: 'x', isActive: '0', file_status: '0' })).toMatchObject({
      search: 'x',
      isActive: 0,
      file_status: 0,
    });
  });
});
