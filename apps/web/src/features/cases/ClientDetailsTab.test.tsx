import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ErrorMessages,
  UpdateBookingDetailInput,
  UpdateClientInput,
  type CaseDto,
  CaseEndpoints,
  ClientsResource,
  endpointPath,
  resourceEndpoints,
} from '@casebook/domain';
import { ClientDetailsTab } from './CaseBookingTabs';
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

const clientEndpoints = resourceEndpoints(ClientsResource);

const claire = {
  id: '01900000-0000-7000-8000-0000000000b1',
  title: 'Ms',
  firstName: 'Claire',
  lastName: 'Claimant',
  fullName: 'Claire Claimant',
  dateOfBirth: '1980-05-01',
  gender: 'FEMALE',
  email: 'claire@example.com',
  phone: '0291234567',
  mobile: null,
  address: '1 George St',
  suburb: 'Sydney',
  state: 'NSW',
  postcode: '2000',
  occupation: 'Nurse',
  employer: null,
  languageId: null,
  interpreterRequired: false,
  notes: null,
  isActive: true,
  creationTime: '2027-01-01T00:00:00.000Z',
  creatorId: null,
  lastModificationTime: null,
  concurrencyStamp: 'client-1',
};
const oscar = {
  ...claire,
  id: '01900000-0000-7000-8000-0000000000b2',
  firstName: 'Oscar',
  lastName: 'Other',
  concurrencyStamp: 'client-9',
};

