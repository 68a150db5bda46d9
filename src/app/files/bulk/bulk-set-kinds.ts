/**
 * The bulk actions that set a value (decision D63): where the files may play, and their schedule. The
 * bulk bars offer them beside the others; choosing one opens the bulk set dialog (its own chunk).
 */
export const SET_KINDS = ['playerAccess', 'schedule'] as const;
export type SetKind = (typeof SET_KINDS)[number];

export const isSetKind = (action: string): action is SetKind => (SET_KINDS as readonly string[]).includes(action);
