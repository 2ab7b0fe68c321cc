-- Lets the people search index hold the tenant and kind next to the trigrams, so a search reads only
-- its own tenant's entries. btree_gin is a trusted extension (PostgreSQL 13+); PGlite loads it at start-up.
CREATE EXTENSION IF NOT EXISTS btree_gin;
