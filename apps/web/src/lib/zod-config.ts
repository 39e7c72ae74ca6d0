// Zod probes for eval (new Function) when it builds a schema, to compile faster parsers; the CSP
// forbids eval and the browser reports every probe as a violation. Without eval Zod parses the
// same, a little slower. Zod keeps its settings on this global, shared by every copy of it and read
// when a schema is built: set here, before any schema, without loading zod itself, which arrives
// later with the pages that use it (issue 15). Imported first by main.tsx. zod-config.test.ts
// checks that zod still reads it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
