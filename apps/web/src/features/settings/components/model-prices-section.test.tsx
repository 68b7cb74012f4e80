import type { ModelPrices, ModelPricesUpdate } from '@abp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderRoutes } from '../../../test/render-app';
import { modelPrices } from '../../../test/usage';
import { ModelPricesSection } from './model-prices-section';

function showSection(initial: ModelPrices = modelPrices()) {
  const puts: ModelPricesUpdate[] = [];
  let current = initial;
  server.use(
    http.get('/api/settings/prices', () => HttpResponse.json(current)),
    http.put('/api/settings/prices', async ({ request }) => {
      const body = (await request.json()) as ModelPricesUpdate;
      puts.push(body);
      if (body.prices.some((price) => price.model === 'refused')) {
        return HttpResponse.json(
          {
            error: 'Invalid request',
            code: 'validation',
            details: [{ field: 'body.prices.0.model', message: 'is not a model this server knows' }],
          },
          { status: 400 },
        );
      }
      const custom = body.prices.map((price) => ({ ...price, source: 'custom' as const }));
      current = {
        ...current,
        prices: [...custom, ...initial.prices.filter((price) => price.source === 'default')],
        current: {
          ...current.current,
          price: custom.find((price) => price.model === current.current.model) ?? current.current.price,
        },
      };
      return HttpResponse.json(current);
    }),
  );
  const view = renderRoutes([{ path: '/', element: <ModelPricesSection /> }]);
  return { ...view, puts };
}

describe('Settings → Model prices (issue #16)', () => {
  it('says what the model in use is charged at, and lists the built-in prices', async () => {
    const { user } = showSection();
    expect(
      await screen.findByText(
        /Charged now: openai\/gpt-4o-mini at \$0\.15 per million input tokens and \$0\.60 per million output tokens \(built-in price for gpt-4o-mini\)/,
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByText('Built-in prices (2)'));
    const table = screen.getByRole('table', { name: 'Built-in prices' });
    expect(within(table).getByRole('row', { name: /claude-3-5-haiku \$0\.80 \$4\.00/ })).toBeInTheDocument();
  });

  it('warns when the model in use has no price: its calls count as $0', async () => {
    showSection(modelPrices({ current: { provider: 'openai-compatible', model: 'llama3.1', price: null } }));
    expect(
      await screen.findByText(/No price is known for openai-compatible\/llama3\.1: its calls are counted at \$0/),
    ).toBeInTheDocument();
  });

  it('adds a price for the model in use and saves it as numbers', async () => {
    const { user, puts } = showSection(
      modelPrices({ current: { provider: 'openai-compatible', model: 'llama3.1', price: null } }),
    );
    await user.click(await screen.findByRole('button', { name: 'Add price' }));
    const row = screen.getByRole('group', { name: 'Price 1' });
    expect(within(row).getByRole('textbox', { name: 'Model' })).toHaveValue('llama3.1');
    await user.type(within(row).getByRole('textbox', { name: 'Input price' }), '0.2');
    await user.type(within(row).getByRole('textbox', { name: 'Output price' }), '0.45');
    await user.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByText('Model prices saved')).toBeInTheDocument();
    expect(puts).toEqual([
      {
        prices: [
          { provider: 'openai-compatible', model: 'llama3.1', input_per_million: 0.2, output_per_million: 0.45 },
        ],
      },
    ]);
    expect(
      await screen.findByText(/Charged now: openai-compatible\/llama3\.1 at \$0\.20 .* \$0\.45 .*\(your price\)/),
    ).toBeInTheDocument();
  });

  it('puts a price it cannot store, and the server’s reason, on the field; nothing invalid is sent', async () => {
    const { user, puts } = showSection();
    await user.click(await screen.findByRole('button', { name: 'Add price' }));
    const row = screen.getByRole('group', { name: 'Price 1' });
    await user.type(within(row).getByRole('textbox', { name: 'Model' }), 'gpt-4o');
    await user.type(within(row).getByRole('textbox', { name: 'Input price' }), '2.5001');
    await user.type(within(row).getByRole('textbox', { name: 'Output price' }), '10');
    await user.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(await within(row).findByText('at most 3 decimals')).toBeInTheDocument();
    expect(puts).toEqual([]);

    await user.clear(within(row).getByRole('textbox', { name: 'Input price' }));
    await user.type(within(row).getByRole('textbox', { name: 'Input price' }), '2.5');
    await user.clear(within(row).getByRole('textbox', { name: 'Model' }));
    await user.type(within(row).getByRole('textbox', { name: 'Model' }), 'refused');
    await user.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(await within(row).findByText('is not a model this server knows')).toBeInTheDocument();
    expect(await screen.findByText(/Failed to save model prices/)).toBeInTheDocument();
  });

  it('removes a saved price', async () => {
    const saved = modelPrices();
    const { user, puts } = showSection({
      ...saved,
      prices: [
        { provider: 'openai', model: 'gpt-4o', input_per_million: 3, output_per_million: 12, source: 'custom' },
        ...saved.prices,
      ],
    });
    const row = await screen.findByRole('group', { name: 'Price 1' });
    expect(within(row).getByRole('textbox', { name: 'Input price' })).toHaveValue('3');
    await user.click(within(row).getByRole('button', { name: 'Remove price 1' }));
    await user.click(screen.getByRole('button', { name: 'Save prices' }));
    await waitFor(() => expect(puts).toEqual([{ prices: [] }]));
  });
});
