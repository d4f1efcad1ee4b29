/**
 * The national-scale dataset (`npm run seed -- --scale N`): its
 * plan holds every request state with consistent paths, the same options
 * give the same data, and a small scale loaded into the test database is
 * coherent (valid SIRENs and SIRETs, histories ending in the request's
 * state, approvals on granted requests, staff in every service, contents
 * accepted by the form schemas, attachments downloadable) and readable
 * through the API; a second load is refused, and the reset removes the
 * dataset's rows only.
 *
 * On PostgreSQL the suite shares one database: every count here is of the
 * dataset's rows (ids in its range), and the dataset is removed afterwards.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ETATS_DEMANDE } from "../../contract/etats.ts";
import type { DemandeDetail } from "../../contract/schemas/demande.ts";
import { schemaEtape1, schemaEtape2 } from "../../contract/schemas/demande.ts";
import { aujourdhuiParis, cleLuhnValide } from "../../contract/validation.ts";
import { COMPTES_DEMO } from "../../api/db/seed/demo.ts";
import { ErreurEchelle, lireArguments } from "../../api/db/seed/scale/arguments.ts";
import {
  echeanceCompletude,
  jourParis,
  limiteInstruction,
  validite,
} from "../../api/db/seed/scale/chronologie.ts";
import { PLAGE_UUID, sirenEchelle } from "../../api/db/seed/scale/identifiants.ts";
import { chargerEchelle, supprimer, type BilanEchelle } from "../../api/db/seed/scale/index.ts";
import { Generateur } from "../../api/db/seed/scale/lignes.ts";
import { ETATS_AGREMENT } from "../../api/db/seed/scale/parcours.ts";
import { planifier, type Plan } from "../../api/db/seed/scale/plan.ts";
import { chargerReferentiel, type Referentiel } from "../../api/db/seed/scale/referentiel.ts";
import {
  dateLimiteInstruction,
  echeanceCompletude as echeanceCompletudeDomaine,
  periodeValidite,
} from "../../contract/delais.ts";
import { createFileStore } from "../../api/files/store.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

/** Scale loaded into the database: 50 companies, 100 requests. */
const ECHELLE = 0.01;
/** Scale of the plan checked for state coverage: 250 companies, 500 requests. */
const ECHELLE_PLAN = 0.05;
const AUJOURDHUI = aujourdhuiParis();
const DANS_LE_JEU = `between '${PLAGE_UUID.debut}'::uuid and '${PLAGE_UUID.fin}'::uuid`;

let portal: TestPortal;
let referentiel: Referentiel;
let bilan: BilanEchelle;

/** Rows of a query on the test database. */
function requete<T = Record<string, unknown>>(texte: string, params: unknown[] = []): Promise<T[]> {
  return portal.database.query<T>(texte, params);
}

beforeAll(async () => {
  portal = await startTestPortal();
  referentiel = await chargerReferentiel(portal.database);
  bilan = await chargerEchelle(
    portal.database,
    createFileStore({ dataDir: portal.config.dataDir }),
    {
      echelle: ECHELLE,
      aujourdhui: AUJOURDHUI,
    },
  );
}, 60_000);

afterAll(async () => {
  if (portal) {
    await portal.database.db.transaction((tx) => supprimer(tx));
    await portal.close();
  }
});

