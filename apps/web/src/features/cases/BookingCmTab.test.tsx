import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ErrorMessages,
  INDEPENDENCE_OVERRIDE_REQUIRED,
  IndependenceEndpoints,
  UpdateBookingDetailInput,
  type CaseDto,
  CaseEndpoints,
  CaseManagersResource,
  endpointPath,
  resourceEndpoints,
  SpecialistsResource,
} from '@casebook/domain';
import { BookingCmTab } from './CaseBookingTabs';
import { caseKeys } from './caseApi';
import {
  caseOf,
  dropdownOption,
  failure,
  fakeServer,
  fieldErrors,
  findNotice,
  renderCaseTab,
  shownValue,
  type ServerAnswer,
  type ServerRequest,
} from './testing/caseTabHarness';

const otherSpecialist = { id: '01900000-0000-7000-8000-0000000000a2', name: 'Olive Bones' };
const uncontracted = { id: '01900000-0000-7000-8000-0000000000a3', name: 'Una Signed' };
const NO_CONTRACT = 'This specialist does not have a contract with us. Do you want to continue?';
const caseManagerEndpoints = resourceEndpoints(CaseManagersResource);
const otherCaseManager = { id: '01900000-0000-7000-8000-0000000000f2', name: 'Kim Counsel', companyId: 'co-2' };

/**
 * The calls the Booking CM tab makes, answered as the server does; `bookingDetail` answers the save
 * (the case with the changes and a new stamp unless told otherwise).
 */
