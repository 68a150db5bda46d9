/**
 * The vocabulary of an element description: typed attributes, properties and events, written once
 * per element (see `specs.ts`). The element classes, the manifest, the host typings and the props
 * each React root receives are all derived from a description, so adding an attribute is one edit.
 */
import type { Session } from '../app/session/session';
import type { HistoryGuard } from '../app/shell/history-guard';

export type AttributeType = 'string' | 'number' | 'boolean' | { enum: readonly string[] };

export interface AttributeDescription<T extends AttributeType = AttributeType> {
  /** The kebab-case attribute; the key of the description is its camelCase property. */
  attribute: string;
  type: T;
  description: string;
  /** As the README shows it; the element passes `undefined` and the root applies the default. */
  default?: string;
}

export interface EventDescription<Detail = unknown> {
  /** The detail's type as text (for the manifest); `Detail` carries the same type for TypeScript. */
  detailType: string;
  description: string;
  cancelable?: boolean;
  /** Never set: carries the detail type for TypeScript only. */
  readonly detail?: Detail;
}

export interface PropertyDescription<Value = unknown> {
  /** The value's type as text (for the manifest); `Value` carries it for TypeScript. */
  type: string;
  description: string;
  /** Never set: carries the value type for TypeScript only. */
  readonly value?: Value;
}

/** A CSS part or custom property, filled by the styling API. */
export interface StyleHookDescription {
  name: string;
  description: string;
}

export interface ElementDescription {
  tag: `vp-${string}`;
  className: string;
  description: string;
  attributes: Record<string, AttributeDescription>;
  /** Properties without an attribute (`apiKey`). */
  properties: Record<string, PropertyDescription>;
  events: Record<`vp-${string}`, EventDescription>;
  cssParts: readonly StyleHookDescription[];
  cssProperties: readonly StyleHookDescription[];
}

/** An event whose detail is `Detail`, written as `detailType` in the manifest. */
export const event = <Detail>(detailType: string, description: string, cancelable = false): EventDescription<Detail> => ({
  detailType,
  description,
  cancelable,
});

/** A property without an attribute, of type `Value`, written as `type` in the manifest. */
export const property = <Value>(type: string, description: string): PropertyDescription<Value> => ({ type, description });

/** The TypeScript type an attribute's value has once transformed. */
export type ValueOf<T extends AttributeType> = T extends 'number'
  ? number
  : T extends 'boolean'
    ? boolean
    : T extends { enum: readonly (infer E)[] }
      ? E
      : string;

/** The typed properties an element's attributes become (every one optional: absent means default). */
export type AttributeValues<D extends ElementDescription> = {
  -readonly [K in keyof D['attributes']]?: ValueOf<D['attributes'][K]['type']>;
};

/** The values of the properties that have no attribute (`apiKey`). */
export type PropertyValues<D extends ElementDescription> = {
  -readonly [K in keyof D['properties']]: D['properties'][K] extends PropertyDescription<infer V> ? V : never;
};

/** What every React root receives besides the element's typed attribute values. */
export interface RootBaseProps {
  /** The element's shadow root: styles, portals and toasts go inside it. */
  container: ShadowRoot;
  /** From the element's own `dir` attribute only: a host page's direction never leaks in. */
  direction: 'ltr' | 'rtl';
  /** The language asked for: the `locale` attribute, else the nearest `lang`, else the browser's (see kit-element.ts). */
  locale: string;
  /** The session of the element's `api-base`. The entry owns the sessions and the history guard and hands them down, so no chunk is shared with it. */
  session: Session;
  historyGuard: HistoryGuard;
}

/** The props of an element's React root: its typed attribute values and the base props. */
export type RootProps<D extends ElementDescription> = AttributeValues<D> & Partial<PropertyValues<D>> & RootBaseProps;

/** Event name → CustomEvent with its detail. */
export type EventMapOf<D extends ElementDescription> = {
  [K in keyof D['events']]: CustomEvent<D['events'][K] extends EventDescription<infer Detail> ? Detail : never>;
};

/**
 * Turns an attribute's text into its typed value; `undefined` means "absent or invalid, use the
 * default". An invalid value is reported once in the console, so the host author sees why.
 */
export function parseAttribute(tag: string, name: string, type: AttributeType, text: string | null): unknown {
  if (text === null) return undefined;
  if (type === 'boolean') return text !== 'false';
  const value = text.trim();
  if (value === '') return undefined;
  if (type === 'string') return value;
  if (type === 'number') {
    const number = Number(value);
    if (Number.isFinite(number)) return number;
  } else if (type.enum.includes(value)) {
    return value;
  }
  console.warn(
    `${tag}: ${name}="${text}" is not ${type === 'number' ? 'a number' : `one of ${type.enum.join(', ')}`}; the default applies.`,
  );
  return undefined;
}

/** Same rules for a value set as a property: the type itself, or text that parses. */
export function parseProperty(tag: string, name: string, type: AttributeType, value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (type === 'boolean') return typeof value === 'boolean' ? value : parseAttribute(tag, name, type, String(value));
  if (type === 'number' && typeof value === 'number')
    return Number.isFinite(value) ? value : parseAttribute(tag, name, type, String(value));
  return parseAttribute(tag, name, type, String(value));
}
