import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { accessTokenOf, apiPost } from './support/api';
import { artifactPath } from './support/artifacts';
import { launchBrowser, type RunningBrowser } from './support/browser';
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

describe('documents', () => {
  it('finds an uploaded PDF by a word inside it and opens it in the viewer', async () => {
    // Upload and attach as the signed-in user would from a record's attachments.
    const client = await apiPost<{ id: string }>(baseUrl, page, '/api/app/clients', {
      firstName: 'Iris',
      lastName: `Document${RUN}`,
      dateOfBirth: '1975-05-05',
      gender: 'FEMALE',
    });
    const form = new FormData();
    form.set('name', `IME report ${RUN}.pdf`);
    form.set('file', new Blob([await pdfWith(`Findings: ${WORD} joint tenderness on the left.`)]), `ime-${RUN}.pdf`);
    const uploaded = await fetch(new URL('/api/app/files', baseUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const file = (await uploaded.json()) as { id: string };
    await apiPost(baseUrl, page, '/api/app/attachments', {
      fileId: file.id,
      attachmentFrom: 'Client',
      objectId: client.id,
    });

    // Search by the word; the text is read just after upload, so search again until it is there.
    const pane = page.getByRole('tabpanel');
    const box = pane.getByLabel('Search documents');
    const row = pane.locator('tbody tr.ant-table-row', { hasText: `IME report ${RUN}.pdf` });
    await expect
      .poll(
        async () => {
          await box.fill(WORD);
          await box.press('Enter');
          await pane
            .locator('.ant-spin-spinning')
            .waitFor({ state: 'detached' })
            .catch(() => undefined);
          return row.count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1)
      .catch(async (error: unknown) => {
        await page.screenshot({ path: artifactPath('files-document-search-failed.png') });
        throw error;
      });
    await expect.poll(() => row.locator('mark').first().textContent()).toBe(WORD);
    expect(await row.textContent()).toContain(`Iris Document${RUN}`);
    await page.screenshot({ path: artifactPath('files-document-search.png') });

    // The viewer reads the PDF as a blob through a download token.
    await row.getByRole('button', { name: 'View' }).click();
    const viewer = page.locator('.pdf-viewer');
    await viewer.getByText(`IME report ${RUN}.pdf`).waitFor();
    const frame = viewer.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    expect(await viewer.getByText('Failed to load PDF file').count()).toBe(0);
    // 800×600 to start (read from the layout, not the box, which scales while the modal animates in).
    const body = viewer.getByTestId('pdf-viewer-body');
    expect(await body.getAttribute('style')).toContain('height: 600px');
    await page.screenshot({ path: artifactPath('files-pdf-viewer.png') });
  });
});
