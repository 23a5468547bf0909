-- Repair (issue 26, item 1): a sync that started while a group was pending, and ended after another one had
-- applied it, wrote the group back to 'sent'; every later status call then applied it again and failed on
-- operacoes_order_group_uq. A group in flight that already has its operation (a buy), or whose end is already in
-- the audit log (a sale), is given back the end it had, and the repair is audited.
WITH stuck AS (
  SELECT g.id, g.state AS before_state, fim.state AS end_state, fim.erro AS end_erro
  FROM "order_groups" g
  LEFT JOIN LATERAL (
    SELECT a."after"->>'state' AS state, a."after"->>'erro' AS erro
    FROM "audit_log" a
    WHERE a."entity" = 'order_group' AND a."entity_id" = g.id::text AND a."action" IN ('complete', 'fail')
    ORDER BY a."id" LIMIT 1
  ) fim ON true
  WHERE g."state" IN ('pending', 'sent')
    AND (fim.state IS NOT NULL OR EXISTS (SELECT 1 FROM "operacoes" o WHERE o."order_group_id" = g.id))
  FOR UPDATE OF g
), repaired AS (
  UPDATE "order_groups" g
  SET "state" = coalesce(s.end_state, 'completed'), "erro" = s.end_erro,
      "completed_at" = coalesce(g."completed_at", now()), "updated_at" = now()
  FROM stuck s
  WHERE g.id = s.id
  RETURNING g.id, s.before_state, g."state"
)
INSERT INTO "audit_log" ("username", "action", "entity", "entity_id", "before", "after")
SELECT 'sistema', 'repair', 'order_group', r.id::text, jsonb_build_object('state', r.before_state),
       jsonb_build_object('state', r."state", 'motivo',
         'Ordem já aplicada à carteira que voltou a "enviada" por uma sincronização atrasada (migração 0013).')
FROM repaired r;
