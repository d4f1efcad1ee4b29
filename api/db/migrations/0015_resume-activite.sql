CREATE TABLE "resume_activite" (
	"calcul" text PRIMARY KEY NOT NULL,
	"jour" date NOT NULL,
	"calcule_le" timestamp with time zone NOT NULL,
	"donnees" jsonb NOT NULL
);
