import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FakeSendGrid } from '../apps/server/src/modules/integrations/sendgrid/fake';
import { apiPost } from './support/api';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { DEMO_PASSWORD, signIn } from './support/signin';
import { pane, screenshots, seeNotice } from './support/screen';

const RUN = Date.now().toString(36);
const shot = screenshots('marketing');

let sendgrid: FakeSendGrid;
let server: RunningServer;
let browser: RunningBrowser;
let admin: Page;
let baseUrl: string;

beforeAll(async () => {
  sendgrid = await new FakeSendGrid().start();
  server = await startServer({
    env: {
      SENDGRID_API_URL: sendgrid.url,
      INTEGRATIONS_KEY: 'b'.repeat(24) + '0123456789abcdef0123456789abcdef01234567',
      INTEGRATIONS_RETRY_DELAY_SECONDS: '1',
    },
    startTimeoutMs: 300_000,
  });
  baseUrl = server.baseUrl;
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1400, height: 1000 } });
  admin = await (await browser.newContext()).newPage();
  await signIn(admin, { tenant: 'demo', userNameOrEmail: 'adminstaff', password: DEMO_PASSWORD }, '/view/dashboard');
  for (const n of [1, 2, 3]) {
    await apiPost(baseUrl, admin, '/api/app/companies', {
      name: `Mail Firm ${n} ${RUN}`,
      businessType: 'LAW_FIRM',
      email: `firm${n}-${RUN}@mail.test`,
    });
  }
  await apiPost(baseUrl, admin, '/api/app/marketing-campaigns/unsubscribes', { email: `firm2-${RUN}@mail.test` });
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sendgrid?.close();
});

describe('marketing campaigns', () => {
  it('enters the SendGrid key, adds a campaign, sends it to all but the unsubscribed, and syncs its statistics', async () => {
    const key = sendgrid.issueKey();
    await admin.goto(`${baseUrl}/view/marketing-campaigns`);
    const screen = pane(admin);
    await screen.getByRole('button', { name: 'Enter API key' }).click();
    await screen.getByLabel('API key').fill(key);
    await screen.getByRole('button', { name: 'Save' }).click();
    await seeNotice(admin, 'Data has been saved successfully');
    await screen.getByText('Connected', { exact: true }).waitFor();

    await screen.getByRole('button', { name: 'Add Marketing Campaign' }).click();
    const add = pane(admin);
    await add.getByLabel('Name').fill(`Autumn news ${RUN}`);
    await add.getByLabel('Subject').fill('News from the practice');
    await add.getByLabel('Sender').click();
    await admin.getByTitle('Casebook Marketing <marketing@casebook.test>').click();
    await add.getByLabel('Unsubscribe group').click();
    await admin.getByTitle('Newsletters').click();
    await add.getByLabel('Companies', { exact: true }).click();
    await add.getByLabel('Companies', { exact: true }).fill(RUN);
    for (const n of [1, 2, 3]) await admin.getByTitle(`Mail Firm ${n} ${RUN} <firm${n}-${RUN}@mail.test>`).click();
    await add.getByLabel('Content (HTML)').fill('<p>Our autumn news.</p>');
    await add.getByRole('button', { name: 'Save' }).click();
    await seeNotice(admin, 'Data has been added successfully');

    const detail = pane(admin);
    await detail.locator('h1 .ant-tag', { hasText: 'Ready' }).waitFor();
    await detail.getByRole('button', { name: 'Preview' }).click();
    await admin.getByRole('button', { name: 'Send preview' }).click();
    await seeNotice(admin, 'A preview was sent to marketing@casebook.test.');
    expect(sendgrid.deliveredTo('mail-send')).toEqual(['marketing@casebook.test']);

    await detail.getByRole('button', { name: 'Send', exact: true }).click();
    await admin.getByRole('button', { name: 'Send', exact: true }).last().click();
    await detail.locator('h1 .ant-tag', { hasText: 'Sent' }).waitFor({ timeout: 30_000 });
    const [single] = [...sendgrid.singleSends.values()];
    expect(sendgrid.deliveredTo(single!.id).sort()).toEqual([`firm1-${RUN}@mail.test`, `firm3-${RUN}@mail.test`]);
    const history = detail.getByRole('table', { name: 'E-mail histories' });
    await history.getByText('UNSUBSCRIBED').waitFor();

    sendgrid.stats.set(single!.id, { delivered: 2, opens: 3, unique_opens: 2, clicks: 1, unique_clicks: 1 });
    await detail.getByRole('button', { name: 'Sync' }).click();
    await seeNotice(admin, 'Data has been saved successfully');
    const stats = detail.getByLabel('Statistics');
    await stats.getByText('Unique opens').waitFor();
    expect(await stats.locator('.ant-statistic').filter({ hasText: 'Delivered' }).innerText()).toContain('2');
    await shot(admin, 'campaign-detail');

    await admin.goto(`${baseUrl}/view/marketing-campaigns`);
    const list = pane(admin);
    await list.getByLabel('Stage').click();
    await admin.getByTitle('Sent').click();
    await list.getByRole('cell', { name: `Autumn news ${RUN}` }).waitFor();
    await shot(admin, 'campaign-list');
  });
});
