CREATE TABLE "historique_export_etablissement" (
	"id" serial PRIMARY KEY NOT NULL,
	"utilisateur_id" uuid,
	"nom" text NOT NULL,
	"prenom" text NOT NULL,
	"date_export" timestamp with time zone DEFAULT now() NOT NULL,
	"filtres" jsonb NOT NULL,
	"commentaire" text
);
--> statement-breakpoint
CREATE TABLE "registre_etablissement" (
	"siret" text PRIMARY KEY NOT NULL,
	"siren" text NOT NULL,
	"nom_insee" text NOT NULL,
	"siege" boolean DEFAULT false NOT NULL,
	"adresse1" text NOT NULL,
	"adresse2" text,
	"code_postal" text NOT NULL,
	"ville" text NOT NULL,
	"code_commune" text,
	"actif" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "etablissement" ADD COLUMN "nom_recherche" text GENERATED ALWAYS AS (lower(regexp_replace(replace(replace(replace(replace(replace(regexp_replace(normalize(coalesce("nom", ''), NFD), '[\u0300-\u036f]', '', 'g'), 'Œ', 'oe'), 'œ', 'oe'), 'Æ', 'ae'), 'æ', 'ae'), 'ß', 'ss'), '[^a-zA-Z0-9]+', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "etablissement" ADD COLUMN "raison_sociale_recherche" text GENERATED ALWAYS AS (lower(regexp_replace(replace(replace(replace(replace(replace(regexp_replace(normalize(coalesce("raison_sociale", ''), NFD), '[\u0300-\u036f]', '', 'g'), 'Œ', 'oe'), 'œ', 'oe'), 'Æ', 'ae'), 'æ', 'ae'), 'ß', 'ss'), '[^a-zA-Z0-9]+', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "historique_export_etablissement" ADD CONSTRAINT "historique_export_etablissement_utilisateur_id_utilisateur_id_fk" FOREIGN KEY ("utilisateur_id") REFERENCES "public"."utilisateur"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registre_etablissement" ADD CONSTRAINT "registre_etablissement_code_commune_commune_code_fk" FOREIGN KEY ("code_commune") REFERENCES "public"."commune"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "historique_export_etablissement_date_idx" ON "historique_export_etablissement" USING btree ("date_export","id");--> statement-breakpoint
CREATE INDEX "historique_export_etablissement_utilisateur_idx" ON "historique_export_etablissement" USING btree ("utilisateur_id");--> statement-breakpoint
CREATE INDEX "registre_etablissement_siren_idx" ON "registre_etablissement" USING btree ("siren","siret");--> statement-breakpoint
CREATE INDEX "etablissement_perimetre_idx" ON "etablissement" USING gin ("perimetre" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "etablissement_referencee_creation_idx" ON "etablissement" USING btree ("referencee","date_creation","id");--> statement-breakpoint
CREATE INDEX "etablissement_code_postal_idx" ON "etablissement" USING btree ("code_postal");--> statement-breakpoint
CREATE INDEX "etablissement_reference_trgm_idx" ON "etablissement" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "etablissement_nom_trgm_idx" ON "etablissement" USING gin ("nom_recherche" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "etablissement_raison_sociale_trgm_idx" ON "etablissement" USING gin ("raison_sociale_recherche" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "etablissement_siret_trgm_idx" ON "etablissement" USING gin ("siret" gin_trgm_ops);