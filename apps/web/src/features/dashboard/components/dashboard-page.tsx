import { PageHeader } from '../../../components/page-header';

/** Heading only for now; the screen's content arrives with its own issue. */
export function DashboardPage() {
  return <PageHeader title="Dashboard" subtitle="Monitor your automated blog posting activity and performance" />;
}
