/**
 * A perimeter extension, the applicant's side, over HTTP (spec §4
 * Perimeter-extension actions, §5 Perimeter and Numbers, §7 Requests;
 * DESIGN §3 notable changes; ADR 0020): creation from the approval
 * (CREER_EXTENSION_PERIMETRE), steps 1 and 2 (ENREGISTRER_BROUILLON), the
 * attachments, VALIDER_DEPOSER, DEPOSER with its 2-month clock, the
 * company's list, and who may do what (404 foreign, 403 other role, 409
 * stale version). The expected values are written out from the contract
 * of consignes.md and the spec, dates computed by hand.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Agrement } from "../../contract/schemas/agrement.ts";
import type {
  DemandeDetail,
  DemandeResume,
  EntreeHistorique,
  ProcedureDemande,
} from "../../contract/schemas/demande.ts";
import {
  agrements,
  demandes,
  featureFlags,
  historique,
  utilisateurs,
} from "../../api/db/schema.ts";
import { fabriqueDemandeurs, type DemandeurEnBase } from "../helpers/demandeur-en-base.ts";
import {
  connecterEquipeDemo,
  EQUIPE_DEMO,
  type EquipeInstruction,
} from "../helpers/instruction-api.ts";
import { petitPdf } from "../helpers/pdf.ts";
import { startSmtpServer, type SmtpDeTest } from "../helpers/smtp.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const MOT_DE_PASSE = "Anah-Demo-2026!";
const marque = `Ext${randomUUID().slice(0, 8)}`;
/** 31 December 2026, 23:30 in Paris (UTC+1): the deposit day is the 31st. */
const DEPOT = new Date("2026-12-31T22:30:00Z");

const MESSAGES = {
  perimetre: "Le périmètre d'intervention est requis",
  region: "Cette région fait déjà partie de votre périmètre d'intervention",
  departement: "Ce département fait déjà partie de votre périmètre d'intervention",
  requis: "Ce champ est requis",
  enCours:
    "Votre structure a déjà une demande de changement notable en cours : une nouvelle demande ne peut être créée qu'après l'annulation ou la décision de la précédente.",
  fermee: "Le dépôt de demandes de changement notable est momentanément fermé.",
  sansAgrement:
    "Votre structure n'a pas d'agrément en cours : une demande de changement notable ne peut porter que sur un agrément en cours.",
  version: "Ce dossier a été modifié entre-temps. La page a été rechargée avec son état actuel.",
  indisponible: "Cette action n'est pas disponible pour ce dossier.",
};

let portal: TestPortal;
let smtp: SmtpDeTest;
let equipe: EquipeInstruction;
let serviceParis: number;
let titulaire: DemandeurEnBase;
let agrementId: string;
const nouveauDemandeur = fabriqueDemandeurs(() => portal, {
  marque,
  prefixeSiren: "8",
  motDePasse: MOT_DE_PASSE,
});

interface Reponse<T = DemandeDetail> {
  status: number;
  body: T & {
    message?: string;
    detail?: string;
    errors?: Record<string, string[]>;
    manquants?: { etape: number; message: string }[];
  };
}

