// The OpenAPI document as the tests of the document read it (a US deployment with a UK sibling), and its
// operations: method, path and operation object each.
import { buildOpenApiDocument } from '@/server/doors/rest/openapi';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const TEST_DOCUMENT_CONFIG = {
  REGION: 'us' as const,
  PUBLIC_BASE_URL: 'https://us.pais.example',
  US_BASE_URL: undefined,
  UK_BASE_URL: 'https://uk.pais.example',
};

export const testDocument = buildOpenApiDocument(TEST_DOCUMENT_CONFIG) as Json;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of the document: [method, path, operation]. */
export const documentOperations = (): [string, string, Json][] =>
  Object.entries(testDocument.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, op]) => [method, path, op as Json] as [string, string, Json]),
  );
