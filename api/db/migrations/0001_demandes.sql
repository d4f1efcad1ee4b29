CREATE SEQUENCE "public"."numero_dossier_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "demande" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'demande' NOT NULL,
	"type_changement" text,
	"societe_id" uuid NOT NULL,
	"demandeur_id" uuid,
	"arrete_id" integer,
	"etat" text DEFAULT 'brouillon' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"numero_dossier" text,
	"contenu" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"etapes_enregistrees" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"raison_sociale" text,
	"siren" text,
	"qualite" text,
	"code_departement" text,
	"code_region" text,
	"service_instructeur_id" integer,
	"instructeur_id" uuid,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_modification" timestamp with time zone DEFAULT now() NOT NULL,
	"date_depot" timestamp with time zone,
	"date_echeance" date,
	"date_limite_instruction" date,
	"suspendu_depuis" timestamp with time zone,
	"date_agrement" timestamp with time zone,
	"date_octroi" timestamp with time zone,
	"motif_annulation" text,
	"messagerie_fermee" boolean DEFAULT false NOT NULL,
	CONSTRAINT "demande_numero_dossier_unique" UNIQUE("numero_dossier")
);
--> statement-breakpoint
CREATE TABLE "historique" (
	"id" serial PRIMARY KEY NOT NULL,
	"ressource_type" text NOT NULL,
	"ressource_id" uuid NOT NULL,
	"action" text NOT NULL,
	"etat_avant" text,
	"etat_apres" text,
	"acteur_id" uuid,
	"acteur_role" text,
	"commentaire" text,
	"donnees" jsonb,
	"date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jeton_email" (
	"id" serial PRIMARY KEY NOT NULL,
	"utilisateur_id" uuid NOT NULL,
	"type" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jeton_email_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "lecture" (
	"utilisateur_id" uuid NOT NULL,
	"ressource_type" text NOT NULL,
	"ressource_id" uuid NOT NULL,
	"type" text NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecture_utilisateur_id_ressource_type_ressource_id_type_pk" PRIMARY KEY("utilisateur_id","ressource_type","ressource_id","type")
);
--> statement-breakpoint
CREATE TABLE "message" (
	"id" serial PRIMARY KEY NOT NULL,
	"ressource_type" text NOT NULL,
	"ressource_id" uuid NOT NULL,
	"auteur_id" uuid,
	"cote" text NOT NULL,
	"contenu" text NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "piece_jointe" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ressource_type" text NOT NULL,
	"ressource_id" uuid NOT NULL,
	"rubrique" text NOT NULL,
	"nom" text NOT NULL,
	"mime_type" text NOT NULL,
	"taille" integer NOT NULL,
	"sha256" text NOT NULL,
	"cle" text NOT NULL,
	"depose_par_id" uuid,
	"historique_id" integer,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "utilisateur" ADD COLUMN "consentement_lre" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "demande" ADD CONSTRAINT "demande_societe_id_societe_id_fk" FOREIGN KEY ("societe_id") REFERENCES "public"."societe"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demande" ADD CONSTRAINT "demande_demandeur_id_utilisateur_id_fk" FOREIGN KEY ("demandeur_id") REFERENCES "public"."utilisateur"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demande" ADD CONSTRAINT "demande_arrete_id_arrete_id_fk" FOREIGN KEY ("arrete_id") REFERENCES "public"."arrete"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demande" ADD CONSTRAINT "demande_code_departement_departement_code_fk" FOREIGN KEY ("code_departement") REFERENCES "public"."departement"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demande" ADD CONSTRAINT "demande_code_region_region_code_fk" FOREIGN KEY ("code_region") REFERENCES "public"."region"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demande" ADD CONSTRAINT "demande_service_instructeur_id_service_instructeur_id_fk" FOREIGN KEY ("service_instructeur_id") REFERENCES "public"."service_instructeur"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demande" ADD CONSTRAINT "demande_instructeur_id_utilisateur_id_fk" FOREIGN KEY ("instructeur_id") REFERENCES "public"."utilisateur"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historique" ADD CONSTRAINT "historique_acteur_id_utilisateur_id_fk" FOREIGN KEY ("acteur_id") REFERENCES "public"."utilisateur"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jeton_email" ADD CONSTRAINT "jeton_email_utilisateur_id_utilisateur_id_fk" FOREIGN KEY ("utilisateur_id") REFERENCES "public"."utilisateur"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture" ADD CONSTRAINT "lecture_utilisateur_id_utilisateur_id_fk" FOREIGN KEY ("utilisateur_id") REFERENCES "public"."utilisateur"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_auteur_id_utilisateur_id_fk" FOREIGN KEY ("auteur_id") REFERENCES "public"."utilisateur"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "piece_jointe" ADD CONSTRAINT "piece_jointe_depose_par_id_utilisateur_id_fk" FOREIGN KEY ("depose_par_id") REFERENCES "public"."utilisateur"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demande_societe_idx" ON "demande" USING btree ("societe_id");--> statement-breakpoint
CREATE INDEX "demande_etat_idx" ON "demande" USING btree ("etat");--> statement-breakpoint
CREATE INDEX "demande_service_idx" ON "demande" USING btree ("service_instructeur_id");--> statement-breakpoint
CREATE INDEX "demande_instructeur_idx" ON "demande" USING btree ("instructeur_id");--> statement-breakpoint
CREATE INDEX "demande_depot_idx" ON "demande" USING btree ("date_depot");--> statement-breakpoint
CREATE INDEX "demande_departement_idx" ON "demande" USING btree ("code_departement");--> statement-breakpoint
CREATE INDEX "demande_region_idx" ON "demande" USING btree ("code_region");--> statement-breakpoint
CREATE INDEX "historique_ressource_idx" ON "historique" USING btree ("ressource_type","ressource_id","date");--> statement-breakpoint
CREATE INDEX "jeton_email_utilisateur_idx" ON "jeton_email" USING btree ("utilisateur_id");--> statement-breakpoint
CREATE INDEX "message_ressource_idx" ON "message" USING btree ("ressource_type","ressource_id","date");--> statement-breakpoint
CREATE INDEX "piece_jointe_ressource_idx" ON "piece_jointe" USING btree ("ressource_type","ressource_id","rubrique");