import { SEO_LIMITS } from '@abp/contracts';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useProjects } from '../api/get-projects';
import { seoKeys } from '../api/query-keys';
import { useProjectQuickActions } from '../hooks/use-project-actions';
import { DeleteProjectDialog, type DeleteTarget, type Notify } from './projects/delete-project-dialog';
import { ProjectCard } from './projects/project-card';
import { ProjectSidePanel } from './projects/project-side-panel';

const NEW_PROJECT = '/seo-suite/wizard?new=1';

/** SEO Projects: cards two per row, bulk delete, the side panel and the delete dialog (spec §2.5). */
export function SeoProjectsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const projects = useProjects();
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [bulkMode, setBulkMode] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [deleteTarget, setDeleteTarget] = useState<DeleteTarget | null>(null);
  // This screen's notifications stay 6 s (the app's default is 5 s).
  const notify: Notify = useCallback(
    (message, variant) => enqueueSnackbar(message, { variant, autoHideDuration: SEO_LIMITS.listNotificationHideMs }),
    [enqueueSnackbar],
  );
  const quick = useProjectQuickActions(notify);
  const list = projects.data ?? [];
  const details = list.find((p) => p.id === detailsId) ?? null;

  useEffect(() => {
    if (projects.isError) notify('Failed to load SEO projects', 'error');
  }, [projects.isError, projects.errorUpdatedAt, notify]);

  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onBulkButton = () => {
    if (!bulkMode) setBulkMode(true);
    else if (selected.size === 0) setBulkMode(false);
    else setDeleteTarget({ kind: 'bulk', projects: list.filter((p) => selected.has(p.id)) });
  };
  const closeDialog = useCallback(() => setDeleteTarget(null), []);
  const afterDelete = () => {
    setDeleteTarget(null);
    setSelected(new Set());
    setBulkMode(false);
    setDetailsId(null);
    void queryClient.invalidateQueries({ queryKey: seoKeys.all });
  };
  const bulkLabel = !bulkMode ? 'Bulk Delete' : selected.size === 0 ? 'Cancel' : `Delete ${selected.size} Selected`;

  return (
    <>
      <PageHeader
        title="SEO Projects"
        actions={
          <>
            {list.length > 0 && (
              <Button
                variant="outlined"
                color={bulkMode && selected.size > 0 ? 'error' : 'primary'}
                onClick={onBulkButton}
              >
                {bulkLabel}
              </Button>
            )}
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => void navigate(NEW_PROJECT)}>
              New SEO Project
            </Button>
          </>
        }
      />
      {projects.isPending && <CircularProgress aria-label="Loading SEO projects" />}
      {projects.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void projects.refetch()}>
              Retry
            </Button>
          }
        >
          Failed to load SEO projects
        </Alert>
      )}
      {projects.isSuccess && list.length === 0 && (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
          <Typography variant="h6" component="h2" gutterBottom>
            No SEO projects yet
          </Typography>
          <Button variant="contained" onClick={() => void navigate(NEW_PROJECT)}>
            Create First Project
          </Button>
        </Paper>
      )}
      {list.length > 0 && (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 8 }}>
            {bulkMode && (
              <Alert severity="info" sx={{ mb: 2 }}>
                Select the projects to delete.
              </Alert>
            )}
            {/* As many columns as leave a card 300 px: beside the side panel at 900–1200 px two
                columns made cards so narrow that a name wrapped one word per line (issue #17 item 19). */}
            <Box
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))' }}
            >
              {list.map((project) => (
                <Box key={project.id}>
                  <ProjectCard
                    project={project}
                    bulkMode={bulkMode}
                    checked={selected.has(project.id)}
                    highlighted={project.id === detailsId}
                    onOpen={() => void navigate(`/seo-suite/wizard?projectId=${project.id}`)}
                    onToggle={() => toggle(project.id)}
                    onShowDetails={() => setDetailsId(project.id)}
                  />
                </Box>
              ))}
            </Box>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <ProjectSidePanel
              project={details}
              busy={quick.busy}
              onGenerateKeywords={() => details && void quick.runKeywords(details)}
              onCreateOutline={() => details && void quick.runOutline(details)}
              onDelete={() => details && setDeleteTarget({ kind: 'single', project: details })}
            />
          </Grid>
        </Grid>
      )}
      <DeleteProjectDialog target={deleteTarget} notify={notify} onClose={closeDialog} onDeleted={afterDelete} />
    </>
  );
}
