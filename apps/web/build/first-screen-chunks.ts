import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Packages whose entry module only re-exports (a "barrel"): following all its imports would make every screen that
 * imports one name from it depend on the whole package, so for these the names a module imports are followed.
 */
const isBarrel = (source: string) => /^@mantine\/[\w-]+$|^@tabler\/icons-react$/.test(source);
const BARREL_FILE =
  /node_modules[\\/](@mantine[\\/][\w-]+[\\/]esm[\\/]index|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react)\.mjs$/;

const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const NAMED_REEXPORT = /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const LOCAL_EXPORT = /export\s*\{([^}]*)\}\s*;?\s*(?!from)/g;
const OTHER_IMPORT = /import\s+(?:\*\s+as\s+\w+|\w+)\s*(?:,\s*\{[^}]*\})?\s*from\s*["']([^"']+)["']/g;

/** `a`, `a as b`, `type a` of an import or export list, as [name in the list's source, name on this side]. */
function specifiers(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [from, as] = part.split(/\s+as\s+/);
      return [from ?? part, as ?? from ?? part];
    });
}

/** A barrel's exported names mapped to the files that define them. */
function barrelExports(code: string, file: string): Map<string, string> {
  const target = (source: string) => path.resolve(path.dirname(file), source);
  const locals = new Map<string, string>();
  for (const [, list = '', source = ''] of code.matchAll(NAMED_IMPORT)) {
    for (const [, local] of specifiers(list)) locals.set(local, target(source));
  }
  const exports = new Map<string, string>();
  for (const [, list = '', source = ''] of code.matchAll(NAMED_REEXPORT)) {
    for (const [, exported] of specifiers(list)) exports.set(exported, target(source));
  }
  const withoutReexports = code.replace(NAMED_REEXPORT, '');
  for (const [, list = ''] of withoutReexports.matchAll(LOCAL_EXPORT)) {
    for (const [local, exported] of specifiers(list)) {
      const file = locals.get(local);
      if (file) exports.set(exported, file);
    }
  }
  return exports;
}

/**
 * The modules each first screen needs, as few files (issue 11). Left to itself the bundler cuts the code the pages
 * share into dozens of small chunks (60 files for the sign-in page), each a request of its own and each compressed
 * apart, which costs bytes. Once the module graph is known, the static imports of each screen's modules are
 * followed (through a barrel, only to the names imported from it); what the entry does not already hold goes into
 * one chunk per screen, and what several screens need into one chunk they share. Every such set holds its own
 * imports or finds them in the entry or the shared set, so no chunk waits on one loaded after it.
 */
export function firstScreenChunks(screens: Record<string, string[]>, entry: string, root: string) {
  const absolute = (file: string) => path.resolve(root, file);
  /** Per module, the names it imports from each barrel package; null when it imports the package otherwise. */
  const barrelNames = new Map<string, Map<string, Set<string> | null>>();
  const barrelIds = new Map<string, string>();
  const exportsOf = new Map<string, Map<string, string>>();
  const sets = new Map<string, Set<string>>();

  const plugin: Plugin = {
    name: 'kampus-first-screen-chunks',
    apply: 'build',
    async transform(code, id) {
      if (BARREL_FILE.test(id)) exportsOf.set(id, barrelExports(code, id));
      const names = new Map<string, Set<string> | null>();
      for (const [, list = '', source = ''] of code.matchAll(NAMED_IMPORT)) {
        if (!isBarrel(source)) continue;
        const known = names.get(source);
        if (known === null) continue;
        const set = known ?? new Set<string>();
        for (const [name] of specifiers(list)) set.add(name);
        names.set(source, set);
      }
      for (const [, source = ''] of code.matchAll(OTHER_IMPORT)) if (isBarrel(source)) names.set(source, null);
      for (const source of names.keys()) {
        if (barrelIds.has(source)) continue;
        const resolved = await this.resolve(source, id);
        if (resolved) barrelIds.set(source, resolved.id);
      }
      if (names.size > 0) barrelNames.set(id, names);
      return null;
    },
    buildEnd() {
      const barrelOf = new Map([...barrelIds].map(([source, id]) => [id, source]));
      const edges = (id: string): string[] => {
        const imported = this.getModuleInfo(id)?.importedIds ?? [];
        return imported.flatMap((next) => {
          const source = barrelOf.get(next);
          if (!source) return [next];
          const names = barrelNames.get(id)?.get(source);
          const files = names ? [...names].map((name) => exportsOf.get(next)?.get(name)) : null;
          // A name not found in the barrel (or a namespace import) falls back to the whole barrel.
          if (!files || files.some((file) => file === undefined)) return this.getModuleInfo(next)?.importedIds ?? [];
          return files as string[];
        });
      };
      const closure = (roots: string[]) => {
        const seen = new Set(roots);
        const parent = new Map<string, string>();
        for (const id of seen)
          for (const next of edges(id)) {
            if (!seen.has(next)) parent.set(next, id);
            seen.add(next);
          }
        const probe = process.env.DEBUG_FIRST_SCREENS;
        if (probe)
          for (const id of seen)
            if (id.includes(probe)) {
              const chain = [id];
              for (let at = parent.get(id); at; at = parent.get(at)) chain.push(at);
              console.log(chain.map((c) => c.replace(/.*node_modules\//, '')).join('\n  <- '));
            }
        return seen;
      };
      const inEntry = closure([absolute(entry)]);
      const needs = Object.entries(screens).map(
        ([name, files]) => [name, new Set([...closure(files.map(absolute))].filter((id) => !inEntry.has(id)))] as const,
      );
      const counts = new Map<string, number>();
      for (const [, ids] of needs) for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
      sets.clear();
      sets.set('first-screens', new Set([...counts].filter(([, n]) => n > 1).map(([id]) => id)));
      for (const [name, ids] of needs) sets.set(name, new Set([...ids].filter((id) => counts.get(id) === 1)));
    },
    generateBundle(_, bundle) {
      // The entry must not import a screen's chunk: that would mean a module of it was missed above.
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const screenChunk = chunk.imports.find((file) =>
          sets.has(file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '')),
        );
        if (screenChunk) this.error(`The entry imports ${screenChunk}, a first screen's chunk.`);
      }
    },
  };
  const groups = ['first-screens', ...Object.keys(screens)].map((name, index) => ({
    name,
    test: (id: string) => sets.get(name)?.has(id) ?? false,
    priority: 100 - index,
    includeDependenciesRecursively: false,
  }));
  return { plugin, groups };
}
