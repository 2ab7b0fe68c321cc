-- Trigram indexes for "any part of the name, e-mail or phone" searches. pg_trgm is a trusted
-- extension (PostgreSQL 13+), so the database owner may create it; PGlite loads it at start-up.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