describe("le plan du jeu de données", () => {
  let plan: Plan;
  beforeAll(() => {
    plan = planifier(referentiel, { echelle: ECHELLE_PLAN, graine: 7, aujourdhui: "2026-06-15" });
  });

  it("couvre chacun des 31 états de demande, dans les proportions d'une échelle 1", () => {
    const etats = new Set(plan.dossiers.map((dossier) => dossier.etat));
    expect([...ETATS_DEMANDE].filter((etat) => !etats.has(etat))).toEqual([]);
    expect(plan.societes).toHaveLength(250);
    expect(plan.dossiers).toHaveLength(500);
    const agrements = plan.dossiers.filter((dossier) => dossier.agrement).length;
    expect(agrements).toBeGreaterThanOrEqual(140);
    expect(agrements).toBeLessThanOrEqual(160);
    const etablissements = plan.dossiers.reduce(
      (somme, dossier) => somme + (dossier.agrement?.etablissements ?? 0),
      0,
    );
    expect(etablissements).toBe(2_500);
  });

  it("donne à chaque société au plus une demande d'agrément en cours, la dernière, et des dates passées", () => {
    for (const indexes of plan.parSociete) {
      const demandes = indexes
        .map((index) => plan.dossiers[index])
        .filter((d) => d.kind === "demande");
      for (const precedente of demandes.slice(0, -1))
        expect(["annulee", "refusee", "rejetee_tacitement", "agrement_retire"]).toContain(
          precedente.etat,
        );
      for (let rang = 1; rang < demandes.length; rang++)
        expect(demandes[rang].chronologie.debut).toBeGreaterThan(
          demandes[rang - 1].chronologie.fin,
        );
    }
    for (const dossier of plan.dossiers) {
      expect(dossier.chronologie.fin).toBeLessThan(plan.maintenant);
      expect(dossier.chronologie.etapes.at(-1)!.etatApres).toBe(dossier.etat);
    }
  });

  it("est identique pour les mêmes échelle, graine et date, lignes comprises", () => {
    const options = { echelle: ECHELLE_PLAN, graine: 7, aujourdhui: "2026-06-15" };
    const autre = planifier(referentiel, options);
    expect(JSON.stringify(autre)).toBe(JSON.stringify(plan));
    const numeros = {
      dossier: (n: number) => n + 1,
      agrement: (n: number) => n + 1,
      historique: (n: number) => n + 1,
    };
    const fichier = { cle: "0".repeat(64), sha256: "0".repeat(64), taille: 1000 };
    const lignes = (p: Plan) =>
      JSON.stringify(
        new Generateur(p, referentiel, numeros, {
          document: fichier,
          attestation: fichier,
        }).societes(0, 40),
      );
    expect(lignes(autre)).toBe(lignes(plan));
    const ailleurs = planifier(referentiel, { ...options, graine: 8 });
    expect(
      ailleurs.societes[0].raisonSociale === plan.societes[0].raisonSociale &&
        ailleurs.societes[1].raisonSociale === plan.societes[1].raisonSociale,
    ).toBe(false);
  });

  it("calcule les délais comme le domaine (délai d'instruction, complétude, validité de l'agrément)", () => {
    // Ends of months, a leap day and both daylight-saving changes, at the hours the dataset uses.
    const jours = [
      "2024-01-31",
      "2024-02-29",
      "2024-03-31",
      "2024-10-27",
      "2025-08-31",
      "2025-11-30",
      "2026-03-29",
    ];
    for (const jour of jours)
      for (const heure of ["06:00", "16:59", "20:30"]) {
        const instant = new Date(`${jour}T${heure}:00Z`);
        expect(jourParis(instant.getTime())).toBe(aujourdhuiParis(instant));
        expect(limiteInstruction(instant.getTime())).toBe(dateLimiteInstruction(instant));
        expect(echeanceCompletude(instant.getTime())).toBe(echeanceCompletudeDomaine(instant));
        expect(validite(instant.getTime())).toEqual(periodeValidite(instant));
      }
  });
});

