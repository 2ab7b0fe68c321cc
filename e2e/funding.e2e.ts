import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ErrorMessages, RouteTable, type LoanDto } from '@casebook/domain';
import { apiGet } from './support/api';
import { artifactPath } from './support/artifacts';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { sidebarEntries } from './support/shell';
import { DEMO_PASSWORD, signIn } from './support/signin';

const baseUrl = inject('baseUrl');
let browser: RunningBrowser;

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
});

const NOT_ENABLED = 'This feature is not enabled for your organisation.';
/** The Funding menu's entries whose screens are not built yet: they say so ("not available yet"). */
const NOT_YET_OFFERED = new Set(['/view/facility-requests', '/view/transaction-invoice']);
const FUNDING_PATHS = new Set(RouteTable.filter((r) => r.menu?.group === 'Funding').map((r) => r.path));

/** Watches a page for refused calls, 'not enabled' or permission notices and uncaught errors. */
function watch(page: Page) {
  const trouble: string[] = [];
  const pending = new Set<unknown>();
  page.on('request', (request) => {
    // The notification stream stays open for as long as the page does.
    if (request.resourceType() !== 'eventsource') pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400 && response.status() !== 401)
      trouble.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
  });
  page.on('pageerror', (error) => trouble.push(`error: ${error.message}`));
  const check = async (where: string) => {
    let quietSince = Date.now();
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      if (pending.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince > 300) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const body = (await page.locator('body').textContent()) ?? '';
    for (const notice of [NOT_ENABLED, ErrorMessages.permission]) {
      if (body.includes(notice)) trouble.push(`${where}: ${notice}`);
    }
  };
  return { trouble, check };
}

describe('fundco, the funding provider', () => {
  const accounts = ['admin', 'adminstaff', 'staff', 'accounting', 'casemanager', 'specialist', 'contractor', 'insurer'];
  it.each(accounts)(
    '%s: the dashboard has no "not enabled" notice and every Funding menu entry opens a working screen',
    async (userName) => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const { trouble, check } = watch(page);
        await signIn(page, { tenant: 'fundco', userNameOrEmail: userName, password: DEMO_PASSWORD });
        await check('/view/dashboard');
        const entries = (await sidebarEntries(page)).filter((e) => FUNDING_PATHS.has(e.path));
        const nav = page.getByRole('navigation', { name: 'Main menu' });
        for (const entry of entries) {
          const link = nav.locator(`a[data-menu-path="${entry.path}"]`);
          // Entries of closed groups are in the page but hidden; following their route opens the same tab.
          if (await link.isVisible()) await link.click();
          else
            await page.evaluate(
              `window.history.pushState({}, '', ${JSON.stringify(entry.path)}); dispatchEvent(new PopStateEvent('popstate'))`,
            );
          await page.waitForURL((url) => url.pathname === entry.path);
          await page.locator('.screen-title').filter({ visible: true }).first().waitFor();
          await check(entry.path);
          const placeholder = await page
            .getByText('This section is not available yet.')
            .filter({ visible: true })
            .count();
          expect({ path: entry.path, placeholder: placeholder > 0 }).toEqual({
            path: entry.path,
            placeholder: NOT_YET_OFFERED.has(entry.path),
          });
          // A working list shows its table with rows from the demo book.
          const office = ['admin', 'adminstaff', 'staff', 'accounting'].includes(userName);
          if (
            office &&
            !NOT_YET_OFFERED.has(entry.path) &&
            (await page.locator('.ant-table').filter({ visible: true }).count()) > 0
          ) {
            await page.locator('.ant-table-row').filter({ visible: true }).first().waitFor({ timeout: 15_000 });
          }
          // Closed tabs leave nothing mounted behind.
          await page.evaluate(
            `document.querySelectorAll('.workspace-tab-close').length > 1 && document.querySelector('[role="tab"][aria-selected="true"] .workspace-tab-close')?.click()`,
          );
        }
        await page.screenshot({ animations: 'disabled', path: artifactPath(`funding-fundco-${userName}.png`) });
        expect(trouble).toEqual([]);
        // Admin staff and staff have the whole Funding menu (the spec's "admin staff, staff"); the others at
        // least see no error.
        if (['adminstaff', 'staff'].includes(userName)) {
          expect(entries.map((e) => e.path)).toEqual(
            expect.arrayContaining([
              '/view/facility-agreements',
              '/view/disbursement-funding',
              '/view/facility-transactions',
              '/view/funding-providers',
              '/view/disbursement-funding-report',
            ]),
          );
        }
      } finally {
        await context.close();
      }
    },
    180_000,
  );

  it("a loan's balance on screen and on its statement equals the ledger's sum", async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await signIn(page, { tenant: 'fundco', userNameOrEmail: 'staff', password: DEMO_PASSWORD });
      const loans = await apiGet<{ items: LoanDto[] }>(
        baseUrl,
        page,
        '/api/app/disbursement-funding?status=Active&maxResultCount=100',
      );
      const loan = loans.items[0]!;
      const digits = (text: string | null) => (text ?? '').replace(/[^0-9-]/g, '');
      await page.goto(`/view/disbursement-funding/detail/${loan.id}`);
      const balance = page.getByTestId('loan-balance');
      await balance.waitFor();
      const ledgerSum = await page.getByTestId('ledger-sum').textContent();
      expect(digits(await balance.textContent())).toBe(digits(ledgerSum));
      expect(digits(ledgerSum)).toBe(String(loan.balanceCents));
      await page.screenshot({ animations: 'disabled', path: artifactPath('funding-loan-detail.png') });

      await page.goto(`/view/disbursement-funding/accrued-interest-statement-print?id=${loan.id}`);
      const statementBalance = page.getByTestId('statement-balance');
      await statementBalance.waitFor();
      expect(digits(await statementBalance.textContent())).toBe(String(loan.balanceCents));
      expect(digits(await page.getByTestId('statement-ledger-balance').textContent())).toBe(String(loan.balanceCents));
      await page.screenshot({ animations: 'disabled', path: artifactPath('funding-statement.png') });
    } finally {
      await context.close();
    }
  }, 120_000);
});
