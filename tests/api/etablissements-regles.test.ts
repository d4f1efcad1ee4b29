/**
 * Rules of spec §4 on establishments, driven over HTTP:
 * a suspension (CREER_PROCEDURE retrait_avec_suspension, MODIFIER_PROCEDURE)
 * hides the approval's establishments from households with a
 * MASQUER_ETABLISSEMENT row each; its end (the 3-month job, MODIFIER_PROCEDURE
 * back without suspension, TERMINER_PROCEDURE agrement_maintenu) shows them
 * again with REAFFICHER_ETABLISSEMENT; a withdrawal dereferences them
 * (DEREFERENCER_ETABLISSEMENT "Agrément retiré"); MODIFIER_AGREMENT narrows
 * their perimeters (MODIFIER_PERIMETRE_ETABLISSEMENT) and dereferences those
 * left empty ("Périmètre d'intervention vide"). Establishments are written
 * in the database; what households see is read from GET /api/public/etablissements.
 */
import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResultatAnnuaire } from "../../contract/schemas/annuaire.ts";
import {
  agrements,
  communes,
  etablissements,
  historique,
  societes,
  utilisateurs,
  type PerimetreEtablissement,
} from "../../api/db/schema.ts";
import { TACHES, type DepsTache } from "../../api/jobs/taches.ts";
import { createMailer } from "../../api/mail/mailer.ts";
import { createLogger } from "../../server/logger.ts";
import {
  connecterEquipeDemo,
  creerProcedure,
  dansNJours,
  modifierAgrement,
  modifierProcedure,
  nouvelleDemandeEnEtat,
  terminerProcedure,
  type ContexteInstruction,
  type EquipeInstruction,
} from "../helpers/instruction-api.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
const marque = `Regl${randomUUID().slice(0, 8)}`;
/** A client address of this run (the portal trusts X-Forwarded-For): its own per-IP counters. */
const ADRESSE = `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}::1`;
const vide: PerimetreEtablissement = { regions: [], departements: [], epcis: [], communes: [] };

const MASQUER =
  "Agrément suspendu : l'établissement n'est plus présenté aux ménages pendant la suspension.";
const REAFFICHER =
  "Fin de la suspension de l'agrément : l'établissement est de nouveau présenté aux ménages.";

let portal: TestPortal;
let equipe: EquipeInstruction;
let passwordHash: string;
let superviseurId: string;
let compteur = 0;

/** An approved company: its applicant's context, request, approval and company ids. */
interface Agree {
  ctx: ContexteInstruction;
  demandeId: string;
  agrementId: string;
  societeId: string;
  siren: string;
}

/** A fresh applicant with his own company, his request driven to agree (Île-de-France). */
async function societeAgreee(): Promise<Agree> {
  compteur += 1;
  const { db } = portal.database;
  const siren = `6${String(Date.now() % 10_000_000).padStart(7, "0")}${compteur % 10}`;
  const [societe] = await db
    .insert(societes)
    .values({ siren, raisonSociale: `${marque} Structure ${compteur}`, qualites: ["qualityOp"] })
    .returning();
  const email = `${marque.toLowerCase()}-${compteur}@exemple.fr`;
  await db.insert(utilisateurs).values({
    idIdp: `${marque}-${compteur}`,
    email,
    prenom: "Jeanne",
    nom: `Titulaire ${compteur}`,
    roles: ["demandeur"],
    passwordHash,
    societeId: societe.id,
  });
  const { accessToken } = await loginAs(portal.baseUrl, email, PASSWORD);
  const ctx = { baseUrl: portal.baseUrl, demandeur: accessToken, equipe };
  const demande = await nouvelleDemandeEnEtat(ctx, "agree");
  const [agrement] = await db.select().from(agrements).where(eq(agrements.demandeId, demande.id));
  return { ctx, demandeId: demande.id, agrementId: agrement.id, societeId: societe.id, siren };
}

