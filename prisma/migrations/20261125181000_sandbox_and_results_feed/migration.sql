-- AlterTable
ALTER TABLE "questionnaire" ADD COLUMN     "sandbox" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "result_feed_entry" (
    "participant_id" UUID NOT NULL,
    "questionnaire_id" UUID NOT NULL,
    "result_id" UUID NOT NULL,
    "position" BIGINT NOT NULL,

    CONSTRAINT "result_feed_entry_pkey" PRIMARY KEY ("participant_id")
);

-- CreateTable
CREATE TABLE "result_feed_counter" (
    "questionnaire_id" UUID NOT NULL,
    "last_position" BIGINT NOT NULL,

    CONSTRAINT "result_feed_counter_pkey" PRIMARY KEY ("questionnaire_id")
);

-- CreateIndex
CREATE INDEX "result_feed_entry_result_id_idx" ON "result_feed_entry"("result_id");

-- CreateIndex
CREATE UNIQUE INDEX "result_feed_entry_questionnaire_id_position_key" ON "result_feed_entry"("questionnaire_id", "position");

-- AddForeignKey
ALTER TABLE "result_feed_entry" ADD CONSTRAINT "result_feed_entry_participant_id_fkey" FOREIGN KEY ("participant_id") REFERENCES "participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "result_feed_entry" ADD CONSTRAINT "result_feed_entry_result_id_fkey" FOREIGN KEY ("result_id") REFERENCES "result"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "result_feed_counter" ADD CONSTRAINT "result_feed_counter_questionnaire_id_fkey" FOREIGN KEY ("questionnaire_id") REFERENCES "questionnaire"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Results published before the feed existed: each participant's latest result (not of erased participants)
-- gets a position in publication order, and each questionnaire's counter starts after its last one.
INSERT INTO "result_feed_entry" ("participant_id", "questionnaire_id", "result_id", "position")
SELECT latest.participant_id, latest.questionnaire_id, latest.id,
       row_number() OVER (PARTITION BY latest.questionnaire_id ORDER BY latest.updated_at, latest.id)
FROM (
  SELECT DISTINCT ON (r.participant_id) r.participant_id, p.questionnaire_id, r.id, r.updated_at
  FROM "result" r
  JOIN "participant" p ON p.id = r.participant_id
  WHERE p.erased_at IS NULL
  ORDER BY r.participant_id, r.updated_at DESC, r.id DESC
) latest;

INSERT INTO "result_feed_counter" ("questionnaire_id", "last_position")
SELECT "questionnaire_id", max("position") FROM "result_feed_entry" GROUP BY "questionnaire_id";
