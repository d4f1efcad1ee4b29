CREATE TABLE "arrete" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"libelle" text NOT NULL,
	"date_publication" date NOT NULL,
	"date_effet" date NOT NULL,
	"current" boolean DEFAULT false NOT NULL,
	CONSTRAINT "arrete_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "bandeau_informatif" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"demande_type" text,
	"titre" text,
	"message" text NOT NULL,
	"actif" boolean DEFAULT true NOT NULL,
	"date_debut" timestamp with time zone,
	"date_fin" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "commune_code_postal" (
	"code_commune" text NOT NULL,
	"code_postal" text NOT NULL,
	CONSTRAINT "commune_code_postal_code_commune_code_postal_pk" PRIMARY KEY("code_commune","code_postal")
);
--> statement-breakpoint
CREATE TABLE "commune" (
	"code" text PRIMARY KEY NOT NULL,
	"nom" text NOT NULL,
	"nom_recherche" text NOT NULL,
	"code_departement" text NOT NULL,
	"code_region" text NOT NULL,
	"code_epci" text,
	"population" integer
);
--> statement-breakpoint
CREATE TABLE "departement" (
	"code" text PRIMARY KEY NOT NULL,
	"nom" text NOT NULL,
	"code_region" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "epci" (
	"code" text PRIMARY KEY NOT NULL,
	"nom" text NOT NULL,
	"nom_recherche" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_flag" (
	"name" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forme_juridique" (
	"code" text PRIMARY KEY NOT NULL,
	"libelle" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_payload" (
	"id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payload_id_type_pk" PRIMARY KEY("id","type")
);
--> statement-breakpoint
CREATE TABLE "region" (
	"code" text PRIMARY KEY NOT NULL,
	"nom" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_instructeur_departement" (
	"service_instructeur_id" integer NOT NULL,
	"code_departement" text NOT NULL,
	CONSTRAINT "service_instructeur_departement_service_instructeur_id_code_departement_pk" PRIMARY KEY("service_instructeur_id","code_departement")
);
--> statement-breakpoint
CREATE TABLE "service_instructeur" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"nom" text NOT NULL,
	"email" text,
	CONSTRAINT "service_instructeur_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "societe" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"siren" text NOT NULL,
	"raison_sociale" text NOT NULL,
	"qualites" text[] DEFAULT '{}'::text[] NOT NULL,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "societe_siren_unique" UNIQUE("siren")
);
--> statement-breakpoint
CREATE TABLE "utilisateur" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_idp" text NOT NULL,
	"email" text NOT NULL,
	"nom" text DEFAULT '' NOT NULL,
	"prenom" text DEFAULT '' NOT NULL,
	"password_hash" text,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"statut" text DEFAULT 'actif' NOT NULL,
	"telephone" text,
	"qualite" text,
	"societe_id" uuid,
	"service_instructeur_id" integer,
	"region" text,
	"cgu_version_acceptee" text,
	"accept_notification_actualite" boolean DEFAULT false NOT NULL,
	"perimetre_supervision" jsonb,
	"date_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"date_modification" timestamp with time zone DEFAULT now() NOT NULL,
	"date_derniere_connexion" timestamp with time zone,
	CONSTRAINT "utilisateur_id_idp_unique" UNIQUE("id_idp")
);
--> statement-breakpoint
ALTER TABLE "commune_code_postal" ADD CONSTRAINT "commune_code_postal_code_commune_commune_code_fk" FOREIGN KEY ("code_commune") REFERENCES "public"."commune"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commune" ADD CONSTRAINT "commune_code_departement_departement_code_fk" FOREIGN KEY ("code_departement") REFERENCES "public"."departement"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commune" ADD CONSTRAINT "commune_code_region_region_code_fk" FOREIGN KEY ("code_region") REFERENCES "public"."region"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commune" ADD CONSTRAINT "commune_code_epci_epci_code_fk" FOREIGN KEY ("code_epci") REFERENCES "public"."epci"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departement" ADD CONSTRAINT "departement_code_region_region_code_fk" FOREIGN KEY ("code_region") REFERENCES "public"."region"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_instructeur_departement" ADD CONSTRAINT "service_instructeur_departement_service_instructeur_id_service_instructeur_id_fk" FOREIGN KEY ("service_instructeur_id") REFERENCES "public"."service_instructeur"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_instructeur_departement" ADD CONSTRAINT "service_instructeur_departement_code_departement_departement_code_fk" FOREIGN KEY ("code_departement") REFERENCES "public"."departement"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utilisateur" ADD CONSTRAINT "utilisateur_societe_id_societe_id_fk" FOREIGN KEY ("societe_id") REFERENCES "public"."societe"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utilisateur" ADD CONSTRAINT "utilisateur_service_instructeur_id_service_instructeur_id_fk" FOREIGN KEY ("service_instructeur_id") REFERENCES "public"."service_instructeur"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utilisateur" ADD CONSTRAINT "utilisateur_region_region_code_fk" FOREIGN KEY ("region") REFERENCES "public"."region"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commune_code_postal_cp_idx" ON "commune_code_postal" USING btree ("code_postal");--> statement-breakpoint
CREATE INDEX "commune_departement_idx" ON "commune" USING btree ("code_departement");--> statement-breakpoint
CREATE INDEX "commune_epci_idx" ON "commune" USING btree ("code_epci");--> statement-breakpoint
CREATE INDEX "commune_nom_recherche_idx" ON "commune" USING btree ("nom_recherche");--> statement-breakpoint
CREATE INDEX "departement_region_idx" ON "departement" USING btree ("code_region");--> statement-breakpoint
CREATE INDEX "epci_nom_recherche_idx" ON "epci" USING btree ("nom_recherche");--> statement-breakpoint
CREATE INDEX "oidc_payload_grant_idx" ON "oidc_payload" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payload_uid_idx" ON "oidc_payload" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_payload_expires_idx" ON "oidc_payload" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_instructeur_departement_dep_idx" ON "service_instructeur_departement" USING btree ("code_departement");--> statement-breakpoint
CREATE INDEX "session_expires_idx" ON "session" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "utilisateur_email_idx" ON "utilisateur" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "utilisateur_societe_idx" ON "utilisateur" USING btree ("societe_id");--> statement-breakpoint
CREATE INDEX "utilisateur_service_idx" ON "utilisateur" USING btree ("service_instructeur_id");