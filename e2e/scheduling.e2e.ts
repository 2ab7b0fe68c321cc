import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addDays, formatIsoDate, isoWeekday, todayIn } from '@casebook/domain';
import { apiGet, apiPost } from './support/api';
import { artifactPath } from './support/artifacts';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { opened, tabNamed } from './support/shell';
import { DEMO_PASSWORD, submitSignIn, waitForSignInForm } from './support/signin';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

let browser: RunningBrowser;
let page: Page;
// The availability search is for admin staff, staff and case managers (shell.md §2).
const ADMIN_STAFF = { tenant: 'demo', userNameOrEmail: 'adminstaff', password: DEMO_PASSWORD };
const RUN = Date.now().toString(36);

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1500, height: 950 } });
  page = await browser.newPage();
  await page.goto('/view/smart-search');
  await waitForSignInForm(page);
  await submitSignIn(page, ADMIN_STAFF);
  await pane().getByRole('heading', { name: 'Session & Specialist Search' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
});

const pane = (): Locator => page.getByRole('tabpanel').filter({ visible: true });
const shot = (name: string) =>
  page.screenshot({ animations: 'disabled', path: artifactPath(`scheduling-${name}.png`) });
/** Picks an item of a selection-list drop-down by typing part of its name. */
async function choose(label: string, typed: string, option: string) {
  const box = pane().getByRole('combobox', { name: label });
  await box.click();
  await box.pressSequentially(typed);
  await page.locator('.ant-select-item-option', { hasText: option }).first().click();
}
async function seeNotice(text: string) {
  const notice = page.locator('.ant-notification-notice').filter({ hasText: text });
  await notice.waitFor();
  // A notice may close on its own while it is clicked: then it is gone, as the click would have made it.
  await notice
    .locator('.ant-notification-notice-close')
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await notice.waitFor({ state: 'detached' });
}

type Item = { id: string; displayName: string };

