import { PageHeader } from '../../../components/page-header';

/** Heading only for now; the screen's content arrives with its own issue. */
export function SitesPage() {
  return <PageHeader title="WordPress Sites" subtitle="Manage your WordPress sites for automated posting" />;
}
