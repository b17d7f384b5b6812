ALTER TABLE "items" ADD COLUMN "min_price_cents" integer;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "suggested_price_cents" integer;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_pwyw_check" CHECK (("items"."min_price_cents" is null) = ("items"."suggested_price_cents" is null)
        and ("items"."min_price_cents" is null or ("items"."min_price_cents" >= 0
          and "items"."suggested_price_cents" >= "items"."min_price_cents"
          and "items"."price_cents" >= "items"."min_price_cents")));