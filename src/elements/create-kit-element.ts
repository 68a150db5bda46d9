import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';
import { configStore } from '../app/config/config';
import { specOf, type ElementSpec } from './specs';

// r2wc keeps its props and render function under these registered symbols.
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

type R2wcInternals = HTMLElement & { [PROPS]: Record<string, unknown>; [RENDER]: () => void; connectedCallback(): void; attributeChangedCallback(name: string, old: string | null, value: string | null): void };

/**
 * Wraps a React root as a custom element in an open shadow root (r2wc), adding what r2wc leaves out:
 * properties set before the element was defined are applied on connect (r2wc would lose them), a
 * removed or emptied attribute clears its prop (r2wc would keep the old value), and the `apiKey`
 * property hands a host's key to the page's session store.
 */
export function createKitElement(tag: ElementSpec['tag'], component: ComponentType<never>): CustomElementConstructor {
  const { attributes } = specOf(tag);
  const props = Object.fromEntries(attributes.map((a) => [a.property, 'string' as const]));
  const attributeToProperty = new Map(attributes.map((a) => [a.name, a.property]));
  const Base = r2wc(component as ComponentType<Record<string, unknown>>, { shadow: 'open', props }) as unknown as new () => R2wcInternals;

  return class KitElement extends Base {
    get apiKey(): string | null {
      return configStore.getState().apiKey;
    }
    set apiKey(key: string | null) {
      if (key && key !== configStore.getState().apiKey) configStore.signIn(key);
    }

    override connectedCallback() {
      for (const name of [...attributeToProperty.values(), 'apiKey']) {
        if (!Object.prototype.hasOwnProperty.call(this, name)) continue;
        const value = (this as unknown as Record<string, unknown>)[name];
        delete (this as unknown as Record<string, unknown>)[name];
        (this as unknown as Record<string, unknown>)[name] = value;
      }
      super.connectedCallback();
    }

    override attributeChangedCallback(name: string, old: string | null, value: string | null) {
      super.attributeChangedCallback(name, old, value);
      const property = attributeToProperty.get(name);
      if (property && !value && this[PROPS][property] !== undefined) {
        this[PROPS][property] = undefined;
        this[RENDER]();
      }
    }
  };
}
