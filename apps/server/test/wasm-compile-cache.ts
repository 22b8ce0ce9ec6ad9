import { createHash } from 'node:crypto';

/**
 * Each test file opens its own PGlite database, and each open compiles the PostGIS library
 * (17 MB of WebAssembly) again: about a second of CPU per file. The files of a worker share one
 * process (vitest.config.ts), so here the compiled module is kept per library and only
 * instantiated for each database, as a browser's code cache would do. Instances, memory and
 * state stay separate; only the compiled code is shared.
 */

// The server's TypeScript settings carry no WebAssembly types: the part used here.
type CompiledModule = object;
interface WebAssemblyApi {
  Module: abstract new (...args: never[]) => CompiledModule;
  compile(bytes: Uint8Array): Promise<CompiledModule>;
  instantiate: ((source: unknown, imports?: object) => Promise<unknown>) & { onceCompiled?: boolean };
}

const wasm = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;
const LARGE = 1_000_000;
const compiled = new Map<string, Promise<CompiledModule>>();
const instantiate = wasm.instantiate.bind(wasm);

async function instantiateOnceCompiled(source: unknown, imports?: object): Promise<unknown> {
  const bytes = ArrayBuffer.isView(source)
    ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength)
    : source instanceof ArrayBuffer
      ? new Uint8Array(source)
      : null;
  if (!bytes || bytes.byteLength < LARGE) return instantiate(source, imports);
  const key = createHash('sha1').update(bytes).digest('hex');
  let module = compiled.get(key);
  if (!module) {
    module = wasm.compile(bytes);
    compiled.set(key, module);
  }
  const ready = await module;
  // Given a compiled module, instantiate answers with the instance alone.
  return { module: ready, instance: await instantiate(ready, imports) };
}

if (!wasm.instantiate.onceCompiled) wasm.instantiate = Object.assign(instantiateOnceCompiled, { onceCompiled: true });
