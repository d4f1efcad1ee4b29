/**
 * The sections of the accessibility declaration of `/accessibilite`
 * (spec §2), in the order of the RGAA 4.1 model, each one from its `<h2>`.
 */
import { t } from "~/i18n";
import { LienCourriel } from "~/components/pages-legales/lien-courriel";

/** « État de conformité »: non conforme, no audit yet. */
export function EtatDeConformite() {
  return (
    <>
      <h2>État de conformité</h2>
      <p>
        Le portail des agréments Mon Accompagnateur Rénov' est <strong>non conforme</strong> avec le
        référentiel général d'amélioration de l'accessibilité (RGAA), version 4.1.2 : il n'a pas
        encore fait l'objet d'un audit de conformité.
      </p>
    </>
  );
}

/** « Résultats des tests »: no rate without an audit, and the automatic checks made instead. */
export function ResultatsDesTests() {
  return (
    <>
      <h2>Résultats des tests</h2>
      <p>
        En l'absence d'audit, aucun taux de conformité ne peut être publié. Cette déclaration sera
        mise à jour avec les résultats de l'audit, critère par critère.
      </p>
      <p>
        Le portail a été conçu avec le Système de design de l'État (DSFR). Chaque page est vérifiée
        automatiquement avec l'outil axe-core (règles WCAG 2.1 niveaux A et AA) et toutes les
        démarches fonctionnent sans JavaScript, avec des formulaires HTML standards.
      </p>
    </>
  );
}

/** « Contenus non accessibles »: known non-conformities, exemptions, contents out of scope. */
export function ContenusNonAccessibles() {
  return (
    <>
      <h2>Contenus non accessibles</h2>
      <h3>Non-conformités connues</h3>
      <ul>
        <li>
          Les documents PDF produits par le portail (attestations d'agrément, courriers de décision,
          récapitulatifs de demande) ne sont pas encore balisés pour les technologies d'assistance.
        </li>
        <li>
          Les fichiers d'export (CSV, archives ZIP) destinés aux agents ne disposent pas d'une
          alternative accessible autre que leur ouverture dans un tableur.
        </li>
      </ul>
      <h3>Dérogations pour charge disproportionnée</h3>
      <p>Aucune.</p>
      <h3>Contenus non soumis à l'obligation d'accessibilité</h3>
      <ul>
        <li>
          Les pièces justificatives déposées par les structures candidates et les documents transmis
          par des tiers (statuts, attestations, justificatifs d'activité).
        </li>
      </ul>
    </>
  );
}

/** « Établissement de cette déclaration d'accessibilité »: its date, technologies and test environment. */
export function EtablissementDeLaDeclaration() {
  return (
    <>
      <h2>Établissement de cette déclaration d'accessibilité</h2>
      <p>Cette déclaration a été établie le 21 novembre 2026.</p>
      <h3>Technologies utilisées pour la réalisation du portail</h3>
      <ul>
        <li>HTML5</li>
        <li>CSS (Système de design de l'État)</li>
        <li>WAI-ARIA</li>
        <li>JavaScript, en amélioration progressive uniquement</li>
      </ul>
      <h3>Environnement de test</h3>
      <p>
        Les vérifications automatiques ont été réalisées avec axe-core dans le navigateur Chromium,
        avec et sans JavaScript. Les vérifications de restitution par les lecteurs d'écran (NVDA
        avec Firefox, VoiceOver avec Safari) seront menées lors de l'audit.
      </p>
    </>
  );
}

/** « Retour d'information et contact »: the team's address, by e-mail and by post. */
export function RetourInformationEtContact() {
  const contact = t("application.contact");
  return (
    <>
      <h2>Retour d'information et contact</h2>
      <p>
        Si vous n'arrivez pas à accéder à un contenu ou à un service, vous pouvez contacter l'équipe
        Mon Accompagnateur Rénov' de l'Anah pour être orienté vers une alternative accessible ou
        obtenir le contenu sous une autre forme :
      </p>
      <ul>
        <li>
          par courrier électronique : <LienCourriel adresse={contact} /> ;
        </li>
        <li>par courrier : Agence nationale de l'habitat, 8 avenue de l'Opéra, 75001 Paris.</li>
      </ul>
    </>
  );
}

/** « Voies de recours »: the Défenseur des droits, online, through a delegate or by post. */
export function VoiesDeRecours() {
  return (
    <>
      <h2>Voies de recours</h2>
      <p>
        Cette procédure est à utiliser dans le cas suivant : vous avez signalé au responsable du
        portail un défaut d'accessibilité qui vous empêche d'accéder à un contenu ou à un des
        services et vous n'avez pas obtenu de réponse satisfaisante.
      </p>
      <ul>
        <li>
          Écrire un message au{" "}
          <a href="https://formulaire.defenseurdesdroits.fr/">Défenseur des droits</a> ;
        </li>
        <li>
          contacter{" "}
          <a href="https://www.defenseurdesdroits.fr/carte-des-delegues">
            le délégué du Défenseur des droits dans votre région
          </a>{" "}
          ;
        </li>
        <li>
          envoyer un courrier par la poste (gratuit, ne pas mettre de timbre) : Défenseur des
          droits, Libre réponse 71120, 75342 Paris CEDEX 07.
        </li>
      </ul>
    </>
  );
}
