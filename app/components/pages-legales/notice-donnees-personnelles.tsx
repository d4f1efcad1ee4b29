/**
 * The sections of the GDPR notice of `/donnees-personnelles` (spec §2):
 * controller, purposes, legal basis, data, retention, recipients, rights,
 * DPO and CNIL, each one from its `<h2>`.
 */
import { Link } from "@remix-run/react";
import { LienCourriel } from "~/components/pages-legales/lien-courriel";

const DPO = "dpo@anah.gouv.fr";

/** « Responsable du traitement »: the Anah. */
export function ResponsableDuTraitement() {
  return (
    <>
      <h2>Responsable du traitement</h2>
      <p>
        Le responsable du traitement est l'Agence nationale de l'habitat (Anah), représentée par son
        directeur général, 8 avenue de l'Opéra, 75001 Paris.
      </p>
    </>
  );
}

/** « Finalités »: what the data are processed for. */
export function Finalites() {
  return (
    <>
      <h2>Finalités</h2>
      <p>Les données sont traitées pour :</p>
      <ul>
        <li>
          instruire les demandes d'agrément « Mon Accompagnateur Rénov' » et leurs modifications
          (changements notables, extensions du périmètre d'intervention) ;
        </li>
        <li>
          suivre les agréments délivrés : rapports annuels d'activité, procédures de suspension ou
          de retrait, renouvellements ;
        </li>
        <li>référencer les établissements des opérateurs agréés et leurs référents ;</li>
        <li>
          gérer les comptes des utilisateurs et les échanges entre les structures et les services
          instructeurs ;
        </li>
        <li>produire des statistiques de pilotage anonymes sur l'activité d'agrément.</li>
      </ul>
    </>
  );
}

/** « Base légale »: a mission of public interest (GDPR art. 6-1-e) and its texts. */
export function BaseLegale() {
  return (
    <>
      <h2>Base légale</h2>
      <p>
        Le traitement est nécessaire à l'exécution d'une mission d'intérêt public dont est investie
        l'Anah (article 6, paragraphe 1, point e, du règlement général sur la protection des
        données). Cette mission résulte de l'article L. 232-3 du Code de l'énergie, des articles R.
        232-4 à R. 232-9 du même code et de l'arrêté du 21 décembre 2022 modifié relatif à la
        mission d'accompagnement du service public de la performance énergétique de l'habitat.
      </p>
    </>
  );
}

/** « Données traitées », by kind of person. */
export function DonneesTraitees() {
  return (
    <>
      <h2>Données traitées</h2>
      <ul>
        <li>
          Pour les représentants des structures candidates : nom, prénom, adresse électronique,
          numéro de téléphone, qualité, et les informations de la structure (SIREN, raison sociale,
          forme juridique, adresse, qualités) ;
        </li>
        <li>
          le contenu des demandes : effectifs et activité, périmètre d'intervention, pièces
          justificatives, messages échangés avec le service instructeur ;
        </li>
        <li>
          pour les établissements référencés : coordonnées de l'établissement et identité du
          référent ;
        </li>
        <li>
          pour les agents de l'Anah et des services instructeurs : nom, prénom, adresse
          électronique, service et rôle ;
        </li>
        <li>
          des données de connexion (date, heure, adresse IP, actions réalisées) conservées pour la
          sécurité du portail.
        </li>
      </ul>
    </>
  );
}

/** « Durées de conservation »: files, accounts, connection data, session. */
export function DureesDeConservation() {
  return (
    <>
      <h2>Durées de conservation</h2>
      <ul>
        <li>
          Dossiers de demande d'agrément et pièces : pendant la durée de validité de l'agrément,
          puis 5 ans à compter de son expiration ou de son retrait ; 5 ans à compter de la décision
          pour une demande refusée, rejetée ou annulée ;
        </li>
        <li>
          comptes utilisateurs : jusqu'à la suppression du compte ; un compte dont l'adresse
          électronique n'est pas confirmée dans les 72 heures est supprimé avec ses données ;
        </li>
        <li>données de connexion : 1 an ;</li>
        <li>session de connexion : 12 heures au plus.</li>
      </ul>
    </>
  );
}

/** « Destinataires »: who may read the data, and what is made public. */
export function Destinataires() {
  return (
    <>
      <h2>Destinataires</h2>
      <p>
        Seules les personnes habilitées, dans la limite de leurs attributions, ont accès aux données
        :
      </p>
      <ul>
        <li>
          les agents des services centraux de l'Anah et des services instructeurs (délégations
          locales) ;
        </li>
        <li>
          les membres du comité régional de l'habitat et de l'hébergement (CRHH) consultés sur une
          demande ;
        </li>
        <li>
          le prestataire qui héberge le portail en France, pour le compte de l'Anah, sans droit
          d'usage des données.
        </li>
      </ul>
      <p>
        Une fois l'agrément délivré, le nom de l'opérateur et les coordonnées professionnelles de
        ses établissements référencés sont rendus publics pour permettre aux ménages de trouver un
        accompagnateur. Aucune donnée n'est transférée hors de l'Union européenne.
      </p>
    </>
  );
}

/** « Vos droits »: which apply, how to reach the DPO, and the CNIL. */
export function VosDroits() {
  return (
    <>
      <h2>Vos droits</h2>
      <p>
        Vous disposez d'un droit d'accès, de rectification, de limitation et d'opposition au
        traitement de vos données. Le droit à l'effacement ne s'applique pas aux données nécessaires
        à la mission d'intérêt public, pendant leur durée de conservation.
      </p>
      <p>
        Pour exercer ces droits ou pour toute question, contactez le délégué à la protection des
        données de l'Anah :
      </p>
      <ul>
        <li>
          par courrier électronique : <LienCourriel adresse={DPO} /> ;
        </li>
        <li>
          par courrier : Agence nationale de l'habitat, délégué à la protection des données, 8
          avenue de l'Opéra, 75001 Paris.
        </li>
      </ul>
      <p>
        Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous
        pouvez adresser une réclamation à la Commission nationale de l'informatique et des libertés
        (<a href="https://www.cnil.fr/fr/plaintes">CNIL</a>), 3 place de Fontenoy, TSA 80715, 75334
        Paris Cedex 07.
      </p>
    </>
  );
}

/** « Cookies »: a pointer to `/gestion-des-cookies`. */
export function CookiesDuPortail() {
  return (
    <>
      <h2>Cookies</h2>
      <p>
        Le portail n'utilise qu'un cookie de session, nécessaire à la connexion, les cookies
        techniques qui l'accompagnent et, seulement avec votre accord, la mesure d'audience. Le
        détail et vos choix figurent dans la page{" "}
        <Link to="/gestion-des-cookies">gestion des cookies</Link>.
      </p>
    </>
  );
}