function bookingServer(start: CaseDto, bookingDetail?: (request: ServerRequest) => ServerAnswer | undefined) {
  let current = start;
  const server = fakeServer((request) => {
    const { method, path } = request;
    if (method === 'GET' && path === endpointPath(CaseEndpoints.get, { id: start.id })) return { body: current };
    if (method === 'GET' && path === endpointPath(IndependenceEndpoints.caseIndependence, { id: start.id })) {
      const specialistId = request.query.get('specialistId') ?? start.specialistId ?? '';
      return {
        body: {
          current: {
            outcome: 'CLEAR',
            specialistId,
            specialistName: 'Checked Specialist',
            reasons: [],
            summary: 'Checked Specialist has no earlier case or recorded relationship with this claimant.',
          },
          recorded: null,
        },
      };
    }
    if (method === 'GET' && path === CaseEndpoints.permission.path) {
      return {
        body: {
          objectId: start.id,
          visibility: current.visibility,
          visibilityGroupId: null,
          groupName: null,
          members: [],
          concurrencyStamp: current.concurrencyStamp,
        },
      };
    }
    if (method === 'GET' && path === resourceEndpoints(SpecialistsResource).list.path) {
      const items = [
        { id: start.specialistId, displayName: start.specialistName, isActive: true },
        { id: otherSpecialist.id, displayName: otherSpecialist.name, isActive: true },
        { id: uncontracted.id, displayName: uncontracted.name, isActive: true },
      ];
      return { body: { totalCount: items.length, items } };
    }
    if (method === 'GET' && path === caseManagerEndpoints.list.path) {
      const items = [
        { id: start.caseManagerId, displayName: start.caseManagerName, isActive: true },
        { id: otherCaseManager.id, displayName: otherCaseManager.name, isActive: true },
      ];
      return { body: { totalCount: items.length, items } };
    }
    if (method === 'GET' && path === endpointPath(caseManagerEndpoints.get, { id: otherCaseManager.id })) {
      return { body: { id: otherCaseManager.id, companyId: otherCaseManager.companyId } };
    }
    if (method === 'GET' && path === CaseEndpoints.bookingCheck.path) {
      const forCompany = request.query.get('companyId') === otherCaseManager.companyId;
      return {
        body: {
          highRisk: forCompany ? { reason: 'Unpaid invoices over 90 days', audience: 'staff' } : null,
          contract: !request.query.has('specialistId')
            ? null
            : request.query.get('specialistId') === uncontracted.id
              ? { outcome: 'confirm', message: NO_CONTRACT }
              : { outcome: 'ok', message: null },
          seenBefore: false,
        },
      };
    }
    if (method === 'POST' && path === CaseEndpoints.setPermission.path) {
      const body = request.body as { visibility: CaseDto['visibility'] };
      current = { ...current, visibility: body.visibility, concurrencyStamp: 'stamp-permission' };
      return {
        body: {
          objectId: start.id,
          visibility: body.visibility,
          visibilityGroupId: null,
          groupName: null,
          members: [],
          concurrencyStamp: current.concurrencyStamp,
        },
      };
    }
    if (method === 'PUT' && path === endpointPath(CaseEndpoints.updateBookingDetail, { id: start.id })) {
      const answer = bookingDetail?.(request);
      if (answer) return answer;
      const body = request.body as Record<string, string | null>;
      current = {
        ...current,
        caseManagerId: body.caseManagerId!,
        specialistId: body.specialistId ?? null,
        specialistName: body.specialistId === otherSpecialist.id ? otherSpecialist.name : current.specialistName,
        concurrencyStamp: 'stamp-2',
      };
      return { body: current };
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
  return server;
}

const form = () => screen.getByRole('combobox', { name: 'Specialist' }).closest('form') as HTMLElement;

async function chooseSpecialist(user: ReturnType<typeof renderCaseTab>['user'], name: string) {
  await user.click(await screen.findByRole('combobox', { name: 'Specialist' }));
  await waitFor(() => expect(dropdownOption(name)).toBeDefined());
  await user.click(dropdownOption(name)!);
  await waitFor(() => expect(shownValue(screen.getByRole('combobox', { name: 'Specialist' }))).toBe(name));
}

const bookingWrites = (server: ReturnType<typeof bookingServer>) =>
  server.writes().filter((r) => r.path.endsWith('/booking-detail'));

describe('Booking CM tab', () => {
  it("shows the case's company, booking case manager and specialist", async () => {
    const c = caseOf();
    const server = bookingServer(c);
    renderCaseTab(server, c.id, (x) => <BookingCmTab c={x} canEdit />);
    const details = await screen.findByText('Company');
    const table = details.closest('table') as HTMLElement;
    expect(within(table).getByText('Harbour Law')).toBeTruthy();
    expect(within(table).getByText('Morgan Booker')).toBeTruthy();
    expect(within(table).getByText('Doug Doctor')).toBeTruthy();
    await waitFor(() =>
      expect(shownValue(screen.getByRole('combobox', { name: 'Booking case manager' }))).toBe('Morgan Booker'),
    );
    expect(shownValue(screen.getByRole('combobox', { name: 'Specialist' }))).toBe('Doug Doctor');
    expect(server.writes()).toEqual([]);
  });

  it('saves a new specialist as the booking detail the server takes, says so and shows the saved case', async () => {
    const c = caseOf();
    const server = bookingServer(c);
    const { user, queryClient } = renderCaseTab(server, c.id, (x) => <BookingCmTab c={x} canEdit />);
    await chooseSpecialist(user, otherSpecialist.name);
    const check = server.requests.find((r) => r.path === CaseEndpoints.bookingCheck.path);
    expect(Object.fromEntries(check!.query)).toEqual({ specialistId: otherSpecialist.id, clientId: c.clientId });
    await user.click(within(form()).getByRole('button', { name: 'Save' }));

    await findNotice('Success', 'Data has been saved successfully.');
    const [put] = bookingWrites(server);
    expect(put!.body).toEqual({
      concurrencyStamp: 'stamp-1',
      clientId: c.clientId,
      caseManagerId: c.caseManagerId,
      specialistId: otherSpecialist.id,
      bookingNotes: 'Left knee',
      privateNotes: 'Pays late',
      visibility: 'EVERYONE',
      visibilityGroupId: null,
      confirmNoContract: false,
    });
    expect(UpdateBookingDetailInput.safeParse(put!.body).success).toBe(true);
    // The page shows the saved case at once, under its new stamp.
    expect(queryClient.getQueryData<CaseDto>(caseKeys.one(c.id))?.concurrencyStamp).toBe('stamp-2');
    const table = screen.getByText('Company').closest('table') as HTMLElement;
    await waitFor(() => expect(within(table).getByText(otherSpecialist.name)).toBeTruthy());
    expect(bookingWrites(server)).toHaveLength(1);
  });

  it("asks why the booking goes ahead when the server answers the specialist's independence warning, and saves with the reason", async () => {
    const c = caseOf();
    const earlier = `${otherSpecialist.name} has seen this claimant before for another company, Jones Law: case IME-000007.`;
    const server = bookingServer(c, (request) =>
      (request.body as { independenceOverrideReason?: string }).independenceOverrideReason
        ? undefined
        : {
            status: 422,
            body: {
              error: {
                code: 'Casebook:BusinessRule',
                message: `${otherSpecialist.name} may not be independent of this claimant: ${earlier}`,
                details: INDEPENDENCE_OVERRIDE_REQUIRED,
              },
            },
          },
    );
    const { user } = renderCaseTab(server, c.id, (x) => <BookingCmTab c={x} canEdit />);
    await chooseSpecialist(user, otherSpecialist.name);
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Independence warning' });
    expect(within(dialog).getByText(earlier)).toBeTruthy();
    const go = within(dialog).getByRole('button', { name: 'Save with this reason' });
    expect((go as HTMLButtonElement).disabled).toBe(true);
    expect(bookingWrites(server)).toHaveLength(1);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason for going ahead' }), 'Agreed by both sides');
    await user.click(within(dialog).getByRole('button', { name: 'Save with this reason' }));
    await findNotice('Success', 'Data has been saved successfully.');
    const puts = bookingWrites(server);
    expect(puts).toHaveLength(2);
    expect(puts[1]!.body).toMatchObject({
      specialistId: otherSpecialist.id,
      independenceOverrideReason: 'Agreed by both sides',
    });
    expect(UpdateBookingDetailInput.safeParse(puts[1]!.body).success).toBe(true);
  });

  it('asks the contract question of a specialist without a contract and sends the answer', async () => {
    const c = caseOf();
    const server = bookingServer(c);
    const { user } = renderCaseTab(server, c.id, (x) => <BookingCmTab c={x} canEdit />);
    await chooseSpecialist(user, uncontracted.name);
    expect(await screen.findByText(NO_CONTRACT)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    await findNotice('Success', 'Data has been saved successfully.');
    const [put] = bookingWrites(server);
    expect(put!.body).toMatchObject({ specialistId: uncontracted.id, confirmNoContract: true });
    expect(UpdateBookingDetailInput.safeParse(put!.body).success).toBe(true);
  });

  it('warns of a high-risk company as the new case manager is chosen, and saves the case manager', async () => {
    const c = caseOf();
    const server = bookingServer(c);
    const { user } = renderCaseTab(server, c.id, (x) => <BookingCmTab c={x} canEdit />);
    await user.click(await screen.findByRole('combobox', { name: 'Booking case manager' }));
    await waitFor(() => expect(dropdownOption(otherCaseManager.name)).toBeDefined());
    await user.click(dropdownOption(otherCaseManager.name)!);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unpaid invoices over 90 days');
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    await findNotice('Success', 'Data has been saved successfully.');
    expect(bookingWrites(server)[0]!.body).toMatchObject({
      caseManagerId: otherCaseManager.id,
      specialistId: c.specialistId,
      concurrencyStamp: 'stamp-1',
    });
    // Saved: the warning of the choice gives way to the case's own flag.
    await waitFor(() => expect(screen.queryByText('Unpaid invoices over 90 days')).toBeNull());
  });

  it("shows a 400's message on the field it names and keeps the chosen specialist", async () => {
    const c = caseOf();
    const server = bookingServer(c, () =>
      failure(400, 'Casebook:Validation', ErrorMessages.invalidData, [
        { message: 'The specialist does not exist.', members: ['specialistId'] },
      ]),
    );
    const { user } = renderCaseTab(server, c.id, (x) => <BookingCmTab c={x} canEdit />);
    await chooseSpecialist(user, otherSpecialist.name);
    await user.click(within(form()).getByRole('button', { name: 'Save' }));

    const specialist = screen.getByRole('combobox', { name: 'Specialist' });
    await waitFor(() => expect(fieldErrors(specialist)).toEqual(['The specialist does not exist.']));
    await findNotice('Error', 'The specialist does not exist.');
    expect(shownValue(specialist)).toBe(otherSpecialist.name);
    expect(document.querySelector('.ant-notification-notice-success')).toBeNull();
  });

  it('shows the concurrency message on a 409 and keeps the chosen specialist', async () => {
    const c = caseOf();
    const server = bookingServer(c, () => failure(409, 'Casebook:Concurrency', ErrorMessages.concurrency));
    const { user, queryClient } = renderCaseTab(server, c.id, (x) => <BookingCmTab c={x} canEdit />);
    await chooseSpecialist(user, otherSpecialist.name);
    await user.click(within(form()).getByRole('button', { name: 'Save' }));

    await findNotice(
      'Error',
      "The data you're working on has been modified by other user. Please refresh to get latest data and try again.",
    );
    const specialist = screen.getByRole('combobox', { name: 'Specialist' });
    expect(shownValue(specialist)).toBe(otherSpecialist.name);
    expect(fieldErrors(specialist)).toEqual([]);
    expect(document.querySelector('.ant-notification-notice-success')).toBeNull();
    expect(queryClient.getQueryData<CaseDto>(caseKeys.one(c.id))?.concurrencyStamp).toBe('stamp-1');
    expect(bookingWrites(server)).toHaveLength(1);
  });

  it('keeps an unsaved choice of specialist when the case permission below is saved', async () => {
    const c = caseOf();
    const server = bookingServer(c);
    const { user } = renderCaseTab(server, c.id, (x) => <BookingCmTab c={x} canEdit />);
    await chooseSpecialist(user, otherSpecialist.name);
    const permission = screen.getByRole('region', { name: 'Case permission' });
    await user.click(within(permission).getByRole('combobox', { name: 'Visible to' }));
    await waitFor(() => expect(dropdownOption('Staff')).toBeDefined());
    await user.click(dropdownOption('Staff')!);
    await user.click(within(permission).getByRole('button', { name: /Save permission/ }));
    await findNotice('Success', 'Data has been saved successfully');
    expect(server.writes().map((r) => r.path)).toEqual([CaseEndpoints.setPermission.path]);
    // The case now has a new stamp; the booking form still holds what the user chose and has not saved.
    await waitFor(() => expect(screen.getAllByText('Staff').length).toBeGreaterThan(0));
    expect(shownValue(screen.getByRole('combobox', { name: 'Specialist' }))).toBe(otherSpecialist.name);
  });
});