/** The claimant's record and the case, answered as the server does; `clientPut` answers the claimant's save. */
function claimantServer(start: CaseDto, clientPut?: (request: ServerRequest) => ServerAnswer) {
  let current = start;
  const clients: Record<string, typeof claire> = { [claire.id]: claire, [oscar.id]: oscar };
  return fakeServer((request) => {
    const { method, path } = request;
    if (method === 'GET' && path === endpointPath(CaseEndpoints.get, { id: start.id })) return { body: current };
    const client = /^\/api\/app\/clients\/([0-9a-f-]{36})$/.exec(path)?.[1];
    if (method === 'GET' && client) return { body: clients[client] };
    if (method === 'PUT' && client) {
      if (clientPut) return clientPut(request);
      clients[client] = { ...clients[client]!, ...(request.body as object), concurrencyStamp: 'client-2' };
      return { body: clients[client] };
    }
    if (method === 'GET' && path === clientEndpoints.list.path) {
      const items = Object.values(clients).map((c) => ({
        id: c.id,
        displayName: `${c.firstName} ${c.lastName}`,
        isActive: true,
      }));
      return { body: { totalCount: items.length, items } };
    }
    if (method === 'PUT' && path === endpointPath(CaseEndpoints.updateBookingDetail, { id: start.id })) {
      const clientId = (request.body as { clientId: string }).clientId;
      const chosen = clients[clientId]!;
      current = {
        ...current,
        clientId,
        clientName: `${chosen.firstName} ${chosen.lastName}`,
        concurrencyStamp: 'stamp-2',
      };
      return { body: current };
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
}

const claimantForm = () => screen.getByRole('form', { name: 'Claimant details' });
const input = (label: string) => within(claimantForm()).getByLabelText(label) as HTMLInputElement;

async function renderClaimant(server: ReturnType<typeof claimantServer>, c: CaseDto) {
  const rendered = renderCaseTab(server, c.id, (x) => <ClientDetailsTab c={x} canEdit canEditClient />);
  await waitFor(() => expect(input('First name').value).toBe('Claire'));
  return rendered;
}

describe('Claimant Details tab', () => {
  it("shows which claimant the case is for and the claimant's own details", async () => {
    const c = caseOf();
    const server = claimantServer(c);
    await renderClaimant(server, c);
    expect(input('Last name').value).toBe('Claimant');
    expect(input('Email').value).toBe('claire@example.com');
    expect(input('Phone').value).toBe('02 9123 4567');
    expect(shownValue(input('Gender'))).toBe('Female');
    await waitFor(() => expect(shownValue(screen.getByRole('combobox', { name: 'Claimant' }))).toBe('Claire Claimant'));
    expect(server.writes()).toEqual([]);
  });

  it("saves the claimant's whole record with the edits, as the claimant update takes it", async () => {
    const c = caseOf();
    const server = claimantServer(c);
    const { user } = await renderClaimant(server, c);
    await user.clear(input('First name'));
    await user.type(input('First name'), 'Clara');
    await user.type(input('Claimant notes'), 'Needs a ground-floor room');
    await user.click(within(claimantForm()).getByRole('button', { name: 'Save claimant' }));

    await findNotice('Success', 'Data has been saved successfully.');
    const [put] = server.writes();
    expect(put!.method).toBe('PUT');
    expect(put!.path).toBe(endpointPath(clientEndpoints.get, { id: claire.id }));
    expect(put!.body).toEqual({
      title: 'Ms',
      firstName: 'Clara',
      lastName: 'Claimant',
      dateOfBirth: '1980-05-01',
      gender: 'FEMALE',
      email: 'claire@example.com',
      phone: '0291234567',
      mobile: null,
      address: '1 George St',
      suburb: 'Sydney',
      state: 'NSW',
      postcode: '2000',
      occupation: 'Nurse',
      employer: null,
      languageId: null,
      interpreterRequired: false,
      notes: 'Needs a ground-floor room',
      isActive: true,
      concurrencyStamp: 'client-1',
    });
    expect(UpdateClientInput.safeParse(put!.body).success).toBe(true);
    // The claimant and the case are read again: the next save goes with the record's new stamp.
    await waitFor(() =>
      expect(
        server.requests.filter(
          (r) => r.path === endpointPath(clientEndpoints.get, { id: claire.id }) && r.method === 'GET',
        ),
      ).toHaveLength(2),
    );
    expect(
      server.requests.filter((r) => r.path === endpointPath(CaseEndpoints.get, { id: c.id })).length,
    ).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(input('First name').value).toBe('Clara'));
  });

  it('changes which claimant the case is for through the booking detail', async () => {
    const c = caseOf();
    const server = claimantServer(c);
    const { user } = await renderClaimant(server, c);
    await user.click(screen.getByRole('combobox', { name: 'Claimant' }));
    await waitFor(() => expect(dropdownOption('Oscar Other')).toBeDefined());
    await user.click(dropdownOption('Oscar Other')!);
    await user.click(screen.getByRole('button', { name: 'Change claimant' }));

    await findNotice('Success', 'Data has been saved successfully.');
    const [put] = server.writes();
    expect(put!.path).toBe(endpointPath(CaseEndpoints.updateBookingDetail, { id: c.id }));
    expect(put!.body).toEqual({
      concurrencyStamp: 'stamp-1',
      clientId: oscar.id,
      caseManagerId: c.caseManagerId,
      specialistId: c.specialistId,
      bookingNotes: 'Left knee',
      privateNotes: 'Pays late',
      visibility: 'EVERYONE',
      visibilityGroupId: null,
      confirmNoContract: false,
    });
    expect(UpdateBookingDetailInput.safeParse(put!.body).success).toBe(true);
    // The new claimant's details replace the old.
    await waitFor(() => expect(input('First name').value).toBe('Oscar'));
  });

  it("shows a 400's message under the field it names and keeps what was typed", async () => {
    const c = caseOf();
    const server = claimantServer(c, () =>
      failure(400, 'Casebook:Validation', ErrorMessages.invalidData, [
        { message: 'A claimant with this e-mail address already exists.', members: ['email'] },
      ]),
    );
    const { user } = await renderClaimant(server, c);
    await user.clear(input('Email'));
    await user.type(input('Email'), 'clara@example.com');
    await user.clear(input('First name'));
    await user.type(input('First name'), 'Clara');
    await user.click(within(claimantForm()).getByRole('button', { name: 'Save claimant' }));

    await waitFor(() =>
      expect(fieldErrors(input('Email'))).toEqual(['A claimant with this e-mail address already exists.']),
    );
    await findNotice('Error', 'A claimant with this e-mail address already exists.');
    expect(input('Email').value).toBe('clara@example.com');
    expect(input('First name').value).toBe('Clara');
    expect(document.querySelector('.ant-notification-notice-success')).toBeNull();
  });

  it('shows the concurrency message on a 409 and keeps what was typed', async () => {
    const c = caseOf();
    const server = claimantServer(c, () => failure(409, 'Casebook:Concurrency', ErrorMessages.concurrency));
    const { user } = await renderClaimant(server, c);
    await user.clear(input('First name'));
    await user.type(input('First name'), 'Clara');
    await user.click(within(claimantForm()).getByRole('button', { name: 'Save claimant' }));

    await findNotice(
      'Error',
      "The data you're working on has been modified by other user. Please refresh to get latest data and try again.",
    );
    expect(input('First name').value).toBe('Clara');
    expect(fieldErrors(input('First name'))).toEqual([]);
    expect(document.querySelector('.ant-notification-notice-success')).toBeNull();
    expect(server.writes()).toHaveLength(1);
  });
});
