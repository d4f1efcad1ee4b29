/**
 * The demo dataset (api/db/seed/demo-dossiers.ts): the
 * setting that decides it (on for the newcomer's embedded start only), and,
 * once loaded at a portal's start, the fixed figures of its fixed scale and
 * seed — requests in every state, approvals, messages, the demo staff of
 * Paris on their files, the demo applicant's company untouched — and a
 * second start that adds nothing.
 *
 * On PostgreSQL the suite shares one database: every count is of the
 * dataset's rows (ids in its range), and the dataset is removed afterwards.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, SOCIETE_DEMO } from "../../api/db/seed/demo.ts";
import { seedJeuDemo } from "../../api/db/seed/demo-dossiers.ts";
import { codeServiceDuDepartement } from "../../api/db/seed/reference.ts";
import { PLAGE_UUID } from "../../api/db/seed/scale/identifiants.ts";
import { supprimer } from "../../api/db/seed/scale/index.ts";
import { createFileStore } from "../../api/files/store.ts";
import { createPortal } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/logger.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const DANS_LE_JEU = `between '${PLAGE_UUID.debut}'::uuid and '${PLAGE_UUID.fin}'::uuid`;

describe("le réglage DEMO_DATASET", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "portail-mar-jeu-demo-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  const lire = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ...env }).demoDataset;

  it("est actif au démarrage embarqué sans réglage (PGlite, DEMO_DATA absent)", () => {
    expect(lire({})).toBe(true);
  });

  it("est inactif avec DEMO_DATA=false, sur PostgreSQL, ou quand DEMO_DATA est donné", () => {
    expect(lire({ DEMO_DATA: "false" })).toBe(false);
    expect(lire({ DATABASE_URL: "postgres://localhost:5432/mar" })).toBe(false);
    expect(lire({ DATABASE_URL: "postgres://localhost:5432/mar", DEMO_DATA: "true" })).toBe(false);
    // Tests and tools name DEMO_DATA themselves: they keep an empty portal.
    expect(lire({ DEMO_DATA: "true" })).toBe(false);
  });

  it("se demande explicitement, PostgreSQL compris, et se refuse explicitement", () => {
    expect(
      lire({
        DATABASE_URL: "postgres://localhost:5432/mar",
        DEMO_DATA: "true",
        DEMO_DATASET: "true",
      }),
    ).toBe(true);
    expect(lire({ DEMO_DATASET: "false" })).toBe(false);
    expect(() => lire({ DEMO_DATASET: "oui" })).toThrow(/DEMO_DATASET/);
  });
});

describe("le jeu de démonstration chargé au démarrage", () => {
  let portal: TestPortal;

  /** Rows of a query on the test database. */
  const requete = <T = Record<string, unknown>>(texte: string, params: unknown[] = []) =>
    portal.database.query<T>(texte, params);

  /** `{ state: count }` of the dataset's requests of `kind`. */
  async function etats(kind: string): Promise<Record<string, number>> {
    const lignes = await requete<{ etat: string; n: number }>(
      `select etat, count(*)::int as n from demande where kind = $1 and id ${DANS_LE_JEU} group by etat order by etat`,
      [kind],
    );
    return Object.fromEntries(lignes.map((ligne) => [ligne.etat, ligne.n]));
  }

  /** Counts of the dataset's rows a second start must leave as they are. */
  async function totaux() {
    const [ligne] = await requete<Record<string, number>>(
      `select
        (select count(*)::int from demande where id ${DANS_LE_JEU}) as demandes,
        (select count(*)::int from agrement where id ${DANS_LE_JEU}) as agrements,
        (select count(*)::int from societe where id ${DANS_LE_JEU}) as societes,
        (select count(*)::int from message where ressource_id ${DANS_LE_JEU}) as messages,
        (select count(*)::int from historique where ressource_id ${DANS_LE_JEU}) as historique,
        (select count(*)::int from utilisateur) as utilisateurs`,
    );
    return ligne;
  }

  beforeAll(async () => {
    portal = await startTestPortal({ DEMO_DATASET: "true" });
  }, 120_000);

  afterAll(async () => {
    if (portal) {
      await portal.database.db.transaction((tx) => supprimer(tx));
      await portal.close();
    }
  });

  it("donne ses demandes dans chaque état de la spec, en nombres fixes (échelle 0,03, graine 20261127)", async () => {
    expect(await etats("demande")).toEqual({
      affectee: 8,
      agree: 78,
      agrement_en_attente: 3,
      agrement_modifie_en_attente: 1,
      agrement_procedure_en_cours: 3,
      agrement_retire: 4,
      annulee: 34,
      arrete_perime: 4,
      brouillon: 17,
      complete: 3,
      complete_complement_demande: 1,
      complete_complement_recu: 1,
      complete_sans_crhh: 4,
      complete_sans_crhh_complement_demande: 1,
      complete_sans_crhh_complement_recu: 1,
      deposee: 7,
      en_edition: 1,
      incomplete: 4,
      instruite_crhh: 2,
      instruite_crhh_complement_demande: 1,
      instruite_crhh_complement_recu: 1,
      instruite_instructeur: 3,
      instruite_superviseur: 2,
      refus_confirme: 1,
      refus_en_attente: 1,
      refus_refuse: 1,
      refusee: 70,
      rejetee_tacitement: 28,
    });
    expect(await etats("changement-notable")).toEqual({
      accordee_tacitement: 2,
      affectee: 2,
      annulee: 1,
      brouillon: 1,
      complete_sans_crhh: 1,
      deposee: 2,
      disponible: 1,
      instruite_instructeur: 1,
      instruite_superviseur: 1,
      refusee: 1,
      terminee: 2,
    });
  });

  it("donne 89 agréments dans chaque état, des sociétés et des messages", async () => {
    const agrements = await requete<{ etat: string; n: number }>(
      `select etat, count(*)::int as n from agrement where id ${DANS_LE_JEU} group by etat order by etat`,
    );
    expect(Object.fromEntries(agrements.map((ligne) => [ligne.etat, ligne.n]))).toEqual({
      en_cours: 82,
      perime: 1,
      retire: 4,
      suspendu: 2,
    });
    const { demandes, societes, messages } = await totaux();
    expect({ demandes, societes }).toEqual({ demandes: 300, societes: 150 });
    expect(messages).toBeGreaterThan(0);
  });

  it("confie les dossiers du service de Paris à l'équipe de démonstration, et à elle seule", async () => {
    const instructeurs = await requete<{ email: string; n: number }>(
      `select lower(u.email) as email, count(*)::int as n
         from demande d join utilisateur u on u.id = d.instructeur_id
         join service_instructeur s on s.id = d.service_instructeur_id
        where d.id ${DANS_LE_JEU} and s.code = $1
        group by lower(u.email)`,
      [codeServiceDuDepartement("75")],
    );
    expect(instructeurs.map((ligne) => ligne.email)).toEqual(["instructeur@demo.anah.gouv.fr"]);
    expect(instructeurs[0].n).toBeGreaterThanOrEqual(1);
    // The demo team signs in: it sees its files through the API.
    const { accessToken } = await loginAs(
      portal.baseUrl,
      "instructeur@demo.anah.gouv.fr",
      DEMO_PASSWORD,
    );
    const reponse = await fetch(`${portal.baseUrl}/api/demande/nb-demandes`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(reponse.status).toBe(200);
    expect((await reponse.json()).nbDemandes).toBeGreaterThanOrEqual(instructeurs[0].n);
    // Only the two demo applicants of the dataset took a generated account's place.
    const demo = await requete<{ email: string }>(
      `select lower(email) as email from utilisateur where lower(email) like '%@demo.anah.gouv.fr' and id ${DANS_LE_JEU} order by 1`,
    );
    expect(demo.map((ligne) => ligne.email)).toEqual([
      "demandeur-complement@demo.anah.gouv.fr",
      "operateur@demo.anah.gouv.fr",
    ]);
  });

  it("donne à l'instructeur, au CRHH et au superviseur de Paris un dossier pour chacune de leurs actions", async () => {
    const dossiers = await requete<{ id: string; kind: string }>(
      `select d.id, d.kind from demande d join service_instructeur s on s.id = d.service_instructeur_id
        where d.id ${DANS_LE_JEU} and s.code = $1 and d.date_depot is not null order by d.id`,
      [codeServiceDuDepartement("75")],
    );
    /** The actions `email` is offered on the Paris files, "kind ACTION", sorted. */
    const actionsDe = async (email: string) => {
      const { accessToken } = await loginAs(portal.baseUrl, email, DEMO_PASSWORD);
      const actions = new Set<string>();
      for (const dossier of dossiers) {
        const reponse = await fetch(`${portal.baseUrl}/api/${dossier.kind}/${dossier.id}`, {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        expect(reponse.status).toBe(200);
        const { actionsDisponibles } = (await reponse.json()) as {
          actionsDisponibles: { action: string }[];
        };
        for (const { action } of actionsDisponibles) actions.add(`${dossier.kind} ${action}`);
      }
      return [...actions].sort();
    };
    // Every row of the transition table for their role (DESIGN §3), but the
    // rows of a notable change in a state the dataset never gives one
    // (refusals, CRHH opinion) and the deemed rejection (clock run out).
    expect(await actionsDe("instructeur@demo.anah.gouv.fr")).toEqual([
      "changement-notable AFFECTER_INSTRUCTEUR",
      "changement-notable CONFIRMER_COMPLETUDE",
      "changement-notable DEMANDER_COMPLEMENT",
      "changement-notable DEMANDER_COMPLEMENT_COMPLETUDE",
      "changement-notable EXPRIMER_AVIS_INSTRUCTEUR",
      "changement-notable PROPOSER_REFUS_DEMANDE",
      "demande AFFECTER_INSTRUCTEUR",
      "demande CONFIRMER_COMPLETUDE",
      "demande DEMANDER_COMPLEMENT",
      "demande DEMANDER_COMPLEMENT_COMPLETUDE",
      "demande EXPRIMER_AVIS_INSTRUCTEUR",
      "demande MOTIVER_REFUS",
      "demande PROPOSER_REFUS_DEMANDE",
      "demande RETOURNER_EN_EDITION",
    ]);
    expect(await actionsDe("crhh@demo.anah.gouv.fr")).toEqual(["demande EXPRIMER_AVIS_CRHH"]);
    expect(await actionsDe("superviseur@demo.anah.gouv.fr")).toEqual([
      "changement-notable AFFECTER_INSTRUCTEUR",
      "changement-notable DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE",
      "changement-notable EXPRIMER_AVIS_DECIDEUR",
      "changement-notable EXPRIMER_AVIS_SUPERVISEUR",
      "changement-notable REAFFECTER_INSTRUCTEUR",
      "demande AFFECTER_INSTRUCTEUR",
      "demande CONFIRMER_REFUS",
      "demande CREER_PROCEDURE",
      "demande EXPRIMER_AVIS_DECIDEUR",
      "demande EXPRIMER_AVIS_SUPERVISEUR",
      "demande MODIFIER_AGREMENT",
      "demande MODIFIER_PROCEDURE",
      "demande REAFFECTER_INSTRUCTEUR",
      "demande REFUSER_REFUS",
      "demande TERMINER_PROCEDURE",
    ]);
  });

  it("donne un opérateur agréé, avec établissements, changement notable en cours, messages et rapports annuels", async () => {
    const { accessToken } = await loginAs(
      portal.baseUrl,
      "operateur@demo.anah.gouv.fr",
      DEMO_PASSWORD,
    );
    const reponse = await fetch(`${portal.baseUrl}/api/demandes/mes-demandes`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(reponse.status).toBe(200);
    const dossiers = (await reponse.json()) as { etat: string; codeDepartement: string }[];
    // Its approval request granted, in Paris (the demo team's service).
    expect(dossiers.filter((dossier) => dossier.etat === "agree")).toEqual([
      expect.objectContaining({ codeDepartement: "75" }),
    ]);
    const [operateur] = await requete<{
      agrement: string;
      etablissements: number;
      messages: number;
      changements: number;
      rapport2024: string;
    }>(
      `select a.etat as agrement,
              (select count(*)::int from etablissement e where e.agrement_id = a.id) as etablissements,
              (select count(*)::int from message m join demande d on d.id = m.ressource_id
                where d.societe_id = u.societe_id) as messages,
              (select count(*)::int from demande c where c.societe_id = u.societe_id and c.kind = 'changement-notable'
                  and c.date_depot is not null and c.etat not in ('annulee', 'refusee', 'terminee', 'accordee_tacitement')) as changements,
              (select r.etat from rapport_annuel_activite r where r.agrement_id = a.id and r.annee = 2024) as rapport2024
         from utilisateur u join agrement a on a.societe_id = u.societe_id and a.etat = 'en_cours'
        where lower(u.email) = 'operateur@demo.anah.gouv.fr'`,
    );
    expect(operateur.agrement).toBe("en_cours");
    expect(operateur.etablissements).toBeGreaterThan(0);
    expect(operateur.messages).toBeGreaterThan(0);
    expect(operateur.changements).toBe(1);
    // Granted before 2025: the first year's report is filed.
    expect(operateur.rapport2024).toBe("depose");
  });

  it("donne un demandeur dont la demande attend un complément", async () => {
    const { accessToken } = await loginAs(
      portal.baseUrl,
      "demandeur-complement@demo.anah.gouv.fr",
      DEMO_PASSWORD,
    );
    const reponse = await fetch(`${portal.baseUrl}/api/demandes/mes-demandes`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(reponse.status).toBe(200);
    const dossiers = (await reponse.json()) as {
      etat: string;
      actionsDisponibles: { action: string }[];
    }[];
    const enCours = dossiers.find((dossier) => dossier.etat.endsWith("_complement_demande"));
    expect(enCours?.actionsDisponibles.map(({ action }) => action)).toEqual([
      "DONNER_COMPLEMENT",
      "ANNULER_DEMANDE",
    ]);
  });

  it("ne touche pas la société du demandeur de démonstration", async () => {
    const [societe] = await requete<{ raison_sociale: string; n: number }>(
      `select s.raison_sociale, (select count(*)::int from demande d where d.societe_id = s.id and d.id ${DANS_LE_JEU}) as n
         from societe s where s.siren = $1`,
      [SOCIETE_DEMO.siren],
    );
    expect(societe).toEqual({ raison_sociale: SOCIETE_DEMO.raisonSociale, n: 0 });
  });

  it("n'ajoute rien à un second démarrage", async () => {
    const avant = await totaux();
    const second = await createPortal(portal.config, createLogger("silent"), {
      remix: false,
      database: portal.database,
    });
    // Its close() would close the shared database too: only its mailer is its own (jobs are off).
    await second.mailer.close();
    expect(await totaux()).toEqual(avant);
    expect(
      await seedJeuDemo(portal.database, createFileStore({ dataDir: portal.config.dataDir }), {
        logger: createLogger("silent"),
      }),
    ).toBeNull();
    expect(await totaux()).toEqual(avant);
  });
});
