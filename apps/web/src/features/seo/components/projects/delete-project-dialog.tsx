import type { DeletePreview, SeoProject } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { deleteProject } from '../../api/delete-project';
import { deleteProjects } from '../../api/delete-projects';
import { getDeletePreview } from '../../api/get-delete-preview';
import { seoKeys } from '../../api/query-keys';
import { errorText, isActiveProjectMessage } from '../../lib/errors';
import { DEFAULT_DELETE_OPTIONS, type DeleteOptions, DeleteOptionsFields } from './delete-options';

export type Notify = (message: string, variant: 'success' | 'error' | 'warning' | 'info') => void;
export type DeleteTarget = { kind: 'single'; project: SeoProject } | { kind: 'bulk'; projects: SeoProject[] };

interface Props {
  target: DeleteTarget | null;
  notify: Notify;
  onClose: () => void;
  onDeleted: () => void;
}

const IMPACT: [keyof DeletePreview['relatedData'], string][] = [
  ['seo_project_articles', 'SEO Articles'],
  ['generated_articles', 'Generated Articles'],
  ['seo_project_logs', 'Project Logs'],
  ['keyword_research', 'Keywords'],
  ['wordpress_posts', 'WordPress Posts'],
  ['wordpress_pages', 'WordPress Pages'],
  ['wordpress_media', 'WordPress Images'],
];

/** Single delete in two phases (confirmation token), or the bulk delete of the selection. */
export function DeleteProjectDialog({ target, notify, onClose, onDeleted }: Props) {
  const key = !target
    ? 'none'
    : target.kind === 'single'
      ? `p${target.project.id}`
      : `b${target.projects.map((p) => p.id).join(',')}`;
  return (
    <Dialog open={target !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="seo-delete-title">
      {/* Keyed by the target, so the options and the token start fresh for each deletion. */}
      {target && <DeleteDialogBody key={key} target={target} notify={notify} onClose={onClose} onDeleted={onDeleted} />}
    </Dialog>
  );
}

function DeleteDialogBody({ target, notify, onClose, onDeleted }: Props & { target: DeleteTarget }) {
  const [options, setOptions] = useState<DeleteOptions>(DEFAULT_DELETE_OPTIONS);
  const [token, setToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const singleId = target.kind === 'single' ? target.project.id : null;
  // Read fresh each time the dialog opens: the counts must be current.
  const previewQuery = useQuery({
    queryKey: seoKeys.deletePreview(singleId ?? 0),
    queryFn: () => getDeletePreview(singleId!),
    enabled: singleId !== null,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  const preview = previewQuery.data ?? null;

  useEffect(() => {
    if (!previewQuery.isError) return;
    notify('Error preparing project deletion', 'error');
    onClose();
  }, [previewQuery.isError, notify, onClose]);

  const fail = (error: unknown, fallback: string) => {
    const message = errorText(error, fallback);
    notify(
      isActiveProjectMessage(message)
        ? 'Project is currently active. Check "Force delete" to override validation.'
        : `Error: ${message}`,
      'error',
    );
  };

  const run = async () => {
    setBusy(true);
    try {
      if (target.kind === 'bulk') {
        const result = await deleteProjects({ projectIds: target.projects.map((p) => p.id), ...options });
        if (result.success) notify(`Successfully deleted ${result.deleted_count} projects`, 'success');
        else notify(`Error: ${result.errors[0]?.error ?? 'Failed to delete projects'}`, 'error');
        onDeleted();
        return;
      }
      const result = await deleteProject(target.project.id, {
        ...options,
        ...(token ? { confirmationToken: token } : {}),
      });
      if (result.status === 'confirmation_required') {
        setToken(result.confirmationToken);
        notify('Review the deletion details and confirm to proceed', 'warning');
        return;
      }
      notify('Project deleted successfully', 'success');
      onDeleted();
    } catch (error) {
      fail(error, target.kind === 'bulk' ? 'Failed to delete projects' : 'Failed to delete project');
    } finally {
      setBusy(false);
    }
  };

  const title = target.kind === 'bulk' ? `Delete ${target.projects.length} Projects` : 'Delete SEO Project';
  return (
    <>
      <DialogTitle id="seo-delete-title">{title}</DialogTitle>
      <DialogContent>
        {target.kind === 'single' && (
          <>
            <Typography gutterBottom>{`Delete "${target.project.project_name}"? This cannot be undone.`}</Typography>
            {preview ? (
              <Box
                component="dl"
                sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, my: 2 }}
                aria-label="Deletion impact"
              >
                {IMPACT.map(([key, label]) => (
                  <Box key={key} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                      {preview.relatedData[key]}
                    </Typography>
                  </Box>
                ))}
              </Box>
            ) : (
              <CircularProgress size={24} aria-label="Loading deletion details" sx={{ my: 2 }} />
            )}
          </>
        )}
        {target.kind === 'bulk' && (
          <Typography
            gutterBottom
          >{`Delete the ${target.projects.length} selected projects? This cannot be undone.`}</Typography>
        )}
        <DeleteOptionsFields value={options} onChange={setOptions} disabled={busy} />
        {token && (
          <Alert severity="info" sx={{ mt: 2 }}>
            Confirmation received. Click "Confirm Delete" to proceed with deletion.
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => void run()}
          disabled={busy || (target.kind === 'single' && !preview)}
        >
          {token ? 'Confirm Delete' : target.kind === 'bulk' ? 'Delete Projects' : 'Delete Project'}
        </Button>
      </DialogActions>
    </>
  );
}
