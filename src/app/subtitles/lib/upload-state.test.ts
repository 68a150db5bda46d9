import { describe, expect, it } from 'vitest';
import type { EncodingConfidence, SubtitleCheck } from '../../../subtitle-text';
import { charsetToSend, initialUploadState, uploadReducer, uploadVerdict, type UploadAction, type UploadState } from './upload-state';
import { UPLOAD_MESSAGES } from './upload-validation';

const srt = (name = 'film.srt', size = 100) => new File([new Uint8Array(size)], name);
const run = (...actions: UploadAction[]): UploadState => actions.reduce(uploadReducer, initialUploadState);
const passed = (encoding: string, encodingConfidence: EncodingConfidence = 'guess'): SubtitleCheck => ({
  ok: true,
  format: 'srt',
  encoding,
  bom: false,
  encodingConfidence,
  cueCount: 1,
  problems: [],
  preview: [],
  cues: [],
});

describe('uploadReducer', () => {
  it('choosing a file asks for a check with detection; its answer is shown', () => {
    const file = srt();
    const chosen = run({ type: 'file-chosen', file, subTmp: 'k' });
    expect(chosen).toMatchObject({ check: 'checking', fileError: null, checkRequest: { file, encoding: null, language: '' } });
    const checked = uploadReducer(chosen, { type: 'checked', request: chosen.checkRequest!, check: passed('windows-1251') });
    expect(checked.check).toEqual(passed('windows-1251'));
    expect(charsetToSend(checked)).toBe('windows-1251');
  });

  it('a file that breaks a rule is not checked and shows the rule', () => {
    const state = run({ type: 'file-chosen', file: srt('movie.mp4'), subTmp: 'k' });
    expect(state).toMatchObject({ check: null, checkRequest: null, fileError: UPLOAD_MESSAGES.badExtension });
  });

  it('a refusal of the check becomes the file error', () => {
    const file = srt();
    const chosen = run({ type: 'file-chosen', file, subTmp: 'k' });
    const refused = uploadReducer(chosen, {
      type: 'checked',
      request: chosen.checkRequest!,
      check: { ok: false, reason: 'This file is empty.' },
    });
    expect(refused.fileError).toBe('This file is empty.');
    expect(uploadVerdict({ ...refused, lang: 'en' })).toEqual({ send: false });
  });

  it('picking an encoding checks again with it, and that encoding is sent', () => {
    const file = srt();
    const first = run({ type: 'file-chosen', file, subTmp: 'k' });
    const detected = uploadReducer(first, { type: 'checked', request: first.checkRequest!, check: passed('windows-1251') });
    const picked = uploadReducer(detected, { type: 'encoding-picked', encoding: 'koi8-r' });
    expect(picked).toMatchObject({ check: 'checking', checkRequest: { file, encoding: 'koi8-r' } });
    expect(charsetToSend(picked)).toBeUndefined(); // nothing is sent while the dialog shows no result
    const rechecked = uploadReducer(picked, { type: 'checked', request: picked.checkRequest!, check: passed('koi8-r') });
    expect(charsetToSend(rechecked)).toBe('koi8-r');
  });

  it('drops a stale answer: the file was replaced or another encoding picked meanwhile', () => {
    const first = run({ type: 'file-chosen', file: srt('a.srt'), subTmp: 'a' });
    const second = uploadReducer(first, { type: 'file-chosen', file: srt('b.srt'), subTmp: 'b' });
    expect(uploadReducer(second, { type: 'checked', request: first.checkRequest!, check: passed('gbk') })).toBe(second);
    const removed = uploadReducer(second, { type: 'file-removed' });
    expect(uploadReducer(removed, { type: 'checked', request: second.checkRequest!, check: passed('gbk') })).toBe(removed);
  });

  it('without a check (it failed to load) nothing names the charset: the server detects it', () => {
    const first = run({ type: 'file-chosen', file: srt(), subTmp: 'k' });
    const broken = uploadReducer(first, { type: 'checked', request: first.checkRequest!, check: null });
    expect(broken.check).toBeNull();
    expect(charsetToSend(broken)).toBeUndefined();
    expect(uploadVerdict({ ...broken, lang: 'en' })).toEqual({ send: true });
  });

  it('upload submitted empty flags the file and the language at once; a failed upload keeps file and language', () => {
    expect(uploadVerdict(initialUploadState)).toEqual({
      send: false,
      fileError: UPLOAD_MESSAGES.noFile,
      langError: UPLOAD_MESSAGES.noLanguage,
    });
    expect(uploadVerdict(run({ type: 'language', lang: 'en' }))).toEqual({ send: false, fileError: UPLOAD_MESSAGES.noFile });
    const wrongType = run({ type: 'file-chosen', file: srt('film.mp4'), subTmp: 'k' });
    expect(uploadVerdict(wrongType)).toEqual({
      send: false,
      fileError: UPLOAD_MESSAGES.badExtension,
      langError: UPLOAD_MESSAGES.noLanguage,
    });
    const file = srt();
    const chosen = run({ type: 'file-chosen', file, subTmp: 'k' });
    const checked = uploadReducer(chosen, {
      type: 'checked',
      request: chosen.checkRequest!,
      check: passed('utf-8', 'certain'),
    });
    expect(uploadVerdict(checked)).toEqual({ send: false, langError: UPLOAD_MESSAGES.noLanguage });
    const refused = uploadReducer(checked, { type: 'upload-refused', langError: UPLOAD_MESSAGES.noLanguage });
    expect(refused.langError).toBe(UPLOAD_MESSAGES.noLanguage);
    const withLang = uploadReducer(refused, { type: 'language', lang: 'ru' });
    expect(withLang.langError).toBeNull();
    expect(uploadVerdict(withLang)).toEqual({ send: true }); // UTF-8 detected for certain: the language changes nothing
    const failed = [{ type: 'progress', fraction: 0.5 } as const, { type: 'upload-failed' } as const].reduce(uploadReducer, withLang);
    expect(failed).toMatchObject({ progress: null, lang: 'ru', chosen: { file, subTmp: 'k' } });
  });

  it('a language chosen while the encoding is a guess checks the file again with that language; a picked encoding stays', () => {
    const file = srt();
    const chosen = run({ type: 'file-chosen', file, subTmp: 'k' });
    const guessed = uploadReducer(chosen, { type: 'checked', request: chosen.checkRequest!, check: passed('windows-1252') });
    const hebrew = uploadReducer(guessed, { type: 'language', lang: 'he' });
    expect(hebrew).toMatchObject({ lang: 'he', check: 'checking', checkRequest: { file, encoding: null, language: 'he' } });
    const detected = uploadReducer(hebrew, { type: 'checked', request: hebrew.checkRequest!, check: passed('windows-1255') });
    expect(charsetToSend(detected)).toBe('windows-1255');
    const picked = uploadReducer(detected, { type: 'encoding-picked', encoding: 'windows-1252' });
    const afterPick = uploadReducer(
      uploadReducer(picked, { type: 'checked', request: picked.checkRequest!, check: passed('windows-1252') }),
      {
        type: 'language',
        lang: 'yi',
      },
    );
    expect(afterPick).toMatchObject({ lang: 'yi', checkRequest: { encoding: 'windows-1252' } });
    expect(charsetToSend(afterPick)).toBe('windows-1252');
  });

  it('waits while a check runs', () => {
    const chosen = run({ type: 'file-chosen', file: srt(), subTmp: 'k' }, { type: 'language', lang: 'en' });
    expect(uploadVerdict(chosen)).toEqual({ send: false });
  });
});
