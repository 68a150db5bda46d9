import { createContext, createElement, Fragment, useContext, type ReactNode } from 'react';

/**
 * A message: text with `{name}` placeholders, or its plural forms, picked by `{count}` with
 * `Intl.PluralRules` (Vietnamese has only `other`; English `one` and `other`).
 */
export type Plural = { readonly other: string } & { readonly [form in Exclude<Intl.LDMLPluralRule, 'other'>]?: string };
export type Message = string | Plural;

/**
 * One area's English texts under a namespace. They stay in the area's own module (and chunk), so a
 * page pays only for the English texts of the screens it loads; other languages are flat catalogues
 * keyed `namespace.key` (`./load.ts`).
 */
export interface Texts<N extends string = string, T extends Record<string, Message> = Record<string, Message>> {
  readonly namespace: N;
  readonly en: T;
}

export const defineTexts = <const N extends string, const T extends Record<string, Message>>(namespace: N, en: T): Texts<N, T> => ({
  namespace,
  en,
});

/** The flat keys of an area's texts, `namespace.key`, each any message (the shape of a catalogue). */
export type CatalogueOf<X> = X extends Texts<infer N, infer T> ? { [K in keyof T & string as `${N}.${K}`]: Message } : never;

type Placeholders<S> = S extends `${string}{${infer P}}${infer Rest}` ? P | Placeholders<Rest> : never;
type ParamsOf<M> = M extends string ? Placeholders<M> : M extends { other: infer O } ? Placeholders<O> | 'count' : never;
type ParamsArg<M, V> = [ParamsOf<M>] extends [never] ? [] : [params: Record<ParamsOf<M>, V>];

/** `t('key', { name })`: the key's text in the element's language, placeholders filled (numbers with Intl). */
export type TextFn<T> = <K extends keyof T & string>(key: K, ...params: ParamsArg<T[K], string | number>) => string;
/** Same, with React nodes as values (a bold title inside a sentence), each isolated in a `<bdi>`. */
export type RichFn<T> = <K extends keyof T & string>(key: K, ...params: ParamsArg<T[K], ReactNode>) => ReactNode;

/** The element's language: what KitRoot provides from the `locale` attribute and the `messages` property. */
export interface I18n {
  /** The catalogue's language: `en` or `vi`. */
  readonly language: string;
  /** The BCP 47 tag Intl formats with (`vi-VN`, `en-GB`, or the language itself). */
  readonly locale: string;
  /** The language's catalogue with the host's `messages` over it; a key it lacks falls back to English. */
  readonly messages: Readonly<Record<string, Message | undefined>>;
  /** The DataGrid's own texts in the language (MUI X's locale); empty for English, the grid's default. */
  readonly grid: Readonly<Record<string, unknown>>;
}

export const ENGLISH: I18n = { language: 'en', locale: 'en', messages: {}, grid: {} };

export const I18nContext = createContext<I18n>(ENGLISH);

export const useI18n = (): I18n => useContext(I18nContext);

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const cached = <V>(map: Map<string, V>, locale: string, make: () => V) => {
  let value = map.get(locale);
  if (!value) map.set(locale, (value = make()));
  return value;
};
export const numberFormat = (locale: string) => cached(numberFormats, locale, () => new Intl.NumberFormat(locale));

function pick(message: Message, locale: string, count: unknown): string {
  if (typeof message === 'string') return message;
  const form = cached(pluralRules, locale, () => new Intl.PluralRules(locale)).select(Number(count) || 0);
  return message[form] ?? message.other;
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** A key's template in `i18n`'s language (English when the catalogue lacks it), its plural form picked. */
function template(texts: Texts, key: string, i18n: I18n, params: Record<string, unknown>): string {
  const message = i18n.messages[`${texts.namespace}.${key}`] ?? texts.en[key] ?? key;
  return pick(message, i18n.locale, params.count);
}

/** Fills a template: numbers formatted for the locale, other values as given. */
export function fill(text: string, params: Record<string, unknown>, locale: string): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? numberFormat(locale).format(value) : String(value);
  });
}

function fillNodes(text: string, params: Record<string, ReactNode>, locale: string): ReactNode {
  const parts = text.split(PLACEHOLDER);
  // split with a capture group: even indexes are text, odd ones placeholder names.
  return createElement(
    Fragment,
    null,
    ...parts.map((part, index) => {
      if (index % 2 === 0) return part;
      const value = params[part];
      if (value === undefined) return `{${part}}`;
      // Isolated: a title in another script or direction does not reorder the sentence around it.
      return typeof value === 'number' ? numberFormat(locale).format(value) : createElement('bdi', { key: index }, value);
    }),
  );
}

/** The translate functions of one area's texts in a language (outside React: pass ENGLISH for the English texts). */
export function translator<T extends Record<string, Message>>(texts: Texts<string, T>, i18n: I18n) {
  const t = ((key: string, params: Record<string, unknown> = {}) =>
    fill(template(texts, key, i18n, params), params, i18n.locale)) as TextFn<T>;
  const rich = ((key: string, params: Record<string, ReactNode> = {}) =>
    fillNodes(template(texts, key, i18n, params), params, i18n.locale)) as RichFn<T>;
  return { t, rich, locale: i18n.locale, language: i18n.language };
}

type Translator<T extends Record<string, Message>> = ReturnType<typeof translator<T>>;
/** One translator per language and area, shared by every component (a page of rows asks for them 150 times). */
const translators = new WeakMap<I18n, Map<Texts, Translator<Record<string, Message>>>>();

/** `const { t } = useTexts(FILES_TEXTS)`: the area's texts in the element's language; same identity until the language changes. */
export function useTexts<T extends Record<string, Message>>(texts: Texts<string, T>): Translator<T> {
  const i18n = useI18n();
  let byTexts = translators.get(i18n);
  if (!byTexts) translators.set(i18n, (byTexts = new Map()));
  let found = byTexts.get(texts);
  if (!found) byTexts.set(texts, (found = translator(texts, i18n)));
  return found as unknown as Translator<T>;
}
