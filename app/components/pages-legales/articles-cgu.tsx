/**
 * The nine articles of the terms of use of `/conditions-generales-utilisation`
 * (spec §2 Modals "terms of use", §3 Applicant account), each one from its
 * `<h2>`; the version they carry is `CGU_VERSION`.
 */
import { Link } from "@remix-run/react";
import { VALIDITE_LIEN_CONFIRMATION_HEURES } from "#contract/schemas/candidat";
import { MOT_DE_PASSE_LONGUEUR_MIN } from "#contract/validation";
import { LienCourriel } from "~/components/pages-legales/lien-courriel";
import { t } from "~/i18n";

/** « 1. Objet du portail »: what the portal is for, free of charge. */
export function ArticleObjet() {
  return (
    <>
      <h2>1. Objet du portail</h2>
      <p>
        Le portail, édité par l'Agence nationale de l'habitat (Anah), permet aux structures qui
        souhaitent exercer la mission d'accompagnement du service public de la performance
        énergétique de l'habitat (article L. 232-3 du code de l'énergie) de demander l'agrément «
        Mon Accompagnateur Rénov' », de suivre son instruction, puis, une fois agréées, de déclarer
        leurs changements notables, leurs établissements et leur activité annuelle.
      </p>
      <p>
        L'utilisation du portail est gratuite. Elle suppose l'acceptation sans réserve des présentes
        conditions.
      </p>
    </>
  );
}

/** « 2. Accès au portail »: availability, and demarches for active accounts only. */
export function ArticleAcces() {
  return (
    <>
      <h2>2. Accès au portail</h2>
      <p>
        Le portail est accessible en ligne à tout moment, sauf interruption pour maintenance, mise à
        jour ou incident. L'Anah s'efforce de prévenir à l'avance des interruptions programmées.
        L'accès aux démarches est réservé aux utilisateurs disposant d'un compte actif.
      </p>
    </>
  );
}

/** « 3. Compte de la structure »: one account per SIREN, its confirmation link, password rules and changes. */
export function ArticleCompte() {
  return (
    <>
      <h2>3. Compte de la structure</h2>
      <ul>
        <li>
          Un seul compte est ouvert par structure, identifiée par son numéro SIREN. Il est créé par
          le représentant de la structure ou une personne dûment habilitée par elle.
        </li>
        <li>
          Le compte n'est actif qu'après confirmation de l'adresse électronique, par le lien envoyé
          à cette adresse et valable {VALIDITE_LIEN_CONFIRMATION_HEURES} heures. Un compte non
          confirmé dans ce délai est supprimé avec les informations saisies.
        </li>
        <li>
          Le mot de passe comporte au moins {MOT_DE_PASSE_LONGUEUR_MIN} caractères, dont une
          majuscule, une minuscule, un chiffre et un caractère spécial. Il est personnel et
          confidentiel : ne le communiquez à personne.
        </li>
        <li>
          Toute action réalisée depuis le compte est réputée faite par la structure. En cas de perte
          du mot de passe ou d'utilisation frauduleuse du compte, prévenez sans délai l'équipe Mon
          Accompagnateur Rénov' à l'adresse <LienCourriel adresse={t("application.contact")} />.
        </li>
        <li>
          La raison sociale et le numéro SIREN ne peuvent pas être modifiés depuis le portail. Les
          autres changements (représentant, qualités de la structure) se demandent à la même
          adresse.
        </li>
      </ul>
    </>
  );
}

/** « 4. Obligations de l'utilisateur ». */
export function ArticleObligations() {
  return (
    <>
      <h2>4. Obligations de l'utilisateur</h2>
      <p>L'utilisateur s'engage à :</p>
      <ul>
        <li>
          fournir des informations exactes, complètes et à jour, et des pièces justificatives
          authentiques ; toute fausse déclaration peut entraîner le refus ou le retrait de
          l'agrément, sans préjudice des poursuites prévues par la loi ;
        </li>
        <li>
          n'utiliser le portail que pour les démarches relatives à l'agrément de sa structure ;
        </li>
        <li>
          ne pas déposer de fichier contenant un virus ou un contenu illicite, ni tenter d'accéder
          aux données d'autres structures ou de perturber le fonctionnement du portail ;
        </li>
        <li>
          consulter régulièrement la messagerie de ses dossiers et l'adresse électronique de son
          compte, où lui parviennent les demandes de compléments et les notifications.
        </li>
      </ul>
    </>
  );
}

/** « 5. Notifications par lettre recommandée électronique »: the consent and when a letter counts as notified. */
export function ArticleNotifications() {
  return (
    <>
      <h2>5. Notifications par lettre recommandée électronique</h2>
      <p>
        En acceptant les présentes conditions, l'utilisateur consent à recevoir par lettre
        recommandée électronique, au sens de l'article L. 100 du code des postes et des
        communications électroniques, les décisions et courriers relatifs à ses demandes : décisions
        d'agrément ou de refus, demandes de compléments, courriers des procédures de suspension ou
        de retrait de l'agrément.
      </p>
      <p>
        La lettre est adressée à l'adresse électronique du compte. Un courriel informe le
        destinataire de sa mise à disposition ; la date de notification est celle de sa première
        consultation ou, à défaut, celle fixée par la réglementation applicable à la lettre
        recommandée électronique. L'utilisateur veille donc à ce que cette adresse reste valide et
        consultée.
      </p>
    </>
  );
}

/** « 6. Données personnelles »: a pointer to the `/donnees-personnelles` notice. */
export function ArticleDonneesPersonnelles() {
  return (
    <>
      <h2>6. Données personnelles</h2>
      <p>
        L'Anah traite les données personnelles recueillies par le portail pour l'instruction et le
        suivi des agréments. Les finalités, la base légale, les durées de conservation et la manière
        d'exercer vos droits sont décrites dans la page{" "}
        <Link to="/donnees-personnelles">données personnelles</Link>.
      </p>
    </>
  );
}

/** « 7. Responsabilité » of the Anah and of the user. */
export function ArticleResponsabilite() {
  return (
    <>
      <h2>7. Responsabilité</h2>
      <p>
        L'Anah met en œuvre les moyens raisonnables pour assurer la disponibilité et la sécurité du
        portail. Elle ne saurait être tenue responsable d'une interruption du service, ni des
        conséquences d'une utilisation du compte non conforme aux présentes conditions ou d'une
        divulgation du mot de passe par l'utilisateur.
      </p>
      <p>
        L'utilisateur est seul responsable des informations et des documents qu'il dépose, et de
        l'usage qui est fait de son compte.
      </p>
    </>
  );
}

/** « 8. Évolution des conditions »: numbered versions, accepted again at the next sign-in. */
export function ArticleEvolution() {
  return (
    <>
      <h2>8. Évolution des conditions</h2>
      <p>
        L'Anah peut faire évoluer les présentes conditions, notamment pour tenir compte de la
        réglementation. Chaque version porte un numéro. Lorsqu'une nouvelle version entre en
        vigueur, l'utilisateur est invité à l'accepter lors de sa connexion suivante ; tant qu'il ne
        l'a pas acceptée, il ne peut pas poursuivre ses démarches sur le portail.
      </p>
    </>
  );
}

/** « 9. Droit applicable et contact ». */
export function ArticleDroitApplicable() {
  return (
    <>
      <h2>9. Droit applicable et contact</h2>
      <p>
        Les présentes conditions sont régies par le droit français. Pour toute question sur le
        portail ou sur ces conditions, écrivez à <LienCourriel adresse={t("application.contact")} />
        . Voir aussi les <Link to="/mentions-legales">mentions légales</Link>.
      </p>
    </>
  );
}
