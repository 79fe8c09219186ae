-- Keys minted by keys form trees. root_key_id names the first key of a key's tree (null for a key no key
-- minted): the whole tree draws from that key's rate-limit bucket, under its limit. The index on
-- created_by_key finds what a key minted, down the tree, when the key is deleted or rolled.

-- AlterTable
ALTER TABLE "api_key" ADD COLUMN     "root_key_id" UUID;

-- CreateIndex
CREATE INDEX "api_key_created_by_key_idx" ON "api_key"("created_by_key");

-- CreateIndex
CREATE INDEX "api_key_root_key_id_idx" ON "api_key"("root_key_id");

-- AddForeignKey
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_root_key_id_fkey" FOREIGN KEY ("root_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The root of every key minted before this migration.
WITH RECURSIVE tree (id, root) AS (
  SELECT k.id, k.id FROM "api_key" k
  WHERE k.created_by_key IS NULL OR NOT EXISTS (SELECT 1 FROM "api_key" p WHERE p.id = k.created_by_key)
  UNION ALL
  SELECT k.id, t.root FROM "api_key" k JOIN tree t ON k.created_by_key = t.id
)
UPDATE "api_key" SET root_key_id = tree.root FROM tree WHERE "api_key".id = tree.id AND tree.root <> tree.id;

-- Deleting or rolling a key now revokes every key it minted, down the tree. Live keys minted (directly or
-- not) by a key that was already deleted or rolled are deleted here, each with its audit entry by the system.
WITH RECURSIVE doomed (id) AS (
  SELECT k.id FROM "api_key" k JOIN "api_key" p ON p.id = k.created_by_key
  WHERE k.deleted_at IS NULL AND (p.deleted_at IS NOT NULL OR p.rolled_to_id IS NOT NULL)
  UNION
  SELECT k.id FROM "api_key" k JOIN doomed d ON k.created_by_key = d.id WHERE k.deleted_at IS NULL
), revoked AS (
  UPDATE "api_key" SET deleted_at = now(), updated_at = now() FROM doomed
  WHERE "api_key".id = doomed.id
  RETURNING "api_key".id, "api_key".name, "api_key".questionnaire_id, "api_key".created_by_key
)
INSERT INTO "audit_log" (id, at, actor_type, actor_id, action, target_type, target_id, tenant_id, questionnaire_id, source_ip, details)
SELECT gen_random_uuid(), now(), 'system', NULL, 'api_key.delete', 'api_key', r.id::text, q.tenant_id,
       r.questionnaire_id, NULL,
       jsonb_build_object('name', r.name, 'reason', 'minter_revoked', 'mintedBy', r.created_by_key)
FROM revoked r JOIN "questionnaire" q ON q.id = r.questionnaire_id;
