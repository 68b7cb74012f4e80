import type { Site, SiteCreateInput } from '@abp/contracts';

/** The dialog's fields; the password stays empty on edit unless the operator types a new one. */
export interface SiteFormValues {
  name: string;
  url: string;
  username: string;
  password: string;
  is_active: boolean;
  content_persona: string;
  /** The site's default publishing policy (issue #33) and its preview switch. */
  publish_policy: { mode: 'auto' | 'hold' | 'delay'; delay_hours?: number | null };
  send_held_as_draft: boolean;
}

export const SITE_FORM_FIELDS = [
  'name',
  'url',
  'username',
  'password',
  'is_active',
  'content_persona',
  'publish_policy',
  'send_held_as_draft',
] as const;

export const EMPTY_SITE_FORM: SiteFormValues = {
  name: '',
  url: '',
  username: '',
  password: '',
  is_active: true,
  content_persona: '',
  publish_policy: { mode: 'auto', delay_hours: null },
  send_held_as_draft: false,
};

export function siteToForm(site: Site): SiteFormValues {
  return {
    name: site.name,
    url: site.url,
    username: site.username,
    password: '',
    is_active: site.is_active,
    content_persona: site.content_persona,
    publish_policy: site.publish_policy,
    send_held_as_draft: site.send_held_as_draft,
  };
}

/** The full body of PUT /api/sites/{id} for a change of one field (the password kept). */
export function siteToBody(site: Site, changes: Partial<SiteCreateInput> = {}): SiteCreateInput {
  return { ...siteToForm(site), ...changes };
}

/** Spec §5: name, URL and username always; the password only when adding. */
export function requiredFieldsFilled(
  values: Pick<SiteFormValues, 'name' | 'url' | 'username' | 'password'>,
  editing: boolean,
): boolean {
  const filled = (v: string) => v.trim().length > 0;
  return filled(values.name) && filled(values.url) && filled(values.username) && (editing || filled(values.password));
}

/** Server field names come as "body.url" (validation) or "url" (rules): the form wants "url". */
export function formFieldOf(serverField: string): (typeof SITE_FORM_FIELDS)[number] | null {
  // publish_policy.delay_hours and .mode are shown on the policy field.
  const name = serverField.replace(/^body\./, '').replace(/^publish_policy\..*$/, 'publish_policy');
  return (SITE_FORM_FIELDS as readonly string[]).includes(name) ? (name as (typeof SITE_FORM_FIELDS)[number]) : null;
}

/**
 * What the dialog sends: the policy fields only when they differ from what the site has (a new
 * site: from the defaults), so a save that did not touch them sends what it always sent.
 */
export function siteFormBody(
  values: SiteFormValues,
  site: Site | null,
): Omit<SiteFormValues, 'publish_policy' | 'send_held_as_draft'> & Partial<SiteFormValues> {
  const { publish_policy, send_held_as_draft, ...rest } = values;
  const before = site ? siteToForm(site) : EMPTY_SITE_FORM;
  const samePolicy =
    publish_policy.mode === before.publish_policy.mode &&
    (publish_policy.mode !== 'delay' || publish_policy.delay_hours === before.publish_policy.delay_hours);
  return {
    ...rest,
    ...(samePolicy ? {} : { publish_policy }),
    ...(send_held_as_draft === before.send_held_as_draft ? {} : { send_held_as_draft }),
  };
}
