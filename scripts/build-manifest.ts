// Writes custom-elements.json (the Custom Elements Manifest schema 2.1) from src/elements/specs.ts,
// the single description of the elements' attributes, properties and events, and from
// src/elements/styling.ts (their CSS custom properties and parts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_KEY_PROPERTY, ELEMENT_SPECS } from '../src/elements/specs';
import { CSS_PARTS, CSS_PROPERTIES, PARTS_BY_TAG } from '../src/elements/styling';

const manifest = {
  schemaVersion: '2.1.0',
  readme: 'README.md',
  modules: ELEMENT_SPECS.map((spec) => ({
    kind: 'javascript-module',
    path: `src/elements/${spec.tag}.ts`,
    declarations: [
      {
        kind: 'class',
        name: spec.className,
        tagName: spec.tag,
        customElement: true,
        description: spec.description,
        superclass: { name: 'HTMLElement' },
        attributes: spec.attributes.map((a) => ({ name: a.name, fieldName: a.property, type: { text: 'string' }, description: a.description, ...(a.default !== undefined ? { default: JSON.stringify(a.default) } : {}) })),
        members: [
          ...spec.attributes.map((a) => ({ kind: 'field', name: a.property, type: { text: 'string | undefined' }, attribute: a.name, description: a.description })),
          { kind: 'field', name: API_KEY_PROPERTY.name, type: { text: 'string | null' }, description: API_KEY_PROPERTY.description },
        ],
        events: spec.events.map((e) => ({ name: e.name, type: { text: `CustomEvent<${e.detail}>` }, description: e.description })),
        cssProperties: Object.values(CSS_PROPERTIES).map(({ name, syntax, description, default: value }) => ({ name, syntax, description, default: value })),
        cssParts: PARTS_BY_TAG[spec.tag].map((name) => CSS_PARTS[name]),
      },
    ],
    exports: [{ kind: 'custom-element-definition', name: spec.tag, declaration: { name: spec.className, module: `src/elements/${spec.tag}.ts` } }],
  })),
};

writeFileSync(join(import.meta.dirname, '..', 'custom-elements.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log('custom-elements.json written');
