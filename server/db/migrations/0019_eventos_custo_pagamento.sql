ALTER TABLE "eventos_corporativos" ADD COLUMN "custo_atribuido" numeric(20, 10);--> statement-breakpoint
ALTER TABLE "eventos_corporativos" ADD COLUMN "data_pagamento" date;--> statement-breakpoint
ALTER TABLE "eventos_corporativos" ADD CONSTRAINT "eventos_corporativos_custo_pagamento" CHECK (("eventos_corporativos"."custo_atribuido" is null or ("eventos_corporativos"."tipo" = 'bonificacao' and "eventos_corporativos"."custo_atribuido" >= 0))
        and ("eventos_corporativos"."data_pagamento" is null or "eventos_corporativos"."tipo" in ('dividendo', 'jcp')));--> statement-breakpoint
-- JCP paid or credited from 2026-01-01 is withheld at 17.5 % (LC 224/2025), not 15 %: the JCP already paid with a
-- data_ex (its payment date until now) in 2026 gets its net value again, the withholding rounded to the cent.
UPDATE "proventos" pv SET "valor_liquido" = pv."valor_bruto" - round(pv."valor_bruto" * 0.175, 2)
  FROM "eventos_corporativos" e
  WHERE e."id" = pv."evento_id" AND e."tipo" = 'jcp' AND e."data_ex" >= '2026-01-01';
