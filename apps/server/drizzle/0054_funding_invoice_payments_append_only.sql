-- Payments against funding invoices are part of the money trail, like the ledger lines they were
-- recorded as: written once, never changed or removed.
CREATE OR REPLACE FUNCTION funding_invoice_payments_append_only() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'funding_invoice_payments is append-only: % refused', TG_OP;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER funding_invoice_payments_append_only BEFORE UPDATE OR DELETE ON funding_invoice_payments
  FOR EACH ROW EXECUTE FUNCTION funding_invoice_payments_append_only();
