/**
 * Approvals over HTTP (spec §3 Agrement, §4 approval status and normalised
 * status, §7 GET /api/agrement/mon-agrement and /api/agrement/{id};
 * DESIGN §4): who sees an approval and its certificate, which states the
 * applicant's approval page shows, and how an ongoing withdrawal procedure
 * reads on the request.
 */
import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemandeDetail, DemandeResume } from "../../contract/schemas/demande.ts";
import type { Agrement } from "../../contract/schemas/agrement.ts";
import {
  agrements,
  demandes,
  proceduresAgrement,
  servicesInstructeur,
  societes,
  utilisateurs,
} from "../../api/db/schema.ts";
import {
  connecterEquipeDemo,
  nouvelleDemandeEnEtat,
  type EquipeInstruction,
} from "../helpers/instruction-api.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { pdfEnTexte } from "../helpers/pdf.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
/** 2 February 2026, 10:00 in Paris. */
const DEBUT = new Date("2026-02-02T09:00:00Z");
const marque = `Agr${randomUUID().slice(0, 8)}`;

let portal: TestPortal;
let equipe: EquipeInstruction;
let passwordHash: string;
let compteur = 0;
/** The applicant holding the approval, his request and the approval. */
let titulaire: string;
let raisonSociale: string;
let demande: DemandeDetail;
let agrement: Agrement;

/** A signed-in account created in the database (a company too for an applicant). */
async function compte(valeurs: Partial<typeof utilisateurs.$inferInsert>): Promise<string> {
  compteur += 1;
  const email = `${marque.toLowerCase()}-${compteur}@exemple.fr`;
  await portal.database.db.insert(utilisateurs).values({
    idIdp: `${marque}-${compteur}`,
    email,
    prenom: "Camille",
    nom: `Compte ${compteur}`,
    passwordHash,
    ...valeurs,
  });
  return (await loginAs(portal.baseUrl, email, PASSWORD)).accessToken;
}

async function demandeur(nom: string): Promise<string> {
  const [societe] = await portal.database.db
    .insert(societes)
    .values({
      siren: `6${String(Date.now() % 10_000_000).padStart(7, "0")}${compteur % 10}`,
      raisonSociale: nom,
      qualites: ["qualityOp"],
    })
    .returning();
  return compte({ roles: ["demandeur"], societeId: societe.id });
}

async function api<T>(token: string, chemin: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${portal.baseUrl}/api${chemin}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const texte = await response.text();
  return { status: response.status, body: (texte ? JSON.parse(texte) : null) as T };
}

