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
CREATE TRIGGER sessions_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION fd_auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION fd_auth_changed();
--> statement-breakpoint
CREATE TRIGGER industries_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON industries
  FOR EACH STATEMENT EXECUTE FUNCTION fd_auth_changed();
--> statement-breakpoint
CREATE TRIGGER roles_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION fd_auth_changed();
--> statement-breakpoint
CREATE TRIGGER staff_plants_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON staff_plants
  FOR EACH STATEMENT EXECUTE FUNCTION fd_auth_changed();
--> statement-breakpoint
CREATE TRIGGER staff_business_units_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON staff_business_units
  FOR EACH STATEMENT EXECUTE FUNCTION fd_auth_changed();
