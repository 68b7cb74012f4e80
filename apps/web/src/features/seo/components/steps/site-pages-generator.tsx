import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SITE_PAGE_TYPES, type SeoProject, type SitePageType } from '@abp/contracts';
import { generateSitePages } from '../../api/generate-site-pages';
import { errorText } from '../../lib/errors';
import type { WizardNotify } from './step-props';

const LABELS: Record<SitePageType, string> = { home: 'Home', about: 'About', services: 'Services', resources: 'Resources', contact: 'Contact', privacy: 'Privacy Policy', terms: 'Terms of Service' };

/** The optional site-pages generator: company pages (privacy and terms become drafts for a legal review). */
export function SitePagesGenerator({ project, notify, refresh }: { project: SeoProject; notify: WizardNotify; refresh: () => Promise<void> }) {
  const [enabled, setEnabled] = useState(false);
  const [company, setCompany] = useState({ name: project.company_name, description: '', email: '', phone: '', address: '' });
  const [types, setTypes] = useState<SitePageType[]>([...SITE_PAGE_TYPES]);
  const [busy, setBusy] = useState(false);
  const field = (key: keyof typeof company, label: string, multiline = false) => (
    <TextField size="small" label={label} value={company[key]} multiline={multiline} required={key === 'name'} onChange={(e) => setCompany((c) => ({ ...c, [key]: e.target.value }))} fullWidth />
  );

  const generate = async () => {
    setBusy(true);
    try {
      const result = await generateSitePages({
        project_id: project.id,
        company_name: company.name.trim(),
        company_description: company.description,
        contact_info: { email: company.email.trim(), phone: company.phone, address: company.address },
        page_types: types,
      });
      notify(`Site pages generated successfully! Created ${result.summary.pages_generated} pages.`, 'success');
    } catch (error) {
      notify(`Error generating site pages: ${errorText(error, 'unknown error')}`, 'error');
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  return (
    <Box>
      <FormControlLabel control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />} label="Generate site pages" />
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
          <FormGroup row>
            {SITE_PAGE_TYPES.map((type) => (
              <FormControlLabel
                key={type}
                label={LABELS[type]}
                control={<Checkbox checked={types.includes(type)} onChange={(e) => setTypes((t) => (e.target.checked ? [...t, type] : t.filter((x) => x !== type)))} />}
              />
            ))}
          </FormGroup>
          <Box>
            <Button variant="outlined" disabled={busy || !company.name.trim() || types.length === 0} onClick={() => void generate()}>
              {busy ? 'Generating Site Pages…' : 'Generate Site Pages'}
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}
