CREATE TABLE "etablissement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agrement_id" uuid NOT NULL,
	"societe_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"raison_sociale" text NOT NULL,
	"nom" text NOT NULL,
	"nom_insee" text,
	"nom_mar" text,
	"siret" text NOT NULL,
	"adresse1" text NOT NULL,
	"adresse2" text,
	"code_postal" text NOT NULL,
	"ville" text NOT NULL,
	"code_commune" text,
	"tel" text,
	"email" text,
	"site_internet" text,
	"etp" numeric(6, 2),
	"perimetre" jsonb NOT NULL,
	"referent" jsonb,
	"referencee" boolean DEFAULT true NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_modification" timestamp with time zone DEFAULT now() NOT NULL,
	"date_dereferencement" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "etablissement" ADD CONSTRAINT "etablissement_agrement_id_agrement_id_fk" FOREIGN KEY ("agrement_id") REFERENCES "public"."agrement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etablissement" ADD CONSTRAINT "etablissement_societe_id_societe_id_fk" FOREIGN KEY ("societe_id") REFERENCES "public"."societe"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etablissement" ADD CONSTRAINT "etablissement_code_commune_commune_code_fk" FOREIGN KEY ("code_commune") REFERENCES "public"."commune"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "etablissement_agrement_reference_idx" ON "etablissement" USING btree ("agrement_id","reference");--> statement-breakpoint
CREATE INDEX "etablissement_societe_idx" ON "etablissement" USING btree ("societe_id");--> statement-breakpoint
CREATE INDEX "etablissement_siret_idx" ON "etablissement" USING btree ("siret");--> statement-breakpoint
CREATE INDEX "etablissement_commune_idx" ON "etablissement" USING btree ("code_commune");