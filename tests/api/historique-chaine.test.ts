/**
 * The history nobody can rewrite silently (ADR 0033):
 * every `historique` row carries the sha256 of its content and of the
 * previous row of the same resource, computed by the trigger of migration
 * 0013 whatever code path inserts it; `npm run verifier-historique`
 * (api/db/verification-historique.ts) names every row that breaks a chain.
 *
 * A request is driven through the real API (creation, deposit, assignment,
 * completeness request), then rows are edited or deleted in SQL as an
 * intruder would, and the check must find exactly those. On PostgreSQL the
 * suite shares one database: the checks read this file's resources, and
 * the tampered resources are removed afterwards.
 */
import { execFile } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../api/db/client.ts";
import { verifierHistorique } from "../../api/db/verification-historique.ts";
import { fabriqueDemandeurs } from "../helpers/demandeur-en-base.ts";
import {
  affecter,
  contexteInstruction,
  demanderCompletude,
  deposerNouvelleDemande,
  type ContexteInstruction,
} from "../helpers/instruction-api.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const marque = `Hc${randomUUID().slice(0, 8)}`;
const racine = join(import.meta.dirname, "../..");

let portal: TestPortal;
let ctx: ContexteInstruction;
const nouveauDemandeur = fabriqueDemandeurs(() => portal, {
  marque,
  prefixeSiren: "77",
  motDePasse: "Chaine-Historique-2026!",
});

interface Ligne {
  id: number;
  action: string;
  empreinte: string | null;
  empreinte_precedente: string | null;
}

/** The history rows of request `id`, in id order. */
function lignesDe(database: Database, id: string): Promise<Ligne[]> {
  return database.query<Ligne>(
    "select id, action, empreinte, empreinte_precedente from historique where ressource_id = $1 order by id",
    [id],
  );
}

/**
 * A request of a new applicant (one request per company), deposited,
 * assigned and asked for completeness: five history rows.
 */
async function demandeInstruite(): Promise<string> {
  const contexte = { ...ctx, demandeur: (await nouveauDemandeur()).token };
  const { id } = await deposerNouvelleDemande(contexte);
  await affecter(contexte, id);
  await demanderCompletude(contexte, id);
  return id;
}

/** `npm run verifier-historique` with `env`: its exit code and output. */
async function lancerVerification(
  env: Record<string, string>,
): Promise<{ code: number; sortie: string }> {
  const sansBase = { ...process.env };
  delete sansBase.DATABASE_URL;
  try {
    const { stdout, stderr } = await promisify(execFile)(
      "npx",
      ["tsx", "scripts/verifier-historique.ts"],
      { cwd: racine, env: { ...sansBase, LOG_LEVEL: "silent", ...env } },
    );
    return { code: 0, sortie: stdout + stderr };
  } catch (error) {
    const echec = error as { code: number; stdout: string; stderr: string };
    return { code: echec.code, sortie: echec.stdout + echec.stderr };
  }
}

/** Resources this file tampered with, removed so the whole database checks clean again. */
const aSupprimer: string[] = [];
async function supprimerAlterees(): Promise<void> {
  for (const id of aSupprimer.splice(0))
    await portal.database.query("delete from historique where ressource_id = $1", [id]);
}

beforeAll(async () => {
  portal = await startTestPortal();
  ctx = await contexteInstruction(portal.baseUrl, (await nouveauDemandeur()).token);
}, 120_000);

afterAll(async () => {
  if (portal) await supprimerAlterees();
  await portal?.close();
});

