/**
 * Jobs of the annual activity report (ADR 0017 "Rappels et
 * retards") with a moved clock (Europe/Paris): the reminders of 1 and 15
 * March to the applicants of approvals whose report about 2026 is not
 * deposited (each once, honouring the `rapport_annuel` preference), then on
 * 1 April the late markers and one digest per instruction service, run
 * twice without doing anything more; the approval read by staff shows
 * `enRetard`. The jobs run through their rows of TACHES, as pg-boss runs
 * them; their mails go through the outbox to a mailer that records them.
 *
 * Approvals are written directly in the database (the instruction that
 * grants them is tested elsewhere), on services of this file's own, with
 * their head office in Île-de-France so that the demo superviseur sees them.
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Agrement } from "../../contract/schemas/agrement.ts";
import type { RapportAnnuel } from "../../contract/schemas/rapport-annuel.ts";
import {
  agrements,
  demandes,
  rappelsRapportAnnuel,
  rapportsAnnuelsActivite,
  retardsRapportAnnuel,
  servicesInstructeur,
  societes,
  travauxApresValidation,
  utilisateurs,
} from "../../api/db/schema.ts";
import { TACHES, type DepsTache } from "../../api/jobs/taches.ts";
import { purgerTravauxTermines } from "../../api/domain/travaux.ts";
import type { MailMessage, Mailer } from "../../api/mail/types.ts";
import { createLogger } from "../../server/logger.ts";
import { EQUIPE_DEMO, MOT_DE_PASSE_DEMO } from "../helpers/instruction-api.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const marque = randomUUID().slice(0, 8);
const RAPPEL_2026 =
  "Rappel : votre rapport annuel d'activité 2026 est à déposer au plus tard le 31 mars 2027";

let portal: TestPortal;
let deps: DepsTache;
let passwordHash: string;
let superviseur: string;
/** Every mail the jobs sent, oldest first. */
const envoyes: MailMessage[] = [];

/** A mailer that records what it is given (the outbox's `courriel` work calls it). */
const mailerEnregistreur: Mailer = {
  envoyer: async (message) => {
    envoyes.push(message);
  },
  close: async () => {},
};

/** Runs the job `nom` as pg-boss would; returns what it counted. */
async function executer(nom: string): Promise<number> {
  const tache = TACHES.find((candidate) => candidate.nom === nom);
  if (!tache) throw new Error(`Tâche absente de TACHES : ${nom}`);
  return (await tache.executer(deps)) ?? 0;
}

/** The clock at Paris wall time `iso` ("AAAA-MM-JJTHH:MM"), `decalage` its UTC offset. */
function regler(iso: string, decalage: "+01:00" | "+02:00"): void {
  portal.horloge.regler(new Date(`${iso}:00${decalage}`));
}

function courrielsA(adresse: string): MailMessage[] {
  return envoyes.filter((message) => message.to === adresse);
}

/** A service of this file: `boite` its mailbox (null: none). */
async function service(suffixe: string, boite: string | null): Promise<number> {
  const [ligne] = await portal.database.db
    .insert(servicesInstructeur)
    .values({ code: `RAA-${marque}-${suffixe}`, nom: `Service ${suffixe} ${marque}`, email: boite })
    .returning();
  return ligne.id;
}

interface Titulaire {
  id: string;
  numero: string;
  raisonSociale: string;
  /** Addresses of its applicant accounts, by the name given. */
  comptes: Record<string, string>;
}

/**
 * A company, its accounts (`comptes`: name → account options), the request
 * granted (service `serviceId`, head office in Paris) and its approval
 * `numero` in force from `dateDebut`, in state `etat`.
 */
