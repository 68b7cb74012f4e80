import type { SeoPage } from '@abp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { generatePages } from '../../api/generate-pages';
import { usePublish } from '../../hooks/use-publish';
import { errorText } from '../../lib/errors';
import { summaryNotes } from '../../lib/format';
import { PageList } from './page-list';
import { PagePreviewDialog } from './page-preview-dialog';
import { type PublishConfirmation, PublishConfirmDialog } from './publish-confirm-dialog';
import { PublishProgress } from './publish-progress';
import type { StepProps } from './step-props';

/** Step 3: website pages: generate, publish or save each or all, view, refresh. */
export function PagesStep({ project, data, notify }: StepProps) {
  const [generating, setGenerating] = useState(false);
  const [preview, setPreview] = useState<SeoPage | null>(null);
  const [confirming, setConfirming] = useState<PublishConfirmation | null>(null);
  const publish = usePublish(project.id, notify, data.refresh);
  const busy = generating || publish.busy !== null;

  const generate = async () => {
    setGenerating(true);
    try {
      const result = await generatePages(project.id);
      notify(`Generated ${result.pages.length} website pages`, 'success');
      for (const note of summaryNotes(result.summary)) notify(note, 'warning');
    } catch (error) {
      notify(`Failed to generate website pages: ${errorText(error, 'unknown error')}`, 'error');
    } finally {
      setGenerating(false);
      await data.refresh();
    }
  };
  const view = (page: SeoPage) => {
    if (page.wordpress_permalink) window.open(page.wordpress_permalink, '_blank', 'noopener');
    else setPreview(page);
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Website Pages
        </Typography>
        <Button variant="contained" onClick={() => void generate()} disabled={busy || !data.outline}>
          {generating ? 'Generating Pages…' : 'Generate Website Pages'}
        </Button>
      </Box>
      {!data.outline && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Page generation needs a content outline.
        </Typography>
      )}
      {generating && <LinearProgress sx={{ mt: 2 }} aria-label="Working on pages" />}
      <Box sx={{ mt: 2 }}>
        <PublishProgress publish={publish} />
      </Box>
      {data.pages.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 2 }}>
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() =>
              setConfirming({
                kind: 'pages',
                projectId: project.id,
                titles: data.pages.map((p) => p.page_title),
                legal: data.pages.filter((p) => p.needs_legal_review).length,
              })
            }
          >
            Publish All to WordPress
          </Button>
          <Button variant="outlined" disabled={busy} onClick={() => void publish.publishPages({ status: 'draft' })}>
            Save All as Drafts
          </Button>
          <Button disabled={busy} onClick={() => void data.refresh()}>
            Refresh Pages
          </Button>
        </Box>
      )}
      <PageList
        pages={data.pages}
        busy={busy}
        onPublish={(page, status) => void publish.publishPages({ status, pageIds: [page.id] })}
        onView={view}
      />
      <PagePreviewDialog page={preview} onClose={() => setPreview(null)} />
      <PublishConfirmDialog
        confirmation={confirming}
        onConfirm={(status, updateExisting) => {
          setConfirming(null);
          void publish.publishPages({ status, updateExisting });
        }}
        onCancel={() => setConfirming(null)}
      />
    </Box>
  );
}
