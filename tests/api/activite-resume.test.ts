/**
 * The national activity summary kept by a job (ADR 0038),
 * over HTTP: a central reader without filter gets the job's figures while
 * they are fresh (same Europe/Paris day, under 5 minutes old), with
 * `calculeLe` and `Last-Modified`; any filter, any other reader, a stale
 * or yesterday's summary gives live figures.
 *
 * The national figures include the demo data and whatever other test files
 * left in a shared PostgreSQL database, so they are never compared with
 * hand counts here (tests/api/activites.test.ts does that, filtered): this
 * file checks which figures are served, by adding one deposited request
 * after the summary and watching whether the total of deposits moves.
 */
import { hash } from "@node-rs/argon2";
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndicateursActivite, MoisDepots } from "../../contract/schemas/activites.ts";
import {
  demandes,
  resumesActivite,
  servicesInstructeur,
  societes,
  utilisateurs,
} from "../../api/db/schema.ts";
import { rafraichirResumeNational } from "../../api/domain/activites/resume.ts";
import { TACHES } from "../../api/jobs/taches.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
const marque = `Res${randomUUID().slice(0, 8)}`;
/** 14:00 in Paris (CET, UTC+1), a weekday. */
const CALCUL = new Date("2025-11-20T13:00:00Z");

let portal: TestPortal;
let serviceId: number;
let societeId: string;
const jetons: Record<"central" | "sup", string> = {} as never;

async function connecter(
  cle: "central" | "sup",
  valeurs: Partial<typeof utilisateurs.$inferInsert>,
) {
  const email = `${marque.toLowerCase()}-${cle}@exemple.fr`;
  await portal.database.db.insert(utilisateurs).values({
    idIdp: `${marque}-${cle}`,
    email,
    prenom: "Prénom",
    nom: cle,
    passwordHash: await hash(PASSWORD),
    roles: [],
    ...valeurs,
  });
  jetons[cle] = (await loginAs(portal.baseUrl, email, PASSWORD)).accessToken;
}

async function lire<T>(cle: "central" | "sup", chemin: string) {
  const reponse = await fetch(`${portal.baseUrl}/api${chemin}`, {
    headers: { Authorization: `Bearer ${jetons[cle]}` },
  });
  expect(reponse.status).toBe(200);
  return { headers: reponse.headers, body: (await reponse.json()) as T };
}

/** One more request deposited on 2025-11-03 in the run's service (région 11). */
async function deposerUneDemande(numero: number) {
  await portal.database.db.insert(demandes).values({
    societeId,
    etat: "deposee",
    numeroDossier: `MAR-${marque}-${numero}`,
    dateDepot: new Date("2025-11-03T10:00:00Z"),
    dateLimiteInstruction: "2026-02-03",
    serviceInstructeurId: serviceId,
    codeDepartement: "75",
    codeRegion: "11",
  });
}

beforeAll(async () => {
  portal = await startTestPortal();
  portal.horloge.regler(CALCUL);
  const db = portal.database.db;
  const [service] = await db
    .insert(servicesInstructeur)
    .values({ code: `${marque}-S`, nom: `Délégation ${marque}` })
    .returning();
  serviceId = service.id;
  const [societe] = await db
    .insert(societes)
    .values({ siren: String(randomInt(100_000_000, 999_999_999)), raisonSociale: marque })
    .returning();
  societeId = societe.id;
  await connecter("central", { roles: ["anah_centrale"] });
  await connecter("sup", {
    roles: ["superviseur"],
    serviceInstructeurId: serviceId,
    perimetreSupervision: { regions: [], departements: ["75"] },
  });
  // No summary from another file (shared PostgreSQL database) or a demo start.
  await db.delete(resumesActivite);
});

afterAll(async () => {
  await portal?.database.db.delete(resumesActivite);
  await portal?.close();
});

