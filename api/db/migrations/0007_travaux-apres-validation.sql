CREATE TABLE "travail_apres_validation" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"donnees" jsonb NOT NULL,
	"cle" text,
	"ressource" text,
	"etat" text DEFAULT 'a_faire' NOT NULL,
	"tentatives" integer DEFAULT 0 NOT NULL,
	"prochaine_tentative" timestamp with time zone NOT NULL,
	"derniere_erreur" text,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_traitement" timestamp with time zone,
	CONSTRAINT "travail_apres_validation_cle_unique" UNIQUE("cle")
);
--> statement-breakpoint
CREATE INDEX "travail_apres_validation_a_faire_idx" ON "travail_apres_validation" USING btree ("prochaine_tentative") WHERE "travail_apres_validation"."etat" = 'a_faire';--> statement-breakpoint
CREATE INDEX "travail_apres_validation_ressource_idx" ON "travail_apres_validation" USING btree ("ressource") WHERE "travail_apres_validation"."etat" = 'a_faire';--> statement-breakpoint
CREATE INDEX "travail_apres_validation_traitement_idx" ON "travail_apres_validation" USING btree ("date_traitement") WHERE "travail_apres_validation"."etat" <> 'a_faire';