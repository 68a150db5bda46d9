import type { KeyboardEvent } from 'react';

export type ShortcutAction = 'play' | 'back' | 'start' | 'end' | 'new' | 'undo' | 'redo';

/**
 * The editor's keys. Alt + a letter (by its position, `code`, so that Option on a Mac and other
 * keyboard layouts still work) rather than a bare key: they must work while a cue's text is being
 * typed, without taking a character the operator may need (YouTube Studio's Shift+Space does).
 */
export const SHORTCUTS: readonly { action: ShortcutAction; keys: string }[] = [
  { action: 'play', keys: 'Alt+K' },
  { action: 'back', keys: 'Alt+J' },
  { action: 'start', keys: 'Alt+I' },
  { action: 'end', keys: 'Alt+O' },
  { action: 'new', keys: 'Alt+N' },
  { action: 'undo', keys: 'Ctrl+Z' },
  { action: 'redo', keys: 'Ctrl+Shift+Z' },
];

const ALT_CODES: Partial<Record<string, ShortcutAction>> = { KeyK: 'play', KeyJ: 'back', KeyI: 'start', KeyO: 'end', KeyN: 'new' };

/** The action a key press asks for, or null. Ctrl stands for ⌘ on a Mac; Ctrl+Y is redo too. */
export function shortcutOf(event: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code'>): ShortcutAction | null {
  const ctrl = event.ctrlKey || event.metaKey;
  if (event.altKey && !ctrl && !event.shiftKey) return ALT_CODES[event.code] ?? null;
  if (ctrl && !event.altKey && event.code === 'KeyZ') return event.shiftKey ? 'redo' : 'undo';
  if (ctrl && !event.altKey && !event.shiftKey && event.code === 'KeyY') return 'redo';
  return null;
}
