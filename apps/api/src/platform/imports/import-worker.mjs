// The import worker's entry when the API runs from source (npm run dev, vitest): JavaScript, so a worker thread can
// start it the same way under tsx, vitest or anything else; it then loads the TypeScript worker through tsx's scoped
// loader. The production build (npm start) compiles import-worker.ts into dist/import-worker.js instead (src/paths.ts).
import { tsImport } from 'tsx/esm/api';

await tsImport('./import-worker.ts', import.meta.url);
