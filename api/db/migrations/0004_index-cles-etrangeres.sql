CREATE INDEX "attestation_piece_jointe_idx" ON "attestation" USING btree ("piece_jointe_id");--> statement-breakpoint
CREATE INDEX "avis_auteur_idx" ON "avis" USING btree ("auteur_id");--> statement-breakpoint
CREATE INDEX "avis_piece_jointe_idx" ON "avis" USING btree ("piece_jointe_id");--> statement-breakpoint
CREATE INDEX "demande_demandeur_idx" ON "demande" USING btree ("demandeur_id");--> statement-breakpoint
CREATE INDEX "historique_acteur_idx" ON "historique" USING btree ("acteur_id");--> statement-breakpoint
CREATE INDEX "message_auteur_idx" ON "message" USING btree ("auteur_id");--> statement-breakpoint
CREATE INDEX "note_auteur_idx" ON "note" USING btree ("auteur_id");--> statement-breakpoint
CREATE INDEX "note_piece_jointe_idx" ON "note" USING btree ("piece_jointe_id");--> statement-breakpoint
CREATE INDEX "piece_jointe_depose_par_idx" ON "piece_jointe" USING btree ("depose_par_id");--> statement-breakpoint
CREATE INDEX "procedure_agrement_demande_idx" ON "procedure_agrement" USING btree ("demande_id");