import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessTokenOf, apiGet, apiPost } from './support/api';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { DEMO_PASSWORD, signIn } from './support/signin';
import { fillDate, openTab, pane, saveStep, screenshots, seeNotice } from './support/screen';

const baseUrl = inject('baseUrl');
const RUN = Date.now().toString(36);
const as = (userNameOrEmail: string) => ({ tenant: 'demo', userNameOrEmail, password: DEMO_PASSWORD });

let browser: RunningBrowser;
let staff: Page;
let parties: { clientId: string; caseManagerId: string };

const shot = screenshots('claims-modules');

type Named = { id: string };

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1400, height: 1000 } });
  staff = await browser.newPage();
  await signIn(staff, as('staff'), '/view/dashboard');
  const company = await apiPost<Named>(baseUrl, staff, '/api/app/companies', {
    name: `Claims Law ${RUN}`,
    businessType: 'LAW_FIRM',
  });
  const booker = await apiPost<Named>(baseUrl, staff, '/api/app/case-managers', {
    firstName: 'Carla',
    lastName: `Claims${RUN}`,
    companyId: company.id,
  });
  const claimant = await apiPost<Named>(baseUrl, staff, '/api/app/clients', {
    firstName: 'Max',
    lastName: `Motor${RUN}`,
  });
  parties = { clientId: claimant.id, caseManagerId: booker.id };
});

afterAll(async () => {
  await browser?.close();
});

