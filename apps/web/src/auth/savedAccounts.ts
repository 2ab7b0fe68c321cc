/**
 * Accounts signed in before in this browser, for the account switcher (spec shell §3 "Saved account").
 * Kept in local storage so that every tab offers them.
 */
export type SavedAccount = {
  /** The user's id (the token's subject): one entry per user. */
  key: string;
  tenantId: string;
  userName: string;
  email: string;
  tenantName: string;
  displayName: string;
  /** The stored OpenID user (tokens and profile) while its session lasts; removed on sign-out. */
  oidcUser?: string;
  /** When the stored access token expires, in seconds since the epoch. */
  expireAt?: number;
};

const STORAGE_KEY = 'casebook.savedAccounts';
// The last tenant the sign-in form starts with (written by the sign-in page too).
const LAST_TENANT = 'casebook.lastTenant';

function read(): SavedAccount[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as SavedAccount[]).filter((a) => typeof a?.key === 'string') : [];
  } catch {
    return [];
  }
}

function write(accounts: SavedAccount[]): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(accounts));
  } catch {
    // Storage may be full or disabled; the switcher is only a convenience.
  }
}

export function savedAccounts(): SavedAccount[] {
  return read();
}

/** Adds or refreshes an account, most recent first. */
export function saveAccount(account: SavedAccount): void {
  write([account, ...read().filter((a) => a.key !== account.key)]);
}

export function removeSavedAccount(key: string): void {
  write(read().filter((a) => a.key !== key));
}

/** Keeps the account in the list but drops its tokens (after signing out of it). */
export function forgetAccountTokens(key: string): void {
  write(
    read().map((account) => {
      if (account.key !== key) return account;
      const { oidcUser: _tokens, expireAt: _expiry, ...rest } = account;
      return rest;
    }),
  );
}

/** The sign-in form then starts with this tenant. */
export function preselectTenant(tenantName: string): void {
  try {
    localStorage.setItem(LAST_TENANT, tenantName);
  } catch {
    // See write().
  }
}