/** Writes a referenced establishment of `agree` with `perimetre`; returns its id. */
async function referencer(
  agree: Agree,
  perimetre: Partial<PerimetreEtablissement>,
  champs: Partial<typeof etablissements.$inferInsert> = {},
): Promise<string> {
  compteur += 1;
  const [row] = await portal.database.db
    .insert(etablissements)
    .values({
      agrementId: agree.agrementId,
      societeId: agree.societeId,
      reference: `ETB-${String(compteur).padStart(7, "0")}`,
      raisonSociale: `${marque} Structure`,
      nom: `${marque} Établissement ${compteur}`,
      siret: `${agree.siren}${String(compteur).padStart(5, "0")}`,
      adresse1: "1 rue de Rivoli",
      codePostal: "75001",
      ville: "Paris",
      perimetre: { ...vide, ...perimetre },
      ...champs,
    })
    .returning();
  return row.id;
}

/** The history rows of establishment `id`, oldest first. */
async function historiqueDe(id: string) {
  return portal.database.db
    .select({
      action: historique.action,
      commentaire: historique.commentaire,
      acteurId: historique.acteurId,
      acteurRole: historique.acteurRole,
      donnees: historique.donnees,
    })
    .from(historique)
    .where(and(eq(historique.ressourceType, "etablissement"), eq(historique.ressourceId, id)))
    .orderBy(asc(historique.id));
}

