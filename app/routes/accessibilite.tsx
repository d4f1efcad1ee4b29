import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { ContentPage } from "~/components/content-page";
import { t } from "~/i18n";
import { pageTitle } from "~/utils/title";

const TITLE = "Déclaration d'accessibilité";

/** The portal's public address, named by the declaration. */
export function loader({ context }: LoaderFunctionArgs) {
  return { publicUrl: context.settings.publicUrl };
}

export const handle: BreadcrumbHandle = { breadcrumb: "Accessibilité" };

/**
 * `/accessibilite` (spec §2): accessibility declaration in the RGAA 4.1
 * model. The portal has not been audited yet, so it is declared
 * "non conforme" (as the footer says) and lists what is known.
 */
export default function Accessibilite() {
  const { publicUrl } = useLoaderData<typeof loader>();
  const contact = t("application.contact");
  return (
    <ContentPage title={TITLE}>
      <p>
        L'Agence nationale de l'habitat (Anah) s'engage à rendre ses sites internet, intranet,
        extranet et ses progiciels accessibles, conformément à l'article 47 de la loi n° 2005-102 du
        11 février 2005.
      </p>
      <p>
        Cette déclaration d'accessibilité s'applique au portail des agréments Mon Accompagnateur
        Rénov', accessible à l'adresse <span className="fr-text--bold">{publicUrl}</span>.
      </p>

      <h2>État de conformité</h2>
      <p>
        Le portail des agréments Mon Accompagnateur Rénov' est <strong>non conforme</strong> avec le
        référentiel général d'amélioration de l'accessibilité (RGAA), version 4.1.2 : il n'a pas
        encore fait l'objet d'un audit de conformité.
      </p>

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

      <h2>Retour d'information et contact</h2>
      <p>
        Si vous n'arrivez pas à accéder à un contenu ou à un service, vous pouvez contacter l'équipe
        Mon Accompagnateur Rénov' de l'Anah pour être orienté vers une alternative accessible ou
        obtenir le contenu sous une autre forme :
      </p>
      <ul>
        <li>
          par courrier électronique : <a href={`mailto:${contact}`}>{contact}</a> ;
        </li>
        <li>par courrier : Agence nationale de l'habitat, 8 avenue de l'Opéra, 75001 Paris.</li>
      </ul>

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
      <p>
        Voir aussi les <Link to="/mentions-legales">mentions légales</Link> et la page{" "}
        <Link to="/donnees-personnelles">données personnelles</Link>.
      </p>
    </ContentPage>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];
