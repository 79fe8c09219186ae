// npm run client:generate: writes the typed REST client's types (client/schema.d.ts) from the OpenAPI document.
import { writeFile } from 'node:fs/promises';
import { CLIENT_SCHEMA_PATH, renderClientSchema } from '@/client/generate';

await writeFile(CLIENT_SCHEMA_PATH, await renderClientSchema());
console.log(`Wrote ${CLIENT_SCHEMA_PATH}`);
