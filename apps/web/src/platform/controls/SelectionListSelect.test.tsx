import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormMessages, CountriesResource, endpointPath, resourceEndpoints } from '@casebook/domain';
import { SessionContext } from '../../app/session/useSession';
import type { Session } from '../../app/session/sessionTypes';
import { SelectionListSelect } from './SelectionListSelect';
import { fakeApi, renderWithApi, type Call } from './testing/fakeApi';

const countryEndpoints = resourceEndpoints(CountriesResource);
const countries = [
  { id: 'au', displayName: 'Australia', isActive: true },
  { id: 'nz', displayName: 'New Zealand', isActive: true },
  { id: 'xx', displayName: 'Atlantis', isActive: false },
];

/** The selection list, narrowed by filterText like the server does; a record by id for anything else. */
function countriesApi() {
  return fakeApi((call: Call) => {
    if (call.path === countryEndpoints.list.path) {
      const text = String(call.query?.filterText ?? '').toLowerCase();
      const items = countries.filter((c) => c.displayName.toLowerCase().includes(text));
      return { totalCount: items.length, items };
    }
    if (call.path === endpointPath(countryEndpoints.get, { id: 'far' })) return { id: 'far', name: 'Faroe Islands' };
    throw new Error(`unexpected ${call.path}`);
  });
}

const listCalls = (api: { calls: Call[] }) => api.calls.filter((c) => c.path === countryEndpoints.list.path);
const options = () => [...document.querySelectorAll('.ant-select-item-option')];
const option = (text: string) => options().find((o) => o.textContent === text);

function renderSelect(api: ReturnType<typeof countriesApi>, props: { multiple?: boolean; initial?: unknown } = {}) {
  const onFinish = vi.fn();
  renderWithApi(
    <Form onFinish={onFinish} initialValues={{ countryId: props.initial }}>
      <SelectionListSelect name="countryId" label="Country" resource="countries" required multiple={props.multiple} />
      <Button htmlType="submit">Save</Button>
    </Form>,
    api,
  );
  return { onFinish, user: userEvent.setup() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SelectionListSelect', () => {
  it("marks a specialist whose contract ended on the tenant's yesterday, wherever the browser is", async () => {
    // 13:30 UTC on 25 November: the 25th in the browser (UTC here), already the 26th in Sydney.
    vi.useFakeTimers({ now: new Date('2026-11-25T13:30:00Z'), toFake: ['Date'] });
    const api = fakeApi(() => ({
      totalCount: 1,
      items: [
        {
          id: 'sp',
          displayName: 'Dr Until Yesterday',
          isActive: true,
          onboardedDate: '2025-01-01',
          onboardedEndDate: '2026-11-25',
        },
      ],
    }));
    renderWithApi(
      <SessionContext.Provider value={{ tenant: { timezone: 'Australia/Sydney' } } as unknown as Session}>
        <Form>
          <SelectionListSelect name="specialistId" label="Specialist" resource="specialists" />
        </Form>
      </SessionContext.Provider>,
      api,
    );
    await userEvent.setup().click(screen.getByLabelText('Specialist'));
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['Dr Until YesterdayNo contract']));
  });

  it('loads 20 items of the selection list and shows inactive ones disabled', async () => {
    const api = countriesApi();
    const { user } = renderSelect(api);
    await user.click(screen.getByLabelText('Country'));
    await waitFor(() => expect(option('Atlantis')).toBeDefined());
    expect(listCalls(api)[0]?.query).toEqual({ isSelectionList: true, filterText: '', maxResultCount: 20 });
    expect(option('Australia')?.getAttribute('aria-disabled')).toBe('false');
    expect(option('Atlantis')?.getAttribute('aria-disabled')).toBe('true');
    expect(option('Atlantis')?.classList.contains('ant-select-item-option-disabled')).toBe(true);
  });

  it('searches 500 ms after typing stops', async () => {
    const api = countriesApi();
    const { user } = renderSelect(api);
    const box = screen.getByLabelText('Country');
    await user.click(box);
    await waitFor(() => expect(listCalls(api)).toHaveLength(1));
    const typedAt = Date.now();
    await user.type(box, 'zea');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(listCalls(api)).toHaveLength(1);
    await waitFor(() => expect(listCalls(api)).toHaveLength(2), { timeout: 2000 });
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(500);
    expect(listCalls(api)[1]?.query).toMatchObject({ filterText: 'zea', isSelectionList: true });
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['New Zealand']));
  });

  it('hands the chosen id to the form', async () => {
    const api = countriesApi();
    const { user, onFinish } = renderSelect(api);
    await user.click(screen.getByLabelText('Country'));
    await waitFor(() => expect(option('New Zealand')).toBeDefined());
    await user.click(option('New Zealand')!);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ countryId: 'nz' }));
  });

  it('says "This field is required" when nothing is chosen', async () => {
    const { user, onFinish } = renderSelect(countriesApi());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(FormMessages.required)).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('names a chosen record that is not among the loaded items from its own record', async () => {
    const api = countriesApi();
    renderSelect(api, { initial: 'far' });
    await waitFor(() =>
      expect(document.querySelector('.ant-select-content')?.getAttribute('title')).toBe('Faroe Islands'),
    );
    expect(api.calls.some((c) => c.path === endpointPath(countryEndpoints.get, { id: 'far' }))).toBe(true);
  });

  it('chooses several in multiple mode', async () => {
    const api = countriesApi();
    const { user, onFinish } = renderSelect(api, { multiple: true });
    await user.click(screen.getByLabelText('Country'));
    await waitFor(() => expect(option('Australia')).toBeDefined());
    await user.click(option('Australia')!);
    await user.click(option('New Zealand')!);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ countryId: ['au', 'nz'] }));
  });
});
