import { sessionFor } from '../app/config/sessions';
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
    static readonly observedAttributes = [...byAttribute.keys(), 'dir', KEY_ATTRIBUTE];

    static {
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
      upgradeProperties(this, [...attributes.map(([property]) => property), 'apiKey']);
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
      this.#root?.render({ ...this.#values, container: this.shadowRoot!, direction: this.getAttribute('dir')?.trim().toLowerCase() === 'rtl' ? 'rtl' : 'ltr' });
    }
  }

  return KitElement;
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
