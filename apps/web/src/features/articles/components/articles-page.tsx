import { ARTICLE_DEFAULT_PAGE_SIZE, ARTICLE_PAGE_SIZES, type ArticleSummary } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { useSites } from '../../../lib/resources/sites';
import { useTableFits } from '../../../lib/use-table-fits';
import { useDeleteArticle } from '../api/delete-article';
import { useArticleStats } from '../api/get-article-stats';
import { useArticles } from '../api/get-articles';
import { type BulkAction, useBulkAction } from '../hooks/use-bulk-action';
import { usePublishArticle } from '../hooks/use-publish-article';
import { useSelection } from '../hooks/use-selection';
import { ArticleCards } from './article-cards';
import { ArticleFilters, type ArticleFilterValues } from './article-filters';
import { ArticleSearch } from './article-search';
import { ARTICLES_TABLE_MIN_WIDTH, ArticlesTable } from './articles-table';
import { BulkActionBar } from './bulk-action-bar';
import { BulkActionDialog } from './bulk-action-dialog';
import { EditArticleDialog } from './edit-article-dialog';
import { GenerationLogDialog } from './generation-log-dialog';
import { QualityGateDialog } from './quality-gate-dialog';
import { StatusOverview } from './status-overview';
import { TrendsDialog } from './trends-dialog';
import { ViewArticleDialog } from './view-article-dialog';

const NO_FILTERS: ArticleFilterValues = {
  siteId: null,
  status: null,
  sourceType: null,
  live: null,
  wordpressState: null,
};
type DialogState = { kind: 'view' | 'edit' | 'trends' | 'log'; id: number } | null;

