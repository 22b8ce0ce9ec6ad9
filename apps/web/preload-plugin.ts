import type { Plugin } from 'vite';

type ResolveDependencies = (file: string, deps: string[], context: { hostType: 'html' | 'js' }) => string[];

/**
 * Every lazy import carries the list of chunks to preload with it, and Vite keeps those lists
 * in the entry chunk: JavaScript the SOS dashboard waits for. A chunk that index.html already
 * loads is in memory before any lazy import can run, so preloading it again does nothing; this
 * leaves such chunks out of the lazy imports' lists (bench:bundle measures the difference).
 */
export function preloadOnlyWhatIsMissing(): { plugin: Plugin; resolveDependencies: ResolveDependencies } {
  const loadedAtStart = new Set<string>();

  const plugin: Plugin = {
    name: 'saathi:preload-only-what-is-missing',
    apply: 'build',
    generateBundle: {
      // Before Vite writes the preload lists (vite:build-import-analysis).
      order: 'pre',
      handler(_options, bundle) {
        loadedAtStart.clear();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || loadedAtStart.has(fileName)) return;
          loadedAtStart.add(fileName);
          chunk.imports.forEach(visit);
        };
        for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
      },
    },
  };

  return {
    plugin,
    // index.html's own <link rel="modulepreload"> tags stay: they are what loads those chunks at once.
    resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => !loadedAtStart.has(dep))),
  };
}
