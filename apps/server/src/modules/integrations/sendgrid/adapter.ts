import type { Client } from '@sendgrid/client';
import type { SingleSendStatisticDto } from '@casebook/domain';
import { ProviderError } from '../provider';

export type SendGridSettings = {
  /** API host (https://api.sendgrid.com, or the local fake). */
  apiUrl: string;
};

export type Sender = { id: number; nickname: string; fromEmail: string; fromName: string; verified: boolean };
export type UnsubscribeGroup = { id: number; name: string; description: string; isDefault: boolean };
export type SingleSend = { id: string; name: string; status: string };
export type Contact = { email: string; firstName: string; lastName: string };

/** Contacts per upsert call (SendGrid takes up to 30,000 or 6 MB). */
const CONTACTS_PER_CALL = 1000;
const PAGE_SIZE = 100;

type Answer = { statusCode: number; body: unknown };

/**
 * SendGrid's Marketing Campaigns through its official client (@sendgrid/client): one client per call
 * with the tenant's API key, pointed at the configured host. Failures become ProviderErrors carrying
 * the status and Retry-After, so the jobs can back off.
 */
export class SendGridAdapter {
  readonly provider = 'sendgrid' as const;

  constructor(
    private readonly settings: SendGridSettings,
    private readonly timeoutMs = 15_000,
  ) {}

