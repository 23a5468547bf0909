CREATE INDEX "custodias_data_idx" ON "custodias" USING btree ("data_referencia");--> statement-breakpoint
CREATE INDEX "patrimonios_data_idx" ON "patrimonios" USING btree ("data_referencia");