CREATE INDEX "order_groups_criado_idx" ON "order_groups" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "order_groups_cliente_criado_idx" ON "order_groups" USING btree ("cliente_id","created_at","id");--> statement-breakpoint
CREATE INDEX "order_groups_ticker_criado_idx" ON "order_groups" USING btree ("ticker_base","created_at","id");--> statement-breakpoint
CREATE INDEX "order_groups_state_criado_idx" ON "order_groups" USING btree ("state","created_at","id");