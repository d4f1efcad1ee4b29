CREATE TABLE "compteur_connexion" (
	"cle" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL,
	"dernier" timestamp with time zone NOT NULL,
	"expire" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compteur_limite" (
	"cle" text PRIMARY KEY NOT NULL,
	"nombre" integer NOT NULL,
	"fin_fenetre" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "compteur_connexion_expire_idx" ON "compteur_connexion" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "compteur_limite_fin_fenetre_idx" ON "compteur_limite" USING btree ("fin_fenetre");