import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FormMessages } from '@casebook/domain';
import { TabContext } from '../../app/tabs/useTab';
import { WorkspaceContext, type UnsavedEntry, type Workspace } from '../../app/tabs/useWorkspace';
import { TextInput } from '../controls';
import { NoticesContext, type Notices } from '../notices/notices';
import { FormSection, UnsavedFormsProvider } from './UnsavedForms';
import { useFormSave } from './useFormSave';

const notices = { success: vi.fn(), error: vi.fn(), warning: vi.fn() } satisfies Notices;

/** The workspace's record of the tab's unsaved changes, as the tab bar would ask about it. */
let unsaved: UnsavedEntry | undefined;
const workspace = {
  setUnsaved: vi.fn((_id: string, entry: UnsavedEntry | undefined) => {
    unsaved = entry;
  }),
} as unknown as Workspace;
const tab = { tab: { id: 'case-tab', path: '/view/assessments/detail/1', search: '' }, active: true } as never;

function Note({ label, send }: { label: string; send: (v: { text: string }) => Promise<unknown> }) {
  const [form] = Form.useForm<{ text: string }>();
  const { save, edited } = useFormSave(form, send);
  return (
    <Form form={form} name={label} initialValues={{ text: '' }} onValuesChange={edited}>
      <TextInput name="text" label={label} required />
      <Button onClick={() => void save()}>Save {label}</Button>
    </Form>
  );
}

/** Two sections of a page (as the case's tabs), only the chosen one shown; both stay mounted. */
function Page({ sends }: { sends: Record<'First' | 'Second', (v: { text: string }) => Promise<unknown>> }) {
  const [shown, setShown] = useState<'First' | 'Second'>('First');
  return (
    <UnsavedFormsProvider>
      <Button onClick={() => setShown(shown === 'First' ? 'Second' : 'First')}>Switch</Button>
      <span data-testid="shown">{shown}</span>
      {(['First', 'Second'] as const).map((name) => (
        <div key={name} hidden={shown !== name}>
          <FormSection show={() => setShown(name)}>
            <Note label={name} send={sends[name]} />
          </FormSection>
        </div>
      ))}
    </UnsavedFormsProvider>
  );
}

function renderPage(sends: Record<'First' | 'Second', (v: { text: string }) => Promise<unknown>>) {
  render(
    <NoticesContext.Provider value={notices}>
      <WorkspaceContext.Provider value={workspace}>
        <TabContext.Provider value={tab}>
          <Page sends={sends} />
        </TabContext.Provider>
      </WorkspaceContext.Provider>
    </NoticesContext.Provider>,
  );
  return userEvent.setup();
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  vi.clearAllMocks();
  unsaved = undefined;
});

describe('unsaved input across the forms of a page', () => {
  it('marks the tab unsaved on the first edit and clears it when the form is saved', async () => {
    const first = vi.fn(async () => ({}));
    const user = renderPage({ First: first, Second: vi.fn() });
    expect(unsaved).toBeUndefined();
    await user.type(input('First'), 'Scans couriered');
    expect(unsaved).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Save First' }));
    await waitFor(() => expect(unsaved).toBeUndefined());
    expect(first).toHaveBeenCalledWith({ text: 'Scans couriered' });
  });

  it("the tab's Save saves every edited form, each shown first", async () => {
    const order: string[] = [];
    const user = renderPage({
      First: vi.fn(async (v: { text: string }) => order.push(`first:${v.text}`)),
      Second: vi.fn(async (v: { text: string }) => order.push(`second:${v.text}`)),
    });
    await user.type(input('First'), 'a');
    await user.click(screen.getByRole('button', { name: 'Switch' }));
    await user.type(input('Second'), 'b');
    await user.click(screen.getByRole('button', { name: 'Switch' }));
    let result: boolean | void = undefined;
    await act(async () => {
      result = await unsaved!.save!();
    });
    expect(result).toBe(true);
    expect(order).toEqual(['first:a', 'second:b']);
    expect(screen.getByTestId('shown').textContent).toBe('Second');
    expect(unsaved).toBeUndefined();
  });

  it('stops at a form that cannot be saved, shows it and keeps the tab unsaved', async () => {
    const first = vi.fn(async () => ({}));
    const user = renderPage({ First: first, Second: vi.fn(async () => ({})) });
    await user.click(screen.getByRole('button', { name: 'Switch' }));
    await user.type(input('Second'), 'x');
    await user.clear(input('Second'));
    await user.click(screen.getByRole('button', { name: 'Switch' }));
    await user.type(input('First'), 'kept');
    expect(screen.getByTestId('shown').textContent).toBe('First');
    let result: boolean | void = undefined;
    await act(async () => {
      result = await unsaved!.save!();
    });
    expect(result).toBe(false);
    // The second form (edited first) is shown with its warning; the first was not reached.
    expect(screen.getByTestId('shown').textContent).toBe('Second');
    expect(notices.warning).toHaveBeenCalledWith(FormMessages.incomplete);
    expect(first).not.toHaveBeenCalled();
    expect(unsaved).toBeDefined();
    expect(input('First').value).toBe('kept');
  });

  it('a form that goes (it starts again with new values) takes its unsaved mark with it', async () => {
    function Keyed() {
      const [round, setRound] = useState(0);
      return (
        <UnsavedFormsProvider>
          <Button onClick={() => setRound(round + 1)}>Reload</Button>
          <Note key={round} label="Only" send={vi.fn()} />
        </UnsavedFormsProvider>
      );
    }
    render(
      <NoticesContext.Provider value={notices}>
        <WorkspaceContext.Provider value={workspace}>
          <TabContext.Provider value={tab}>
            <Keyed />
          </TabContext.Provider>
        </WorkspaceContext.Provider>
      </NoticesContext.Provider>,
    );
    const user = userEvent.setup();
    await user.type(input('Only'), 'typed');
    expect(unsaved).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(unsaved).toBeUndefined();
  });
});
