import { type OptimisationResponse, optimisationResponseSchema, type SeoSchemaType } from '@abp/contracts';
import { api } from '../../../lib/api-client';
import { LONG_TIMEOUT_MS } from './query-keys';

export function generateSchemaMarkup(projectId: number, schemaTypes: SeoSchemaType[]): Promise<OptimisationResponse> {
  return api.post(
    '/api/seo-suite/generate-schema-markup',
    { project_id: projectId, schema_types: schemaTypes },
    { schema: optimisationResponseSchema, timeoutMs: LONG_TIMEOUT_MS },
  );
}
