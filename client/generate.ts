// Renders the typed client's types from the OpenAPI document the service serves (openapi-typescript), in the
// repository's formatting. `npm run client:generate` writes them; a test fails when the committed copy differs.
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { buildOpenApiDocument } from '@/server/doors/rest/openapi';

export const CLIENT_SCHEMA_PATH = path.join(import.meta.dirname, 'schema.d.ts');

const HEADER = `// Generated from the service's OpenAPI document by \`npm run client:generate\` (openapi-typescript).
// Do not edit: change the router, the schemas or server/doors/rest/openapi.ts and generate again.
`;

export async function renderClientSchema(): Promise<string> {
  // Servers do not appear in the types; any configuration gives the same file.
  const document = buildOpenApiDocument({
    REGION: 'us',
    PUBLIC_BASE_URL: 'http://localhost:3000',
    US_BASE_URL: undefined,
    UK_BASE_URL: undefined,
  });
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], { silent: true });
  const options = (await resolveConfig(CLIENT_SCHEMA_PATH)) ?? {};
  return format(HEADER + astToString(ast), { ...options, filepath: CLIENT_SCHEMA_PATH });
}