export function ArticlesPage() {
  const isWide = useTableFits(ARTICLES_TABLE_MIN_WIDTH);
  const { enqueueSnackbar } = useSnackbar();
  // The Dashboard links here with ?live=not_live.
  const [searchParams, setSearchParams] = useSearchParams();
  // The text search lives in the address (?q=), so a search can be bookmarked and comes back with Back.
  const search = searchParams.get('q') ?? '';
  const [filters, setFilters] = useState<ArticleFilterValues>(() => {
    const live = searchParams.get('live');
    return { ...NO_FILTERS, live: live === 'live' || live === 'not_live' ? live : null };
  });
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(ARTICLE_DEFAULT_PAGE_SIZE);
  // ?view=<id> opens an article (a job page's results link to their articles: issue #37); ?edit=<id>
  // opens it in the editor (the Review inbox's Edit, issue #33).
  const [dialog, setDialog] = useState<DialogState>(() => {
    const view = Number(searchParams.get('view'));
    const edit = Number(searchParams.get('edit'));
    if (Number.isSafeInteger(edit) && edit > 0) return { kind: 'edit', id: edit };
    return Number.isSafeInteger(view) && view > 0 ? { kind: 'view', id: view } : null;
  });
  const [toDelete, setToDelete] = useState<{ article: ArticleSummary; open: boolean } | null>(null);
  // Issue #18 item 7: the post stays on WordPress unless the operator asks to trash it, each time.
  const [trashPost, setTrashPost] = useState(false);
  const [bulkAction, setBulkAction] = useState<BulkAction | null>(null);

  const list = useArticles({
    limit: rowsPerPage,
    offset: page * rowsPerPage,
    ...(filters.siteId !== null ? { site_id: filters.siteId } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.sourceType ? { source_type: filters.sourceType } : {}),
    ...(filters.live ? { live: filters.live } : {}),
    ...(filters.wordpressState ? { wordpress_state: filters.wordpressState } : {}),
    ...(search ? { q: search } : {}),
  });
  const stats = useArticleStats();
  const sites = useSites();
  const selection = useSelection();
  const publishing = usePublishArticle();
  const removeArticle = useDeleteArticle();
  const finishBulk = useCallback(() => {
    setBulkAction(null);
    selection.clear();
  }, [selection]);
  const bulk = useBulkAction(finishBulk);
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  useEffect(() => {
    if (list.isError) enqueueSnackbar('Failed to load articles', { variant: 'error' });
  }, [list.isError, list.errorUpdatedAt, enqueueSnackbar]);

  // After deletions the current page may lie past the end: step back to the last one
  // (adjusting state while rendering, React's pattern for state derived from new data).
  const lastPage = Math.max(0, Math.ceil(total / rowsPerPage) - 1);
  if (list.data && !list.isPlaceholderData && items.length === 0 && page > lastPage && total > 0) setPage(lastPage);

  const changeFilters = (next: ArticleFilterValues) => {
    setFilters(next);
    setPage(0);
    selection.clear();
  };

  const changeSearch = (next: string) => {
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next) updated.set('q', next);
        else updated.delete('q');
        return updated;
      },
      { replace: true },
    );
    setPage(0);
    selection.clear();
  };

  const startBulk = (action: BulkAction) => {
    if (selection.ids.size === 0) {
      enqueueSnackbar('Please select articles first', { variant: 'warning' });
      return;
    }
    setBulkAction(action);
  };

  const confirmDelete = async () => {
    if (!toDelete?.open) return;
    setToDelete({ ...toDelete, open: false });
    try {
      await removeArticle.mutateAsync({ id: toDelete.article.id, trashPost });
      selection.remove(toDelete.article.id);
      enqueueSnackbar('Article deleted successfully', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar('Failed to delete article', { variant: 'error' });
      // WordPress refused to trash the post: the article was kept, and this says why.
      if (isApiError(error) && error.status === 424) enqueueSnackbar(error.message, { variant: 'error' });
    }
  };

  const listProps = {
    articles: items,
    selected: selection.ids,
    progress: publishing.progress,
    onToggle: selection.toggle,
    onToggleAll: (checked: boolean) =>
      selection.setMany(
        items.map((a) => a.id),
        checked,
      ),
    onView: (a: ArticleSummary) => setDialog({ kind: 'view', id: a.id }),
    onEdit: (a: ArticleSummary) => setDialog({ kind: 'edit', id: a.id }),
    onTrends: (a: ArticleSummary) => setDialog({ kind: 'trends', id: a.id }),
    onGenerationLog: (a: ArticleSummary) => setDialog({ kind: 'log', id: a.id }),
    onDelete: (article: ArticleSummary) => {
      setTrashPost(false);
      setToDelete({ article, open: true });
    },
    onPublish: (a: ArticleSummary) => void publishing.publish({ id: a.id, siteId: a.site_id, siteName: a.site_name }),
    onSendAsDraft: (a: ArticleSummary) => void publishing.publish({ id: a.id, sendAs: 'draft' }),
  };
  const openId = (kind: NonNullable<DialogState>['kind']) => (dialog?.kind === kind ? dialog.id : null);
  const closeDialog = () => setDialog(null);

  return (
    <>
      <PageHeader title="Generated Articles" />
      <StatusOverview stats={stats.data} />
      <ArticleSearch value={search} onChange={changeSearch} />
      <ArticleFilters value={filters} sites={sites.data ?? []} onChange={changeFilters} />
      {selection.ids.size > 0 && (
        <BulkActionBar count={selection.ids.size} onAction={startBulk} onClear={selection.clear} />
      )}

      {list.isPending && (
        <Paper variant="outlined" sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
          <CircularProgress aria-label="Loading articles" />
        </Paper>
      )}
      {list.isError && !list.data && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              Retry
            </Button>
          }
        >
          Failed to load articles
        </Alert>
      )}
      {list.data && items.length === 0 && total === 0 && (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            No articles found
          </Typography>
        </Paper>
      )}
      {items.length > 0 && (isWide ? <ArticlesTable {...listProps} /> : <ArticleCards {...listProps} />)}
      {list.data && total > 0 && (
        <TablePagination
          component="div"
          count={total}
          page={page}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={[...ARTICLE_PAGE_SIZES]}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setRowsPerPage(Number(event.target.value));
            setPage(0);
          }}
        />
      )}

      <ViewArticleDialog
        articleId={openId('view')}
        progress={dialog?.kind === 'view' ? publishing.progress[dialog.id] : undefined}
        onPublish={(article, sendAs) => void publishing.publish({ id: article.id, sendAs })}
        onClose={closeDialog}
      />
      <EditArticleDialog articleId={openId('edit')} onPublish={publishing.publish} onClose={closeDialog} />
      <TrendsDialog articleId={openId('trends')} onClose={closeDialog} />
      <GenerationLogDialog articleId={openId('log')} onClose={closeDialog} />
      <QualityGateDialog
        report={publishing.conflict?.report ?? null}
        onPublishAnyway={() => void publishing.publishAnyway()}
        onCancel={publishing.dismissConflict}
      />
      <BulkActionDialog
        action={bulkAction}
        count={selection.ids.size}
        run={bulk.run}
        onConfirm={(options) => bulkAction && void bulk.start(bulkAction, [...selection.ids], items, options)}
        onCancel={() => setBulkAction(null)}
        onPublishAnyway={bulk.publishAnyway}
        onClose={bulk.close}
      />
      <ConfirmDialog
        open={toDelete?.open ?? false}
        title="Delete Article"
        message="Are you sure you want to delete this article?"
        confirmLabel="Delete"
        confirmColor="error"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete((d) => (d ? { ...d, open: false } : d))}
      >
        {toDelete?.article.wordpress_post_id != null && (
          <>
            <Typography variant="body2" sx={{ mt: 1.5 }}>
              {trashPost
                ? 'Its WordPress post goes to the WordPress trash, where it can be restored.'
                : 'Its WordPress post stays on the site.'}
            </Typography>
            <FormControlLabel
              control={<Checkbox checked={trashPost} onChange={(event) => setTrashPost(event.target.checked)} />}
              label="Also move its WordPress post to the trash"
            />
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
