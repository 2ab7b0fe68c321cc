import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { apiPost } from './support/api';
import { artifactPath } from './support/artifacts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, launchBrowser, type RunningBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { DEMO_PASSWORD, signIn } from './support/signin';
import { openTab, pane } from './support/screen';

/**
 * Video meetings: staff make the links on a case's Video tab; the specialist and the claimant open their
 * own links in browsers of their own (Chromium's fake camera and microphone), see each other's video, and
 * the meeting closes itself at its limit (shortened here by configuration), which both pages show.
 */

const RUN = Date.now().toString(36);
// 40 seconds: long enough to connect and look, short enough to wait for.
const LIMIT_MINUTES = 40 / 60;
const as = (userNameOrEmail: string) => ({ tenant: 'demo', userNameOrEmail, password: DEMO_PASSWORD });
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let server: RunningServer;
let browser: RunningBrowser;
// Participants' browsers: a Chromium of their own with fake media devices and no permission prompts.
let media: Browser;
let staff: Page;
let baseUrl: string;

/** A video appointment of an IME case of this run: a specialist's video session booked for a claimant. */
async function videoCase(): Promise<{ id: string; caseNo: string }> {
  const company = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/companies', {
    name: `Video Law ${RUN}`,
    businessType: 'LAW_FIRM',
  });
  const cm = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/case-managers', {
    firstName: 'Casey',
    lastName: `Video${RUN}`,
    companyId: company.id,
    email: `casey.${RUN}@example.test`,
  });
  const client = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/clients', {
    firstName: 'Robin',
    lastName: `Claimant${RUN}`,
    email: `robin.${RUN}@example.test`,
  });
  const specialist = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/specialists', {
    firstName: 'Drew',
    lastName: `Doctor${RUN}`,
    email: `drew.${RUN}@example.test`,
    onboardedDate: isoDay(-30),
  });
  const session = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/appointment-sessions', {
    specialistId: specialist.id,
    centreId: null,
    appointmentType: 'VIDEO',
    timeZone: 'Australia/Sydney',
    date: isoDay(5),
    startTime: '09:00',
    endTime: '10:00',
  });
  return apiPost(baseUrl, staff, '/api/app/assessments', {
    clientId: client.id,
    caseManagerId: cm.id,
    specialistId: specialist.id,
    sessionId: session.id,
  });
}

/** The remote video of the page has decoded frames, and keeps playing: its time and frame count advance. */
async function seesMovingVideo(page: Page) {
  // Run in the page (a string: this file is compiled without the DOM's types).
  const remote = `document.querySelector('[data-testid="remote-video"]')`;
  const sample = () =>
    page.evaluate<{ width: number; height: number; time: number; frames: number } | null>(
      `(() => { const v = ${remote}; return v && { width: v.videoWidth, height: v.videoHeight, time: v.currentTime,
        frames: v.getVideoPlaybackQuality().totalVideoFrames }; })()`,
    );
  // Polled with evaluate: the page's CSP refuses the string functions waitForFunction would evaluate.
  const until = Date.now() + 20_000;
  let decoded = await sample();
  while (!(decoded && decoded.width > 0 && decoded.frames > 0) && Date.now() < until) {
    await page.waitForTimeout(250);
    decoded = await sample();
  }
  const first = await sample();
  await page.waitForTimeout(1500);
  const second = await sample();
  expect(first?.width).toBeGreaterThan(0);
  expect(first?.height).toBeGreaterThan(0);
  expect(second!.time).toBeGreaterThan(first!.time);
  expect(second!.frames).toBeGreaterThan(first!.frames);
}

beforeAll(async () => {
  server = await startServer({
    env: { VIDEO_MEETING_LIMIT_MINUTES: String(LIMIT_MINUTES) },
    startTimeoutMs: 300_000,
  });
  baseUrl = server.baseUrl;
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1400, height: 1000 } });
  staff = await (await browser.newContext()).newPage();
  await signIn(staff, as('staff'), '/view/dashboard');
  media = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...CHROMIUM_FLAGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}, 420_000);

afterAll(async () => {
  await media?.close();
  await browser?.close();
  await server?.stop();
});

