/**
 * `npx tsx scripts/couverture-pglite.ts <dossier>`: after the PGlite pass of
 * `npm test` (scripts/test.sh), checks that every API operation of
 * contract/api got at least one successful answer (status below 400) on
 * PGlite, from the requests the test portals recorded in `<dossier>`
 * (TEST_JOURNAL_ROUTES, tests/helpers/portal.ts), one "METHOD /path status"
 * per line. Prints the count; lists the operations never answered and exits
 * 1 when there are some (ADR 0040: the embedded engine is what a newcomer
 * runs, so no operation may go untried there).
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { POINTS_API } from "../contract/api/index.ts";

const dossier = process.argv[2];
if (!dossier) {
  console.error("usage : couverture-pglite.ts <dossier du journal des routes>");
  process.exit(2);
}

/** An operation, its path as a regular expression, and how specific it is. */
const operations = POINTS_API.map((point) => ({
  cle: `${point.method.toUpperCase()} /api${point.path}`,
  methode: point.method.toUpperCase(),
  motif: new RegExp(`^/api${point.path.replace(/:[A-Za-z0-9_]+/g, "[^/]+")}/?$`),
  // A literal segment beats a parameter: /demande/can/x is not /demande/:id/x.
  parametres: (point.path.match(/:/g) ?? []).length,
}));

const reussies = new Set<string>();
for (const fichier of await readdir(dossier)) {
  for (const ligne of (await readFile(join(dossier, fichier), "utf8")).split("\n")) {
    const [methode, chemin, statut] = ligne.split(" ");
    if (!chemin || Number(statut) >= 400) continue;
    const candidates = operations
      .filter((operation) => operation.methode === methode && operation.motif.test(chemin))
      .sort((a, b) => a.parametres - b.parametres);
    if (candidates[0]) reussies.add(candidates[0].cle);
  }
}

const manquantes = operations.filter((operation) => !reussies.has(operation.cle));
console.log(
  `Couverture PGlite : ${operations.length - manquantes.length} opérations de l'API sur ${operations.length} ont répondu avec succès sur PGlite.`,
);
if (manquantes.length > 0) {
  console.error("Jamais servies avec succès sur PGlite :");
  for (const operation of manquantes) console.error(`  ${operation.cle}`);
  process.exit(1);
}
