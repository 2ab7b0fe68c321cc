import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormMessages, SystemConfigEndpoints, type PagedResult, type UserTableSetting } from '@casebook/domain';
import { DataTable, LOADING_TEXT, type DataColumn, type PageRequest } from './DataTable';
import { answering, fakeApi, isCallOf, on, renderWithApi } from './testing/fakeApi';

type Row = { id: string; name: string; code: string };

const rows: Row[] = Array.from({ length: 45 }, (_, i) => ({
  id: `r${i}`,
  name: `Country ${String(i).padStart(2, '0')}`,
  code: `C${i}`,
}));

const columns: DataColumn<Row>[] = [
  { key: 'name', title: 'Name', render: (r) => r.name, sortable: true, fixedLeft: true },
  { key: 'code', title: 'Code', render: (r) => r.code, sortable: true },
  { key: 'id', title: 'Id', render: (r) => r.id },
];

/** The settings API: `saved` as the user's columns; PUTs are recorded in api.calls. */
function settingsApi(saved: { name: string; hidden: boolean }[] = []) {
  return fakeApi(
    answering([
      on(SystemConfigEndpoints.getUserTableSettings, () => ({
        items: saved.length ? [{ tableKey: 'countries-test', columns: saved }] : [],
      })),
      on(SystemConfigEndpoints.updateUserTableSetting, (call) => call.body as UserTableSetting),
    ]),
  );
}

function renderTable(options: { items?: Row[]; saved?: { name: string; hidden: boolean }[]; pending?: boolean } = {}) {
  const requests: PageRequest[] = [];
  const data = options.items ?? rows;
  const fetchPage = (request: PageRequest): Promise<PagedResult<Row>> => {
    requests.push(request);
    if (options.pending) return new Promise(() => {});
    return Promise.resolve({
      totalCount: data.length,
      items: data.slice(request.skipCount, request.skipCount + request.maxResultCount),
    });
  };
  const api = settingsApi(options.saved);
  renderWithApi(
    <DataTable<Row>
      tableKey="countries-test"
      label="Countries"
      columns={columns}
      queryKey={['test']}
      fetchPage={fetchPage}
      rowKey={(r) => r.id}
      defaultSorting="name asc"
    />,
    api,
  );
  return { requests, api, user: userEvent.setup() };
}

const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent).filter(Boolean);
const header = (title: string) =>
  [...document.querySelectorAll<HTMLElement>('thead th')].find((th) => th.textContent === title)!;
const bodyRows = () => document.querySelectorAll('tbody tr.ant-table-row');

afterEach(() => {
  vi.useRealTimers();
});

describe('DataTable paging and sorting', () => {
  it('asks for the first 20 rows with the default sorting', async () => {
    const { requests } = renderTable();
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(requests[0]).toEqual({ skipCount: 0, maxResultCount: 20, sorting: 'name asc' });
    expect(screen.getByText('45 items')).toBeTruthy();
  });

  it('offers page sizes 20, 50 and 100 and starts again at the first page on a change', async () => {
    const { requests, user } = renderTable();
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ skipCount: 20, maxResultCount: 20 }));
    const sizeChanger = document.querySelector('.ant-pagination-options .ant-select') as HTMLElement;
    fireEvent.mouseDown(sizeChanger.querySelector('input') ?? sizeChanger);
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(3));
    const sizes = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(sizes).toEqual(['20 / page', '50 / page', '100 / page']);
    await user.click(document.querySelectorAll('.ant-select-item-option')[1]!);
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ skipCount: 0, maxResultCount: 50 }));
    await waitFor(() => expect(bodyRows()).toHaveLength(45));
  });

  it('sends the sorting of a clicked column', async () => {
    const { requests, user } = renderTable();
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    await user.click(header('Code'));
    await waitFor(() => expect(requests.at(-1)?.sorting).toBe('code asc'));
    await user.click(header('Code'));
    await waitFor(() => expect(requests.at(-1)?.sorting).toBe('code desc'));
  });

  it("says 'No Data' when there are no rows", async () => {
    renderTable({ items: [] });
    expect(await screen.findByText(FormMessages.noData)).toBeTruthy();
  });

  it("says nothing about the rows until the first answer, then 'No Data' when there are none", async () => {
    let answer: (page: PagedResult<Row>) => void = () => {};
    renderWithApi(
      <DataTable<Row>
        tableKey="countries-test"
        label="Countries"
        columns={columns}
        queryKey={['test']}
        fetchPage={() => new Promise((resolve) => (answer = resolve))}
        rowKey={(r) => r.id}
      />,
      settingsApi(),
    );
    expect(await screen.findByText(LOADING_TEXT)).toBeTruthy();
    expect(screen.queryByText(FormMessages.noData)).toBeNull();
    act(() => answer({ totalCount: 0, items: [] }));
    expect(await screen.findByText(FormMessages.noData)).toBeTruthy();
    expect(screen.queryByText(LOADING_TEXT)).toBeNull();
  });

  it("shows 'Hang tight! It's currently loading.' after 5 seconds of loading", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderTable({ pending: true });
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.queryByText(FormMessages.loadingHint)).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByText("Hang tight! It's currently loading.")).toBeTruthy();
  });
});