describe('video meetings', () => {
  it('a page without a token says so in the words of the spec', async () => {
    const page = await (await media.newContext({ baseURL: baseUrl })).newPage();
    await page.goto('/video-meeting');
    await page.getByRole('alert').filter({ hasText: "An authToken wasn't passed..." }).waitFor();
    await page.goto('/video-meeting?token=not-a-real-link');
    await page.getByRole('alert').filter({ hasText: 'This meeting link is not valid.' }).waitFor();
    await page.context().close();
  });

  it('the meeting demo page opens without signing in and joins by the link token', async () => {
    // A fresh browser context: no sign-in, no stored session.
    const page = await (await media.newContext({ baseURL: baseUrl })).newPage();
    await page.goto('/view/dyte-meeting-demo');
    await page.getByRole('alert').filter({ hasText: "An authToken wasn't passed..." }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/view/dyte-meeting-demo');
    await page.goto('/view/dyte-meeting-demo?authToken=not-a-real-link');
    await page.getByRole('alert').filter({ hasText: 'This meeting link is not valid.' }).waitFor();

    const c = await videoCase();
    await staff.goto(`/view/assessments/detail/${c.id}`);
    await openTab(staff, 'Video');
    await pane(staff).getByRole('button', { name: 'Generate video link' }).click();
    await pane(staff).getByRole('table', { name: 'Participants' }).getByText(`Drew Doctor${RUN}`).waitFor();
    const link = (await pane(staff).getByTestId('link-SPECIALIST').locator('a').getAttribute('href'))!;
    const token = new URL(link).searchParams.get('token')!;
    await page.goto(`/view/dyte-meeting-demo?authToken=${encodeURIComponent(token)}`);
    await page.getByRole('region', { name: 'Waiting room' }).getByText('You are joining as').waitFor();
    expect(await page.getByRole('region', { name: 'Waiting room' }).textContent()).toContain(
      `Drew Doctor${RUN} (Specialist)`,
    );
    expect(new URL(page.url()).pathname).toBe('/view/dyte-meeting-demo');
    await page.screenshot({ path: artifactPath('video-meeting-demo.png') });
    await page.context().close();
  });

  it("the specialist and the claimant join from their links, see each other's video, and the meeting ends itself at its limit", async () => {
    const c = await videoCase();
    await staff.goto(`/view/assessments/detail/${c.id}`);
    await openTab(staff, 'Video');
    await pane(staff).getByRole('button', { name: 'Generate video link' }).click();
    const participants = pane(staff).getByRole('table', { name: 'Participants' });
    await participants.getByText(`Drew Doctor${RUN}`).waitFor();
    const linkOf = async (role: string) =>
      (await pane(staff).getByTestId(`link-${role}`).locator('a').getAttribute('href'))!;
    const doctorLink = await linkOf('SPECIALIST');
    const claimantLink = await linkOf('CLAIMANT');
    expect(doctorLink).not.toBe(claimantLink);
    expect(new URL(doctorLink).pathname).toBe('/video-meeting');

    // Each participant in a browser of their own, from their own link: the waiting room, then the meeting.
    const doctor = await (await media.newContext({ viewport: { width: 1100, height: 800 } })).newPage();
    const claimant = await (await media.newContext({ viewport: { width: 1100, height: 800 } })).newPage();
    await doctor.goto(doctorLink);
    await doctor.getByRole('region', { name: 'Waiting room' }).getByText('You are joining as').waitFor();
    expect(await doctor.getByRole('region', { name: 'Waiting room' }).textContent()).toContain(
      `Drew Doctor${RUN} (Specialist)`,
    );
    await doctor.getByRole('button', { name: 'Join meeting' }).click();
    const joinedAt = Date.now();
    await doctor.getByText('Waiting for the others to join…').waitFor();

    await claimant.goto(claimantLink);
    await claimant.getByRole('button', { name: 'Join meeting' }).click();
    await claimant.getByText(`In the meeting: Drew Doctor${RUN} (Specialist)`).waitFor();
    await doctor.getByText(`In the meeting: Robin Claimant${RUN} (Claimant)`).waitFor();

    await seesMovingVideo(doctor);
    await seesMovingVideo(claimant);
    await claimant.screenshot({ path: artifactPath('video-meeting.png') });

    // Staff see who is in the meeting on the case's Video tab.
    await participants
      .locator('tr', { hasText: `Robin Claimant${RUN}` })
      .getByText('In the meeting')
      .waitFor();
    await participants
      .locator('tr', { hasText: `Drew Doctor${RUN}` })
      .getByText('In the meeting')
      .waitFor();
    await staff.screenshot({ path: artifactPath('video-case-tab.png') });

    // At the limit the server closes the meeting: both pages say it has ended, and the link is refused.
    const ended = 'This video meeting has ended.';
    await doctor
      .getByRole('status')
      .filter({ hasText: ended })
      .waitFor({ timeout: LIMIT_MINUTES * 60_000 + 15_000 });
    await claimant.getByRole('status').filter({ hasText: ended }).waitFor({ timeout: 10_000 });
    expect(Date.now() - joinedAt).toBeGreaterThanOrEqual(LIMIT_MINUTES * 60_000 - 1000);
    expect(await doctor.locator('[data-testid="remote-video"]').count()).toBe(0);
    await claimant.screenshot({ path: artifactPath('video-meeting-ended.png') });
    await claimant.goto(claimantLink);
    await claimant.getByRole('alert').filter({ hasText: ended }).waitFor();

    await pane(staff).getByText('Closed: Time limit reached').waitFor({ timeout: 15_000 });
    await doctor.context().close();
    await claimant.context().close();
  });
});
