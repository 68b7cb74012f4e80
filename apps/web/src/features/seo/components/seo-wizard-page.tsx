import { PageHeader } from '../../../components/page-header';

/** Heading only for now; the screen's content arrives with its own issue. */
export function SeoWizardPage() {
  return <PageHeader title="Full SEO Suite Wizard" />;
}
