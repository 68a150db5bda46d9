import { sessionFor } from '../app/session/session';
import { historyGuard } from '../app/shell/history-guard';
import { parseAttribute, parseProperty, type AttributeDescription, type ElementDescription, type RootBaseProps } from './describe';

/** A React tree mounted in a shadow root (see `mount-root.tsx`, loaded on first connect). */
export interface MountedRoot {
  render(props: RootBaseProps & Record<string, unknown>): void;
  unmount(): void;
}
export type RootLoader = () => Promise<{ default: (container: ShadowRoot) => MountedRoot }>;

/** Hosts that put the key in an attribute anyway (a framework that did not see the property). */
const KEY_ATTRIBUTE = 'apikey';

/**
 * The class of one kit element, built from its description. Our own small base class rather than
 * r2wc: r2wc needs the React component when the class is created, so a tag could only be defined
 * after its React code had downloaded, and frameworks rendering before that saw no `apiKey`
 * property. Here the class is defined at once by the entry and knows every attribute and property
 * (`'apiKey' in element` is true); the React tree is loaded on first connect. Attributes are
 * transformed once, by their declared type; a removed attribute returns to the default.
 */
export function createKitElement(description: ElementDescription, loadRoot: RootLoader): CustomElementConstructor {
  const attributes = Object.entries(description.attributes) as [string, AttributeDescription][];
  const byAttribute = new Map(attributes.map(([property, spec]) => [spec.attribute, { property, spec }]));
  const { tag } = description;

  class KitElement extends HTMLElement {
    static readonly description = description;
    static readonly observedAttributes = [...byAttribute.keys(), 'dir', 'lang', KEY_ATTRIBUTE];

    static {
      // Properties without an attribute (`messages`), kept as set; `apiKey` has its own accessor below.
      for (const property of Object.keys(description.properties).filter((name) => name !== 'apiKey')) {
        Object.defineProperty(this.prototype, property, {
          configurable: true,
          enumerable: true,
          get(this: KitElement) {
            return this.#values[property] ?? null;
          },
          set(this: KitElement, value: unknown) {
            this.#values[property] = value ?? undefined;
            this.#render();
          },
        });
      }
      for (const [property, spec] of attributes) {
        Object.defineProperty(this.prototype, property, {
          configurable: true,
          enumerable: true,
          get(this: KitElement) {
            return this.#values[property];
          },
          set(this: KitElement, value: unknown) {
            this.#values[property] = parseProperty(tag, property, spec.type, value);
            this.#render();
          },
        });
      }
    }

    #values: Record<string, unknown> = {};
    #root: MountedRoot | null = null;
    /** The page's `lang` is part of the element's locale: a change re-renders it. */
    #pageLang = new MutationObserver(() => this.#render());

    constructor() {
      super();
      this.attachShadow({ mode: 'open' });
    }

    /** The session key of this element's API base; setting it signs that session in. */
    get apiKey(): string | null {
      return this.#session().store.getState().apiKey;
    }
    set apiKey(key: string | null) {
      const { store } = this.#session();
      if (key && key !== store.getState().apiKey) store.signIn(key);
    }

    connectedCallback() {
      upgradeProperties(this, [...attributes.map(([property]) => property), ...Object.keys(description.properties)]);
      this.#pageLang.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
      if (this.#root) return this.#render();
      loadRoot().then(
        ({ default: mount }) => {
          if (!this.isConnected || this.#root) return;
          this.#root = mount(this.shadowRoot!);
          this.#render();
        },
        (error: unknown) => console.error(`${tag}: its code could not be loaded.`, error),
      );
    }

    disconnectedCallback() {
      this.#pageLang.disconnect();
      this.#root?.unmount();
      this.#root = null;
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null) {
      if (name === KEY_ATTRIBUTE) {
        if (value === null) return;
        this.removeAttribute(KEY_ATTRIBUTE);
        console.warn(`${tag}: an API key was set as an attribute and has been taken out of the DOM; set the apiKey property instead.`);
        this.apiKey = value;
        return;
      }
      const attribute = byAttribute.get(name);
      if (attribute) this.#values[attribute.property] = parseAttribute(tag, name, attribute.spec.type, value);
      this.#render();
    }

    /** The session of the base set now (the attribute may not have been processed yet at upgrade). */
    #session() {
      const { apiBase } = this.#values;
      return sessionFor(typeof apiBase === 'string' ? apiBase : this.getAttribute('api-base'));
    }

    #render() {
      this.#root?.render({
        ...this.#values,
        container: this.shadowRoot!,
        session: this.#session(),
        historyGuard,
        direction: this.getAttribute('dir')?.trim().toLowerCase() === 'rtl' ? 'rtl' : 'ltr',
        locale: requestedLocale(this, this.#values.locale),
      });
    }
  }

  return KitElement;
}

/**
 * The language asked for: the `locale` attribute, else the nearest `lang` (the element's, an
 * ancestor's, across shadow roots up to the page's `<html lang>`), else the browser's language.
 */
function requestedLocale(element: Element, attribute: unknown): string {
  if (typeof attribute === 'string') return attribute;
  for (let node: Element | null = element; node; node = node.parentElement ?? (node.getRootNode() as Partial<ShadowRoot>).host ?? null) {
    const lang = node.getAttribute('lang')?.trim();
    if (lang) return lang;
  }
  return navigator.languages?.[0] ?? navigator.language ?? 'en';
}

/**
 * A property a host set before the element upgraded sits on the instance and hides the class's
 * accessor: take it off and set it again through the accessor (the upgrade-property pattern).
 */
function upgradeProperties(element: HTMLElement, properties: string[]) {
  const record = element as unknown as Record<string, unknown>;
  for (const property of properties) {
    if (!Object.prototype.hasOwnProperty.call(element, property)) continue;
    const value = record[property];
    delete record[property];
    record[property] = value;
  }
}
