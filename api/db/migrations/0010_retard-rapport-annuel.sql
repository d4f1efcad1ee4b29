CREATE TABLE "rappel_rapport_annuel" (
	"agrement_id" uuid NOT NULL,
	"annee" integer NOT NULL,
	"rappel" text NOT NULL,
	"date_rappel" timestamp with time zone NOT NULL,
	CONSTRAINT "rappel_rapport_annuel_agrement_id_annee_rappel_pk" PRIMARY KEY("agrement_id","annee","rappel")
);
--> statement-breakpoint
CREATE TABLE "retard_rapport_annuel" (
	"agrement_id" uuid NOT NULL,
	"annee" integer NOT NULL,
	"date_signalement" timestamp with time zone NOT NULL,
	CONSTRAINT "retard_rapport_annuel_agrement_id_annee_pk" PRIMARY KEY("agrement_id","annee")
);
--> statement-breakpoint
ALTER TABLE "rappel_rapport_annuel" ADD CONSTRAINT "rappel_rapport_annuel_agrement_id_agrement_id_fk" FOREIGN KEY ("agrement_id") REFERENCES "public"."agrement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retard_rapport_annuel" ADD CONSTRAINT "retard_rapport_annuel_agrement_id_agrement_id_fk" FOREIGN KEY ("agrement_id") REFERENCES "public"."agrement"("id") ON DELETE cascade ON UPDATE no action;