async function appel<T = DemandeDetail>(
  token: string,
  chemin: string,
  init: RequestInit = {},
): Promise<Reponse<T>> {
  const response = await fetch(`${portal.baseUrl}/api${chemin}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
  const texte = await response.text();
  return { status: response.status, body: texte ? JSON.parse(texte) : null };
}

/** A browser form post (urlencoded, repeated `key[]` for lists). */
function formulaire(champs: Record<string, string | string[]>): RequestInit {
  const corps = new URLSearchParams();
  for (const [nom, valeur] of Object.entries(champs))
    if (Array.isArray(valeur)) for (const v of valeur) corps.append(`${nom}[]`, v);
    else corps.append(nom, valeur);
  return { method: "POST", body: corps };
}

const agirSurAgrement = (token: string, id: string, champs: Record<string, string>) =>
  appel<{ id: string }>(token, `/agrement/${id}/action`, formulaire(champs));

const agir = (token: string, id: string, champs: Record<string, string | string[]>) =>
  appel(token, `/changement-notable/${id}/action`, formulaire(champs));

/**
 * An approval of a new company, written in the database (its request
 * agree): perimeter région Île-de-France (11) and département Rhône (69),
 * head office in Paris, service of Paris; `etat` en_cours unless said.
 */
async function societeAgreee(
  etat: "en_cours" | "suspendu" = "en_cours",
): Promise<{ demandeur: DemandeurEnBase; agrementId: string }> {
  const demandeur = await nouveauDemandeur();
  const { db } = portal.database;
  const [demande] = await db
    .insert(demandes)
    .values({
      kind: "demande",
      societeId: demandeur.societeId,
      etat: "agree",
      numeroDossier: `MAR-2026-T${randomUUID().slice(0, 8)}`,
      dateDepot: new Date("2026-01-05T10:00:00Z"),
      codeDepartement: "75",
      codeRegion: "11",
      serviceInstructeurId: serviceParis,
      raisonSociale: `${marque} agréée`,
    })
    .returning();
  const [agrement] = await db
    .insert(agrements)
    .values({
      societeId: demandeur.societeId,
      demandeId: demande.id,
      numeroAgrement: `AGR-MAR-2026-T${randomUUID().slice(0, 8)}`,
      etat,
      dateDebut: "2026-02-02",
      dateFin: "2031-02-01",
      dateOctroi: new Date("2026-02-02T09:00:00Z"),
      perimetre: { regions: ["11"], departements: ["69"], epcis: [], communes: [] },
      raisonSociale: `${marque} agréée`,
      qualite: "qualityOp",
      codeDepartement: "75",
      codeRegion: "11",
      serviceInstructeurId: serviceParis,
    })
    .returning();
  await db.update(demandes).set({ agrementId: agrement.id }).where(eq(demandes.id, demande.id));
  return { demandeur, agrementId: agrement.id };
}

async function drapeau(enabled: boolean): Promise<void> {
  await portal.database.db
    .update(featureFlags)
    .set({ enabled })
    .where(eq(featureFlags.name, "creation_extension_perimetre"));
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  portal = await startTestPortal({ SMTP_URL: smtp.url });
  portal.horloge.regler(new Date("2026-12-01T09:00:00Z"));
  equipe = await connecterEquipeDemo(portal.baseUrl);
  const [instructeur] = await portal.database.db
    .select({ service: utilisateurs.serviceInstructeurId })
    .from(utilisateurs)
    .where(eq(utilisateurs.email, EQUIPE_DEMO.instructeur));
  serviceParis = instructeur.service!;
  ({ demandeur: titulaire, agrementId } = await societeAgreee());
}, 120_000);

afterAll(async () => {
  await portal?.close();
  await smtp?.close();
});

describe("creating a perimeter extension (CREER_EXTENSION_PERIMETRE)", () => {
  let extensionId: string;

  it("is offered on the approval, then creates a draft copied from it: 201 { id }", async () => {
    const avant = await appel<Agrement>(titulaire.token, "/agrement/mon-agrement");
    expect(avant.body.actionsDisponibles).toContain("CREER_EXTENSION_PERIMETRE");

    const creation = await agirSurAgrement(titulaire.token, agrementId, {
      action: "CREER_EXTENSION_PERIMETRE",
    });
    expect(creation.status).toBe(201);
    expect(Object.keys(creation.body)).toEqual(["id"]);
    extensionId = creation.body.id;

    const { status, body } = await appel(titulaire.token, `/changement-notable/${extensionId}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: extensionId,
      kind: "changement-notable",
      typeChangement: "extension_perimetre",
      etat: "brouillon",
      codeDepartement: "75",
      codeRegion: "11",
      serviceInstructeur: { id: serviceParis },
      raisonSociale: `${marque} Structure 01`,
      numeroDossier: null,
      dateLimiteInstruction: null,
      contenu: { extension: {} },
      agrement: { id: agrementId },
    });
    expect(body.actionsDisponibles.map((a) => a.action)).toEqual([
      "ENREGISTRER_BROUILLON",
      "VALIDER_DEPOSER",
      "DEPOSER",
      "ANNULER_DEMANDE",
    ]);
    const [ligne] = await portal.database.db
      .select()
      .from(historique)
      .where(eq(historique.ressourceId, extensionId));
    expect(ligne).toMatchObject({
      ressourceType: "changement-notable",
      action: "CREER_EXTENSION_PERIMETRE",
      etatAvant: null,
      etatApres: "brouillon",
      acteurRole: "demandeur",
    });
  });

  it("refuses a second one while the first is in progress: 403 with the reason", async () => {
    const apres = await appel<Agrement>(titulaire.token, "/agrement/mon-agrement");
    expect(apres.body.actionsDisponibles).not.toContain("CREER_EXTENSION_PERIMETRE");
    const { status, body } = await agirSurAgrement(titulaire.token, agrementId, {
      action: "CREER_EXTENSION_PERIMETRE",
    });
    expect(status).toBe(403);
    expect(body.detail).toBe(MESSAGES.enCours);
    expect(body.message).toBe(MESSAGES.enCours);
  });

  it("refuses when the flag is off (403 « fermé ») and offers nothing then", async () => {
    const { demandeur, agrementId: autre } = await societeAgreee();
    await drapeau(false);
    try {
      const lu = await appel<Agrement>(demandeur.token, "/agrement/mon-agrement");
      expect(lu.body.actionsDisponibles).not.toContain("CREER_EXTENSION_PERIMETRE");
      const { status, body } = await agirSurAgrement(demandeur.token, autre, {
        action: "CREER_EXTENSION_PERIMETRE",
      });
      expect(status).toBe(403);
      expect(body.detail).toBe(MESSAGES.fermee);
    } finally {
      await drapeau(true);
    }
  });

  it("refuses without an approval en_cours (suspended): 403", async () => {
    const { demandeur, agrementId: suspendu } = await societeAgreee("suspendu");
    const { status, body } = await agirSurAgrement(demandeur.token, suspendu, {
      action: "CREER_EXTENSION_PERIMETRE",
    });
    expect(status).toBe(403);
    expect(body.detail).toBe(MESSAGES.sansAgrement);
    // Nothing created: the company keeps its approval request only.
    const propres = await portal.database.db
      .select({ id: demandes.id, kind: demandes.kind })
      .from(demandes)
      .where(eq(demandes.societeId, demandeur.societeId));
    expect(propres.map((d) => d.kind)).toEqual(["demande"]);
  });

  it("answers 404 to another company's applicant and 403 to staff who see the approval", async () => {
    const etranger = await nouveauDemandeur();
    const refus = await agirSurAgrement(etranger.token, agrementId, {
      action: "CREER_EXTENSION_PERIMETRE",
    });
    expect(refus.status).toBe(404);
    const staff = await agirSurAgrement(equipe.instructeur, agrementId, {
      action: "CREER_EXTENSION_PERIMETRE",
    });
    expect(staff.status).toBe(403);
  });
});

