import { PageHeader } from '../../../components/page-header';

/** Heading only for now; the screen's content arrives with its own issue. */
export function ManualGenerationPage() {
  return <PageHeader title="Manual Content Generation" />;
}
