import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../api/activity';
import { formatDateTime } from '../i18n/format';
import vi from '../i18n/locale-vi';
import { ENGLISH, translator } from '../i18n/texts';
import { activityLines } from './activity-lines';
import { ACTIVITY_TEXTS } from './activity-texts';

const t = translator(ACTIVITY_TEXTS, ENGLISH).t;
const entry = (action: string, detail: Record<string, unknown> = {}): ActivityEntry => ({
  activity_id: 1,
  at: '2026-11-25T10:00:00Z',
  actor: 'ops',
  source: 'panel',
  action,
  detail,
});
const lines = (e: ActivityEntry) => activityLines(e, t, 'en', 'en');

describe('activityLines', () => {
  it('an update says each field before → after', () => {
    expect(
      lines(
        entry('update', {
          file_title: { before: 'Old', after: 'New' },
          file_slug: { before: 'old', after: 'new' },
          isActive: { before: 1, after: 0 },
        }),
      ),
    ).toEqual(['Title: “Old” → “New”', 'Slug: old → new', 'Status: Active → Inactive']);
  });

  it('a file added with an API key names the key (D55)', () => {
    const byKey = { ...entry('create', { via: 'tus', file_title: 'Talk', file_slug: 'talk' }), actor: 'CMS sync', source: 'key' };
    expect(lines(byKey)).toEqual(['Added by key “CMS sync” (resumable upload)']);
  });

  it('a schedule set or cleared says its times, and a run says which way it turned the file', () => {
    const at = '2026-12-01T09:30:00.000Z';
    expect(lines(entry('update', { activate_at: { before: null, after: at }, deactivate_at: { before: at, after: null } }))).toEqual([
      `Activate at: none → ${formatDateTime(at, 'en')}`,
      `Deactivate at: ${formatDateTime(at, 'en')} → none`,
    ]);
    expect(lines(entry('schedule_activate', { due_at: at, isActive: { before: 0, after: 1 } }))).toEqual(['Activated by schedule']);
    expect(lines(entry('schedule_deactivate', { due_at: at, isActive: { before: 1, after: 0 } }))).toEqual(['Deactivated by schedule']);
  });

  it('a poster chosen or set back to the automatic one says so, not the action name', () => {
    expect(lines(entry('poster_set', { from: 'time', time: 4.2 }))).toEqual(['Poster changed']);
    expect(lines(entry('poster_set', { from: 'image', format: 'png' }))).toEqual(['Poster changed']);
    expect(lines(entry('poster_reset', {}))).toEqual(['Back to the automatic poster']);
  });

  it("a file's downloads setting before → after, its account's when it follows it", () => {
    expect(lines(entry('update', { downloads: { before: null, after: true } }))).toEqual(["Downloads: the account's setting → allowed"]);
    expect(lines(entry('update', { downloads: { before: true, after: false } }))).toEqual(['Downloads: allowed → not allowed']);
  });

  it("where a file may play before → after, its account's default when it follows it", () => {
    const sites = { embed: 'sites', sites: ['school.example', '*.school.example'], signed: true, allow_no_referrer: false };
    const anywhere = { embed: 'anywhere', sites: [], signed: false, allow_no_referrer: true };
    expect(lines(entry('update', { player_access: { before: null, after: sites } }))).toEqual([
      "Where it may play: the account's default → only school.example, *.school.example, signed links only",
    ]);
    expect(lines(entry('update', { player_access: { before: anywhere, after: { ...anywhere, embed: 'nowhere' } } }))).toEqual([
      'Where it may play: anywhere → nowhere (link only)',
    ]);
  });

  it('chapters added, edited and deleted say how many and which version, not the action name', () => {
    expect(lines(entry('chapters_add', { sub_id: 7, chapters: 1 }))).toEqual(['Chapters added: 1 chapter']);
    expect(lines(entry('chapters_edit', { sub_id: 7, chapters: 3, version_no: 2 }))).toEqual(['Chapters edited: 3 chapters, version 2']);
    expect(lines(entry('chapters_trash', { sub_id: 7 }))).toEqual(['Chapters deleted']);
  });

  it("downloads that could not be made say the job's reason, not the action name", () => {
    const failed = {
      ...entry('downloads_fail', { reason: 'v0/index.m3u8: No such file or directory' }),
      actor: 'pipeline',
      source: 'pipeline',
    };
    expect(lines(failed)).toEqual(['Downloads could not be made: v0/index.m3u8: No such file or directory']);
  });

  it('say chapters, downloads and where it may play in Vietnamese too', () => {
    const tVi = translator(ACTIVITY_TEXTS, { language: 'vi', locale: 'vi-VN', messages: vi.catalogue, grid: vi.grid }).t;
    const linesVi = (e: ActivityEntry) => activityLines(e, tVi, 'vi', 'vi-VN');
    expect(linesVi(entry('chapters_edit', { sub_id: 7, chapters: 3, version_no: 2 }))).toEqual([
      'Đã sửa các chương: 3 chương, phiên bản 2',
    ]);
    expect(linesVi(entry('update', { downloads: { before: false, after: null } }))).toEqual([
      'Tải xuống: không cho phép → theo cài đặt của tài khoản',
    ]);
    expect(linesVi(entry('downloads_fail', { reason: 'v0/index.m3u8: No such file or directory' }))).toEqual([
      'Không tạo được bản tải xuống: v0/index.m3u8: No such file or directory',
    ]);
    const nowhere = { embed: 'nowhere', sites: [], signed: false, allow_no_referrer: true };
    expect(linesVi(entry('update', { player_access: { before: nowhere, after: null } }))).toEqual([
      'Nơi được phát: không nhúng ở đâu (chỉ liên kết) → theo mặc định của tài khoản',
    ]);
  });

  it('a new file: who added it and how its video came, then how its processing ended', () => {
    const created = (via: string) => ({ ...entry('create', { via, file_title: 'Talk', file_slug: 'talk' }), actor: 'demo' });
    expect(['upload', 'url', 'tus'].map((via) => lines(created(via)))).toEqual([
      ['Added by demo (upload)'],
      ['Added by demo (from a URL)'],
      ['Added by demo (resumable upload)'],
    ]);
    expect(lines({ ...entry('complete'), actor: 'worker-1', source: 'pipeline' })).toEqual(['Processing completed']);
    expect(lines(entry('fail', { reason: 'This file is not a video' }))).toEqual(['Processing failed: This file is not a video']);
  });

  it('trash, restore and purge', () => {
    expect([entry('trash'), entry('restore'), entry('purge')].map(lines)).toEqual([
      ['Moved to the trash'],
      ['Restored from the trash'],
      ['Deleted for good'],
    ]);
  });

  it('subtitle events name the language and format, and a language change before → after', () => {
    expect(lines(entry('subtitle_add', { sub_lang: 'en', format: 'srt', sha256: 'ab' }))).toEqual(['Subtitle added: English (srt)']);
    expect(lines(entry('subtitle_update', { sub_lang: 'fr', format: 'vtt', language: { before: 'en', after: 'fr' } }))).toEqual([
      'Subtitle changed: français (vtt)',
      'Subtitle language: English → français',
    ]);
    expect(lines(entry('subtitle_trash', { sub_lang: 'en', format: 'srt' }))).toEqual(['Subtitle deleted: English (srt)']);
  });

  it('a cue editor save and a restored version name the language and the version they made', () => {
    expect(lines(entry('subtitle_edit', { sub_id: 3, sub_lang: 'en', version_no: 4 }))).toEqual([
      'Subtitle text edited: English, version 4',
    ]);
    expect(lines(entry('subtitle_version_restore', { sub_id: 3, sub_lang: 'fr', version_no: 5 }))).toEqual([
      'Subtitle text restored: français, now version 5',
    ]);
  });

  it('an action this kit does not know yet is still shown', () => {
    expect(lines(entry('archive'))).toEqual(['Changed (archive)']);
  });
});
