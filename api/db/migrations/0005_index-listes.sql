-- Index of every filter and sort of the instruction lists (issue 5, "Must have" 4).
-- pg_trgm is a trusted extension (PostgreSQL >= 13): the database owner may create it;
-- PGlite loads it from @electric-sql/pglite/contrib/pg_trgm (api/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- The search text of the file number and the company name (api/db/schema.ts texteRecherche,
-- the SQL twin of normaliserRecherche in contract/texte.ts), kept by PostgreSQL.
ALTER TABLE "demande" ADD COLUMN "numero_dossier_recherche" text GENERATED ALWAYS AS (lower(regexp_replace(replace(replace(replace(replace(replace(regexp_replace(normalize(coalesce("numero_dossier", ''), NFD), '[\u0300-\u036f]', '', 'g'), 'Œ', 'oe'), 'œ', 'oe'), 'Æ', 'ae'), 'æ', 'ae'), 'ß', 'ss'), '[^a-zA-Z0-9]+', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "demande" ADD COLUMN "raison_sociale_recherche" text GENERATED ALWAYS AS (lower(regexp_replace(replace(replace(replace(replace(replace(regexp_replace(normalize(coalesce("raison_sociale", ''), NFD), '[\u0300-\u036f]', '', 'g'), 'Œ', 'oe'), 'œ', 'oe'), 'Æ', 'ae'), 'æ', 'ae'), 'ß', 'ss'), '[^a-zA-Z0-9]+', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
-- Replaced by the (kind, field, id) indexes below: every list query filters on kind.
DROP INDEX "demande_depot_idx";--> statement-breakpoint
DROP INDEX "demande_limite_idx";--> statement-breakpoint
DROP INDEX "demande_kind_depot_idx";--> statement-breakpoint
CREATE INDEX "demande_kind_depot_idx" ON "demande" USING btree ("kind","date_depot","id");--> statement-breakpoint
-- Also every column a staff list's count reads: an index-only count.
CREATE INDEX "demande_kind_etat_idx" ON "demande" USING btree ("kind","etat","id","date_depot");--> statement-breakpoint
CREATE INDEX "demande_kind_raison_sociale_idx" ON "demande" USING btree ("kind","raison_sociale_recherche","id");--> statement-breakpoint
CREATE INDEX "demande_kind_limite_idx" ON "demande" USING btree ("kind","date_limite_instruction","id");--> statement-breakpoint
CREATE INDEX "demande_kind_departement_idx" ON "demande" USING btree ("kind","code_departement","id");--> statement-breakpoint
CREATE INDEX "demande_kind_qualite_idx" ON "demande" USING btree ("kind","qualite","etat","date_depot");--> statement-breakpoint
-- The search: like '%…%' on the search texts and the SIREN.
CREATE INDEX "demande_numero_dossier_trgm_idx" ON "demande" USING gin ("numero_dossier_recherche" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "demande_raison_sociale_trgm_idx" ON "demande" USING gin ("raison_sociale_recherche" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "demande_siren_trgm_idx" ON "demande" USING gin ("siren" gin_trgm_ops);--> statement-breakpoint
-- The files a history row brought (complements on a file's detail page).
CREATE INDEX "piece_jointe_historique_idx" ON "piece_jointe" USING btree ("historique_id");