describe("résumé national de l'activité (ADR 0038)", () => {
  it("est une tâche planifiée chaque minute et lancée au démarrage", () => {
    const tache = TACHES.find((candidate) => candidate.nom === "activite-resume-national");
    expect(tache?.cron).toBe("* * * * *");
    expect(tache?.auDemarrage).toBe(true);
  });

  it("sans résumé, la vue nationale est calculée pour la requête", async () => {
    const { headers, body } = await lire<IndicateursActivite>("central", "/activities");
    expect(body.calculeLe).toBeUndefined();
    expect(headers.get("last-modified")).toBeNull();
  });

  it("sert le résumé tant qu'il est frais, puis revient au calcul direct", async () => {
    const avant = (await lire<IndicateursActivite>("central", "/activities")).body;
    const moisAvant = (await lire<MoisDepots[]>("central", "/activities/details-deposee")).body;

    expect(await rafraichirResumeNational(portal)).toBe(6);
    const lignes = await portal.database.db.select().from(resumesActivite);
    expect(lignes.map((ligne) => ligne.calcul).sort()).toEqual([
      "agrements-accordes",
      "charge-instructeurs",
      "delai-moyen",
      "deposee",
      "indicateurs",
      "reputes-rejetes",
    ]);
    expect(lignes.every((ligne) => ligne.jour === "2025-11-20")).toBe(true);

    // Nothing changed since: the summary holds the same figures as the live read.
    portal.horloge.regler(new Date(CALCUL.getTime() + 60_000));
    const resume = await lire<IndicateursActivite>("central", "/activities");
    expect(resume.body.calculeLe).toBe("2025-11-20T13:00:00.000Z");
    expect(resume.headers.get("last-modified")).toBe("Thu, 20 Nov 2025 13:00:00 GMT");
    expect(resume.headers.get("cache-control")).toContain("no-store");
    const { calculeLe: _calculeLe, ...chiffres } = resume.body;
    expect(chiffres).toEqual(avant);
    const mois = await lire<MoisDepots[]>("central", "/activities/details-deposee");
    expect(mois.body).toEqual(moisAvant);
    expect(mois.headers.get("last-modified")).toBe("Thu, 20 Nov 2025 13:00:00 GMT");

    // A request deposited after the computation: the summary does not see it…
    await deposerUneDemande(1);
    portal.horloge.regler(new Date(CALCUL.getTime() + 4 * 60_000 + 59_000));
    const perime = (await lire<IndicateursActivite>("central", "/activities")).body;
    expect(perime.nbDemandesDeposees.total).toBe(avant.nbDemandesDeposees.total);
    expect(perime.calculeLe).toBe("2025-11-20T13:00:00.000Z");
    const novembre = (await lire<MoisDepots[]>("central", "/activities/details-deposee")).body.find(
      (ligne) => ligne.mois === "2025-11",
    );
    expect(novembre?.deposees ?? 0).toBe(
      moisAvant.find((ligne) => ligne.mois === "2025-11")?.deposees ?? 0,
    );

    // …a filter is always computed for the request…
    const filtre = (
      await lire<IndicateursActivite>("central", `/activities?servicesInstructeur[]=${serviceId}`)
    ).body;
    expect(filtre.nbDemandesDeposees.total).toBe(1);
    expect(filtre.calculeLe).toBeUndefined();

    // …and so is the national view once the summary is 5 minutes old.
    portal.horloge.regler(new Date(CALCUL.getTime() + 5 * 60_000 + 1_000));
    const direct = await lire<IndicateursActivite>("central", "/activities");
    expect(direct.body.calculeLe).toBeUndefined();
    expect(direct.headers.get("last-modified")).toBeNull();
    expect(direct.body.nbDemandesDeposees.total).toBe(avant.nbDemandesDeposees.total + 1);
  });

  it("un résumé de la veille n'est pas servi, même récent", async () => {
    // 23:58 in Paris, then 00:01 the next day: the deemed-rejected count depends on the day.
    portal.horloge.regler(new Date("2025-11-20T22:58:00Z"));
    await rafraichirResumeNational(portal);
    expect((await lire<IndicateursActivite>("central", "/activities")).body.calculeLe).toBe(
      "2025-11-20T22:58:00.000Z",
    );
    portal.horloge.regler(new Date("2025-11-20T23:01:00Z"));
    expect(
      (await lire<IndicateursActivite>("central", "/activities")).body.calculeLe,
    ).toBeUndefined();
  });

  it("un superviseur a toujours les chiffres de son périmètre, calculés pour lui", async () => {
    portal.horloge.regler(CALCUL);
    await rafraichirResumeNational(portal);
    const avant = (await lire<IndicateursActivite>("sup", "/activities")).body;
    await deposerUneDemande(2);
    const { headers, body } = await lire<IndicateursActivite>("sup", "/activities");
    expect(body.calculeLe).toBeUndefined();
    expect(headers.get("last-modified")).toBeNull();
    expect(body.nbDemandesDeposees.total).toBe(avant.nbDemandesDeposees.total + 1);
    // Meanwhile the central reader still gets the summary.
    expect((await lire<IndicateursActivite>("central", "/activities")).body.calculeLe).toBe(
      "2025-11-20T13:00:00.000Z",
    );
  });
});
