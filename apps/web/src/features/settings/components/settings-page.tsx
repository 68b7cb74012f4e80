import { PageHeader } from '../../../components/page-header';

/** Heading only for now; the screen's content arrives with its own issue. */
export function SettingsPage() {
  return <PageHeader title="Settings" />;
}
