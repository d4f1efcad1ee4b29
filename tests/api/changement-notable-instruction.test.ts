/**
 * Instruction of a perimeter extension (DESIGN §3
 * notable changes, §5; ADR 0021), over HTTP against a real database
 * (PGlite, or PostgreSQL with DATABASE_URL): the shared instruction path
 * with a completeness request that suspends the two-month clock, the
 * decision EXTENSION_PERIMETRE_VALIDE (approval perimeter, modified
 * certificate) or EXTENSION_PERIMETRE_REFUSE (letter with appeal routes),
 * AGREMENT_VALIDE refused on an extension, the tacit acceptance by the job
 * with a moved clock, its annulment dereferencing exactly the
 * establishments outside the restored perimeter, and 403/404/409.
 * Extensions are written in the database (tests/helpers/extension-en-base.ts).
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  agrements,
  attestations,
  demandes,
  etablissements,
  historique,
  type PerimetreEtablissement,
} from "../../api/db/schema.ts";
import { accorderExtensionsTacitement } from "../../api/domain/changements-notables/accord-tacite.ts";
import { TACHES } from "../../api/jobs/taches.ts";
import type { MailMessage, Mailer } from "../../api/mail/types.ts";
import { createLogger } from "../../server/logger.ts";
import { fabriqueDemandeurs } from "../helpers/demandeur-en-base.ts";
import {
  agirSurExtension,
  conduireExtensionJusquADecision,
  extensionEnBase,
  lireExtension,
} from "../helpers/extension-en-base.ts";
import {
  ErreurApi,
  connecterEquipeDemo,
  idUtilisateur,
  nouvelleDemandeEnEtat,
  pdfAction,
  type ContexteInstruction,
  type EquipeInstruction,
} from "../helpers/instruction-api.ts";
import { pdfEnTexte } from "../helpers/pdf.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const marque = `Ext${randomUUID().slice(0, 8)}`;
/** Monday 11 January 2027, 10:00 in Paris: every extension below is deposited then. */
const DEBUT = new Date("2027-01-11T09:00:00Z");
/** DEBUT plus two calendar months: the last day of silence. */
const LIMITE = "2027-03-11";

let portal: TestPortal;
let equipe: EquipeInstruction;
let instructeurId: string;
let compteur = 0;
const nouveauDemandeur = fabriqueDemandeurs(() => portal, {
  marque,
  prefixeSiren: "7",
  motDePasse: "Anah-Demo-2026!",
});

/** An approved company (Île-de-France): its applicant's context and approval. */
interface Agree {
  ctx: ContexteInstruction;
  agrementId: string;
  societeId: string;
}

async function societeAgreee(): Promise<Agree> {
  const { token, societeId } = await nouveauDemandeur();
  const ctx = { baseUrl: portal.baseUrl, demandeur: token, equipe };
  const demande = await nouvelleDemandeEnEtat(ctx, "agree");
  const [agrement] = await portal.database.db
    .select()
    .from(agrements)
    .where(eq(agrements.demandeId, demande.id));
  return { ctx, agrementId: agrement.id, societeId };
}

async function perimetreAgrement(agrementId: string) {
  const [row] = await portal.database.db
    .select({ perimetre: agrements.perimetre })
    .from(agrements)
    .where(eq(agrements.id, agrementId));
  return row.perimetre;
}

/** The approval's current certificate (attachment id). */
async function attestationCourante(agrementId: string) {
  const rows = await portal.database.db
    .select()
    .from(attestations)
    .where(and(eq(attestations.agrementId, agrementId), eq(attestations.isCurrent, true)));
  expect(rows).toHaveLength(1);
  return rows[0].pieceJointeId;
}

/** The extension's history rows, oldest first. */
async function historiqueDe(id: string) {
  return portal.database.db
    .select({
      action: historique.action,
      etatAvant: historique.etatAvant,
      etatApres: historique.etatApres,
      acteurRole: historique.acteurRole,
      donnees: historique.donnees,
    })
    .from(historique)
    .where(and(eq(historique.ressourceType, "changement-notable"), eq(historique.ressourceId, id)))
    .orderBy(asc(historique.id));
}

