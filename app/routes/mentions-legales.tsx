import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { ContentPage } from "~/components/content-page";
import { t } from "~/i18n";
import { pageTitle } from "~/utils/title";

const TITLE = "Mentions légales";

export const handle: BreadcrumbHandle = { breadcrumb: TITLE };

/** `/mentions-legales` (spec §2): publisher, publication director, hosting, intellectual property, links. */
export default function MentionsLegales() {
  const contact = t("application.contact");
  return (
    <ContentPage title={TITLE}>
      <h2>Éditeur</h2>
      <p>
        Le portail des agréments Mon Accompagnateur Rénov' est édité par l'Agence nationale de
        l'habitat (Anah), établissement public administratif de l'État.
      </p>
      <address className="fr-mb-3w">
        Agence nationale de l'habitat
        <br />
        8 avenue de l'Opéra
        <br />
        75001 Paris
      </address>
      <p>
        Contact : <a href={`mailto:${contact}`}>{contact}</a>
      </p>

      <h2>Directeur de la publication</h2>
      <p>Le directeur général de l'Anah.</p>

      <h2>Objet du portail</h2>
      <p>
        Le portail permet aux structures qui souhaitent exercer la mission d'accompagnement du
        service public de la performance énergétique de l'habitat de demander l'agrément « Mon
        Accompagnateur Rénov' » prévu à l'article L. 232-3 du Code de l'énergie, puis de déclarer
        leurs changements notables, leurs rapports annuels d'activité et leurs établissements. Il
        permet aux services de l'Anah d'instruire ces demandes et de suivre les agréments délivrés,
        conformément aux articles R. 232-4 à R. 232-9 du même code et à l'arrêté du 21 décembre 2022
        modifié.
      </p>

      <h2>Hébergement</h2>
      <p>
        Le portail est hébergé en France, sur une infrastructure souveraine opérée pour le compte de
        l'Anah. Les données ne sont ni hébergées ni transférées hors de l'Union européenne.
      </p>

      <h2>Propriété intellectuelle</h2>
      <p>
        Sauf mention contraire, les contenus éditoriaux du portail sont mis à disposition sous{" "}
        <a href="https://www.etalab.gouv.fr/licence-ouverte-open-licence/">
          licence ouverte Etalab 2.0
        </a>
        . La Marque de l'État, le logo de l'Anah et les noms « France Rénov' » et « Mon
        Accompagnateur Rénov' » ne peuvent être reproduits sans autorisation.
      </p>
      <p>
        Le portail utilise le Système de design de l'État, dont l'usage est réservé aux sites des
        administrations de l'État.
      </p>
      <p>
        Les documents déposés par les structures candidates restent la propriété de leurs auteurs ;
        ils ne sont utilisés que pour l'instruction des demandes.
      </p>

      <h2>Liens hypertextes</h2>
      <p>
        Tout site public ou privé peut, sans autorisation préalable, établir un lien vers les pages
        publiques du portail, à condition de ne pas l'afficher à l'intérieur des pages d'un autre
        site. Les pages réservées aux utilisateurs connectés ne peuvent pas faire l'objet de liens
        directs.
      </p>
      <p>
        Les liens du portail vers des sites extérieurs ne valent pas approbation de leur contenu,
        dont l'Anah n'est pas responsable.
      </p>

      <h2>Disponibilité et responsabilité</h2>
      <p>
        L'Anah s'efforce d'assurer l'accès au portail à tout moment, mais peut l'interrompre pour
        maintenance ou en cas de force majeure. Elle ne peut être tenue responsable des dommages
        résultant d'une interruption du service. Les informations publiées n'ont pas de valeur
        réglementaire : seuls les textes publiés au Journal officiel font foi.
      </p>

      <h2>Données personnelles et cookies</h2>
      <p>
        Le traitement de vos données est décrit dans la page{" "}
        <Link to="/donnees-personnelles">données personnelles</Link>. Les cookies déposés par le
        portail et vos choix sont présentés dans la page{" "}
        <Link to="/gestion-des-cookies">gestion des cookies</Link>.
      </p>

      <h2>Accessibilité</h2>
      <p>
        L'état de conformité du portail au référentiel général d'amélioration de l'accessibilité est
        présenté dans la <Link to="/accessibilite">déclaration d'accessibilité</Link>.
      </p>
    </ContentPage>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];