/** The establishment rows of `ids`, by id. */
async function lignes(ids: string[]) {
  const rows = await portal.database.db
    .select()
    .from(etablissements)
    .where(inArray(etablissements.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Whether households find establishment `id` in commune `codeCommune` (all pages). */
async function visible(id: string, codeCommune = "75056"): Promise<boolean> {
  for (let page = 1; ; page++) {
    const response = await fetch(
      `${portal.baseUrl}/api/public/etablissements?codeCommune=${codeCommune}&page=${page}`,
      { headers: { "X-Forwarded-For": ADRESSE } },
    );
    expect(response.status).toBe(200);
    const corps = (await response.json()) as ResultatAnnuaire;
    if (corps.etablissements.some((e) => e.id === id)) return true;
    if (page * corps.parPage >= corps.total) return false;
  }
}

/** Deps of the jobs, on the portal's database and clock. */
function depsTaches(): DepsTache {
  const logger = createLogger("silent");
  return {
    config: portal.config,
    database: portal.database,
    horloge: portal.horloge,
    logger,
    mailer: createMailer({
      smtpUrl: undefined,
      from: portal.config.mailFrom,
      dataDir: portal.config.dataDir,
      logger,
    }),
  };
}

beforeAll(async () => {
  portal = await startTestPortal({ TRUST_PROXY: "true" });
  passwordHash = await hash(PASSWORD);
  equipe = await connecterEquipeDemo(portal.baseUrl);
  [{ id: superviseurId }] = await portal.database.db
    .select({ id: utilisateurs.id })
    .from(utilisateurs)
    .where(eq(utilisateurs.email, "superviseur@demo.anah.gouv.fr"));
}, 120_000);

afterAll(async () => {
  await portal?.close();
});

describe("suspension, its lift by the job, then withdrawal", () => {
  let agree: Agree;
  let region: string;
  let commune: string;
  let dejaDereference: string;

  beforeAll(async () => {
    agree = await societeAgreee();
    region = await referencer(agree, { regions: ["11"] });
    commune = await referencer(agree, { communes: ["75056"] });
    dejaDereference = await referencer(
      agree,
      { departements: ["75"] },
      { referencee: false, dateDereferencement: new Date("2026-01-05T10:00:00Z") },
    );
  }, 180_000);

  it("CREER_PROCEDURE with suspension hides the establishments: MASQUER rows, gone for households", async () => {
    expect(await visible(region)).toBe(true);
    expect(await visible(commune)).toBe(true);
    await creerProcedure(agree.ctx, agree.demandeId, { type: "retrait_avec_suspension" });
    for (const id of [region, commune]) {
      expect(await historiqueDe(id)).toEqual([
        {
          action: "MASQUER_ETABLISSEMENT",
          commentaire: MASQUER,
          acteurId: superviseurId,
          acteurRole: "superviseur",
          donnees: { agrementId: agree.agrementId },
        },
      ]);
      expect(await visible(id)).toBe(false);
    }
    // Still referenced: the suspension only hides them.
    const rows = await lignes([region, commune, dejaDereference]);
    expect(rows.get(region)!.referencee).toBe(true);
    expect(rows.get(commune)!.referencee).toBe(true);
    expect(await historiqueDe(dejaDereference)).toEqual([]);
  });

  it("the 3-month job lifts the suspension: REAFFICHER rows by the system, visible again", async () => {
    const tache = TACHES.find((candidate) => candidate.nom === "levee-suspensions-echues")!;
    // Four months later: the suspension (notified 20 days before) is over.
    portal.horloge.regler(new Date(Date.now() + 120 * 86_400_000));
    expect(await tache.executer(depsTaches())).toBeGreaterThanOrEqual(1);
    for (const id of [region, commune]) {
      expect((await historiqueDe(id)).slice(1)).toEqual([
        {
          action: "REAFFICHER_ETABLISSEMENT",
          commentaire: REAFFICHER,
          acteurId: null,
          acteurRole: "systeme",
          donnees: { agrementId: agree.agrementId },
        },
      ]);
      expect(await visible(id)).toBe(true);
    }
    expect(await historiqueDe(dejaDereference)).toEqual([]);
  });

  it("TERMINER_PROCEDURE agrement_retire dereferences them in the same transaction, with a row each", async () => {
    const avant = portal.horloge.now();
    await terminerProcedure(agree.ctx, agree.demandeId, "agrement_retire");
    const rows = await lignes([region, commune, dejaDereference]);
    for (const id of [region, commune]) {
      expect(rows.get(id)).toMatchObject({ referencee: false, dateDereferencement: avant });
      expect((await historiqueDe(id)).at(-1)).toEqual({
        action: "DEREFERENCER_ETABLISSEMENT",
        commentaire: "Agrément retiré",
        acteurId: superviseurId,
        acteurRole: "superviseur",
        donnees: { agrementId: agree.agrementId },
      });
      expect(await visible(id)).toBe(false);
    }
    // Dereferenced before: its date and history stay.
    expect(rows.get(dejaDereference)!.dateDereferencement).toEqual(
      new Date("2026-01-05T10:00:00Z"),
    );
    expect(await historiqueDe(dejaDereference)).toEqual([]);
  });

  afterAll(() => {
    portal.horloge.regler(new Date());
  });
});

describe("MODIFIER_PROCEDURE switches the suspension, TERMINER_PROCEDURE agrement_maintenu ends it", () => {
  it("hides, shows, hides again, then shows once the approval is maintained", async () => {
    const agree = await societeAgreee();
    const id = await referencer(agree, { departements: ["75"] });
    await creerProcedure(agree.ctx, agree.demandeId, {
      type: "retrait_sans_suspension",
      dateNotification: dansNJours(-5),
    });
    // Without suspension nothing is hidden.
    expect(await historiqueDe(id)).toEqual([]);
    expect(await visible(id)).toBe(true);

    await modifierProcedure(agree.ctx, agree.demandeId, { type: "retrait_avec_suspension" });
    expect((await historiqueDe(id)).map((row) => row.action)).toEqual(["MASQUER_ETABLISSEMENT"]);
    expect(await visible(id)).toBe(false);

    await modifierProcedure(agree.ctx, agree.demandeId, { type: "retrait_sans_suspension" });
    expect((await historiqueDe(id)).map((row) => row.action)).toEqual([
      "MASQUER_ETABLISSEMENT",
      "REAFFICHER_ETABLISSEMENT",
    ]);
    expect(await visible(id)).toBe(true);

    await modifierProcedure(agree.ctx, agree.demandeId, { type: "retrait_avec_suspension" });
    expect(await visible(id)).toBe(false);
    await terminerProcedure(agree.ctx, agree.demandeId, "agrement_maintenu");
    const rows = await historiqueDe(id);
    expect(rows.map((row) => row.action)).toEqual([
      "MASQUER_ETABLISSEMENT",
      "REAFFICHER_ETABLISSEMENT",
      "MASQUER_ETABLISSEMENT",
      "REAFFICHER_ETABLISSEMENT",
    ]);
    expect(rows.at(-1)).toMatchObject({ commentaire: REAFFICHER, acteurId: superviseurId });
    expect(await visible(id)).toBe(true);
    expect((await lignes([id])).get(id)!.referencee).toBe(true);
  }, 180_000);
});

describe("MODIFIER_AGREMENT narrows the establishments' perimeters", () => {
  it("keeps what the new perimeter covers, dereferences the emptied ones, each with its row", async () => {
    const agree = await societeAgreee();
    const { db } = portal.database;
    const [{ codeEpci: epciVersailles }] = (await db
      .select({ codeEpci: communes.codeEpci })
      .from(communes)
      .where(eq(communes.code, "78646"))) as { codeEpci: string }[];
    const ids = {
      region: await referencer(agree, { regions: ["11"] }),
      seineEtMarne: await referencer(agree, { departements: ["77"] }),
      paris: await referencer(agree, { communes: ["75056"] }),
      versailles: await referencer(agree, { epcis: [epciVersailles] }),
      communes: await referencer(agree, { communes: ["92012", "77288"] }),
      mixte: await referencer(agree, { departements: ["75", "78"] }),
    };
    // Île-de-France → Paris and Hauts-de-Seine.
    await modifierAgrement(agree.ctx, agree.demandeId, { departements: ["75", "92"] });
    const rows = await lignes(Object.values(ids));
    const perimetre = (id: string) => rows.get(id)!.perimetre;

    expect(perimetre(ids.region)).toEqual({ ...vide, departements: ["75", "92"] });
    expect(perimetre(ids.communes)).toEqual({ ...vide, communes: ["92012"] });
    expect(perimetre(ids.mixte)).toEqual({ ...vide, departements: ["75"] });
    for (const id of [ids.region, ids.communes, ids.mixte]) {
      expect(rows.get(id)!.referencee).toBe(true);
      const [ligne] = await historiqueDe(id);
      expect(ligne).toMatchObject({
        action: "MODIFIER_PERIMETRE_ETABLISSEMENT",
        commentaire:
          "Périmètre d'intervention restreint au nouveau périmètre accordé par l'agrément.",
        acteurId: superviseurId,
        acteurRole: "superviseur",
      });
      expect(ligne.donnees).toMatchObject({ perimetre: perimetre(id) });
    }
    expect((await historiqueDe(ids.region))[0].donnees).toMatchObject({
      perimetreAvant: { ...vide, regions: ["11"] },
    });

    // Still wholly covered: unchanged, no row.
    expect(perimetre(ids.paris)).toEqual({ ...vide, communes: ["75056"] });
    expect(await historiqueDe(ids.paris)).toEqual([]);

    // Nothing left: dereferenced.
    for (const id of [ids.seineEtMarne, ids.versailles]) {
      expect(rows.get(id)).toMatchObject({ referencee: false, perimetre: vide });
      expect(rows.get(id)!.dateDereferencement).toBeInstanceOf(Date);
      const historiqueVide = await historiqueDe(id);
      expect(historiqueVide).toHaveLength(1);
      expect(historiqueVide[0]).toMatchObject({
        action: "DEREFERENCER_ETABLISSEMENT",
        commentaire: "Périmètre d'intervention vide",
        acteurId: superviseurId,
      });
      expect(await visible(id, id === ids.versailles ? "78646" : "77288")).toBe(false);
    }
    // Households of Melun no longer find the narrowed ones either; Boulogne's still do.
    expect(await visible(ids.communes, "77288")).toBe(false);
    expect(await visible(ids.communes, "92012")).toBe(true);
    expect(await visible(ids.region, "77288")).toBe(false);
    expect(await visible(ids.region, "92012")).toBe(true);
  }, 180_000);
});
