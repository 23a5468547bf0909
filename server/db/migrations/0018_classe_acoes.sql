ALTER TABLE "acoes" ADD COLUMN "classe" text DEFAULT 'acao' NOT NULL;--> statement-breakpoint
ALTER TABLE "acoes" ADD CONSTRAINT "acoes_classe" CHECK ("acoes"."classe" in ('acao', 'unit', 'etf', 'fii', 'bdr'));--> statement-breakpoint
-- Backfill (issue 29): the bundled universe's units are in server/seed/data/acoes.csv (its classe column); the
-- rows a COTAHIST import added before the import classified them are named here when they are well-known ETFs or
-- FIIs; BDRs by their suffix (31–35, 39). Any other ticker ending in 11 is taken as a unit: like ETFs and FIIs it is
-- never exempt, so an unknown one is never wrongly exempted (fix it with PUT /api/acoes/{ticker}/).
UPDATE "acoes" SET "classe" = 'etf' WHERE "ticker" IN ('BOVA11', 'BOVV11', 'BOVB11', 'BOVX11', 'XBOV11', 'SMAL11',
  'SMAC11', 'IVVB11', 'SPXI11', 'PIBB11', 'DIVO11', 'FIND11', 'GOVE11', 'MATB11', 'ISUS11', 'ECOO11', 'BRAX11',
  'HASH11', 'QBTC11', 'ETHE11', 'BITH11', 'DEFI11', 'XINA11', 'NASD11', 'GOLD11', 'ACWI11', 'EURP11', 'WRLD11',
  'BBSD11', 'IMAB11', 'IRFM11', 'FIXA11', 'B5P211', 'NTNS11');--> statement-breakpoint
UPDATE "acoes" SET "classe" = 'fii' WHERE "ticker" IN ('HGLG11', 'KNRI11', 'XPML11', 'MXRF11', 'HGRU11', 'VISC11',
  'XPLG11', 'BCFF11', 'HGBS11', 'KNCR11', 'BTLG11', 'VILG11', 'IRDM11', 'RECR11', 'CPTS11', 'HGRE11', 'KNIP11',
  'BRCR11', 'JSRE11', 'HSML11', 'MALL11', 'RBRF11', 'RBRR11', 'TRXF11', 'VGIR11', 'HCTR11', 'GGRC11', 'ALZR11',
  'PVBI11', 'RZTR11', 'KNSC11', 'HFOF11', 'TGAR11', 'XPIN11', 'VRTA11', 'BCRI11', 'DEVA11', 'RBRP11', 'HGCR11',
  'KNHY11', 'VINO11', 'RCRB11', 'LVBI11', 'HGPO11', 'FEXC11', 'VGHF11', 'GARE11', 'KNUQ11', 'PATL11', 'RBVA11');--> statement-breakpoint
UPDATE "acoes" SET "classe" = 'bdr' WHERE "ticker" ~ '^[A-Z0-9]{4}(3[1-5]|39)$';--> statement-breakpoint
UPDATE "acoes" SET "classe" = 'unit' WHERE "classe" = 'acao' AND "ticker" ~ '^[A-Z0-9]{4}11$';
