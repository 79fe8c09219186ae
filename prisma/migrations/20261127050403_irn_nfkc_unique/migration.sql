-- AlterTable
ALTER TABLE "participant" ADD COLUMN     "irn_nfkc_exempt" BOOLEAN NOT NULL DEFAULT false;

-- IRNs that look the same must not name two participants: one typed in full-width forms (ＩＲＮ-1) or with
-- compatibility characters is the same IRN as its plain form (IRN-1). The unique index below compares their
-- NFKC forms (server/services/participant-irn.ts keeps the same expression). Participants created earlier
-- whose IRNs already share an NFKC form keep them: all but the oldest of each group are marked exempt and
-- left out of the index (their exact IRN stays unique through participant_questionnaire_id_irn_key).
UPDATE "participant" SET "irn_nfkc_exempt" = true
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (
      PARTITION BY "questionnaire_id", normalize("irn", NFKC) ORDER BY "created_at", "id"
    ) AS "rank"
    FROM "participant"
  ) AS "ranked"
  WHERE "rank" > 1
);

CREATE UNIQUE INDEX "participant_questionnaire_irn_nfkc_key" ON "participant"("questionnaire_id", normalize("irn", NFKC))
  WHERE NOT "irn_nfkc_exempt";
