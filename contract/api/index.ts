/**
 * Every endpoint of the API (issue 23 item 2): the list contract/openapi.ts
 * documents and tests/api/contrat-points.test.ts checks against the routes
 * Express serves. A new file of contract/api adds its list here.
 */
import { pointsAgrements } from "./agrements.ts";
import { pointsCandidat } from "./candidat.ts";
import { pointsComptes } from "./comptes.ts";
import type { EndpointDeclaration } from "./endpoint.ts";
import { pointsGeographie } from "./geographie.ts";
import { pointsIntervenants } from "./intervenants.ts";
import { pointsReference } from "./reference.ts";
import { pointsUtilisateur } from "./utilisateur.ts";

export const POINTS_API: readonly EndpointDeclaration[] = [
  ...pointsReference,
  ...pointsGeographie,
  ...pointsUtilisateur,
  ...pointsIntervenants,
  ...pointsComptes,
  ...pointsCandidat,
  ...pointsAgrements,
];
