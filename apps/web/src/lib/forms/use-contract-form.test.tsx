import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api-error';
import { fieldsNamed } from './field-problems';
import { type Submission, useContractForm } from './use-contract-form';

// A request schema like the contracts' ones: the form holds text, the request a number.
const requestSchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  count: z.number().int('Count must be a whole number').min(1, 'Count must be at least 1'),
});
type Values = { name: string; count: string };
type Body = z.output<typeof requestSchema>;

function TestForm({
  send,
  onInvalid,
}: {
  send: (body: Body, submission: Submission) => Promise<void>;
  onInvalid?: (problems: unknown) => void;
}) {
  const { register, formState, submitWith, showServerProblems } = useContractForm<Values, Body>({
    defaultValues: { name: '', count: '' },
    schema: requestSchema,
    toBody: (values) => ({ name: values.name, count: values.count === '' ? Number.NaN : Number(values.count) }),
    fieldOf: fieldsNamed<Values>(['name', 'count']),
  });
  const submit = submitWith(async (body, _values, submission) => {
    try {
      await send(body, submission);
    } catch (error) {
      showServerProblems(error);
    }
  }, onInvalid);
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <label>
        Name
        <input {...register('name')} />
      </label>
      <span role="alert" aria-label="name error">
        {formState.errors.name?.message}
      </span>
      <label>
        Count
        <input {...register('count')} />
      </label>
      <span role="alert" aria-label="count error">
        {formState.errors.count?.message}
      </span>
      <button type="submit">Save</button>
    </form>
  );
}

describe('the one form pattern (useContractForm)', () => {
  it('checks the values with the request schema: messages on their fields, nothing sent', async () => {
    const send = vi.fn(async () => undefined);
    const onInvalid = vi.fn();
    const user = userEvent.setup();
    render(<TestForm send={send} onInvalid={onInvalid} />);
    await user.type(screen.getByLabelText('Count'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Count must be at least 1')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    expect(onInvalid).toHaveBeenCalledWith([
      { field: 'name', message: 'Name is required' },
      { field: 'count', message: 'Count must be at least 1' },
    ]);
    // After a submit, a fixed field loses its message as the operator types.
    await user.type(screen.getByLabelText('Name'), 'Garden');
    await waitFor(() => expect(screen.queryByText('Name is required')).not.toBeInTheDocument());
    expect(screen.getByText('Count must be at least 1')).toBeInTheDocument();
  });

  it('sends the parsed body once per submission, with a fresh Idempotency-Key each time', async () => {
    let release: () => void = () => undefined;
    const send = vi.fn((_body: Body, _submission: Submission) => new Promise<void>((resolve) => (release = resolve)));
    const user = userEvent.setup();
    render(<TestForm send={send} />);
    await user.type(screen.getByLabelText('Name'), '  Garden ');
    await user.type(screen.getByLabelText('Count'), '3');
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    await user.click(save); // a second click while the first is sent
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]![0]).toEqual({ name: 'Garden', count: 3 });
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    const [first, second] = send.mock.calls.map((call) => call[1].idempotencyKey);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });

  it("puts a server 400's field problems onto the fields", async () => {
    const send = vi.fn(async () => {
      throw new ApiError({
        status: 400,
        code: 'validation',
        message: 'name: already taken',
        details: [{ field: 'body.name', message: 'already taken' }],
      });
    });
    const user = userEvent.setup();
    render(<TestForm send={send} />);
    await user.type(screen.getByLabelText('Name'), 'Garden');
    await user.type(screen.getByLabelText('Count'), '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('already taken')).toBeInTheDocument();
  });
});
