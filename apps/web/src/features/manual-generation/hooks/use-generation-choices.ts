import { findPersona, TASK_TYPES } from '@abp/contracts';
import { useSites } from '../../../lib/resources/sites';
import { useBlogConfigHints } from '../api/get-blog-configs';
import { useTaskTypes } from '../api/get-task-types';

/**
 * What the Single Article and Bulk forms choose from: the sites, the task types (the built-in list
 * until the server's arrives) and each site's configured voice (its blog configuration's persona,
 * else the site's own).
 */
export function useGenerationChoices() {
  const sites = useSites();
  const taskTypes = useTaskTypes();
  const configs = useBlogConfigHints();
  // As the persona field shows it: a known persona by its name, other text as stored.
  const personaOf = (id: number | ''): string => {
    const stored =
      id === ''
        ? ''
        : configs.data?.find((c) => c.site_id === id)?.content_persona ||
          sites.data?.find((s) => s.id === id)?.content_persona ||
          '';
    return findPersona(stored)?.label ?? stored;
  };
  return { sites, taskTypes, configs, taskTypeOptions: taskTypes.data ?? [...TASK_TYPES], personaOf };
}
