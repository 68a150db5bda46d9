// Build plugins that shape how the browser fetches the kit's chunks: a phone on a slow network pays a
// round trip for every chunk it discovers only after another one has arrived.
import { dirname, join, relative } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type Chunk = Rolldown.OutputChunk;

const chunksOf = (bundle: Rolldown.OutputBundle) => Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk');

/** The path one chunk imports another by. */
const importPath = (from: Chunk, fileName: string) => `./${relative(dirname(from.fileName), fileName).replaceAll('\\', '/')}`;

/**
 * `chunkName` carries its own copy of rolldown's runtime helpers (CommonJS interop, under 1 KB) instead
 * of importing them from the `rolldown-runtime` chunk, which rolldown always emits on its own once
 * chunks are grouped by hand. A page that needs only that chunk then downloads it alone: a request for
 * the helpers, made next to it, would share the bandwidth with it on a slow network. The helpers hold
 * no state, so the other chunks keep importing the shared copy.
 */
export function runtimeHelpersInto(chunkName: string): Plugin {
  return {
    name: 'vp-runtime-helpers-into',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const runtime = chunks.find((chunk) => chunk.name === 'rolldown-runtime');
      const target = chunks.find((chunk) => chunk.name === chunkName);
      if (!runtime || !target?.imports.includes(runtime.fileName)) return;
      const exported = /export\s*\{([^}]*)\};?\s*$/.exec(runtime.code);
      const imported = new RegExp(
        `import\\s*\\{([^}]*)\\}\\s*from\\s*"${importPath(target, runtime.fileName).replaceAll('.', '\\.')}";?`,
      ).exec(target.code);
      if (runtime.imports.length || !exported || !imported)
        throw new Error(
          `vp-runtime-helpers-into: the shape of ${runtime.fileName} or of its import in ${target.fileName} is not the one expected`,
        );
      // `export{c as n,o as t}` → `{n:c,t:o}`; `import{n as e,t}` → `{n:e,t}`.
      const pairs = (list: string, flip: boolean) =>
        list
          .split(',')
          .map((item) => item.trim().split(/\s+as\s+/))
          .map(([name, alias]) => (alias ? (flip ? `${alias}:${name}` : `${name}:${alias}`) : name))
          .join(',');
      const helpers = `const{${pairs(imported[1]!, false)}}=(()=>{${runtime.code.slice(0, exported.index)}return{${pairs(exported[1]!, true)}}})();`;
      target.code = target.code.replace(imported[0], () => helpers);
      target.imports = target.imports.filter((fileName) => fileName !== runtime.fileName);
    },
  };
}

/**
 * Every chunk imports all the chunks it needs, not only those it uses itself (what Rollup's
 * `hoistTransitiveImports` does; rolldown does not implement it yet). The browser learns a module's
 * imports when that module has arrived: without this, a chain of imports is a chain of round trips.
 * The imports are added after the chunk's own: those chunks have run by then, so the order the modules
 * run in does not change.
 */
export function flattenImports(): Plugin {
  return {
    name: 'vp-flatten-imports',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(chunksOf(bundle).map((chunk) => [chunk.fileName, chunk]));
      const needed = (fileName: string, into = new Set<string>()): Set<string> => {
        for (const imported of chunks.get(fileName)?.imports ?? []) if (!into.has(imported)) needed(imported, into.add(imported));
        return into;
      };
      for (const chunk of chunks.values()) {
        const added = [...needed(chunk.fileName)].filter((fileName) => !chunk.imports.includes(fileName));
        chunk.code += added.map((fileName) => `import${JSON.stringify(importPath(chunk, fileName))};`).join('');
        chunk.imports.push(...added);
      }
    },
  };
}

/**
 * The entry imports no chunk: a page with the script and no element downloads the entry alone. When
 * an element's code is asked for (first connect, `loadElement`), every chunk it needs is hinted at once
 * (`<link rel="modulepreload">`, with the page's script nonce for a strict CSP) next to the dynamic
 * import, so its shared chunks do not wait for the element's own small chunk to arrive and name them.
 * Run after `flattenImports`, whose import lists are complete.
 */
export function preloadElementChunks(): Plugin {
  return {
    name: 'vp-preload-element-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(chunksOf(bundle).map((chunk) => [chunk.fileName, chunk]));
      for (const entry of [...chunks.values()].filter((chunk) => chunk.isEntry)) {
        if (entry.imports.length)
          throw new Error(`vp-preload-element-chunks: the entry ${entry.fileName} statically imports ${entry.imports.join(', ')}`);
        let hinted = 0;
        entry.code = entry.code.replace(/\bimport\(\s*([`"'])(\.\/[^`"'$]+)\1\s*\)/g, (call: string, _quote: string, path: string) => {
          const target = chunks.get(join(dirname(entry.fileName), path).replaceAll('\\', '/'));
          if (!target) return call;
          hinted++;
          const files = [target.fileName, ...target.imports].map((fileName) => importPath(entry, fileName));
          return `(__vpPreload(${JSON.stringify(files)}),${call})`;
        });
        // Before the sourceMappingURL comment a sourcemap build ends with: after it, it would be commented out.
        if (hinted)
          entry.code = entry.code.replace(/(\n\/\/# sourceMappingURL=[^\n]*\n?)?$/, (comment = '') => `\n${PRELOAD_HELPER}${comment}`);
      }
    },
  };
}

/**
 * Appended to the entry: a function declaration, hoisted, as the elements already on the page connect
 * while the entry runs (a `const` there would not be initialised yet). Each file is hinted once.
 */
const PRELOAD_HELPER = `function __vpPreload(files){const done=(__vpPreload.done??=new Set),nonce=document.querySelector("script[nonce]")?.nonce;for(const file of files){const href=new URL(file,import.meta.url).href;if(done.has(href))continue;done.add(href);const link=document.createElement("link");link.rel="modulepreload";link.href=href;if(nonce)link.nonce=nonce;document.head.append(link)}}`;
