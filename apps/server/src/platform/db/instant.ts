import { timestamp } from 'drizzle-orm/pg-core';

/** A point in time (timestamptz), read as a JS Date. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
