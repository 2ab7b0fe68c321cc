COMMENT ON TABLE oidc_payloads IS 'casebook:system';
--> statement-breakpoint
COMMENT ON TABLE system_secrets IS 'casebook:system';
