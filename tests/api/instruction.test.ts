/**
 * Instruction of approval requests over HTTP (DESIGN §3, §4, §5; spec §3
 * Opinion, Agrement; §8 refusal letters): every transition from deposit to
 * the decision with its effects, the decision documents read back with
 * pdftotext, the clock's suspensions, tacit rejection with a moved clock,
 * two decisions at once, bad input and scope.
 */
import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  DemandeDetail,
  EntreeHistorique,
  PeutEtreDepose,
} from "../../contract/schemas/demande.ts";
import type { Agrement } from "../../contract/schemas/agrement.ts";
import {
  agrements,
  avis,
  historique,
  piecesJointes,
  servicesInstructeur,
  societes,
  utilisateurs,
} from "../../api/db/schema.ts";
import { ETAPE1_VALIDE, RUBRIQUES_OBLIGATOIRES } from "../helpers/demande-api.ts";
import {
  affecter,
  conduireJusqua,
  connecterEquipeDemo,
  deposerNouvelleDemande,
  exprimerAvis,
  idUtilisateur,
  nouvelleDemandeEnEtat,
  type ContexteInstruction,
  type EquipeInstruction,
} from "../helpers/instruction-api.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { fauxPdf, pdfEnTexte, petitPdf } from "../helpers/pdf.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
const MESSAGE_INDISPONIBLE = "Cette action n'est pas disponible pour ce dossier.";
const MESSAGE_PERIME =
  "Ce dossier a été modifié entre-temps. La page a été rechargée avec son état actuel.";
const REQUIS = "Ce champ est requis";
/** 10 March 2026, 10:00 in Paris. */
const DEBUT = new Date("2026-03-10T09:00:00Z");
const JOUR = 86_400_000;
/** A marker unique to this run, so PostgreSQL runs never see each other's rows. */
const marque = `Ins${randomUUID().slice(0, 8)}`;

let portal: TestPortal;
let equipe: EquipeInstruction;
let centrale: string;
let passwordHash: string;
let compteur = 0;

/** A fresh applicant with his own company (created in the database), signed in. */
async function nouveauDemandeur(): Promise<{ token: string; societeId: string; nom: string }> {
  compteur += 1;
  const numero = String(compteur).padStart(2, "0");
  const nom = `${marque} Structure ${numero}`;
  const [societe] = await portal.database.db
    .insert(societes)
    .values({
      siren: `7${String(Date.now() % 10_000_000).padStart(7, "0")}${compteur % 10}`,
      raisonSociale: nom,
      qualites: ["qualityOp"],
    })
    .returning();
  const email = `${marque.toLowerCase()}-${numero}@exemple.fr`;
  await portal.database.db.insert(utilisateurs).values({
    idIdp: `${marque}-${numero}`,
    email,
    prenom: "Jeanne",
    nom: `Candidate ${numero}`,
    roles: ["demandeur"],
    passwordHash,
    societeId: societe.id,
  });
  const { accessToken } = await loginAs(portal.baseUrl, email, PASSWORD);
  return { token: accessToken, societeId: societe.id, nom };
}

/** A staff account created in the database, signed in. */
async function nouvelAgent(valeurs: Partial<typeof utilisateurs.$inferInsert>): Promise<string> {
  compteur += 1;
  const email = `${marque.toLowerCase()}-agent-${compteur}@anah.example`;
  await portal.database.db.insert(utilisateurs).values({
    idIdp: `${marque}-agent-${compteur}`,
    email,
    prenom: "Agent",
    nom: `Numéro ${compteur}`,
    passwordHash,
    ...valeurs,
  });
  return (await loginAs(portal.baseUrl, email, PASSWORD)).accessToken;
}

async function contexte(): Promise<ContexteInstruction & { nom: string }> {
  const { token, nom } = await nouveauDemandeur();
  return { baseUrl: portal.baseUrl, demandeur: token, equipe, nom };
}

interface Reponse<T> {
  status: number;
  body: T;
}

type Erreur = { message?: string; detail?: string; errors?: Record<string, string[]> };

async function api<T = DemandeDetail & Erreur>(
  token: string,
  methode: string,
  chemin: string,
  corps?: URLSearchParams | FormData,
): Promise<Reponse<T>> {
  const response = await fetch(`${portal.baseUrl}/api${chemin}`, {
    method: methode,
    headers: { Authorization: `Bearer ${token}` },
    body: corps,
  });
  const texte = await response.text();
  return { status: response.status, body: (texte ? JSON.parse(texte) : null) as T };
}

/** POST action as a browser form (urlencoded), with the version given or none. */
function action(token: string, id: string, champs: Record<string, string>) {
  return api(token, "POST", `/demande/${id}/action`, new URLSearchParams(champs));
}

/** POST action as multipart with files `fichier`, `fichier1`… */
function actionAvecFichiers(
  token: string,
  id: string,
  champs: Record<string, string>,
  fichiers: { nom: string; contenu: Buffer }[],
) {
  const formulaire = new FormData();
  for (const [cle, valeur] of Object.entries(champs)) formulaire.set(cle, valeur);
  fichiers.forEach((fichier, index) =>
    formulaire.set(
      index === 0 ? "fichier" : `fichier${index}`,
      new Blob([new Uint8Array(fichier.contenu)], { type: "application/pdf" }),
      fichier.nom,
    ),
  );
  return api(token, "POST", `/demande/${id}/action`, formulaire);
}

