import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { NotificationEndpoints, type NotificationDto, endpointPath } from '@casebook/domain';
import { createApiClient } from './client';
import { callEndpoint, endpointKey, endpointQuery } from './endpoints';
import { answering, fakeApi, isCallOf, on } from '../controls/testing/fakeApi';

const notification: NotificationDto = {
  id: '0190a0a0-0000-7000-8000-000000000001',
  recipientId: '0190a0a0-0000-7000-8000-000000000002',
  objectId: null,
  objectReferenceName: null,
  fromModule: null,
  type: 'Action Required',
  title: 'Look at this',
  content: '<p>Please</p>',
  sentTime: '2026-11-26T10:00:00Z',
  isRead: true,
  creator: { name: 'Avery', email: null },
};

function recordingClient(body: unknown = {}) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status: 200 }));
  return { api: createApiClient({ fetch, showError: () => undefined }), fetch };
}

describe('the typed client', () => {
  it('fills the path parameters in, encoded, and sends the declared method', async () => {
    const { api, fetch } = recordingClient(notification);
    const answer = await callEndpoint(api, NotificationEndpoints.markAsRead, { params: { id: 'a/b c' } });
    expect(answer.title).toBe('Look at this');
    expect(fetch.mock.calls[0]![0]).toBe(NotificationEndpoints.markAsRead.path.replace(':id', 'a%2Fb%20c'));
    expect(fetch.mock.calls[0]![1].method).toBe('PUT');
    expect(fetch.mock.calls[0]![1].body).toBeUndefined();
  });

  it('sends the query, a list as repeated names, and the body as JSON', async () => {
    const { api, fetch } = recordingClient({ totalCount: 0, items: [] });
    await callEndpoint(api, NotificationEndpoints.list, {
      query: { skipCount: 20, notificationTypes: ['Action Required', 'Email Received'], showUnread: undefined },
    });
    expect(fetch.mock.calls[0]![0]).toBe(
      `${NotificationEndpoints.list.path}?skipCount=20&notificationTypes=Action+Required&notificationTypes=Email+Received`,
    );
    await callEndpoint(api, NotificationEndpoints.create, {
      body: { recipientId: notification.recipientId, title: 'T', content: 'C' },
    });
    expect(fetch.mock.calls[1]![1]).toMatchObject({ method: 'POST' });
    expect(JSON.parse(fetch.mock.calls[1]![1].body as string)).toEqual({
      recipientId: notification.recipientId,
      title: 'T',
      content: 'C',
    });
  });

  it('refuses a call without a path parameter instead of calling a wrong URL', async () => {
    const { api, fetch } = recordingClient();
    await expect(callEndpoint(api, NotificationEndpoints.markAsRead, { params: { id: '' } })).rejects.toThrow(
      'missing path parameter id',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keys cached answers by the declaration, so the endpoint key invalidates every call of it', async () => {
    const { api } = recordingClient({ totalCount: 0, items: [] });
    const queryClient = new QueryClient();
    const first = endpointQuery(api, NotificationEndpoints.list, { query: { skipCount: 0 } });
    const second = endpointQuery(api, NotificationEndpoints.list, { query: { skipCount: 20 } });
    const summary = endpointQuery(api, NotificationEndpoints.summary);
    expect(first.queryKey).not.toEqual(second.queryKey);
    await queryClient.fetchQuery(first);
    await queryClient.fetchQuery(second);
    await queryClient.fetchQuery({ ...summary, queryFn: async () => ({ totalCount: 0, totalUnreadCount: 0 }) });
    await queryClient.invalidateQueries({ queryKey: endpointKey(NotificationEndpoints.list), refetchType: 'none' });
    expect(queryClient.getQueryState(first.queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(second.queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(summary.queryKey)?.isInvalidated).toBe(false);
  });
});

describe('test fakes match the same declarations', () => {
  it('answers a declared endpoint by its method and path pattern, and fails any other call', async () => {
    const api = fakeApi(
      answering([on(NotificationEndpoints.markAsRead, (call) => ({ ...notification, id: call.path.split('/')[5]! }))]),
    );
    const read = await callEndpoint(api, NotificationEndpoints.markAsRead, { params: { id: 'n1' } });
    expect(read.id).toBe('n1');
    expect(isCallOf(api.calls[0]!, NotificationEndpoints.markAsRead)).toBe(true);
    expect(isCallOf(api.calls[0]!, NotificationEndpoints.markAsUnread)).toBe(false);
    await expect(callEndpoint(api, NotificationEndpoints.markAsUnread, { params: { id: 'n1' } })).rejects.toThrow(
      `Unexpected call PUT ${endpointPath(NotificationEndpoints.markAsUnread, { id: 'n1' })}`,
    );
  });
});
