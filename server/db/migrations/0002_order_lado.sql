-- One name per concept: an order's side is the specification's compra/venda, as in the SPA and the contract.
DROP INDEX "order_groups_sell_in_flight_uq";--> statement-breakpoint
ALTER TABLE "order_groups" RENAME COLUMN "side" TO "lado";--> statement-breakpoint
UPDATE "order_groups" SET "lado" = CASE "lado" WHEN 'buy' THEN 'compra' WHEN 'sell' THEN 'venda' ELSE "lado" END;--> statement-breakpoint
CREATE UNIQUE INDEX "order_groups_sell_in_flight_uq" ON "order_groups" USING btree ("operacao_id") WHERE "order_groups"."lado" = 'venda' and "order_groups"."state" in ('pending', 'sent');