async function titulaire(
  lettre: string,
  serviceId: number,
  options: {
    dateDebut?: string;
    etat?: "en_cours" | "retire";
    comptes?: Record<
      string,
      { statut?: "actif" | "en_attente"; parametresMail?: Record<string, boolean> }
    >;
  } = {},
): Promise<Titulaire> {
  const { db } = portal.database;
  const raisonSociale = `Rénov ${lettre} ${marque}`;
  const [societe] = await db
    .insert(societes)
    .values({ siren: `R${marque}${lettre}`, raisonSociale })
    .returning();
  const comptes: Record<string, string> = {};
  for (const [nom, compte] of Object.entries(options.comptes ?? { principal: {} })) {
    const email = `raa-${marque}-${lettre}-${nom}@exemple.fr`.toLowerCase();
    await db.insert(utilisateurs).values({
      idIdp: `raa-${marque}-${lettre}-${nom}`,
      email,
      prenom: "Camille",
      nom: `${lettre} ${nom}`,
      passwordHash,
      roles: ["demandeur"],
      societeId: societe.id,
      statut: compte.statut ?? "actif",
      parametresMail: compte.parametresMail ?? {},
    });
    comptes[nom] = email;
  }
  const [demande] = await db
    .insert(demandes)
    .values({
      societeId: societe.id,
      numeroDossier: `MAR-2025-R${marque}${lettre}`,
      etat: "agree",
      raisonSociale,
      codeDepartement: "75",
      codeRegion: "11",
      serviceInstructeurId: serviceId,
      dateDepot: new Date("2025-03-03T09:00:00+01:00"),
    })
    .returning();
  const dateDebut = options.dateDebut ?? "2026-01-15";
  const numero = `AGR-MAR-2026-R${marque}${lettre}`;
  const [agrement] = await db
    .insert(agrements)
    .values({
      societeId: societe.id,
      demandeId: demande.id,
      numeroAgrement: numero,
      etat: options.etat ?? "en_cours",
      dateDebut,
      dateFin: "2031-01-14",
      dateOctroi: new Date(`${dateDebut}T10:00:00+01:00`),
      perimetre: { regions: [], departements: ["75"], epcis: [], communes: [] },
      raisonSociale,
      codeDepartement: "75",
      codeRegion: "11",
      serviceInstructeurId: serviceId,
    })
    .returning();
  await db.update(demandes).set({ agrementId: agrement.id }).where(eq(demandes.id, demande.id));
  return { id: agrement.id, numero, raisonSociale, comptes };
}

/** A stored report about 2026 of `agrementId`, deposited or not. */
async function rapport2026(agrementId: string, etat: "nonDepose" | "depose"): Promise<void> {
  await portal.database.db.insert(rapportsAnnuelsActivite).values({
    agrementId,
    annee: 2026,
    etat,
    dateDepot: etat === "depose" ? new Date("2027-02-10T10:00:00+01:00") : null,
  });
}

async function lire<T>(token: string, chemin: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${portal.baseUrl}/api${chemin}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as T };
}

let boiteParis: string;
let boiteLyon: string;
/** Owes the 2026 report, never created: four accounts, two of them mailed. */
let sansRapport: Titulaire;
/** Owes it, created and not deposited. */
let brouillon: Titulaire;
/** Deposited in February. */
let depose: Titulaire;
/** Granted in 2027: nonApplicable for 2026. */
let recent: Titulaire;
/** Withdrawn: nonApplicable. */
let retire: Titulaire;
/** Owes it, on the service with another mailbox. */
let lyonnais: Titulaire;
/** Owes it, on a service without mailbox. */
let sansBoite: Titulaire;

beforeAll(async () => {
  portal = await startTestPortal();
  const logger = createLogger("silent");
  deps = {
    config: portal.config,
    database: portal.database,
    horloge: portal.horloge,
    logger,
    mailer: mailerEnregistreur,
  };
  passwordHash = await hash(MOT_DE_PASSE_DEMO);
  regler("2027-02-01T10:00", "+01:00");
  boiteParis = `raa-${marque}-paris@exemple.fr`;
  boiteLyon = `raa-${marque}-lyon@exemple.fr`;
  const paris = await service("P", boiteParis);
  const lyon = await service("L", boiteLyon);
  const muet = await service("M", null);
  sansRapport = await titulaire("A", paris, {
    comptes: {
      gerante: {},
      associe: {},
      sansrappel: { parametresMail: { rapport_annuel: false, suivi_dossier: true } },
      enattente: { statut: "en_attente" },
    },
  });
  brouillon = await titulaire("B", paris);
  await rapport2026(brouillon.id, "nonDepose");
  depose = await titulaire("C", paris);
  await rapport2026(depose.id, "depose");
  recent = await titulaire("D", paris, { dateDebut: "2027-01-10" });
  retire = await titulaire("G", paris, { etat: "retire" });
  lyonnais = await titulaire("E", lyon);
  sansBoite = await titulaire("F", muet);
  superviseur = (await loginAs(portal.baseUrl, EQUIPE_DEMO.superviseur, MOT_DE_PASSE_DEMO))
    .accessToken;
}, 120_000);

afterAll(async () => {
  await portal?.close();
});