/** Chooses an option of a select field of the shown pane. */
async function choose(page: Page, label: string, option: string) {
  await pane(page).getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

describe('claims modules, end to end', () => {
  it('MVA: a claim lodged, two offers with the second set current, a settlement, and its demand letter', async () => {
    // The demo tenant has its own claims: one negotiating, one new.
    const demo = await apiGet<{ items: { status: string }[] }>(baseUrl, staff, '/api/app/mva?maxResultCount=100');
    expect(demo.items.map((c) => c.status)).toEqual(expect.arrayContaining(['NEGOTIATING', 'CASE_CREATED']));
    const demoNdis = await apiGet<{ items: { status: string }[] }>(baseUrl, staff, '/api/app/ndis?maxResultCount=100');
    expect(demoNdis.items.map((c) => c.status)).toContain('REPORT_REQUESTED');
    const claim = await apiPost<{ id: string; caseNo: string }>(baseUrl, staff, '/api/app/mva', parties);
    await staff.goto(`/view/mva-claim/detail/${claim.id}`);
    await pane(staff).locator('h1 .ant-tag', { hasText: 'Claim created' }).waitFor();

    await openTab(staff, 'Claim');
    await fillDate(staff, 'Accident date', '2024-02-29');
    await choose(staff, 'State', 'NSW');
    await pane(staff).getByLabel('Insurer name', { exact: true }).fill('Acme Insurance');
    await fillDate(staff, 'Claim lodged date', '2024-03-20');
    await saveStep(staff, 'Claim lodged');

    await openTab(staff, 'Offers');
    await pane(staff).getByLabel('Limitation date').getByText('28 Feb 2027').waitFor();
    const addOffer = async (date: string, amount: string) => {
      await fillDate(staff, 'Offer date', date);
      await pane(staff).getByLabel('Amount', { exact: true }).fill(amount);
      await pane(staff).getByRole('button', { name: 'Add offer' }).click();
      await seeNotice(staff, 'Data has been saved successfully');
    };
    await addOffer('2024-06-01', '15000');
    await addOffer('2024-07-01', '22500.50');
    const offers = pane(staff).getByRole('table', { name: 'Offers' });
    await offers.getByText('$22,500.50').waitFor();
    await offers.getByRole('button', { name: 'Set current' }).click();
    await expect
      .poll(async () => (await offers.locator('tbody tr').allTextContents()).map((r) => r.includes('Current')))
      .toEqual([false, true]);
    expect(await offers.locator('tbody tr').nth(0).getByRole('button', { name: 'Set current' }).count()).toBe(1);

    await openTab(staff, 'Settlements');
    await fillDate(staff, 'Settlement date', '2024-08-01');
    await pane(staff).getByLabel('Settlement amount', { exact: true }).fill('24000');
    await pane(staff).getByRole('button', { name: 'Add settlement' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await pane(staff).getByRole('table', { name: 'Settlements' }).getByText('$24,000.00').waitFor();
    await shot(staff, 'mva-claim');

    await staff.goto(`/view/mva/template?id=${claim.id}&type=demandLetter`);
    await staff.getByRole('heading', { name: 'Demand Letter' }).waitFor();
    await staff.getByText(/The offer currently before our client is \$22,500\.50/).waitFor();
    await staff.getByText(/Proceedings must be commenced by 2027-02-28/).waitFor();
    expect(await staff.title()).toContain(`Demand Letter - ${claim.caseNo}`);
    await shot(staff, 'mva-demand-letter');
  });

  it('OT: a quotation made from the case with three items, its GST and total as worked by hand', async () => {
    const ot = await apiPost<{ id: string; caseNo: string }>(baseUrl, staff, '/api/app/assessments', {
      ...parties,
      serviceType: 'OT',
    });
    await staff.goto(`/view/ot/detail/${ot.id}`);
    await openTab(staff, 'OT Quotation');
    await pane(staff).getByRole('button', { name: 'Create quotation' }).click();
    const items = pane(staff).getByRole('table', { name: 'Item costs' });
    await items.waitFor();
    const addItem = async (description: string, quantity: number, unitPrice: string, gst: boolean) => {
      await pane(staff).getByLabel('Description', { exact: true }).fill(description);
      await pane(staff).getByLabel('Quantity', { exact: true }).fill(String(quantity));
      await pane(staff).getByLabel('Unit price', { exact: true }).fill(unitPrice);
      const box = pane(staff).getByLabel('GST applies');
      if ((await box.isChecked()) !== gst) await box.click();
      await pane(staff).getByRole('button', { name: 'Add item' }).click();
      await items.getByText(description, { exact: true }).waitFor();
    };
    // By hand: 3 × $123.45 = $370.35, GST 10% = $37.035, rounded half to even $37.04;
    // 2 × $80.05 = $160.10, GST $16.01; 1 × $19.99 without GST.
    // Subtotal $550.44; GST $53.05; total $603.49.
    await addItem('Home visit', 3, '123.45', true);
    await addItem('Report', 2, '80.05', true);
    await addItem('Travel', 1, '19.99', false);
    await expect.poll(() => pane(staff).getByLabel('Quotation subtotal').textContent()).toBe('$550.44');
    expect(await pane(staff).getByLabel('Quotation gst').textContent()).toBe('$53.05');
    expect(await pane(staff).getByLabel('Quotation total').textContent()).toBe('$603.49');
    expect(await items.locator('tbody tr').count()).toBe(3);
    await shot(staff, 'ot-quotation');
  });

  it('NDIS: a key contact, an attendee, a clinical note and the generated service agreement', async () => {
    const ndis = await apiPost<{ id: string; caseNo: string }>(baseUrl, staff, '/api/app/ndis', parties);
    await staff.goto(`/view/ndis/detail/${ndis.id}`);
    await pane(staff).locator('h1 .ant-tag', { hasText: 'Case created' }).waitFor();
    await openTab(staff, 'Participant');
    await pane(staff).getByLabel('Ndis number', { exact: true }).fill('430123456');
    await fillDate(staff, 'Report requested date', '2026-02-01');
    await saveStep(staff, 'Report requested');

    const add = async (tab: string, fill: () => Promise<void>, shown: string) => {
      await openTab(staff, tab);
      await fill();
      await pane(staff)
        .getByRole('tabpanel')
        .filter({ visible: true })
        .getByRole('button', { name: 'Add', exact: true })
        .click();
      await seeNotice(staff, 'Data has been saved successfully');
      await pane(staff).getByRole('table', { name: tab }).getByText(shown, { exact: true }).waitFor();
    };
    // Each tab's form is rendered once opened; the label is looked up in the tab shown.
    const field = (label: string) =>
      pane(staff).getByRole('tabpanel').filter({ visible: true }).getByLabel(label, { exact: true });
    await add(
      'Key contacts',
      async () => {
        await field('Name').fill('Sam Support');
        await field('Relationship').fill('Nominee');
      },
      'Sam Support',
    );
    await add('Attendees', () => field('Name').fill('Kim Carer'), 'Kim Carer');
    await add(
      'Clinical notes',
      async () => {
        await fillDate(staff, 'Note date', '2026-02-03', pane(staff).getByRole('tabpanel').filter({ visible: true }));
        await field('Note').fill('Assessed at home.');
      },
      'Assessed at home.',
    );
    await shot(staff, 'ndis-case');

    await staff.goto(`/view/ndis/template?id=${ndis.id}&type=serviceAgreement`);
    const frame = staff.locator('iframe[title="Service Agreement"]');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    expect(await staff.title()).toContain('Service Agreement');
    // The document in the frame is the generated PDF (the page's policy keeps fetches to its own origin).
    const pdf = await fetch(new URL(`/api/app/ndis/${ndis.id}/printServiceAgreement`, baseUrl), {
      headers: { authorization: `Bearer ${await accessTokenOf(staff)}` },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(String.fromCharCode(...bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
    await shot(staff, 'ndis-service-agreement');
  });
});