  async #call(
    apiKey: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
    qs?: object,
  ): Promise<Answer> {
    // The SDK is loaded at the first call, not when the server starts; its typings describe no named export.
    const sdk = (await import('@sendgrid/client')) as unknown as { Client: typeof Client };
    const client = new sdk.Client();
    client.setApiKey(apiKey);
    // setApiKey points the client at SendGrid's own host; the configured one (or the fake) wins.
    client.setDefaultRequest('baseUrl', this.settings.apiUrl.replace(/\/$/, ''));
    client.setDefaultRequest('timeout' as never, this.timeoutMs as never);
    try {
      const [response, data] = await client.request({
        method,
        url,
        ...(body !== undefined ? { body: body as object } : {}),
        ...(qs ? { qs: qs as Record<string, string> } : {}),
      });
      return { statusCode: response.statusCode, body: data };
    } catch (error) {
      const e = error as {
        code?: number;
        response?: { headers?: Record<string, string>; body?: { errors?: { message?: string }[] } };
        message?: string;
      };
      if (typeof e.code === 'number' && e.response) {
        const retryAfter = Number(e.response.headers?.['retry-after']);
        const message = e.response.body?.errors?.map((x) => x.message).join('; ') || e.message || `HTTP ${e.code}`;
        throw new ProviderError(message, e.code, Number.isFinite(retryAfter) ? retryAfter : undefined);
      }
      throw new ProviderError((error as Error).message ?? 'no answer', 0);
    }
  }

  /** Pages of a marketing collection, following `_metadata.next`'s page_token. */
  async #all<T>(apiKey: string, url: string): Promise<T[]> {
    const items: T[] = [];
    let token: string | undefined;
    for (let guard = 0; guard < 1000; guard++) {
      const { body } = await this.#call(apiKey, 'GET', url, undefined, {
        page_size: PAGE_SIZE,
        ...(token ? { page_token: token } : {}),
      });
      const page = body as { result?: T[]; _metadata?: { next?: string } };
      items.push(...(page.result ?? []));
      const next = page._metadata?.next;
      token = next ? (new URL(next).searchParams.get('page_token') ?? undefined) : undefined;
      if (!token) break;
    }
    return items;
  }

  async senders(apiKey: string): Promise<Sender[]> {
    const { body } = await this.#call(apiKey, 'GET', '/v3/verified_senders');
    const results = (body as { results?: Record<string, unknown>[] }).results ?? [];
    return results.map((s) => ({
      id: Number(s.id),
      nickname: String(s.nickname ?? ''),
      fromEmail: String(s.from_email ?? ''),
      fromName: String(s.from_name ?? ''),
      verified: s.verified === true,
    }));
  }

  async unsubscribeGroups(apiKey: string): Promise<UnsubscribeGroup[]> {
    const { body } = await this.#call(apiKey, 'GET', '/v3/asm/groups');
    return ((body as Record<string, unknown>[]) ?? []).map((g) => ({
      id: Number(g.id),
      name: String(g.name ?? ''),
      description: String(g.description ?? ''),
      isDefault: g.is_default === true,
    }));
  }

  async groupSuppressions(apiKey: string, groupId: number): Promise<string[]> {
    const { body } = await this.#call(apiKey, 'GET', `/v3/asm/groups/${groupId}/suppressions`);
    return ((body as string[]) ?? []).map((e) => e.toLowerCase());
  }

  /** Global unsubscribes, 500 at a time by offset. */
  async globalUnsubscribes(apiKey: string): Promise<string[]> {
    const emails: string[] = [];
    for (let offset = 0; ; offset += 500) {
      const { body } = await this.#call(apiKey, 'GET', '/v3/suppression/unsubscribes', undefined, {
        limit: 500,
        offset,
      });
      const page = (body as { email: string }[]) ?? [];
      emails.push(...page.map((p) => p.email.toLowerCase()));
      if (page.length < 500) return emails;
    }
  }

  /** The contact list of this name, made when there is none (a retry finds the first one). */
  async ensureList(apiKey: string, name: string): Promise<string> {
    const lists = await this.#all<{ id: string; name: string }>(apiKey, '/v3/marketing/lists');
    const found = lists.find((l) => l.name === name);
    if (found) return found.id;
    const { body } = await this.#call(apiKey, 'POST', '/v3/marketing/lists', { name });
    return (body as { id: string }).id;
  }

  /** Adds or updates contacts (by e-mail) and puts them on the list; safe to repeat. */
  async upsertContacts(apiKey: string, listId: string, contacts: Contact[]): Promise<void> {
    for (let i = 0; i < contacts.length; i += CONTACTS_PER_CALL) {
      await this.#call(apiKey, 'PUT', '/v3/marketing/contacts', {
        list_ids: [listId],
        contacts: contacts.slice(i, i + CONTACTS_PER_CALL).map((c) => ({
          email: c.email,
          first_name: c.firstName,
          last_name: c.lastName,
        })),
      });
    }
  }

  async findSingleSend(apiKey: string, name: string): Promise<SingleSend | undefined> {
    const sends = await this.#all<SingleSend>(apiKey, '/v3/marketing/singlesends');
    return sends.find((s) => s.name === name);
  }

  async createSingleSend(
    apiKey: string,
    send: {
      name: string;
      listId: string;
      subject: string;
      html: string;
      senderId: number;
      /** The unsubscribe group its unsubscribe link joins (and whose suppressions SendGrid drops). */
      suppressionGroupId: number;
    },
  ): Promise<SingleSend> {
    const { body } = await this.#call(apiKey, 'POST', '/v3/marketing/singlesends', {
      name: send.name,
      send_to: { list_ids: [send.listId] },
      email_config: {
        subject: send.subject,
        html_content: send.html,
        sender_id: send.senderId,
        suppression_group_id: send.suppressionGroupId,
      },
    });
    return body as SingleSend;
  }

  async singleSend(apiKey: string, id: string): Promise<SingleSend> {
    const { body } = await this.#call(apiKey, 'GET', `/v3/marketing/singlesends/${encodeURIComponent(id)}`);
    return body as SingleSend;
  }

  async scheduleNow(apiKey: string, id: string): Promise<void> {
    await this.#call(apiKey, 'PUT', `/v3/marketing/singlesends/${encodeURIComponent(id)}/schedule`, {
      send_at: 'now',
    });
  }

  /** One message (a campaign's preview) through the v3 mail send. */
  async sendMail(
    apiKey: string,
    mail: { to: string; from: { email: string; name: string }; subject: string; html: string },
  ): Promise<void> {
    await this.#call(apiKey, 'POST', '/v3/mail/send', {
      personalizations: [{ to: [{ email: mail.to }] }],
      from: mail.from,
      subject: mail.subject,
      content: [{ type: 'text/html', value: mail.html }],
    });
  }

  async statistics(apiKey: string, id: string): Promise<SingleSendStatisticDto> {
    const { body } = await this.#call(apiKey, 'GET', `/v3/marketing/stats/singlesends/${encodeURIComponent(id)}`);
    const total = (
      (body as { results?: { aggregation?: string; stats?: Record<string, number> }[] }).results ?? []
    ).find((r) => !r.aggregation || r.aggregation === 'total');
    const s = total?.stats ?? {};
    const n = (k: string) => Math.max(0, Math.trunc(Number(s[k] ?? 0)));
    return {
      requests: n('requests'),
      delivered: n('delivered'),
      opens: n('opens'),
      uniqueOpens: n('unique_opens'),
      clicks: n('clicks'),
      uniqueClicks: n('unique_clicks'),
      unsubscribes: n('unsubscribes'),
      bounces: n('bounces'),
      spamReports: n('spam_reports'),
    };
  }
}
