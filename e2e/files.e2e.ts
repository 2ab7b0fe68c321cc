import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { apiPost } from './support/api';
import { artifactPath } from './support/artifacts';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { openTab } from './support/screen';
import { DEMO_PASSWORD, submitSignIn, waitForSignInForm } from './support/signin';

const baseUrl = inject('baseUrl');
let browser: RunningBrowser;
let page: Page;

// Document search is for admin staff and staff (shell.md §2).
const ADMIN_STAFF = { tenant: 'demo', userNameOrEmail: 'adminstaff', password: DEMO_PASSWORD };
const RUN = Date.now().toString(36);
const WORD = `zygapophyseal${RUN.replace(/[0-9]/g, '')}`;

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1400, height: 900 } });
  page = await browser.newPage();
  await page.goto('/view/docs-search');
  await waitForSignInForm(page);
  await submitSignIn(page, ADMIN_STAFF);
  await page.getByRole('tabpanel').getByRole('heading', { name: 'Document Search' }).waitFor();
});
afterAll(async () => {
  await browser?.close();
});

async function pdfWith(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText('Independent medical examination', { x: 50, y: 760, size: 14, font });
  doc.addPage().drawText(text, { x: 50, y: 760, size: 12, font });
  return doc.save();
}

const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An IME case booked for a law firm of this run. */
async function bookCase(): Promise<{ id: string; caseNo: string }> {
  const company = await apiPost<{ id: string }>(baseUrl, page, '/api/app/companies', {
    name: `Files Law ${RUN}`,
    businessType: 'LAW_FIRM',
  });
  const cm = await apiPost<{ id: string }>(baseUrl, page, '/api/app/case-managers', {
    firstName: 'Fern',
    lastName: `Filer${RUN}`,
    companyId: company.id,
  });
  const client = await apiPost<{ id: string }>(baseUrl, page, '/api/app/clients', {
    firstName: 'Iris',
    lastName: `Document${RUN}`,
  });
  const specialist = await apiPost<{ id: string }>(baseUrl, page, '/api/app/specialists', {
    firstName: 'Dana',
    lastName: `Reader${RUN}`,
    onboardedDate: isoDay(-30),
  });
  return apiPost(baseUrl, page, '/api/app/assessments', {
    clientId: client.id,
    caseManagerId: cm.id,
    specialistId: specialist.id,
  });
}

/** The shown tab's screen (the shell keeps one tab per open screen). */
const pane = () => page.getByRole('tabpanel').filter({ visible: true }).first();

describe('documents', () => {
  it('uploads a PDF to an IME case, opens it in the viewer and finds it by a word in document search', async () => {
    const booked = await bookCase();
    const fileName = `ime-brief-${RUN}.pdf`;

    // The case's Attachments tab: upload through the file picker.
    await page.goto(`/view/assessments/detail/${booked.id}`);
    await pane()
      .getByRole('heading', { name: new RegExp(booked.caseNo) })
      .waitFor();
    await openTab(page, 'Attachments');
    const tab = pane().getByRole('tabpanel', { name: 'Attachments' });
    await tab.locator('input[type=file]').setInputFiles({
      name: fileName,
      mimeType: 'application/pdf',
      buffer: Buffer.from(await pdfWith(`Findings: ${WORD} joint tenderness on the left.`)),
    });
    const fileRow = tab.locator('tbody tr.ant-table-row', { hasText: fileName });
    await fileRow.waitFor().catch(async (error: unknown) => {
      await page.screenshot({ animations: 'disabled', path: artifactPath('files-case-upload-failed.png') });
      throw error;
    });
    // Type, pages and size as the list shows them; the pages are counted when the text is read, in the
    // background, and the list looks again while a file is being read.
    const cells = fileRow.locator('td');
    await expect.poll(() => cells.nth(4).textContent(), { timeout: 30_000 }).toBe('2');
    expect(await cells.nth(3).textContent()).toBe('PDF');
    expect(await cells.nth(5).textContent()).toMatch(/^\d+(\.\d+)? KB$/);
    expect(await fileRow.getByText('Searchable').count()).toBe(1);
    await page.screenshot({ animations: 'disabled', path: artifactPath('files-case-attachments.png') });

    // The viewer reads the PDF as a blob through a download token.
    await fileRow.getByRole('button', { name: 'View' }).click();
    const viewer = page.locator('.pdf-viewer');
    await viewer.getByText(fileName).waitFor();
    const frame = viewer.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    expect(await viewer.getByText('Failed to load PDF file').count()).toBe(0);
    // 800×600 to start (read from the layout, not the box, which scales while the modal animates in).
    expect(await viewer.getByTestId('pdf-viewer-body').getAttribute('style')).toContain('height: 600px');
    await page.screenshot({ animations: 'disabled', path: artifactPath('files-pdf-viewer.png') });
    await viewer.getByRole('button', { name: 'Close' }).click();
    await viewer.waitFor({ state: 'hidden' });

    // Document search finds it by the word inside; the text is read in the background, so search again
    // until it is there. The result names the case.
    await page.goto('/view/docs-search');
    await pane().getByRole('heading', { name: 'Document Search' }).waitFor();
    const box = pane().getByLabel('Search documents');
    const hit = pane().locator('tbody tr.ant-table-row', { hasText: fileName });
    await expect
      .poll(
        async () => {
          await box.fill(WORD);
          await box.press('Enter');
          await pane()
            .locator('.ant-spin-spinning')
            .waitFor({ state: 'detached' })
            .catch(() => undefined);
          return hit.count();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(1)
      .catch(async (error: unknown) => {
        await page.screenshot({ animations: 'disabled', path: artifactPath('files-document-search-failed.png') });
        throw error;
      });
    await expect.poll(() => hit.locator('mark').first().textContent()).toBe(WORD);
    expect(await hit.locator('td').first().textContent()).toBe(booked.caseNo);
    await page.screenshot({ animations: 'disabled', path: artifactPath('files-document-search.png') });

    // Opened from the search too.
    await hit.getByRole('button', { name: 'View' }).click();
    await viewer.getByText(fileName).waitFor();
    await viewer.locator('iframe').waitFor();
  });
});
