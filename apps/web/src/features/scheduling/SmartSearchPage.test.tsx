import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  defaultPermissionsFor,
  Permissions,
  type ClinicAreaResult,
  type OnDemandSearchResult,
  SchedulingEndpoints,
  endpointPath,
  interpreterBusyMessage,
} from '@casebook/domain';
import { BookWithResourcesDialog } from './BookWithResourcesDialog';
import { SmartSearchPage } from './SmartSearchPage';
import { sessionDto } from './testing/sessionDto';
import { gate, invalid, renderAs, stubbedServer, type StubAnswer } from './testing/searchTesting';

const id = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;

const onDemand: OnDemandSearchResult = {
  fromDate: '2027-03-01',
  toDate: '2027-03-31',
  totalCount: 3,
  items: [
    {
      id: id(1),
      specialist: { id: id(11), fullName: 'Vera Vision', title: 'Dr', specialty: 'Psychiatry' },
      dateFrom: '2027-03-02T22:00:00.000Z',
      dateTo: '2027-03-02T23:00:00.000Z',
      timeZone: 'Australia/Sydney',
      displayFrom: '03 Mar 2027 09:00 AEDT',
      appointmentType: 'VIDEO',
      isVideoAppointment: true,
      sessionStatus: 'available',
      reservedForCompanies: [{ id: id(21), displayName: 'Harbour Law' }],
    },
    {
      id: id(2),
      specialist: { id: id(12), fullName: 'Paul Phone', title: null, specialty: 'Neurology' },
      dateFrom: '2027-03-03T00:00:00.000Z',
      dateTo: '2027-03-03T01:00:00.000Z',
      timeZone: 'Australia/Brisbane',
      displayFrom: '03 Mar 2027 10:00 AEST',
      appointmentType: 'PHONE',
      isVideoAppointment: false,
      sessionStatus: 'available',
      reservedForCompanies: [],
    },
  ],
};

const centres: ClinicAreaResult = {
  fromDate: '2027-03-01',
  toDate: '2027-05-30',
  totalCount: 2,
  items: [
    {
      centre: {
        id: id(31),
        name: 'Hobart Macquarie Street',
        address: '99 Macquarie Street',
        suburb: 'Hobart',
        state: 'TAS',
        postcode: '7000',
      },
      availableCount: 4,
      specialistCount: 2,
      firstAvailable: '04 Mar 2027 09:00 AEDT',
      firstAvailableDate: '2027-03-04',
    },
    {
      centre: {
        id: id(32),
        name: 'Launceston Rooms',
        address: null,
        suburb: 'Launceston',
        state: 'TAS',
        postcode: '7250',
      },
      availableCount: 1,
      specialistCount: 1,
      firstAvailable: '10 Mar 2027 11:00 AEDT',
      firstAvailableDate: '2027-03-10',
    },
  ],
};

const busy = () => document.querySelector('.ant-spin-spinning');

