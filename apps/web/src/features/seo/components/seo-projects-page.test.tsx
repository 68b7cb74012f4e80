import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeAuthApi } from '../../../test/auth-api';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { createFakeSeoApi, makeProject } from '../testing/fake-seo-api';

function showProjects(api: ReturnType<typeof createFakeSeoApi>) {
  server.use(...createFakeAuthApi({ authenticated: true }).handlers, ...api.handlers);
  return renderApp({ path: '/seo-suite' });
}

describe('SEO Projects screen', () => {
  it('shows the empty state with Create First Project', async () => {
    showProjects(createFakeSeoApi());
    expect(await screen.findByText('No SEO projects yet', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create First Project' })).toBeInTheDocument();
  });

  it('shows each card with its wizard step in words, progress by the spec formula and article counts', async () => {
    showProjects(
      createFakeSeoApi({
        projects: [
          makeProject({
            id: 1,
            project_name: 'Coffee',
            current_phase: 2,
            progress_percentage: 50,
            status: 'phase2',
            articles_generated: 3,
            total_articles_planned: 12,
            wizard_step: 5,
            wizard_step_name: 'Content Generation',
          }),
        ],
      }),
    );
    const card = await screen.findByTestId('seo-project-1', {}, { timeout: 15_000 });
    // (2 − 1) / 3 × 100 + 50 / 3 = 50
    // Issue #37 item 8: the seven-step wizard's step by name, not "Phase 2/3" nor "phase2".
    expect(within(card).getByText('Step 5 of 7: Content Generation')).toBeInTheDocument();
    expect(within(card).getByText('50%')).toBeInTheDocument();
    expect(within(card).getByText('3/12 articles')).toBeInTheDocument();
    expect(within(card).getByText('In progress')).toBeInTheDocument();
    expect(within(card).queryByText('phase2')).not.toBeInTheDocument();
  });

  it('bulk delete: Bulk Delete → Cancel → Delete N Selected, then deletes and reports', async () => {
    const api = createFakeSeoApi({ projects: [makeProject({ id: 1 }), makeProject({ id: 2 })] });
    const { user } = showProjects(api);
    await user.click(await screen.findByRole('button', { name: 'Bulk Delete' }, { timeout: 15_000 }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select Project 1' }));
    await user.click(screen.getByRole('button', { name: 'Select Project 2' }));
    await user.click(screen.getByRole('button', { name: 'Delete 2 Selected' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Delete generated articles from database')).toBeChecked();
    expect(within(dialog).getByLabelText('Delete published WordPress posts (if applicable)')).not.toBeChecked();
    expect(within(dialog).getByLabelText('Force delete (override validation for active projects)')).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Projects' }));
    expect(await screen.findByText('Successfully deleted 2 projects')).toBeInTheDocument();
    expect(api.state.bodies['delete-projects']![0]).toEqual({
      projectIds: [1, 2],
      deleteGeneratedArticles: true,
      deleteWordPressPosts: false,
      deletePermanently: false,
      force: false,
    });
    expect(await screen.findByText('No SEO projects yet')).toBeInTheDocument();
  });

  it('single delete: impact counts, the active-project advice, then the two-phase confirmation', async () => {
    const api = createFakeSeoApi({ projects: [makeProject({ id: 7, project_name: 'Coffee' })], active: true });
    const { user } = showProjects(api);
    await user.click(await screen.findByRole('button', { name: 'Show details of Coffee' }, { timeout: 15_000 }));
    const panel = screen.getByLabelText('Project details');
    expect(within(panel).getByText('Strategy & Content Architecture')).toBeInTheDocument();
    expect(within(panel).getByText('SEO & Pre-Publish Optimization')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Delete Project' }));
    const dialog = await screen.findByRole('dialog');
    const impact = await within(dialog).findByLabelText('Deletion impact');
    expect(within(impact).getByText('SEO Articles').nextSibling).toHaveTextContent('9');
    expect(within(impact).getByText('Keywords').nextSibling).toHaveTextContent('21');
    // Issue #18 item 7: what WordPress holds for the project, counted before confirming.
    expect(within(impact).getByText('WordPress Posts').nextSibling).toHaveTextContent('3');
    expect(within(impact).getByText('WordPress Pages').nextSibling).toHaveTextContent('2');
    expect(within(impact).getByText('WordPress Images').nextSibling).toHaveTextContent('3');
    expect(
      within(dialog).queryByLabelText('Delete them permanently instead of moving them to the WordPress trash'),
    ).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Delete published WordPress posts (if applicable)'));
    expect(
      within(dialog).getByText(/^The posts and pages go to the WordPress trash, where they can be restored/),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByLabelText('Delete them permanently instead of moving them to the WordPress trash'),
    ).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Delete Project' }));
    expect(
      await screen.findByText('Project is currently active. Check "Force delete" to override validation.'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('Force delete (override validation for active projects)'));
    await user.click(within(dialog).getByRole('button', { name: 'Delete Project' }));
    expect(await screen.findByText('Review the deletion details and confirm to proceed')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Confirmation received. Click "Confirm Delete" to proceed with deletion.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Delete' }));
    expect(await screen.findByText('Project deleted successfully')).toBeInTheDocument();
    expect(api.state.bodies.delete!.at(-1)).toMatchObject({
      confirmationToken: 'tok',
      force: true,
      deleteGeneratedArticles: true,
      deleteWordPressPosts: true,
      deletePermanently: false,
    });
    await waitFor(() => expect(screen.getByText('No SEO projects yet')).toBeInTheDocument());
  });
});
