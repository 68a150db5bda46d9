import { describe, expect, it } from 'vitest';
import { fieldsToHide } from './use-columns-that-fit';

const columns = [
  { field: 'file_id', width: 68 },
  { field: 'file_server', width: 110 },
  { field: 'file_title', flex: 2, minWidth: 160 },
  { field: 'file_slug', flex: 1, minWidth: 110 },
  { field: 'actions', width: 88 },
];
const givesWay = ['file_server', 'file_slug', 'file_id'];

describe('fieldsToHide', () => {
  it('hides nothing where every column fits (their widths, flex ones at their least, and the checkbox column)', () => {
    expect(fieldsToHide(columns, givesWay, 586)).toEqual([]);
    expect(fieldsToHide(columns, givesWay, Number.POSITIVE_INFINITY)).toEqual([]);
  });

  it('hides the fields that give way, first to last, only as many as needed', () => {
    expect(fieldsToHide(columns, givesWay, 585)).toEqual(['file_server']);
    expect(fieldsToHide(columns, givesWay, 476)).toEqual(['file_server']);
    expect(fieldsToHide(columns, givesWay, 475)).toEqual(['file_server', 'file_slug']);
    // Never the ones not listed: the title and the actions stay however narrow.
    expect(fieldsToHide(columns, givesWay, 100)).toEqual(['file_server', 'file_slug', 'file_id']);
  });
});
