import { createRequire } from 'node:module';
import type * as Core from '@zxcvbn-ts/core';
import type * as Common from '@zxcvbn-ts/language-common';
import type * as English from '@zxcvbn-ts/language-en';

/** Characters (code points) a password needs, unless it is a passphrase of MIN_PASSPHRASE_WORDS words. */
export const MIN_PASSWORD_LENGTH = 12;
export const MIN_PASSPHRASE_WORDS = 4;
export const MAX_PASSWORD_LENGTH = 1024;
/** Characters a passphrase's words count from: shorter words ("aa", "of") add almost nothing. */
const MIN_PASSPHRASE_WORD_LENGTH = 3;
/** zxcvbn's score 3: fewer than 10^10 guesses would not find it, enough against a slow hash offline. */
const MIN_SCORE = 3;

let estimator: Core.ZxcvbnFactory | undefined;
/**
 * zxcvbn with its common-password list and English words, names and keyboard graphs, loaded on first
 * use: unpacking the lists costs ~70 ms of CPU, and a server or CLI command that sets no password
 * (nearly every one) would pay it at each start.
 */
function strength(): Core.ZxcvbnFactory {
  if (!estimator) {
    const require = createRequire(import.meta.url);
    const { ZxcvbnFactory } = require('@zxcvbn-ts/core') as typeof Core;
    const common = require('@zxcvbn-ts/language-common') as typeof Common;
    const english = require('@zxcvbn-ts/language-en') as typeof English;
    estimator = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
    });
  }
  return estimator;
}

const folded = (text: string): string => text.normalize('NFKC').toLowerCase();

/**
 * Whether the password is the username, or only the username repeated (any case, with anything but
 * letters and digits between): "demo demo demo demo", "carol-writercarol-writer!". zxcvbn lets some
 * of these through, since each copy past the first looks like a new word to it.
 */
function isUsernameRepeated(password: string, username: string): boolean {
  const name = folded(username.trim());
  if (!name) return false;
  return !/[\p{L}\p{N}]/u.test(folded(password).replaceAll(name, ''));
}

/**
 * Whether a password of MIN_PASSPHRASE_WORDS words or more is a passphrase in name only: its different
 * words of MIN_PASSPHRASE_WORD_LENGTH characters or more hold fewer than MIN_PASSWORD_LENGTH
 * characters ("aa bb cc dd", "ruby ox pine go", "glass glass glass glass"). zxcvbn scores some of
 * these as strong, and the length rule lets four tiny words through.
 */
function isThinPassphrase(words: string[]): boolean {
  if (words.length < MIN_PASSPHRASE_WORDS) return false;
  const different = new Set(words.map(folded).filter((word) => [...word].length >= MIN_PASSPHRASE_WORD_LENGTH));
  return [...[...different].join('')].length < MIN_PASSWORD_LENGTH;
}

/**
 * Why a new password for `username` is refused, or null when it is good enough: every path that sets a
 * password (the CLI's user add and reset-password, seed) asks this first.
 */
export function passwordProblem(password: string, username: string): string | null {
  if (!password.trim()) return 'The password must not be empty or only spaces.';
  const characters = [...password].length;
  if (characters > MAX_PASSWORD_LENGTH) return `The password must be at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (isUsernameRepeated(password, username)) return 'The password must not be the username, or the username repeated.';
  const words = password.trim().split(/\s+/u);
  if (isThinPassphrase(words)) {
    return `The password is too easy to guess: a passphrase needs ${MIN_PASSPHRASE_WORDS} different words of at least ${MIN_PASSPHRASE_WORD_LENGTH} characters (short and repeated words add almost nothing).`;
  }
  if (characters < MIN_PASSWORD_LENGTH && words.length < MIN_PASSPHRASE_WORDS) {
    return `The password must be at least ${MIN_PASSWORD_LENGTH} characters, or a passphrase of at least ${MIN_PASSPHRASE_WORDS} words.`;
  }
  const { score, feedback } = strength().check(password, [username]);
  if (score >= MIN_SCORE) return null;
  const advice = [feedback.warning, ...feedback.suggestions].filter(Boolean).join(' ');
  return `The password is too easy to guess.${advice ? ` ${advice}` : ''}`;
}