describe('availability search, booking and the clinic calendar', () => {
  it('searches "orthopaedic next week in NSW", books a slot into a new IME case and sees it Booked Unconfirmed in the calendar', async () => {
    // An orthopaedic surgeon of this run with sessions next week at a Sydney centre, and one in Perth.
    const specialties = await apiGet<{ items: Item[] }>(
      baseUrl,
      page,
      '/api/app/lookup-configs?isSelectionList=true&type=SPECIALTY&maxResultCount=1000',
    );
    const ortho = specialties.items.find((i) => i.displayName === 'Orthopaedic Surgery')!;
    const surgeon = await apiPost<{ id: string; fullName: string }>(baseUrl, page, '/api/app/specialists', {
      firstName: 'Ada',
      lastName: `Femur${RUN}`,
      email: `ada.${RUN}@bones.example`,
      specialtyId: ortho.id,
      onboardedDate: formatIsoDate(addDays(todayIn('Australia/Sydney'), -30)),
    });
    // The claimant and the booking case manager of the new case.
    const company = await apiPost<{ id: string }>(baseUrl, page, '/api/app/companies', {
      name: `Harbour Law ${RUN}`,
      businessType: 'LAW_FIRM',
    });
    await apiPost(baseUrl, page, '/api/app/case-managers', {
      firstName: 'Morgan',
      lastName: `Booker${RUN}`,
      companyId: company.id,
    });
    await apiPost(baseUrl, page, '/api/app/clients', { firstName: 'Claire', lastName: `Claimant${RUN}` });
    const sydney = await apiPost<{ id: string }>(baseUrl, page, '/api/app/centres', {
      name: `Macquarie St ${RUN}`,
      state: 'NSW',
      postcode: '2000',
    });
    const perth = await apiPost<{ id: string }>(baseUrl, page, '/api/app/centres', {
      name: `St Georges Tce ${RUN}`,
      state: 'WA',
      postcode: '6000',
      rooms: ['Consult A', 'Consult B'],
    });
    // An interpreter of a language of this run, for the case's booking panel.
    const khmer = await apiPost<{ id: string }>(baseUrl, page, '/api/app/languages', { name: `Khmer ${RUN}` });
    await apiPost(baseUrl, page, '/api/app/interpreters', { name: `Dara Sok ${RUN}`, languageIds: [khmer.id] });
    const today = todayIn('Australia/Sydney');
    const monday = addDays(today, 8 - isoWeekday(today));
    const tuesday = formatIsoDate(addDays(monday, 1));
    for (const [centre, start] of [
      [sydney.id, '07:00'],
      [sydney.id, '08:00'],
      [perth.id, '07:00'],
    ] as const) {
      await apiPost(baseUrl, page, '/api/app/appointment-sessions', {
        specialistId: surgeon.id,
        centreId: centre,
        date: centre === perth.id ? formatIsoDate(addDays(monday, 2)) : tuesday,
        startTime: start,
        endTime: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`,
      });
    }

    // With nothing asked, the screen explains what can be searched; accreditation is one of the filters.
    await pane().getByText('Search sessions and specialists').waitFor();
    await pane().getByRole('combobox', { name: 'Accreditation' }).waitFor();
    await shot('prompt');
    await pane().getByRole('searchbox', { name: 'Search availability' }).fill('orthopaedic next week in NSW');
    await pane().getByRole('button', { name: 'Search' }).click();
    const card = pane()
      .getByRole('region', { name: `Ada Femur${RUN}` })
      .or(pane().locator('.ant-card', { hasText: `Ada Femur${RUN}` }));
    await card.first().waitFor();
    const rows = card.first().locator('tbody tr.ant-table-row');
    // NSW only: the two Sydney sessions, not Perth; both offer Book.
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain('07:00 AEDT');
    expect(await rows.first().textContent()).toContain('Unbooked (CA)');
    await shot('results');
    // Book opens a new IME assessment with the slot filled in.
    await rows.first().getByRole('button', { name: 'Book' }).click();
    await pane().getByRole('heading', { name: 'Add IME Assessment' }).waitFor();
    const slot = pane().getByRole('region', { name: 'Appointment session' });
    await slot.getByText(`Ada Femur${RUN}`).waitFor();
    expect(await slot.textContent()).toContain(`Macquarie St ${RUN}`);
    expect(await slot.textContent()).toContain('07:00–08:00 AEDT');
    expect(await slot.textContent()).toContain('Unbooked (CA)');
    await choose('Claimant', `Claimant${RUN}`, `Claire Claimant${RUN}`);
    await choose('Booking case manager', `Booker${RUN}`, `Morgan Booker${RUN}`);
    await shot('new-case-with-slot');
    await pane().getByRole('button', { name: 'Save' }).click();
    await seeNotice('Data has been saved successfully');
    // The new case shows its appointment: the slot's date, time and centre, Appointment requested.
    await pane().locator('h1 .ant-tag', { hasText: 'Appointment requested' }).waitFor();
    const caseNo = ((await pane().locator('h1').textContent()) ?? '').match(/IME-\d+/)![0];
    const caseUrl = page.url();
    await pane().getByRole('tab', { name: 'Appointment', exact: true }).click();
    await expect.poll(() => pane().getByLabel('Time').inputValue()).toBe('07:00');
    await pane().getByText(`Macquarie St ${RUN}`).first().waitFor();
    await shot('case-appointment');

    // The calendar, next week, this surgeon: the 07:00 session is Booked Unconfirmed.
    await page.goto('/view/calendar');
    await pane().getByRole('heading', { name: 'Clinic Calendar' }).waitFor();
    await pane().getByRole('button', { name: 'Next' }).click();
    // The tenant's other specialists keep sessions that week too: show this surgeon's only.
    await choose('Specialist', `Femur${RUN}`, `Ada Femur${RUN}`);
    const day = pane().locator(`[data-date="${tuesday}"]`);
    const booked = day.getByRole('button', { name: new RegExp(`^07:00 Ada Femur${RUN} Booked Unconfirmed$`) });
    await booked.waitFor();
    await day.getByRole('button', { name: new RegExp(`^08:00 Ada Femur${RUN} Unbooked \\(CA\\)$`) }).waitFor();
    await shot('calendar-week');
    await booked.click();
    const detail = page.getByRole('dialog', { name: 'Session' });
    await detail.getByText('Booked Unconfirmed').waitFor();
    await detail.getByText(caseNo).waitFor();
    await detail.getByText('In person', { exact: true }).waitFor();
    await opened(detail);
    await shot('session-detail');
    await detail.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await detail.waitFor({ state: 'hidden' });

    // Drag the free 08:00 session to Thursday at 10 o'clock: another day and another time.
    const thursday = formatIsoDate(addDays(monday, 3));
    await day
      .getByRole('button', { name: new RegExp(`^08:00 Ada Femur${RUN}`) })
      .dragTo(pane().locator(`[data-date="${thursday}"] [data-time="10:00"]`));
    await pane()
      .locator(`[data-date="${thursday}"] [data-time="10:00"]`)
      .getByRole('button', { name: new RegExp(`^10:00 Ada Femur${RUN} Unbooked`) })
      .waitFor();
    await seeNotice('Data has been saved successfully.');

    // Month view shows the same sessions.
    await pane().getByText('Month', { exact: true }).click();
    await pane()
      .locator(`[data-date="${tuesday}"]`)
      .getByRole('button', { name: new RegExp(`Ada Femur${RUN} Booked Unconfirmed`) })
      .waitFor();
    await shot('calendar-month');

    // The day sheet: print it or e-mail it to the specialist.
    await page.goto(`/view/daysheet-print?dId=${surgeon.id}&cId=${sydney.id}&fDate=${tuesday}`);
    await page.getByRole('heading', { name: 'Booking daysheet' }).waitFor();
    await page.getByRole('button', { name: 'Print Daysheets' }).waitFor();
    const sheet = await page.locator('.daysheet').textContent();
    expect(sheet).toContain('07:00–08:00 AEDT');
    // Who is coming, and how.
    expect(sheet).toContain(`Claire Claimant${RUN}`);
    expect(sheet).toContain('In person');
    await shot('daysheet');
    await page.getByRole('button', { name: 'Email Daysheets' }).click();
    const ask = page.getByRole('dialog', {
      name: 'Do you want to email booking daysheets of the selected dates to the specialist?',
    });
    await opened(ask);
    await ask.getByRole('button', { name: 'Yes' }).click();
    await seeNotice('Email has been sent!');
    const mailDir = path.join(dataDir, 'mail');
    await expect
      .poll(() =>
        fs.existsSync(mailDir)
          ? fs
              .readdirSync(mailDir)
              .some((f) => fs.readFileSync(path.join(mailDir, f), 'utf8').includes(`ada.${RUN}@bones.example`))
          : false,
      )
      .toBe(true);

    // Back on the case, the Appointment tab moves it into the free Perth session: the case takes that
    // session's date, time and centre, and the Sydney slot it held is free again.
    await page.goto(caseUrl);
    await pane().getByRole('tab', { name: 'Appointment', exact: true }).click();
    const picker = pane().getByRole('combobox', { name: 'Book into a session' });
    await picker.click();
    await page
      .locator('.ant-select-item-option', { hasText: `St Georges Tce ${RUN} · Unbooked (CA)` })
      .first()
      .click();
    // With the session, a room of its centre and a Khmer interpreter, found by the language.
    await pane().getByRole('combobox', { name: 'Rooms' }).click();
    await page.locator('.ant-select-item-option', { hasText: 'Consult B' }).click();
    await page.keyboard.press('Escape');
    await choose('Interpreter language', 'Khmer', `Khmer ${RUN}`);
    await pane().getByRole('combobox', { name: 'Interpreter', exact: true }).click();
    await page.locator('.ant-select-item-option', { hasText: `Dara Sok ${RUN}` }).click();
    await shot('case-session-picker');
    await pane().getByRole('button', { name: 'Save' }).click();
    await seeNotice('Data has been saved successfully');
    await expect.poll(() => pane().getByLabel('Appointment date').inputValue()).not.toBe('');
    await pane().getByText(`St Georges Tce ${RUN}`).first().waitFor();
    // The case shows what its booking holds, and so does the calendar.
    await pane()
      .getByText(`Held with the appointment: Consult B (St Georges Tce ${RUN}), interpreter Dara Sok ${RUN}`)
      .waitFor();
    await shot('case-session-held');
    const week = await apiGet<{ items: { centreName: string; startTime: string; slotStatusLabel: string }[] }>(
      baseUrl,
      page,
      `/api/app/appointment-sessions?fromDate=${formatIsoDate(monday)}&toDate=${formatIsoDate(addDays(monday, 6))}&specialistId=${surgeon.id}`,
    );
    const standing = Object.fromEntries(
      week.items.map((x) => [`${x.centreName.split(' ')[0]} ${x.startTime}`, x.slotStatusLabel]),
    );
    expect(standing).toMatchObject({ 'Macquarie 07:00': 'Unbooked (CA)', 'St 07:00': 'Booked Unconfirmed' });
    const held = await apiGet<{ items: { centreName: string; holds?: { kind: string; name: string }[] }[] }>(
      baseUrl,
      page,
      `/api/app/appointment-sessions?fromDate=${formatIsoDate(monday)}&toDate=${formatIsoDate(addDays(monday, 6))}&specialistId=${surgeon.id}`,
    );
    expect(held.items.find((x) => x.centreName.startsWith('St'))?.holds).toEqual([
      { kind: 'ROOM', name: `Consult B (St Georges Tce ${RUN})` },
      { kind: 'INTERPRETER', name: `Dara Sok ${RUN}` },
    ]);
  });

  it('finds the centres with free sessions near a postcode, e-mails one its availability, and lists the soonest video and phone sessions', async () => {
    // A specialist of this run with a free session at the seeded Hobart centre and two remote ones.
    const teleName = `Tele${RUN}`;
    const specialist = await apiPost<{ id: string }>(baseUrl, page, '/api/app/specialists', {
      firstName: 'Tess',
      lastName: teleName,
      email: `tess.${RUN}@remote.example`,
      onboardedDate: formatIsoDate(addDays(todayIn('Australia/Sydney'), -30)),
    });
    const hobart = (
      await apiGet<{ items: Item[] }>(
        baseUrl,
        page,
        '/api/app/centres?isSelectionList=true&filterText=Hobart%20Macquarie&maxResultCount=5',
      )
    ).items.find((c) => c.displayName === 'Hobart Macquarie Street')!;
    expect(hobart).toBeDefined();
    const day = (n: number) => formatIsoDate(addDays(todayIn('Australia/Sydney'), n));
    for (const session of [
      { centreId: hobart.id, date: day(2), startTime: '09:00', endTime: '10:00', appointmentType: 'INPERSON' },
      { date: day(1), startTime: '09:00', endTime: '10:00', appointmentType: 'VIDEO' },
      { date: day(1), startTime: '13:00', endTime: '14:00', appointmentType: 'PHONE' },
    ]) {
      await apiPost(baseUrl, page, '/api/app/appointment-sessions', { specialistId: specialist.id, ...session });
    }

    await page.goto('/view/smart-search');
    await pane().getByRole('heading', { name: 'Session & Specialist Search' }).waitFor();
    await pane().getByText('Clinic area', { exact: true }).click();
    const area = pane().getByRole('region', { name: 'Clinic area' });
    await area.getByRole('textbox', { name: 'Area postcode' }).fill('7000');
    await area.getByRole('button', { name: 'Search centres' }).click();
    // Nearest first: the Hobart centre (postcode 7000) heads the list with its free sessions.
    const first = area.locator('tbody tr.ant-table-row').first();
    await first.getByText('Hobart Macquarie Street').waitFor();
    const cells = first.locator('td');
    expect(await cells.nth(1).textContent()).toBe('99 Macquarie Street, Hobart, TAS 7000');
    expect(Number(await cells.nth(2).textContent())).toBeGreaterThanOrEqual(1);
    expect(await cells.nth(4).textContent()).toMatch(/ AE[DS]T$/);
    await shot('clinic-area');

    // Calendar: the clinic calendar opens on the centre at the week of its first free session.
    await first.getByRole('button', { name: 'Calendar: Hobart Macquarie Street' }).click();
    await pane().getByRole('heading', { name: 'Clinic Calendar' }).waitFor();
    // (The calendar's tab from the first test is reused: the link moves it to this centre and week.)
    await pane().locator('.ant-select', { hasText: 'Hobart Macquarie Street' }).waitFor();
    await pane()
      .locator(`[data-date="${day(2)}"]`)
      .getByRole('button', { name: new RegExp(`^09:00 Tess ${teleName} Unbooked`) })
      .waitFor();
    await shot('clinic-area-calendar');
    // Back to the search's tab, its results as they were.
    await tabNamed(page, 'Session & Specialist Search').click();
    await first.getByText('Hobart Macquarie Street').waitFor();

    // E-mail the centre its availability: asked first, then sent to the centre's own address.
    await first.getByRole('button', { name: 'Email availability' }).click();
    const ask = page.getByRole('dialog', { name: 'Email availability: Hobart Macquarie Street' });
    await opened(ask);
    await ask.getByText('Do you want to email the available sessions of this centre?').waitFor();
    await ask.getByRole('textbox', { name: 'Note' }).fill(`Rooms free for ${teleName}`);
    await shot('clinic-area-email');
    await ask.getByRole('button', { name: 'Yes' }).click();
    await seeNotice('Email has been sent!');
    const mailDir = path.join(dataDir, 'mail');
    await expect
      .poll(() =>
        fs.existsSync(mailDir)
          ? fs.readdirSync(mailDir).some((f) => {
              // Quoted-printable bodies wrap long lines with soft breaks ('=' at the line's end).
              const mail = fs.readFileSync(path.join(mailDir, f), 'utf8').replace(/=\r?\n/g, '');
              return mail.includes('rooms.hobart@centres.example') && mail.includes(teleName);
            })
          : false,
      )
      .toBe(true);

    // On demand: this specialist's video and phone sessions, soonest first, each with Book.
    await pane().getByText('On demand (video/phone)', { exact: true }).click();
    const remote = pane().getByRole('region', { name: 'On demand (video/phone)' });
    await remote.getByRole('textbox', { name: 'Specialist name' }).fill(teleName);
    await remote.getByRole('button', { name: 'Search on demand' }).click();
    const rows = remote.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain(`Tess ${teleName}`);
    expect(await rows.nth(0).locator('td').nth(2).textContent()).toBe('Video');
    expect(await rows.nth(1).locator('td').nth(2).textContent()).toBe('Phone');
    expect(await rows.nth(1).textContent()).toContain('13:00');
    await rows.nth(0).getByRole('button', { name: 'Book' }).waitFor();
    await rows.nth(1).getByRole('button', { name: 'Book' }).waitFor();
    // Nothing in person is offered on demand.
    expect(await remote.locator('tbody').textContent()).not.toContain('Hobart');
    await shot('on-demand');
  });

  it('finds a Vietnamese interpreter with an orthopaedic surgeon next week, books the first result with a room, and the calendar shows all three busy', async () => {
    // An orthopaedic surgeon of this run, the earliest next week (Monday 06:00), at a centre with two
    // rooms; a Vietnamese interpreter; another booking already holds Room 1 on Monday morning.
    const specialties = await apiGet<{ items: Item[] }>(
      baseUrl,
      page,
      '/api/app/lookup-configs?isSelectionList=true&type=SPECIALTY&maxResultCount=1000',
    );
    const ortho = specialties.items.find((i) => i.displayName === 'Orthopaedic Surgery')!;
    const onboarded = formatIsoDate(addDays(todayIn('Australia/Sydney'), -30));
    const surgeon = await apiPost<{ id: string }>(baseUrl, page, '/api/app/specialists', {
      firstName: 'Huy',
      lastName: `Tibia${RUN}`,
      email: `huy.${RUN}@bones.example`,
      specialtyId: ortho.id,
      onboardedDate: onboarded,
    });
    const other = await apiPost<{ id: string }>(baseUrl, page, '/api/app/specialists', {
      firstName: 'Olive',
      lastName: `Other${RUN}`,
      email: `olive.${RUN}@bones.example`,
      onboardedDate: onboarded,
    });
    const vietnamese = (
      await apiGet<{ items: Item[] }>(
        baseUrl,
        page,
        '/api/app/languages?isSelectionList=true&filterText=Vietnamese&maxResultCount=5',
      )
    ).items.find((l) => l.displayName === 'Vietnamese')!;
    expect(vietnamese).toBeDefined();
    const linh = `Linh Tran${RUN}`;
    await apiPost(baseUrl, page, '/api/app/interpreters', { name: linh, languageIds: [vietnamese.id] });
    const centreName = `Bankstown Rooms ${RUN}`;
    const centre = await apiPost<{ id: string }>(baseUrl, page, '/api/app/centres', {
      name: centreName,
      state: 'NSW',
      postcode: '2200',
      rooms: ['Room 1', 'Room 2'],
    });
    const today = todayIn('Australia/Sydney');
    const monday = formatIsoDate(addDays(today, 8 - isoWeekday(today)));
    const session = (specialistId: string, startTime: string, endTime: string) =>
      apiPost<{ id: string }>(baseUrl, page, '/api/app/appointment-sessions', {
        specialistId,
        centreId: centre.id,
        date: monday,
        startTime,
        endTime,
      });
    await session(surgeon.id, '06:00', '07:00');
    await session(surgeon.id, '07:00', '08:00');
    const taken = await session(other.id, '06:30', '07:30');
    await apiPost(baseUrl, page, `/api/app/appointment-sessions/${taken.id}/book`, { rooms: ['Room 1'] });

    // The search: orthopaedic next week, an interpreter speaking Vietnamese, and a room.
    await page.goto('/view/smart-search');
    await pane().getByRole('heading', { name: 'Session & Specialist Search' }).waitFor();
    await pane().getByRole('searchbox', { name: 'Search availability' }).fill('orthopaedic next week');
    await pane().getByRole('button', { name: 'Search' }).click();
    await pane()
      .getByText(/specialists? with free sessions from/)
      .waitFor();
    await choose('Interpreter language', 'Vietnam', 'Vietnamese');
    await pane().getByRole('checkbox', { name: 'Needs a room' }).check();
    // The first result is this surgeon, each slot naming its free rooms and interpreters.
    const first = pane().locator('.ant-card').first();
    await first.getByText(`Huy Tibia${RUN}`).waitFor();
    const rows = first.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    const headers = await first.locator('thead th').allTextContents();
    const cell = (row: number, header: string) => rows.nth(row).locator('td').nth(headers.indexOf(header));
    expect(await cell(0, 'When').textContent()).toContain('06:00');
    // Room 1 is held from 06:30 by the other booking: only Room 2 is free for the whole 06:00 slot.
    expect(await cell(0, 'Free rooms').textContent()).toBe('Room 2');
    expect(await cell(1, 'Free rooms').textContent()).toBe('Room 2');
    expect(await cell(0, 'Free interpreters').textContent()).toContain(linh);
    await shot('resources-results');

    // Book the first result: Room 1 is shown as booked and cannot be chosen; Room 2 and Linh are.
    await rows.first().getByRole('button', { name: 'Book' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book session' });
    await opened(dialog);
    await dialog.getByText(`Huy Tibia${RUN}`).waitFor();
    const roomBox = dialog.getByRole('combobox', { name: 'Room' });
    await roomBox.click();
    await expect
      .poll(() => page.locator('.ant-select-item-option-disabled', { hasText: 'Room 1 (booked)' }).count())
      .toBe(1);
    await page.locator('.ant-select-item-option', { hasText: 'Room 2' }).click();
    const interpreterBox = dialog.getByRole('combobox', { name: 'Interpreter' });
    await interpreterBox.click();
    await interpreterBox.pressSequentially(linh);
    await page.locator('.ant-select-item-option', { hasText: linh }).click();
    await dialog.getByLabel('Case number').fill(`IME-V${RUN}`);
    await shot('resources-book-dialog');
    await dialog.getByRole('button', { name: 'Book' }).click();
    await seeNotice('The session is booked.');
    await dialog.waitFor({ state: 'hidden' });

    // The calendar next week: the surgeon's 06:00 session is booked, holding Room 2 and Linh.
    await page.goto('/view/calendar');
    await pane().getByRole('heading', { name: 'Clinic Calendar' }).waitFor();
    await pane().getByRole('button', { name: 'Next' }).click();
    await choose('Specialist', `Tibia${RUN}`, `Huy Tibia${RUN}`);
    const day = pane().locator(`[data-date="${monday}"]`);
    const held = `Room: Room 2 (${centreName}), Interpreter: ${linh}`;
    const booked = day.getByRole('button', { name: `06:00 Huy Tibia${RUN} Booked Unconfirmed, ${held}` });
    const olives = day.getByRole('button').filter({ hasText: `Olive Other${RUN}` });
    await booked.waitFor();
    await day.getByRole('button', { name: `07:00 Huy Tibia${RUN} Unbooked (CA)` }).waitFor();
    await shot('resources-calendar-specialist');

    // By resource: the room's bookings (the centre chosen first), then the interpreter's.
    await pane()
      .locator('.ant-select', { hasText: `Huy Tibia${RUN}` })
      .locator('.ant-select-clear')
      .click();
    await choose('Centre', `Bankstown Rooms ${RUN}`, centreName);
    await day.getByRole('button', { name: new RegExp(`^06:30 Olive Other${RUN} Booked Unconfirmed`) }).waitFor();
    const room = pane().getByRole('combobox', { name: 'Room' });
    await room.click();
    await page.locator('.ant-select-item-option', { hasText: 'Room 2' }).click();
    await booked.waitFor();
    // Room 1's booking and the free session are not Room 2's.
    await expect.poll(() => olives.count()).toBe(0);
    await expect.poll(() => day.getByRole('button', { name: new RegExp(`^07:00 Huy`) }).count()).toBe(0);
    await shot('resources-calendar-room');
    await pane().locator('.ant-select', { hasText: 'Room 2' }).locator('.ant-select-clear').click();
    await choose('Interpreter', linh, linh);
    await booked.waitFor();
    await expect.poll(() => olives.count()).toBe(0);
    await shot('resources-calendar-interpreter');
  });

  it('exports the availability search as a spreadsheet download', async () => {
    await page.goto('/view/smart-search');
    await pane().getByRole('heading', { name: 'Session & Specialist Search' }).waitFor();
    await pane().getByRole('searchbox', { name: 'Search availability' }).fill('orthopaedic next week');
    await pane().getByRole('button', { name: 'Search' }).click();
    await pane()
      .getByText(/specialists? with free sessions from/)
      .waitFor();
    await pane().getByRole('button', { name: 'download Export', exact: true }).click();
    const ask = page.getByRole('dialog').filter({ hasText: 'Do you want to download search results?' });
    await opened(ask);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      ask.getByRole('button', { name: 'Yes' }).click(),
    ]);
    await ask.waitFor({ state: 'hidden' });
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const saved = artifactPath(`scheduling-${download.suggestedFilename()}`);
    await download.saveAs(saved);
    // A workbook is a zip: it starts with PK.
    expect(fs.readFileSync(saved).subarray(0, 2).toString()).toBe('PK');
    await shot('export');
  });

  it('asks why a booking goes ahead with a specialist who saw the claimant for another company, saves it with the reason and shows it in View changes', async () => {
    const specialist = await apiPost<{ id: string }>(baseUrl, page, '/api/app/specialists', {
      firstName: 'Ivy',
      lastName: `Indep${RUN}`,
      onboardedDate: formatIsoDate(addDays(todayIn('Australia/Sydney'), -30)),
    });
    const [north, south] = await Promise.all(
      [`North Law ${RUN}`, `South Law ${RUN}`].map((name) =>
        apiPost<{ id: string }>(baseUrl, page, '/api/app/companies', { name, businessType: 'LAW_FIRM' }),
      ),
    );
    const northCm = await apiPost<{ id: string }>(baseUrl, page, '/api/app/case-managers', {
      firstName: 'Nora',
      lastName: `North${RUN}`,
      companyId: north!.id,
    });
    await apiPost(baseUrl, page, '/api/app/case-managers', {
      firstName: 'Sol',
      lastName: `South${RUN}`,
      companyId: south!.id,
    });
    const claimant = await apiPost<{ id: string }>(baseUrl, page, '/api/app/clients', {
      firstName: 'Iris',
      lastName: `Twice${RUN}`,
    });
    // The specialist examined the claimant for North Law before.
    const earlier = await apiPost<{ caseNo: string }>(baseUrl, page, '/api/app/assessments', {
      clientId: claimant.id,
      caseManagerId: northCm.id,
      specialistId: specialist.id,
    });

    // South Law books the same specialist for the claimant.
    await page.goto('/view/assessments/add');
    await pane().getByRole('heading', { name: 'Add IME Assessment' }).waitFor();
    await choose('Claimant', `Twice${RUN}`, `Iris Twice${RUN}`);
    await choose('Booking case manager', `South${RUN}`, `Sol South${RUN}`);
    await choose('Specialist', `Indep${RUN}`, `Ivy Indep${RUN}`);
    await pane().getByRole('button', { name: 'Save' }).click();
    const ask = page.getByRole('dialog', { name: 'Independence warning' });
    await opened(ask);
    expect(await ask.textContent()).toContain(
      `Ivy Indep${RUN} has seen this claimant before for another company, North Law ${RUN}: case ${earlier.caseNo}.`,
    );
    expect(await ask.getByRole('button', { name: 'Save with this reason' }).isDisabled()).toBe(true);
    await shot('independence-asked');
    // Cancel keeps the form as typed and saves nothing.
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    await pane().getByRole('heading', { name: 'Add IME Assessment' }).waitFor();
    const none = await apiGet<{ totalCount: number }>(
      baseUrl,
      page,
      `/api/app/assessments?filterText=Twice${RUN}&maxResultCount=10`,
    );
    expect(none.totalCount).toBe(1);

    const reason = `Both firms agreed to Dr Indep in writing (${RUN})`;
    await pane().getByRole('button', { name: 'Save' }).click();
    await opened(ask);
    await ask.getByRole('textbox', { name: 'Reason for going ahead' }).fill(reason);
    await ask.getByRole('button', { name: 'Save with this reason' }).click();
    await seeNotice('Data has been saved successfully');
    await pane().getByRole('button', { name: 'View changes' }).waitFor();
    await pane().getByRole('button', { name: 'View changes' }).click();
    const changes = page.getByRole('dialog', { name: 'View changes' });
    const overrideRow = changes.locator('tbody tr.ant-table-row').filter({ hasText: reason });
    await overrideRow.first().waitFor();
    const cells = (await overrideRow.first().locator('td').allTextContents()).map((t) => t.trim());
    expect(cells.slice(1)).toEqual(['Avery Adminstaff', 'Updated', 'Independence override reason', '', reason]);
    await shot('independence-view-changes');
    await changes.getByRole('button', { name: 'Close' }).click();
  });
});
