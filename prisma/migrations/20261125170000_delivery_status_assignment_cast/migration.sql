-- Expand step for the release before 20261123215433_webhook_delivery_status_enum (docs/operations.md, release
-- policy): that release writes webhook_delivery.status from text (its settler's recordset declares the column
-- text), which the enum column refused (42804), so a rolled-back instance sent webhooks it could not record as
-- sent, and sent them again at every retry. An assignment cast lets text be stored into the enum column (a
-- value outside the four still fails). Comparisons and everything this release writes are unchanged.
-- (No semicolon in these comments: the schema engine splits scripts on them.)
CREATE CAST (text AS "webhook_delivery_status") WITH INOUT AS ASSIGNMENT;
