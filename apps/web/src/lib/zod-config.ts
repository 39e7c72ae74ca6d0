import { z } from 'zod';

// Zod probes for eval (new Function) when it builds a schema, to compile faster parsers; the CSP
// forbids eval and the browser reports every probe as a violation. Without eval Zod parses the
// same, a little slower. Imported first by main.tsx: schemas are built while modules load.
z.config({ jitless: true });