describe("reminders of the annual activity report (1 and 15 March)", () => {
  it("sends nothing on 28 February", async () => {
    regler("2027-02-28T23:55", "+01:00");
    expect(await executer("rapports-annuels-rappels")).toBe(0);
    expect(await executer("rapports-annuels-retards")).toBe(0);
    expect(envoyes).toEqual([]);
  });

  it("on 1 March, reminds each applicant of every approval owing an unfiled report, once", async () => {
    regler("2027-03-01T00:05", "+01:00");
    expect(await executer("rapports-annuels-rappels")).toBeGreaterThanOrEqual(4);

    const { gerante, associe, sansrappel, enattente } = sansRapport.comptes;
    for (const adresse of [
      gerante,
      associe,
      brouillon.comptes.principal,
      lyonnais.comptes.principal,
      sansBoite.comptes.principal,
    ]) {
      expect(courrielsA(adresse).map((message) => message.subject)).toEqual([RAPPEL_2026]);
    }
    // Unticked preference, unconfirmed account, deposited report, nonApplicable years.
    for (const adresse of [
      sansrappel,
      enattente,
      depose.comptes.principal,
      recent.comptes.principal,
      retire.comptes.principal,
    ])
      expect(courrielsA(adresse)).toEqual([]);

    const [rappel] = courrielsA(gerante);
    expect(rappel.text).toContain("Bonjour Camille A gerante,");
    expect(rappel.text).toContain(
      `Le rapport annuel d'activité 2026 de l'agrément Mon Accompagnateur Rénov' n° ${sansRapport.numero} (${sansRapport.raisonSociale}) n'a pas encore été déposé.`,
    );
    expect(rappel.text).toContain("Vous avez jusqu'au 31 mars 2027 inclus");
    expect(rappel.text).toContain(`${portal.baseUrl}/rapport-annuel-activite`);
    expect(rappel.html).toContain(`href="${portal.baseUrl}/rapport-annuel-activite"`);

    // Through the outbox, under its idempotency key, sent.
    const [travail] = await portal.database.db
      .select()
      .from(travauxApresValidation)
      .where(eq(travauxApresValidation.cle, `raa-rappel:${sansRapport.id}:2026:1-mars:${gerante}`));
    expect(travail).toMatchObject({ type: "courriel", etat: "fait" });
  });

  it("sends nothing more when run again, later in the fortnight, or after the outbox's purge", async () => {
    const avant = envoyes.length;
    await executer("rapports-annuels-rappels");
    regler("2027-03-10T09:00", "+01:00");
    await executer("rapports-annuels-rappels");
    // Done mails older than 7 days are purged with their keys: the claims remain.
    regler("2027-03-14T23:50", "+01:00");
    await purgerTravauxTermines(portal.database.db, portal.horloge.now());
    await executer("rapports-annuels-rappels");
    expect(envoyes.length).toBe(avant);
  });

  it("on 15 March, sends the second reminder once; a first run then sends only that one", async () => {
    // Granted on 1 January 2026, recorded after the 1 March runs: its first run is on 15 March.
    const tardif = await titulaire("H", await service("H", null), { dateDebut: "2026-01-01" });
    regler("2027-03-15T08:00", "+01:00");
    await executer("rapports-annuels-rappels");
    await executer("rapports-annuels-rappels");
    regler("2027-03-31T23:59", "+02:00");
    await executer("rapports-annuels-rappels");

    for (const adresse of [
      sansRapport.comptes.gerante,
      sansRapport.comptes.associe,
      brouillon.comptes.principal,
      lyonnais.comptes.principal,
    ])
      expect(courrielsA(adresse).map((message) => message.subject)).toEqual([
        RAPPEL_2026,
        RAPPEL_2026,
      ]);
    expect(courrielsA(tardif.comptes.principal).map((message) => message.subject)).toEqual([
      RAPPEL_2026,
    ]);
    expect(courrielsA(sansRapport.comptes.sansrappel)).toEqual([]);
    expect(courrielsA(depose.comptes.principal)).toEqual([]);
    const rappels = await portal.database.db
      .select({ rappel: rappelsRapportAnnuel.rappel })
      .from(rappelsRapportAnnuel)
      .where(eq(rappelsRapportAnnuel.agrementId, tardif.id));
    expect(rappels).toEqual([{ rappel: "15-mars" }]);
  });
});

