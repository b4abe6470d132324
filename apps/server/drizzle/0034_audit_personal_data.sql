-- Customers' names and phones leave the audit log (decision 051). Entries name a customer by id
-- (actor_id, entity_id) and at most a masked phone (+60•••••8564); the writes do so from now on,
-- and this migration rewrites the entries written before, once.
--
-- The log is append-only (0006, 0012): its trigger refuses every UPDATE and DELETE. Disabling the
-- trigger is DDL on the table, which only its owner may run, and it happens inside this
-- migration's transaction: the ALTER TABLE holds an ACCESS EXCLUSIVE lock until the commit, so no
-- other session ever writes to, or sees, the table while the trigger is off, and the trigger is
-- back on before the commit. An ordinary UPDATE is refused afterwards as before (tested).
--
-- Each statement touches only entries still in the old shape, so running it again changes nothing.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_append_only";
--> statement-breakpoint
-- Customers acting in the app were named `customer:<full phone>`.
UPDATE "audit_log"
   SET "actor_username" = 'customer:' || CASE
         WHEN substr("actor_username", 10) ~ '^\+[0-9]{8,15}$'
           THEN left(substr("actor_username", 10), 3) || '•••••' || right("actor_username", 4)
         ELSE '•••'
       END
 WHERE "actor_username" LIKE 'customer:%'
   AND position('•' IN "actor_username") = 0;
--> statement-breakpoint
-- Sign-ups kept the name, phone and e-mail given: now the masked phone and the referrer only.
UPDATE "audit_log"
   SET "after" = jsonb_build_object(
         'phone', CASE
           WHEN "after" ->> 'phone' ~ '^\+[0-9]{8,15}$'
             THEN left("after" ->> 'phone', 3) || '•••••' || right("after" ->> 'phone', 4)
           ELSE '•••'
         END,
         'referred_by', "after" -> 'referred_by')
 WHERE "action" IN ('customer.sign_up', 'customer.sign_up_again')
   AND "entity" = 'customer'
   AND "after" -> 'name' IS NOT NULL;
--> statement-breakpoint
-- Customers added at the counter kept the name and phone: now the masked phone and the source.
UPDATE "audit_log"
   SET "after" = jsonb_build_object(
         'phone', CASE
           WHEN "after" ->> 'phone' ~ '^\+[0-9]{8,15}$'
             THEN left("after" ->> 'phone', 3) || '•••••' || right("after" ->> 'phone', 4)
           ELSE '•••'
         END,
         'source', "after" -> 'source')
 WHERE "action" = 'customer.create'
   AND "entity" = 'customer'
   AND "after" -> 'name' IS NOT NULL;
--> statement-breakpoint
-- Staff edits of a profile kept the name, e-mail and birthday before and after: now which of
-- them changed.
UPDATE "audit_log"
   SET "after" = jsonb_build_object('changed', coalesce((
         SELECT jsonb_agg(f.k ORDER BY f.n)
           FROM unnest(ARRAY['name', 'email', 'birthday']) WITH ORDINALITY AS f(k, n)
          WHERE "audit_log"."after" -> f.k IS DISTINCT FROM "audit_log"."before" -> f.k
       ), '[]'::jsonb)),
       "before" = NULL
 WHERE "action" = 'customer.update'
   AND "entity" = 'customer'
   AND "before" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_append_only";