describe("cancelling the draft (ANNULER_DEMANDE)", () => {
  it("ends it, and the approval offers a new extension again", async () => {
    const { demandeur, agrementId: agrement } = await societeAgreee();
    const creation = await agirSurAgrement(demandeur.token, agrement, {
      action: "CREER_EXTENSION_PERIMETRE",
    });
    const annulation = await agir(demandeur.token, creation.body.id, {
      action: "ANNULER_DEMANDE",
      commentaire: "Projet abandonné",
      confirmation: "on",
    });
    expect(annulation.status).toBe(200);
    expect(annulation.body.etat).toBe("annulee");
    const lu = await appel<Agrement>(demandeur.token, "/agrement/mon-agrement");
    expect(lu.body.actionsDisponibles).toContain("CREER_EXTENSION_PERIMETRE");
    const encore = await agirSurAgrement(demandeur.token, agrement, {
      action: "CREER_EXTENSION_PERIMETRE",
    });
    expect(encore.status).toBe(201);
    expect(encore.body.id).not.toBe(creation.body.id);
  });
});

describe("filling, validating and depositing the extension", () => {
  let id: string;
  let version: number;

  beforeAll(async () => {
    const { demandeur, agrementId: agrement } = await societeAgreee();
    titulaire = demandeur;
    agrementId = agrement;
    const creation = await agirSurAgrement(titulaire.token, agrementId, {
      action: "CREER_EXTENSION_PERIMETRE",
    });
    id = creation.body.id;
  });

  it("lists the rubrics of the type, and this draft's missing items with their steps", async () => {
    const type = await appel<ProcedureDemande>(
      titulaire.token,
      "/changement-notable/procedure?type=extension_perimetre",
    );
    expect(type.status).toBe(200);
    expect(type.body.rubriques.map((r) => [r.code, r.obligatoire])).toEqual([
      ["cond_competence", true],
      ["pj_compl", false],
    ]);
    expect(type.body.rubriques[0].libelle).toBe(
      "Moyens humains et matériels sur le nouveau périmètre",
    );
    const inconnu = await appel(titulaire.token, "/changement-notable/procedure?type=autre");
    expect(inconnu.status).toBe(422);

    const validation = await agir(titulaire.token, id, { action: "VALIDER_DEPOSER" });
    expect(validation.status).toBe(422);
    expect(validation.body.manquants).toEqual([
      {
        etape: 1,
        message: "L'étape 1 « Périmètre d'intervention à ajouter » n'a pas été enregistrée.",
      },
      {
        etape: 2,
        message: "L'étape 2 « Effectifs sur le nouveau périmètre » n'a pas été enregistrée.",
      },
      {
        etape: 3,
        message:
          "Rubrique « Moyens humains et matériels sur le nouveau périmètre » : au moins un fichier est attendu.",
      },
    ]);
  });

  it("step 1: refuses an empty perimeter", async () => {
    const { status, body } = await agir(titulaire.token, id, {
      action: "ENREGISTRER_BROUILLON",
      etape: "1",
    });
    expect(status).toBe(422);
    expect(body.errors?.regions).toEqual([MESSAGES.perimetre]);
  });

  it("step 1: refuses a région or département already in the approval's perimeter, saving nothing", async () => {
    const avant = await appel(titulaire.token, `/changement-notable/${id}`);
    const region = await agir(titulaire.token, id, {
      action: "ENREGISTRER_BROUILLON",
      etape: "1",
      regions: ["11"],
    });
    expect(region.status).toBe(422);
    expect(region.body.errors?.regions).toEqual([MESSAGES.region]);
    // Rhône (69) is held itself, Paris (75) through Île-de-France.
    for (const code of ["69", "75"]) {
      const departement = await agir(titulaire.token, id, {
        action: "ENREGISTRER_BROUILLON",
        etape: "1",
        departements: ["13", code],
      });
      expect(departement.status).toBe(422);
      expect(departement.body.errors?.departements).toEqual([MESSAGES.departement]);
    }
    const apres = await appel(titulaire.token, `/changement-notable/${id}`);
    expect(apres.body.version).toBe(avant.body.version);
    expect(apres.body.contenu).toEqual({ extension: {} });
  });

  it("step 1: saves the perimeter to add, with a history row", async () => {
    const { status, body } = await agir(titulaire.token, id, {
      action: "ENREGISTRER_BROUILLON",
      etape: "1",
      regions: ["53"],
      departements: ["13"],
    });
    expect(status).toBe(200);
    expect(body.contenu?.extension.perimetre).toEqual({
      regions: ["53"],
      departements: ["13"],
      epcis: [],
      communes: [],
    });
    expect(body.libelles.regions).toEqual([{ code: "53", nom: "Bretagne" }]);
    expect(body.libelles.departements).toEqual([{ code: "13", nom: "Bouches-du-Rhône" }]);
    expect(body.etat).toBe("brouillon");
    version = body.version;
  });

  it("step 2: checks the ETP figures (spec §5) and saves them", async () => {
    const vide = await agir(titulaire.token, id, { action: "ENREGISTRER_BROUILLON", etape: "2" });
    expect(vide.status).toBe(422);
    expect(vide.body.errors).toEqual({
      nb_etp_perimetre: [MESSAGES.requis],
      nb_etp_accomp_perimetre: [MESSAGES.requis],
    });
    const mauvais = await agir(titulaire.token, id, {
      action: "ENREGISTRER_BROUILLON",
      etape: "2",
      nb_etp_perimetre: "1000",
      nb_etp_accomp_perimetre: "1,234",
    });
    expect(mauvais.status).toBe(422);
    expect(mauvais.body.errors?.nb_etp_perimetre).toEqual([
      "La valeur doit être inférieure ou égale à 999",
    ]);
    expect(mauvais.body.errors?.nb_etp_accomp_perimetre).toEqual([
      "Le format n'est pas correct : deux décimales au plus.",
    ]);
    const plus = await agir(titulaire.token, id, {
      action: "ENREGISTRER_BROUILLON",
      etape: "2",
      nb_etp_perimetre: "2",
      nb_etp_accomp_perimetre: "2,5",
    });
    expect(plus.status).toBe(422);
    expect(plus.body.errors?.nb_etp_accomp_perimetre).toEqual([
      "Le nombre d'ETP dédiés à l'accompagnement ne peut pas dépasser le nombre d'ETP affectés au nouveau périmètre.",
    ]);

    const { status, body } = await agir(titulaire.token, id, {
      action: "ENREGISTRER_BROUILLON",
      etape: "2",
      nb_etp_perimetre: "7,5",
      nb_etp_accomp_perimetre: "3",
      version: String(version),
    });
    expect(status).toBe(200);
    expect(body.contenu?.extension).toEqual({
      perimetre: { regions: ["53"], departements: ["13"], epcis: [], communes: [] },
      effectifs: { nbEtpPerimetre: 7.5, nbEtpAccompagnementPerimetre: 3 },
    });
    expect(body.version).toBe(version + 1);
    version = body.version;
  });

  it("refuses a stale version with 409, writing nothing", async () => {
    const { status, body } = await agir(titulaire.token, id, {
      action: "ENREGISTRER_BROUILLON",
      etape: "2",
      nb_etp_perimetre: "9",
      nb_etp_accomp_perimetre: "1",
      version: String(version - 1),
    });
    expect(status).toBe(409);
    expect(body.message).toBe(MESSAGES.version);
    const lu = await appel(titulaire.token, `/changement-notable/${id}`);
    expect(lu.body.contenu?.extension.effectifs).toEqual({
      nbEtpPerimetre: 7.5,
      nbEtpAccompagnementPerimetre: 3,
    });
  });

  it("VALIDER_DEPOSER lists the missing document, then validates once it is there", async () => {
    const incomplet = await agir(titulaire.token, id, { action: "VALIDER_DEPOSER" });
    expect(incomplet.status).toBe(422);
    expect(incomplet.body.manquants).toEqual([
      {
        etape: 3,
        message:
          "Rubrique « Moyens humains et matériels sur le nouveau périmètre » : au moins un fichier est attendu.",
      },
    ]);

    const envoi = new FormData();
    envoi.append("codeTypePJ", "cond_competence");
    envoi.append(
      "fichier",
      new Blob([new Uint8Array(await petitPdf("Organisation en Bretagne"))], {
        type: "application/pdf",
      }),
      "organisation.pdf",
    );
    const pj = await appel<unknown[]>(titulaire.token, `/changement-notable/${id}/pj`, {
      method: "POST",
      body: envoi,
    });
    expect(pj.status).toBe(201);

    const procedure = await appel<ProcedureDemande>(
      titulaire.token,
      `/changement-notable/procedure?type=extension_perimetre&id=${id}`,
    );
    expect(procedure.body.rubriques[0].piecesJointes.map((p) => p.nom)).toEqual([
      "organisation.pdf",
    ]);
    expect(procedure.body.manquants).toEqual([]);
    expect(procedure.body.etapesCompletes).toEqual({ 1: true, 2: true, 3: true });

    // Not validated yet: DEPOSER is refused, canBe/depose says why.
    const avant = await appel<{ depose: boolean; manquants: unknown[] }>(
      titulaire.token,
      `/changement-notable/${id}/canBe/depose`,
    );
    expect(avant.body).toEqual({
      depose: false,
      manquants: [
        {
          etape: 3,
          message: "Veuillez d'abord valider votre demande (étape 3) avant de la déposer.",
        },
      ],
    });
    const tropTot = await agir(titulaire.token, id, { action: "DEPOSER" });
    expect(tropTot.status).toBe(422);

    const valide = await agir(titulaire.token, id, { action: "VALIDER_DEPOSER" });
    expect(valide.status).toBe(200);
    expect(valide.body.etat).toBe("brouillon");
    const apres = await appel<{ depose: boolean }>(
      titulaire.token,
      `/changement-notable/${id}/canBe/depose`,
    );
    expect(apres.body).toEqual({ depose: true, manquants: [] });
  });

  it("answers 404 on the extension to another company's applicant, and to staff on a draft", async () => {
    const etranger = await nouveauDemandeur();
    expect((await appel(etranger.token, `/changement-notable/${id}`)).status).toBe(404);
    expect(
      (await agir(etranger.token, id, { action: "ENREGISTRER_BROUILLON", etape: "1" })).status,
    ).toBe(404);
    expect((await agir(equipe.instructeur, id, { action: "DEPOSER" })).status).toBe(404);
    expect(
      (
        await appel(
          etranger.token,
          `/changement-notable/procedure?type=extension_perimetre&id=${id}`,
        )
      ).status,
    ).toBe(404);
  });

  it("DEPOSER files it: deposee, numbered, clock of 2 calendar months (Europe/Paris)", async () => {
    portal.horloge.regler(DEPOT);
    const { status, body } = await agir(titulaire.token, id, { action: "DEPOSER" });
    expect(status).toBe(200);
    expect(body.etat).toBe("deposee");
    expect(body.statutSimplifie).toBe("in_progress");
    expect(body.numeroDossier).toMatch(/^MAR-2026-\d{6}$/);
    expect(body.dateDepot).toBe("2026-12-31T22:30:00.000Z");
    // 31 December 2026 (Paris) + 2 months: no 31 February, so the month's last day.
    expect(body.dateLimiteInstruction).toBe("2027-02-28");
    expect(body.reputeRejete).toBe(false);

    // The first mail of this applicant: the deposit's acknowledgement, 2 months, silence = acceptance.
    const accuse = await smtp.attendre(titulaire.email);
    expect(accuse.subject).toContain("Accusé de réception");
    expect(accuse.subject).toContain(body.numeroDossier!);
    expect(accuse.text).toContain("deux mois");
    expect(accuse.text).toContain("28/02/2027");
    expect(accuse.text).toContain("l'extension de périmètre est réputée accordée");
    expect(accuse.text).not.toContain("réputée rejetée");

    const historiqueLu = await appel<EntreeHistorique[]>(
      titulaire.token,
      `/changement-notable/${id}/historique`,
    );
    expect(historiqueLu.body.map((e) => e.action)).toEqual([
      "DEPOSER",
      "VALIDER_DEPOSER",
      "ENREGISTRER_BROUILLON",
      "ENREGISTRER_BROUILLON",
      "CREER_EXTENSION_PERIMETRE",
    ]);
  });

  it("after the deposit: no more draft action, staff see it but may not save it (403)", async () => {
    const encore = await agir(titulaire.token, id, {
      action: "ENREGISTRER_BROUILLON",
      etape: "2",
      nb_etp_perimetre: "1",
      nb_etp_accomp_perimetre: "1",
    });
    expect(encore.status).toBe(403);
    expect(encore.body.message).toBe(MESSAGES.indisponible);
    const staff = await agir(equipe.instructeur, id, {
      action: "ENREGISTRER_BROUILLON",
      etape: "2",
      nb_etp_perimetre: "1",
      nb_etp_accomp_perimetre: "1",
    });
    expect(staff.status).toBe(403);
    const lu = await appel(equipe.instructeur, `/changement-notable/${id}`);
    expect(lu.status).toBe(200);
    expect(lu.body.actionsDisponibles.map((a) => a.action)).toContain("AFFECTER_INSTRUCTEUR");
  });

  it("lists the company's extensions, and only them, as mes-demandes lists requests", async () => {
    const { status, body } = await appel<DemandeResume[]>(
      titulaire.token,
      "/changement-notables/mes-changements-notables",
    );
    expect(status).toBe(200);
    expect(body.map((d) => [d.id, d.kind, d.etat])).toEqual([
      [id, "changement-notable", "deposee"],
    ]);
    const demandesLues = await appel<DemandeResume[]>(titulaire.token, "/demandes/mes-demandes");
    expect(demandesLues.body.every((d) => d.kind === "demande")).toBe(true);
    const staff = await appel(equipe.instructeur, "/changement-notables/mes-changements-notables");
    expect(staff.status).toBe(403);
  });
});
