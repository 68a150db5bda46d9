// Writes custom-elements.json (the Custom Elements Manifest schema 2.1) from src/elements/specs.ts,
// the single description of each element's attributes, properties, events and styling hooks.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AttributeType, ElementDescription } from '../src/elements/describe';
import { ELEMENTS } from '../src/elements/specs';
import { CSS_PARTS, CSS_PROPERTIES, PARTS_BY_TAG } from '../src/app/shell/styling';

/** `{ enum: ['light', 'dark'] }` → `'light' | 'dark'`. */
const typeText = (type: AttributeType) => (typeof type === 'string' ? type : type.enum.map((value) => `'${value}'`).join(' | '));

function declaration(spec: ElementDescription) {
  const attributes = Object.entries(spec.attributes);
  return {
    kind: 'class',
    name: spec.className,
    tagName: spec.tag,
    customElement: true,
    description: spec.description,
    superclass: { name: 'HTMLElement' },
    attributes: attributes.map(([property, a]) => ({
      name: a.attribute,
      fieldName: property,
      type: { text: typeText(a.type) },
      description: a.description,
      ...(a.default !== undefined ? { default: JSON.stringify(a.default) } : {}),
    })),
    members: [
      ...attributes.map(([property, a]) => ({
        kind: 'field',
        name: property,
        type: { text: `${typeText(a.type)} | undefined` },
        attribute: a.attribute,
        description: a.description,
      })),
      ...Object.entries(spec.properties).map(([name, p]) => ({ kind: 'field', name, type: { text: p.type }, description: p.description })),
    ],
    events: Object.entries(spec.events).map(([name, e]) => ({
      name,
      type: { text: `CustomEvent<${e.detailType}>` },
      description: e.description,
    })),
    // The styling hooks come from styling.ts (kept out of the descriptions so the entry stays small).
    cssParts: PARTS_BY_TAG[spec.tag as keyof typeof PARTS_BY_TAG].map((name) => CSS_PARTS[name]),
    cssProperties: Object.values(CSS_PROPERTIES).map(({ name, syntax, description, default: value }) => ({
      name,
      syntax,
      description,
      default: value,
    })),
  };
}

// The classes are created in define.ts from the descriptions: one module declares all three.
const MODULE = 'src/elements/define.ts';
const manifest = {
  schemaVersion: '2.1.0',
  readme: 'README.md',
  modules: [
    {
      kind: 'javascript-module',
      path: MODULE,
      declarations: ELEMENTS.map(declaration),
      exports: ELEMENTS.map((spec) => ({
        kind: 'custom-element-definition',
        name: spec.tag,
        declaration: { name: spec.className, module: MODULE },
      })),
    },
  ],
};

writeFileSync(join(import.meta.dirname, '..', 'custom-elements.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log('custom-elements.json written');
