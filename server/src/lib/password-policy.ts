import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/** Characters (code points) a password needs, unless it is a passphrase of MIN_PASSPHRASE_WORDS words. */
export const MIN_PASSWORD_LENGTH = 12;
export const MIN_PASSPHRASE_WORDS = 4;
export const MAX_PASSWORD_LENGTH = 1024;
/** zxcvbn's score 3: fewer than 10^10 guesses would not find it, enough against a slow hash offline. */
const MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;
/** zxcvbn with its common-password list and English words, names and keyboard graphs (loaded on first use). */
function strength(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return estimator;
}

/**
 * Why a new password for `username` is refused, or null when it is good enough: every path that sets a
 * password (the CLI's user add and reset-password, seed) asks this first.
 */
export function passwordProblem(password: string, username: string): string | null {
  if (!password.trim()) return 'The password must not be empty or only spaces.';
  const characters = [...password].length;
  if (characters > MAX_PASSWORD_LENGTH) return `The password must be at most ${MAX_PASSWORD_LENGTH} characters.`;
  const words = password.trim().split(/\s+/u).length;
  if (characters < MIN_PASSWORD_LENGTH && words < MIN_PASSPHRASE_WORDS) {
    return `The password must be at least ${MIN_PASSWORD_LENGTH} characters, or a passphrase of at least ${MIN_PASSPHRASE_WORDS} words.`;
  }
  if (password.trim().toLowerCase() === username.trim().toLowerCase()) return 'The password must not be the username.';
  const { score, feedback } = strength().check(password, [username]);
  if (score >= MIN_SCORE) return null;
  const advice = [feedback.warning, ...feedback.suggestions].filter(Boolean).join(' ');
  return `The password is too easy to guess.${advice ? ` ${advice}` : ''}`;
}
