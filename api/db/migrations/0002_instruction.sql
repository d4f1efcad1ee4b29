CREATE SEQUENCE "public"."numero_agrement_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "agrement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"societe_id" uuid NOT NULL,
	"demande_id" uuid NOT NULL,
	"numero_agrement" text NOT NULL,
	"etat" text DEFAULT 'en_cours' NOT NULL,
	"date_debut" date NOT NULL,
	"date_fin" date NOT NULL,
	"date_octroi" timestamp with time zone NOT NULL,
	"perimetre" jsonb NOT NULL,
	"raison_sociale" text NOT NULL,
	"qualite" text,
	"code_departement" text,
	"code_region" text,
	"service_instructeur_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_modification" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agrement_numero_agrement_unique" UNIQUE("numero_agrement")
);
--> statement-breakpoint
CREATE TABLE "attestation" (
	"id" serial PRIMARY KEY NOT NULL,
	"agrement_id" uuid NOT NULL,
	"piece_jointe_id" uuid NOT NULL,
	"is_current" boolean DEFAULT true NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "avis" (
	"id" serial PRIMARY KEY NOT NULL,
	"ressource_type" text NOT NULL,
	"ressource_id" uuid NOT NULL,
	"type_avis" text NOT NULL,
	"valeur" text NOT NULL,
	"commentaire" text,
	"auteur_id" uuid,
	"date_echeance" date,
	"revision" integer DEFAULT 0 NOT NULL,
	"piece_jointe_id" uuid,
	"historique_id" integer,
	"date_avis" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "info_complementaire" (
	"id" serial PRIMARY KEY NOT NULL,
	"ressource_type" text NOT NULL,
	"ressource_id" uuid NOT NULL,
	"info_type" text NOT NULL,
	"raison" text,
	"date_echeance" date,
	"date_reponse" timestamp with time zone,
	"delai_depasse" boolean DEFAULT false NOT NULL,
	"historique_id" integer,
	"date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "note" (
	"id" serial PRIMARY KEY NOT NULL,
	"ressource_type" text NOT NULL,
	"ressource_id" uuid NOT NULL,
	"auteur_id" uuid,
	"texte" text NOT NULL,
	"piece_jointe_id" uuid,
	"date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procedure_agrement" (
	"id" serial PRIMARY KEY NOT NULL,
	"agrement_id" uuid NOT NULL,
	"demande_id" uuid,
	"type" text NOT NULL,
	"etat" text DEFAULT 'en_cours' NOT NULL,
	"date_notification" date,
	"decision" text,
	"date_decision" date,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demande" ADD COLUMN "complement" text;--> statement-breakpoint
ALTER TABLE "demande" ADD COLUMN "date_avis_decideur" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "demande" ADD COLUMN "decision_piece_jointe_id" uuid;--> statement-breakpoint
ALTER TABLE "demande" ADD COLUMN "agrement_id" uuid;--> statement-breakpoint
ALTER TABLE "demande" ADD COLUMN "alerte_expiration_envoyee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "utilisateur" ADD COLUMN "parametres_mail" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "agrement" ADD CONSTRAINT "agrement_societe_id_societe_id_fk" FOREIGN KEY ("societe_id") REFERENCES "public"."societe"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agrement" ADD CONSTRAINT "agrement_demande_id_demande_id_fk" FOREIGN KEY ("demande_id") REFERENCES "public"."demande"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agrement" ADD CONSTRAINT "agrement_code_departement_departement_code_fk" FOREIGN KEY ("code_departement") REFERENCES "public"."departement"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agrement" ADD CONSTRAINT "agrement_code_region_region_code_fk" FOREIGN KEY ("code_region") REFERENCES "public"."region"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agrement" ADD CONSTRAINT "agrement_service_instructeur_id_service_instructeur_id_fk" FOREIGN KEY ("service_instructeur_id") REFERENCES "public"."service_instructeur"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation" ADD CONSTRAINT "attestation_agrement_id_agrement_id_fk" FOREIGN KEY ("agrement_id") REFERENCES "public"."agrement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation" ADD CONSTRAINT "attestation_piece_jointe_id_piece_jointe_id_fk" FOREIGN KEY ("piece_jointe_id") REFERENCES "public"."piece_jointe"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avis" ADD CONSTRAINT "avis_auteur_id_utilisateur_id_fk" FOREIGN KEY ("auteur_id") REFERENCES "public"."utilisateur"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avis" ADD CONSTRAINT "avis_piece_jointe_id_piece_jointe_id_fk" FOREIGN KEY ("piece_jointe_id") REFERENCES "public"."piece_jointe"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_auteur_id_utilisateur_id_fk" FOREIGN KEY ("auteur_id") REFERENCES "public"."utilisateur"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_piece_jointe_id_piece_jointe_id_fk" FOREIGN KEY ("piece_jointe_id") REFERENCES "public"."piece_jointe"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_agrement" ADD CONSTRAINT "procedure_agrement_agrement_id_agrement_id_fk" FOREIGN KEY ("agrement_id") REFERENCES "public"."agrement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_agrement" ADD CONSTRAINT "procedure_agrement_demande_id_demande_id_fk" FOREIGN KEY ("demande_id") REFERENCES "public"."demande"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agrement_societe_idx" ON "agrement" USING btree ("societe_id");--> statement-breakpoint
CREATE INDEX "agrement_etat_idx" ON "agrement" USING btree ("etat");--> statement-breakpoint
CREATE INDEX "agrement_service_idx" ON "agrement" USING btree ("service_instructeur_id");--> statement-breakpoint
CREATE INDEX "attestation_agrement_idx" ON "attestation" USING btree ("agrement_id");--> statement-breakpoint
CREATE INDEX "avis_ressource_idx" ON "avis" USING btree ("ressource_type","ressource_id","date_avis");--> statement-breakpoint
CREATE INDEX "info_complementaire_ressource_idx" ON "info_complementaire" USING btree ("ressource_type","ressource_id","date");--> statement-breakpoint
CREATE INDEX "note_ressource_idx" ON "note" USING btree ("ressource_type","ressource_id","date");--> statement-breakpoint
CREATE INDEX "procedure_agrement_agrement_idx" ON "procedure_agrement" USING btree ("agrement_id");--> statement-breakpoint
CREATE INDEX "demande_kind_depot_idx" ON "demande" USING btree ("kind","date_depot");--> statement-breakpoint
CREATE INDEX "demande_limite_idx" ON "demande" USING btree ("date_limite_instruction");