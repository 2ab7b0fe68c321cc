import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { uuidv7, type MarketingCampaignDto } from '@casebook/domain';
import {
  callerFor,
  createTestApp,
  newTenant,
  openOwnTestDatabase,
  type Caller,
  type TestApp,
} from '../../../test/harness';
import { members, ok, type Json } from '../../../test/responses';
import { waitFor } from '../../../test/smtp';
import { fakeIntegrationsConfig } from '../integrations/fakes';
import { integrationConnections, integrationExchanges } from '../integrations/integrations.schema';
import { SecretBox } from '../integrations/secrets';
import { FakeSendGrid } from '../integrations/sendgrid/fake';
import { caseManagers, companies } from '../people/people.schema';

let t: TestApp;
let sendgrid: FakeSendGrid;
const box = SecretBox.derived('marketing.test');
const BASE = '/api/app/marketing-campaigns';
const NEWSLETTERS = 101;

beforeAll(async () => {
  sendgrid = await new FakeSendGrid().start();
  t = await createTestApp(await openOwnTestDatabase(), {
    jobs: { run: true, pollingIntervalSeconds: 0.5, relayIntervalMs: 200 },
    integrations: fakeIntegrationsConfig('http://casebook.test', undefined, undefined, {
      retryDelaySeconds: 1,
      box,
      sendgrid,
    }),
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sendgrid?.close();
});

/** A tenant with the feature, its admin, and its SendGrid key kept. */
async function marketingTenant(name: string): Promise<{ tenantId: string; admin: Caller }> {
  const tenantId = await newTenant(t.database, { name, features: { MarketingCampaign: 'True' } });
  const admin = await callerFor(t, tenantId);
  await ok(admin.put(`${BASE}/connection`, { apiKey: sendgrid.issueKey() }));
  return { tenantId, admin };
}

/** Companies and case managers with e-mail addresses, written straight to the tenant's tables. */
async function people(tenantId: string, prefix: string, nCompanies: number, nCaseManagers: number) {
  const companyIds = Array.from({ length: nCompanies }, () => uuidv7());
  const caseManagerIds = Array.from({ length: nCaseManagers }, () => uuidv7());
  await t.database.withTenant(tenantId, async (tx) => {
    const firm = uuidv7();
    await tx
      .insert(companies)
      .values({ tenantId, id: firm, concurrencyStamp: uuidv7(), name: `${prefix} Firm`, businessType: 'LAW_FIRM' });
    for (let i = 0; i < nCompanies; i += 500) {
      await tx.insert(companies).values(
        companyIds.slice(i, i + 500).map((id, j) => ({
          tenantId,
          id,
          concurrencyStamp: uuidv7(),
          name: `${prefix} Company ${i + j}`,
          businessType: 'LAW_FIRM' as const,
          email: `company${i + j}@${prefix}.test`,
        })),
      );
    }
    for (let i = 0; i < nCaseManagers; i += 500) {
      await tx.insert(caseManagers).values(
        caseManagerIds.slice(i, i + 500).map((id, j) => ({
          tenantId,
          id,
          concurrencyStamp: uuidv7(),
          firstName: 'Cara',
          lastName: `Manager${i + j}`,
          companyId: firm,
          email: `cm${i + j}@${prefix}.test`,
        })),
      );
    }
  });
  return { companyIds, caseManagerIds };
}

const campaign = (companyIds: string[], caseManagerIds: string[], name = 'Spring newsletter') => ({
  name,
  subject: 'News from the practice',
  htmlContent: '<p>Hello</p>',
  senderId: 1,
  unsubscribeGroupId: NEWSLETTERS,
  companyIds,
  caseManagerIds,
});

async function sentCampaign(admin: Caller, id: string): Promise<MarketingCampaignDto> {
  return waitFor(
    'the campaign sent',
    async () => {
      const c = await ok<MarketingCampaignDto>(admin.get(`${BASE}/${id}`));
      return c.stage === 3 || c.stage === 4 ? c : undefined;
    },
    60_000,
  );
}

describe('marketing campaigns through SendGrid', () => {
  test('a campaign to 1,000 recipients of whom 10 unsubscribed reaches exactly 990, and its statistics sync back', async () => {
    const { tenantId, admin } = await marketingTenant('Mkt1000');
    const { companyIds, caseManagerIds } = await people(tenantId, 'mkt1000', 400, 600);
    // Five asked us (our own list), five unsubscribed in SendGrid's group of the campaign.
    const ours = [
      'company3@mkt1000.test',
      'company77@mkt1000.test',
      'cm0@mkt1000.test',
      'cm5@mkt1000.test',
      'CM599@mkt1000.test',
    ];
    for (const email of ours) await ok(admin.post(`${BASE}/unsubscribes`, { email }));
    const theirs = [
      'company10@mkt1000.test',
      'company399@mkt1000.test',
      'cm100@mkt1000.test',
      'cm200@mkt1000.test',
      'cm300@mkt1000.test',
    ];
    for (const email of theirs) sendgrid.suppress(NEWSLETTERS, email);

    const created = await ok<MarketingCampaignDto>(admin.post(BASE, campaign(companyIds, caseManagerIds)));
    expect(created).toMatchObject({ stage: 1, stageName: 'Ready', recipientCount: 1000 });

    // The preview goes to the sender alone.
    const preview = await ok<Json>(admin.get(`${BASE}/${created.id}/SendEmail?isPreview=true`));
    expect(preview.message).toBe('A preview was sent to marketing@casebook.test.');
    expect(sendgrid.deliveredTo('mail-send')).toEqual(['marketing@casebook.test']);

    // SendGrid first asks us to slow down, then loses its answer to the schedule call (the send happened).
    sendgrid.failNext({ status: 429, retryAfterSeconds: 1 });
    sendgrid.failNext({ status: 500, afterProcessing: true, match: /PUT .*\/schedule$/ });
    const queued = await ok<Json>(admin.get(`${BASE}/${created.id}/SendEmail`));
    expect(queued.message).toBe('The campaign is being sent to 1000 recipients.');
    const sent = await sentCampaign(admin, created.id);
    expect(sent).toMatchObject({ stage: 3, stageName: 'Sent', sentCount: 990, unsubscribedCount: 10, lastError: null });

    const delivered = sendgrid.deliveredTo(sent.singleSendId!);
    expect(delivered).toHaveLength(990);
    expect(new Set(delivered).size).toBe(990);
    for (const email of [...ours, ...theirs]) expect(delivered).not.toContain(email.toLowerCase());
    expect(sendgrid.singleSends.size).toBe(1);

    const exchanges = await t.database.withTenant(tenantId, (tx) =>
      tx.select().from(integrationExchanges).where(eq(integrationExchanges.provider, 'sendgrid')),
    );
    expect(exchanges.some((e) => e.status === 429)).toBe(true);
    expect(exchanges.filter((e) => e.operation === 'schedule').map((e) => e.status)).toEqual([500]);

    // Each recipient's history: 990 sent, 5 unsubscribed with us, 5 suppressed by SendGrid.
    const history = await ok<Json>(admin.get(`${BASE}/${created.id}/GetEmailHistories?maxResultCount=1000`));
    expect(history.totalCount).toBe(1000);
    const byStatus = (s: string) =>
      (history.items as Json[])
        .filter((h) => h.status === s)
        .map((h) => h.email)
        .sort();
    expect(byStatus('SENT')).toHaveLength(990);
    expect(byStatus('UNSUBSCRIBED')).toEqual(ours.map((e) => e.toLowerCase()).sort());
    expect(byStatus('SUPPRESSED')).toEqual([...theirs].sort());

    // The job again (a retry, a second worker): nothing is sent twice; sending again is refused.
    await t.marketing.send({ tenantId, campaignId: created.id });
    expect(sendgrid.deliveredTo(sent.singleSendId!)).toHaveLength(990);
    const again = await admin.get(`${BASE}/${created.id}/SendEmail`);
    expect(again.statusCode, again.body).toBe(422);

    // Statistics set in SendGrid come back into the campaign.
    sendgrid.stats.set(sent.singleSendId!, {
      delivered: 983,
      opens: 611,
      unique_opens: 402,
      clicks: 130,
      unique_clicks: 97,
      unsubscribes: 4,
      bounces: 7,
    });
    expect((await ok<Json>(admin.get(`${BASE}/${created.id}/singleSendStatistic`))).statistics).toBeNull();
    sendgrid.globalUnsubscribes.add('cm42@mkt1000.test');
    const synced = await ok<MarketingCampaignDto>(admin.post(`${BASE}/${created.id}/sync-statistics`, {}));
    const expected = {
      requests: 990,
      delivered: 983,
      opens: 611,
      uniqueOpens: 402,
      clicks: 130,
      uniqueClicks: 97,
      unsubscribes: 4,
      bounces: 7,
      spamReports: 0,
    };
    expect(synced.statistics).toEqual(expected);
    expect(synced.statisticsSyncTime).not.toBeNull();
    expect((await ok<Json>(admin.get(`${BASE}/${created.id}/singleSendStatistic`))).statistics).toEqual(expected);
    // SendGrid's unsubscribes join ours: the duplicate leaves them out too.
    const listed = await ok<Json>(admin.get(`${BASE}/GetUnsubscribedEmails`));
    expect((listed.items as Json[]).map((i) => i.email)).toContain('cm42@mkt1000.test');

    const copy = await ok<MarketingCampaignDto>(admin.post(`${BASE}/${created.id}/duplicate`, {}));
    expect(copy).toMatchObject({
      name: 'Spring newsletter (copy)',
      stage: 1,
      recipientCount: 1000,
      singleSendId: null,
    });
    await ok(admin.get(`${BASE}/${copy.id}/SendEmail`));
    const copySent = await sentCampaign(admin, copy.id);
    expect(copySent.sentCount).toBe(989);
    expect(sendgrid.deliveredTo(copySent.singleSendId!)).toHaveLength(989);
  }, 120_000);

  test('the list filters by stage and text, exports a workbook, and tells fields in 400s', async () => {
    const { admin } = await marketingTenant('MktList');
    await ok(admin.post(BASE, { ...campaign([], []), name: 'Winter update' }));
    await ok(admin.post(BASE, { ...campaign([], []), name: 'Summer offers' }));
    const drafts = await ok<Json>(admin.get(`${BASE}?stage=0&filterText=winter`));
    expect((drafts.items as Json[]).map((i) => i.name)).toEqual(['Winter update']);
    expect((await ok<Json>(admin.get(`${BASE}?stage=3`))).totalCount).toBe(0);
    const file = await admin.post(`${BASE}/export`, {});
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(members(await admin.post(BASE, { name: 'x', htmlContent: '<p/>' }))).toEqual(['subject']);
    expect(members(await admin.get(`${BASE}?stage=7`))).toEqual(['stage']);
    expect(members(await admin.put(`${BASE}/connection`, { apiKey: 'SG.wrong.key' }))).toEqual(['apiKey']);
    const senders = await ok<Json>(admin.get(`${BASE}/senders`));
    expect((senders.items as Json[]).map((s) => s.fromEmail)).toContain('marketing@casebook.test');
    const groups = await ok<Json>(admin.get(`${BASE}/GetUnsubscribeGroups`));
    expect((groups.items as Json[]).map((g) => g.name)).toEqual(['Newsletters', 'Offers']);
  });

  test("another tenant's campaign is a 404 on every call; the key is sealed for its own tenant", async () => {
    const a = await marketingTenant('MktA');
    const b = await marketingTenant('MktB');
    const { companyIds } = await people(a.tenantId, 'mkta', 3, 0);
    const c = await ok<MarketingCampaignDto>(a.admin.post(BASE, campaign(companyIds, [])));
    for (const res of [
      await b.admin.get(`${BASE}/${c.id}`),
      await b.admin.put(`${BASE}/${c.id}`, { ...campaign([], []), concurrencyStamp: c.concurrencyStamp }),
      await b.admin.get(`${BASE}/${c.id}/SendEmail`),
      await b.admin.get(`${BASE}/${c.id}/GetEmailHistories`),
      await b.admin.get(`${BASE}/${c.id}/singleSendStatistic`),
      await b.admin.post(`${BASE}/${c.id}/duplicate`, {}),
      await b.admin.post(`${BASE}/${c.id}/sync-statistics`, {}),
      await b.admin.del(`${BASE}/${c.id}`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    // B cannot put A's companies on its own campaign either.
    expect((await b.admin.post(BASE, campaign(companyIds, []))).statusCode).toBe(404);
    const [row] = await t.database.withTenant(a.tenantId, (tx) =>
      tx
        .select()
        .from(integrationConnections)
        .where(and(eq(integrationConnections.provider, 'sendgrid'), eq(integrationConnections.tenantId, a.tenantId))),
    );
    expect(row!.tokens).not.toContain('SG.');
    expect(box.open(a.tenantId, row!.tokens!)).toMatch(/^SG\./);
    expect(() => box.open(b.tenantId, row!.tokens!)).toThrow();
    // Without the feature: refused.
    const plainTenant = await newTenant(t.database, { name: 'NoMkt' });
    const plain = await callerFor(t, plainTenant);
    expect((await plain.get(BASE)).statusCode).not.toBe(200);
  });
});
