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
      // A page's static copy of a screen inside the element (decision D72) is left alone until the
      // element's code has arrived: a shadow root would hide it, or with a <slot> make the browser lay it
      // out and paint it again, and Chrome would then date the page's largest paint to that repaint.
      if (!hasPlaceholder(this)) this.attachShadow({ mode: 'open' });
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
      // With a copy of the screen on the page, the code is asked for once the copy has been painted: a
      // phone has painted it long before this entry arrives anyway, and a fast load must not let the
      // code's download and run come first (decision D72).
      (this.shadowRoot ? loadRoot() : placeholderPainted(this).then(loadRoot)).then(
        ({ default: mount }) => {
          if (!this.isConnected || this.#root) return;
          this.#root = mount(this.shadowRoot ?? attachShowingPlaceholder(this));
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

const PLACEHOLDER = ':scope > [data-vp-placeholder]';

/** Whether the page put a static copy of a screen in the element (a child marked `data-vp-placeholder`). */
function hasPlaceholder(element: HTMLElement): boolean {
  return element.querySelector(PLACEHOLDER) !== null;
}

/**
 * The element's shadow root, attached once its code is there, with a `<slot>` that keeps the page's copy
 * on screen while React renders in slices; the kit's root removes it in its first commit, in which it
 * renders a slot of its own, kept until its screen is ready (`kit-root.tsx`).
 */
function attachShowingPlaceholder(element: HTMLElement): ShadowRoot {
  const root = element.attachShadow({ mode: 'open' });
  if (hasPlaceholder(element)) root.append(document.createElement('slot'));
  return root;
}

/**
 * Resolves once the page's copy of the screen has been painted and the browser has timed that paint
 * (its first largest-contentful-paint entry, else first-contentful-paint), so that replacing it cannot
 * take that paint's place: the element's code may well arrive before the page's first frame (a cache, a
 * fast network). At once when nothing of it can be painted (a hidden page, a hidden copy); after a
 * second at the latest.
 */
function placeholderPainted(element: HTMLElement): Promise<void> {
  const copy = element.querySelector(PLACEHOLDER)!;
  const types = globalThis.PerformanceObserver?.supportedEntryTypes ?? [];
  const type = types.includes('largest-contentful-paint') ? 'largest-contentful-paint' : types.includes('paint') ? 'paint' : null;
  if (!type || document.visibilityState !== 'visible' || copy.checkVisibility?.({ visibilityProperty: true }) === false)
    return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (type === 'largest-contentful-paint' || list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    observer.observe({ type, buffered: true });
    const timer = setTimeout(done, 1000);
  });
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
