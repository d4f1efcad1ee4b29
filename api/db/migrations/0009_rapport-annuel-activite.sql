CREATE TABLE "rapport_annuel_activite" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agrement_id" uuid NOT NULL,
	"annee" integer NOT NULL,
	"etat" text DEFAULT 'nonDepose' NOT NULL,
	"contenu" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"date_depot" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_modification" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rapport_annuel_activite" ADD CONSTRAINT "rapport_annuel_activite_agrement_id_agrement_id_fk" FOREIGN KEY ("agrement_id") REFERENCES "public"."agrement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rapport_annuel_activite_agrement_annee_idx" ON "rapport_annuel_activite" USING btree ("agrement_id","annee");--> statement-breakpoint
CREATE INDEX "rapport_annuel_activite_annee_idx" ON "rapport_annuel_activite" USING btree ("annee","etat");