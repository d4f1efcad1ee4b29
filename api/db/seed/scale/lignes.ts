/**
 * Rows of the scale dataset, generated from the plan company by company,
 * each with its own seeded generator (attachment and establishment ids
 * count on from one company to the next, so companies are generated in
 * order): the company and its applicant account here, its requests in
 * lignes-dossier.ts, its approvals and establishments in
 * lignes-agrement.ts; the staff once.
 */
import { CGU_VERSION } from "../../../../contract/cgu.ts";
import { JOUR_MS } from "./chronologie.ts";
import {
  lotVide,
  type ContexteSociete,
  type Fichier,
  type Lot,
  type Numerotation,
} from "./contexte.ts";
import { Hasard } from "./hasard.ts";
import { etablissementNonReference, lignesAgrement } from "./lignes-agrement.ts";
import { lignesDossier, type Resultat } from "./lignes-dossier.ts";
import { agents, type AgentPlan, type EquipePlan } from "./personnel.ts";
import type { Plan } from "./plan.ts";
import type { Referentiel } from "./referentiel.ts";
import type { SocietePlan } from "./societes.ts";

/** Roles of the staff accounts, with the technical ones Keycloak adds (as the demo's). */
const ROLES_TECHNIQUES = ["offline_access", "uma_authorization"];

/** Generates the rows of the plan, company slice after company slice. */
export class Generateur {
  private readonly compteurs = { pieces: 0, etablissements: 0 };
  private readonly premierHistorique: number[] = [];
  private readonly equipeParService: Map<number, EquipePlan>;

  constructor(
    private readonly plan: Plan,
    private readonly referentiel: Referentiel,
    private readonly numerotation: Numerotation,
    private readonly fichiers: { document: Fichier; attestation: Fichier },
  ) {
    let rang = 0;
    for (const dossier of plan.dossiers) {
      this.premierHistorique.push(rang);
      rang += dossier.chronologie.etapes.length;
    }
    this.equipeParService = new Map(plan.equipes.map((equipe) => [equipe.service.id, equipe]));
  }

  /** The staff accounts (no password: they cannot sign in). */
  personnel(): Lot["utilisateur"] {
    const debut = new Date(this.plan.maintenant - 4 * 365 * JOUR_MS);
    return agents(this.plan.equipes).map((agent: AgentPlan) => ({
      id: agent.id,
      idIdp: `echelle-${agent.id}`,
      email: agent.email,
      prenom: agent.prenom,
      nom: agent.nom,
      passwordHash: null,
      roles: [agent.role, ...ROLES_TECHNIQUES],
      statut: "actif" as const,
      serviceInstructeurId: agent.service.id,
      region: agent.service.region,
      perimetreSupervision:
        agent.role === "superviseur" ? { regions: [agent.service.region], departements: [] } : null,
      acceptNotificationActualite: false,
      parametresMail: {},
      dateCreation: debut,
      dateModification: debut,
    }));
  }

  /** The rows of companies `debut` (included) to `fin` (excluded). Companies must be asked in order. */
  societes(debut: number, fin: number): Lot {
    const lot = lotVide();
    for (let index = debut; index < Math.min(fin, this.plan.societes.length); index++)
      this.societe(this.plan.societes[index], lot);
    return lot;
  }

  private societe(societe: SocietePlan, lot: Lot): void {
    const { plan } = this;
    const hasard = Hasard.derive(plan.options.graine, 100_000 + societe.index);
    const service = this.referentiel.serviceParDepartement.get(societe.siege.departement)!;
    const contexte: ContexteSociete = {
      plan,
      referentiel: this.referentiel,
      numerotation: this.numerotation,
      fichiers: this.fichiers,
      hasard,
      societe,
      equipe: this.equipeParService.get(service.id)!,
      lot,
      compteurs: this.compteurs,
      siretsRegistre: new Set(),
      premierHistorique: this.premierHistorique,
    };
    const indexes = plan.parSociete[societe.index];
    const dossiers = indexes.map((index) => plan.dossiers[index]);
    const creation = new Date(
      (dossiers[0]?.chronologie.debut ?? plan.maintenant - hasard.entier(30, 900) * JOUR_MS) -
        hasard.entier(1, 60) * JOUR_MS,
    );
    const derniere = dossiers.at(-1)?.chronologie.fin ?? creation.getTime();
    lot.societe.push({
      id: societe.id,
      siren: societe.siren,
      raisonSociale: societe.raisonSociale,
      qualites: societe.qualites,
      dateCreation: creation,
    });
    const { representant } = societe;
    lot.utilisateur.push({
      id: representant.id,
      idIdp: `echelle-${representant.id}`,
      email: representant.email,
      prenom: representant.prenom,
      nom: representant.nom,
      passwordHash: null,
      roles: ["demandeur", ...ROLES_TECHNIQUES],
      statut: "actif",
      telephone: representant.telephone,
      qualite: representant.qualite,
      societeId: societe.id,
      region: societe.siege.region,
      cguVersionAcceptee: CGU_VERSION,
      acceptNotificationActualite: hasard.chance(0.4),
      consentementLre: creation,
      parametresMail: {},
      dateCreation: creation,
      dateModification: creation,
      dateDerniereConnexion: new Date(
        Math.min(plan.maintenant - 3_600_000, derniere + hasard.entier(0, 20) * JOUR_MS),
      ),
    });
    const resultats = new Map<string, Resultat>();
    indexes.forEach((index) => {
      const dossier = plan.dossiers[index];
      resultats.set(dossier.id, lignesDossier(contexte, dossier, index, resultats));
    });
    for (const dossier of dossiers)
      if (dossier.agrement) lignesAgrement(contexte, dossier, dossiers, resultats);
    if (dossiers.some((dossier) => dossier.agrement)) etablissementNonReference(contexte);
  }
}
