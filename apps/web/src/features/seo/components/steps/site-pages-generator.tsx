import {
  type GenerateSitePagesRequest,
  generateSitePagesRequestSchema,
  type SeoProject,
  SITE_PAGE_TYPES,
  type SitePageType,
} from '@abp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../../components/form-text-field';
import { useContractForm } from '../../../../lib/forms/use-contract-form';
import { generateSitePages } from '../../api/generate-site-pages';
import { errorText } from '../../lib/errors';
import { summaryNotes } from '../../lib/format';
import type { WizardNotify } from './step-props';

interface SitePagesFormValues {
  name: string;
  description: string;
  email: string;
  phone: string;
  address: string;
  types: SitePageType[];
}

const FIELD_OF_PATH: Record<string, keyof SitePagesFormValues> = {
  company_name: 'name',
  company_description: 'description',
  'contact_info.email': 'email',
  'contact_info.phone': 'phone',
  'contact_info.address': 'address',
  page_types: 'types',
};

const LABELS: Record<SitePageType, string> = {
  home: 'Home',
  about: 'About',
  services: 'Services',
  resources: 'Resources',
  contact: 'Contact',
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
};

/** The optional site-pages generator: company pages (privacy and terms become drafts for a legal review). */
export function SitePagesGenerator({
  project,
  notify,
  refresh,
}: {
  project: SeoProject;
  notify: WizardNotify;
  refresh: () => Promise<void>;
}) {
  const [enabled, setEnabled] = useState(false);
  const toBody = (values: SitePagesFormValues) => ({
    project_id: project.id,
    company_name: values.name.trim(),
    company_description: values.description,
    contact_info: { email: values.email.trim(), phone: values.phone, address: values.address },
    page_types: values.types,
  });
  const { control, submitWith, markSaved } = useContractForm<SitePagesFormValues, GenerateSitePagesRequest>({
    defaultValues: {
      name: project.company_name,
      description: '',
      email: '',
      phone: '',
      address: '',
      types: [...SITE_PAGE_TYPES],
    },
    schema: generateSitePagesRequestSchema,
    toBody,
    fieldOf: (path) => FIELD_OF_PATH[path] ?? FIELD_OF_PATH[path.split('.')[0] ?? ''] ?? null,
  });
  const [name, types] = useWatch({ control, name: ['name', 'types'] });
  const [busy, setBusy] = useState(false);
  const field = (key: 'name' | 'description' | 'email' | 'phone' | 'address', label: string, multiline = false) => (
    <FormTextField
      control={control}
      name={key}
      size="small"
      label={label}
      multiline={multiline}
      required={key === 'name'}
      fullWidth
    />
  );

  const generate = submitWith(async (_body, values) => {
    setBusy(true);
    try {
      const result = await generateSitePages(toBody(values));
      notify(`Site pages generated successfully! Created ${result.summary.pages_generated} pages.`, 'success');
      // The pages were made from these values: leaving the wizard now loses nothing.
      markSaved();
      for (const note of summaryNotes(result.summary)) notify(note, 'warning');
    } catch (error) {
      notify(`Error generating site pages: ${errorText(error, 'unknown error')}`, 'error');
    } finally {
      setBusy(false);
      await refresh();
    }
  });

  return (
    <Box>
      <FormControlLabel
        control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
        label="Generate site pages"
      />
      {enabled && (
        <Box sx={{ display: 'grid', gap: 1.5, mt: 1 }}>
          {field('name', 'Company Name')}
          {field('description', 'Company Description', true)}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 1.5 }}>
            {field('email', 'Contact Email')}
            {field('phone', 'Contact Phone')}
            {field('address', 'Address')}
          </Box>
          <Typography variant="body2">Page types</Typography>
          <Controller
            name="types"
            control={control}
            render={({ field: chosen }) => (
              <FormGroup row>
                {SITE_PAGE_TYPES.map((type) => (
                  <FormControlLabel
                    key={type}
                    label={LABELS[type]}
                    control={
                      <Checkbox
                        checked={chosen.value.includes(type)}
                        onChange={(e) =>
                          chosen.onChange(
                            e.target.checked ? [...chosen.value, type] : chosen.value.filter((x) => x !== type),
                          )
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
            )}
          />
          <Box>
            <Button
              variant="outlined"
              disabled={busy || !name.trim() || types.length === 0}
              onClick={(event) => void generate(event)}
            >
              {busy ? 'Generating Site Pages…' : 'Generate Site Pages'}
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}
