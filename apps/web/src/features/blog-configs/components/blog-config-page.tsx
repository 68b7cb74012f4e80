import { PageHeader } from '../../../components/page-header';

/** Heading only for now; the screen's content arrives with its own issue. */
export function BlogConfigPage() {
  return <PageHeader title="Blog Configuration" subtitle="Configure posting schedules and topics for each WordPress site" />;
}
