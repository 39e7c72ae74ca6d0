-- Every committed change to what makes a session's viewer (the session, its user, the user's
-- shipper, role, plants and business units) is announced on the channel fd_auth, whatever code or
-- statement made it. The embedded database's API process keeps its viewers in memory and forgets
-- them on this announcement (lib/session-cache.ts); NOTIFY is delivered on commit only.
CREATE FUNCTION fd_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fd_auth', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['sessions', 'users', 'industries', 'roles', 'staff_plants', 'staff_business_units'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION fd_auth_changed()',
      t || '_auth_changed', t);
  END LOOP;
END $$;