describe("chaîne d'empreintes de l'historique", () => {
  it("chaîne chaque ligne d'une demande à la précédente, de la création à la demande de complément", async () => {
    const id = await demandeInstruite();
    const lignes = await lignesDe(portal.database, id);
    expect(lignes.map((ligne) => ligne.action)).toEqual([
      "ENREGISTRE_BROUILLON_STEP_1",
      "ENREGISTRE_BROUILLON_STEP_2",
      "DEPOSER",
      "AFFECTER_INSTRUCTEUR",
      "DEMANDER_COMPLEMENT_COMPLETUDE",
    ]);
    expect(lignes[0].empreinte_precedente).toBeNull();
    for (let rang = 1; rang < lignes.length; rang += 1)
      expect(lignes[rang].empreinte_precedente).toBe(lignes[rang - 1].empreinte);
    for (const ligne of lignes) expect(ligne.empreinte).toMatch(/^[0-9a-f]{64}$/);
    expect(
      (await verifierHistorique(portal.database, { ressources: [{ type: "demande", id }] }))
        .ruptures,
    ).toEqual([]);
  });

  it("hache le contenu canonique écrit par la base : tableau JSON, date UTC à la microseconde", async () => {
    const ressource = randomUUID();
    aSupprimer.push(ressource);
    const [premiere] = await portal.database.query<{ id: number; empreinte: string }>(
      `insert into historique (ressource_type, ressource_id, action, etat_avant, etat_apres, acteur_role, commentaire, donnees, date)
       values ('demande', $1, 'DEPOSER', 'brouillon', 'deposee', 'demandeur', 'Dépôt « complet »', '{"zeta": 1, "a": [true, null]}', '2026-03-10T10:00:00.123456+01:00')
       returning id, empreinte`,
      [ressource],
    );
    const attendue = createHash("sha256")
      .update(
        `[${premiere.id}, "demande", "${ressource}", "DEPOSER", "brouillon", "deposee", "demandeur", "Dépôt « complet »", {"a": [true, null], "zeta": 1}, "2026-03-10T09:00:00.123456Z", null]`,
      )
      .digest("hex");
    expect(premiere.empreinte).toBe(attendue);
    const [seconde] = await portal.database.query<{ id: number; empreinte: string }>(
      `insert into historique (ressource_type, ressource_id, action, date)
       values ('demande', $1, 'AFFECTER_INSTRUCTEUR', '2026-03-11T08:30:00Z') returning id, empreinte`,
      [ressource],
    );
    expect(seconde.empreinte).toBe(
      createHash("sha256")
        .update(
          `[${seconde.id}, "demande", "${ressource}", "AFFECTER_INSTRUCTEUR", null, null, null, null, null, "2026-03-11T08:30:00.000000Z", "${attendue}"]`,
        )
        .digest("hex"),
    );
  });

  it("trouve la ligne dont le commentaire a été réécrit en SQL, et elle seule", async () => {
    const id = await demandeInstruite();
    aSupprimer.push(id);
    const lignes = await lignesDe(portal.database, id);
    const visee = lignes[2];
    await portal.database.query(
      "update historique set commentaire = 'Réécrit après coup' where id = $1",
      [visee.id],
    );
    expect(
      (await verifierHistorique(portal.database, { ressources: [{ type: "demande", id }] }))
        .ruptures,
    ).toEqual([
      {
        ressourceType: "demande",
        ressourceId: id,
        historiqueId: visee.id,
        motif: "contenu_modifie",
      },
    ]);
  });

  it("trouve une ligne du milieu supprimée : la suivante a perdu son maillon", async () => {
    const id = await demandeInstruite();
    aSupprimer.push(id);
    const lignes = await lignesDe(portal.database, id);
    await portal.database.query("delete from historique where id = $1", [lignes[1].id]);
    expect(
      (await verifierHistorique(portal.database, { ressources: [{ type: "demande", id }] }))
        .ruptures,
    ).toEqual([
      {
        ressourceType: "demande",
        ressourceId: id,
        historiqueId: lignes[2].id,
        motif: "maillon_manquant",
      },
    ]);
  });

  it("trouve une empreinte recalculée après coup : la ligne suivante ne la désigne plus", async () => {
    const id = await demandeInstruite();
    aSupprimer.push(id);
    const lignes = await lignesDe(portal.database, id);
    await portal.database.query(
      "update historique h set commentaire = 'Falsifié', empreinte = null where id = $1",
      [lignes[1].id],
    );
    await portal.database.query(
      "update historique h set empreinte = historique_empreinte(h) where id = $1",
      [lignes[1].id],
    );
    expect(
      (await verifierHistorique(portal.database, { ressources: [{ type: "demande", id }] }))
        .ruptures,
    ).toEqual([
      {
        ressourceType: "demande",
        ressourceId: id,
        historiqueId: lignes[2].id,
        motif: "maillon_manquant",
      },
    ]);
  });

  it("garde une seule chaîne quand des transactions écrivent en même temps sur la même ressource", async () => {
    const ressource = randomUUID();
    const { historique } = await import("../../api/db/schema.ts");
    // Twelve transactions at once (PostgreSQL: on as many pool connections).
    await Promise.all(
      Array.from({ length: 12 }, (_, rang) =>
        portal.database.db.transaction(async (tx) => {
          await tx.insert(historique).values({
            ressourceType: "bandeau-informatif",
            ressourceId: ressource,
            action: `ACTION_${rang}`,
          });
          await tx.insert(historique).values({
            ressourceType: "bandeau-informatif",
            ressourceId: ressource,
            action: `SUITE_${rang}`,
          });
        }),
      ),
    );
    const lignes = await lignesDe(portal.database, ressource);
    expect(lignes).toHaveLength(24);
    expect(lignes.filter((ligne) => ligne.empreinte_precedente === null)).toHaveLength(1);
    expect(new Set(lignes.map((ligne) => ligne.empreinte_precedente)).size).toBe(24);
    expect(
      (
        await verifierHistorique(portal.database, {
          ressources: [{ type: "bandeau-informatif", id: ressource }],
        })
      ).ruptures,
    ).toEqual([]);
  });

  it("vérifie une base sans altération : aucune rupture dans toute la base", async () => {
    const id = await demandeInstruite();
    expect(
      await verifierHistorique(portal.database, { ressources: [{ type: "demande", id }] }),
    ).toEqual({ lignes: 5, ressources: 1, ruptures: [] });
    await supprimerAlterees();
    expect((await verifierHistorique(portal.database)).ruptures).toEqual([]);
  });
});

