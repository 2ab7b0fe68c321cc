import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorMessages, FormMessages } from '@casebook/domain';
import { ApiError } from '../api/api-client';
import { TextInput } from '../controls';
import { NoticesContext, type Notices } from '../notices/notices';
import { useFormSave } from './useFormSave';

type Values = { name: string; code?: string };

const notices = { success: vi.fn(), error: vi.fn(), warning: vi.fn() } satisfies Notices;

function Editor({ send, onSaved }: { send: (v: Values) => Promise<unknown>; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  const { save, saving } = useFormSave(form, send, { onSaved });
  return (
    <Form form={form} layout="vertical" initialValues={{ name: 'Sydney', code: 'SYD' }}>
      <TextInput name="name" label="Name" required />
      <TextInput name="code" label="Code" />
      <Button onClick={() => void save()} loading={saving}>
        Save
      </Button>
    </Form>
  );
}

function renderEditor(send: (v: Values) => Promise<unknown>) {
  const onSaved = vi.fn();
  render(
    <NoticesContext.Provider value={notices}>
      <Editor send={send} onSaved={onSaved} />
    </NoticesContext.Provider>,
  );
  return { onSaved, user: userEvent.setup() };
}

beforeEach(() => {
  vi.clearAllMocks();
});

describe('useFormSave', () => {
  it('sends the checked values, refreshes, then shows the success notice', async () => {
    const order: string[] = [];
    const send = vi.fn(async (_v: Values) => {
      order.push('send');
      return { id: 'x' };
    });
    const { onSaved, user } = renderEditor(send);
    onSaved.mockImplementation(() => order.push('refresh'));
    notices.success.mockImplementation(() => order.push('notice'));
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), 'PAR');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices.success).toHaveBeenCalledWith(undefined));
    expect(send).toHaveBeenCalledWith({ name: 'Sydney', code: 'PAR' });
    expect(onSaved).toHaveBeenCalledWith({ id: 'x' }, { name: 'Sydney', code: 'PAR' });
    expect(order).toEqual(['send', 'refresh', 'notice']);
  });

  it('with a required field empty it warns and sends nothing', async () => {
    const send = vi.fn(async () => undefined);
    const { user } = renderEditor(send);
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices.warning).toHaveBeenCalledWith(FormMessages.incomplete));
    expect(FormMessages.incomplete).toBe('Please complete required fields.');
    expect(await screen.findByText(FormMessages.required)).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    expect(notices.success).not.toHaveBeenCalled();
  });

  it("puts a 400's messages on the fields they name and keeps what was typed", async () => {
    const send = vi.fn(async () => {
      throw new ApiError(400, 'Casebook:Validation', ErrorMessages.invalidData, [
        { message: 'The code is taken.', members: ['Code'] },
        { message: 'Not a field of this form.', members: ['elsewhere'] },
      ]);
    });
    const { onSaved, user } = renderEditor(send);
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), 'MEL');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The code is taken.')).toBeTruthy();
    expect(screen.queryByText('Not a field of this form.')).toBeNull();
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('MEL');
    expect(onSaved).not.toHaveBeenCalled();
    expect(notices.success).not.toHaveBeenCalled();
  });

  it('after a 409 nothing is marked on the form, the input stays and Save can be pressed again', async () => {
    const send = vi
      .fn<(v: Values) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(409, 'Casebook:Concurrency', ErrorMessages.concurrency))
      .mockResolvedValueOnce({});
    const { onSaved, user } = renderEditor(send);
    await user.type(screen.getByLabelText('Name'), ' West');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' }).className).not.toMatch(/loading/));
    expect(document.querySelector('.ant-form-item-explain-error')).toBeNull();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Sydney West');
    expect(notices.success).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices.success).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenLastCalledWith({ name: 'Sydney West', code: 'SYD' });
    expect(onSaved).toHaveBeenCalledTimes(1);
  });
});
