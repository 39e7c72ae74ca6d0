-- What a carrier sees starts from its own links: its invites (directly and through groups) and its
-- links are read by carrier, so a carrier's request list reads its own invites, not every request of
-- the platform (lib/policy.ts invitedRequests).
CREATE INDEX "request_invite_groups_group" ON "request_invite_groups" USING btree ("group_id","request_id");--> statement-breakpoint
CREATE INDEX "request_invites_link" ON "request_invites" USING btree ("industry_carrier_id","request_id");--> statement-breakpoint
CREATE INDEX "carrier_group_members_link" ON "carrier_group_members" USING btree ("industry_carrier_id","group_id");--> statement-breakpoint
CREATE INDEX "industry_carriers_carrier" ON "industry_carriers" USING btree ("carrier_id","status");