describe("npm run verifier-historique", () => {
  it("réussit sur une base intacte, échoue et nomme la ressource et la ligne altérées", async () => {
    // PostgreSQL: the test database; PGlite: a data directory of its own.
    const dataDir = await mkdtemp(join(tmpdir(), "portail-mar-verif-"));
    const env: Record<string, string> = process.env.DATABASE_URL
      ? { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: dataDir }
      : { DATA_DIR: dataDir };
    await supprimerAlterees();
    const ressource = randomUUID();
    aSupprimer.push(ressource);
    try {
      const database = process.env.DATABASE_URL ? portal.database : await openDatabase({ dataDir });
      for (const action of ["CREER_BANDEAU", "MODIFIER_BANDEAU", "RETIRER_BANDEAU"])
        await database.query(
          "insert into historique (ressource_type, ressource_id, action) values ('bandeau-informatif', $1, $2)",
          [ressource, action],
        );
      if (database !== portal.database) await database.close();
      const intacte = await lancerVerification(env);
      expect(intacte.code).toBe(0);
      expect(intacte.sortie).toContain("aucune rupture, la chaîne est intacte.");

      const reouverte = process.env.DATABASE_URL
        ? portal.database
        : await openDatabase({ dataDir });
      const [visee] = await reouverte.query<{ id: number }>(
        "update historique set action = 'AUTRE_ACTION' where ressource_id = $1 and action = 'MODIFIER_BANDEAU' returning id",
        [ressource],
      );
      if (reouverte !== portal.database) await reouverte.close();
      const alteree = await lancerVerification(env);
      expect(alteree.code).toBe(1);
      expect(alteree.sortie).toContain(
        `bandeau-informatif ${ressource}, ligne ${visee.id} : contenu modifié : l'empreinte ne correspond plus à la ligne`,
      );
      expect(alteree.sortie).toContain("Historique altéré");
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
