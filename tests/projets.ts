/**
 * Which test files run on which database engine (ADR 0040), read by
 * vite.config.ts. Every file runs once on PostgreSQL, the production engine
 * (scripts/test.sh, first pass). The files of {@link DEUX_MOTEURS} run a
 * second time on the embedded PGlite, the engine of `npm start` without
 * DATABASE_URL: those whose behaviour can differ between the two engines,
 * and those that together exercise every API operation and every migration
 * on PGlite (checked at each run by scripts/couverture-pglite.ts).
 */

/** Files that open no database: run once, on any pass, modules shared (`isolate: false`). */
export const UNITAIRES = [
  "tests/unit/**/*.test.ts",
  "contract/**/*.test.ts",
  "api/**/*.test.ts",
  "idp/**/*.test.ts",
  "app/**/*.test.ts",
];

/** Files that start a portal or open a database (a database of their own on PostgreSQL). */
export const AVEC_BASE = ["tests/api/**/*.test.ts", "tests/idp/**/*.test.ts"];

/** Files that need a PostgreSQL server whatever the pass (several processes share one database). */
export const NECESSITENT_POSTGRES = ["tests/api/un-processus-par-coeur.test.ts"];

/**
 * Files run on PGlite as well, each with the behaviour that can differ
 * between the engines (ADR 0040, « Ce qui peut différer »).
 */
export const DEUX_MOTEURS: Record<string, string> = {
  // Every API operation, four identities each, and no row written by a refused request.
  "tests/api/requetes-malformees.test.ts": "chaque opération de l'API",
  // pg-boss: its schema, SKIP LOCKED queues and schedules on one connection.
  "tests/api/jobs.test.ts": "file de tâches pg-boss",
  // A lost database answers 503: the drivers raise different errors.
  "tests/api/base-indisponible.test.ts": "perte de la base",
  // The embedded database reopened from DATA_DIR, repeatable-read verification.
  "tests/api/historique-chaine.test.ts": "réouverture de la base embarquée",
  // The embedded start: demo dataset, advisory locks of the seeds.
  "tests/api/jeu-demo.test.ts": "démarrage embarqué",
  "tests/api/seed-scale.test.ts": "jeu à l'échelle, verrous consultatifs",
  // Generated columns, aggregates whose types the drivers parse differently.
  "tests/api/activites.test.ts": "agrégats et colonnes générées",
  "tests/api/activite-resume.test.ts": "résumé national",
  // Sign-in limits counted in the database under concurrent attempts.
  "tests/idp/rate-limit.test.ts": "limites de connexion",
  // With the files above, the fewest that make every API operation answer
  // successfully on PGlite (greedy cover over a journal of the whole suite on
  // PGlite, ADR 0040); scripts/couverture-pglite.ts checks it at every run.
  "tests/api/etablissements.test.ts": "couverture de l'API",
  "tests/api/contrat-points.test.ts": "couverture de l'API",
  "tests/api/rapports-annuels.test.ts": "couverture de l'API",
  "tests/api/administration.test.ts": "couverture de l'API",
  "tests/api/recette.test.ts": "couverture de l'API",
  "tests/api/messagerie.test.ts": "couverture de l'API",
  "tests/api/notes.test.ts": "couverture de l'API",
  "tests/api/etablissements-staff.test.ts": "couverture de l'API",
  "tests/api/comptes-gestion.test.ts": "couverture de l'API",
  "tests/api/annuaire.test.ts": "couverture de l'API",
  "tests/api/demandes.test.ts": "couverture de l'API",
  "tests/api/agrements-liste.test.ts": "couverture de l'API",
  "tests/api/candidat.test.ts": "couverture de l'API",
  "tests/api/rapports-annuels-rappels.test.ts": "couverture de l'API",
  "tests/api/reference.test.ts": "couverture de l'API",
  "tests/api/auth-account.test.ts": "couverture de l'API",
  "tests/api/changement-notable-depot.test.ts": "couverture de l'API",
  "tests/api/archives.test.ts": "couverture de l'API",
  "tests/api/pieces-jointes.test.ts": "couverture de l'API",
  "tests/api/compte-parametres.test.ts": "couverture de l'API",
};
