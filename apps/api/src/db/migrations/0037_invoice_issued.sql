-- An issued invoice keeps its parties as they stood at issue (issue 33): the tax invoice and its
-- PDF read this, never the profiles again.
ALTER TABLE "invoices" ADD COLUMN "issued" jsonb;--> statement-breakpoint
-- Invoices issued before: the parties as they stand now (the best record there is), dated at submission.
UPDATE "invoices" i SET "issued" = jsonb_build_object(
  'supplier', jsonb_build_object('name', c."name", 'address', c."address", 'city', c."city", 'state', c."state",
    'pincode', c."pincode", 'gstin', i."supplier_gstin", 'pan', coalesce(c."pan", substr(i."supplier_gstin", 3, 10))),
  'recipient', jsonb_build_object('name', ind."name" || ', ' || p."name", 'address', p."address", 'city', p."city",
    'state', p."state", 'pincode', p."pincode", 'gstin', i."recipient_gstin",
    'pan', CASE WHEN length(i."recipient_gstin") = 15 THEN substr(i."recipient_gstin", 3, 10) END),
  'placeOfSupply', p."state",
  'carrierName', c."name",
  'vehicles', coalesce((SELECT jsonb_object_agg(o."id"::text, o."vehicle_number") FROM "invoice_orders" io
    JOIN "orders" o ON o."id" = io."order_id" WHERE io."invoice_id" = i."id"), '{}'::jsonb),
  'issuedAt', to_char(i."submitted_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
FROM "carriers" c, "plants" p JOIN "industries" ind ON ind."id" = p."industry_id"
WHERE c."id" = i."carrier_id" AND p."id" = i."plant_id";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "issued" SET NOT NULL;