describe('Session & Specialist Search: on demand (video/phone)', () => {
  it(
    'lists the soonest video and phone sessions in the order the server gives them, Book opening a new case',
    { timeout: 60_000 },
    async () => {
      const answer = gate<StubAnswer>();
      const server = stubbedServer((r) => {
        if (r.path === SchedulingEndpoints.searchOnDemand.path) return answer.promise;
        throw new Error(`unexpected ${r.method} ${r.path}`);
      });
      const { user, workspace } = renderAs(['STAFF'], <SmartSearchPage />, server.api);
      await user.click(screen.getByText('On demand (video/phone)'));
      const pane = screen.getByRole('region', { name: 'On demand (video/phone)' });
      await user.click(within(pane).getByRole('combobox', { name: 'Video or phone' }));
      await user.click(await screen.findByTitle('Phone'));
      await user.click(within(pane).getByRole('button', { name: /Search on demand/ }));

      // Loading while the server has not answered.
      await waitFor(() => expect(busy()).not.toBeNull());
      const sent = server.requests.find((r) => r.path.endsWith('searchOnDemandAppointment'))!;
      expect(sent.method).toBe('GET');
      expect(Object.fromEntries(sent.query)).toEqual({ kind: 'PHONE', maxResultCount: '20' });

      answer.open({ body: onDemand });
      await within(pane).findByText('03 Mar 2027 09:00 AEDT');
      const rows = within(pane).getAllByRole('row');
      const text = rows.slice(1).map((r) => r.textContent);
      expect(text[0]).toContain('03 Mar 2027 09:00 AEDT');
      expect(text[0]).toContain('Dr Vera Vision');
      expect(text[0]).toContain('Video');
      expect(text[0]).toContain('Harbour Law');
      expect(text[1]).toContain('Paul Phone');
      expect(text[1]).toContain('Phone');
      expect(
        within(pane).getByText(/3 free video or phone sessions from 01 Mar 2027 to 31 Mar 2027; the soonest 2/),
      ).toBeTruthy();
      expect(busy()).toBeNull();

      await user.click(within(rows[2]!).getByRole('button', { name: 'Book' }));
      expect(workspace.open).toHaveBeenCalledWith({ path: '/view/assessments/add', search: `?sessionId=${id(2)}` });
    },
  );

  it('says when nothing is free, and shows the server refusing a date on that date', { timeout: 60_000 }, async () => {
    let reply: StubAnswer = { body: { fromDate: '2027-03-01', toDate: '2027-03-31', totalCount: 0, items: [] } };
    const server = stubbedServer(() => reply);
    const { user } = renderAs(['CASE_MANAGER'], <SmartSearchPage />, server.api);
    await user.click(screen.getByText('On demand (video/phone)'));
    const pane = screen.getByRole('region', { name: 'On demand (video/phone)' });
    await user.click(within(pane).getByRole('button', { name: /Search on demand/ }));
    expect(await within(pane).findByText('No available slots found')).toBeTruthy();

    reply = invalid('toDate', 'The end date must not be before the start date');
    await user.click(within(pane).getByRole('button', { name: /Search on demand/ }));
    const message = await within(pane).findByText('The end date must not be before the start date');
    // On the To field, which is marked as wrong; no stale results stay on screen.
    expect(message.closest('.ant-form-item-has-error')?.querySelector('[aria-label="To"]')).not.toBeNull();
    expect(within(pane).queryByText('No available slots found')).toBeNull();
    expect(server.showError).toHaveBeenCalledWith('The end date must not be before the start date');
  });

  it('is not offered to users the server does not let search', async () => {
    const server = stubbedServer(() => ({ body: {} }));
    renderAs(['ACCOUNTING'], <SmartSearchPage />, server.api);
    expect(screen.queryByText('On demand (video/phone)')).toBeNull();
    expect(screen.queryByText('Clinic area')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Clinic area' })).toBeNull();
  });

  it('is not offered to staff once the tenant has revoked their Search permission', async () => {
    const server = stubbedServer(() => ({ body: {} }));
    const revoked = new Set(defaultPermissionsFor(['STAFF']));
    revoked.delete(Permissions.appointmentSessions.search);
    renderAs(['STAFF'], <SmartSearchPage />, server.api, revoked);
    expect(screen.queryByText('On demand (video/phone)')).toBeNull();
    expect(screen.queryByText('Clinic area')).toBeNull();
  });
});

describe('Session & Specialist Search: clinic area', () => {
  it(
    'lists the centres nearest the postcode with their free sessions, and e-mails one centre its availability',
    { timeout: 60_000 },
    async () => {
      const answer = gate<StubAnswer>();
      let mail: StubAnswer = invalid('to', 'The centre has no e-mail address; enter the recipient.');
      const server = stubbedServer((r) => {
        if (r.path === SchedulingEndpoints.searchClinicArea.path) return answer.promise;
        if (r.path === SchedulingEndpoints.sendCentreAvailable.path) return mail;
        throw new Error(`unexpected ${r.method} ${r.path}`);
      });
      const { user, notices, workspace } = renderAs(['ADMIN_STAFF'], <SmartSearchPage />, server.api);
      await user.click(screen.getByText('Clinic area'));
      const pane = screen.getByRole('region', { name: 'Clinic area' });
      await user.type(within(pane).getByRole('textbox', { name: 'Area postcode' }), '7000');
      await user.click(within(pane).getByRole('button', { name: /Search centres/ }));
      await waitFor(() => expect(busy()).not.toBeNull());
      const search = server.requests.find((r) => r.path.endsWith('searchClinicArea'))!;
      expect(search).toMatchObject({
        method: 'POST',
        body: { postcode: '7000', state: null, specialty: null, fromDate: null, toDate: null },
      });

      answer.open({ body: centres });
      const hobart = (await within(pane).findByText('Hobart Macquarie Street')).closest('tr')!;
      expect(hobart.textContent).toContain('99 Macquarie Street, Hobart, TAS 7000');
      expect(hobart.textContent).toContain('04 Mar 2027 09:00 AEDT');
      expect(within(hobart).getByText('4')).toBeTruthy();
      expect(within(hobart).getByText('2')).toBeTruthy();
      const rows = within(pane).getAllByRole('row').slice(1);
      expect(rows.map((r) => r.querySelector('strong')?.textContent)).toEqual([
        'Hobart Macquarie Street',
        'Launceston Rooms',
      ]);
      expect(within(pane).getByText('2 centres with free sessions from 01 Mar 2027 to 30 May 2027')).toBeTruthy();

      // Calendar opens the clinic calendar on the centre, at its first free session's week.
      await user.click(within(hobart).getByRole('button', { name: 'Calendar: Hobart Macquarie Street' }));
      expect(workspace.open).toHaveBeenCalledWith({
        path: '/view/calendar',
        search: `?centreId=${id(31)}&date=2027-03-04`,
      });

      // E-mail: asked first; a centre without an address needs a recipient, said on the Recipient field.
      await user.click(within(hobart).getByRole('button', { name: /Email availability/ }));
      // (Found by its element: a role query over the whole page is slow in happy-dom.)
      await waitFor(() => expect(document.querySelector('.ant-modal')).not.toBeNull());
      const dialog = document.querySelector<HTMLElement>('.ant-modal')!;
      expect(dialog.getAttribute('role')).toBe('dialog');
      expect(within(dialog).getByText('Email availability: Hobart Macquarie Street').id).toBe(
        dialog.getAttribute('aria-labelledby'),
      );
      expect(within(dialog).getByText('Do you want to email the available sessions of this centre?')).toBeTruthy();
      expect(server.requests.some((r) => r.path.endsWith('sendCentreAvaialbe'))).toBe(false);
      await user.click(within(dialog).getByRole('button', { name: /Yes/ }));
      const refusal = await within(dialog).findByText('The centre has no e-mail address; enter the recipient.');
      expect(refusal.closest('.ant-form-item-has-error')?.querySelector('[aria-label="Recipient"]')).not.toBeNull();
      expect(notices.success).not.toHaveBeenCalled();

      mail = { body: { queued: 1, recipients: ['desk@hobart.example'] } };
      await user.type(within(dialog).getByRole('textbox', { name: 'Recipient' }), 'desk@hobart.example');
      await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Two rooms free');
      await user.click(within(dialog).getByRole('button', { name: /Yes/ }));
      await waitFor(() => expect(notices.success).toHaveBeenCalledWith('Email has been sent!'));
      expect(server.requests.filter((r) => r.path.endsWith('sendCentreAvaialbe')).at(-1)).toMatchObject({
        method: 'POST',
        body: { centreId: id(31), to: 'desk@hobart.example', fromDate: null, toDate: null, note: 'Two rooms free' },
      });
    },
  );

  it(
    'says when no centre has free sessions, and shows a wrong postcode on the postcode field',
    { timeout: 60_000 },
    async () => {
      let reply: StubAnswer = invalid('postcode', 'postcode must be 4 digits');
      const server = stubbedServer(() => reply);
      const { user } = renderAs(['CASE_MANAGER'], <SmartSearchPage />, server.api);
      await user.click(screen.getByText('Clinic area'));
      const pane = screen.getByRole('region', { name: 'Clinic area' });
      const postcode = within(pane).getByRole('textbox', { name: 'Area postcode' });
      await user.type(postcode, '70');
      await user.click(within(pane).getByRole('button', { name: /Search centres/ }));
      const message = await within(pane).findByText('postcode must be 4 digits');
      expect(message.closest('.ant-form-item-has-error')?.contains(postcode)).toBe(true);

      reply = { body: { fromDate: '2027-03-01', toDate: '2027-05-30', totalCount: 0, items: [] } };
      await user.type(postcode, '00');
      await user.click(within(pane).getByRole('button', { name: /Search centres/ }));
      expect(await within(pane).findByText('No centres with free sessions found')).toBeTruthy();
      expect(postcode.closest('.ant-form-item-has-error')).toBeNull();
    },
  );

  it(
    'a state alone is a search; a refusal that names no field of the form is shown above the results',
    { timeout: 60_000 },
    async () => {
      const server = stubbedServer(() => ({
        status: 422,
        body: { error: { code: 'Casebook:BusinessRule', message: 'The search is not possible now.' } },
      }));
      const { user } = renderAs(['STAFF'], <SmartSearchPage />, server.api);
      await user.click(screen.getByText('Clinic area'));
      const pane = screen.getByRole('region', { name: 'Clinic area' });
      await user.click(within(pane).getByRole('combobox', { name: 'State' }));
      await user.click(await screen.findByTitle('TAS'));
      await user.click(within(pane).getByRole('button', { name: /Search centres/ }));
      const alert = await within(pane).findByRole('alert');
      expect(alert.textContent).toContain('The search is not possible now.');
      expect(server.requests.find((r) => r.path.endsWith('searchClinicArea'))?.body).toMatchObject({
        postcode: null,
        state: 'TAS',
      });
    },
  );
});

describe('Book session with a room and an interpreter', () => {
  it(
    "offers the centre's rooms and the interpreters, busy ones not chosen; a refusal is shown and keeps what was chosen and typed",
    { timeout: 60_000 },
    async () => {
      const session = id(41);
      const [linh, mai] = [id(51), id(52)];
      let booking = 0;
      const server = stubbedServer((r) => {
        if (r.path === endpointPath(SchedulingEndpoints.sessionResources, { id: session })) {
          return {
            body: {
              sessionId: session,
              rooms: [
                { room: 'Room 1', free: false, heldByThisSession: false },
                { room: 'Room 2', free: true, heldByThisSession: false },
              ],
              interpreters: [
                { id: linh, name: 'Linh Tran', languageIds: [id(61)], free: booking === 0, heldByThisSession: false },
                { id: mai, name: 'Mai Pham', languageIds: [id(61)], free: true, heldByThisSession: false },
              ],
            },
          };
        }
        if (r.method === 'POST' && r.path === endpointPath(SchedulingEndpoints.book, { id: session })) {
          booking += 1;
          if (booking === 1) {
            return {
              status: 409,
              body: { error: { code: 'Casebook:ResourceBusy', message: interpreterBusyMessage('Linh Tran') } },
            };
          }
          return { body: sessionDto({ id: session, slotStatus: 6, sessionStatus: 'booked' }) };
        }
        throw new Error(`unexpected ${r.method} ${r.path}`);
      });
      const closed = vi.fn();
      const { user, notices } = renderAs(
        ['STAFF'],
        <BookWithResourcesDialog
          slot={{
            id: session,
            displayFrom: '30 Nov 2026 06:00 AEDT',
            centre: { name: 'Bankstown' },
            freeRooms: ['Room 2'],
            freeInterpreters: [{ id: linh, name: 'Linh Tran' }],
          }}
          specialistName="Huy Tibia"
          languageId={id(61)}
          onClose={closed}
        />,
        server.api,
      );
      const dialog = await screen.findByRole('dialog', { name: 'Book session' });
      // The searched language asks for its interpreters; the slot's free room and interpreter come first.
      await waitFor(() =>
        expect(server.requests.find((r) => r.path.endsWith('/resources'))?.query.get('languageId')).toBe(id(61)),
      );
      expect(within(dialog).getByTitle('Room 2')).toBeTruthy();
      expect(within(dialog).getByTitle('Linh Tran')).toBeTruthy();
      await user.click(within(dialog).getByRole('combobox', { name: 'Room' }));
      const taken = await screen.findByTitle('Room 1 (booked)');
      expect(taken.closest('.ant-select-item-option')!.className).toContain('ant-select-item-option-disabled');
      await user.click(screen.getAllByTitle('Room 2').find((e) => e.closest('.ant-select-item-option'))!);
      await user.type(within(dialog).getByLabelText('Case number'), 'IME-77');

      // Another booking took Linh first: the refusal is shown here, nothing chosen or typed is lost.
      await user.click(within(dialog).getByRole('button', { name: 'Book' }));
      expect(await within(dialog).findByText(interpreterBusyMessage('Linh Tran'))).toBeTruthy();
      expect(server.showError).not.toHaveBeenCalled();
      expect(closed).not.toHaveBeenCalled();
      expect((within(dialog).getByLabelText('Case number') as HTMLInputElement).value).toBe('IME-77');
      expect(within(dialog).getByTitle('Room 2')).toBeTruthy();
      const books = () => server.requests.filter((r) => r.method === 'POST');
      expect(books()[0]!.body).toEqual({ caseNo: 'IME-77', slotStatus: 6, rooms: ['Room 2'], interpreterIds: [linh] });

      // Mai instead: booked with the same room and case number.
      await user.click(within(dialog).getByRole('combobox', { name: 'Interpreter' }));
      await user.click(await screen.findByTitle('Mai Pham'));
      // (The button's loading icon is still leaving in jsdom, which has no animations to end it.)
      await user.click(within(dialog).getByRole('button', { name: /Book$/ }));
      await waitFor(() => expect(closed).toHaveBeenCalled());
      expect(books()[1]!.body).toEqual({ caseNo: 'IME-77', slotStatus: 6, rooms: ['Room 2'], interpreterIds: [mai] });
      expect(notices.success).toHaveBeenCalledWith('The session is booked.');
    },
  );
});
