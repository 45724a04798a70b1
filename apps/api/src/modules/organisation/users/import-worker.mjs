// The import worker's entry. It is JavaScript so that a worker thread can start it the same way under `tsx src/main.ts`
// (npm start), vitest and anything else; it then loads the TypeScript worker through tsx's scoped loader.
import { tsImport } from 'tsx/esm/api';

await tsImport('./import-worker.ts', import.meta.url);