describe("le jeu chargé dans la base (échelle 0,01)", () => {
  it("écrit les sociétés, demandes et agréments du plan, et mesure chaque table", async () => {
    const [compte] = await requete<{
      societes: number;
      demandes: number;
      agrements: number;
      etablissements: number;
    }>(
      `select (select count(*)::int from societe where id ${DANS_LE_JEU}) as societes,
              (select count(*)::int from demande where id ${DANS_LE_JEU}) as demandes,
              (select count(*)::int from agrement where id ${DANS_LE_JEU}) as agrements,
              (select count(*)::int from etablissement where id ${DANS_LE_JEU}) as etablissements`,
    );
    expect(compte).toEqual({
      societes: 50,
      demandes: bilan.plan.dossiers.length,
      agrements: bilan.plan.dossiers.filter((dossier) => dossier.agrement).length,
      etablissements: 500,
    });
    expect(bilan.plan.dossiers.length).toBe(100);
    expect(bilan.mesures.get("demande")?.lignes).toBe(100);
    expect(bilan.mesures.get("etablissement")?.lignes).toBe(500);
  });

  it("donne des SIREN et des SIRET à clé valide, le SIRET commençant par le SIREN de la société", async () => {
    const societes = await requete<{ siren: string }>(
      `select siren from societe where id ${DANS_LE_JEU}`,
    );
    for (const { siren } of societes) {
      expect(siren).toMatch(/^[1-9]\d{8}$/);
      expect(cleLuhnValide(siren)).toBe(true);
    }
    expect(new Set(societes.map((societe) => societe.siren)).size).toBe(societes.length);
    const etablissements = await requete<{ siret: string; siren: string }>(
      `select e.siret, s.siren from etablissement e join societe s on s.id = e.societe_id where e.id ${DANS_LE_JEU}`,
    );
    for (const { siret, siren } of etablissements) {
      expect(siret).toMatch(/^\d{14}$/);
      expect(cleLuhnValide(siret)).toBe(true);
      expect(siret.startsWith(siren)).toBe(true);
    }
    // Distinct companies, distinct numbers; never the demo company's.
    expect(new Set(Array.from({ length: 20_000 }, (_, index) => sirenEchelle(index))).size).toBe(
      20_000,
    );
    expect(Array.from({ length: 20_000 }, (_, index) => sirenEchelle(index))).not.toContain(
      "832915474",
    );
  });

  it("inscrit chaque établissement au registre des entreprises, plus un non référencé par société agréée (ADR 0016)", async () => {
    const registre = await requete<{
      siret: string;
      siren: string;
      siege: boolean;
      actif: boolean;
    }>(
      `select r.siret, r.siren, r.siege, r.actif from registre_etablissement r
         join societe s on s.siren = r.siren where s.id ${DANS_LE_JEU}`,
    );
    for (const { siret, siren, actif } of registre) {
      expect(siret).toMatch(/^\d{14}$/);
      expect(cleLuhnValide(siret)).toBe(true);
      expect(siret.startsWith(siren)).toBe(true);
      expect(actif).toBe(true);
    }
    const auRegistre = new Set(registre.map((ligne) => ligne.siret));
    const references = await requete<{ siret: string; siren: string }>(
      `select distinct e.siret, s.siren from etablissement e join societe s on s.id = e.societe_id
        where e.id ${DANS_LE_JEU}`,
    );
    for (const { siret } of references) expect(auRegistre.has(siret)).toBe(true);
    // Each approved company (with or without referenced establishments):
    // exactly one registry establishment it never referenced.
    const agreees = await requete<{ siren: string }>(
      `select distinct s.siren from agrement a join societe s on s.id = a.societe_id
        where a.id ${DANS_LE_JEU}`,
    );
    expect(agreees.length).toBeGreaterThan(0);
    const referencees = new Set(references.map((ligne) => ligne.siret));
    for (const { siren } of agreees) {
      const libres = registre.filter(
        (ligne) => ligne.siren === siren && !referencees.has(ligne.siret),
      );
      expect(libres).toHaveLength(1);
      // The head office when the company referenced nothing, else an agency.
      expect(libres[0].siege).toBe(!references.some((ligne) => ligne.siren === siren));
    }
    expect(registre).toHaveLength(references.length + agreees.length);
    // The demo company's registry (demo seed): head office and three agencies.
    const demo = await requete<{ siret: string; siege: boolean; code_commune: string }>(
      `select siret, siege, code_commune from registre_etablissement where siren = '832915474' order by siret`,
    );
    expect(demo).toEqual([
      { siret: "83291547400015", siege: true, code_commune: "75056" },
      { siret: "83291547400023", siege: false, code_commune: "93048" },
      { siret: "83291547400031", siege: false, code_commune: "78646" },
      { siret: "83291547400049", siege: false, code_commune: "94028" },
    ]);
  });

  it("retrace chaque demande par un historique enchaîné qui aboutit à son état", async () => {
    const demandes = await requete<{ id: string; etat: string }>(
      `select id, etat from demande where id ${DANS_LE_JEU}`,
    );
    const lignes = await requete<{
      ressource_id: string;
      etat_avant: string | null;
      etat_apres: string;
    }>(
      `select ressource_id, etat_avant, etat_apres from historique
        where ressource_type in ('demande', 'changement-notable') and ressource_id ${DANS_LE_JEU}
        order by ressource_id, date, id`,
    );
    const parDemande = new Map<string, typeof lignes>();
    for (const ligne of lignes)
      parDemande.set(ligne.ressource_id, [...(parDemande.get(ligne.ressource_id) ?? []), ligne]);
    for (const { id, etat } of demandes) {
      const historique = parDemande.get(id)!;
      expect(historique[0].etat_avant).toBeNull();
      for (let rang = 1; rang < historique.length; rang++)
        expect(historique[rang].etat_avant).toBe(historique[rang - 1].etat_apres);
      expect(historique.at(-1)!.etat_apres).toBe(etat);
    }
  });

  it("rattache chaque agrément à une demande accordée, et chaque demande accordée à son agrément et son attestation", async () => {
    const lignes = await requete<{
      etat: string;
      kind: string;
      agrement_id: string | null;
      demande_agrement: string | null;
      attestations: number;
    }>(
      `select d.etat, d.kind, d.agrement_id, a.demande_id as demande_agrement,
              (select count(*)::int from attestation t where t.agrement_id = a.id and t.is_current) as attestations
         from demande d left join agrement a on a.id = d.agrement_id
        where d.id ${DANS_LE_JEU} and d.kind = 'demande'`,
    );
    for (const ligne of lignes) {
      if (ETATS_AGREMENT.includes(ligne.etat as never)) {
        expect(ligne.demande_agrement).not.toBeNull();
        expect(ligne.attestations).toBe(1);
      } else expect(ligne.agrement_id).toBeNull();
    }
    const agrements = await requete<{ etat: string; etat_demande: string; date_fin: string }>(
      `select a.etat, d.etat as etat_demande, to_char(a.date_fin, 'YYYY-MM-DD') as date_fin
         from agrement a join demande d on d.id = a.demande_id where a.id ${DANS_LE_JEU}`,
    );
    for (const agrement of agrements) {
      expect(ETATS_AGREMENT).toContain(agrement.etat_demande);
      if (agrement.etat === "retire") expect(agrement.etat_demande).toBe("agrement_retire");
      if (agrement.etat === "perime") expect(agrement.date_fin < AUJOURDHUI).toBe(true);
      else expect(agrement.date_fin >= AUJOURDHUI).toBe(true);
    }
  });

  it("remplit les étapes 1 et 2 comme le formulaire les enregistre, et les colonnes d'instruction", async () => {
    const demandes = await requete<{
      etat: string;
      contenu: { etape1: unknown; etape2?: unknown };
      numero_dossier: string | null;
      date_depot: Date | null;
      date_limite_instruction: string | null;
      instructeur_id: string | null;
      service_instructeur_id: number;
      code_departement: string;
    }>(`select * from demande where id ${DANS_LE_JEU}`);
    for (const demande of demandes) {
      expect(schemaEtape1(AUJOURDHUI).safeParse(demande.contenu.etape1).success).toBe(true);
      if (demande.contenu.etape2)
        expect(schemaEtape2.safeParse(demande.contenu.etape2).error).toBeUndefined();
      if (demande.date_depot) {
        expect(demande.numero_dossier).toMatch(/^MAR-\d{4}-\d{6}$/);
        expect(demande.date_limite_instruction).not.toBeNull();
      } else expect(["brouillon", "arrete_perime", "annulee"]).toContain(demande.etat);
      expect(referentiel.serviceParDepartement.get(demande.code_departement)!.id).toBe(
        demande.service_instructeur_id,
      );
    }
    const affectees = await requete<{ n: number }>(
      `select count(*)::int as n from demande d where d.id ${DANS_LE_JEU} and d.instructeur_id is null
          and exists (select 1 from historique h where h.ressource_id = d.id and h.action = 'AFFECTER_INSTRUCTEUR')`,
    );
    expect(affectees[0].n).toBe(0);
  });

  it("pourvoit chaque service instructeur de deux instructeurs, d'un membre du CRHH et d'un superviseur de sa région", async () => {
    const equipes = await requete<{
      service: number;
      instructeurs: number;
      crhh: number;
      superviseurs: number;
      regions: string[];
    }>(
      `select service_instructeur_id as service,
              count(*) filter (where 'instructeur' = any(roles))::int as instructeurs,
              count(*) filter (where 'crhh' = any(roles))::int as crhh,
              count(*) filter (where 'superviseur' = any(roles))::int as superviseurs,
              array_agg(distinct perimetre_supervision->'regions'->>0) filter (where 'superviseur' = any(roles)) as regions
         from utilisateur where id ${DANS_LE_JEU} and service_instructeur_id is not null
        group by service_instructeur_id`,
    );
    expect(equipes).toHaveLength(referentiel.services.length);
    for (const equipe of equipes) {
      const service = referentiel.services.find((candidat) => candidat.id === equipe.service)!;
      expect(equipe.instructeurs).toBeGreaterThanOrEqual(2);
      expect(equipe.crhh).toBe(1);
      expect(equipe.superviseurs).toBe(1);
      expect(equipe.regions).toEqual([service.region]);
    }
    const [{ n: motsDePasse }] = await requete<{ n: number }>(
      `select count(*)::int as n from utilisateur where id ${DANS_LE_JEU} and password_hash is not null`,
    );
    expect(motsDePasse).toBe(0);
  });

  it("se lit par l'API : liste du superviseur de démonstration, dossier, historique et pièce jointe téléchargeable", async () => {
    const { accessToken } = await loginAs(
      portal.baseUrl,
      "superviseur@demo.anah.gouv.fr",
      "Anah-Demo-2026!",
    );
    const lire = (chemin: string) =>
      fetch(`${portal.baseUrl}/api${chemin}`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      });
    const [{ n: dansLePerimetre }] = await requete<{ n: number }>(
      `select count(*)::int as n from demande where id ${DANS_LE_JEU} and kind = 'demande'
          and code_region = '11' and etat not in ('brouillon', 'arrete_perime') and date_depot is not null`,
    );
    expect(dansLePerimetre).toBeGreaterThan(0);
    const liste = (await (await lire("/demandes")).json()) as {
      nb_elements: number;
      result: unknown[];
    };
    expect(liste.nb_elements).toBeGreaterThanOrEqual(dansLePerimetre);
    const [dossier] = await requete<{ id: string; etat: string; piece: string; taille: number }>(
      `select d.id, d.etat, p.id as piece, p.taille from demande d join piece_jointe p on p.ressource_id = d.id
        where d.id ${DANS_LE_JEU} and d.kind = 'demande' and d.code_region = '11' and d.date_depot is not null
        order by d.id, p.id limit 1`,
    );
    const detail = (await (await lire(`/demande/${dossier.id}`)).json()) as DemandeDetail;
    expect(detail.etat).toBe(dossier.etat);
    const historique = (await (await lire(`/demande/${dossier.id}/historique`)).json()) as {
      etatApres: string;
    }[];
    expect(historique[0].etatApres).toBe(dossier.etat);
    const telechargement = await lire(`/piece-jointe/${dossier.piece}`);
    expect(telechargement.status).toBe(200);
    expect(telechargement.headers.get("content-type")).toMatch(/application\/pdf/);
    const octets = Buffer.from(await telechargement.arrayBuffer());
    expect(octets.length).toBe(dossier.taille);
    expect(octets.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("refuse un second chargement sans --reset, sans rien écrire", async () => {
    const avant = await requete<{ n: number }>(
      `select count(*)::int as n from demande where id ${DANS_LE_JEU}`,
    );
    await expect(
      chargerEchelle(portal.database, createFileStore({ dataDir: portal.config.dataDir }), {
        echelle: ECHELLE,
      }),
    ).rejects.toThrow(/déjà chargé.*--reset/);
    expect(await requete(`select count(*)::int as n from demande where id ${DANS_LE_JEU}`)).toEqual(
      avant,
    );
  });

  it("supprime avec --reset les seules lignes du jeu, jamais les comptes de démonstration", async () => {
    const demo = () =>
      requete<{ n: number }>(
        `select count(*)::int as n from utilisateur where lower(email) = any($1)`,
        [COMPTES_DEMO.map((compte) => compte.email)],
      );
    const comptesDemo = await demo();
    expect(comptesDemo[0].n).toBe(COMPTES_DEMO.length);
    let supprimees = new Map<string, number>();
    await portal.database.db
      .transaction(async (tx) => {
        supprimees = await supprimer(tx);
        const reste = await tx.execute(
          sql.raw(
            `select (select count(*) from demande where id ${DANS_LE_JEU}) + (select count(*) from utilisateur where id ${DANS_LE_JEU}) + (select count(*) from piece_jointe where id ${DANS_LE_JEU}) as n`,
          ),
        );
        expect(Number((reste as unknown as { rows: { n: string }[] }).rows[0].n)).toBe(0);
        // Rolled back: the other tests of this file still read the dataset.
        throw new ErreurEchelle("annulation du test");
      })
      .catch((error: unknown) => {
        if (!(error instanceof ErreurEchelle)) throw error;
      });
    expect(supprimees.get("demande")).toBe(100);
    expect(supprimees.get("registre_etablissement")).toBeGreaterThan(0);
    expect(await demo()).toEqual(comptesDemo);
  });
});

describe("les options de la commande", () => {
  it("lit l'échelle, --reset, la graine et la date", () => {
    expect(lireArguments([])).toEqual({ reinitialiser: false });
    expect(lireArguments(["--scale", "1"])).toEqual({ echelle: 1, reinitialiser: false });
    expect(
      lireArguments(["--scale=0,01", "--reset", "--seed", "42", "--date", "2026-03-01"]),
    ).toEqual({
      echelle: 0.01,
      reinitialiser: true,
      graine: 42,
      aujourdhui: "2026-03-01",
    });
  });

  it("refuse en français une échelle absente ou invalide, et --reset seul", () => {
    for (const argv of [
      ["--scale"],
      ["--scale", "abc"],
      ["--scale", "0"],
      ["--scale", "-1"],
      ["--scale", "1e3"],
      ["--reset"],
      ["--date", "2026-02-30", "--scale", "1"],
      ["--echelle", "1"],
    ])
      expect(() => lireArguments(argv), argv.join(" ")).toThrow(ErreurEchelle);
    expect(() => lireArguments(["--scale", "abc"])).toThrow(
      /--scale attend un nombre strictement positif/,
    );
    expect(() => lireArguments(["--reset"])).toThrow(/s'emploient avec --scale N/);
  });
});
