// Which server test files run where. Read by vitest.config.ts (the server projects) and so by
// `npm test`; plain Node APIs only, since the config loads before anything else.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The second database pass (CI's run on PostgreSQL, TEST_DATABASE_ONLY=true) runs these files only:
 * the tests whose outcome the database decides and where PGlite, a single-connection PostgreSQL in
 * the test's own process, could answer differently from a PostgreSQL server. Everything else (request
 * validation, rules, rendering, exports) behaves the same on both and runs once, on PGlite.
 *
 * A new test file belongs here when it tests row-level security or roles, a constraint or lock under
 * concurrent transactions, the connection pool, background jobs across processes or restarts, or
 * the server starting on a database.
 */
export const DATABASE_TEST_FILES: readonly string[] = [
  // Notifications announced by a trigger's NOTIFY after commit and pushed by the listening hub.
  'apps/server/src/modules/notifications/notifications-fire.test.ts',
  // A failure kept once per kind (an upsert on a partial unique index) in a table the app role cannot read.
  'apps/server/src/modules/system/system-errors.test.ts',
  // Row-level security, the application role, tenant settings per transaction.
  'apps/server/src/platform/db/tenant-isolation.test.ts',
  // Two requests' transactions in a deadlock: one answered 409 (PostgreSQL only).
  'apps/server/src/platform/http/database-conflicts.test.ts',
  // The pool keeps PostgreSQL connections open (PostgreSQL only).
  'apps/server/src/platform/db/connections.test.ts',
  // Three servers and a worker on one database through PgBouncer, one killed under writes (PostgreSQL only).
  'apps/server/src/platform/db/scale-out.test.ts',
  // Reports read from a streaming replica the test starts (PostgreSQL only).
  'apps/server/src/platform/db/read-replica.test.ts',
  // Repositories: literal filters, unique codes, simultaneous updates with one stamp (row locks).
  'apps/server/src/platform/resources/resources.test.ts',
  // The exclusion constraint on a specialist's sessions; 20 simultaneous bookings of one slot.
  'apps/server/src/modules/scheduling/scheduling.test.ts',
  // The exclusion constraints on rooms and interpreters: 50 simultaneous bookings of one room, of one interpreter.
  'apps/server/src/modules/scheduling/resources.test.ts',
  // Case numbers unique per tenant; who sees which case (the scope queries).
  'apps/server/src/modules/cases/cases.test.ts',
  // Supplementary and file-review cases under the case record rule (another firm's, another tenant's).
  'apps/server/src/modules/supplementary/supplementary.test.ts',
  // MVA claims: one current offer per claim (the partial unique index); claims under the case record rule.
  'apps/server/src/modules/mva/mva.test.ts',
  // NDIS cases and OT quotations under the case record rule (another firm's, another tenant's).
  'apps/server/src/modules/ndis/ndis.test.ts',
  'apps/server/src/modules/ot/ot.test.ts',
  // Medical records: overdue decided in SQL against the tenant's date (the due-date subquery), under the record rule.
  'apps/server/src/modules/medical-records/medical-records.test.ts',
  // The record-access registry: each kind's scope is one SQL condition, run as the application role.
  'apps/server/src/platform/access/records.test.ts',
  // 20 new cases booking one slot at once; two cases racing for one slot.
  'apps/server/src/modules/cases/case-booking.test.ts',
  // Invoice numbers: 200 invoices at once, no gap and no duplicate (the counter row's lock).
  'apps/server/src/modules/invoices/invoices.test.ts',
  // The job queue: mail in the business transaction, retries, schedules, restarts.
  // Batches larger than the concurrency: each job once, the concurrency kept, retries (two fetch loops).
  'apps/server/src/platform/jobs/jobs.test.ts',
  'apps/server/src/modules/correspondence/outbox.test.ts',
  'apps/server/src/modules/correspondence/case-email.test.ts',
  'apps/server/src/modules/correspondence/appointment-reminders.test.ts',
  // Overdue invoice reminders: runs at once remind each invoice once (the tenant lock); e-mail with PDFs.
  'apps/server/src/modules/invoices/billing-mail.test.ts',
  'apps/server/src/modules/scheduling/daysheet-email.test.ts',
  'apps/server/src/modules/files/text-jobs.test.ts',
  'apps/server/src/platform/jobs/job-restart.test.ts',
  // Hostile documents read in workers while the server keeps answering: timed, so tagged resilience and run
  // in the lighter database pass, away from the heavy concurrency tests of the PGlite pass.
  'apps/server/src/modules/files/hostile-documents.test.ts',
  // Two server processes on one database: starting together, presence between them.
  'apps/server/src/modules/identity/startup-seed.test.ts',
  'apps/server/src/platform/realtime/presence.test.ts',
  // Funding: the append-only ledger trigger, another tenant's loans and agreements under row-level security.
  'apps/server/src/modules/funding/funding.test.ts',
];

/**
 * Tests that take many seconds to prove the system survives something (a server killed mid-job, a
 * restart) carry this tag. They run in one database pass only: the PostgreSQL one, whose files are
 * listed above; the PGlite pass leaves them out (`--tags-filter '!resilience'`). Run alone, a file
 * runs them on whichever database it is given.
 */
export const RESILIENCE_TAG = 'resilience';

/** Server test files, relative to the repository root. */
export function serverTestFiles(): string[] {
  const files: string[] = [];
  for (const dir of ['apps/server/src', 'apps/server/test']) {
    for (const entry of fs.readdirSync(path.join(REPO_ROOT, dir), { recursive: true, encoding: 'utf8' })) {
      if (entry.endsWith('.test.ts')) files.push(path.posix.join(dir, entry.split(path.sep).join('/')));
    }
  }
  return files.sort();
}

/**
 * Files that replace a module with vi.mock. They run with module isolation (a fresh module graph of
 * their own); every other server test file shares one graph, and so one import of the app, per worker.
 */
export function mockingTestFiles(files: readonly string[]): string[] {
  return files.filter((file) =>
    /\bvi\s*\.\s*(mock|doMock)\s*\(/.test(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8')),
  );
}

/** Throws when a listed file does not exist: a renamed test must not leave the database pass quietly. */
export function checkListed(files: readonly string[], listed: readonly string[]): void {
  const missing = listed.filter((file) => !files.includes(file));
  if (missing.length > 0) {
    throw new Error(`apps/server/test/suites.ts lists test files that do not exist: ${missing.join(', ')}`);
  }
}