const lire = async (token: string, id: string) =>
  (await api<DemandeDetail>(token, "GET", `/demande/${id}`)).body;

const historiqueDe = async (id: string) =>
  (await api<EntreeHistorique[]>(equipe.superviseur, "GET", `/demande/${id}/historique`)).body;

async function telecharger(token: string, pieceId: string) {
  const response = await fetch(`${portal.baseUrl}/api/piece-jointe/${pieceId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status, octets: Buffer.from(await response.arrayBuffer()) };
}

/** The text of a PDF with its line breaks and runs of spaces as single spaces. */
async function texteDe(pdf: Buffer): Promise<string> {
  return (await pdfEnTexte(pdf)).replace(/\s+/g, " ");
}

const actions = (demande: DemandeDetail) => demande.actionsDisponibles.map((a) => a.action);

beforeAll(async () => {
  portal = await startTestPortal();
  portal.horloge.regler(DEBUT);
  passwordHash = await hash(PASSWORD);
  equipe = await connecterEquipeDemo(portal.baseUrl);
  centrale = (await loginAs(portal.baseUrl, "centrale@demo.anah.gouv.fr", PASSWORD)).accessToken;
}, 120_000);

afterAll(async () => {
  await portal?.close();
});

describe("the main job: deposit → completeness → opinions → approval → mon-agrement", () => {
  let ctx: ContexteInstruction & { nom: string };
  let id: string;
  let agrementId: string;
  let attestationId: string;
  let pieceAvisCrhhId: string;

  beforeAll(async () => {
    portal.horloge.regler(DEBUT);
    ctx = await contexte();
    id = (await deposerNouvelleDemande(ctx)).id;
  }, 60_000);

  it("starts the 3-month clock at deposit and offers the assignment to the staff", async () => {
    const deposee = await lire(equipe.superviseur, id);
    expect(deposee).toMatchObject({
      etat: "deposee",
      dateLimiteInstruction: "2026-06-10",
      delaiSuspendu: false,
      instructeur: null,
    });
    expect(actions(deposee)).toEqual(["AFFECTER_INSTRUCTEUR"]);
  });

  it("lets an instructeur assign only himself, and only an instructeur of the service", async () => {
    const { version } = await lire(equipe.superviseur, id);
    const superviseurId = await idUtilisateur(ctx, equipe.superviseur);
    const autreInstructeur = await action(equipe.instructeur, id, {
      action: "AFFECTER_INSTRUCTEUR",
      version: String(version),
      instructeurId: superviseurId,
    });
    expect(autreInstructeur.status).toBe(403);
    expect(autreInstructeur.body.message).toBe(
      "Un instructeur ne peut affecter un dossier qu'à lui-même.",
    );
    const crhhId = await idUtilisateur(ctx, equipe.crhh);
    for (const instructeurId of [crhhId, randomUUID()]) {
      const inconnu = await action(equipe.superviseur, id, {
        action: "AFFECTER_INSTRUCTEUR",
        version: String(version),
        instructeurId,
      });
      expect(inconnu.status).toBe(422);
      expect(inconnu.body.errors).toEqual({
        instructeurId: ["Cet instructeur n'instruit pas les dossiers de ce service."],
      });
    }
    const sansChoix = await action(equipe.superviseur, id, { action: "AFFECTER_INSTRUCTEUR" });
    expect(sansChoix.status).toBe(422);
    expect(sansChoix.body.errors?.instructeurId).toEqual(["Veuillez choisir un instructeur."]);
    expect((await lire(equipe.superviseur, id)).etat).toBe("deposee");
  });

  it("AFFECTER_INSTRUCTEUR by the superviseur assigns the demo instructeur", async () => {
    const affectee = await affecter(ctx, id);
    expect(affectee).toMatchObject({
      etat: "affectee",
      etapeInstruction: "checkingDemande",
      instructeur: { prenom: expect.any(String) },
    });
    expect(affectee.instructeur?.id).toBe(await idUtilisateur(ctx, equipe.instructeur));
    const [entree] = await historiqueDe(id);
    expect(entree).toMatchObject({
      action: "AFFECTER_INSTRUCTEUR",
      etatAvant: "deposee",
      etatApres: "affectee",
      acteur: { role: "superviseur" },
    });
  });

  it("DEMANDER_COMPLEMENT_COMPLETUDE needs a comment, then suspends the clock for one month", async () => {
    const avant = await historiqueDe(id);
    const sansCommentaire = await action(equipe.instructeur, id, {
      action: "DEMANDER_COMPLEMENT_COMPLETUDE",
      commentaire: "   ",
    });
    expect(sansCommentaire.status).toBe(422);
    expect(sansCommentaire.body.errors).toEqual({ commentaire: [REQUIS] });
    expect(await historiqueDe(id)).toEqual(avant);

    const { status, body } = await action(equipe.instructeur, id, {
      action: "DEMANDER_COMPLEMENT_COMPLETUDE",
      commentaire: "Veuillez joindre l'attestation d'assurance.",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      etat: "incomplete",
      dateEcheance: "2026-04-10",
      delaiSuspendu: true,
      dateLimiteInstruction: "2026-06-10",
    });
    const vueDemandeur = await lire(ctx.demandeur, id);
    expect(vueDemandeur.statutSimplifie).toBe("incomplete");
    expect(actions(vueDemandeur)).toContain("DONNER_COMPLEMENT");
    expect(vueDemandeur.infosComplementaires).toEqual([
      expect.objectContaining({
        infoType: "complement_completude",
        raison: "Veuillez joindre l'attestation d'assurance.",
        dateEcheance: "2026-04-10",
        dateReponse: null,
      }),
    ]);
  });

  it("DONNER_COMPLEMENT refuses an answer without a file, or with a file that is not a PDF", async () => {
    portal.horloge.regler(new Date(DEBUT.getTime() + 5 * JOUR));
    const avant = await historiqueDe(id);
    const sansFichier = await action(ctx.demandeur, id, { action: "DONNER_COMPLEMENT" });
    expect(sansFichier.status).toBe(422);
    expect(sansFichier.body.errors).toEqual({ fichier: ["Veuillez joindre au moins un fichier."] });

    const bon = await petitPdf("Attestation d'assurance");
    const faux = await actionAvecFichiers(ctx.demandeur, id, { action: "DONNER_COMPLEMENT" }, [
      { nom: "assurance.pdf", contenu: bon },
      { nom: "faux.pdf", contenu: fauxPdf() },
    ]);
    expect(faux.status).toBe(422);
    expect(faux.body.errors?.fichier?.[0]).toMatch(/Le type de fichier n'est pas autorisé/);
    expect(await historiqueDe(id)).toEqual(avant);
    const [{ pieces }] = await portal.database.db
      .select({ pieces: count() })
      .from(piecesJointes)
      .where(and(eq(piecesJointes.ressourceId, id), eq(piecesJointes.rubrique, "pj_add")));
    expect(Number(pieces)).toBe(0);
    expect((await lire(ctx.demandeur, id)).etat).toBe("incomplete");
  });

  it("DONNER_COMPLEMENT with PDFs resumes the clock, its last day pushed back by the 5 days suspended", async () => {
    const { status, body } = await actionAvecFichiers(
      ctx.demandeur,
      id,
      { action: "DONNER_COMPLEMENT", commentaire: "Voici l'attestation." },
      [
        { nom: "assurance.pdf", contenu: await petitPdf("Attestation d'assurance") },
        { nom: "kbis.pdf", contenu: await petitPdf("Extrait Kbis") },
      ],
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      etat: "affectee",
      delaiSuspendu: false,
      dateEcheance: null,
      dateLimiteInstruction: "2026-06-15",
    });
    expect(body.pjAdditionnelles).toHaveLength(1);
    expect(body.pjAdditionnelles[0]).toMatchObject({
      increment: 1,
      etat: "complement_demande_depose",
    });
    expect(body.pjAdditionnelles[0].piecesJointes.map((piece) => piece.nom).sort()).toEqual([
      "assurance.pdf",
      "kbis.pdf",
    ]);
    expect(body.pjAdditionnelles[0].piecesJointes[0].codeTypePJ).toBe("pj_add");
    expect(body.infosComplementaires[0].dateReponse).not.toBeNull();
    const [entree] = await historiqueDe(id);
    expect(entree).toMatchObject({ action: "DONNER_COMPLEMENT", acteur: { role: "demandeur" } });
  });

  it("CONFIRMER_COMPLETUDE with the CRHH consulted leads to complete", async () => {
    const sansChoix = await action(equipe.instructeur, id, { action: "CONFIRMER_COMPLETUDE" });
    expect(sansChoix.status).toBe(422);
    expect(sansChoix.body.errors).toEqual({
      consultationCrhh: ["Veuillez indiquer si le CRHH doit être consulté."],
    });
    const { status, body } = await action(equipe.instructeur, id, {
      action: "CONFIRMER_COMPLETUDE",
      consultationCrhh: "oui",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ etat: "complete", etapeInstruction: "awaitingCrhh" });
    expect(actions(await lire(equipe.crhh, id))).toContain("EXPRIMER_AVIS_CRHH");
  });

  it("the CRHH's opinion needs a value and may carry a file, which only staff can download", async () => {
    const sansAvis = await action(equipe.crhh, id, {
      action: "EXPRIMER_AVIS_CRHH",
      commentaire: "Rien à signaler.",
    });
    expect(sansAvis.status).toBe(422);
    expect(sansAvis.body.errors).toEqual({ avis: ["Veuillez choisir un avis."] });

    const { status, body } = await actionAvecFichiers(
      equipe.crhh,
      id,
      { action: "EXPRIMER_AVIS_CRHH", avis: "FAVORABLE", commentaire: "Avis favorable du comité." },
      [{ nom: "proces-verbal.pdf", contenu: await petitPdf("Procès-verbal du CRHH") }],
    );
    expect(status).toBe(200);
    expect(body.etat).toBe("instruite_crhh");
    expect(body.avis).toEqual([
      expect.objectContaining({
        typeAvis: "avis_crhh",
        valeur: "FAVORABLE",
        commentaire: "Avis favorable du comité.",
        revision: 0,
        pieceJointe: expect.objectContaining({ nom: "proces-verbal.pdf", codeTypePJ: "pj_avis" }),
      }),
    ]);
    pieceAvisCrhhId = body.avis[0].pieceJointe!.id;
    expect((await telecharger(equipe.instructeur, pieceAvisCrhhId)).status).toBe(200);
    expect((await telecharger(ctx.demandeur, pieceAvisCrhhId)).status).toBe(404);
  });

  it("the instructeur's then the superviseur's opinion lead to the decision step", async () => {
    const instruite = await exprimerAvis(ctx, id, "EXPRIMER_AVIS_INSTRUCTEUR", {
      avis: "FAVORABLE_SOUS_RESERVE",
      commentaire: "Sous réserve du recrutement annoncé.",
    });
    expect(instruite.etat).toBe("instruite_instructeur");
    const superviseur = await exprimerAvis(ctx, id, "EXPRIMER_AVIS_SUPERVISEUR");
    expect(superviseur.etat).toBe("instruite_superviseur");
    expect(actions(await lire(equipe.superviseur, id))).toContain("EXPRIMER_AVIS_DECIDEUR");
  });

  it("AGREMENT_VALIDE creates the approval, valid 5 years, with its certificate", async () => {
    const { status, body } = await action(equipe.superviseur, id, {
      action: "EXPRIMER_AVIS_DECIDEUR",
      avis: "AGREMENT_VALIDE",
      commentaire: "La structure remplit les conditions de l'agrément.",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      etat: "agrement_en_attente",
      etapeInstruction: "preparingTransmission",
      dateAgrement: expect.any(String),
      dateAvisDecideur: expect.any(String),
      decision: expect.objectContaining({ mimeType: "application/pdf" }),
    });
    expect(body.agrement).toMatchObject({
      etat: "en_cours",
      raisonSociale: ctx.nom,
      dateDebut: "2026-03-15",
      dateFin: "2031-03-14",
      demandeId: id,
      perimetre: { regions: [{ code: "11", nom: "Île-de-France" }] },
    });
    expect(body.agrement!.numeroAgrement).toMatch(/^AGR-MAR-2026-\d{6}$/);
    expect(body.agrement!.attestations).toEqual([
      expect.objectContaining({ isCurrent: true, pieceJointe: body.decision }),
    ]);
    agrementId = body.agrement!.id;
    attestationId = body.decision!.id;
  });

  it("shows the applicant his decision only, and lets him download the certificate", async () => {
    const vue = await lire(ctx.demandeur, id);
    expect(vue.statutSimplifie).toBe("disponible");
    expect(vue.avis.map((a) => a.typeAvis)).toEqual(["avis_decideur"]);
    expect(vue.avis[0]).toMatchObject({ valeur: "AGREMENT_VALIDE" });
    expect(vue.decision?.id).toBe(attestationId);
    expect(actions(vue)).toEqual(["VISUALISER_RESULTAT"]);
    const staff = await lire(equipe.instructeur, id);
    expect(staff.avis.map((a) => a.typeAvis)).toEqual([
      "avis_crhh",
      "avis_instructeur",
      "avis_superviseur",
      "avis_decideur",
    ]);

    const { status, octets } = await telecharger(ctx.demandeur, attestationId);
    expect(status).toBe(200);
    const texte = await texteDe(octets);
    expect(texte).toContain("Attestation d'agrément");
    expect(texte).toContain("Agence nationale de l'habitat");
    expect(texte).toContain(vue.agrement!.numeroAgrement);
    expect(texte).toContain(ctx.nom);
    expect(texte).toContain("du 15/03/2026 au 14/03/2031");
    expect(texte).toContain("Île-de-France");
    expect(texte).toContain("L232-3");
    expect(texte).toContain("R232-4 à R232-9");
    expect(texte).toContain("arrêté du 21 décembre 2022");
  });

  it("VISUALISER_RESULTAT makes the request agree and mon-agrement answers the approval", async () => {
    const { status, body } = await action(ctx.demandeur, id, { action: "VISUALISER_RESULTAT" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ etat: "agree", statutSimplifie: "agree" });
    const mon = await api<Agrement>(ctx.demandeur, "GET", "/agrement/mon-agrement");
    expect(mon.status).toBe(200);
    expect(mon.body).toMatchObject({
      id: agrementId,
      etat: "en_cours",
      attestations: [expect.objectContaining({ isCurrent: true })],
      proceduresAgrement: [],
    });
    expect((await api<Agrement>(ctx.demandeur, "GET", `/agrement/${agrementId}`)).status).toBe(200);
    expect((await api<Agrement>(equipe.instructeur, "GET", `/agrement/${agrementId}`)).status).toBe(
      200,
    );
    expect((await api<Agrement>(centrale, "GET", `/agrement/${agrementId}`)).status).toBe(200);
    expect((await telecharger(centrale, attestationId)).status).toBe(200);
    const historiques = (await historiqueDe(id)).map((entree) => entree.action).reverse();
    expect(historiques.slice(historiques.indexOf("DEPOSER"))).toEqual([
      "DEPOSER",
      "AFFECTER_INSTRUCTEUR",
      "DEMANDER_COMPLEMENT_COMPLETUDE",
      "DONNER_COMPLEMENT",
      "CONFIRMER_COMPLETUDE",
      "EXPRIMER_AVIS_CRHH",
      "EXPRIMER_AVIS_INSTRUCTEUR",
      "EXPRIMER_AVIS_SUPERVISEUR",
      "EXPRIMER_AVIS_DECIDEUR",
      "VISUALISER_RESULTAT",
    ]);
  });

  it("hides the approval from another company and from staff outside its scope (404)", async () => {
    const autre = await nouveauDemandeur();
    expect((await api(autre.token, "GET", `/agrement/${agrementId}`)).status).toBe(404);
    expect((await telecharger(autre.token, attestationId)).status).toBe(404);
    const sans = await api<Erreur>(autre.token, "GET", "/agrement/mon-agrement");
    expect(sans).toEqual({
      status: 404,
      body: { message: "Votre structure ne détient pas d'agrément en cours." },
    });
    expect((await api(equipe.instructeur, "GET", "/agrement/mon-agrement")).status).toBe(403);
    expect((await api(autre.token, "GET", "/agrement/pas-un-uuid")).status).toBe(404);

    const [marseille] = await portal.database.db
      .select({ id: servicesInstructeur.id })
      .from(servicesInstructeur)
      .where(eq(servicesInstructeur.code, "DL-13"));
    const instructeurMarseille = await nouvelAgent({
      roles: ["instructeur"],
      serviceInstructeurId: marseille.id,
    });
    const superviseurRhone = await nouvelAgent({
      roles: ["superviseur"],
      serviceInstructeurId: marseille.id,
      perimetreSupervision: { regions: ["84"], departements: ["13"] },
    });
    for (const token of [instructeurMarseille, superviseurRhone]) {
      expect((await api(token, "GET", `/demande/${id}`)).status).toBe(404);
      expect((await api(token, "GET", `/agrement/${agrementId}`)).status).toBe(404);
      expect((await telecharger(token, attestationId)).status).toBe(404);
    }
  });
});

describe("refusals", () => {
  it("AGREMENT_REFUSE leads to refusee with a letter stating the grounds and the two-month appeal", async () => {
    portal.horloge.regler(DEBUT);
    const ctx = await contexte();
    const demande = await nouvelleDemandeEnEtat(ctx, "instruite_superviseur");
    const motifs = "Les moyens humains déclarés ne couvrent pas le périmètre demandé.";
    const { status, body } = await action(equipe.superviseur, demande.id, {
      action: "EXPRIMER_AVIS_DECIDEUR",
      avis: "AGREMENT_REFUSE",
      commentaire: motifs,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      etat: "refusee",
      statutSimplifie: "refusee",
      agrement: null,
      dateAvisDecideur: expect.any(String),
      decision: expect.objectContaining({ codeTypePJ: "decision_refus" }),
    });
    expect(body.infosComplementaires.at(-1)).toMatchObject({ infoType: "refus", raison: motifs });
    const vue = await lire(ctx.demandeur, demande.id);
    expect(vue.avis).toEqual([
      expect.objectContaining({ typeAvis: "avis_decideur", valeur: "AGREMENT_REFUSE" }),
    ]);
    const { status: statut, octets } = await telecharger(ctx.demandeur, vue.decision!.id);
    expect(statut).toBe(200);
    const texte = await texteDe(octets);
    expect(texte).toContain("Décision de refus d'agrément");
    expect(texte).toContain(ctx.nom);
    expect(texte).toContain(motifs);
    expect(texte).toContain("délai de deux mois");
    expect(texte).toContain("recours gracieux");
    expect(texte).toContain("recours hiérarchique");
    expect(texte).toContain("tribunal administratif");
    expect(texte).toContain("Télérecours citoyens");
    expect((await api(ctx.demandeur, "GET", "/agrement/mon-agrement")).status).toBe(404);
    const [{ n }] = await portal.database.db
      .select({ n: count() })
      .from(agrements)
      .where(eq(agrements.demandeId, demande.id));
    expect(Number(n)).toBe(0);
  });

  it("PROPOSER_REFUS → REFUSER_REFUS resumes the instruction; PROPOSER → CONFIRMER → MOTIVER refuses", async () => {
    portal.horloge.regler(DEBUT);
    const ctx = await contexte();
    const { id } = await nouvelleDemandeEnEtat(ctx, "affectee");

    const sansMotif = await action(equipe.instructeur, id, { action: "PROPOSER_REFUS_DEMANDE" });
    expect(sansMotif.status).toBe(422);
    expect(sansMotif.body.errors).toEqual({ commentaire: [REQUIS] });
    const proposee = await action(equipe.instructeur, id, {
      action: "PROPOSER_REFUS_DEMANDE",
      commentaire: "Les justificatifs de compétence manquent.",
    });
    expect(proposee.body).toMatchObject({
      etat: "refus_en_attente",
      etapeInstruction: "awaitingDecision",
    });
    expect(actions(await lire(equipe.superviseur, id)).sort()).toEqual([
      "CONFIRMER_REFUS",
      "REFUSER_REFUS",
    ]);
    const refusSansMotif = await action(equipe.superviseur, id, { action: "REFUSER_REFUS" });
    expect(refusSansMotif.status).toBe(422);
    const reprise = await action(equipe.superviseur, id, {
      action: "REFUSER_REFUS",
      commentaire: "Les attestations produites suffisent.",
    });
    expect(reprise.body.etat).toBe("refus_refuse");
    expect(actions(await lire(equipe.instructeur, id))).toEqual(
      expect.arrayContaining([
        "DEMANDER_COMPLEMENT_COMPLETUDE",
        "RETOURNER_EN_EDITION",
        "CONFIRMER_COMPLETUDE",
        "PROPOSER_REFUS_DEMANDE",
      ]),
    );

    await action(equipe.instructeur, id, {
      action: "PROPOSER_REFUS_DEMANDE",
      commentaire: "Aucune expérience d'accompagnement démontrée.",
    });
    const confirme = await action(equipe.superviseur, id, { action: "CONFIRMER_REFUS" });
    expect(confirme.body.etat).toBe("refus_confirme");
    expect(actions(await lire(equipe.instructeur, id))).toEqual(["MOTIVER_REFUS"]);
    const avant = await historiqueDe(id);
    const sansMotifs = await action(equipe.instructeur, id, { action: "MOTIVER_REFUS" });
    expect(sansMotifs.status).toBe(422);
    expect(sansMotifs.body.errors).toEqual({ commentaire: [REQUIS] });
    expect(await historiqueDe(id)).toEqual(avant);
    const motifs = "La structure ne justifie d'aucune expérience d'accompagnement des ménages.";
    const refusee = await action(equipe.instructeur, id, {
      action: "MOTIVER_REFUS",
      commentaire: motifs,
    });
    expect(refusee.status).toBe(200);
    expect(refusee.body).toMatchObject({ etat: "refusee", dateAvisDecideur: expect.any(String) });

    const staff = await lire(equipe.instructeur, id);
    expect(staff.avis.map((a) => [a.typeAvis, a.valeur, a.revision])).toEqual([
      ["avis_instructeur", "proposition_refus", 0],
      ["avis_instructeur", "proposition_refus", 1],
      ["avis_superviseur", "refus_confirme", 0],
      ["avis_decideur", "AGREMENT_REFUSE", 0],
    ]);
    const vue = await lire(ctx.demandeur, id);
    expect(vue.avis.map((a) => a.valeur)).toEqual(["AGREMENT_REFUSE"]);
    const texte = await texteDe((await telecharger(ctx.demandeur, vue.decision!.id)).octets);
    expect(texte).toContain(motifs);
    expect(texte).toContain("délai de deux mois");
  });
});

describe("return to edition", () => {
  it("lets the applicant edit step 1 and files again, then DEPOSER_EN_EDITION resumes the clock", async () => {
    portal.horloge.regler(DEBUT);
    const ctx = await contexte();
    const { id } = await nouvelleDemandeEnEtat(ctx, "affectee");
    const pendantInstruction = await api(
      ctx.demandeur,
      "PUT",
      `/demande/${id}/step/1`,
      new URLSearchParams({ ...ETAPE1_VALIDE, adresse: "1 rue Neuve" }),
    );
    expect(pendantInstruction.status).toBe(409);

    const sansMotif = await action(equipe.instructeur, id, { action: "RETOURNER_EN_EDITION" });
    expect(sansMotif.status).toBe(422);
    expect(sansMotif.body.errors).toEqual({ commentaire: [REQUIS] });
    const retour = await action(equipe.instructeur, id, {
      action: "RETOURNER_EN_EDITION",
      commentaire: "L'adresse du siège est incomplète.",
    });
    expect(retour.body).toMatchObject({ etat: "en_edition", delaiSuspendu: true });
    const vue = await lire(ctx.demandeur, id);
    expect(vue.statutSimplifie).toBe("incomplete");
    expect(actions(vue)).toEqual(
      expect.arrayContaining(["ENREGISTRE_BROUILLON_STEP_1", "DEPOSER_EN_EDITION"]),
    );
    expect(vue.infosComplementaires.at(-1)).toMatchObject({
      infoType: "edition",
      raison: "L'adresse du siège est incomplète.",
    });

    portal.horloge.regler(new Date(DEBUT.getTime() + 3 * JOUR));
    const modifiee = await api(
      ctx.demandeur,
      "PUT",
      `/demande/${id}/step/1`,
      new URLSearchParams({ ...ETAPE1_VALIDE, adresse: "14 rue de la Roquette" }),
    );
    expect(modifiee.status).toBe(200);
    expect(modifiee.body).toMatchObject({
      etat: "en_edition",
      etape1: { adresse: "14 rue de la Roquette" },
    });

    // A required file removed: the deposit waits until it is back.
    const procedure = await api<{ rubriques: { code: string; piecesJointes: { id: string }[] }[] }>(
      ctx.demandeur,
      "GET",
      `/demande/${id}/procedure`,
    );
    const rubrique = RUBRIQUES_OBLIGATOIRES[0];
    const piece = procedure.body.rubriques.find((r) => r.code === rubrique)!.piecesJointes[0];
    expect((await api(ctx.demandeur, "DELETE", `/demande/${id}/pj/${piece.id}`)).status).toBe(204);
    const incomplet = await api<PeutEtreDepose>(
      ctx.demandeur,
      "GET",
      `/demande/${id}/canBe/depose`,
    );
    expect(incomplet.body.depose).toBe(false);
    const refuse = await action(ctx.demandeur, id, { action: "DEPOSER_EN_EDITION" });
    expect(refuse.status).toBe(422);
    expect(refuse.body.detail).toContain("au moins un fichier est attendu");
    const formulaire = new FormData();
    formulaire.set("codeTypePJ", rubrique);
    formulaire.set(
      "fichier",
      new Blob([new Uint8Array(await petitPdf("Pièce corrigée"))], { type: "application/pdf" }),
      "corrigee.pdf",
    );
    expect((await api(ctx.demandeur, "POST", `/demande/${id}/pj`, formulaire)).status).toBe(201);
    const pret = await api<PeutEtreDepose>(ctx.demandeur, "GET", `/demande/${id}/canBe/depose`);
    expect(pret.body).toEqual({ depose: true, manquants: [] });

    const deposee = await action(ctx.demandeur, id, { action: "DEPOSER_EN_EDITION" });
    expect(deposee.status).toBe(200);
    expect(deposee.body).toMatchObject({
      etat: "affectee",
      delaiSuspendu: false,
      dateLimiteInstruction: "2026-06-13",
    });
    expect(deposee.body.infosComplementaires.at(-1)?.dateReponse).not.toBeNull();
    const recaps = await portal.database.db
      .select({ id: piecesJointes.id })
      .from(piecesJointes)
      .where(
        and(eq(piecesJointes.ressourceId, id), eq(piecesJointes.rubrique, "pj_recap_demande")),
      );
    expect(recaps).toHaveLength(2);
    const apres = await api(
      ctx.demandeur,
      "PUT",
      `/demande/${id}/step/1`,
      new URLSearchParams(ETAPE1_VALIDE),
    );
    expect(apres.status).toBe(409);
  });
});

describe("supplements after completeness", () => {
  it("DEMANDER_COMPLEMENT needs a future deadline; the answer leads to …_complement_recu", async () => {
    portal.horloge.regler(DEBUT);
    const ctx = await contexte();
    const { id } = await nouvelleDemandeEnEtat(ctx, "complete_sans_crhh");
    const avant = await historiqueDe(id);
    const sansDate = await action(equipe.instructeur, id, {
      action: "DEMANDER_COMPLEMENT",
      commentaire: "Le bilan 2025, s'il vous plaît.",
    });
    expect(sansDate.status).toBe(422);
    expect(sansDate.body.errors).toEqual({ dateEcheance: [REQUIS] });
    const passee = await action(equipe.instructeur, id, {
      action: "DEMANDER_COMPLEMENT",
      commentaire: "Le bilan 2025, s'il vous plaît.",
      dateEcheance: "10/03/2026",
    });
    expect(passee.body.errors).toEqual({
      dateEcheance: ["La date doit être postérieure à la date du jour"],
    });
    expect(await historiqueDe(id)).toEqual(avant);
    expect((await lire(equipe.instructeur, id)).etat).toBe("complete_sans_crhh");

    const demande = await action(equipe.instructeur, id, {
      action: "DEMANDER_COMPLEMENT",
      commentaire: "Le bilan 2025, s'il vous plaît.",
      dateEcheance: "31/03/2026",
    });
    expect(demande.body).toMatchObject({
      etat: "complete_sans_crhh_complement_demande",
      etatNormalise: "complement_demande_encours",
      dateEcheance: "2026-03-31",
      delaiSuspendu: true,
    });
    portal.horloge.regler(new Date(DEBUT.getTime() + 12 * JOUR));
    const recu = await actionAvecFichiers(ctx.demandeur, id, { action: "DONNER_COMPLEMENT" }, [
      { nom: "bilan.pdf", contenu: await petitPdf("Bilan 2025") },
    ]);
    expect(recu.body).toMatchObject({
      etat: "complete_sans_crhh_complement_recu",
      dateLimiteInstruction: "2026-06-22",
      delaiSuspendu: false,
    });
    const avis = await action(equipe.instructeur, id, {
      action: "EXPRIMER_AVIS_INSTRUCTEUR",
      avis: "DEFAVORABLE",
    });
    expect(avis.status).toBe(422);
    expect(avis.body.errors).toEqual({ commentaire: [REQUIS] });
    expect(
      (await exprimerAvis(ctx, id, "EXPRIMER_AVIS_INSTRUCTEUR", { avis: "DEFAVORABLE" })).etat,
    ).toBe("instruite_instructeur");
  });
});

describe("reassignment", () => {
  it("REAFFECTER_INSTRUCTEUR (superviseur) gives the file to another instructeur of the service, state kept", async () => {
    portal.horloge.regler(DEBUT);
    const ctx = await contexte();
    const { id } = await nouvelleDemandeEnEtat(ctx, "incomplete");
    const [paris] = await portal.database.db
      .select({ id: servicesInstructeur.id })
      .from(servicesInstructeur)
      .where(eq(servicesInstructeur.code, "DL-75"));
    const collegue = await nouvelAgent({ roles: ["instructeur"], serviceInstructeurId: paris.id });
    const collegueId = await idUtilisateur(ctx, collegue);
    expect(actions(await lire(equipe.instructeur, id))).not.toContain("REAFFECTER_INSTRUCTEUR");
    const { status, body } = await action(equipe.superviseur, id, {
      action: "REAFFECTER_INSTRUCTEUR",
      instructeurId: collegueId,
      commentaire: "Congés de l'instructeur.",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ etat: "incomplete", instructeur: { id: collegueId } });
    const [entree] = await historiqueDe(id);
    expect(entree).toMatchObject({
      action: "REAFFECTER_INSTRUCTEUR",
      etatAvant: "incomplete",
      etatApres: "incomplete",
      commentaire: "Congés de l'instructeur.",
    });
    expect((await lire(collegue, id)).instructeur?.id).toBe(collegueId);
  });
});

describe("actions out of turn", () => {
  it("answers 403 with a French message for an action the user may not take now", async () => {
    portal.horloge.regler(DEBUT);
    const ctx = await contexte();
    const { id } = await nouvelleDemandeEnEtat(ctx, "affectee");
    for (const [token, nom] of [
      [ctx.demandeur, "CONFIRMER_COMPLETUDE"],
      [equipe.crhh, "EXPRIMER_AVIS_CRHH"],
      [equipe.superviseur, "EXPRIMER_AVIS_DECIDEUR"],
      [equipe.superviseur, "REJETER_TACITEMENT_DOSSIER"],
      [equipe.instructeur, "VISUALISER_RESULTAT"],
    ] as const) {
      const { status, body } = await action(token, id, {
        action: nom,
        avis: "FAVORABLE",
        commentaire: "Tentative.",
      });
      expect({ nom, status, message: body.message }).toEqual({
        nom,
        status: 403,
        message: MESSAGE_INDISPONIBLE,
      });
    }
    expect((await lire(equipe.instructeur, id)).etat).toBe("affectee");
  });
});

describe("two decisions at once", () => {
  it("lets exactly one EXPRIMER_AVIS_DECIDEUR through; the other gets 409 and leaves nothing", async () => {
    portal.horloge.regler(DEBUT);
    const ctx = await contexte();
    const { id } = await nouvelleDemandeEnEtat(ctx, "instruite_superviseur");
    const { version } = await lire(equipe.superviseur, id);
    const champs = (valeur: string) => ({
      action: "EXPRIMER_AVIS_DECIDEUR",
      version: String(version),
      avis: valeur,
      commentaire: `Décision ${valeur}`,
    });
    const reponses = await Promise.all([
      action(equipe.superviseur, id, champs("AGREMENT_VALIDE")),
      action(equipe.superviseur, id, champs("AGREMENT_VALIDE")),
    ]);
    expect(reponses.map((reponse) => reponse.status).sort()).toEqual([200, 409]);
    expect(reponses.find((reponse) => reponse.status === 409)?.body).toEqual({
      message: MESSAGE_PERIME,
    });
    const { db } = portal.database;
    const [{ nAgrements }] = await db
      .select({ nAgrements: count() })
      .from(agrements)
      .where(eq(agrements.demandeId, id));
    const [{ nDecisions }] = await db
      .select({ nDecisions: count() })
      .from(historique)
      .where(and(eq(historique.ressourceId, id), eq(historique.action, "EXPRIMER_AVIS_DECIDEUR")));
    const [{ nAvis }] = await db
      .select({ nAvis: count() })
      .from(avis)
      .where(and(eq(avis.ressourceId, id), eq(avis.typeAvis, "avis_decideur")));
    expect([Number(nAgrements), Number(nDecisions), Number(nAvis)]).toEqual([1, 1, 1]);
    expect((await lire(ctx.demandeur, id)).etat).toBe("agrement_en_attente");
  });
});

describe("tacit rejection (DESIGN §5)", () => {
  it("is refused before the clock expires, then rejects with a notice once it has", async () => {
    portal.horloge.regler(DEBUT);
    const ctx = await contexte();
    const { id } = await nouvelleDemandeEnEtat(ctx, "affectee");
    const tot = await action(equipe.superviseur, id, { action: "REJETER_TACITEMENT_DOSSIER" });
    expect(tot).toMatchObject({ status: 403, body: { message: MESSAGE_INDISPONIBLE } });

    // Deposited on 10 March: the last day is 10 June; on 11 June it is deemed rejected.
    portal.horloge.regler(new Date("2026-06-11T08:00:00Z"));
    const expiree = await lire(equipe.superviseur, id);
    expect(expiree).toMatchObject({ reputeRejete: true, dateLimiteInstruction: "2026-06-10" });
    expect(actions(expiree)).toContain("REJETER_TACITEMENT_DOSSIER");
    const { status, body } = await action(equipe.superviseur, id, {
      action: "REJETER_TACITEMENT_DOSSIER",
      version: String(expiree.version),
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      etat: "rejetee_tacitement",
      statutSimplifie: "rejetee_tacitement",
      reputeRejete: false,
      decision: expect.objectContaining({ codeTypePJ: "decision_rejet_tacite" }),
    });
    expect(body.infosComplementaires.at(-1)).toMatchObject({ infoType: "rejet_tacite" });
    const vue = await lire(ctx.demandeur, id);
    const texte = await texteDe((await telecharger(ctx.demandeur, vue.decision!.id)).octets);
    expect(texte).toContain("Avis de rejet tacite");
    expect(texte).toContain("10/06/2026");
    expect(texte).toContain("réputée rejetée");
    expect(texte).toContain("délai de deux mois");
    portal.horloge.regler(DEBUT);
  });
});

describe("scope of the instruction actions (DESIGN §4)", () => {
  it("answers 404 to an instructeur of another service and a superviseur outside his perimeter", async () => {
    portal.horloge.regler(DEBUT);
    const ctx = await contexte();
    const { id, version } = await deposerNouvelleDemande(ctx);
    const [lyon] = await portal.database.db
      .select({ id: servicesInstructeur.id })
      .from(servicesInstructeur)
      .where(eq(servicesInstructeur.code, "DL-69"));
    const instructeurLyon = await nouvelAgent({
      roles: ["instructeur"],
      serviceInstructeurId: lyon.id,
    });
    const superviseurBretagne = await nouvelAgent({
      roles: ["superviseur"],
      serviceInstructeurId: lyon.id,
      perimetreSupervision: { regions: ["53"], departements: [] },
    });
    const moi = await idUtilisateur(ctx, instructeurLyon);
    for (const token of [instructeurLyon, superviseurBretagne]) {
      expect((await api(token, "GET", `/demande/${id}`)).status).toBe(404);
      const tentative = await action(token, id, {
        action: "AFFECTER_INSTRUCTEUR",
        version: String(version),
        instructeurId: moi,
      });
      expect(tentative.status).toBe(404);
    }
    expect((await lire(equipe.superviseur, id)).etat).toBe("deposee");
    expect((await conduireJusqua(ctx, id, "affectee")).etat).toBe("affectee");
  });
});
