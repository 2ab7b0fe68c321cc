import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDto } from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Page = { totalCount: number; items: NotificationDto[] };

describe('in-app notifications', () => {
  let staff: Caller;
  let me: Caller;
  beforeAll(async () => {
    const tenantId = await newTenant(t.database, { features: { RealtimeNotification: 'True' } });
    staff = await callerFor(t, tenantId, ['STAFF']);
    me = await callerFor(t, tenantId, ['CASE_MANAGER']);
    for (let i = 0; i < 23; i += 1) {
      const res = await staff.post('/api/app/notifications/inApp', {
        recipientId: me.userId,
        type: i % 2 === 0 ? 'Action Required' : 'Email Received',
        title: `Item ${i}`,
        content: `<p>Please look at item ${i}</p>`,
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('pages by 20, newest first, and filters by type and unread', async () => {
    const first = (await me.get('/api/app/notifications/inApp')).json() as Page;
    expect(first.totalCount).toBe(23);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]?.title).toBe('Item 22');
    const more = (await me.get('/api/app/notifications/inApp?skipCount=20&maxResultCount=20')).json() as Page;
    expect(more.items.map((i) => i.title)).toEqual(['Item 2', 'Item 1', 'Item 0']);
    const emails = (await me.get('/api/app/notifications/inApp?notificationTypes=Email%20Received')).json() as Page;
    expect(emails.totalCount).toBe(11);
    const bad = await me.get('/api/app/notifications/inApp?notificationTypes=Other');
    expect(bad.statusCode).toBe(400);
  });

  it('marks read and unread both ways, and all read', async () => {
    const [top] = ((await me.get('/api/app/notifications/inApp?maxResultCount=1')).json() as Page).items;
    expect((await me.get('/api/app/notifications/inApp/summary')).json()).toEqual({
      totalCount: 23,
      totalUnreadCount: 23,
    });
    expect((await me.put(`/api/app/notifications/inApp/${top!.id}/markAsRead`, {})).json()).toMatchObject({
      isRead: true,
    });
    expect((await me.get('/api/app/notifications/inApp/summary')).json()).toEqual({
      totalCount: 23,
      totalUnreadCount: 22,
    });
    const unread = (await me.get('/api/app/notifications/inApp?showUnread=true&maxResultCount=100')).json() as Page;
    expect(unread.items.some((i) => i.id === top!.id)).toBe(false);
    expect((await me.put(`/api/app/notifications/inApp/${top!.id}/markAsUnread`, {})).json()).toMatchObject({
      isRead: false,
    });
    expect((await me.get('/api/app/notifications/inApp/summary')).json()).toEqual({
      totalCount: 23,
      totalUnreadCount: 23,
    });
    expect((await me.put('/api/app/notifications/inApp/markAllAsRead', {})).json()).toEqual({
      totalCount: 23,
      totalUnreadCount: 0,
    });
  });

  it("keeps another user's notifications out of reach", async () => {
    const [top] = ((await me.get('/api/app/notifications/inApp?maxResultCount=1')).json() as Page).items;
    expect((await staff.put(`/api/app/notifications/inApp/${top!.id}/markAsRead`, {})).statusCode).toBe(404);
    expect(((await staff.get('/api/app/notifications/inApp')).json() as Page).totalCount).toBe(0);
    const otherTenant = await callerFor(
      t,
      await newTenant(t.database, { features: { RealtimeNotification: 'True' } }),
      ['CASE_MANAGER'],
    );
    expect((await otherTenant.put(`/api/app/notifications/inApp/${top!.id}/markAsUnread`, {})).statusCode).toBe(404);
  });

  it('needs the RealtimeNotification feature', async () => {
    const plain = await callerFor(t, await newTenant(t.database, { features: { RealtimeNotification: 'False' } }), [
      'STAFF',
    ]);
    expect((await plain.get('/api/app/notifications/inApp/summary')).statusCode).toBe(403);
  });
});