async function telecharger(token: string, id: string) {
  const response = await fetch(`${portal.baseUrl}/api/piece-jointe/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status, octets: Buffer.from(await response.arrayBuffer()) };
}

async function mettreEtat(etat: "en_cours" | "suspendu" | "retire" | "perime"): Promise<void> {
  await portal.database.db.update(agrements).set({ etat }).where(eq(agrements.id, agrement.id));
}

beforeAll(async () => {
  portal = await startTestPortal();
  portal.horloge.regler(DEBUT);
  passwordHash = await hash(PASSWORD);
  equipe = await connecterEquipeDemo(portal.baseUrl);
  raisonSociale = `${marque} Accompagnement`;
  titulaire = await demandeur(raisonSociale);
  demande = await nouvelleDemandeEnEtat(
    { baseUrl: portal.baseUrl, demandeur: titulaire, equipe },
    "agree",
  );
  agrement = demande.agrement!;
}, 120_000);

afterAll(async () => {
  await portal?.close();
});

describe("GET /api/agrement/mon-agrement", () => {
  it("answers the applicant's approval with number, validity, perimeter by name and certificate", async () => {
    const { status, body } = await api<Agrement>(titulaire, "/agrement/mon-agrement");
    expect(status).toBe(200);
    expect(body).toEqual({
      id: agrement.id,
      etat: "en_cours",
      numeroAgrement: expect.stringMatching(/^AGR-MAR-2026-\d{6}$/),
      raisonSociale,
      dateDebut: "2026-02-02",
      dateFin: "2031-02-01",
      dateOctroi: DEBUT.toISOString(),
      demandeId: demande.id,
      perimetre: {
        regions: [{ code: "11", nom: "Île-de-France" }],
        departements: [],
        epcis: [],
        communes: [],
      },
      attestations: [
        {
          id: expect.any(Number),
          isCurrent: true,
          date: DEBUT.toISOString(),
          pieceJointe: expect.objectContaining({
            mimeType: "application/pdf",
            codeTypePJ: "attestation",
          }),
        },
      ],
      proceduresAgrement: [],
      // Granted today: no report to file yet, the previous year's is not owed
      // (ADR 0017: granted after 31 December of that year); the approval is
      // current and the extension flag on by default, so an extension may be
      // asked for (ADR 0020).
      actionsDisponibles: ["CREER_EXTENSION_PERIMETRE"],
      rapportAnnuelActivites: [
        {
          annee:
            Number(
              new Date().toLocaleString("fr-FR", { timeZone: "Europe/Paris", year: "numeric" }),
            ) - 1,
          etat: "nonApplicable",
          dateDepot: null,
          enRetard: false,
          piecesJointes: [],
        },
      ],
    });
    const certificat = await telecharger(titulaire, body.attestations[0].pieceJointe.id);
    expect(certificat.status).toBe(200);
    const texte = (await pdfEnTexte(certificat.octets)).replace(/\s+/g, " ");
    expect(texte).toContain(body.numeroAgrement);
    expect(texte).toContain("du 02/02/2026 au 01/02/2031");
  });

  it("shows a suspended approval too, but not a withdrawn or expired one (spec §4)", async () => {
    await mettreEtat("suspendu");
    expect((await api<Agrement>(titulaire, "/agrement/mon-agrement")).body.etat).toBe("suspendu");
    for (const etat of ["retire", "perime"] as const) {
      await mettreEtat(etat);
      expect(await api(titulaire, "/agrement/mon-agrement")).toEqual({
        status: 404,
        body: { message: "Votre structure ne détient pas d'agrément en cours." },
      });
      // The approval itself stays readable by its holder.
      expect((await api<Agrement>(titulaire, `/agrement/${agrement.id}`)).body.etat).toBe(etat);
    }
    await mettreEtat("en_cours");
  });

  it("is for applicants only (403), and 404 for a company without approval", async () => {
    expect((await api(equipe.instructeur, "/agrement/mon-agrement")).status).toBe(403);
    const sans = await demandeur(`${marque} Sans agrément`);
    expect((await api(sans, "/agrement/mon-agrement")).status).toBe(404);
  });
});

describe("GET /api/agrement/{id} and its certificate: who sees them (DESIGN §4)", () => {
  it("lets the holder, the staff of its service and perimeter and central staff read them", async () => {
    const centrale = (await loginAs(portal.baseUrl, "centrale@demo.anah.gouv.fr", PASSWORD))
      .accessToken;
    const certificat = agrement.attestations[0].pieceJointe.id;
    for (const token of [
      titulaire,
      equipe.instructeur,
      equipe.crhh,
      equipe.superviseur,
      centrale,
    ]) {
      const { status, body } = await api<Agrement>(token, `/agrement/${agrement.id}`);
      expect(status).toBe(200);
      expect(body.numeroAgrement).toBe(agrement.numeroAgrement);
      expect((await telecharger(token, certificat)).status).toBe(200);
    }
  });

  it("answers 404 to another company, another service and a superviseur elsewhere", async () => {
    const [lyon] = await portal.database.db
      .select({ id: servicesInstructeur.id })
      .from(servicesInstructeur)
      .where(eq(servicesInstructeur.code, "DL-69"));
    const etrangers = [
      await demandeur(`${marque} Concurrent`),
      await compte({ roles: ["instructeur"], serviceInstructeurId: lyon.id }),
      await compte({ roles: ["crhh"], serviceInstructeurId: lyon.id }),
      await compte({
        roles: ["superviseur"],
        serviceInstructeurId: lyon.id,
        perimetreSupervision: { regions: ["84"], departements: [] },
      }),
      await compte({ roles: ["admin_fonctionnel"] }),
    ];
    const certificat = agrement.attestations[0].pieceJointe.id;
    for (const token of etrangers) {
      expect((await api(token, `/agrement/${agrement.id}`)).status).toBe(404);
      expect((await telecharger(token, certificat)).status).toBe(404);
    }
    expect((await api(titulaire, `/agrement/${randomUUID()}`)).status).toBe(404);
  });
});

describe("the request of an approval under a withdrawal procedure (spec §4 normalised status)", () => {
  it("reads agrement_suspendu with suspension, agree without, on the detail and the applicant's list", async () => {
    const { db } = portal.database;
    await db
      .update(demandes)
      .set({ etat: "agrement_procedure_en_cours" })
      .where(eq(demandes.id, demande.id));
    const [procedure] = await db
      .insert(proceduresAgrement)
      .values({
        agrementId: agrement.id,
        demandeId: demande.id,
        type: "retrait_avec_suspension",
        etat: "en_cours",
        dateNotification: "2026-02-02",
      })
      .returning();
    const suspendue = (await api<DemandeDetail>(titulaire, `/demande/${demande.id}`)).body;
    expect(suspendue).toMatchObject({
      etat: "agrement_procedure_en_cours",
      etatNormalise: "agrement_suspendu",
      statutSimplifie: "agrement_suspendu",
    });
    expect(suspendue.agrement?.proceduresAgrement).toEqual([
      {
        id: procedure.id,
        etat: "en_cours",
        type: "retrait_avec_suspension",
        data: { dateNotification: "2026-02-02", decision: null, dateDecision: null },
      },
    ]);

    await db
      .update(proceduresAgrement)
      .set({ type: "retrait_sans_suspension" })
      .where(eq(proceduresAgrement.id, procedure.id));
    const liste = (await api<DemandeResume[]>(titulaire, "/demandes/mes-demandes")).body;
    expect(liste.find((ligne) => ligne.id === demande.id)).toMatchObject({
      etatNormalise: "agree",
      statutSimplifie: "agree",
      decision: expect.objectContaining({ codeTypePJ: "attestation" }),
    });
  });
});