describe('DataTable column settings', () => {
  it("applies the user's saved order and hidden columns", async () => {
    renderTable({
      saved: [
        { name: 'code', hidden: false },
        { name: 'name', hidden: false },
        { name: 'id', hidden: true },
      ],
    });
    await waitFor(() => expect(headers()).toEqual(['Code', 'Name']));
  });

  it('saves a change once, 1 s after the last one', async () => {
    const { api, user } = renderTable();
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(headers()).toEqual(['Name', 'Code', 'Id']);
    await user.click(screen.getByRole('button', { name: /Columns/ }));
    const group = await screen.findByRole('group', { name: 'Columns' });
    // Two changes in a row (plain events, so a busy machine cannot spread them over the second).
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Id' }));
    fireEvent.click(within(group).getByRole('button', { name: 'Move Code up' }));
    const changedAt = Date.now();
    await waitFor(() => expect(headers()).toEqual(['Code', 'Name']));
    const puts = () => api.calls.filter((c) => isCallOf(c, SystemConfigEndpoints.updateUserTableSetting));
    let savedAt = 0;
    await waitFor(
      () => {
        expect(puts()).toHaveLength(1);
        savedAt ||= Date.now();
      },
      { timeout: 3000, interval: 20 },
    );
    expect(savedAt - changedAt).toBeGreaterThanOrEqual(950);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(puts()).toHaveLength(1);
    expect(puts()[0]).toMatchObject({
      method: 'PUT',
      path: SystemConfigEndpoints.updateUserTableSetting.path,
      body: {
        tableKey: 'countries-test',
        columns: [
          { name: 'code', hidden: false },
          { name: 'name', hidden: false },
          { name: 'id', hidden: true },
        ],
      },
    });
  });

  it('keeps one column shown', async () => {
    const { user } = renderTable({
      saved: [
        { name: 'name', hidden: false },
        { name: 'code', hidden: true },
        { name: 'id', hidden: true },
      ],
    });
    await waitFor(() => expect(headers()).toEqual(['Name']));
    await user.click(screen.getByRole('button', { name: /Columns/ }));
    const group = await screen.findByRole('group', { name: 'Columns' });
    expect((within(group).getByRole('checkbox', { name: 'Name' }) as HTMLInputElement).disabled).toBe(true);
  });
});

describe('DataTable sideways scrolling', () => {
  it('keeps a fixed-left column in view while it is the first column', async () => {
    renderTable();
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(header('Name').className).toContain('ant-table-cell-fix-start');
    expect(header('Code').className).not.toContain('ant-table-cell-fix');
  });

  it('fixes nothing when the user has put another column first', async () => {
    renderTable({
      saved: [
        { name: 'code', hidden: false },
        { name: 'name', hidden: false },
        { name: 'id', hidden: false },
      ],
    });
    await waitFor(() => expect(headers()).toEqual(['Code', 'Name', 'Id']));
    expect(header('Name').className).not.toContain('ant-table-cell-fix');
  });
});