async function ligne(id: string) {
  const [row] = await portal.database.db.select().from(demandes).where(eq(demandes.id, id));
  return row;
}

/** GET /api/piece-jointe/{id} as `token`, as text. */
async function texteDuPdf(token: string, id: string): Promise<string> {
  const response = await fetch(`${portal.baseUrl}/api/piece-jointe/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await pdfEnTexte(Buffer.from(await response.arrayBuffer()))).replace(/\s+/g, " ");
}

/** The HTTP status an action answers (throws if it succeeds). */
async function statutRefus(appel: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await appel;
  } catch (error) {
    if (error instanceof ErreurApi) return { status: error.status, body: error.body };
    throw error;
  }
  throw new Error("l'action aurait dû être refusée");
}

/** A mailer that keeps what it is given. */
function mailerMemoire(): Mailer & { envoyes: MailMessage[] } {
  const envoyes: MailMessage[] = [];
  return {
    envoyes,
    envoyer: async (message) => {
      envoyes.push(message);
    },
    close: async () => {},
  };
}

beforeAll(async () => {
  portal = await startTestPortal();
  portal.horloge.regler(DEBUT);
  equipe = await connecterEquipeDemo(portal.baseUrl);
  instructeurId = await idUtilisateur({ baseUrl: portal.baseUrl }, equipe.instructeur);
}, 120_000);

afterAll(async () => {
  await portal?.close();
});

describe("an extension validated after the shared instruction path", () => {
  let agree: Agree;
  let id: string;

  beforeAll(async () => {
    portal.horloge.regler(DEBUT);
    agree = await societeAgreee();
    ({ id } = await extensionEnBase(portal.database, agree.agrementId, {
      dateDepot: DEBUT,
      dateLimiteInstruction: LIMITE,
    }));
  }, 120_000);

  it("offers staff the shared path, never a tacit rejection", async () => {
    const vue = await lireExtension(portal.baseUrl, equipe.superviseur, id);
    expect(vue.kind).toBe("changement-notable");
    expect(vue.actionsDisponibles.map((a) => a.action)).toEqual(["AFFECTER_INSTRUCTEUR"]);
  });

  it("suspends the two-month clock while a completeness answer is awaited", async () => {
    await agirSurExtension(portal.baseUrl, equipe.superviseur, id, "AFFECTER_INSTRUCTEUR", {
      instructeurId,
    });
    const incomplete = await agirSurExtension(
      portal.baseUrl,
      equipe.instructeur,
      id,
      "DEMANDER_COMPLEMENT_COMPLETUDE",
      { commentaire: "Joignez les CV des personnes affectées au Rhône." },
    );
    expect(incomplete.etat).toBe("incomplete");
    expect((await ligne(id)).suspenduDepuis).not.toBeNull();
    // Ten days later the applicant answers: the last day moves ten days back.
    portal.horloge.regler(new Date("2027-01-21T09:00:00Z"));
    const repris = await agirSurExtension(
      portal.baseUrl,
      agree.ctx.demandeur,
      id,
      "DONNER_COMPLEMENT",
      {},
      [await pdfAction("cv.pdf")],
    );
    expect(repris.etat).toBe("affectee");
    const apres = await ligne(id);
    expect(apres.suspenduDepuis).toBeNull();
    expect(apres.dateLimiteInstruction).toBe("2027-03-21");
  });

  it("offers the extension's decisions only, and refuses AGREMENT_VALIDE with 422", async () => {
    await agirSurExtension(portal.baseUrl, equipe.instructeur, id, "CONFIRMER_COMPLETUDE", {
      consultationCrhh: "non",
    });
    await agirSurExtension(portal.baseUrl, equipe.instructeur, id, "EXPRIMER_AVIS_INSTRUCTEUR", {
      avis: "FAVORABLE",
      commentaire: "Moyens suffisants.",
    });
    await agirSurExtension(portal.baseUrl, equipe.superviseur, id, "EXPRIMER_AVIS_SUPERVISEUR", {
      avis: "FAVORABLE",
      commentaire: "Favorable.",
    });
    const avant = await perimetreAgrement(agree.agrementId);
    const refus = await statutRefus(
      agirSurExtension(portal.baseUrl, equipe.superviseur, id, "EXPRIMER_AVIS_DECIDEUR", {
        avis: "AGREMENT_VALIDE",
        commentaire: "Tentative de créer un agrément.",
      }),
    );
    expect(refus.status).toBe(422);
    expect(JSON.stringify(refus.body)).toContain("Veuillez choisir un avis.");
    expect((await ligne(id)).etat).toBe("instruite_superviseur");
    expect(await perimetreAgrement(agree.agrementId)).toEqual(avant);
  });

  it("extends the approval's perimeter and issues a modified certificate", async () => {
    const ancienne = await attestationCourante(agree.agrementId);
    const decidee = await agirSurExtension(
      portal.baseUrl,
      equipe.superviseur,
      id,
      "EXPRIMER_AVIS_DECIDEUR",
      { avis: "EXTENSION_PERIMETRE_VALIDE", commentaire: "Extension accordée au Rhône." },
    );
    expect(decidee.etat).toBe("disponible");
    expect(await perimetreAgrement(agree.agrementId)).toEqual({
      regions: ["11"],
      departements: ["69"],
      epcis: [],
      communes: [],
    });
    const row = await ligne(id);
    expect((row.contenu as { perimetreAvant?: unknown }).perimetreAvant).toEqual({
      regions: ["11"],
      departements: [],
      epcis: [],
      communes: [],
    });
    const nouvelle = await attestationCourante(agree.agrementId);
    expect(nouvelle).not.toBe(ancienne);
    expect(row.decisionPieceJointeId).toBe(nouvelle);
    const lignes = await historiqueDe(id);
    expect(lignes.slice(-2).map((l) => [l.action, l.etatAvant, l.etatApres])).toEqual([
      ["EXPRIMER_AVIS_DECIDEUR", "instruite_superviseur", "disponible"],
      ["DEPOSER_DECISION_MODIFICATIVE_EXTENSION_PERIMETRE", "disponible", "disponible"],
    ]);
    const texte = await texteDuPdf(agree.ctx.demandeur, nouvelle);
    expect(texte).toContain("Attestation modificative");
    expect(texte).toContain("Rhône");
  });

  it("shows the applicant the new perimeter, then ends when he views the decision", async () => {
    const vue = await lireExtension(portal.baseUrl, agree.ctx.demandeur, id);
    expect(vue.actionsDisponibles.map((a) => a.action)).toContain("VISUALISER_RESULTAT");
    const terminee = await agirSurExtension(
      portal.baseUrl,
      agree.ctx.demandeur,
      id,
      "VISUALISER_RESULTAT",
    );
    expect(terminee.etat).toBe("terminee");
    const response = await fetch(`${portal.baseUrl}/api/agrement/mon-agrement`, {
      headers: { Authorization: `Bearer ${agree.ctx.demandeur}` },
    });
    const agrement = (await response.json()) as {
      perimetre: { departements: { code: string }[] };
    };
    expect(agrement.perimetre.departements.map((d) => d.code)).toEqual(["69"]);
  });
});

describe("an extension refused", () => {
  it("leaves the approval as it was and sends a letter with the appeal routes", async () => {
    portal.horloge.regler(DEBUT);
    const agree = await societeAgreee();
    const { id } = await extensionEnBase(portal.database, agree.agrementId, {
      dateDepot: DEBUT,
      dateLimiteInstruction: LIMITE,
    });
    await conduireExtensionJusquADecision(portal.baseUrl, equipe, id, instructeurId);
    const ancienne = await attestationCourante(agree.agrementId);
    const refusee = await agirSurExtension(
      portal.baseUrl,
      equipe.superviseur,
      id,
      "EXPRIMER_AVIS_DECIDEUR",
      { avis: "EXTENSION_PERIMETRE_REFUSE", commentaire: "Aucun moyen sur le nouveau périmètre." },
    );
    expect(refusee.etat).toBe("refusee");
    expect(await perimetreAgrement(agree.agrementId)).toEqual({
      regions: ["11"],
      departements: [],
      epcis: [],
      communes: [],
    });
    expect(await attestationCourante(agree.agrementId)).toBe(ancienne);
    const vue = await lireExtension(portal.baseUrl, agree.ctx.demandeur, id);
    const texte = await texteDuPdf(agree.ctx.demandeur, vue.decision!.id);
    expect(texte).toContain("refus d'extension du périmètre");
    expect(texte).toContain("Aucun moyen sur le nouveau périmètre.");
    expect(texte).toContain("recours gracieux");
    expect(texte).toContain("directeur général de l'Anah");
  });
});

describe("who may act, on what", () => {
  let agree: Agree;
  let id: string;

  beforeAll(async () => {
    portal.horloge.regler(DEBUT);
    agree = await societeAgreee();
    ({ id } = await extensionEnBase(portal.database, agree.agrementId, {
      dateDepot: DEBUT,
      dateLimiteInstruction: LIMITE,
    }));
  }, 120_000);

  it("lists the extension in the staff's changements-notables tab and its CSV export", async () => {
    const { numeroDossier } = await ligne(id);
    const page = (await fetch(`${portal.baseUrl}/api/changement-notables?etat[]=deposee`, {
      headers: { Authorization: `Bearer ${equipe.superviseur}` },
    }).then((r) => r.json())) as { result: { id: string; kind: string }[] };
    expect(page.result.find((r) => r.id === id)?.kind).toBe("changement-notable");
    const csv = await fetch(`${portal.baseUrl}/api/changement-notable/export?etat[]=deposee`, {
      headers: { Authorization: `Bearer ${equipe.superviseur}` },
    });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain(numeroDossier!);
    // Approval requests are not in that tab.
    const demandesSeules = (await fetch(`${portal.baseUrl}/api/demandes?etat[]=deposee`, {
      headers: { Authorization: `Bearer ${equipe.superviseur}` },
    }).then((r) => r.json())) as { result: { id: string }[] };
    expect(demandesSeules.result.some((r) => r.id === id)).toBe(false);
  });

  it("answers 404 to another company's applicant", async () => {
    const autre = await nouveauDemandeur();
    const refus = await statutRefus(lireExtension(portal.baseUrl, autre.token, id));
    expect(refus.status).toBe(404);
    // The id of an extension is not an approval request's either.
    const commeDemande = await statutRefus(
      fetch(`${portal.baseUrl}/api/demande/${id}`, {
        headers: { Authorization: `Bearer ${equipe.superviseur}` },
      }).then((r) => (r.ok ? r : Promise.reject(new ErreurApi(r.status, null, "GET")))),
    );
    expect(commeDemande.status).toBe(404);
  });

  it("answers 403 to an action of the wrong role, or the annulment before any acceptance", async () => {
    const parDemandeur = await statutRefus(
      agirSurExtension(portal.baseUrl, agree.ctx.demandeur, id, "AFFECTER_INSTRUCTEUR", {
        instructeurId,
      }),
    );
    expect(parDemandeur.status).toBe(403);
    const annulation = await statutRefus(
      agirSurExtension(
        portal.baseUrl,
        equipe.superviseur,
        id,
        "DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE",
        { commentaire: "Trop tôt." },
      ),
    );
    expect(annulation.status).toBe(403);
    const rejet = await statutRefus(
      agirSurExtension(portal.baseUrl, equipe.superviseur, id, "REJETER_TACITEMENT_DOSSIER"),
    );
    expect(rejet.status).toBe(403);
  });

  it("answers 409 to a stale version", async () => {
    const { version } = await lireExtension(portal.baseUrl, equipe.superviseur, id);
    await agirSurExtension(portal.baseUrl, equipe.superviseur, id, "AFFECTER_INSTRUCTEUR", {
      instructeurId,
    });
    const response = await fetch(`${portal.baseUrl}/api/changement-notable/${id}/action`, {
      method: "POST",
      headers: { Authorization: `Bearer ${equipe.superviseur}` },
      body: new URLSearchParams({
        action: "REAFFECTER_INSTRUCTEUR",
        version: String(version),
        instructeurId,
      }),
    });
    expect(response.status).toBe(409);
  });
});

describe("two months of silence, then the annulment", () => {
  let agree: Agree;
  let id: string;
  const mailer = mailerMemoire();
  const deps = () => ({
    config: portal.config,
    database: portal.database,
    horloge: portal.horloge,
    logger: createLogger("silent"),
    mailer,
  });
  const vide: PerimetreEtablissement = { regions: [], departements: [], epcis: [], communes: [] };

  beforeAll(async () => {
    portal.horloge.regler(DEBUT);
    agree = await societeAgreee();
    ({ id } = await extensionEnBase(portal.database, agree.agrementId, {
      dateDepot: DEBUT,
      dateLimiteInstruction: LIMITE,
    }));
  }, 120_000);

  it("is scheduled as a pg-boss job", () => {
    expect(TACHES.some((tache) => tache.nom === "accord-tacite-extensions")).toBe(true);
  });

  it("does nothing up to the last day of silence included", async () => {
    portal.horloge.regler(new Date("2027-03-11T22:30:00Z")); // 23:30 in Paris, 11 March
    await accorderExtensionsTacitement(deps());
    const row = await ligne(id);
    expect(row.etat).toBe("deposee");
    // Other files' extensions share the database (PostgreSQL run): only this one's mails count.
    expect(mailer.envoyes.filter((m) => m.text.includes(row.numeroDossier!))).toEqual([]);
  });

  it("accepts the extension the next day, once, and tells the applicant and the service", async () => {
    portal.horloge.regler(new Date("2027-03-12T07:00:00Z"));
    expect(await accorderExtensionsTacitement(deps())).toBeGreaterThanOrEqual(1);
    const row = await ligne(id);
    expect(row.etat).toBe("accordee_tacitement");
    expect(await perimetreAgrement(agree.agrementId)).toEqual({
      regions: ["11"],
      departements: ["69"],
      epcis: [],
      communes: [],
    });
    const [derniere] = (await historiqueDe(id)).slice(-1);
    expect(derniere).toMatchObject({
      action: "ACCORD_TACITE",
      etatAvant: "deposee",
      etatApres: "accordee_tacitement",
      acteurRole: "systeme",
    });
    // Spec §3 event kinds: the file reads back its `accord_tacite` information, for both sides.
    for (const lecteur of [agree.ctx.demandeur, equipe.superviseur]) {
      const vue = await lireExtension(portal.baseUrl, lecteur, id);
      expect(
        vue.infosComplementaires.filter((info) => info.infoType === "accord_tacite"),
      ).toMatchObject([
        {
          infoType: "accord_tacite",
          raison:
            "Sans décision dans le délai de deux mois suivant le dépôt, l'extension du périmètre d'intervention est accordée tacitement.",
          date: "2027-03-12T07:00:00.000Z",
          dateEcheance: null,
        },
      ]);
    }
    const texte = await texteDuPdf(agree.ctx.demandeur, row.decisionPieceJointeId!);
    expect(texte).toContain("accord tacite");
    expect(texte).toContain("11/03/2027");
    expect(texte).toContain("Rhône");
    const duDossier = mailer.envoyes.filter((m) => m.text.includes(row.numeroDossier!));
    expect(duDossier.map((m) => m.subject).sort()).toEqual([
      `Accord tacite de la demande de changement notable n° ${row.numeroDossier}`,
      `Décision sur votre demande de changement notable n° ${row.numeroDossier} : extension du périmètre accordée tacitement`,
    ]);
    // Idempotent: a second sweep changes and mails nothing.
    const envoyes = mailer.envoyes.length;
    expect(await accorderExtensionsTacitement(deps())).toBe(0);
    expect(mailer.envoyes).toHaveLength(envoyes);
    expect((await historiqueDe(id)).filter((l) => l.action === "ACCORD_TACITE")).toHaveLength(1);
  });

  it("offers the superviseur the annulment, with grounds required", async () => {
    const vue = await lireExtension(portal.baseUrl, equipe.superviseur, id);
    expect(vue.actionsDisponibles.map((a) => a.action)).toEqual([
      "DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE",
    ]);
    const sansMotif = await statutRefus(
      agirSurExtension(
        portal.baseUrl,
        equipe.superviseur,
        id,
        "DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE",
        { commentaire: "" },
      ),
    );
    expect(sansMotif.status).toBe(422);
    const parInstructeur = await statutRefus(
      agirSurExtension(
        portal.baseUrl,
        equipe.instructeur,
        id,
        "DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE",
        { commentaire: "Annulation." },
      ),
    );
    expect(parInstructeur.status).toBe(403);
  });

  it("restores the former perimeter and dereferences exactly the establishments outside it", async () => {
    const { db } = portal.database;
    compteur += 1;
    const base = {
      agrementId: agree.agrementId,
      societeId: agree.societeId,
      raisonSociale: `${marque} Structure`,
      adresse1: "1 rue de la République",
      codePostal: "69001",
      ville: "Lyon",
    };
    const etablissement = async (suffixe: string, perimetre: Partial<PerimetreEtablissement>) => {
      const [row] = await db
        .insert(etablissements)
        .values({
          ...base,
          reference: `ETB-X${compteur}${suffixe}-${randomUUID().slice(0, 6)}`,
          nom: `${marque} ${suffixe}`,
          siret: "12345678900012",
          perimetre: { ...vide, ...perimetre },
        })
        .returning();
      return row.id;
    };
    const rhone = await etablissement("R", { departements: ["69"] });
    const lyon = await etablissement("L", { communes: ["69123"] });
    const paris = await etablissement("P", { regions: ["11"] });
    const mixte = await etablissement("M", { departements: ["75", "69"] });

    const annulee = await agirSurExtension(
      portal.baseUrl,
      equipe.superviseur,
      id,
      "DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE",
      { commentaire: "Moyens sur le Rhône non démontrés." },
      [await pdfAction("proces-verbal.pdf")],
    );
    expect(annulee.etat).toBe("annulee");
    expect(await perimetreAgrement(agree.agrementId)).toEqual({
      regions: ["11"],
      departements: [],
      epcis: [],
      communes: [],
    });
    const rows = await db
      .select()
      .from(etablissements)
      .where(inArray(etablissements.id, [rhone, lyon, paris, mixte]));
    const parId = new Map(rows.map((row) => [row.id, row]));
    expect(parId.get(rhone)!.referencee).toBe(false);
    expect(parId.get(lyon)!.referencee).toBe(false);
    expect(parId.get(paris)!.referencee).toBe(true);
    expect(parId.get(paris)!.perimetre).toEqual({ ...vide, regions: ["11"] });
    expect(parId.get(mixte)!.referencee).toBe(true);
    expect(parId.get(mixte)!.perimetre).toEqual({ ...vide, departements: ["75"] });
    const [derniere] = (await historiqueDe(id)).slice(-1);
    expect(derniere).toMatchObject({
      action: "DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE",
      etatAvant: "accordee_tacitement",
      etatApres: "annulee",
      acteurRole: "superviseur",
    });
  });
});