describe("late reports (1 April)", () => {
  it("marks nothing on 31 March, the last day", async () => {
    regler("2027-03-31T23:59", "+02:00");
    expect(await executer("rapports-annuels-retards")).toBe(0);
    expect(courrielsA(boiteParis)).toEqual([]);
  });

  it("marks nothing from 1 May: a first deployment later in the year leaves that year alone", async () => {
    regler("2027-05-01T08:00", "+02:00");
    expect(await executer("rapports-annuels-retards")).toBe(0);
    regler("2027-11-27T08:00", "+01:00");
    expect(await executer("rapports-annuels-retards")).toBe(0);
    expect(courrielsA(boiteParis)).toEqual([]);
  });

  it("marks the unfiled reports late and mails one digest per service, once", async () => {
    const avantRappels = envoyes.filter((message) => message.subject === RAPPEL_2026).length;
    regler("2027-04-01T00:05", "+02:00");
    expect(await executer("rapports-annuels-retards")).toBeGreaterThanOrEqual(4);
    // No reminder after the deadline.
    expect(await executer("rapports-annuels-rappels")).toBe(0);
    expect(envoyes.filter((message) => message.subject === RAPPEL_2026)).toHaveLength(avantRappels);

    const marques = await portal.database.db
      .select({ agrementId: retardsRapportAnnuel.agrementId, annee: retardsRapportAnnuel.annee })
      .from(retardsRapportAnnuel)
      .where(
        inArray(
          retardsRapportAnnuel.agrementId,
          [sansRapport, brouillon, depose, recent, retire, lyonnais, sansBoite].map((t) => t.id),
        ),
      );
    expect(new Set(marques.map((marque) => marque.agrementId))).toEqual(
      new Set([sansRapport.id, brouillon.id, lyonnais.id, sansBoite.id]),
    );
    expect(marques.every((marque) => marque.annee === 2026)).toBe(true);
    // A marker, not a state: the created report stays nonDepose.
    const [rapport] = await portal.database.db
      .select({ etat: rapportsAnnuelsActivite.etat })
      .from(rapportsAnnuelsActivite)
      .where(
        and(
          eq(rapportsAnnuelsActivite.agrementId, brouillon.id),
          eq(rapportsAnnuelsActivite.annee, 2026),
        ),
      );
    expect(rapport.etat).toBe("nonDepose");

    const paris = courrielsA(boiteParis);
    expect(paris.map((message) => message.subject)).toEqual([
      "Rapports annuels d'activité 2026 en retard : 2 agréments",
    ]);
    expect(paris[0].text).toContain(
      "2 opérateurs agréés de votre service n'ont pas déposé leur rapport annuel d'activité 2026, attendu au plus tard le 31 mars 2027.",
    );
    expect(paris[0].text).toContain(
      `Agrément n° ${sansRapport.numero} : ${sansRapport.raisonSociale}\n\nAgrément n° ${brouillon.numero} : ${brouillon.raisonSociale}`,
    );
    expect(paris[0].text).not.toContain(depose.numero);
    expect(paris[0].text).not.toContain(recent.numero);
    expect(paris[0].text).not.toContain(retire.numero);
    expect(paris[0].text).toContain(`Consultez ces agréments sur le portail :\n${portal.baseUrl}/`);

    const lyon = courrielsA(boiteLyon);
    expect(lyon.map((message) => message.subject)).toEqual([
      "Rapports annuels d'activité 2026 en retard : 1 agrément",
    ]);
    expect(lyon[0].text).toContain(`Agrément n° ${lyonnais.numero} : ${lyonnais.raisonSociale}`);
    expect(lyon[0].text).not.toContain(sansRapport.numero);
    // Not one mail per operator: the applicants get no digest.
    const demandeurs = [sansRapport, brouillon, lyonnais, sansBoite].flatMap((operateur) =>
      Object.values(operateur.comptes),
    );
    expect(
      envoyes.filter(
        (message) => demandeurs.includes(message.to) && !message.subject.startsWith("Rappel : "),
      ),
    ).toEqual([]);

    // Run twice, and the next day: nothing more.
    await executer("rapports-annuels-retards");
    regler("2027-04-02T09:00", "+02:00");
    await executer("rapports-annuels-retards");
    expect(courrielsA(boiteParis)).toHaveLength(1);
    expect(courrielsA(boiteLyon)).toHaveLength(1);
  });

  it("shows the marker to staff on the approval and on the report", async () => {
    const lu = await lire<Agrement>(superviseur, `/agrement/${sansRapport.id}`);
    expect(lu.status).toBe(200);
    expect(lu.body.rapportAnnuelActivites).toEqual([
      expect.objectContaining({ annee: 2026, etat: "nonDepose", enRetard: true }),
    ]);
    const rapport = await lire<RapportAnnuel>(
      superviseur,
      `/agrement/${brouillon.id}/rapport-annuel/2026`,
    );
    expect(rapport.status).toBe(200);
    expect(rapport.body).toMatchObject({ annee: 2026, etat: "nonDepose", enRetard: true });

    const deposeLu = await lire<Agrement>(superviseur, `/agrement/${depose.id}`);
    expect(deposeLu.body.rapportAnnuelActivites).toEqual([
      expect.objectContaining({ annee: 2026, etat: "depose", enRetard: false }),
    ]);
  });
});
