import { DEFAULT_LIMITS, type CheckLimits } from './cue-checks';

const KEY = 'vpCueCheckLimits';

/** The checks' limits as this browser's operator last set them (localStorage), else the defaults. */
export function readLimits(): CheckLimits {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return DEFAULT_LIMITS;
    const { maxCps, maxLine } = value as Record<string, unknown>;
    const positive = (n: unknown, otherwise: number) => (typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : otherwise);
    return { maxCps: positive(maxCps, DEFAULT_LIMITS.maxCps), maxLine: positive(maxLine, DEFAULT_LIMITS.maxLine) };
  } catch {
    return DEFAULT_LIMITS;
  }
}

/** Keeps the limits for the next visit of this browser. */
export function keepLimits(limits: CheckLimits): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(limits));
  } catch {
    // Not kept across visits; this visit still uses them.
  }
}
