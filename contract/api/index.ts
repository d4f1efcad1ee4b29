/**
 * Every endpoint of the API: the list contract/openapi.ts
 * documents and tests/api/contrat-points.test.ts checks against the routes
 * Express serves. A new file of contract/api adds its list here.
 */
import { pointsAdministration } from "./administration.ts";
import { pointsActivites } from "./activites.ts";
import { pointsAgrements } from "./agrements.ts";
import { pointsAnnuaire } from "./annuaire.ts";
import { pointsArchives } from "./archives.ts";
import { pointsCandidat } from "./candidat.ts";
import { pointsChangementsNotables } from "./changements-notables.ts";
import { pointsComptes } from "./comptes.ts";
import { pointsDemandes } from "./demandes.ts";
import type { EndpointDeclaration } from "./endpoint.ts";
import { pointsEtablissements } from "./etablissements.ts";
import { pointsEtablissementsStaff } from "./etablissements-staff.ts";
import { pointsGeographie } from "./geographie.ts";
import { pointsIntervenants } from "./intervenants.ts";
import { pointsListes } from "./listes.ts";
import { pointsMessagerie } from "./messagerie.ts";
import { pointsNotes } from "./notes.ts";
import { pointsPiecesJointes } from "./pieces-jointes.ts";
import { pointsRapportsAnnuels } from "./rapports-annuels.ts";
import { pointsRecette } from "./recette.ts";
import { pointsReference } from "./reference.ts";
import { pointsUtilisateur } from "./utilisateur.ts";

export const POINTS_API: readonly EndpointDeclaration[] = [
  ...pointsReference,
  ...pointsGeographie,
  ...pointsAnnuaire,
  ...pointsUtilisateur,
  ...pointsIntervenants,
  ...pointsComptes,
  ...pointsCandidat,
  ...pointsRapportsAnnuels,
  ...pointsChangementsNotables,
  ...pointsListes,
  ...pointsDemandes,
  ...pointsArchives,
  ...pointsNotes,
  ...pointsAgrements,
  ...pointsPiecesJointes,
  ...pointsMessagerie,
  ...pointsEtablissements,
  ...pointsEtablissementsStaff,
  ...pointsActivites,
  ...pointsRecette,
  ...pointsAdministration,
];
