ALTER TABLE "historique" ADD COLUMN "empreinte" text;--> statement-breakpoint
ALTER TABLE "historique" ADD COLUMN "empreinte_precedente" text;--> statement-breakpoint
ALTER TABLE "piece_jointe" ADD COLUMN "etat_antivirus" text DEFAULT 'non_analyse' NOT NULL;--> statement-breakpoint
ALTER TABLE "piece_jointe" ADD COLUMN "date_analyse_antivirus" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "piece_jointe" ADD COLUMN "resultat_antivirus" text;--> statement-breakpoint
CREATE INDEX "piece_jointe_antivirus_a_analyser_idx" ON "piece_jointe" USING btree ("etat_antivirus") WHERE etat_antivirus in ('en_attente', 'erreur');