-- Hash chain of the history, per resource (issue 18 item 5, ADR 0033).
-- The canonical content of a row: one JSON array, in this order, written by
-- PostgreSQL itself (jsonb's text output is deterministic, the same on
-- PostgreSQL 15 and on PGlite's 18): id, resource kind, resource id, action,
-- states before and after, actor's role, comment, donnees, date in UTC ISO
-- 8601 with microseconds, previous row's hash. The actor's id is left out:
-- deleting an account sets it to null (foreign key ON DELETE SET NULL,
-- ADR 0022), which must not read as tampering.
CREATE FUNCTION "historique_contenu_canonique"(h "historique") RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_array(
    h.id,
    h.ressource_type,
    h.ressource_id::text,
    h.action,
    h.etat_avant,
    h.etat_apres,
    h.acteur_role,
    h.commentaire,
    h.donnees,
    to_char(h.date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    h.empreinte_precedente
  )::text
$$;
--> statement-breakpoint
-- sha256 (hex) of the canonical content, which includes empreinte_precedente.
CREATE FUNCTION "historique_empreinte"(h "historique") RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(historique_contenu_canonique(h), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Every insert, whatever the code path, is chained here. The previous row is
-- the end of the resource's chain: its row whose hash no other row of the
-- resource names as previous (not the latest date nor the highest id: dates
-- come from the recette clock and ids are taken before the lock below).
-- Two transactions inserting for the same resource queue on a transaction
-- advisory lock keyed by the resource (class 18005, "issue 18 item 5"; the
-- two-key space does not overlap pg-boss's one-key locks). Under READ
-- COMMITTED, the portal's level, the query after the lock sees the row the
-- other transaction has just committed, so both never take the same
-- previous row. The key is the resource's hash cut to 1,024 buckets: a
-- transaction writing the history of thousands of resources (the scale
-- dataset, in one transaction) holds at most 1,024 locks, within the
-- server's shared lock table (max_locks_per_transaction × connections);
-- two resources sharing a bucket only wait for each other.
CREATE FUNCTION "historique_chainer"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(18005, hashtext(NEW.ressource_type || ':' || NEW.ressource_id::text) & 1023);
  SELECT h.empreinte INTO NEW.empreinte_precedente
  FROM "historique" h
  WHERE h.ressource_type = NEW.ressource_type
    AND h.ressource_id = NEW.ressource_id
    AND h.empreinte IS NOT NULL
    AND NOT EXISTS (
      SELECT 1 FROM "historique" s
      WHERE s.ressource_type = h.ressource_type
        AND s.ressource_id = h.ressource_id
        AND s.empreinte_precedente = h.empreinte
    )
  ORDER BY h.id DESC
  LIMIT 1;
  NEW.empreinte := historique_empreinte(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "historique_chainer" BEFORE INSERT ON "historique"
FOR EACH ROW EXECUTE FUNCTION "historique_chainer"();
--> statement-breakpoint
-- Rows written before this migration, chained in (resource, date, id) order.
DO $$
DECLARE
  ligne "historique";
  precedente text;
  ressource text;
BEGIN
  FOR ligne IN
    SELECT * FROM "historique" ORDER BY ressource_type, ressource_id, date, id
  LOOP
    IF ressource IS DISTINCT FROM ligne.ressource_type || ':' || ligne.ressource_id::text THEN
      ressource := ligne.ressource_type || ':' || ligne.ressource_id::text;
      precedente := NULL;
    END IF;
    ligne.empreinte_precedente := precedente;
    precedente := historique_empreinte(ligne);
    UPDATE "historique"
    SET empreinte_precedente = ligne.empreinte_precedente, empreinte = precedente
    WHERE id = ligne.id;
  END LOOP;
END
$$;
